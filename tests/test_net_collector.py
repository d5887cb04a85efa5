"""The server's garbage collector policy (game/net/collector.py): survivors are frozen each
step, so young collections have nothing to scan; garbage in reference cycles is collected once
the closed connections' cycles reach a share of the heap, or the heap grew past the safety
bound — never merely because the live state grew."""

import asyncio
import gc
import logging
import sys
import weakref
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.net.collector import CLOSED_CONNECTION_BLOCKS, Collector
from game.net.server import TableServer
from helpers import run_async as run
from helpers import until

ROOT = Path(__file__).resolve().parents[1]


class Node:
    def __init__(self) -> None:
        self.other: object = self


@pytest.fixture
def restore_gc():
    yield
    gc.unfreeze()
    gc.collect()


def test_a_step_freezes_what_survived_so_young_collections_scan_nothing(restore_gc):
    collector = Collector(share=100.0, growth=100.0)  # never a full collection here
    kept = [[i] for i in range(5000)]
    assert gc.get_count()[0] > 0
    before = gc.get_freeze_count()
    assert collector.step() is False
    assert gc.get_count()[0] == 0  # nothing young left to scan
    assert gc.get_freeze_count() >= before + len(kept)


def test_cycles_are_collected_once_closed_connections_garbage_reaches_the_share(restore_gc):
    collector = Collector(share=0.01, growth=100.0)
    cycle = Node()
    gone = weakref.ref(cycle)
    del cycle
    assert collector.step() is False  # frozen: the cycle waits
    assert gone() is not None
    needed = int(collector.baseline * 0.01 / CLOSED_CONNECTION_BLOCKS) + 1
    for _ in range(needed - 1):
        collector.closed_connection()
    assert collector.step() is False  # one short of the share
    collector.closed_connection()
    assert collector.due() == "closed connections"
    assert collector.step() is True
    assert gone() is None  # the cycle was collected
    assert collector.collections == 1 and collector.closed == 0  # counted afresh
    assert collector.step() is False


def grow_heap(kept: list, blocks: float) -> None:
    """Keep new objects until Python's allocated blocks pass ``blocks``."""
    while sys.getallocatedblocks() <= blocks:
        kept.extend([i] for i in range(1000))


def test_live_state_growing_brings_no_full_collection_until_the_safety_bound(restore_gc):
    collector = Collector(share=100.0, growth=0.5, floor=0)
    cycle = Node()
    gone = weakref.ref(cycle)
    del cycle
    assert collector.step() is False  # frozen: the cycle waits
    kept: list = []
    grow_heap(kept, collector.baseline * 1.3)  # live, under half again
    assert collector.step() is False  # the policy before paid a full pass for less growth
    assert gone() is not None
    grow_heap(kept, collector.baseline * 1.55)  # past half again
    assert collector.due() == "heap grew"
    assert collector.step() is True
    assert gone() is None
    assert collector.baseline >= len(kept)  # the bound now counts from here


def test_the_safety_net_waits_for_the_floor_on_a_small_heap(restore_gc):
    collector = Collector(share=100.0, growth=0.5, floor=10**9)
    kept: list = []
    grow_heap(kept, collector.baseline * 1.6)  # past half again, far under the floor
    assert collector.due() is None
    collector.floor = sys.getallocatedblocks() - collector.baseline - 1
    assert collector.due() == "heap grew"


def test_a_full_collection_is_logged_with_its_reason_and_length(restore_gc, caplog):
    collector = Collector(share=0.0, growth=100.0)
    collector.closed_connection()
    with caplog.at_level(logging.INFO, logger="majlis.server"):
        assert collector.step() is True
    (record,) = [r for r in caplog.records if getattr(r, "event", None) == "gc_full"]
    assert record.reason == "closed connections" and record.closed_connections == 1
    assert record.ms >= 0 and record.blocks_after > 0
    assert collector.seconds > 0


CLIENT = """
import asyncio, json, sys
from websockets.asyncio.client import connect
async def main(port, n):
    for i in range(n):
        async with connect(f"ws://127.0.0.1:{port}") as ws:
            await ws.send(json.dumps({"t": "hello", "name": f"p{i}"}))
            await ws.recv()
asyncio.run(main(int(sys.argv[1]), int(sys.argv[2])))
"""


def test_a_closed_connection_leaves_about_the_measured_garbage_and_is_counted(restore_gc):
    """The constant the policy counts with, measured on a real server (its clients in another
    process, so only the server's side is in this heap)."""

    async def main():
        srv = await TableServer(port=0, bot_delay=0, tick_interval=0.005).start()
        srv.collector = Collector(share=100.0, growth=100.0)  # counts, never collects here

        async def connections(n):
            client = await asyncio.create_subprocess_exec(
                sys.executable, "-c", CLIENT, str(srv.port), str(n), cwd=ROOT
            )
            assert await client.wait() == 0
            assert await until(lambda: not srv.lobby.guests and not srv._server.connections)
            await asyncio.sleep(0.2)  # the handlers' last steps

        try:
            await connections(3)  # warm: first-use caches are not garbage
            gc.unfreeze()  # the ticks froze what was there (the collector's steps)
            gc.collect()
            gc.disable()
            closed_before = srv.collector.closed
            before = sys.getallocatedblocks()
            await connections(60)
            grown = sys.getallocatedblocks() - before
            gc.unfreeze()
            gc.collect()
            freed = grown - (sys.getallocatedblocks() - before)
            return freed / 60, srv.collector.closed - closed_before
        finally:
            gc.enable()
            await srv.close()

    per_connection, counted = run(main())
    assert counted == 60
    assert CLOSED_CONNECTION_BLOCKS / 2 <= per_connection <= CLOSED_CONNECTION_BLOCKS * 2


def test_the_metrics_count_the_full_collections(restore_gc):
    from game.net.metrics import Metrics

    class Nothing:  # an empty lobby
        def __init__(self) -> None:
            self.rooms: dict = {}
            self.guests: dict = {}
            self.players: dict = {}
            self.bots = SimpleNamespace(busy=set())

    collector = Collector(share=0.0, growth=100.0)
    collector.closed_connection()
    collector.step()
    text = Metrics().render(Nothing(), None, collector)
    assert "majlis_gc_full_total 1" in text
    assert "majlis_gc_closed_connections 0" in text
    assert "majlis_gc_full_seconds_total" in text
