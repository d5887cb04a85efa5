"""A match in this process: the engine, bots thinking in slices and the turn clocks, behind the
:class:`~game.client.session.TableSession` interface (practice against bots, autoplay, Continue).

The session owns the :class:`game.table.Table` (seats, TB-6 … TB-9) and through it the engine;
the scene only sees the view, the legal actions and the events. ``match`` stays reachable for
the code that builds and drives tables (tests, screenshot scripts), never for a scene.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core import registry
from game.core.bots import Thinking, bot_rng
from game.core.errors import IllegalAction
from game.core.spec import BotsModule
from game.table import Seat, SystemClock, Table

from .session import JSON, PauseFor, Refusal, SeatState, TableSession

SLICE = 0.004  # seconds a bot thinks per frame (the browser has no threads)


def engine_class(game: str) -> Any:
    """The game's ``Match`` class, as its spec names it."""
    return registry.get(game).engine_class()


def bots_module(game: str) -> BotsModule:
    """The game's bots module (``think(view, legal, level, rng)``), as its spec names it."""
    return registry.get(game).bots_module()


class LocalSession(TableSession):
    """Seat ``me`` (0) of ``table``; the other automated seats are played by the game's bots."""

    online = False

    def __init__(
        self,
        table: Table,
        me: int = 0,
        bot_seed: int | None = None,
        bots: BotsModule | None = None,
        game: str | None = None,
    ):
        super().__init__()
        self.table = table
        self.match = table.match
        self.game = game or str(table.match.view(None).get("game", ""))
        self.players = table.match.players
        self.me = me
        self._bots = bots
        self.bot_rngs = [
            bot_rng(None if bot_seed is None else bot_seed * 8 + s) for s in range(self.players)
        ]
        self.thinking: tuple[int, Thinking, float] | None = None
        self._view_key = -1
        self._view: JSON = {}
        self._legal_key = -1
        self._legal: list[JSON] = []

    # ----- building -------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: str,
        players: int,
        options: JSON | None = None,
        level: str = "normal",
        turn_seconds: float | None = None,
        seed: int | None = None,
        deck: list[str] | None = None,
        all_bots: bool = False,
        clock: Any = None,
        bot_names: str = "name.{i}",
    ) -> LocalSession:
        """A new match: you (seat 0) against bots at ``level``, or bots everywhere (autoplay).
        Its deal waits in :meth:`take_events`."""
        match = engine_class(game).new(players, dict(options or {}), seed=seed, deck=deck)
        seats = [Seat("bot" if all_bots else "human", "seat.you", level)]
        seats += [Seat("bot", bot_names.format(i=i), level) for i in range(1, players)]
        session = cls(
            Table(match, seats, clock or SystemClock(), turn_seconds), bot_seed=seed, game=game
        )
        session._events = [e.for_seat(session.me) for e in match.start_events]
        return session

    @classmethod
    def from_saved(cls, game: str, saved: JSON) -> LocalSession:
        """A saved match (seed + action log + seats), replayed; raises when it cannot be."""
        match = engine_class(game).replay(saved["record"])
        seats = [Seat(s["kind"], s["name"], s["level"]) for s in saved["seats"]]
        return cls(Table(match, seats, SystemClock(), saved.get("turn_seconds")), game=game)

    # ----- what the seat sees ---------------------------------------------------------------------
    @property
    def seats(self) -> Sequence[SeatState]:
        return self.table.seats

    @property
    def turn_seconds(self) -> float | None:  # type: ignore[override]
        return self.table.turn_seconds

    @property
    def version(self) -> int:
        return len(self.match.log)

    def view(self) -> JSON:
        if self._view_key != self.version:
            self._view_key, self._view = self.version, self.match.view(self.me)
        return self._view

    def legal(self) -> list[JSON]:
        if self._legal_key != self.version:
            mine = self.match.phase != "over" and self.me in self.match.to_act()
            self._legal_key = self.version
            self._legal = self.match.legal_actions(self.me) if mine else []
        return list(self._legal)

    def remaining(self, seat: int) -> float | None:
        if self.match.phase == "over":
            return None
        return self.table.remaining(seat)

    # ----- acting ---------------------------------------------------------------------------------
    def act(self, action: JSON, seat: int | None = None, human: bool = True) -> bool:
        seat = self.me if seat is None else seat
        try:
            events = self.table.act(seat, action, human=human)
        except IllegalAction as refused:
            if human:
                self._refusals.append(Refusal(refused.code, refused.message))
            return False
        self._events.extend(e.for_seat(self.me) for e in events)
        return True

    def reclaim(self) -> None:
        self.table.reclaim(self.me)

    # ----- pacing ---------------------------------------------------------------------------------
    def pace(self, shown: bool) -> None:
        if shown:
            self.table.release()
        else:
            self.table.hold()
        if self.match.phase != "over":
            self._events.extend(e.for_seat(self.me) for e in self.table.tick())

    def think(self, dt: float, pause_for: PauseFor) -> None:
        seats = self.table.automated_to_act()
        if not seats:
            self.thinking = None
            return
        if self.thinking is None or self.thinking[0] not in seats:
            seat = seats[0]
            view, legal = self.table.bot_view(seat)
            bots = self._bots or bots_module(self.game)
            thought = bots.think(view, legal, self.table.seats[seat].level, self.bot_rngs[seat])
            self.thinking = (seat, Thinking(thought), pause_for(dict(view), legal))
        seat, thinking, pause = self.thinking
        done = thinking.step(SLICE)
        pause -= dt
        self.thinking = (seat, thinking, pause)
        if done and pause <= 0:
            self.thinking = None
            self.act(dict(thinking.action or {}), seat=seat, human=False)

    def rest(self) -> None:
        self.thinking = None

    # ----- hints -------------------------------------------------------------------------------
    def hints_allowed(self) -> bool:
        return True  # practice in this process

    # ----- keeping --------------------------------------------------------------------------------
    def saved(self) -> dict[str, Any]:
        return {
            "record": self.match.record(),
            "seats": [{"kind": s.kind, "name": s.name, "level": s.level} for s in self.table.seats],
            "turn_seconds": self.table.turn_seconds,
        }
