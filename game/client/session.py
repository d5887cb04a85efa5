"""The one table interface a table scene talks to (docs/ARCHITECTURE.md "One table interface").

A scene never holds an engine. It reads its seat's **view** and **legal actions**, the turn
**clocks**, the **seats**, sends **actions**, and drains the **events** (already redacted for its
seat) and **refusals** each frame. Two implementations:

- :class:`game.client.local.LocalSession`: the match runs in this process (engine, bots thinking
  in slices, turn clocks through :class:`game.table.Table`);
- :class:`game.client.online.OnlineSession`: a seat at the table server; views, legal actions,
  events and clocks arrive as the server sends them.

The frame contract (what :class:`game.ui.cardtable.CardTable` does each frame)::

    session.poll()                  # read what arrived (online: the server's messages)
    session.take_events()           # new events, in order, as this seat may see them
    session.take_refusals()         # actions refused since the last frame
    session.pace(shown)             # turn clocks run only once everything is shown (TB-6);
                                    # local: turns time out here (TB-7)
    session.think(dt, pause_for)    # local: the bot to act thinks a slice (when shown)

Seats are the engine's numbers (absolute); ``me`` is this client's seat. Where a seat is drawn
is the business of :class:`game.client.seating.Seating`, never of the data.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.core import registry
from game.core.hints import HintThink

from .seating import Seating

JSON = dict[str, Any]  # a view, an action or an event, as the wire has them
PauseFor = Callable[[JSON, list[JSON]], float]  # (bot's view, its legal actions) -> seconds


@dataclass(frozen=True)
class Refusal:
    """A refusal shown to the player: the engine's ``IllegalAction`` (a local table) or the
    server's ``error`` (its ``RequestRefused``, or the engine's behind it), as its ``code`` and
    English ``message``. ``online``: it came from the table server (its codes include the
    server's own)."""

    code: str
    message: str
    online: bool = False


class SeatState(Protocol):
    """What a scene reads of a seat (:class:`game.table.Seat` locally)."""

    kind: str  # "human" | "bot" | "remote"
    name: str  # an i18n key or a player's own name
    level: str
    missed: int
    assisted: bool
    left: bool

    @property
    def automated(self) -> bool: ...


class TableSession(ABC):
    """One seat's window on a match. See the module docstring for the frame contract."""

    game: str
    players: int
    me: int
    turn_seconds: float | None
    online: bool = False
    watching: bool = False  # a spectator's: nothing here is his to play (game.client.watching)
    lost: bool = False  # the connection to the table is gone for good (online only)
    reconnecting: bool = False  # the connection dropped; trying again (online only)
    resumed: bool = False  # back after a drop: the scene rebuilds from the fresh view
    closed: str | None = None  # the table closed under us (online): why, an i18n key; the lobby
    woken: bool = False  # the browser tab came back to the front: draw the table again

    def __init__(self) -> None:
        self._events: list[JSON] = []
        self._refusals: list[Refusal] = []

    # ----- what the seat sees ---------------------------------------------------------------------
    @property
    @abstractmethod
    def seats(self) -> Sequence[SeatState]:
        """Every seat, by seat number."""

    @property
    @abstractmethod
    def version(self) -> int:
        """Goes up whenever the view or the legal actions may have changed: cache on it."""

    @abstractmethod
    def view(self) -> JSON:
        """This seat's view of the match now (absolute seat numbers). Do not change it."""

    @abstractmethod
    def legal(self) -> list[JSON]:
        """This seat's legal actions now; [] when it is not to act (or its action is on its way).
        Hand rummy lists no melds: the staging area builds them and the engine judges them."""

    @abstractmethod
    def remaining(self, seat: int) -> float | None:
        """Seconds left in ``seat``'s turn; None when it has no limit or is not to act."""

    @property
    def seating(self) -> Seating:
        return Seating(self.players, self.me)

    @property
    def phase(self) -> str:
        return str(self.view().get("phase", "play"))

    def to_act(self) -> list[int]:
        """Seats that may act now (from the view)."""
        return list(self.view().get("to_act", []))

    def my_turn(self) -> bool:
        return self.me in self.to_act()

    def side_of(self, seat: int) -> int:
        """The side of ``seat``: itself, except in team play (the view's ``sides``)."""
        sides = self.view().get("sides")
        return sides[seat] if isinstance(sides, list) and 0 <= seat < len(sides) else seat

    @property
    def totals(self) -> list[int]:
        return list(self.view().get("totals", []))

    @property
    def result(self) -> JSON | None:
        return self.view().get("result")

    # ----- acting ---------------------------------------------------------------------------------
    @abstractmethod
    def act(self, action: JSON, seat: int | None = None, human: bool = True) -> bool:
        """Submit ``action`` for ``seat`` (default: yours). False when it was refused at once
        (the refusal is in :meth:`take_refusals`); online an accepted send returns True and a
        refusal may arrive later."""

    @abstractmethod
    def reclaim(self) -> None:
        """ "I'm back" (TB-8): auto-assistance of your seat ends."""

    def leave(self) -> None:  # noqa: B027 (an optional hook)
        """You leave the table (online: the server's bot takes the seat, TB-9)."""

    def close(self) -> None:  # noqa: B027 (an optional hook)
        """Nothing more will be read from this session."""

    # ----- incoming, drained once a frame ---------------------------------------------------------
    def poll(self) -> None:  # noqa: B027 (an optional hook)
        """Read what has arrived (online: the server's messages). Local tables have nothing."""

    def take_events(self) -> list[JSON]:
        """The events since the last call, in order, as this seat may see them."""
        out, self._events = self._events, []
        return out

    def take_refusals(self) -> list[Refusal]:
        out, self._refusals = self._refusals, []
        return out

    # ----- pacing ---------------------------------------------------------------------------------
    def pace(self, shown: bool) -> None:  # noqa: B027 (an optional hook)
        """``shown``: the player has seen everything that happened, so turn clocks may run.
        While not shown the clocks are held (TB-6); local turns time out here (TB-7)."""

    def think(self, dt: float, pause_for: PauseFor) -> None:  # noqa: B027 (an optional hook)
        """Let the bot to act think a slice and act when done and its pause is over (local)."""

    def rest(self) -> None:  # noqa: B027 (an optional hook)
        """Stop any bot thinking (the screen is dealing, or the match is over)."""

    # ----- hints ---------------------------------------------------------------------
    def hints_allowed(self) -> bool:
        """Override: the table allows hints (practice does; online, the host decides)."""
        return False

    def hints_offered(self) -> bool:
        """Hints may be asked for here: allowed, and the game's bots give them."""
        return self.hints_allowed() and hasattr(self._bots_module(), "hint_think")

    def hint_think(self) -> HintThink[JSON] | None:
        """The hard bot's move for your seat and why, from your own view only, as a thought
        to step in slices (:func:`game.core.hints.think_hint`); None when hints are not
        offered or you are not to act."""
        legal = self.legal()
        if not legal or not self.hints_offered():
            return None
        thought: HintThink[JSON] = self._bots_module().hint_think(dict(self.view()), legal)
        return thought

    def _bots_module(self) -> Any:
        """The game's bots module, looked up once (the spec imports it by name, and the hint
        button asks on every frame, even a quiet one)."""
        bots = getattr(self, "_spec_bots", None)
        if bots is None:
            bots = self._spec_bots = registry.get(self.game).bots_module()
        return bots

    # ----- keeping --------------------------------------------------------------------------------
    def saved(self) -> dict[str, Any] | None:
        """What a restart needs to continue (seed + action log + seats), or None (online)."""
        return None
