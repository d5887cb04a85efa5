"""Online replays: the table server gives a finished table's match by its code (never before
its end, never the players' ids or keys), from the room it holds or from its store, and the
client turns it into a replay that reaches exactly the match's final state."""

import pytest

from game.client import replay
from game.net import protocol
from helpers import run_async as run
from test_net_server import clients, create, random_player, server


def test_a_finished_table_gives_its_match_for_a_replay_and_not_before():
    async def body():
        async with server() as (srv, url), clients(url, "Ali", "Bea") as (ali, bea):
            room = await create(ali, game="ronda", players=2, rules="quick")
            await ali.send("start")
            await ali.expect("room")
            early = await bea.request("get_record", "record", code=room["code"])
            assert early["t"] == "error" and early["code"] == "not_over"
            last = await ali.play(random_player(4))
            assert last["view"]["phase"] == "over"
            got = await bea.request("get_record", "record", code=room["link"])  # a link works too
            assert got["t"] == "record" and got["code"] == room["code"]
            stored = srv.store.table(room["code"])
            assert got["record"]["log"] == stored["log"] and got["record"]["seed"] == stored["seed"]
            assert set(got["record"]) - {"fair"} == {
                "game",
                "players",
                "options",
                "seed",
                "deck",
                "log",
            }
            assert got["names"][0] == "Ali"
            seen = replay.replay_of(got["record"], me=0, names=got["names"], online=True)
            final = replay.rebuilt(seen.record, seen.steps)
            assert final.view(0) == last["view"] and final.totals == last["view"]["totals"]
            del srv.lobby.rooms[room["code"]]  # the room is gone: the store still has it
            again = await bea.request("get_record", "record", code=room["code"])
            assert again["t"] == "record" and again["record"] == got["record"]
            missing = await bea.request("get_record", "record", code="ABCDEFGH")
            assert missing["t"] == "error" and missing["code"] == "no_record"
            return got

    got = run(body())
    assert set(got) == {"t", "code", "record", "names", "match"}  # no seat's player id or key
    assert all(isinstance(name, str) for name in got["names"])


@pytest.mark.parametrize(
    "msg",
    [
        {"t": "get_record"},
        {"t": "get_record", "code": ""},
        {"t": "get_record", "code": 5},
        {"t": "get_record", "code": "K7QMX4PA", "extra": 1},
        {"t": "get_record", "code": "x" * (protocol.MAX_STRING + 1)},
    ],
)
def test_a_malformed_record_request_is_refused(msg):
    with pytest.raises(protocol.ProtocolError):
        protocol.decode(
            protocol.encode(msg) if "extra" not in msg else __import__("json").dumps(msg)
        )
