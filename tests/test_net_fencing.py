"""One owner per table: the fence Redis checks on every write, the lease timing, the
lobby's clock standing still, and the refusal of a Redis that keeps no append-only file.

The fencing tests run against a real ``redis-server`` (append-only, a free port on 127.0.0.1;
skipped with the reason when it or the ``redis`` package is missing) through the real
:class:`game.net.redis_store.RedisStore` and the real scripts of :mod:`game.net.fencing`.
"""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys

import pytest

from game.net import spawn
from game.net.fencing import TAKE, RedisUnsafe
from game.net.lease import Lease, Watch
from game.net.pacing import PinnableClock
from game.table.clock import FakeClock
from redis_process import RedisProcess, missing


# ----- pure timing -------------------------------------------------------------------------------
def test_a_lease_is_held_until_four_fifths_of_a_lease_after_the_last_confirmed_renewal_was_sent():
    lease = Lease(3.0)
    assert not lease.held(0.0)  # never renewed
    lease.renewed(10.0)
    assert lease.held(12.4) and not lease.held(12.41)
    lease.renewed(9.0)  # an older renewal confirmed late changes nothing
    assert not lease.held(12.5)
    assert lease.renew_every == 0.5 and lease.pause_after < lease.seconds


def test_a_lease_counts_as_lapsed_only_after_a_whole_lease_of_unbroken_sight():
    watch = Watch(3.0)
    assert not watch.saw("a", "7", 100.0)
    assert not watch.saw("a", "7", 102.9)
    assert watch.saw("a", "7", 103.0)
    assert not watch.saw("a", "8", 104.0)  # renewed: counted again from here
    assert not watch.saw("a", "8", 106.5)
    watch.lost_sight()  # a read failed (Redis away): its silence is not the others'
    assert not watch.saw("a", "8", 107.0)
    assert not watch.saw("a", "8", 109.9)
    assert watch.saw("a", "8", 110.0)


def test_the_lobby_clock_stands_still_during_a_pause_and_goes_on_from_where_it_stood():
    base = FakeClock(50.0)
    clock = PinnableClock(base)
    base.advance(1.0)
    clock.stand_still()
    base.advance(8.0)  # the outage
    assert clock.now() == 51.0
    assert clock.go_on() == 8.0
    base.advance(2.0)
    assert clock.now() == 53.0  # the 8 s never passed for the tables
    with clock.pinned(52.5):
        assert clock.now() == 52.5


# ----- fencing against a real Redis --------------------------------------------------------------
needs_redis = pytest.mark.skipif(missing() is not None, reason=str(missing()))


def record_of(code: str) -> dict:
    return {
        "code": code,
        "game": "ronda",
        "players": 2,
        "options": {},
        "seed": 5,
        "deck": None,
        "visibility": "private",
        "turn_seconds": None,
        "bots": "easy",
        "hints": False,
        "host": 0,
        "seats": [],
    }


async def store_of(redis, ns: str, proc: str):
    from game.net.redis_store import RedisStore

    store = RedisStore(redis, ns)
    store.proc = proc
    await store.start()
    lost: list[tuple[str, str | None]] = []
    store.on_lost = lambda code, fence: lost.append((code, fence))
    return store, lost


async def take(redis, ns: str, dead: str, seen: str, adopter: str):
    keys = [f"{ns}:alive:{dead}", f"{ns}:tables:{dead}", f"{ns}:tables:{adopter}"]
    keys += [f"{ns}:fence", f"{ns}:owner", f"{ns}:procs"]
    return await redis.eval(TAKE, 6, *keys, seen, dead, adopter)


@needs_redis
def test_a_stale_epochs_append_is_refused_and_the_log_stays_whole(redis_url):
    import redis.asyncio

    async def body():
        ns = f"f{random.randrange(1 << 30)}"
        r = redis.asyncio.from_url(redis_url, decode_responses=True)
        a, lost_a = await store_of(r, ns, "aaaa")
        b, lost_b = await store_of(r, ns, "bbbb")
        try:
            a.claim("CODE")
            a.save_table(record_of("CODE"))
            a.record("CODE", 0, [[0, {"type": "one"}]])
            await a.drain()
            assert await r.hget(f"{ns}:fence", "CODE") == "1:aaaa" and lost_a == []

            await r.set(f"{ns}:alive:aaaa", "41")
            assert await take(r, ns, "aaaa", "40", "bbbb") is None  # renewed: alive, kept
            assert await r.hget(f"{ns}:fence", "CODE") == "1:aaaa"
            taken = await take(r, ns, "aaaa", "41", "bbbb")  # seen unchanged: adopted
            assert taken == ["CODE", "2:bbbb"]
            b.tokens["CODE"] = "2:bbbb"

            a.record("CODE", 1, [[1, {"type": "stale"}]], clocks={"at": 1.0})  # the old holder
            a.finish("CODE", {"result": "forged"})
            await a.drain()
            assert lost_a == [("CODE", "2:bbbb")]  # both refused; told once, with the holder
            assert "CODE" not in a.tokens
            assert await r.lrange(f"{ns}:log:CODE", 0, -1) == ['[0,{"type":"one"}]']
            assert await r.hget(f"{ns}:t:CODE", "finished") is None
            assert await r.hget(f"{ns}:t:CODE", "clocks") is None

            b.record("CODE", 1, [[1, {"type": "two"}]])
            await b.drain()
            assert lost_b == [] and await r.llen(f"{ns}:log:CODE") == 2
            b.record("CODE", 5, [[0, {"type": "gap"}]])  # not where the log ends: refused
            await b.drain()
            assert lost_b == [("CODE", None)] and await r.llen(f"{ns}:log:CODE") == 2
        finally:
            await r.aclose()

    asyncio.run(asyncio.wait_for(body(), 30))


@needs_redis
def test_a_batch_sent_twice_is_stored_once_and_a_taken_code_cannot_be_claimed(redis_url):
    import redis.asyncio

    async def body():
        ns = f"f{random.randrange(1 << 30)}"
        r = redis.asyncio.from_url(redis_url, decode_responses=True)
        a, lost_a = await store_of(r, ns, "aaaa")
        c, lost_c = await store_of(r, ns, "cccc")
        try:
            a.claim("CODE")
            await a.drain()
            a.record("CODE", 0, [[0, {"type": "one"}], [1, {"type": "two"}]])
            batch = list(a._ops)
            await a.drain()
            assert await a._send(batch) == [1]  # a retry after a lost reply: recognised
            assert await r.llen(f"{ns}:log:CODE") == 2

            c.claim("CODE")  # the same code made elsewhere: the first holder keeps it
            await c.drain()
            assert lost_c == [("CODE", None)]  # not the other table's holder to go to
            assert await r.hget(f"{ns}:owner", "CODE") == "aaaa"

            a.release("CODE")  # closed: no fence, so nobody writes it any more
            await a.drain()
            assert await r.hget(f"{ns}:fence", "CODE") is None
            a.tokens["CODE"] = "1:aaaa"  # even with the old token in hand
            a.record("CODE", 2, [[0, {"type": "late"}]])
            await a.drain()
            assert lost_a == [("CODE", None)] and await r.llen(f"{ns}:log:CODE") == 2
        finally:
            await r.aclose()

    asyncio.run(asyncio.wait_for(body(), 30))


# ----- persistence ------------------------------------------------------------------------------
@needs_redis
def test_a_redis_without_an_append_only_file_is_refused_unless_explicitly_allowed(tmp_path):
    from game.net.server import TableServer

    volatile = RedisProcess(str(tmp_path), persistent=False).start()
    try:

        async def start(allow: bool) -> None:
            server = TableServer(port=0, redis_url=volatile.url, allow_volatile_redis=allow)
            try:
                await server.start()
            finally:
                await server.close()

        with pytest.raises(RedisUnsafe, match=r"appendonly 'no'.*--allow-volatile-redis"):
            asyncio.run(start(False))
        asyncio.run(start(True))  # warned, and it runs

        proc = subprocess.run(
            [sys.executable, "-m", "game.net.server", "--port", "0", "--redis", volatile.url],
            cwd=spawn.ROOT,
            capture_output=True,
            check=False,
            text=True,
            timeout=60,
        )
        assert proc.returncode == 2
        assert "append-only file" in proc.stderr and "Traceback" not in proc.stderr
    finally:
        volatile.kill()


@needs_redis
def test_a_clean_stop_gives_the_lease_up_and_another_process_adopts_at_once(redis_url):
    from game.net.server import TableServer
    from helpers import private_table
    from wire_client import Client

    async def body():
        ns = f"f{random.randrange(1 << 30)}"
        a, b = [
            await TableServer(
                port=0, bot_delay=0, tick_interval=0.01, redis_url=redis_url, redis_ns=ns, lease=3.0
            ).start()
            for _ in range(2)
        ]
        try:
            async with Client(f"ws://127.0.0.1:{a.port}") as c:
                await c.hello("Ann")
                room = await private_table(c, "ronda", 2)
                await c.send("start")
                last = await c.play(lambda m: random.Random(1).choice(m["legal"]), max_actions=2)
            await a.close()  # SIGTERM's way: every write stored, then the lease given up
            stopped = asyncio.get_running_loop().time()
            while room["code"] not in b.lobby.rooms:
                assert asyncio.get_running_loop().time() - stopped < 2.5, "not adopted at once"
                await asyncio.sleep(0.02)
            async with Client(f"ws://127.0.0.1:{b.port}") as c2:
                await c2.send("hello", name="Ann", token=c.token)
                view = await c2.expect("events", timeout=5)
                assert (
                    view["log"] >= last["log"]
                )  # nothing acknowledged lost (a bot may have moved)
        finally:
            await b.close()

    asyncio.run(asyncio.wait_for(body(), 30))


# ----- the lobby while play is paused (FakeClock; the real Cluster and Outage, no Redis) -------
def paused_lobby(bot_delay: float):
    from game.net.cluster import Cluster
    from game.net.redis_store import RedisStore
    from test_net_fairness import lobby

    clock = FakeClock()
    lob = lobby(clock=clock, bot_delay=bot_delay)
    cluster = Cluster(None, "ws://127.0.0.1:1", lob, RedisStore(None), lease=3600.0)
    cluster.lease.renewed(float("inf"))  # renewed as far as this test goes: paused by hand
    lob.peers.cluster = cluster
    return clock, lob, cluster


def to_act(clock, lob, conn) -> dict:
    """Ticks until it is ``conn``'s seat's turn (the show over, the bots moved)."""
    for _ in range(100):
        last = conn.last("events")
        if last["legal"]:
            return last
        clock.advance(0.5)
        lob.tick()
        lob.pump()  # the bots think in slices
    raise AssertionError("never our turn")


def test_TB_6_a_pause_stops_the_turn_clocks_and_refuses_moves_and_the_clock_goes_on_after():
    from test_net_fairness import create, join, say, timeouts

    clock, lob, cluster = paused_lobby(bot_delay=0)
    ali = join(lob, "Ali")
    create(lob, ali, game="ronda", players=2, turn_seconds=60)
    say(lob, ali, "start")
    turn = to_act(clock, lob, ali)
    room = next(iter(lob.rooms.values()))
    left = ali.last("deadline")["remaining"][0]
    cluster.outage.pause("Redis away (test)")
    assert ali.last("error")["code"] == "paused"  # told at once
    assert ali.last("deadline")["remaining"] == [None, None]  # clocks shown stopped
    clock.advance(600)  # ten minutes of outage
    lob.tick()
    assert timeouts(ali) == 0
    logged = len(room.live.match.log)
    say(lob, ali, "act", action=turn["legal"][0])
    assert ali.last("error")["code"] == "paused" and len(room.live.match.log) == logged
    assert cluster.outage.resume() == 600
    assert ali.last("deadline")["remaining"][0] == pytest.approx(left, abs=0.6)
    clock.advance(left - 1.0)
    lob.tick()
    assert timeouts(ali) == 0  # the outage never counted against the turn
    clock.advance(1.5)
    lob.tick()
    assert timeouts(ali) == 1


def test_a_pause_holds_a_bot_that_was_due_and_it_moves_once_play_goes_on():
    from test_net_fairness import create, join, say

    clock, lob, cluster = paused_lobby(bot_delay=1.0)
    ali = join(lob, "Ali")
    create(lob, ali, game="ronda", players=2, turn_seconds=None)
    say(lob, ali, "start")
    turn = to_act(clock, lob, ali)
    room = next(iter(lob.rooms.values()))
    say(lob, ali, "act", action=next(a for a in turn["legal"] if a["type"] == "play"))
    logged = len(room.live.match.log)
    assert room.live.automated_to_act()  # the bot's turn, due in a second
    cluster.outage.pause("Redis away (test)")
    for _ in range(20):
        clock.advance(0.5)
        lob.tick()
        lob.pump()
    assert len(room.live.match.log) == logged  # the bot stood still
    cluster.outage.resume()
    for _ in range(20):
        clock.advance(0.5)
        lob.tick()
        lob.pump()
    assert len(room.live.match.log) > logged


@needs_redis
def test_a_move_whose_write_is_refused_is_never_acknowledged_and_the_player_is_moved(redis_url):
    """Through real sockets: another process took the table (its fence changed under this
    one); the next move's write is refused, its frames are dropped, the player is sent to
    the holder and the connection closes."""
    import json

    import redis.asyncio

    from game.net.server import TableServer
    from helpers import private_table
    from wire_client import Client

    async def body():
        ns = f"f{random.randrange(1 << 30)}"
        r = redis.asyncio.from_url(redis_url, decode_responses=True)
        a = await TableServer(
            port=0, bot_delay=0, tick_interval=0.01, redis_url=redis_url, redis_ns=ns
        ).start()
        try:
            async with Client(f"ws://127.0.0.1:{a.port}") as c:
                await c.hello("Ann")
                room = await private_table(c, "ronda", 2)
                await c.send("start")
                rng = random.Random(2)
                last = await c.play(lambda m: rng.choice(m["legal"]), max_actions=2)
                while not last["legal"]:
                    last = await c.latest()
                code, holder = room["code"], "b0b0b0b0b0b0"
                there = "ws://127.0.0.1:9/elsewhere"
                note = {"op": "proc", "from": holder, "proc": holder, "url": there}
                await r.publish(f"{ns}:dir", json.dumps(note))
                await r.hset(f"{ns}:fence", code, f"2:{holder}")  # taken over meanwhile
                stored = await r.llen(f"{ns}:log:{code}")
                while a.cluster.urls.get(holder) != there:
                    await asyncio.sleep(0.01)
                c.drain()
                await c.send("act", action=rng.choice(last["legal"]))
                moved = await c.expect("moved", "events", timeout=10)
                assert moved == {"t": "moved", "url": there, "code": code}
                await asyncio.wait_for(c.closed.wait(), 10)
                assert c.close_code == 1012
                assert not [m for m in c.drain() if m["t"] == "events"]  # nothing acknowledged
                assert await r.llen(f"{ns}:log:{code}") == stored
                assert code not in a.lobby.rooms
        finally:
            await a.close()
            await r.aclose()

    asyncio.run(asyncio.wait_for(body(), 30))
