"""The spectator's session (game/client/watching.py) without a server: it never acts, watches
again on every new connection, counts the watchers, and ends with the server's reason."""

from __future__ import annotations

from game.client.watching import WatchSession

ROOM = {
    "code": "K7QMX4PA",
    "game": "ronda",
    "seats": [{"name": "Sara", "kind": "human"}, {"name": "", "kind": "bot"}],
    "you": None,
    "watchers": 4,
}
VIEW = {"game": "ronda", "phase": "play", "to_act": [0], "you": None, "hand": []}


class Link:
    """What the session uses of a ServerLink."""

    def __init__(self):
        self.conn, self.ready, self.failed, self.room = object(), True, False, dict(ROOM)
        self.sent: list[tuple[str, dict]] = []
        self.inbox: list[dict] = []

    def send(self, kind, **fields):
        self.sent.append((kind, fields))
        return True

    def poll(self):
        out, self.inbox = self.inbox, []
        return out

    def woke(self):
        return False

    def close(self):
        pass


def events(**view):
    return {"t": "events", "events": [], "view": {**VIEW, **view}, "legal": [{"x": 1}], "log": 1}


def test_a_spectator_never_acts_and_seat_0_is_whoever_sits_there():
    link = Link()
    session = WatchSession(link, ROOM, first=events())
    assert session.me == 0 and session.count == 4
    assert session.seats[0].name == "Sara" and session.seats[0].automated  # never "You"
    assert session.legal() == [] and session.view()["hand"] == []
    assert not session.act({"type": "play", "card": "1O"}) and not session.react("oops")
    session.reclaim()
    assert link.sent == [] and not session.hints_allowed()
    session.leave()
    assert link.sent == [("unwatch", {})] and link.room is None


def test_it_watches_again_on_a_new_connection_and_counts_the_watchers():
    link = Link()
    session = WatchSession(link, ROOM, first=events())
    link.inbox.append({"t": "audience", "code": "K7QMX4PA", "count": 6, "open": True})
    link.inbox.append({"t": "audience", "code": "OTHER123", "count": 9, "open": True})
    session.poll()
    assert session.count == 6 and link.sent == []  # the same connection: no second watch
    link.conn = object()  # reconnected (a drop, or moved to the holder)
    session.poll()
    assert link.sent == [("watch", {"code": "K7QMX4PA"})]
    session.poll()
    assert len(link.sent) == 1


def test_the_table_ending_or_closing_to_spectators_ends_watching_in_words():
    for code, words in (("closed", "watch.closed"), ("watch_off", "watch.off")):
        link = Link()
        session = WatchSession(link, ROOM, first=events())
        link.inbox.append({"t": "error", "code": code, "message": "..."})
        session.poll()
        assert session.lost and session.ended == code and session.ended_words == words
    link = Link()
    session = WatchSession(link, ROOM, first=events())
    link.inbox.append({"t": "error", "code": "rate", "message": "slow down"})
    session.poll()
    assert not session.lost  # any other refusal is only a refusal
