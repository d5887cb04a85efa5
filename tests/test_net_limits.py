"""Abuse limits of the table server, each accepted AT its limit and refused one past it.

The lobby is driven directly (fake connections, FakeClock, hand-moved rate clock), so nothing
depends on wall-clock speed. Covers: tables ending after a grace period (and leaving the counts
and the store), the zombie-table loop, per-address connections, time to say hello, wrong codes
with back-off per address, tables per connection and per address, frame size, nesting depth,
item count, rate burst, the pacing backlog bound, a second hello with another player's token,
player names, pruning, a damaged store. Per network and server-wide: test_net_networks.py.
"""

import json

import pytest

from game.core.events import Event
from game.net import protocol
from game.net.limits import Limits
from game.net.names import BadName, clean_name, distinct_names
from game.net.outbox import Outbox
from game.net.pacing import PACE_MAX_BACKLOG, held_until
from game.net.store import Store, StoreDamaged, move_aside
from game.table.clock import FakeClock
from tests.leak_checks import assert_no_card_leak, hidden_by_log
from tests.test_net_fairness import Conn, create, lobby, say


def hello(lob, name, address="1.2.3.4", token=None) -> Conn:
    conn = Conn()
    assert lob.connect(conn, address)
    say(lob, conn, "hello", name=name, token=token)
    return conn


def untimed(lob, conn, **kw):
    return create(lob, conn, turn_seconds=None, **kw)


def ask_to_create(lob, conn) -> None:
    """Ask for a private untimed Ronda table, with no "room" expected back (refusals)."""
    say(
        lob,
        conn,
        "create",
        game="ronda",
        players=2,
        visibility="private",
        turn_seconds=None,
        bots="easy",
    )


# ----- tables end after a grace period -------------------------------------------------------
def test_an_unstarted_table_with_nobody_connected_ends_after_the_grace_and_leaves_the_store():
    clock = FakeClock()
    store = Store()
    lob = lobby(clock=clock, store=store, limits=Limits(unstarted_grace=120))
    host = hello(lob, "Host")
    code = untimed(lob, host)["code"]
    lob.disconnect(host)
    clock.advance(119.9)
    lob.tick()
    assert code in lob.rooms and store.has_code(code)
    clock.advance(0.1)
    lob.tick()
    assert code not in lob.rooms and not store.has_code(code)
    assert lob.guard.tables.empty()  # it left the per-address and per-network counts


def test_an_unstarted_table_ends_after_its_longest_wait_and_says_why():
    clock = FakeClock()
    lob = lobby(clock=clock, limits=Limits(unstarted_max=600))
    host = hello(lob, "Host")
    code = untimed(lob, host)["code"]
    clock.advance(599)
    lob.tick()
    assert code in lob.rooms
    clock.advance(1)
    lob.tick()
    assert code not in lob.rooms
    assert (
        host.all("error")[-1]["code"] == "closed"
        and "10 minutes" in host.all("error")[-1]["message"]
    )
    assert host.last("left")["code"] == code
    assert untimed(lob, host)["you"] == 0  # free to create another


def test_a_started_table_nobody_is_connected_to_ends_and_is_never_resumed(tmp_path):
    clock = FakeClock()
    path = str(tmp_path / "s.sqlite3")
    lob = lobby(clock=clock, store=Store(path), limits=Limits(abandoned_grace=60))
    host = hello(lob, "Host")
    code = untimed(lob, host, game="hareeja", players=4)["code"]
    say(lob, host, "start")
    lob.pump()
    lob.disconnect(host)
    clock.advance(59)
    lob.tick()
    assert code in lob.rooms
    clock.advance(1)
    lob.tick()
    assert code not in lob.rooms and lob.guard.tables.empty() and lob.guard.bot_tables.empty()
    record = lob.store.table(code)
    assert record["finished"] is not None and record["result"]["abandoned"] is True
    lob.store.close()
    again = lobby(clock=FakeClock(), store=Store(path))
    assert code not in again.rooms  # not resumed after a restart


def test_a_reconnect_within_the_grace_keeps_the_table():
    clock = FakeClock()
    lob = lobby(clock=clock, limits=Limits(abandoned_grace=60))
    host = hello(lob, "Host")
    token = host.last("welcome")["token"]
    code = untimed(lob, host, game="hareeja", players=4)["code"]
    say(lob, host, "start")
    lob.disconnect(host)
    clock.advance(59)
    back = hello(lob, "Host", token=token)
    clock.advance(30)
    lob.tick()
    assert code in lob.rooms and back.last("room")["you"] == 0


def test_zombie_table_loop_never_stops_a_new_player_from_creating_a_table():
    """Connect, create an untimed table, start it (bots fill it), disconnect — repeated from
    one address, faster than the grace ends them. The address holds at most its quota of
    tables, far under the server's cap, and a newcomer can always create one."""
    clock = FakeClock()
    limits = Limits(
        max_rooms=60, tables_per_address=20, abandoned_grace=120, connections_per_address=5
    )
    lob = lobby(clock=clock, limits=limits)
    refused = 0
    for i in range(400):  # 400 loops, one every 0.5 s: 200 s of abuse
        zombie = Conn()
        if lob.connect(zombie, "6.6.6.6"):
            say(lob, zombie, "hello", name=f"z{i}")
            say(
                lob,
                zombie,
                "create",
                game="hareeja",
                players=4,
                visibility="private",
                turn_seconds=None,
                bots="easy",
            )
            say(lob, zombie, "start")
            refused += any(e["code"] == "too_many" for e in zombie.all("error"))
            lob.disconnect(zombie)
        clock.advance(0.5)
        lob.tick()
        assert len(lob.rooms) <= limits.tables_per_address
        if i % 25 == 0:
            newcomer = hello(lob, f"new{i}", address=f"10.0.0.{i % 250}")
            assert untimed(lob, newcomer, game="ronda")["you"] == 0
            say(lob, newcomer, "leave")  # an unstarted table of one: it ends
            lob.disconnect(newcomer)
    assert refused > 0  # the quota did bite


# ----- connections -----------------------------------------------------------------------------
def test_connections_per_address_at_the_limit_accepted_one_past_refused_with_a_reason():
    lob = lobby(limits=Limits(connections_per_address=3))
    conns = [Conn() for _ in range(4)]
    assert all(lob.connect(c, "5.5.5.5") for c in conns[:3])
    assert not lob.connect(conns[3], "5.5.5.5")
    assert conns[3].closed[0] == 1008 and "Too many connections" in conns[3].closed[1]
    assert lob.connect(Conn(), "5.5.5.6")  # another address is not affected
    lob.disconnect(conns[0])
    assert lob.connect(Conn(), "5.5.5.5")  # a slot came free


def test_ipv6_addresses_count_by_their_64_network():
    from game.net.guard import address_key

    assert address_key("2001:db8:1:2::5") == address_key("2001:db8:1:2:ffff::9")
    assert address_key("2001:db8:1:3::5") != address_key("2001:db8:1:2::5")
    assert address_key("::ffff:1.2.3.4") == "1.2.3.4"


def test_a_connection_must_say_hello_in_time():
    clock = FakeClock()
    lob = lobby(clock=clock, limits=Limits(hello_timeout=10))
    silent, polite = Conn(), Conn()
    lob.connect(silent, "a")
    lob.connect(polite, "b")
    say(lob, polite, "hello", name="Polite")
    clock.advance(9.9)
    lob.tick()
    assert silent.closed is None
    clock.advance(0.1)
    lob.tick()
    assert silent.closed[0] == 1008 and "hello within 10 seconds" in silent.closed[1]
    assert polite.closed is None


# ----- wrong codes: back-off per address, a budget for the server --------------------------------
def test_TB_1_wrong_codes_back_off_per_address_and_a_right_code_is_not_looked_up_meanwhile():
    now = [0.0]
    lob = lobby(rate_clock=lambda: now[0], limits=Limits(join_free_misses=5))
    host = hello(lob, "Host", address="9.9.9.9")
    code = untimed(lob, host, game="ronda", players=3)["code"]
    guesser = hello(lob, "Guesser", address="6.6.6.6")
    for _ in range(5):  # at the limit: each one looked up
        say(lob, guesser, "join", code="ZZZZZZZZ")
        assert guesser.last("error")["code"] == "no_room"
    say(lob, guesser, "join", code="ZZZZZZZZ")  # the sixth miss: 2 s of back-off
    assert guesser.last("error")["code"] == "no_room"
    say(lob, guesser, "join", code=code)  # even the right code waits
    assert (
        guesser.last("error")["code"] == "slow_down" and "2 s" in guesser.last("error")["message"]
    )
    now[0] += 2
    say(lob, guesser, "join", code="ZZZZZZZZ")  # seventh miss: 4 s
    now[0] += 3.9
    say(lob, guesser, "join", code=code)
    assert guesser.last("error")["code"] == "slow_down"
    now[0] += 0.1
    say(lob, guesser, "join", code=code)
    assert guesser.last("room")["code"] == code  # allowed again, seated
    friend = hello(lob, "Friend", address="7.7.7.7")  # another address: no back-off
    say(lob, friend, "join", code=code)
    assert friend.last("room")["you"] == 2


# ----- tables per connection and per address -----------------------------------------------------
def test_tables_per_connection_at_the_limit_accepted_one_past_refused():
    lob = lobby(limits=Limits(max_creates=4))
    conn = hello(lob, "Maker")
    for _ in range(4):
        assert untimed(lob, conn)["you"] == 0
        say(lob, conn, "leave")
    ask_to_create(lob, conn)
    assert conn.last("error")["code"] == "too_many"


def test_live_tables_per_address_at_the_limit_accepted_one_past_refused():
    lob = lobby(limits=Limits(tables_per_address=3))
    for i in range(3):
        assert untimed(lob, hello(lob, f"h{i}"))["you"] == 0
    extra = hello(lob, "h3")
    ask_to_create(lob, extra)
    assert extra.last("error")["code"] == "too_many" and "address" in extra.last("error")["message"]


def test_tables_per_server_at_the_limit_accepted_one_past_refused():
    lob = lobby(limits=Limits(max_rooms=3))
    for i in range(3):  # each from its own address: only the server's cap applies
        assert untimed(lob, hello(lob, f"h{i}", address=f"10.0.0.{i}"))["you"] == 0
    late = hello(lob, "late", address="10.0.0.9")
    ask_to_create(lob, late)
    assert late.last("error")["code"] == "too_many" and "full" in late.last("error")["message"]
    assert len(lob.rooms) == 3


# ----- frames, nesting, items, rate --------------------------------------------------------------
def test_frame_size_at_the_limit_accepted_one_past_refused():
    ping = '{"t":"ping"}'
    assert protocol.decode(ping + " " * (protocol.MAX_FRAME - len(ping)))["t"] == "ping"
    with pytest.raises(protocol.ProtocolError, match="too long"):
        protocol.decode(ping + " " * (protocol.MAX_FRAME - len(ping) + 1))


def nested(depth: int) -> dict:
    """An action whose deepest value sits at ``depth`` (the action object is depth 1)."""
    value: object = "x"
    for _ in range(depth - 2):
        value = [value]
    return {"type": "play", "a": value}


def test_action_nesting_depth_at_the_limit_accepted_one_past_refused():
    protocol.decode(json.dumps({"t": "act", "action": nested(protocol.MAX_ACTION_DEPTH)}))
    with pytest.raises(protocol.ProtocolError, match="nested too deeply"):
        protocol.decode(json.dumps({"t": "act", "action": nested(protocol.MAX_ACTION_DEPTH + 1)}))


def test_action_item_count_at_the_limit_accepted_one_past_refused():
    def action(values: int) -> dict:  # the object, "type", the list: 3 values
        return {"type": "meld", "a": [0] * (values - 3)}

    protocol.decode(json.dumps({"t": "act", "action": action(protocol.MAX_ACTION_ITEMS)}))
    with pytest.raises(protocol.ProtocolError, match="too big"):
        protocol.decode(json.dumps({"t": "act", "action": action(protocol.MAX_ACTION_ITEMS + 1)}))


def create_with(options: dict) -> str:
    return json.dumps(
        {
            "t": "create",
            "game": "ronda",
            "players": 2,
            "visibility": "private",
            "turn_seconds": None,
            "bots": "easy",
            "options": options,
        }
    )


def test_option_count_at_the_limit_accepted_one_past_refused():
    protocol.decode(create_with({f"o{i}": i for i in range(protocol.MAX_OPTIONS)}))
    with pytest.raises(protocol.ProtocolError, match="too many entries"):
        protocol.decode(create_with({f"o{i}": i for i in range(protocol.MAX_OPTIONS + 1)}))


def test_option_name_and_text_at_the_limit_accepted_one_past_refused():
    at, past = "n" * protocol.MAX_STRING, "n" * (protocol.MAX_STRING + 1)
    protocol.decode(create_with({at: at}))
    with pytest.raises(protocol.ProtocolError, match=r"option name .* is too long"):
        protocol.decode(create_with({past: 1}))
    with pytest.raises(protocol.ProtocolError, match=f'Option "{at}" .* is too long'):
        protocol.decode(create_with({at: past}))


def test_action_strings_and_names_at_the_limit_accepted_one_past_refused():
    at, past = "c" * protocol.MAX_STRING, "c" * (protocol.MAX_STRING + 1)
    protocol.decode(json.dumps({"t": "act", "action": {"type": "play", "card": at, at: 1}}))
    with pytest.raises(protocol.ProtocolError, match="A string in the action is too long"):
        protocol.decode(json.dumps({"t": "act", "action": {"type": "play", "card": past}}))
    with pytest.raises(protocol.ProtocolError, match="too long"):
        protocol.decode(json.dumps({"t": "act", "action": {"type": "play", past: 1}}))


def test_rate_burst_at_the_limit_accepted_one_past_refused():
    lob = lobby(rate=(10, 0.001), rate_clock=lambda: 0.0)
    conn = Conn()
    lob.connect(conn)
    for _ in range(11):
        say(lob, conn, "ping")
    assert [m["t"] for m in conn.sent] == ["pong"] * 10 + ["error"]
    assert conn.sent[-1]["code"] == "rate"


def test_sustained_flooding_closes_the_connection_at_the_strike_limit_not_before():
    from game.net.rooms import FLOOD_CLOSE, FLOOD_STRIKES

    lob = lobby(rate=(1, 0.001), rate_clock=lambda: 0.0)  # no time passes: nothing forgiven
    conn = Conn()
    lob.connect(conn)
    say(lob, conn, "ping")  # the one message the bucket holds
    for _ in range(int(FLOOD_STRIKES) - 1):  # refused, each a strike
        say(lob, conn, "ping")
    assert conn.closed is None and conn.sent[-1]["code"] == "rate"
    say(lob, conn, "ping")  # the strike that reaches the limit
    assert conn.closed is not None and conn.closed[0] == FLOOD_CLOSE


# ----- pacing backlog ----------------------------------------------------------------------------
def test_the_pacing_backlog_is_bounded_exactly():
    assert held_until(100.0, 100.0, PACE_MAX_BACKLOG) == 100.0 + PACE_MAX_BACKLOG
    assert held_until(100.0, 110.0, 10.0) == 100.0 + PACE_MAX_BACKLOG
    lob = lobby()
    host = hello(lob, "Host")
    untimed(lob, host)
    say(lob, host, "start")
    room = next(iter(lob.rooms.values()))
    now = lob.clock.now()
    for _ in range(20):  # 20 score panels at once
        lob.pacer.hold(room, [Event("deal_scored", {})])
    assert room.shown_at == now + PACE_MAX_BACKLOG


# ----- one connection, one seat ------------------------------------------------------------------
def test_a_second_hello_with_another_players_token_is_refused_and_no_connection_sees_two_seats():
    lob = lobby()
    a, b = hello(lob, "A"), hello(lob, "B")
    b_token = b.last("welcome")["token"]
    code = untimed(lob, a, game="ronda", players=2)["code"]
    say(lob, b, "join", code=code)
    say(lob, a, "start")
    lob.pump()
    say(lob, a, "hello", name="B", token=b_token)
    assert (
        a.last("error")["code"] == "protocol"
        and "already has a player" in a.last("error")["message"]
    )
    assert b.closed is None  # B was not thrown out
    while lob.rooms[code].table.match.phase != "over":
        for conn, _seat in ((a, 0), (b, 1)):
            events = conn.last("events")
            if events["legal"] and events["log"] == len(lob.rooms[code].table.match.log):
                say(lob, conn, "act", action=events["legal"][0])
        lob.pump()
    assert {m["view"]["you"] for m in a.all("events")} == {0}
    assert {m["view"]["you"] for m in b.all("events")} == {1}
    assert {m["you"] for m in a.all("room")} == {0}


# ----- who may join, and what the host may answer ------------------------------------------------
def test_a_code_never_seats_a_stranger_in_a_started_match_not_even_in_a_leavers_seat():
    lob = lobby()
    host, guest = hello(lob, "Host"), hello(lob, "Guest")
    code = untimed(lob, host, game="hareeja", players=4)["code"]
    say(lob, guest, "join", code=code)
    say(lob, host, "start")
    say(lob, guest, "leave")  # his seat goes to a bot (TB-9)
    stranger = hello(lob, "Stranger")
    say(lob, stranger, "join", code=code)
    assert stranger.last("error")["code"] == "started"
    assert stranger not in [o and o.conn for o in lob.rooms[code].occupants]


def approval_table(lob, players: int = 3):
    host = hello(lob, "Host")
    code = untimed(lob, host, game="ronda", players=players, visibility="approval")["code"]
    return host, code


def asked(lob, name: str, code: str):
    conn = hello(lob, name)
    say(lob, conn, "join", code=code)
    assert conn.last("waiting")["code"] == code
    return conn


def test_the_host_seats_the_asker_he_names_not_the_first_in_line():
    lob = lobby()
    host, code = approval_table(lob)
    first, second = asked(lob, "First", code), asked(lob, "Second", code)
    pending = host.last("room")["pending"]
    assert [p["name"] for p in pending] == ["First", "Second"]
    say(lob, host, "answer", player=pending[1]["player"], accept=True)
    assert second.last("room")["you"] == 1
    assert [p["name"] for p in host.last("room")["pending"]] == ["First"]
    assert first.last("waiting")["code"] == code and first.all("room") == []


def test_the_last_free_seat_given_the_others_waiting_are_refused_and_told():
    lob = lobby()
    host, code = approval_table(lob, players=2)
    late = asked(lob, "Late", code)
    early = asked(lob, "Early", code)
    ids = {p["name"]: p["player"] for p in host.last("room")["pending"]}
    say(lob, host, "answer", player=ids["Early"], accept=True)  # the last free seat
    assert early.last("room")["you"] == 1
    assert late.last("refused")["code"] == code and host.last("room")["pending"] == []
    say(lob, host, "answer", player=ids["Late"], accept=True)  # too late: nobody is asking
    assert host.last("error")["code"] == "no_request"
    assert lob.rooms[code].seated() == 2 and late.all("room") == []


def test_host_requests_after_the_start_are_refused_and_change_nothing():
    lob = lobby()
    host = hello(lob, "Host")
    code = untimed(lob, host, game="hareeja", players=4)["code"]
    say(lob, host, "start")
    log = list(lob.rooms[code].live.match.log)
    say(lob, host, "start")
    assert host.last("error")["code"] == "started"
    assert lob.rooms[code].live.match.log == log


def test_a_player_who_connects_again_takes_his_seat_from_the_old_connection():
    lob = lobby()
    old = hello(lob, "Sara")
    token = old.last("welcome")["token"]
    code = untimed(lob, old, game="ronda", players=2)["code"]
    say(lob, old, "start")
    new = hello(lob, "Sara", token=token)  # the same player, from another tab or phone
    assert old.last("error")["code"] == "replaced"
    assert old.closed is not None and old.closed[0] == 1000
    assert new.last("welcome")["token"] == token
    sent = len(old.sent)
    say(lob, old, "leave")  # the old connection can no longer act for him
    assert len(old.sent) == sent and lob.rooms[code].occupants[0].conn is new


# ----- names -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "raw, shown",
    [
        ("  Sara   Ali ", "Sara Ali"),
        ("Sa\u202era", "Sara"),  # right-to-left override
        ("A\u200bl\u200di\ufeff", "Ali"),  # zero-width space / joiner, BOM
        ("Ali\x00\x1b[31m", "Ali[31m"),  # NUL and the escape itself go
        ("Ｓａｒａ", "Sara"),  # full-width letters: NFKC
        ("\ufeb3\ufe8e\ufead\ufe93", "سارة"),  # Arabic presentation forms: NFKC
        ("مُحَمَّد", "مُحَمَّد"),  # vowel signs are kept
        ("a\tb\nc", "a b c"),
    ],
)
def test_names_are_cleaned(raw, shown):
    assert clean_name(raw) == shown


def test_name_visible_length_at_the_limit_accepted_one_past_refused():
    assert clean_name("x" * 24) == "x" * 24
    assert clean_name("م" + "\u064e" * 2 + "x" * 23) == "م" + "\u064e" * 2 + "x" * 23
    with pytest.raises(BadName):
        clean_name("x" * 25)
    for empty in ("", "   ", "\u200b\u202e", "\x00"):
        with pytest.raises(BadName):
            clean_name(empty)
    assert clean_name("x" + "\u0301" * 10) == "x" + "\u0301" * 2  # no mark towers


def test_a_bad_name_is_refused_with_a_reason():
    lob = lobby()
    conn = Conn()
    lob.connect(conn)
    say(lob, conn, "hello", name="\u202e\u200b")
    assert conn.last("error")["code"] == "bad_name" and lob.guests[id(conn)].player is None


def test_equal_names_at_a_table_are_told_apart():
    assert distinct_names(["Sara", "sara", "Sara (2)", "Ali", ""]) == [
        "Sara",
        "sara (3)",
        "Sara (2)",
        "Ali",
        "",
    ]
    lob = lobby()
    a, b, c = hello(lob, "Sara"), hello(lob, "Sara"), hello(lob, "Bot 1")
    code = untimed(lob, a, game="ronda", players=4)["code"]
    say(lob, b, "join", code=code)
    say(lob, c, "join", code=code)
    assert [s["name"] for s in a.last("room")["seats"]] == ["Sara", "Sara (2)", "Bot 1", ""]
    say(lob, a, "start")
    assert [s["name"] for s in a.last("room")["seats"]] == [
        "Sara",
        "Sara (2)",
        "Bot 1",
        "Bot 1 (2)",
    ]


# ----- send queues in bytes ---------------------------------------------------------------------
def test_outbox_bytes_at_the_limit_accepted_one_past_refused():
    box = Outbox(10)
    assert box.put("سا") and box.bytes == 4  # bytes, not characters
    assert box.put("123456") and box.bytes == 10
    assert not box.put("x") and box.bytes == 10
    assert box.pop() == ("سا", 0) and box.bytes == 6 and box.put("abcd")


# ----- the store ---------------------------------------------------------------------------------
def test_finished_records_are_pruned_after_the_configured_time():
    wall = [1000.0]
    lob = lobby(
        store=Store(wall=lambda: wall[0]), wall=lambda: wall[0], limits=Limits(keep_finished=3600)
    )
    host = hello(lob, "Host")
    code = untimed(lob, host, game="hareeja", players=4)["code"]
    say(lob, host, "start")
    say(lob, host, "leave")
    lob.pump()
    while lob.rooms[code].table.match.phase != "over":
        lob.rooms[code].bot_due = 0
        lob.tick()
        lob.pump()
    assert lob.store.table(code)["finished"] == 1000.0
    wall[0] += 3599
    lob.tick()
    assert lob.store.table(code) is not None
    wall[0] += 61  # past the hour and the prune period
    lob.tick()
    assert lob.store.table(code) is None


def test_a_damaged_store_names_the_file_and_fresh_store_moves_it_aside(tmp_path, capsys):
    from game.net.server import main

    bad = tmp_path / "tables.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreDamaged) as caught:
        Store(str(bad))
    assert str(bad) in str(caught.value) and "--fresh-store" in str(caught.value)
    with pytest.raises(SystemExit) as stopped:
        main(["--db", str(bad), "--port", "0", "--log-text"])
    assert stopped.value.code == 2 and str(bad) in capsys.readouterr().err
    assert bad.read_bytes() == b"this is not a database" * 100  # nothing changed
    moved = move_aside(str(bad))
    assert moved and not bad.exists()
    with open(moved, "rb") as kept:
        assert kept.read() == b"this is not a database" * 100
    assert Store(str(bad)).unfinished() == []  # afresh


def test_a_new_code_is_checked_against_the_store_one_at_a_time(monkeypatch):
    store = Store()
    store.save_table(
        {
            "code": "AAAAAAAA",
            "game": "ronda",
            "players": 2,
            "options": {},
            "seed": 1,
            "deck": None,
            "visibility": "private",
            "turn_seconds": None,
            "bots": "easy",
            "host": 0,
            "seats": [],
        }
    )
    store.finish("AAAAAAAA", {"result": None})
    lob = lobby(store=store)
    codes = iter(["AAAAAAAA", "BBBBBBBB"])
    monkeypatch.setattr(protocol, "new_code", lambda rng: next(codes))
    assert untimed(lob, hello(lob, "H"))["code"] == "BBBBBBBB"
    assert not hasattr(store, "codes")  # nothing loads every code at start


# ----- the leak check can fail -------------------------------------------------------------------
def test_the_card_leak_check_catches_a_draw_that_shows_another_seats_card():
    from game.games.hand_rummy import rules

    match = rules.Match.new(2, {"rounds": 1}, 5)
    record = match.record()
    seat = match.to_act()[0]
    draw = {"type": "draw", "from": "stock"}
    if draw not in match.legal_actions(seat):  # the starter discards first
        match.apply(seat, next(a for a in match.legal_actions(seat) if a["type"] == "discard"))
        seat = match.to_act()[0]
    drawn = match.stock[-1]
    match.apply(seat, draw)
    record = match.record()
    hidden = hidden_by_log("hand_rummy", record)
    other = 1 - seat
    fine = {
        "t": "events",
        "log": len(record["log"]),
        "events": [{"type": "drew", "seat": seat}],
        "view": {"hand": list(match.view(other)["hand"])},
    }
    assert assert_no_card_leak([fine], other, "hand_rummy", hidden) > 0
    leaky = dict(fine, events=[{"type": "drew", "seat": seat, "card": drawn}])
    with pytest.raises(AssertionError, match="hidden"):
        assert_no_card_leak([leaky], other, "hand_rummy", hidden)


def test_a_socket_that_stops_reading_is_closed_with_a_reason_once_its_bytes_pass_the_limit():
    import asyncio

    from websockets.protocol import State

    from game.net.sockets import SLOW_READER, _Conn

    class StuckTransport:  # a peer that never reads: every byte written stays buffered
        def __init__(self):
            self.buffered = 0

        def write(self, data):
            self.buffered += len(data)

        def get_write_buffer_size(self):
            return self.buffered

    class StuckSocket:
        def __init__(self):
            self.transport = StuckTransport()
            self.state = State.OPEN
            self.closed_with = None

        async def close(self, code=1000, reason=""):
            self.closed_with = (code, reason)

    async def body():
        ws = StuckSocket()
        conn = _Conn(ws, limit=196)
        frame = {"t": "pong"}  # '{"t":"pong"}': 12 bytes, 14 with the frame header
        for _ in range(196 // 14):
            conn.send(frame)  # 14 × 14 = 196 bytes wait for the peer: AT the limit
        assert not conn.closed and conn.waiting() == 196
        conn.send({"t": "error", "message": "x", "code": "y"})  # past it
        await asyncio.sleep(0)
        assert conn.closed and ws.closed_with == (1008, SLOW_READER)
        assert ws.transport.buffered == 196  # nothing more was written

        short = StuckSocket()  # the same frames, a limit one byte lower
        conn = _Conn(short, limit=195)
        for _ in range(196 // 14 - 1):
            conn.send(frame)
        assert not conn.closed and conn.waiting() == 182
        conn.send(frame)  # would make 196: exactly one byte past
        await asyncio.sleep(0)
        assert conn.closed and short.closed_with == (1008, SLOW_READER)
        assert short.transport.buffered == 182

    asyncio.run(asyncio.wait_for(body(), 5))


# ----- seat counts: the wire allows every game's own (TB-5, HR-12) -----------------------------
def test_TB_5_HR_12_a_five_seat_classic_rummy_table_is_created_online_and_six_refused():
    lob = lobby()
    host = hello(lob, "Host")
    room = create(lob, host, game="hand_rummy", players=5, variant="classic")
    assert room["players"] == 5 and len(room["seats"]) == 5  # at the limit: accepted
    other = hello(lob, "Other", address="5.6.7.8")

    def refused(**fields) -> str:
        table = {"visibility": "private", "turn_seconds": None, "bots": "easy", **fields}
        say(lob, other, "create", **table)
        assert not other.all("room")
        return other.last("error")["code"]

    classic = {"options": {"variant": "classic"}}
    assert refused(game="hand_rummy", players=6, **classic) == "protocol"  # past every game
    assert refused(game="ronda", players=5) == "bad_table"  # past Ronda's own count (TB-5)
    assert refused(game="hand_rummy", players=5) == "bad_table"  # majlis rules: 2-4 (HR-12)
