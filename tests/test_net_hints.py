"""Hints at an online table: offered only where the table's host allows it.

``create`` carries ``hints`` (optional, false by default); the server keeps it on the room,
sends it in every ``room`` message and in the public list, and stores it so a restarted server
keeps it (unstarted rooms and started tables; stores from before hints load it as false).
The lobby is driven directly with fake connections (tests/test_net_fairness.py's helpers).
"""

import json
import sqlite3

import pytest

from game.client.online import OnlineSession
from game.games.ronda.rules import Match as RondaMatch
from game.net import protocol
from game.net.store import Store
from tests.test_net_fairness import join, lobby, say

CREATE = {"game": "ronda", "players": 2, "visibility": "auto", "turn_seconds": 60, "bots": "easy"}


def create(lob, conn, players: int, hints: bool | None = None, visibility="private") -> dict:
    """A Ronda table created by ``conn``; ``hints`` None leaves the field out (the default)."""
    fields = {**CREATE, "players": players, "visibility": visibility}
    if hints is not None:
        fields["hints"] = hints
    say(lob, conn, "create", **fields)
    return conn.last("room")


@pytest.mark.parametrize("hints", [True, False, None])
def test_create_accepts_hints_true_false_or_missing(hints):
    fields = dict(CREATE) if hints is None else {**CREATE, "hints": hints}
    msg = protocol.decode(protocol.encode({"t": "create", **fields}))
    assert msg.get("hints") == hints


@pytest.mark.parametrize("bad", [1, 0, "yes", None, [], {}])
def test_create_refuses_hints_that_is_not_true_or_false(bad):
    with pytest.raises(protocol.ProtocolError) as caught:
        protocol.decode(json.dumps({"t": "create", **CREATE, "hints": bad}))
    assert caught.value.message == '"hints" in "create" must be true or false.'


def test_a_table_with_hints_tells_every_seat_and_the_public_list():
    lob = lobby()
    host, guest, other = join(lob, "Host"), join(lob, "Guest"), join(lob, "Omar")
    code = create(lob, host, players=3, visibility="auto", hints=True)["code"]
    plain = join(lob, "Plain")
    create(lob, plain, players=2, visibility="auto")
    say(lob, guest, "join", code=code)
    assert host.last("room")["hints"] is True and guest.last("room")["hints"] is True
    say(lob, other, "list")
    listed = {t["code"]: t["hints"] for t in other.last("tables")["list"]}
    assert listed[code] is True and list(listed.values()).count(False) == 1
    say(lob, host, "start")
    for conn in (host, guest):
        room = conn.last("room")
        assert room["started"] and room["hints"] is True
    assert plain.last("room")["hints"] is False


def test_hints_survive_a_restart_for_rooms_and_started_tables(tmp_path):
    db = str(tmp_path / "t.sqlite3")
    lob = lobby(store=Store(db))
    waiting, playing, plain = join(lob, "Waits"), join(lob, "Plays"), join(lob, "Plain")
    room_code = create(lob, waiting, players=3, hints=True)["code"]
    table_code = create(lob, playing, players=2, hints=True)["code"]
    plain_code = create(lob, plain, players=2)["code"]
    say(lob, playing, "start")
    say(lob, plain, "start")
    lob.pump()
    tokens = [c.last("welcome")["token"] for c in (waiting, playing, plain)]
    lob.store.close()
    again = lobby(store=Store(db))
    assert again.rooms[room_code].hints and again.rooms[table_code].hints
    assert not again.rooms[plain_code].hints
    back = [join(again, name, token) for name, token in zip(("Waits", "Plays", "Plain"), tokens)]
    assert [c.last("room")["hints"] for c in back] == [True, True, False]
    assert back[1].last("room")["started"] and not back[0].last("room")["started"]


def test_a_store_from_before_hints_is_migrated_and_its_tables_have_none(tmp_path):
    """An old database (no ``hints`` column, room records without the key) still opens; its
    tables and rooms come back without hints, and new tables store theirs."""
    db = str(tmp_path / "t.sqlite3")
    lob = lobby(store=Store(db))
    old_table, old_room = join(lob, "Old"), join(lob, "Waits")
    table_code = create(lob, old_table, players=2)["code"]
    room_code = create(lob, old_room, players=3)["code"]
    say(lob, old_table, "start")
    lob.pump()
    lob.store.close()
    raw = sqlite3.connect(db)
    raw.execute("ALTER TABLE tables DROP COLUMN hints")  # as the schema was before hints
    (record,) = raw.execute("SELECT record FROM rooms").fetchone()
    assert '"hints":false' in record
    raw.execute("UPDATE rooms SET record = replace(record, ',\"hints\":false', '')")
    raw.commit()
    assert "hints" not in {row[1] for row in raw.execute("PRAGMA table_info(tables)")}
    raw.close()
    again = lobby(store=Store(db))
    assert table_code in again.rooms and room_code in again.rooms
    assert not again.rooms[table_code].hints and not again.rooms[room_code].hints
    assert again.store.table(table_code)["hints"] is False
    newer = join(again, "New")
    code = create(again, newer, players=2, hints=True)["code"]
    say(again, newer, "start")
    again.pump()
    assert again.store.table(code)["hints"] is True


class Quiet:
    """A connection that sends nothing anywhere (the session's side is what is tested)."""

    def send(self, kind: str, **fields) -> bool:
        return True

    def poll(self) -> list[dict]:
        return []

    def woke(self) -> bool:
        return False


def ronda_session(room_extra: dict, you: int = 0) -> OnlineSession:
    match = RondaMatch.new(2, {"rules": "quick"}, seed=4)
    room = {
        "seats": [{"name": n, "kind": "human"} for n in "AB"],
        "you": you,
        "game": "ronda",
        "turn_seconds": None,
        "bots": "easy",
        **room_extra,
    }
    first = {
        "t": "events",
        "events": [e.for_seat(you) for e in match.start_events],
        "view": match.view(you),
        "legal": match.legal_actions(you) if you in match.to_act() else [],
    }
    return OnlineSession(Quiet(), room, first=first)


def test_a_client_at_a_table_with_hints_offers_them_and_at_a_default_table_not():
    assert ronda_session({"hints": True}).hints_offered()
    assert not ronda_session({"hints": False}).hints_offered()
    assert not ronda_session({}).hints_offered()  # a server from before hints


def test_an_online_seat_s_hint_is_thought_from_the_view_the_server_sent_with_its_figures():
    """Online, the hint is thought by the client from the view and legal actions the server
    sent (nothing of it goes back); its reason carries its figures and survives JSON."""
    from game.core.hints import Reason, run_hint

    session = ronda_session({"hints": True}, you=1)  # seat 1 plays first
    thought = session.hint_think()
    assert thought is not None
    action, why = run_hint(thought)
    assert action in session.legal()
    assert isinstance(why, Reason) and why.key.startswith("hint.")
    assert Reason.from_json(json.loads(json.dumps(why.to_json()))) == why
    assert ronda_session({"hints": False}, you=1).hint_think() is None
