"""Spectators through the real server (game/net/watchers.py): a stranger watches a public
table by code, sees what every seat may see and nothing more over complete matches of every
game, can never act, may leave at any time; private tables answer as wrong codes do; the host
turns watching off and on (kept across a restart); the seats see the count; the limits per
table and per address hold; the watchers are told when the table ends."""

from __future__ import annotations

import random

import pytest

from game.core.bots import run as run_thought
from game.net.limits import Limits
from game.net.store import Store
from helpers import private_table, until
from helpers import run_async as run
from tests.leak_checks import assert_watcher_saw_only_the_public
from tests.test_net_fair import chooser, server
from wire_client import Client


async def public_table(host, game="ronda", players=2, **more):
    fields = {"options": {"rules": "quick"}} if game == "ronda" else {}
    fields.update(more)
    return await private_table(host, game, players, visibility="auto", **fields)


def audiences(client):
    return [f["count"] for f in client.frames if f["t"] == "audience"]


def last_audience(client):
    return next(f for f in reversed(client.frames) if f["t"] == "audience")


def test_a_stranger_watches_a_public_table_the_seats_see_the_count_and_he_leaves():
    async def body():
        async with server() as (srv, url), Client(url) as host, Client(url) as eye:
            await host.hello("Host")
            await eye.hello("Eye")
            room = await public_table(host)
            seen = await eye.request("watch", "room", code=room["code"].lower())
            assert seen["you"] is None and seen["code"] == room["code"]
            assert (await eye.expect("audience"))["count"] == 1
            assert (await host.expect("audience")) == {
                "t": "audience",
                "code": room["code"],
                "count": 1,
                "open": True,
            }
            async with Client(url) as guest:  # two people: nothing moves while they wait
                await guest.hello("Guest")
                await guest.request("join", "room", code=room["code"])
                await host.send("start")
                first = await eye.expect("events")
                await refused_acting(srv, eye, room, first)
            assert (await eye.request("unwatch", "left"))["code"] == room["code"]
            await until(lambda: audiences(host) == [1, 0])
            assert audiences(host) == [1, 0]
            again = await eye.request("unwatch", "left")
            assert again["code"] == "not_watching"
            # a watcher's Leave and a dropped connection let him go too
            await eye.request("watch", "room", code=room["code"])
            assert (await eye.request("leave", "left"))["code"] == room["code"]
            async with Client(url) as other:
                await other.hello("Other")
                await other.request("watch", "room", code=room["code"])
                await until(lambda: audiences(host)[-1] == 1)
            await until(lambda: audiences(host)[-1] == 0)
            assert audiences(host)[-1] == 0 and not srv.lobby.watchers.watching

    run(body(), 30)


async def refused_acting(srv, eye, room, first):
    """Every request that would change a table, from a watcher: refused, nothing changed."""
    assert first["view"]["you"] is None and first["legal"] == []
    assert not any(e.get("hand") for f in eye.frames if f["t"] == "events" for e in f["events"])
    log = len(srv.lobby.rooms[room["code"]].live.match.log)
    for kind, fields in (
        ("act", {"action": {"type": "play", "card": "1O"}}),
        ("react", {"phrase": "oops"}),
        ("join", {"code": room["code"]}),
        ("create", {**_table_fields(), "game": "ronda", "players": 2}),
        ("join_any", {}),
        ("back", {}),
        ("start", {}),
        ("contribute", {"value": "ab"}),
        ("allow_watch", {"on": False}),
    ):
        refused = await eye.request(kind, "room", **fields)
        assert refused["t"] == "error" and refused["code"] == "watching", (kind, refused)
        assert "spectators cannot play" in refused["message"]
    assert len(srv.lobby.rooms[room["code"]].live.match.log) == log  # nothing changed
    assert srv.lobby.rooms[room["code"]].watchable
    assert len(srv.lobby.rooms) == 1


def _table_fields():
    return {"visibility": "auto", "turn_seconds": None, "bots": "easy"}


def test_a_private_table_answers_a_watch_exactly_as_a_wrong_code_does():
    async def body():
        async with server() as (srv, url), Client(url) as host, Client(url) as eye:
            await host.hello("Host")
            await eye.hello("Eye")
            secret = await private_table(host, "ronda", 2)
            code = secret["code"]
            wrong = "".join(reversed(code)) if code[::-1] != code else "ABCDEFGH"
            assert wrong not in srv.lobby.rooms
            private = await eye.request("watch", "room", code=code)
            missing = await eye.request("watch", "room", code=wrong)
            assert private["code"] == missing["code"] == "no_room"
            assert private["message"].replace(code, "X") == missing["message"].replace(wrong, "X")
            assert not srv.lobby.watchers.watching and audiences(host) == []
            junk = await eye.request("watch", "room", code="not a code at all")
            assert junk["code"] == "no_room"
            eye.drain()
            await eye.send_raw('{"t": "watch", "code": ""}')
            assert (await eye.expect("error"))["code"] == "protocol"

    run(body(), 30)


def test_the_limits_per_table_and_per_address_refuse_and_change_nothing():
    async def body():
        limits = Limits(watchers_per_table=2, watching_per_address=3)
        async with server(limits=limits) as (srv, url), Client(url) as h1, Client(url) as h2:
            await h1.hello("H1")
            await h2.hello("H2")
            one = (await public_table(h1))["code"]
            two = (await public_table(h2))["code"]
            eyes = [Client(url) for _ in range(4)]
            try:
                for n, eye in enumerate(eyes):
                    await eye.connect()
                    await eye.hello(f"E{n}")
                assert (await eyes[0].request("watch", "room", code=one))["t"] == "room"
                assert (await eyes[1].request("watch", "room", code=one))["t"] == "room"
                full = await eyes[2].request("watch", "room", code=one)
                assert full["code"] == "too_many" and "2 people" in full["message"]
                assert srv.lobby.watchers.count(one) == 2
                assert (await eyes[2].request("watch", "room", code=two))["t"] == "room"
                crowd = await eyes[3].request("watch", "room", code=two)
                assert crowd["code"] == "too_many" and "one address" in crowd["message"]
                assert srv.lobby.watchers.count(two) == 1
                # moving from one table to another is not one more
                assert (await eyes[1].request("watch", "room", code=two))["t"] == "room"
                assert srv.lobby.watchers.count(one) == 1 and srv.lobby.watchers.count(two) == 2
                still = await eyes[3].request("watch", "room", code=one)
                assert still["code"] == "too_many"  # three still watch from this address
                await eyes[0].request("unwatch", "left")
                assert (await eyes[3].request("watch", "room", code=one))["t"] == "room"
            finally:
                for eye in eyes:
                    await eye.close()

    run(body(), 30)


def test_the_host_turns_watching_off_and_on_and_only_the_host_may():
    async def body():
        async with (
            server() as (_srv, url),
            Client(url) as host,
            Client(url) as guest,
            Client(url) as eye,
        ):
            await host.hello("Host")
            await guest.hello("Guest")
            await eye.hello("Eye")
            room = await public_table(host, "hareeja", 4)
            code = room["code"]
            await guest.request("join", "room", code=code)
            await eye.request("watch", "room", code=code)
            assert (await guest.request("allow_watch", "audience", on=False))["code"] == "not_host"
            off = await host.request("allow_watch", "audience", on=False)
            told = await eye.expect("error")
            assert told["code"] == "watch_off" and "spectators" in told["message"]
            assert (await eye.expect("left"))["code"] == code
            assert off == off | {"count": 0, "open": False}
            await until(lambda: not last_audience(guest)["open"])
            assert last_audience(guest) == off
            refused = await eye.request("watch", "room", code=code)
            assert refused["code"] == "watch_off"
            await host.send("start")
            await host.expect("events")
            await host.request("allow_watch", "audience", on=True)  # during play too
            seen = await eye.request("watch", "room", code=code)
            assert seen["t"] == "room" and seen["watchable"] and seen["started"]
            assert (await eye.expect("events"))["view"]["you"] is None
            await until(lambda: last_audience(host)["count"] == 1)
            assert last_audience(host) == last_audience(host) | {"count": 1, "open": True}

    run(body(), 30)


def test_watching_off_is_kept_with_the_room_and_the_table_across_a_restart(tmp_path):
    db = str(tmp_path / "watch.sqlite3")

    async def body(start):
        async with server(db=db) as (_srv, url), Client(url) as host:
            await host.hello("Host")
            code = (await public_table(host, "hareeja", 4))["code"]
            await host.request("allow_watch", "audience", on=False)
            if start:
                await host.send("start")
                await host.expect("events")
            return code, host.token

    for start in (False, True):
        code, token = run(body(start), 30)
        store = Store(db)
        kept = store.table(code) if start else next(r for r in store.rooms() if r["code"] == code)
        store.close()
        assert kept["watchable"] is False

        async def again(code=code, token=token):
            async with server(db=db) as (srv, url), Client(url) as host, Client(url) as eye:
                await host.hello("Host", token)
                await eye.hello("Eye")
                assert srv.lobby.rooms[code].watchable is False
                return await eye.request("watch", "room", code=code)

        assert run(again(), 30)["code"] == "watch_off"


def test_watchers_are_told_when_the_table_ends():
    async def body():
        async with server() as (srv, url), Client(url) as host, Client(url) as eye:
            await host.hello("Host")
            await eye.hello("Eye")
            code = (await public_table(host))["code"]
            await eye.request("watch", "room", code=code)
            await host.request("leave", "left")  # the only person leaves: the table ends
            told = await eye.expect("error")
            assert told["code"] == "closed"
            assert (await eye.expect("left"))["code"] == code
            assert not srv.lobby.watchers.watching and not srv.lobby.watchers.tables

    run(body(), 30)


def test_reactions_reach_the_watchers_who_cannot_send_one():
    async def body():
        async with server() as (_srv, url), Client(url) as host, Client(url) as eye:
            await host.hello("Host")
            await eye.hello("Eye")
            code = (await public_table(host))["code"]
            await eye.request("watch", "room", code=code)
            await host.send("react", phrase="good_luck")
            assert (await eye.expect("reaction")) == {
                "t": "reaction",
                "seat": 0,
                "phrase": "good_luck",
            }
            assert (await eye.request("react", "reaction", phrase="oops"))["code"] == "watching"

    run(body(), 30)


def rummy_player(seed):
    from game.games.hand_rummy import bots

    rng = random.Random(seed)
    return lambda msg: run_thought(bots.think(msg["view"], msg["legal"], "normal", rng))


@pytest.mark.parametrize(
    ("game", "players", "options", "choose"),
    [
        ("hareeja", 4, {}, chooser),
        ("ronda", 2, {"rules": "quick"}, chooser),
        ("hand_rummy", 2, {"rounds": 1}, rummy_player),
    ],
)
def test_a_watcher_of_a_complete_match_is_sent_no_hidden_card_or_bid(
    game, players, options, choose
):
    async def body():
        async with server() as (srv, url), Client(url) as a, Client(url) as eye:
            await a.hello("A")
            await eye.hello("Eye")
            code = (await public_table(a, game, players, options=options))["code"]
            await eye.request("watch", "room", code=code)
            async with Client(url) as late:  # one watches from the start, one comes later
                await late.hello("Late")
                await a.send("start")
                await a.expect("events")
                await eye.expect("events")
                await late.request("watch", "events", code=code)
                await a.play(choose(5))
                await eye.expect("reveal", timeout=10)
                await late.expect("reveal", timeout=10)
                record = srv.store.table(code)
                checked = assert_watcher_saw_only_the_public(eye.frames, game, record)
                assert checked == len({f["log"] for f in a.frames if f["t"] == "events"}) or (
                    checked > 10
                )
                assert assert_watcher_saw_only_the_public(late.frames, game, record) > 5
                last = next(f for f in reversed(eye.frames) if f["t"] == "events")
                assert last["view"]["phase"] == "over"

    run(body(), 120)


def test_the_watchers_check_catches_a_hand_or_a_secret_bid():
    """The checker itself fails on a public view with a seat's hand or bid in it."""
    from game.games.hareeja.rules import Match

    match = Match.new(4, {}, seed=7)
    record = {**match.record(), "log": []}
    fine = {"t": "events", "events": [], "view": match.view(None), "legal": [], "log": 0}
    assert assert_watcher_saw_only_the_public([fine], "hareeja", record) == 1
    hand = {**fine, "view": {**match.view(None), "hand": match.view(2)["hand"]}}
    match.apply(1, match.legal_actions(1)[0])
    record = {**match.record()}
    bid = {**fine, "log": 1, "view": match.view(1)}
    for leaky, at in ((hand, {**record, "log": []}), (bid, record)):
        with pytest.raises(AssertionError):
            assert_watcher_saw_only_the_public([leaky], "hareeja", at)


def test_a_table_let_go_to_another_process_hands_its_watchers_over():
    """The cluster's hand-over (outage.forget → Lobby.let_go): the watchers' connections go
    with the seats' (each is sent ``moved`` there) and nobody watches it here any more."""
    from game.net.rooms import Lobby
    from game.table.clock import FakeClock

    class Conn:
        def __init__(self):
            self.sent = []

        def send(self, msg):
            self.sent.append(msg)

        def close(self, code=1000, reason=""):
            pass

    lobby = Lobby(clock=FakeClock(), bot_delay=0, rate=(10**6, 1e6))
    host, eye = Conn(), Conn()
    for conn, name in ((host, "Host"), (eye, "Eye")):
        lobby.connect(conn, "a" if conn is host else "b")
        lobby.receive(conn, f'{{"t": "hello", "name": "{name}"}}')
    fields = '"visibility": "auto", "turn_seconds": null, "bots": "easy"'
    lobby.receive(host, f'{{"t": "create", "game": "ronda", "players": 2, {fields}}}')
    code = next(iter(lobby.rooms))
    lobby.receive(eye, f'{{"t": "watch", "code": "{code}"}}')
    assert lobby.watchers.count(code) == 1 and lobby.guard is not None
    conns = lobby.let_go(code)
    assert conns is not None and eye in conns and host in conns
    assert not lobby.watchers.watching and lobby.watchers.count(code) == 0
    before = len(eye.sent)
    lobby.receive(eye, '{"t": "unwatch"}')  # that connection speaks for nobody here now
    assert len(eye.sent) == before
