"""When a local match is written to storage: :class:`TableSaver`, a table scene's part.

A match is saved after every action so that a restart can continue it. Writing it (the
action log as JSON, to a file or the browser's storage) costs a drawn frame its budget on a
phone, so only the player's own action is written at once (it is what the player would lose);
a bot's move is written on the next *quiet* frame, one the app draws nothing on (the app runs
its deferred jobs there: ``QuietWork.defer``, game/ui/quiet_work.py), when the scene is left
or the app quits, and at the latest :data:`LATEST` seconds of frames after the move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from game.client import storage
from game.client.session import TableSession

LATEST = 5.0  # seconds of frames a bot's move may wait for a quiet frame


class Deferrer(Protocol):
    """What the saver uses of the app: a job run on the next quiet frame (or on leaving)."""

    def defer(self, job: Callable[[], None]) -> None: ...


class TableSaver:
    """Writes the match of ``game`` played in ``session`` at once for the player's own
    action, deferred for a bot's (see the module docstring). Does nothing when not
    ``enabled`` (online tables, autoplay, screenshots)."""

    def __init__(
        self,
        app: Deferrer,
        session: TableSession,
        game: str,
        options: dict[str, Any],
        enabled: bool,
    ) -> None:
        self.app = app
        self.session = session
        self.game = game
        self.options = options
        self.enabled = enabled
        self.due: float | None = None  # seconds left for the move waiting to be written
        self.writes = 0  # (tests read it)

    def write(self) -> None:
        """Store the match now (a finished one is cleared: nothing to continue)."""
        if not self.enabled:
            return
        saved = self.session.saved()
        if saved is None:
            return
        self.writes += 1
        if self.session.phase == "over":
            storage.clear_match(self.game)
            return
        storage.save_match({"game": self.game, **saved, "options": self.options})

    def own_move(self) -> None:
        """The player acted: written now."""
        self.due = None
        self.write()

    def bot_move(self) -> None:
        """Someone else moved: written on the next quiet frame (or within :data:`LATEST` s)."""
        if self.enabled and self.due is None:
            self.due = LATEST
            self.app.defer(self.flush)

    def tick(self, dt: float) -> None:
        """A frame passed: a move that waited :data:`LATEST` seconds is written now."""
        if self.due is not None:
            self.due -= dt
            if self.due <= 1e-9:  # (frames of 1/60 s add up to 5 s only nearly)
                self.flush()

    def flush(self) -> None:
        """Write the move waiting, if any (a quiet frame, leaving, quitting)."""
        if self.due is not None:
            self.due = None
            self.write()
