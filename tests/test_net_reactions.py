"""Reactions through the real server: a seated player's phrase reaches every person at his
table (bots have no connection to send to), bad phrase ids and floods are refused with clear
codes and change nothing, and the match's frames still leak no hidden card."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.net.limits import REACTION_BURST
from game.net.protocol import PHRASES
from helpers import private_table, until
from helpers import run_async as run
from tests.leak_checks import assert_no_hand_leak, hands_by_log
from tests.test_net_fair import chooser, ronda_for_two, server
from wire_client import Client


def reactions(client):
    return [(f["seat"], f["phrase"]) for f in client.frames if f["t"] == "reaction"]


def test_a_reaction_reaches_every_person_at_the_table_and_bots_send_none():
    async def body():
        async with server() as (srv, url), Client(url) as a, Client(url) as b:
            await a.hello("A")
            await b.hello("B")
            room = await private_table(a, "hareeja", 4)
            await b.request("join", "room", code=room["code"])
            await a.send("start")
            await a.expect("events")
            await b.expect("events")
            await b.send("react", phrase="well_played")
            assert (await a.expect("reaction")) == {
                "t": "reaction",
                "seat": 1,
                "phrase": "well_played",
            }
            assert (await b.expect("reaction"))["seat"] == 1  # the sender's echo
            await a.request("ping", "pong")
            assert reactions(a) == [(1, "well_played")]  # seats 2 and 3 are bots: none
            log = srv.lobby.rooms[room["code"]].live.match.log
            assert all(action["type"] == "bid" for _, action in log)  # the bots', no reaction

    run(body(), 30)


def test_bad_phrases_and_floods_are_refused_and_change_nothing():
    async def body():
        async with server() as (_srv, url), Client(url) as a, Client(url) as b:
            await a.hello("A")
            await b.hello("B")
            alone = await a.request("react", "error", phrase="oops")
            assert alone["code"] == "not_seated"
            await ronda_for_two(a, b)
            for bad in ("free text", "", 3, None, "WELL_PLAYED"):
                refused = await raw(a, {"t": "react", "phrase": bad})
                assert refused["code"] == "protocol", refused
            extra = await raw(a, {"t": "react", "phrase": "oops", "to": 1})
            assert extra["code"] == "protocol"
            for _ in range(REACTION_BURST + 1):  # one past the burst
                await a.send("react", phrase="hurry_up")
            flood = await a.expect("error")
            assert flood == flood | {"code": "reaction_wait"}
            assert "wait" in flood["message"]
            await b.request("ping", "pong")
            assert reactions(b) == [(0, "hurry_up")] * REACTION_BURST

    run(body(), 30)


def test_reactions_during_a_match_leak_no_card():
    async def body():
        async with server() as (srv, url), Client(url) as a, Client(url) as b:
            await a.hello("A")
            await b.hello("B")
            room = await ronda_for_two(a, b)
            await a.send("start")
            await a.expect("events")
            await a.send("react", phrase="good_luck")
            await until(lambda: reactions(b))
            await asyncio.gather(a.play(chooser(3)), b.play(chooser(4)))
            await b.send("react", phrase="good_game")
            await until(lambda: (1, "good_game") in reactions(a))
            record = srv.store.table(room["code"])
            for client, seat in ((a, 0), (b, 1)):
                assert assert_no_hand_leak(client.frames, seat, hands_by_log("ronda", record)) > 5

    run(body(), 60)


async def raw(client, msg):
    """Send ``msg`` as it is (past the client's own checks); the server's error back."""
    client.drain()
    await client.send_raw(json.dumps(msg))
    return await client.expect("error")


def test_every_phrase_is_a_short_id():
    assert len(PHRASES) == len(set(PHRASES)) >= 6
    assert all(p.isidentifier() and p.islower() for p in PHRASES)


def test_the_client_reads_reactions_and_cannot_send_a_bad_one():
    from game.net import protocol

    msg = protocol.decode_server('{"t": "reaction", "seat": 2, "phrase": "oops"}')
    assert msg["seat"] == 2
    for bad in ('{"t": "reaction", "phrase": "oops"}', '{"t": "reaction", "seat": "2"}'):
        with pytest.raises(protocol.ProtocolError):
            protocol.decode_server(bad)
    with pytest.raises(protocol.ProtocolError, match="phrase"):
        protocol.encode({"t": "react", "phrase": "anything I like"})
