"""Fair deals through the real server: the commitment before the first deal, the seats'
contributions, the secret revealed only when the match ends (or is abandoned), a resumed table
that deals the same, and the client's check passing on what it really received."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

from game.client.fair_check import Witness, check, passed
from game.core.fair import commitment
from game.net.limits import Limits
from game.net.server import TableServer
from game.net.store import Store
from game.table.clock import FakeClock
from helpers import run_async as run
from helpers import until
from tests.leak_checks import assert_no_hand_leak, assert_secret_only_at_the_end, hands_by_log
from tests.test_net_fairness import create as lobby_create
from tests.test_net_fairness import join as lobby_join
from tests.test_net_fairness import lobby, say
from wire_client import Client


@contextlib.asynccontextmanager
async def server(**options):
    options.setdefault("bot_delay", 0)
    options.setdefault("tick_interval", 0.005)
    options.setdefault("rate", (100_000, 100_000.0))
    srv = await TableServer(port=0, **options).start()
    try:
        yield srv, f"ws://127.0.0.1:{srv.port}"
    finally:
        await srv.close()


def chooser(seed):
    rng = random.Random(seed)
    return lambda msg: rng.choice(msg["legal"])


async def ronda_for_two(a, b):
    room = await a.create_private(options={"rules": "quick"})
    await b.request("join", "room", code=room["code"])
    return room


async def contribute(client, witness):
    """What the client does: answer the newest room's commitment with its own value."""
    room = next(f for f in reversed(client.frames) if f["t"] == "room")
    value = witness.on_room(room)
    assert value is not None
    await client.send("contribute", value=value)
    return value


def witnessed(frames, witness):
    """The witness fed every frame in order, as ServerLink.poll feeds it."""
    for frame in frames:
        if frame["t"] == "room":
            witness.on_room(frame)
        elif frame["t"] == "events":
            witness.on_events(frame)
        elif frame["t"] == "reveal":
            witness.on_reveal(frame)
    return witness.record


def test_commitment_before_the_deal_contributions_used_and_the_secret_only_at_the_end():
    async def body():
        async with server() as (srv, url), Client(url) as a, Client(url) as b:
            await a.hello("A")
            await b.hello("B")
            room = await ronda_for_two(a, b)
            promised = room["fair"]["commitment"]
            assert len(promised) == 64 and room["fair"]["contributions"] is None
            wa, wb = Witness(keep=False), Witness(keep=False)
            mine = [await contribute(a, wa), await contribute(b, wb)]
            await a.request("ping", "pong")
            await b.request("ping", "pong")
            await a.send("start")
            started = await a.expect("room")
            assert started["started"] and started["fair"] == {
                "commitment": promised,
                "contributions": mine,
            }
            await asyncio.gather(a.play(chooser(1)), b.play(chooser(2)))
            reveal_a, reveal_b = await a.expect("reveal"), await b.expect("reveal")
            secret = reveal_a["secret"]
            assert reveal_b["secret"] == secret
            assert commitment(bytes.fromhex(secret)).hex() == promised
            record = srv.store.table(room["code"])
            assert record["fair"]["secret"] == secret and reveal_a["log"] == record["log"]
            for client, seat, witness in ((a, 0, wa), (b, 1, wb)):
                frames = client.frames
                assert_secret_only_at_the_end(frames, secret)
                assert assert_no_hand_leak(frames, seat, hands_by_log("ronda", record)) > 5
                findings = check(witnessed(frames, witness))
                assert passed(findings), [(f.level, f.key) for f in findings]
                assert findings[2].key == "fair.deals_ok" and findings[2].args["deals"] >= 1

    run(body(), 60)


def test_a_contribution_is_refused_after_the_start_or_when_malformed_and_changes_nothing():
    async def body():
        async with server() as (srv, url), Client(url) as a:
            await a.hello("A")
            room = await a.create_private()
            for bad in ("ABCD", "abc", "zz", "00" * 33, 7):
                a.drain()
                await a.send_raw(json.dumps({"t": "contribute", "value": bad}))
                refused = await a.expect("error")
                assert refused["code"] == "protocol", refused
            await a.send("contribute", value="0a0b")
            await a.request("ping", "pong")
            await a.send("start")
            started = await a.expect("room")
            assert started["fair"]["contributions"] == ["0a0b", ""]  # a bot seat: none
            late = await a.request("contribute", "error", value="ff")
            assert late["code"] == "started"
            lobby_room = srv.lobby.rooms[room["code"]]
            assert lobby_room.fair.seat_values(2) == [b"\x0a\x0b", b""]

    run(body(), 30)


def test_the_secret_is_revealed_with_a_fresh_view_of_an_ended_match():
    async def body():
        async with server() as (srv, url):
            a = await Client(url).connect()
            token = (await a.hello("A"))["token"]
            room = await a.create_private(options={"rules": "quick"})
            await a.send("start")
            await a.play(chooser(5))
            first = await a.expect("reveal")
            await a.close()
            async with Client(url) as again:
                await again.hello("A", token=token)
                assert (await again.expect("reveal"))["secret"] == first["secret"]
            assert srv.store.table(room["code"])["fair"]["secret"] == first["secret"]

    run(body(), 60)


def test_an_abandoned_table_keeps_its_secret_for_the_record_and_sent_none_before(tmp_path):
    clock = FakeClock()
    store = Store(str(tmp_path / "s.sqlite3"))
    lob = lobby(clock=clock, store=store, limits=Limits(abandoned_grace=60))
    host = lobby_join(lob, "Host")
    code = lobby_create(lob, host, game="hareeja", players=4, turn_seconds=None)["code"]
    say(lob, host, "start")
    lob.pump()
    secret = lob.rooms[code].fair.secret.hex()
    lob.disconnect(host)
    for _ in range(3):
        clock.advance(60)
        lob.tick()
    assert code not in lob.rooms
    record = lob.store.table(code)
    assert record["result"]["abandoned"] is True and record["fair"]["secret"] == secret
    assert not any(secret in json.dumps(m) for m in host.sent)


def test_a_resumed_table_deals_the_same_and_reveals_the_committed_secret(tmp_path):
    db = str(tmp_path / "tables.sqlite3")

    async def body():
        async with server(db=db) as (srv, url):
            a = await Client(url).connect()
            token = (await a.hello("A"))["token"]
            witness = Witness(keep=False)
            room = await a.create_private(players=3, options={"rules": "quick"})
            await contribute(a, witness)
            await a.request("ping", "pong")
            await a.send("start")
            await a.play(chooser(7), max_actions=4)
            match = srv.lobby.rooms[room["code"]].table.match
            assert await until(lambda: match.to_act() == [0])
            before, promised = match.record(), room["fair"]["commitment"]
            first_frames = list(a.frames)
            await a.close()
        async with server(db=db) as (srv, url):
            resumed = srv.lobby.rooms[room["code"]]
            assert resumed.table.match.record() == before
            assert resumed.fair.commitment == promised
            async with Client(url) as again:
                await again.hello("A", token=token)
                back = await again.expect("room")
                assert back["fair"]["commitment"] == promised
                await again.play(chooser(8))
                reveal = await again.expect("reveal")
                assert commitment(bytes.fromhex(reveal["secret"])).hex() == promised
                record = witnessed(first_frames + again.frames, witness)
                findings = check(record)
                assert passed(findings), [(f.level, f.key) for f in findings]

    run(body(), 90)
