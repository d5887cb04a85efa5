"""The engine protocol every game implements (docs/DESIGN.md "The engine protocol").

A subclass implements the game; this base class owns what is common: construction from a seed
or an explicit deck, the action log (the save, replay and recovery format), seat checks,
the timeout action and replay.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, Self, TypeVar

from .errors import IllegalAction
from .events import Event
from .fair import rng_from_record
from .rng import MatchRng, fresh_seed
from .types import ActionInput, Phase, TimeoutAction, ViewBase

TIMEOUT: TimeoutAction = {"type": "timeout"}

A = TypeVar("A", bound=Mapping[str, Any])  # the game's actions (legal_actions lists them)
V = TypeVar("V", bound=ViewBase)  # the game's view


def json_copy(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars), several times faster than
    copy.deepcopy on the hot path of apply(). Anything else is copied with deepcopy."""
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return copy.deepcopy(value)


class Match(ABC, Generic[A, V]):
    """One match of one game. Subclasses set GAME, MIN_PLAYERS, MAX_PLAYERS and name their
    action and view types: ``class Match(BaseMatch[HareejaAction, HareejaView])``."""

    GAME: ClassVar[str] = ""
    OPTIONS: ClassVar[tuple[str, ...] | None] = None  # the option keys it knows (None: any)
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 4

    def __init__(
        self, players: int, options: Mapping[str, Any] | None, seed: int, deck: list[str] | None
    ):
        self.players = players
        self.options = dict(options or {})
        self.seed = seed
        self.deck = list(deck) if deck is not None else None
        self.rng = MatchRng(seed)
        self.log: list[list[Any]] = []
        # The first deal happens in new(), before any apply(): its events (the "deal" with each
        # seat's private hand) wait here for the client or server to animate or send.
        self.start_events: list[Event] = []

    # ----- construction -------------------------------------------------------------
    @classmethod
    def new(
        cls,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        deck: list[str] | None = None,
        rng: MatchRng | None = None,
    ) -> Self:
        """A new match. ``seed=None`` takes a fresh seed from the OS; ``rng`` replaces the
        seed's generator (an online match's :class:`~game.core.fair.FairRng`)."""
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not cls.MIN_PLAYERS <= players <= cls.MAX_PLAYERS
        ):
            raise IllegalAction(
                f"{cls.GAME} is for {cls.MIN_PLAYERS}-{cls.MAX_PLAYERS} players, not {players}."
            )
        if options is not None and not isinstance(options, dict):
            raise IllegalAction("Options must be an object.")
        if seed is None:
            seed = fresh_seed()
        match = cls(players, options, seed, deck)
        if rng is not None:
            match.rng = rng
        match._only_options()
        match._start()
        return match

    @classmethod
    def replay(cls, record: Mapping[str, Any]) -> Self:
        """Rebuild a match from :meth:`record`: the seed, the deck and the action log (and an
        online match's ``fair`` part, its shuffles' secret and contributions)."""
        seed = record["seed"]
        rng = rng_from_record(record.get("fair"), seed)
        match = cls.new(record["players"], record.get("options"), seed, record.get("deck"), rng)
        for seat, action in record["log"]:
            match.apply(seat, action)
        return match

    def record(self) -> dict[str, Any]:
        """Everything needed to rebuild this match exactly (JSON-ready)."""
        return {
            "game": self.GAME,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "deck": self.deck,
            "log": json_copy(self.log),
        }

    # ----- the protocol -----------------------------------------------------------
    @property
    @abstractmethod
    def phase(self) -> Phase:
        """ "declare" | "play" | "over"."""

    @abstractmethod
    def to_act(self) -> list[int]:
        """Seats that may act now; empty only when the match is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[A]:
        """The actions ``seat`` may take now (Hand rummy leaves melds out: see docs/DESIGN.md)."""

    @abstractmethod
    def view(self, seat: int | None) -> V:
        """What ``seat`` may see, JSON-ready. ``None`` is a spectator."""

    @property
    @abstractmethod
    def totals(self) -> list[int]:
        """Running totals, indexed by side."""

    @property
    def result(self) -> Mapping[str, Any] | None:
        """The final result once phase == "over" (games override with details)."""
        return None

    def continues_turn(self, seat: int, action: ActionInput) -> bool:
        """True when ``action`` leaves ``seat`` in the same turn (Hand rummy: draw, meld, add,
        swap before the discard). The table layer keeps one deadline for a whole turn."""
        return False

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: the seat itself unless the game has teams."""
        return seat

    @property
    def sides(self) -> int:
        return len(self.totals)

    def apply(self, seat: int, action: ActionInput) -> list[Event]:
        """Apply one action of ``seat``. Raises IllegalAction and changes nothing if refused."""
        self._check_seat(seat)
        if self.phase == "over":
            raise IllegalAction("The match is over.", "match_over")
        if seat not in self.to_act():
            raise IllegalAction("It is not your turn.", "not_your_turn")
        if isinstance(action, dict) and action.get("type") == "timeout":
            if len(action) != 1:
                raise IllegalAction('"timeout" takes no fields.')
            events = self._timeout(seat)
        else:
            events = self._apply(seat, action)
        self.log.append([seat, json_copy(action)])
        return events

    # ----- for subclasses -------------------------------------------------------------
    @abstractmethod
    def _start(self) -> None:
        """Deal the first round (from self.deck when given)."""

    @abstractmethod
    def _apply(self, seat: int, action: ActionInput) -> list[Event]:
        """Check the action completely, then apply it. Seat and turn are already checked."""

    @abstractmethod
    def _timeout(self, seat: int) -> list[Event]:
        """The safe move of TB-7 for ``seat``, applied."""

    def _only_options(self) -> None:
        """Refuse option keys the game does not know (:attr:`OPTIONS`): a typo must not pass
        silently, and a public table list shows only what the game means."""
        known = self.OPTIONS or ()
        unknown = sorted(str(k) for k in self.options if k not in known)
        if self.OPTIONS is not None and unknown:
            raise IllegalAction(
                f"Unknown {self.GAME} option(s): {', '.join(unknown)}; "
                f"it knows {', '.join(known) or 'none'}.",
                "bad_option",
            )

    @classmethod
    def known_options(cls, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """``options`` without the keys the game does not know: what a record stored before
        unknown keys were refused is resumed with (they were ignored then, so it replays
        the same)."""
        return {k: v for k, v in (options or {}).items() if cls.OPTIONS is None or k in cls.OPTIONS}

    def _check_seat(self, seat: Any) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"There is no seat {seat!r} at this table.")

    def _check_deck(self, full_deck: list[str]) -> list[str]:
        """The explicit deck, checked to be exactly the game's cards in some order."""
        if self.deck is None:
            return self.rng.shuffled(full_deck)
        if not isinstance(self.deck, list) or sorted(map(str, self.deck)) != sorted(full_deck):
            raise IllegalAction("The given deck is not exactly this game's cards.")
        return list(self.deck)
