"""Rematch through the real server (game/net/rematch.py): "Play again" keeps the table, its
options and the people who accept, with a new seed and a NEW fair-deal commitment whose reveal
verifies; partial accepts get bots; refusals change nothing; a reconnect mid-rematch; the
bot-table limit checked again; a seat that left before the end still gets the reveal."""

from __future__ import annotations

import asyncio

import pytest

from game.client.fair_check import Witness, check, passed
from game.core.fair import commitment
from game.net.limits import Limits
from game.net.store import Store
from helpers import run_async as run
from tests.test_net_fair import chooser, contribute, ronda_for_two, server, witnessed
from wire_client import Client


async def finish_first_match(a, b):
    """A and B play a whole quick Ronda match (with their contributions); both get the offer."""
    room = await ronda_for_two(a, b)
    wa, wb = Witness(keep=False), Witness(keep=False)
    await contribute(a, wa)
    await contribute(b, wb)
    await a.request("ping", "pong")
    await b.request("ping", "pong")
    await a.send("start")
    await asyncio.gather(a.play(chooser(1)), b.play(chooser(2)))
    offers = [await a.expect("rematch_state"), await b.expect("rematch_state")]
    return room, offers


def accepted(witness, offer, client):
    """What the client does on "Play again": a new record for the new commitment at the
    table its newest ``room`` describes."""
    room = next(f for f in reversed(client.frames) if f["t"] == "room")
    return witness.on_rematch(offer, room)


async def next_match(client, number=2):
    """The ``room`` that starts match ``number`` (older rooms skipped)."""
    while True:
        room = await client.expect("room")
        if room["started"] and not room["over"] and room.get("match") == number:
            return room


def test_all_accept_starts_match_2_with_a_new_commitment_whose_reveal_verifies():
    async def body():
        async with server() as (srv, url), Client(url) as a, Client(url) as b:
            await a.hello("A")
            await b.hello("B")
            room, (offer, offer_b) = await finish_first_match(a, b)
            first = srv.store.table(room["code"])
            assert offer == offer_b and offer["match"] == 2
            assert offer["commitment"] != room["fair"]["commitment"]
            assert offer["ready"] == [False, False] and offer["people"] == [True, True]
            wa, wb = Witness(keep=False), Witness(keep=False)
            mine = [accepted(wa, offer, a), accepted(wb, offer, b)]
            await a.send("rematch", match=2, value=mine[0])
            state = await b.expect("rematch_state")
            assert state["ready"] == [True, False]
            await b.send("rematch", match=2, value=mine[1])
            started = await next_match(a)
            assert started["code"] == room["code"] and started["options"] == room["options"]
            assert started["fair"] == {"commitment": offer["commitment"], "contributions": mine}
            await asyncio.gather(a.play(chooser(3)), b.play(chooser(4)))
            reveal = await a.expect("reveal")
            assert reveal["match"] == 2 and reveal["commitment"] == offer["commitment"]
            assert commitment(bytes.fromhex(reveal["secret"])).hex() == offer["commitment"]
            for client, witness in ((a, wa), (b, wb)):
                begun = next(
                    i
                    for i, f in enumerate(client.frames)
                    if f["t"] == "room" and f.get("match") == 2 and f["started"]
                )
                frames = client.frames[begun:]
                findings = check(witnessed(frames, witness))
                assert passed(findings), [(f.level, f.key) for f in findings]
            second = srv.store.table(room["code"])
            assert second["match"] == 2 and second["seed"] != first["seed"]
            assert second["fair"]["commitment"] == offer["commitment"]
            assert srv.store.table(room["code"], 1)["fair"] == first["fair"]
            assert srv.store.match_numbers(room["code"]) == [1, 2]
            for number, kept in ((1, first), (2, second)):  # both matches fetchable by number
                got = await a.request("get_record", "record", code=room["code"], match=number)
                assert got["match"] == number and got["record"]["log"] == kept["log"]
                assert got["record"]["fair"]["secret"] == kept["fair"]["secret"]
            latest = await a.request("get_record", "record", code=room["code"])
            assert latest["match"] == 2
            none = await a.request("get_record", "record", code=room["code"], match=3)
            assert none["code"] == "no_record"

    run(body(), 90)


def test_the_host_starts_with_those_who_accepted_and_a_bot_takes_the_other_seat():
    async def body():
        async with server() as (srv, url), Client(url) as a, Client(url) as b:
            await a.hello("A")
            await b.hello("B")
            room, _ = await finish_first_match(a, b)
            early = await a.request("rematch_start", "room")
            assert early["t"] == "error" and early["code"] == "accept_first"
            await a.send("rematch", match=2, value="ab" * 32)
            await b.expect("rematch_state")
            refused = await b.request("rematch_start", "room")
            assert refused["t"] == "error" and refused["code"] == "not_host"
            await a.send("rematch_start")
            assert (await b.expect("left"))["code"] == room["code"]
            started = await next_match(a)
            assert [s["kind"] for s in started["seats"]] == ["human", "bot"]
            assert started["fair"]["contributions"] == ["ab" * 32, ""]  # a bot sends none
            await a.play(chooser(6))
            assert (await a.expect("reveal"))["match"] == 2
            assert srv.lobby.rooms[room["code"]].occupants[1] is None

    run(body(), 90)


def test_refusals_are_clear_and_change_nothing():
    async def body():
        async with server() as (srv, url), Client(url) as a, Client(url) as b:
            await a.hello("A")
            await b.hello("B")
            async with Client(url) as c:
                await c.hello("C")
                away = await c.request("rematch", "rematch_state", match=2, value="")
                assert away["code"] == "not_seated"
            room = await ronda_for_two(a, b)
            await a.send("start")
            await a.expect("events")
            playing = await a.request("rematch", "rematch_state", match=2, value="")
            assert playing["code"] == "not_over"
            await asyncio.gather(a.play(chooser(1)), b.play(chooser(2)))
            offer = await a.expect("rematch_state")
            await b.expect("rematch_state")
            stale = await a.request("rematch", "rematch_state", match=3, value="")
            assert stale["t"] == "error" and stale["code"] == "stale"
            table = srv.lobby.rooms[room["code"]]
            assert srv.lobby.rematch.offers[room["code"]].ready == set()
            await a.send("rematch", match=2, value="01")
            assert (await b.expect("rematch_state"))["ready"] == [True, False]
            twice = await a.request("rematch", "rematch_state", match=2, value="02")
            assert twice["t"] == "error" and twice["code"] == "twice"
            kept = srv.lobby.rematch.offers[room["code"]]
            assert kept.fair.given == {0: b"\x01"} and kept.fair.commitment == offer["commitment"]
            assert table.match_no == 1 and table.over
            await a.send_raw('{"t": "rematch", "match": 2, "value": "XYZ"}')
            assert (await a.expect("error"))["code"] == "protocol"
            assert kept.fair.given == {0: b"\x01"} and table.match_no == 1

    run(body(), 90)


def test_a_reconnect_mid_rematch_gets_the_offer_and_accepts():
    async def body():
        async with server() as (_, url), Client(url) as a:
            b = await Client(url).connect()
            await a.hello("A")
            token = (await b.hello("B"))["token"]
            _, (offer, _) = await finish_first_match(a, b)
            await a.send("rematch", match=2, value="aa")
            await b.close()
            async with Client(url) as again:
                await again.hello("B", token=token)
                await again.expect("reveal")
                state = await again.expect("rematch_state")
                assert state["commitment"] == offer["commitment"] and state["ready"] == [
                    True,
                    False,
                ]
                await again.send("rematch", match=2, value="bb")
                started = await next_match(again)
                assert started["fair"]["contributions"] == ["aa", "bb"]
                assert (await again.expect("events"))["log"] == 0

    run(body(), 90)


def test_a_rematch_with_bots_checks_the_address_bot_table_limit_again():
    async def body():
        limits = Limits(bot_tables_per_address=1, bot_tables_per_network=1)
        async with server(limits=limits) as (srv, url), Client(url) as a, Client(url) as c:
            await a.hello("A")
            await c.hello("C")
            made = {
                "game": "ronda",
                "players": 2,
                "visibility": "private",
                "turn_seconds": None,
                "bots": "easy",
                "options": {"rules": "quick"},
            }
            room = await a.request("create", "room", **made)
            await a.send("start")
            await a.play(chooser(1))
            await a.expect("rematch_state")
            await c.request("create", "room", **made)
            await c.request("start", "events")  # the address's one table with bots now
            refused = await a.request("rematch", "room", match=2, value="")
            assert refused["t"] == "error" and refused["code"] == "too_many"
            assert srv.lobby.rematch.offers[room["code"]].ready == set()
            assert srv.lobby.rooms[room["code"]].match_no == 1

    run(body(), 90)


def test_a_seat_that_left_before_the_end_gets_the_reveal_then_and_on_reconnect():
    async def body():
        async with server() as (_, url), Client(url) as a:
            b = await Client(url).connect()
            await a.hello("A")
            token = (await b.hello("B"))["token"]
            room = await ronda_for_two(a, b)
            wb = Witness(keep=False)
            await contribute(b, wb)
            await b.request("ping", "pong")
            await a.send("start")
            await b.expect("events")
            witnessed(b.frames, wb)
            await b.request("leave", "left")
            await a.play(chooser(1))
            secret = (await a.expect("reveal"))["secret"]
            assert (await b.expect("reveal"))["secret"] == secret
            await b.close()
            async with Client(url) as again:
                await again.hello("B", token=token)
                assert (await again.expect("reveal"))["secret"] == secret
                got = await again.request("get_record", "record", code=room["code"])
            assert wb.record["secret"] is None  # this witness missed the reveals above
            wb.on_record(got)  # ... the record it asked for carries it
            assert wb.record["secret"] == secret and wb.record["over"]
            assert passed(check(wb.record)), check(wb.record)

    run(body(), 90)


def test_a_match_without_a_fair_deal_says_so_explicitly_and_the_check_says_it_plainly():
    from game.net.records import finished_match

    old = {"game": "ronda", "players": 2, "options": {}, "seed": 3, "deck": None, "log": []}
    reply = finished_match({**old, "fair": None, "seats": [{"name": "A"}, {"name": "B"}]})
    assert "fair" in reply["record"] and reply["record"]["fair"] is None  # not missing: null
    witness = Witness(keep=False)
    room = {"code": "K7QMX4PA", "you": 0, "game": "ronda", "players": 2, "options": {}}
    witness.on_rematch({"commitment": "00" * 32, "match": 1}, room)
    witness.on_record({"t": "record", "code": "K7QMX4PA", "match": 1, **reply})
    findings = check(witness.record)
    assert [f.key for f in findings] == ["fair.no_fair_deal"] and not passed(findings)


class Page:
    """A stand-in for the page's ``window``: ``eval`` answers ``answer`` (or raises it)."""

    def __init__(self, answer):
        self.answer, self.asked = answer, []

    def eval(self, code):
        self.asked.append(code)
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def test_the_browser_contribution_comes_from_get_random_values_checked(caplog):
    from game.client.fair_check import make_contribution

    good = Page("0f" * 32)
    assert make_contribution(good) == "0f" * 32 and "getRandomValues" in good.asked[0]
    for broken in ("", None, "zz" * 32, "00" * 32, "ab" * 16, RuntimeError("no crypto")):
        caplog.clear()
        with caplog.at_level("WARNING", logger="majlis.fair"):
            value = make_contribution(Page(broken))
        assert len(value) == 64 and int(value, 16) >= 0 and value != "00" * 32
        assert "comes from secrets" in caplog.text  # the reason is logged
    assert len(make_contribution()) == 64  # natively: secrets


def test_a_restart_during_match_2_resumes_match_2_and_keeps_match_1(tmp_path):
    db = str(tmp_path / "tables.sqlite3")

    async def body():
        async with server(db=db) as (srv, url):
            a = await Client(url).connect()
            token = (await a.hello("A"))["token"]
            room = await a.create_private(options={"rules": "quick"})
            await a.send("start")
            await a.play(chooser(1))
            offer = await a.expect("rematch_state")
            await a.send("rematch", match=2, value="cd" * 32)  # the only person: it begins
            started = await next_match(a)
            assert started["fair"]["contributions"] == ["cd" * 32, ""]
            await a.play(chooser(2), max_actions=2)
            await a.close()
        async with server(db=db) as (srv, url), Client(url) as again:
            await again.hello("A", token=token)
            back = await again.expect("room")
            assert back["match"] == 2 and back["fair"]["commitment"] == offer["commitment"]
            await again.play(chooser(3))
            reveal = await again.expect("reveal")
            assert commitment(bytes.fromhex(reveal["secret"])).hex() == offer["commitment"]
            assert srv.store.table(room["code"], 1)["finished"] is not None
            assert srv.store.table(room["code"])["match"] == 2

    run(body(), 120)


def test_replays_and_checks_find_match_1_and_match_2_of_one_table(monkeypatch):
    from game.client import fair_check
    from game.client.replay_session import RecordFetch
    from game.ui.scenes.stats_recent import fair_record

    class Link:
        ready, failed = True, False

        def __init__(self):
            self.sent = []

        def send(self, kind, **fields):
            self.sent.append((kind, fields))
            return True

        def poll(self):
            return []

        def close(self):
            pass

    link = Link()
    RecordFetch(link, "K7QMX4PA", 0, 1).step(0.1)
    assert link.sent == [("get_record", {"code": "K7QMX4PA", "match": 1})]
    link = Link()
    RecordFetch(link, "K7QMX4PA", 0).step(0.1)
    assert link.sent == [("get_record", {"code": "K7QMX4PA"})]  # the latest
    kept = {"secret": "00" * 32, "log": [], "contributions": ["", ""]}
    records = [  # newest first, as the client keeps them
        {**kept, "code": "K7QMX4PA", "match": 2, "commitment": "two"},
        {**kept, "code": "K7QMX4PA", "match": 1, "commitment": "one"},
    ]
    monkeypatch.setattr(fair_check, "recent_records", lambda: records)
    assert fair_record("K7QMX4PA", 1)["commitment"] == "one"
    assert fair_record("K7QMX4PA", 2)["commitment"] == "two"
    assert fair_record("K7QMX4PA")["commitment"] == "one"  # an entry from before rematches


def test_in_the_lobby_a_rematch_for_a_table_no_longer_held_is_gone_and_leaving_hands_over():
    """Lobby level (no sockets): an accept for a table this process no longer holds is
    refused ``gone``; when the only other person leaves the finished table, the one who had
    accepted starts the next match (all persons still there accepted)."""
    from tests.test_net_fairness import create as lobby_create
    from tests.test_net_fairness import join as lobby_join
    from tests.test_net_fairness import lobby, say

    lob = lobby()
    a, b = lobby_join(lob, "A"), lobby_join(lob, "B")
    code = lobby_create(lob, a, turn_seconds=None, rules="quick")["code"]
    say(lob, b, "join", code=code)
    say(lob, a, "start")
    room = lob.rooms[code]
    while not room.over:
        for seat, conn in ((0, a), (1, b)):
            if not room.over and seat in room.live.match.to_act():
                action = room.live.match.legal_actions(seat)[0]
                say(lob, conn, "act", action=action)
        lob.pump()
    assert a.last("rematch_state")["match"] == 2
    say(lob, b, "rematch", match=2, value="0b")
    held = lob.rooms.pop(code)  # e.g. another process took it over meanwhile
    say(lob, a, "rematch", match=2, value="0a")
    assert a.last("error")["code"] == "gone" and lob.rematch.offers[code].ready == {1}
    lob.rooms[code] = held
    say(lob, a, "leave")  # A goes: B, the only person left, had accepted
    assert room.match_no == 2 and not room.over and room.host == 1
    assert [s.kind for s in room.live.seats] == ["bot", "remote"]
    assert b.last("room")["match"] == 2 and b.last("room")["fair"]["contributions"] == ["", "0b"]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_check_screen_says_plainly_that_a_match_had_no_fair_deal(lang):
    from game import i18n
    from game.client.fair_check import verdict_key
    from game.ui.app import App, Options
    from game.ui.scenes.check_match import finding_text, open_check

    record = {"code": "K7QMX4PA", "game": "ronda", "seat": 0, "fair_deal": False}
    app = App(Options(lang=lang))
    open_check(app, record, back="menu")
    scene = app.scene
    app.step(1 / 60)
    assert verdict_key(scene.findings) == "fair.verdict_none"
    (only,) = scene.findings
    assert finding_text(only).endswith(i18n.t("fair.no_fair_deal"))
    assert not scene.passed
    assert i18n.t("fair.verdict_none") != "fair.verdict_none"
    i18n.set_language("ar")


def test_a_table_resumed_from_before_the_fair_deals_says_fair_null_and_reveals_nothing():
    """(Fair leftovers b) a table stored without a fair deal deals from its plain seed: its
    room says ``fair: null``, no reveal is ever sent (there is no secret it was dealt from),
    and its record says ``fair: null``."""
    from game.table.clock import FakeClock
    from tests.test_net_fairness import join as lobby_join
    from tests.test_net_fairness import lobby, say

    store = Store()
    bot = {"kind": "bot", "level": "easy", "missed": 0, "assisted": False, "left": False}
    store.save_table(
        {
            "code": "K7QMX4PB",
            "game": "ronda",
            "players": 2,
            "options": {"rules": "quick"},
            "seed": 41,
            "deck": None,
            "visibility": "private",
            "turn_seconds": None,
            "bots": "easy",
            "host": 0,
            "seats": [
                {**bot, "name": "Bot 1", "player": None, "key": None},
                {**bot, "name": "Bot 2", "player": None, "key": None},
            ],
        }
    )
    clock = FakeClock()
    lob = lobby(store=store, clock=clock, limits=Limits(abandoned_grace=10_000))
    room = lob.rooms["K7QMX4PB"]
    assert not room.fair_dealt and lob.outgoing.room_msg(room, None)["fair"] is None
    for _ in range(400):
        if room.over:
            break
        clock.advance(1)
        lob.tick()
        lob.pump()
    assert room.over
    watcher = lobby_join(lob, "W")
    say(lob, watcher, "get_record", code="K7QMX4PB")
    got = watcher.last("record")
    assert "fair" in got["record"] and got["record"]["fair"] is None
    assert not watcher.all("reveal")
    assert store.table("K7QMX4PB")["fair"] is None
