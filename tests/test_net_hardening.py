"""What a client can no longer do, and what a restart no longer loses.

- TB-7: only the server's clock times a seat out; a client's ``{"type": "timeout"}`` is
  refused (``timeout_reserved``) and changes nothing.
- A number out of range (an 8,000-digit integer, 1e999) in any client message is a
  ``protocol`` refusal, never a ``server`` error: decoding bounds every number once, and a
  fuzz of malformed messages never makes the lobby raise.
- TB-5: every game refuses unknown option keys and wrong-typed values; public lists show only
  the options the game knows.
- TB-6: the first turn's clock is stored when the match starts, and a table resumed twice
  does not count the first downtime against the turn.
- TB-2: a request to join that waits for the host's answer survives a restart.

The lobby is driven directly (fake connections, FakeClock, a hand-moved wall clock) except
where the bug was seen through sockets: those tests run a real server on 127.0.0.1.
"""

import json
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import registry
from game.core.errors import IllegalAction
from game.net import protocol
from game.net.numbers import MAX_NUMBER
from game.net.server import TableServer
from game.net.store import Store
from game.table import Seat, Table
from game.table.clock import FakeClock
from helpers import run_async
from tests.test_net_fairness import create, join, lobby, say
from wire_client import Client

HUGE = "9" * 8000  # Python refuses int <-> str past 4,300 digits


# ----- a. TB-7: a client may not time himself out ---------------------------------------------
def test_TB_7_a_player_cannot_send_the_engines_safe_move_only_the_clock_times_him_out():
    clock = FakeClock()
    match = registry.get("ronda").engine_class().new(2, {}, seed=4)
    table = Table(match, [Seat("human", "A"), Seat("human", "B")], clock, turn_seconds=60)
    seat = match.to_act()[0]
    for action in ({"type": "timeout"}, {"type": "timeout", "card": "1O"}):
        for human in (True, None):  # said, or inferred from a person's seat
            with pytest.raises(IllegalAction) as refused:
                table.act(seat, action, human=human)
            assert refused.value.code == "timeout_reserved"
    assert match.log == [] and table.seats[seat].missed == 0
    clock.advance(60)
    events = table.tick()  # the clock may
    assert events[0].type == "turn_timeout" and match.log == [[seat, {"type": "timeout"}]]
    assert table.seats[seat].missed == 1


def test_TB_7_a_clients_timeout_through_the_socket_is_refused_and_the_turn_goes_on():
    async def body():
        srv = await TableServer(port=0, bot_delay=0, rate=(100_000, 100_000.0)).start()
        url = f"ws://127.0.0.1:{srv.port}"
        try:
            async with Client(url) as a, Client(url) as b:
                await a.hello("A")
                await b.hello("B")
                room = await a.request(
                    "create",
                    "room",
                    game="ronda",
                    players=2,
                    visibility="private",
                    turn_seconds=60,
                    bots="easy",
                )
                await b.request("join", "room", code=room["code"])
                await a.send("start")
                first = [await c.expect("events") for c in (a, b)]
                mover, msg = next((c, m) for c, m in zip((a, b), first) if m["legal"])
                table = srv.lobby.rooms[room["code"]].live
                refused = await mover.request("act", action={"type": "timeout"})
                assert refused["t"] == "error" and refused["code"] == "timeout_reserved"
                assert table.match.log == [] and all(s.missed == 0 for s in table.seats)
                await mover.send("act", action=msg["legal"][0])  # a real move still plays
                while (await mover.expect("events"))["log"] < 1:
                    pass
                assert len(table.match.log) == 1
        finally:
            await srv.close()

    run_async(body(), 30)


# ----- b. numbers out of range ----------------------------------------------------------------
@pytest.mark.parametrize(
    "frame",
    [
        '{"t": "join", "code": ' + HUGE + "}",
        '{"t": "act", "action": {"type": "play", "card": ' + HUGE + "}}",
        '{"t": "act", "action": {"type": "bid", "n": -' + HUGE + "}}",
        '{"t": "create", "game": "ronda", "players": ' + HUGE + ', "visibility": "private", '
        '"turn_seconds": null, "bots": "easy"}',
        '{"t": "act", "action": {"type": "bid", "n": 1e999}}',
        '{"t": "act", "action": {"type": "bid", "n": 9007199254740992}}',
        '{"t": "act", "action": {"type": "bid", "n": 12345678901234567890.5}}',
        '{"t": "ping", "x": ' + "1" * 5000 + "}",
    ],
    ids=["code", "card", "negative", "players", "1e999", "2**53", "fraction", "ping"],
)
def test_a_number_out_of_range_is_a_protocol_refusal_naming_the_range(frame):
    with pytest.raises(protocol.ProtocolError) as refused:
        protocol.decode(frame)
    assert "number" in refused.value.message


def test_numbers_at_the_range_limit_are_read():
    top = MAX_NUMBER
    msg = protocol.decode(json.dumps({"t": "act", "action": {"type": "bid", "n": -top, "m": 0.5}}))
    assert msg["action"]["n"] == -top


def test_a_server_message_with_a_huge_number_is_a_protocol_error_for_the_client():
    with pytest.raises(protocol.ProtocolError):
        protocol.decode_server('{"t": "pong", "n": ' + HUGE + "}")


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=70),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = ("code", "game", "players", "action", "type", "card", "options", "name", "token", "t")
MESSAGES = st.fixed_dictionaries(
    {"t": st.sampled_from(protocol.CLIENT_TYPES + ("dance", ""))},
    optional=dict.fromkeys(FIELDS[:-1], JSON_VALUES),
)
NUMBER_TEXT = st.sampled_from([HUGE, "-" + HUGE, "1e999", "-1e999", "1" * 4301, "0.5", "7"])


@st.composite
def frames(draw):
    """A client frame: a message of random fields, sometimes with a raw number spliced in
    (JSON a generator would never write), sometimes cut short."""
    text = json.dumps(draw(MESSAGES))
    if draw(st.booleans()):
        text = text[:-1] + f', "n": {draw(NUMBER_TEXT)}}}'
    if draw(st.integers(0, 9)) == 0:
        text = text[: draw(st.integers(0, len(text)))]
    return text


def is_idle_back(frame: str) -> bool:
    """A well-formed ``back`` (whatever else it carries): at a seat its player still plays,
    reclaiming it changes nothing, so the lobby sends nothing (the bots' own moves, which
    used to answer it by chance, are queued for the bot workers since bot play was shared out
    fairly)."""
    try:
        message = json.loads(frame)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("t") == "back"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(frames(), min_size=1, max_size=6))
def test_malformed_messages_never_raise_and_never_change_the_table(batch):
    """Whatever a seated player sends at a started table, the lobby answers (never raises:
    a raise is the server's ``server`` error and a traceback), and a refused message leaves
    the match as it was."""
    lob = lobby(clock=FakeClock())
    ali = join(lob, "Ali")
    code = create(lob, ali, game="hareeja", players=4, turn_seconds=None)["code"]
    say(lob, ali, "start")
    match = lob.rooms[code].live.match
    for frame in batch:
        log = len(match.log)
        before = len(ali.sent)
        lob.receive(ali, frame)
        replies = ali.sent[before:]
        if not replies:  # only an "I'm back" from a seat no bot plays may pass unanswered:
            assert is_idle_back(frame), frame  # it changes nothing and has nothing to say (TB-8)
            assert len(match.log) == log
        for reply in replies:
            protocol.decode_server(json.dumps(reply))  # each one a well-formed server message
        if any(r["t"] == "error" for r in replies):
            assert len(match.log) == log


# ----- f. TB-5: options every game knows, and only those ----------------------------------------
GOOD = {
    "hareeja": (4, {"first_dealer": 2}),
    "ronda": (2, {"rules": "quick", "first_dealer": 1}),
    "hand_rummy": (4, {"rounds": 3, "variant": "classic", "partnership": True}),
}
WRONG_TYPED = {
    "hareeja": [{"first_dealer": "0"}, {"first_dealer": True}, {"first_dealer": None}],
    "ronda": [{"rules": 41}, {"rules": None}, {"first_dealer": "1"}],
    "hand_rummy": [
        {"rounds": "5"},
        {"rounds": True},
        {"variant": 1},
        {"partnership": "yes"},
        {"partnership": None},
    ],
}


@pytest.mark.parametrize("game", sorted(GOOD))
def test_TB_5_every_game_refuses_an_unknown_option_key_by_name(game):
    players, good = GOOD[game]
    engine = registry.get(game).engine_class()
    assert engine.new(players, good, seed=1).options == good
    for extra in ({"colour": "red"}, {"Rounds": 3}, {"first dealer": 0}):
        with pytest.raises(IllegalAction) as refused:
            engine.new(players, {**good, **extra}, seed=1)
        assert refused.value.code == "bad_option"
        assert next(iter(extra)) in refused.value.message


@pytest.mark.parametrize("game", sorted(GOOD))
def test_TB_5_every_game_refuses_wrong_typed_option_values(game):
    players, _ = GOOD[game]
    engine = registry.get(game).engine_class()
    for options in WRONG_TYPED[game]:
        with pytest.raises(IllegalAction) as refused:
            engine.new(players, options, seed=1)
        assert refused.value.message


@pytest.mark.parametrize("game", sorted(GOOD))
def test_TB_5_the_public_list_shows_only_options_the_game_knows(game):
    players, good = GOOD[game]
    lob = lobby()
    host, looker = join(lob, "Host"), join(lob, "Looker")
    fields = {"game": game, "players": players, "turn_seconds": None, "bots": "easy"}
    say(lob, host, "create", visibility="auto", options={**good, "planted": 1}, **fields)
    refusal = host.last("error")
    assert refusal["code"] == "bad_table" and "planted" in refusal["message"]
    assert lob.rooms == {}
    create(lob, host, game=game, players=players, visibility="auto", **good)
    say(lob, looker, "list")
    (entry,) = looker.last("tables")["list"]
    assert entry["options"] == good


# ----- c. TB-6: the first turn's clock, and a second restart ------------------------------------
def two_people_at_ronda(lob):
    """Two people at a timed Ronda table, started: the first turn is a person's."""
    a, b = join(lob, "A"), join(lob, "B")
    code = create(lob, a, game="ronda", players=2, turn_seconds=60)["code"]
    say(lob, b, "join", code=code)
    say(lob, a, "start")
    tokens = [c.last("welcome")["token"] for c in (a, b)]
    return code, tokens


def remaining_for(lob, token: str) -> list:
    return join(lob, "X", token).last("deadline")["remaining"]


def test_TB_6_the_first_turn_of_a_match_resumes_with_the_time_that_was_left(tmp_path):
    db, wall = str(tmp_path / "t.sqlite3"), [1000.0]
    clock = FakeClock()
    lob = lobby(store=Store(db), clock=clock, pace=0, wall=lambda: wall[0])
    code, tokens = two_people_at_ronda(lob)
    seat = lob.rooms[code].live.match.to_act()[0]
    assert lob.rooms[code].live.match.log == []  # nobody has moved: the match's first turn
    clock.advance(20)
    wall[0] += 20
    lob.tick()  # the heartbeat
    lob.store.close()
    wall[0] += 600  # ten minutes down: not counted
    again = lobby(store=Store(db), clock=FakeClock(50), pace=0, wall=lambda: wall[0])
    assert remaining_for(again, tokens[seat])[seat] == pytest.approx(40, abs=0.05)


def test_TB_6_a_second_restart_does_not_count_the_first_downtime(tmp_path):
    db, wall = str(tmp_path / "t.sqlite3"), [1000.0]
    clock = FakeClock()
    lob = lobby(store=Store(db), clock=clock, pace=0, wall=lambda: wall[0])
    code, tokens = two_people_at_ronda(lob)
    seat = lob.rooms[code].live.match.to_act()[0]
    clock.advance(10)
    wall[0] += 10
    lob.tick()
    lob.store.close()
    wall[0] += 600
    again = lobby(store=Store(db), clock=FakeClock(), pace=0, wall=lambda: wall[0])
    again.tick()  # the restarted server's first heartbeat, then it dies with no move made
    again.store.close()
    wall[0] += 600
    third = lobby(store=Store(db), clock=FakeClock(), pace=0, wall=lambda: wall[0])
    assert remaining_for(third, tokens[seat])[seat] == pytest.approx(50, abs=0.05)


# ----- e. TB-2: a pending request survives a restart --------------------------------------------
def test_TB_2_a_request_waiting_for_the_hosts_answer_survives_a_restart(tmp_path):
    db = str(tmp_path / "t.sqlite3")
    lob = lobby(store=Store(db))
    host, asker = join(lob, "Host"), join(lob, "Asker")
    code = create(lob, host, game="ronda", players=3, visibility="approval")["code"]
    say(lob, asker, "join", code=code)
    assert asker.last("waiting")["code"] == code
    tokens = [c.last("welcome")["token"] for c in (host, asker)]
    lob.store.close()
    again = lobby(store=Store(db))
    host2 = join(again, "Host", tokens[0])
    (pending,) = host2.last("room")["pending"]
    assert pending["name"] == "Asker"
    asker2 = join(again, "Asker", tokens[1])
    assert asker2.last("waiting")["code"] == code  # told he still waits
    say(again, host2, "answer", player=pending["player"], accept=True)
    assert asker2.last("room")["you"] == 1 and again.rooms[code].seated() == 2


def test_TB_2_a_request_left_before_the_restart_is_not_brought_back(tmp_path):
    db = str(tmp_path / "t.sqlite3")
    lob = lobby(store=Store(db))
    host, asker = join(lob, "Host"), join(lob, "Asker")
    code = create(lob, host, game="ronda", players=3, visibility="approval")["code"]
    say(lob, asker, "join", code=code)
    say(lob, asker, "leave")
    token = host.last("welcome")["token"]
    lob.store.close()
    again = lobby(store=Store(db))
    assert again.rooms[code].pending == []
    assert join(again, "Host", token).last("room")["pending"] == []


def test_the_fuzz_strategy_reaches_the_numbers_it_is_for():
    """The fuzz above is only worth something if it sends what broke the server."""
    seen = set()

    @settings(max_examples=200, deadline=None)
    @given(frames())
    def collect(frame):
        seen.update(n for n in (HUGE, "1e999") if n in frame)

    collect()
    assert seen == {HUGE, "1e999"}


def test_TB_5_a_table_stored_with_an_unknown_option_before_they_were_refused_resumes(tmp_path):
    """Records from before the refusal may hold keys the engine ignored then: the table (and
    an unstarted room) comes back without them, its log replaying the same, never dropped."""
    db = str(tmp_path / "t.sqlite3")
    lob = lobby(store=Store(db))
    ali, host = join(lob, "Ali"), join(lob, "Host")
    code = create(lob, ali, game="hand_rummy", players=2, turn_seconds=None, rounds=1)["code"]
    say(lob, ali, "start")
    for _ in range(3):  # a few moves, the bot's and Ali's
        lob.pump()
        legal = ali.last("events")["legal"]
        if legal:
            say(lob, ali, "act", action=legal[0])
    log = list(lob.rooms[code].live.match.log)
    assert len(log) >= 2
    room = create(lob, host, game="hareeja", players=4, turn_seconds=None, visibility="auto")
    tokens = [c.last("welcome")["token"] for c in (ali, host)]
    lob.store.close()
    raw = sqlite3.connect(db)
    raw.execute("UPDATE tables SET options = ? WHERE code = ?", ('{"rounds":1,"old":1}', code))
    stored = json.loads(raw.execute("SELECT record FROM rooms").fetchone()[0])
    stored["options"] = {"planted": "x"}
    raw.execute("UPDATE rooms SET record = ?", (json.dumps(stored),))
    raw.commit()
    raw.close()
    again = lobby(store=Store(db))
    assert again.rooms[code].options == {"rounds": 1}
    assert again.rooms[code].live.match.log == log
    assert again.rooms[room["code"]].options == {}
    host2 = join(again, "Host", tokens[1])
    say(again, host2, "start")
    assert host2.last("room")["started"] and host2.last("room")["options"] == {}
    assert join(again, "Ali", tokens[0]).last("room")["code"] == code
