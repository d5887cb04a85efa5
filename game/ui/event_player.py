"""What the session reports, shown one thing after another on one clock: the table's
:class:`EventPlayer`.

A table scene never jumps ahead of what the player has seen. Everything that times the screen
lives here, in one object, stepped once a frame by the scene:

- the *queue* of events not yet shown, and the *wait*: how long the event being shown still
  holds back the next (the scene's ``show`` callable starts an event and returns that time);
- the *timers* an event sets (``after``: "the cards land, then collect the trick"), run on the
  same frame clock as the wait — pygame's own timers are unreliable in the browser;
- the bots' *pause*: a bot seems to think at least :data:`BOT_PAUSE` seconds (normal speed)
  before it acts, so that play can be followed.

:meth:`EventPlayer.take` is the one way events reach a scene: it takes what the session has
for the screen (and its refusals) at the moments the scene asks.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from game.client.session import PauseFor, Refusal, TableSession
from game.ui.tween import Speed

BOT_PAUSE = 0.45  # a bot "thinks" at least this long, so play can be followed

Event = dict[str, Any]


class EventPlayer:
    """The scene's event queue, waits, timers and bot pauses on one frame clock.

    ``show(event)`` starts showing one event and returns the seconds it blocks the next;
    ``taken()`` runs after new events joined the queue (the scene saves the match);
    ``refused(refusal)`` tells the player about an action the session refused."""

    def __init__(
        self,
        session: TableSession,
        show: Callable[[Event], float],
        taken: Callable[[], None],
        refused: Callable[[Refusal], None],
    ) -> None:
        self.session = session
        self.show = show
        self.taken = taken
        self.refused = refused
        self.queue: deque[Event] = deque()
        self.wait = 0.0  # the current event's animation still blocks
        self.timers: list[list[Any]] = []  # [seconds left, callback]

    # ----- in -------------------------------------------------------------------------------------
    def take(self) -> None:
        """New events from the session join the queue; refusals are told."""
        events = self.session.take_events()
        if events:
            self.queue.extend(events)
            self.taken()
        for refusal in self.session.take_refusals():
            self.refused(refusal)

    def start_with(self, events: list[Event]) -> None:
        """Events to show first (a scene built on a match under way)."""
        self.queue.extend(events)

    # ----- the clock ----------------------------------------------------------------------------
    def after(self, seconds: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``seconds`` of frames."""
        self.timers.append([seconds, callback])

    def run_timers(self, dt: float) -> None:
        """Advance the timers by ``dt``; those due run, in the order they were set."""
        due = []
        for timer in self.timers:
            timer[0] -= dt
            if timer[0] <= 0:
                due.append(timer)
        for timer in due:
            self.timers.remove(timer)
            timer[1]()

    def play(self, dt: float, held: Callable[[], bool]) -> None:
        """Advance the wait by ``dt``; once it is over, show the next events, until one opens
        a panel the player must close first (``held()``, asked before each)."""
        self.wait -= dt
        while self.wait <= 0 and self.queue and not held():
            self.wait = self.show(self.queue.popleft())

    def spend(self, seconds: float) -> None:
        """``seconds`` passed outside the frames (an animation landed at once)."""
        self.wait -= seconds

    # ----- questions ----------------------------------------------------------------------------
    def caught_up(self) -> bool:
        """Every event has been shown and none still blocks."""
        return not self.queue and self.wait <= 0

    def showing(self, held: bool) -> bool:
        """An event is being shown, waits to be shown (not ``held``) or a timer runs."""
        return self.wait > 0 or bool(self.queue and not held) or bool(self.timers)

    def next_event(self) -> Event:
        """The event to be shown next ({} when none waits)."""
        return self.queue[0] if self.queue else {}

    # ----- bots ---------------------------------------------------------------------------------
    def drive_bots(self, dt: float, pause: PauseFor, resting: bool) -> None:
        """Let the session's bot to act think a slice (``resting``: the screen deals, or the
        match is over: no bot thinks). ``pause`` is the least normal-speed time it seems to
        think; the motion speed setting scales it."""
        if resting:
            self.session.rest()
            return
        self.session.think(dt, lambda view, legal: Speed.scale(pause(view, legal), motion=False))
        self.take()
