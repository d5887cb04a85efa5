"""A match at a table: seats, turn deadlines, timeouts, auto-assist and bot take-over.

Pure Python (no pygame, no threads, no sleeping). The pygame client calls :meth:`Table.tick`
every frame with the system clock; the server calls it from its own loop; tests drive a
:class:`~game.table.clock.FakeClock`. The table never moves for a bot on its own: the driver asks
:meth:`Table.automated_to_act`, lets the bot think (in slices, in the client) and calls
:meth:`Table.act`.

Rules: docs/RULES.md TB-6 (turn time), TB-7 / HJ-11 (safe move on timeout, made by the engine),
TB-8 (auto-assist after three missed turns in a row, "I'm back"), TB-9 (a bot finishes the match
for a player who left).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from game.core.bots import Think
from game.core.engine import TIMEOUT, Match
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.types import ActionInput

from .clock import SystemClock
from .seats import Seat

TURN_CHOICES = (None, 60, 90, 120)  # TB-6; None = unlimited, the practice default
MISSED_FOR_ASSIST = 3  # TB-8: three missed turns in a row

# Events the table adds to the engine's own (everyone may see them; no private part):
TURN_TIMEOUT = "turn_timeout"  # {"seat": s}: s ran out of time; the safe move follows
ASSIST = "assist"  # {"seat": s, "on": bool}: auto-assistance started / ended
SEAT_LEFT = "seat_left"  # {"seat": s}: s left; a bot plays the seat from now on

AnyMatch = Match[Any, Any]
View = Mapping[str, Any]
Listener = Callable[[list[Event]], None]
Chooser = Callable[[int, View, list[Any]], ActionInput]  # (seat, view, legal) -> action
ThinkFn = Callable[[View, list[Any], str, random.Random], Think]  # a game's bots.think


class Clock(Protocol):
    def now(self) -> float: ...


class Table:
    """One match with its seats and turn clocks.

    Deadlines (TB-6): a seat's turn starts when it enters ``match.to_act()``. It keeps that
    start while its own actions continue the turn (``match.continues_turn``) and while other
    seats act beside it (simultaneous secret bids). Any other action of its own, or a change of
    phase, starts a new turn with a fresh deadline.
    """

    def __init__(
        self,
        match: AnyMatch,
        seats: list[Seat],
        clock: Clock | None = None,
        turn_seconds: float | None = None,
    ):
        if len(seats) != match.players:
            raise ValueError(f"The match has {match.players} seats, not {len(seats)}.")
        if turn_seconds is not None and (isinstance(turn_seconds, bool) or turn_seconds <= 0):
            raise ValueError("Turn time must be a positive number of seconds, or None.")
        self.match = match
        self.seats = seats
        self.clock = clock if clock is not None else SystemClock()
        self.turn_seconds = turn_seconds
        self._listeners: list[Listener] = []
        self._turn_start: dict[int, float] = {}
        self._held_since: float | None = None
        self._phase = match.phase
        self._sync()

    # ----- holding the turn clocks -------------------------------------------------------
    def hold(self) -> None:
        """Stop every turn clock while the players are still being shown what happened (the
        deal, a trick flying to its winner, the round's scores). Time held never counts
        against a turn: :meth:`release` moves every deadline on by the time held."""
        if self._held_since is None:
            self._held_since = self.clock.now()

    def release(self) -> None:
        """Start the turn clocks again after :meth:`hold`."""
        if self._held_since is None:
            return
        held = self.clock.now() - self._held_since
        self._held_since = None
        self._turn_start = {s: start + held for s, start in self._turn_start.items()}

    @property
    def held(self) -> bool:
        return self._held_since is not None

    def _now(self) -> float:
        """The turn clocks' time: frozen while held."""
        return self._held_since if self._held_since is not None else self.clock.now()

    # ----- acting ---------------------------------------------------------------------
    def act(self, seat: int, action: ActionInput, *, human: bool | None = None) -> list[Event]:
        """Apply ``action`` for ``seat`` through the engine and return its events.

        ``human`` says who acts: True for the player's own input, False for a bot's move. Left
        out, it is inferred: a bot moves for an automated seat, the player acts otherwise. A human
        action resets the missed-turn count and ends auto-assistance (TB-8 "acting takes the seat
        back"), so the client must pass ``human=True`` for input on an assisted seat. A human
        may not send the engine's safe move (``{"type": "timeout"}``): only :meth:`tick`
        times a seat out (TB-7), so that is refused (code ``timeout_reserved``).
        An IllegalAction from the engine propagates and nothing changes, at the table either.
        """
        place = self._seat(seat)
        if human is None:
            human = not place.automated
        if human and place.left:
            raise IllegalAction("You left this match; a bot plays this seat now.")
        if human and place.kind == "bot":
            raise IllegalAction("A bot plays this seat.")
        if human and _is_timeout(action):
            raise IllegalAction(
                "Only the turn clock can time a turn out; choose a move.", "timeout_reserved"
            )
        self._sync()
        phase = self.match.phase
        events = list(self.match.apply(seat, action))
        reclaimed = human and place.assisted
        if human:
            place.missed = 0
            place.assisted = False
        self._turn_moved(seat, action, phase)
        if reclaimed:
            events.insert(0, Event(ASSIST, {"seat": seat, "on": False}))
            if seat in self._turn_start:  # taken back mid-turn: a whole turn's time
                self._turn_start[seat] = self._now()
        self._notify(events)
        return events

    def tick(self) -> list[Event]:
        """Time out every human seat whose deadline has passed (TB-7), earliest first.

        The engine makes the safe move (``{"type": "timeout"}``); the seat's missed count goes up
        and at three in a row auto-assistance starts (TB-8). Automated seats are never timed out:
        their driver moves for them. Returns the events produced, in order.
        """
        events: list[Event] = []
        timed_out: set[int] = set()
        while self.turn_seconds is not None and self.match.phase != "over":
            self._sync()
            seat = self._first_expired(timed_out)
            if seat is None:
                break
            timed_out.add(seat)
            events.extend(self._time_out(seat))
        self._notify(events)
        return events

    def _first_expired(self, skip: set[int]) -> int | None:
        now, limit = self._now(), self.turn_seconds
        if limit is None:
            return None
        expired = [
            (self._turn_start[s] + limit, s)
            for s in self._turn_start
            if s not in skip and not self.seats[s].automated and self._turn_start[s] + limit <= now
        ]
        return min(expired)[1] if expired else None

    def _time_out(self, seat: int) -> list[Event]:
        phase = self.match.phase
        events = [Event(TURN_TIMEOUT, {"seat": seat})]
        events.extend(self.match.apply(seat, dict(TIMEOUT)))
        place = self.seats[seat]
        place.missed += 1
        if place.missed >= MISSED_FOR_ASSIST and not place.assisted:
            place.assisted = True
            events.append(Event(ASSIST, {"seat": seat, "on": True}))
        self._turn_moved(seat, TIMEOUT, phase)
        return events

    # ----- seats ------------------------------------------------------------------------
    def reclaim(self, seat: int) -> list[Event]:
        """The player's "I'm back" (TB-8): assistance off, missed count 0.

        Taking the seat back in the middle of a turn gives a whole turn's time from now."""
        place = self._seat(seat)
        if place.left:
            raise IllegalAction("You left this match; a bot plays this seat now.")
        was_assisted = place.assisted
        place.assisted = False
        place.missed = 0
        if not was_assisted:
            return []
        self._sync()
        if seat in self._turn_start:
            self._turn_start[seat] = self._now()
        events = [Event(ASSIST, {"seat": seat, "on": False})]
        self._notify(events)
        return events

    def leave(self, seat: int) -> list[Event]:
        """The player leaves (TB-9): a bot plays this seat until the match ends."""
        place = self._seat(seat)
        if place.left:
            return []
        place.left = True
        events = [Event(SEAT_LEFT, {"seat": seat})]
        self._notify(events)
        return events

    # ----- questions the driver and the screen ask ------------------------------------------
    def deadline(self, seat: int) -> float | None:
        """Clock time at which ``seat``'s current turn times out; None when it has no limit,
        is not to act, or a bot moves for it."""
        self._seat(seat)
        self._sync()
        if self.turn_seconds is None or self.seats[seat].automated or seat not in self._turn_start:
            return None
        return self._turn_start[seat] + self.turn_seconds

    def remaining(self, seat: int) -> float | None:
        """Seconds left in ``seat``'s turn (never below 0); None as for :meth:`deadline`."""
        deadline = self.deadline(seat)
        if deadline is None:
            return None
        return max(0.0, deadline - self._now())

    def automated_to_act(self) -> list[int]:
        """Seats to act now whose move a bot must make (bot seats, assisted or left)."""
        if self.match.phase == "over":
            return []
        return [s for s in self.match.to_act() if self.seats[s].automated]

    def bot_view(self, seat: int) -> tuple[View, list[Any]]:
        """What a bot playing ``seat`` may know: that seat's view and its legal actions."""
        self._seat(seat)
        return self.match.view(seat), self.match.legal_actions(seat)

    def listen(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback(events)`` after every act, tick, reclaim or leave that produced
        events. Returns a function that stops listening."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    # ----- turn bookkeeping ------------------------------------------------------------
    def _seat(self, seat: int) -> Seat:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise IllegalAction(f"There is no seat {seat!r} at this table.")
        return self.seats[seat]

    def _current_to_act(self) -> list[int]:
        return [] if self.match.phase == "over" else list(self.match.to_act())

    def _sync(self) -> None:
        """Match the turn starts to ``to_act()`` (also after changes made behind the table's
        back): a seat that newly has to act starts its turn now; others drop out. Without a
        turn time nothing reads the turn starts, so none are kept (a move costs less)."""
        if self.turn_seconds is None:
            self._phase = self.match.phase
            return
        now = self._now()
        phase = self.match.phase
        new_phase = phase != self._phase
        self._phase = phase
        self._turn_start = {
            s: (now if new_phase or s not in self._turn_start else self._turn_start[s])
            for s in self._current_to_act()
        }

    def _turn_moved(self, actor: int, action: ActionInput, phase: str) -> None:
        """Update turn starts after ``actor``'s ``action``, taken in ``phase`` (TB-6); none
        without a turn time (:meth:`_sync`)."""
        if self.turn_seconds is None:
            self._phase = self.match.phase
            return
        now = self._now()
        same_phase = self.match.phase == phase
        self._phase = self.match.phase
        starts: dict[int, float] = {}
        for s in self._current_to_act():
            keep = same_phase and s in self._turn_start
            if s == actor:
                keep = keep and self.match.continues_turn(actor, action)
            starts[s] = self._turn_start[s] if keep else now
        self._turn_start = starts

    def _notify(self, events: list[Event]) -> None:
        if events:
            for callback in list(self._listeners):
                callback(events)


def _is_timeout(action: object) -> bool:
    """Whether ``action`` asks for the engine's safe move (TB-7), which only the table's own
    clock (:meth:`Table.tick`) or a bot may make: a player's ``{"type": "timeout"}`` would
    have the engine choose his move for him."""
    return isinstance(action, dict) and action.get("type") == TIMEOUT["type"]


def drive_bots(table: Table, choose_for_seat: Chooser, max_actions: int = 100_000) -> list[Event]:
    """Play every automated seat, one move at a time, until a human must act or the match is
    over. ``choose_for_seat(seat, view, legal)`` returns the action. For tests and servers
    (the client thinks in slices instead). Returns all events, in order."""
    events: list[Event] = []
    for _ in range(max_actions):
        seats = table.automated_to_act()
        if not seats:
            return events
        seat = seats[0]
        view, legal = table.bot_view(seat)
        events.extend(table.act(seat, choose_for_seat(seat, view, legal), human=False))
    raise RuntimeError(
        f"Bots made {max_actions} moves without the match ending or a human having to act."
    )


def thinker(table: Table, think: ThinkFn, seed: int | None = None) -> Chooser:
    """A ``choose_for_seat`` from a game's bot ``think(view, legal, level, rng)`` generator:
    each seat thinks at its own level with its own seeded generator, run to the end in one go."""
    from game.core.bots import bot_rng, run

    rngs: dict[int, random.Random] = {}

    def choose(seat: int, view: View, legal: list[Any]) -> ActionInput:
        if seat not in rngs:
            rngs[seat] = bot_rng(None if seed is None else seed * 16 + seat)
        return run(think(view, legal, table.seats[seat].level, rngs[seat]))

    return choose
