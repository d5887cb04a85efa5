"""A stand-in for the table server's connection, answering from a real engine: the online
session's path (views, legal actions, events, refusals) without sockets. Shared by the UI tests
that drive a scene from a seat other than 0."""

from __future__ import annotations

from game.core.errors import IllegalAction


class Loopback:
    """Answers like the table server for seat ``me``, from a real engine: every accepted action
    gives ``events`` (redacted for ``me``), the view after them, ``legal`` and ``by``; a refusal
    gives ``error`` with the engine's code."""

    failed = False

    def __init__(self, match, me: int):
        self.match, self.me, self.inbox = match, me, []

    def frame(self, events, by) -> dict:
        m, me = self.match, self.me
        return {
            "t": "events",
            "events": [e.for_seat(me) for e in events],
            "view": m.view(me),
            "legal": m.legal_actions(me) if me in m.to_act() else [],
            "log": len(m.log),
            "by": by,
        }

    def poll(self) -> list[dict]:
        out, self.inbox = self.inbox, []
        return out

    def woke(self) -> bool:
        return False  # the page never goes to the background here

    def send(self, kind: str, **fields) -> bool:
        if kind == "act":
            try:
                events = self.match.apply(self.me, fields["action"])
            except IllegalAction as refused:
                self.inbox.append({"t": "error", "code": refused.code, "message": refused.message})
                return True
            self.inbox.append(self.frame(events, self.me))
        return True

    def others(self, seat: int, action: dict) -> None:
        self.inbox.append(self.frame(self.match.apply(seat, action), seat))
