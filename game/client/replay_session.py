"""Watching a finished match again: the session a table scene shows a replay through, its
player (play, pause, speed) and the fetch of an online match's record.

:class:`ReplaySession` shows the match through the same interface a table scene uses for a
local match (:class:`game.client.session.TableSession`); its seats never accept the viewer's
actions. :class:`ReplayPlayer` says when the next step is due. Stepping back rebuilds the match
from the log up to the step before (:func:`game.client.replay.rebuilt`). The replay itself (its
record, the compact code a link carries) is :mod:`game.client.replay`. Pure Python, no pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.table import Seat

from .replay import Replay, ReplayError, encode, rebuilt, round_starts
from .session import JSON, PauseFor, Refusal, SeatState, TableSession

STEP_SECONDS = 0.55  # between two steps at speed 1, once the table has shown the last one
SPEEDS = (0.5, 1.0, 2.0, 4.0)


class ReplaySession(TableSession):
    """A finished match shown step by step from one seat. Its seats never accept the
    viewer's actions (the refusal says it is a replay)."""

    online = False
    replay = True  # statistics and saving leave it alone

    def __init__(self, replay: Replay, step: int | None = None):
        super().__init__()
        self.source = replay
        self.record = replay.record
        self.game = replay.game
        self.players = int(self.record["players"])
        self.me = replay.me
        self.turn_seconds = None
        names = list(replay.names) + [f"name.{i}" for i in range(len(replay.names), 8)]
        kinds = ["remote" if replay.online else "bot"] * self.players
        kinds[self.me] = "human"
        self._seats = [Seat(k, names[i], "normal") for i, k in enumerate(kinds)]
        self.rounds = round_starts(self.record)
        self.step = 0
        self.match = rebuilt(self.record, 0)
        self._events = [e.for_seat(self.me) for e in self.match.start_events]
        self._changes = 0
        self._view: tuple[int, JSON] = (-1, {})
        if step is not None:
            self.seek(step)

    @property
    def steps(self) -> int:
        return len(self.record["log"])

    @property
    def at_end(self) -> bool:
        return self.step >= self.steps

    # ----- moving ------------------------------------------------------------------------------
    def forward(self) -> bool:
        """Play the next step; its events wait in :meth:`take_events`. False at the end."""
        if self.at_end:
            return False
        seat, action = self.record["log"][self.step]
        events = self.match.apply(seat, action)
        self.step += 1
        self._changes += 1
        self._events.extend(e.for_seat(self.me) for e in events)
        return True

    def seek(self, step: int) -> None:
        """Stand at ``step`` (0 … steps) with nothing left to animate."""
        self.step = max(0, min(self.steps, step))
        self.match = rebuilt(self.record, self.step)
        self._changes += 1
        self._events = []

    def round_now(self) -> int:
        """The round (1 …) the current step is in."""
        return sum(1 for start in self.rounds if start <= self.step)

    def round_start(self, round_no: int) -> int:
        """The first step of round ``round_no`` (clamped to the rounds there are)."""
        return self.rounds[max(1, min(len(self.rounds), round_no)) - 1]

    # ----- the table interface -------------------------------------------------------------
    @property
    def seats(self) -> Sequence[SeatState]:
        return self._seats

    @property
    def version(self) -> int:
        return self._changes

    def view(self) -> JSON:
        if self._view[0] != self._changes:
            self._view = (self._changes, dict(self.match.view(self.me)))
        return self._view[1]

    def legal(self) -> list[JSON]:
        return []

    def remaining(self, seat: int) -> float | None:
        return None

    def act(self, action: JSON, seat: int | None = None, human: bool = True) -> bool:
        if human:
            self._refusals.append(Refusal("replay", "This is a replay: it can only be watched."))
        return False

    def reclaim(self) -> None:
        pass

    def think(self, dt: float, pause_for: PauseFor) -> None:
        pass


class ReplayPlayer:
    """Play, pause and speed: says when the next step is due. The step waits for the table to
    have shown the last one (``shown``), then :data:`STEP_SECONDS` at the speed chosen."""

    def __init__(self, session: ReplaySession, playing: bool = True):
        self.session = session
        self.playing = playing
        self.speed = 1.0
        self.wait = STEP_SECONDS

    @property
    def running(self) -> bool:
        """Playing and not at the end: the frame loop must keep stepping."""
        return self.playing and not self.session.at_end

    def toggle(self) -> None:
        if self.session.at_end and not self.playing:
            self.session.seek(0)  # play again from the start
        self.playing = not self.playing
        self.wait = STEP_SECONDS

    def faster(self) -> None:
        """The next speed, round and round (½, 1, 2, 4)."""
        at = SPEEDS.index(self.speed) if self.speed in SPEEDS else 0
        self.speed = SPEEDS[(at + 1) % len(SPEEDS)]

    def update(self, dt: float, shown: bool) -> bool:
        """Advance the clock by ``dt``; True when a step was played."""
        if not self.running or not shown:
            return False
        self.wait -= dt * self.speed
        if self.wait > 0:
            return False
        self.wait = STEP_SECONDS
        return self.session.forward()


# ----- an online match fetched from its server ------------------------------------------------
FETCH_SECONDS = 10.0  # a server that has not answered by then is said to be out of reach


class RecordFetch:
    """Ask a table server for the finished match of table ``table`` (``get_record``) over a
    link of its own (:class:`game.client.server_link.ServerLink`, or anything with ``ready``,
    ``failed``, ``send``, ``poll``, ``close``), stepped once a frame by :meth:`step`. When it is
    done, ``code`` is the replay's code, or ``failed`` the i18n key of what to tell the player."""

    def __init__(self, link: Any, table: str, me: int = 0, match: int | None = None):
        """``match``: the table's match number (after a rematch), None the latest."""
        self.link = link
        self.table = table
        self.me = me
        self.match = match
        self.asked = False
        self.left = FETCH_SECONDS
        self.code: str | None = None
        self.failed: str | None = None

    def step(self, dt: float) -> bool:
        """One frame; True while still waiting for the server."""
        self.left -= dt
        for msg in self.link.poll():
            if msg.get("t") == "record" and msg.get("code") == self.table:
                return self._done(self._code_of(msg))
            if msg.get("t") == "error":
                return self._done(failed="replay.not_kept" if self.asked else "replay.unreachable")
        if self.link.ready and not self.asked:
            number = {} if self.match is None else {"match": self.match}
            self.asked = bool(self.link.send("get_record", code=self.table, **number))
        if self.left <= 0 or self.link.failed:
            return self._done(failed="replay.unreachable")
        return True

    def _code_of(self, msg: JSON) -> str | None:
        names = [str(n) for n in msg.get("names") or [] if isinstance(n, str)]
        try:
            return encode(msg["record"], self.me, names, online=True)
        except (ReplayError, KeyError, TypeError, AttributeError):
            self.failed = "replay.bad_match"
            return None

    def _done(self, code: str | None = None, failed: str | None = None) -> bool:
        self.code = code
        if code is not None:
            self.failed = None
        elif self.failed is None:
            self.failed = failed
        self.link.close()
        return False
