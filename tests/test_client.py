"""The client's table interface without a screen (game/client): where seats sit, a local
session (engine, bots in slices, clocks held while the screen catches up, TB-6/TB-7) and an
online session (the server's views, legal actions, clocks and refusals, seats kept as the
server numbers them)."""

from __future__ import annotations

import pytest

from game.client.connection import Connection
from game.client.local import LocalSession
from game.client.online import PENDING_SECONDS, RECONNECT_DELAYS, RESUME_SECONDS, OnlineSession
from game.client.seating import Seating, order_from
from game.client.server_link import ServerLink
from game.games.hareeja.rules import Match as HareejaMatch
from game.games.ronda.rules import Match as RondaMatch
from game.table import FakeClock, Seat, Table


# ----- seating ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "players, spots",
    [(2, [0, 2]), (3, [0, 1, 3]), (4, [0, 1, 2, 3]), (5, [0, 1, 4, 5, 3])],
)
def test_your_seat_is_at_the_bottom_and_the_next_player_to_your_right(players, spots):
    """docs/DESIGN.md "Seats and sides": seats run counter-clockwise, so the player after you sits
    to your right (screen position 1), whatever your seat number."""
    for me in range(players):
        seating = Seating(players, me)
        assert [seating.spot((me + k) % players) for k in range(players)] == spots
        assert seating.spot(me) == 0 and seating.seat_at(0) == me
        assert (
            seating.from_me() == order_from(me, players)
            and seating.others()[0] == (me + 1) % players
        )
    assert Seating(3, 1).seat_at(2) is None  # nobody at the top with three


def test_seating_refuses_a_seat_that_is_not_at_the_table():
    with pytest.raises(ValueError):
        Seating(4, 4)
    with pytest.raises(ValueError):
        Seating(6, 0)


# ----- local ------------------------------------------------------------------------------------
def local_hareeja(turn_seconds=None, kinds=("human", "bot", "bot", "bot")):
    clock = FakeClock()
    match = HareejaMatch.new(4, seed=7)
    seats = [Seat(kind, f"name.{i}") for i, kind in enumerate(kinds)]
    return LocalSession(Table(match, seats, clock, turn_seconds), bot_seed=7), clock


def test_local_session_answers_from_the_engine_and_refuses_with_the_engines_code():
    session, _clock = local_hareeja()
    match = session.match
    assert session.view() == match.view(0) and session.legal() == match.legal_actions(0)
    version = session.version
    assert not session.act({"type": "bid", "n": 12})  # HJ: 0..8
    refusal = session.take_refusals()[0]
    assert refusal.code and refusal.message and not refusal.online
    assert session.version == version and match.log == []  # nothing changed
    assert session.act({"type": "bid", "n": 2})
    events = session.take_events()
    assert [e["type"] for e in events] == ["bid_confirmed"] and events[0]["n"] == 2
    assert session.version == version + 1 and session.legal() == []  # bid given: wait


def test_local_session_holds_the_turn_clocks_until_the_screen_has_caught_up():
    """TB-6: time held while the player is shown what happened never counts against a turn;
    once shown, the turn runs out and the safe move is made (TB-7)."""
    session, clock = local_hareeja(turn_seconds=60)
    session.pace(shown=False)
    clock.advance(100)
    session.pace(shown=False)
    assert session.take_events() == [] and session.remaining(0) == 60
    session.pace(shown=True)
    clock.advance(61)
    session.pace(shown=True)
    kinds = [e["type"] for e in session.take_events()]
    assert kinds[:2] == ["turn_timeout", "bid_confirmed"]


def test_local_bots_think_in_slices_and_act_after_their_pause():
    session, _clock = local_hareeja()
    asked = []

    def pause_for(view, legal):
        asked.append((view["you"], len(legal)))
        return 0.5

    session.think(0.1, pause_for)  # seat 1 starts thinking; its pause is 0.5 s
    assert asked == [(1, 9)] and session.match.log == []
    for _ in range(10):
        session.think(0.1, pause_for)
    assert session.match.log[0][0] == 1 and session.take_events()[0]["seat"] == 1
    session.rest()
    assert session.thinking is None


def test_local_saved_match_continues_from_its_record():
    session, _clock = local_hareeja()
    session.act({"type": "bid", "n": 3})
    saved = session.saved()
    again = LocalSession.from_saved("hareeja", saved)
    assert again.match.log == session.match.log and again.view() == session.view()
    assert [s.kind for s in again.seats] == ["human", "bot", "bot", "bot"]


# ----- online -----------------------------------------------------------------------------------
class Server:
    """The server connection as the session sees it: what it sent, what it will deliver."""

    def __init__(self):
        self.sent, self.inbox, self.failed = [], [], False

    def send(self, kind, **fields):
        self.sent.append((kind, fields))
        return True

    def poll(self):
        out, self.inbox = self.inbox, []
        return out

    def woke(self):
        return False


def events_msg(match, me, events=(), by=None):
    return {
        "t": "events",
        "events": [e.for_seat(me) for e in events],
        "view": match.view(me),
        "legal": match.legal_actions(me) if me in match.to_act() else [],
        "by": by,
        "log": len(match.log),
    }


def online_ronda(me=1, players=4):
    match = RondaMatch.new(players, {"rules": "quick"}, seed=4)
    server = Server()
    now = [100.0]
    room = {
        "seats": [{"name": f"P{s}", "kind": "bot" if s == 2 else "human"} for s in range(players)],
        "you": me,
        "game": "ronda",
        "turn_seconds": 60,
        "bots": "easy",
    }
    session = OnlineSession(
        server, room, first=events_msg(match, me, match.start_events), clock=lambda: now[0]
    )
    return session, match, server, now


def test_online_session_keeps_the_servers_seats_and_its_legal_actions():
    session, match, _server, _now = online_ronda()
    assert session.me == 1 and session.view() == match.view(1)
    assert [e["type"] for e in session.take_events()] == [e.type for e in match.start_events]
    assert [s.kind for s in session.seats] == ["remote", "human", "bot", "remote"]
    assert session.seats[1].name == "seat.you" and session.seats[0].name == "P0"
    assert [session.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    expected = match.legal_actions(1) if 1 in match.to_act() else []
    assert session.legal() == expected


def test_online_action_waits_for_its_answer_then_input_returns():
    """After ``act`` the seat is not to act and has no legal actions (the server's list may be
    stale) until the server answers with events ``by`` it, an error, or PENDING_SECONDS."""
    session, match, server, now = online_ronda()
    while match.to_act() != [1]:
        seat = match.to_act()[0]
        session.receive(
            events_msg(match, 1, match.apply(seat, match.legal_actions(seat)[-1]), by=seat)
        )
    legal = session.legal()
    assert legal and session.to_act() == [1]
    version = session.version
    assert session.act(legal[-1]) and server.sent[-1] == ("act", {"action": legal[-1]})
    assert session.to_act() == [] and session.legal() == [] and session.version > version
    session.receive({"t": "error", "code": "not_your_turn", "message": "Not your turn."})
    assert session.to_act() == [1] and session.take_refusals()[0].online
    assert session.act(legal[-1])
    now[0] += PENDING_SECONDS + 1
    session.poll()
    assert session.to_act() == [1]  # no answer: input comes back
    assert not session.act(legal[-1], seat=0)  # never another seat's action


def test_online_clocks_rooms_and_assistance_follow_the_server():
    session, _match, server, now = online_ronda()
    session.receive({"t": "deadline", "remaining": [None, 42.5, None, None]})
    now[0] += 2.5
    assert session.remaining(1) == 40.0 and session.remaining(0) is None
    session.receive(
        {
            "t": "events",
            "events": [{"type": "assist", "seat": 1, "on": True}],
            "view": session.view(),
            "legal": [],
            "by": None,
        }
    )
    assert session.seats[1].assisted and session.seats[1].automated
    session.reclaim()
    assert server.sent[-1][0] == "back" and not session.seats[1].assisted
    room = dict(session.room, seats=[{"name": "Zed", "kind": "human"}] + session.room["seats"][1:])
    session.receive({"t": "room", **room})
    assert session.seats[0].name == "Zed"
    server.failed = True
    session.poll()
    assert session.reconnecting and not session.lost  # tried again before it is lost


# ----- a dropped connection, and a move to another server ----------------------------------------
class Line(Connection):
    """One scripted connection: open at once (or refused), what it delivers, what it was sent."""

    def __init__(self, url: str, refused: bool = False):
        super().__init__()
        self.url, self.state = url, "failed" if refused else "open"
        self.sent: list[dict] = []
        self.inbox: list[dict] = []
        self.page_woke = False  # the tab came back to the front (BrowserConnection.woke)

    def woke(self):
        woke, self.page_woke = self.page_woke, False
        return woke

    def send(self, msg):
        self.sent.append(msg)
        return self.open

    def poll(self):
        out, self.inbox = self.inbox, []
        return out

    def close(self):
        self.state = "closed"


class Exchange:
    """The connections a session makes, in order; later ones refused when ``refuse`` says."""

    def __init__(self):
        self.lines: list[Line] = []
        self.refuse = False

    def connect(self, url: str) -> Line:
        refused = self.refuse if isinstance(self.refuse, bool) else url in self.refuse
        self.lines.append(Line(url, refused))
        return self.lines[-1]


class Steady:
    """The reconnection spread, held at its middle (1.0) so the delays are exact."""

    def uniform(self, low, high):
        return 1.0


def dropped_ronda_seat(me=1):
    """A Ronda seat at an online table whose connection (the first line) is open and greeted."""
    match = RondaMatch.new(2, {"rules": "quick"}, seed=4)
    exchange, now = Exchange(), [100.0]
    server = ServerLink("ws://a", "Huda", token="tok", connect=exchange.connect)
    room = {"seats": [{"name": "P0", "kind": "human"}, {"name": "P1", "kind": "human"}]}
    room.update({"you": me, "game": "ronda", "turn_seconds": 60, "bots": "easy", "started": True})
    server.poll()  # says hello on the open line
    first = events_msg(match, me, match.start_events)
    session = OnlineSession(server, room, first=first, clock=lambda: now[0])
    session.rng = Steady()
    return session, match, exchange, now, room


def test_a_dropped_connection_is_tried_again_with_the_same_token_and_the_seat_resumes():
    session, match, exchange, now, room = dropped_ronda_seat()
    assert exchange.lines[0].sent[0] == {"t": "hello", "name": "Huda", "token": "tok"}
    while match.to_act() != [1]:
        seat = match.to_act()[0]
        match.apply(seat, match.legal_actions(seat)[0])
    session.receive(events_msg(match, 1))
    assert session.legal()
    exchange.lines[0].state = "closed"  # the network went away
    session.poll()
    assert session.reconnecting and not session.lost
    assert session.legal() == [] and 1 not in session.to_act()  # nothing to do meanwhile
    assert not session.act(match.legal_actions(1)[0])
    now[0] += RECONNECT_DELAYS[0] - 0.1
    session.poll()
    assert len(exchange.lines) == 1  # not yet
    now[0] += 0.2
    session.poll()
    assert len(exchange.lines) == 2 and exchange.lines[1].url == "ws://a"
    session.poll()
    assert exchange.lines[1].sent == [{"t": "hello", "name": "Huda", "token": "tok"}]
    seat = match.to_act()[0]
    match.apply(seat, match.legal_actions(seat)[0])  # played while we were away
    exchange.lines[1].inbox = [
        {"t": "welcome", "player": "p1", "token": "tok", "name": "Huda"},
        {"t": "room", "code": "K7QMX4PA", "seats": room["seats"], "you": 1, "started": True},
        events_msg(match, 1),
    ]
    session.poll()
    assert not session.reconnecting and session.resumed and not session.lost
    assert session.view() == match.view(1) and session.take_events() == []


def test_after_every_try_failed_the_table_is_lost():
    session, _match, exchange, now, _room = dropped_ronda_seat()
    exchange.refuse = True
    exchange.lines[0].state = "closed"
    session.poll()
    for delay in RECONNECT_DELAYS:
        assert session.reconnecting and not session.lost
        now[0] += delay + 0.01
        session.poll()
    now[0] += RECONNECT_DELAYS[-1] + 0.01
    session.poll()
    assert session.lost and not session.reconnecting
    assert len(exchange.lines) == 1 + len(RECONNECT_DELAYS)


def test_welcomed_back_without_our_table_the_table_is_lost():
    session, _match, exchange, now, _room = dropped_ronda_seat()
    exchange.lines[0].state = "closed"
    session.poll()
    now[0] += RECONNECT_DELAYS[0] + 0.01
    session.poll()
    exchange.lines[1].inbox = [{"t": "welcome", "player": "p1", "token": "tok", "name": "Huda"}]
    session.poll()  # the server holds no table of ours any more (it ended meanwhile)
    now[0] += RESUME_SECONDS - 1
    session.poll()
    assert session.reconnecting and not session.lost
    now[0] += 2
    session.poll()
    assert session.lost


def test_a_move_to_another_server_process_is_followed_with_the_same_token():
    exchange = Exchange()
    server = ServerLink("ws://a.majlis.example", "Huda", token="tok", connect=exchange.connect)
    server.poll()
    moved = {"t": "moved", "url": "ws://b.majlis.example:9310", "code": "K7QMX4PA"}
    exchange.lines[0].inbox = [moved, {"t": "pong"}]
    assert server.poll() == [moved]  # the lobby learns the code; the old line is done
    assert exchange.lines[0].state == "closed"
    assert exchange.lines[1].url == "ws://b.majlis.example:9310"
    server.poll()
    assert exchange.lines[1].sent == [{"t": "hello", "name": "Huda", "token": "tok"}]
    exchange.lines[1].inbox = [{"t": "moved", "url": "javascript:alert(1)", "code": "X"}]
    server.poll()
    assert len(exchange.lines) == 2  # only a ws:// or wss:// address is followed


def test_a_connection_replaced_by_another_tab_is_not_taken_back():
    session, _match, exchange, _now, _room = dropped_ronda_seat()
    exchange.lines[0].inbox = [
        {"t": "error", "code": "replaced", "message": "You connected from somewhere else."}
    ]
    session.poll()
    exchange.lines[0].state = "closed"  # the server closes the older connection
    session.poll()
    assert session.lost and not session.reconnecting and len(exchange.lines) == 1


def test_after_a_move_to_an_address_that_does_not_answer_the_next_try_is_the_entry_again():
    """The holder named by ``moved`` died; the seat goes back to the
    address it came in by, follows that address's current answer and is seated again."""
    session, match, exchange, now, room = dropped_ronda_seat()
    exchange.refuse = {"ws://dead:9310"}
    exchange.lines[0].state = "closed"  # the process we were on went away
    session.poll()
    now[0] += RECONNECT_DELAYS[0] + 0.01
    session.poll()
    assert exchange.lines[1].url == "ws://a"  # the entry
    exchange.lines[1].inbox = [{"t": "moved", "url": "ws://dead:9310", "code": "K7QMX4PA"}]
    session.poll()  # followed at once, and that address does not answer
    assert exchange.lines[2].url == "ws://dead:9310" and exchange.lines[2].state == "failed"
    for _ in range(3):
        now[0] += RECONNECT_DELAYS[-1] + 0.01
        session.poll()
    assert exchange.lines[3].url == "ws://a"  # back to the entry, never the dead one again
    assert exchange.lines[3].sent == [{"t": "hello", "name": "Huda", "token": "tok"}]
    exchange.lines[3].inbox = [
        {"t": "welcome", "player": "p1", "token": "tok", "name": "Huda"},
        {"t": "room", "code": "K7QMX4PA", "seats": room["seats"], "you": 1, "started": True},
        events_msg(match, 1),
    ]
    session.poll()
    assert not session.reconnecting and session.resumed and not session.lost
    assert len(exchange.lines) == 4


def test_a_move_from_wss_to_plain_ws_is_not_followed():
    exchange = Exchange()
    server = ServerLink("wss://a.example/ws", "Huda", token="tok", connect=exchange.connect)
    server.poll()
    exchange.lines[0].inbox = [{"t": "moved", "url": "ws://b.example/ws", "code": "K7QMX4PA"}]
    server.poll()
    assert len(exchange.lines) == 1  # the token never goes out unencrypted


def test_a_tab_back_in_front_tries_again_at_once_and_asks_for_a_redraw():
    """Deliverable 3 of the brief: visibilitychange to visible while reconnecting: no wait
    for the back-off; the scene is told to draw again (``woken``)."""
    session, _match, exchange, now, _room = dropped_ronda_seat()
    exchange.refuse = True
    exchange.lines[0].state = "closed"
    session.poll()
    for delay in RECONNECT_DELAYS[:4]:
        now[0] += delay + 0.01
        session.poll()
    assert len(exchange.lines) == 5 and session.reconnecting  # now 8 s until the next try
    version = session.version
    now[0] += 0.1
    exchange.lines[-1].page_woke = True
    session.poll()
    assert len(exchange.lines) == 6  # tried at once
    assert session.woken and session.version > version
    now[0] += 0.1
    session.poll()
    assert len(exchange.lines) == 6  # and then the back-off again


def test_a_tab_back_in_front_before_the_drop_was_noticed_tries_at_once():
    session, _match, exchange, _now, _room = dropped_ronda_seat()
    exchange.lines[0].state = "closed"
    exchange.lines[0].page_woke = True
    session.poll()  # the drop is noticed and the wake-up with it
    session.poll()
    assert len(exchange.lines) == 2 and exchange.lines[1].url == "ws://a"


def test_a_move_to_another_site_never_carries_our_token_and_the_entry_gets_its_own_back(
    monkeypatch, tmp_path
):
    """A server the player trusted once (evil.example) must not plant the token it
    gave him on another site's server, nor learn where his other token goes."""
    monkeypatch.setenv("MAJLIS_HOME", str(tmp_path))
    exchange = Exchange()
    server = ServerLink(
        "wss://evil.example/ws", "Huda", token="evil-token", connect=exchange.connect
    )
    server.poll()
    exchange.lines[0].inbox = [{"t": "moved", "url": "wss://majlis.example/ws", "code": "X"}]
    server.poll()
    server.poll()
    assert exchange.lines[1].sent == [{"t": "hello", "name": "Huda", "token": None}]
    exchange.lines[1].inbox = [{"t": "welcome", "player": "p1", "token": "ours", "name": "H"}]
    server.poll()
    exchange.lines[1].state = "closed"
    server.reconnect()  # back to the entry: its own token, not the one majlis.example gave
    server.poll()
    assert exchange.lines[2].url == "wss://evil.example/ws"
    assert exchange.lines[2].sent == [{"t": "hello", "name": "Huda", "token": "evil-token"}]


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("wss://t1.majlis.example/ws", "wss://t2.majlis.example/ws", True),
        ("wss://majlis.example/ws", "wss://t1.majlis.example/ws", True),
        ("ws://127.0.0.1:9311", "ws://127.0.0.1:9312", True),
        ("wss://evil.example/ws", "wss://majlis.example/ws", False),
        ("wss://majlis.example.evil.example", "wss://majlis.example", False),
        ("ws://10.0.0.5:9310", "ws://10.0.0.6:9310", False),
        ("ws://a", "ws://b", False),
    ],
)
def test_one_site_is_one_host_its_subdomains_and_their_siblings(a, b, same):
    from game.client.servers import same_site

    assert same_site(a, b) is same and same_site(b, a) is same
