"""An adopting process tells the adopted table's connected players their seat.

Two real server processes on one real ``redis-server`` (skipped, with the reason, where either
is missing). Ali says hello to B first and keeps that connection open (B knows him, unseated,
connected); with the token B gave him he plays at A (A keeps it: the cluster signed it). A is
killed with SIGKILL mid-match; once its lease lapses B adopts the table. B must send Ali's
open connection the room and his current view at once (no hello again), and the match goes
on and finishes on that connection. Before the fix B seated him silently: he waited in the
lobby until a reconnection.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time

from cluster_helpers import fresh_ns, start_process
from game.net.reseat import reseat_connected
from helpers import private_hareeja
from tests.test_net_fairness import create, join, lobby, say
from wire_client import Client


def test_a_player_connected_to_the_adopting_process_gets_his_seat_and_view_at_once(
    redis_url,
):
    ns = fresh_ns()
    (a, url_a), (b, url_b) = start_process(redis_url, ns), start_process(redis_url, ns)
    rng = random.Random(19)
    figures: dict[str, float] = {}

    async def body() -> dict:
        async with Client(url_b) as at_b:
            token = (await at_b.hello("Ali"))["token"]  # issued by B, signed with the cluster key
            async with Client(url_a) as at_a:
                welcome = await at_a.hello("Ali", token=token)
                assert welcome["token"] == token  # A keeps a token its cluster issued
                room = await private_hareeja(at_a)
                await at_a.send("start")
                last = await at_a.play(lambda m: rng.choice(m["legal"]), max_actions=4)
                acked = last["log"]
                at_b.drain()  # nothing about the table so far
                os.kill(a.pid, signal.SIGKILL)  # mid-match, Ali still connected to B
                killed = time.monotonic()
            seated = await at_b.expect("room", timeout=30)  # no hello: B pushes it
            figures["seated_after"] = time.monotonic() - killed
            assert seated["code"] == room["code"] and seated["you"] == room["you"]
            view = await at_b.expect("events", timeout=10)
            assert view["log"] >= acked  # nothing acknowledged was lost
            assert view["view"]["you"] == room["you"]
            return await at_b.play(lambda m: rng.choice(m["legal"]), timeout=30)

    try:
        last = asyncio.run(asyncio.wait_for(body(), 150))
        assert last["view"]["phase"] == "over"
        assert figures["seated_after"] < 30
        print(f"seated at B {figures['seated_after']:.1f} s after kill -9 of A")
    finally:
        for proc in (a, b):
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            proc.stdout.close()


def test_reseating_a_player_withdraws_the_approval_he_was_waiting_for():
    """The lobby side of the push (no Redis): a connected player seated by a replay gets his
    room, view and clocks, and his pending request at another table (TB-2) is withdrawn."""
    lob = lobby()
    host, other, ali = join(lob, "Host"), join(lob, "Other"), join(lob, "Ali")
    asked = create(lob, other, visibility="approval")
    say(lob, ali, "join", code=asked["code"])
    assert ali.last("waiting")["code"] == asked["code"]
    table = create(lob, host, players=2, turn_seconds=60)
    room = lob.rooms[table["code"]]
    say(lob, host, "start")
    player = lob.guests[id(ali)].player
    room.occupants[1], player.room, player.seat = player, room, 1  # as a replay seats him
    ali.sent.clear()
    assert reseat_connected(room, lob.roster, lob.outgoing) == 2  # the host and Ali are connected
    kinds = [m["t"] for m in ali.sent]
    assert kinds[:3] == ["room", "events", "deadline"], kinds
    assert ali.last("room")["you"] == 1 and ali.last("events")["view"]["you"] == 1
    assert player.waiting is None and not lob.rooms[asked["code"]].pending
    assert other.last("room")["pending"] == []
