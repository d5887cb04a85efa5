"""A game's declared facts: what the protocol, menu, lobby, statistics, help, screenshots and
strings need to know to offer a game, written once in ``game/games/<name>/spec.py``.

Pure Python: no pygame, and nothing of the game is imported until asked for. The engine, bots,
strings, table scene and screenshot script are named by import path (``"module:attribute"`` or
``"module"``) and loaded on first use, so the server reads a spec without touching the client and
the client reads one without loading every engine. :mod:`game.core.registry` finds the specs.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from game.core.bots import LEVELS, Think

if TYPE_CHECKING:
    from game.core.engine import Match

BOT_LEVELS: tuple[str, ...] = LEVELS  # every game's bots know these levels (easy → hard)

History = list[dict[str, Any]]  # a view's "history": one dict per finished round / deal
Figures = dict[str, int]
Rows = list[tuple[str, Any]]


def load(path: str) -> Any:
    """The object an import path names: ``"package.module:attr"``, or a module."""
    module, _, attr = path.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


class BotsModule(Protocol):
    """What a game's ``bots.py`` offers: a bot's thought for one seat. ``view`` and ``legal``
    are the game's own view and actions (each game types them; here any game's)."""

    def think(self, view: Any, legal: list[Any], level: str, rng: random.Random) -> Think: ...


@dataclass(frozen=True)
class Option:
    """One engine option the player chooses (a row of the menu and of the lobby's new table).

    ``values`` are offered in that order (the engine may accept more, e.g. rummy's rounds
    1..20); ``text`` is the i18n key of a value's label with ``{value}`` in it — numbers show
    as numbers and booleans as on/off without one. ``summary``: the i18n key of a count's words
    in a table's one-line description (a plural entry of the catalog: "One round", "{n}
    rounds"); without one the value's label. ``players``: the seat counts
    the option needs when it is on (HR-12: partnership only with four); otherwise it falls
    back to its default. ``limits``: ``(value, seat counts)`` pairs, a value that only those
    seat counts allow (HR-12: the majlis rules for 2–4, so five players play classic); the
    option then falls back to its default, or the first value the table allows. A boolean
    option is not described (team play is, see ``teams``)."""

    key: str
    label: str
    values: tuple[Any, ...]
    default: Any = None
    text: str = ""
    summary: str = ""
    players: tuple[int, ...] = ()
    limits: tuple[tuple[Any, tuple[int, ...]], ...] = ()

    @property
    def initial(self) -> Any:
        return self.values[0] if self.default is None else self.default

    def offered(self, players: int) -> tuple[Any, ...]:
        """The values a table of ``players`` may take (see ``limits``)."""
        barred = [v for v, counts in self.limits if players not in counts]
        return tuple(v for v in self.values if not any(v is b or v == b for b in barred))

    def fallback(self, players: int) -> Any:
        """The value a table of ``players`` takes when the chosen one is not allowed."""
        allowed = self.offered(players)
        return self.initial if self.initial in allowed or not allowed else allowed[0]


def no_teams(players: int, options: Mapping[str, Any]) -> bool:
    return False


def plain_history(history: History, seat: int, side: int) -> Figures:
    return {"rounds": len(history)}


@dataclass(frozen=True)
class Stats:
    """What a finished match adds to the player's statistics, and how the screen shows it.

    ``figures``: the keys ``count`` returns, summed over matches (``maxima`` keep the largest
    instead); ``count(history, seat, side)``: the player's figures from his view's history (his
    seat, and his side in team play); ``rows(sums)``: the screen's (name, value) rows in order,
    a value a number, ``(a, b)`` for "a of b", or None for nothing yet (default: each figure's
    sum);
    ``lowest_wins``: the smallest total takes first place (Hand rummy)."""

    figures: tuple[str, ...] = ("rounds",)
    count: Callable[[History, int, int], Figures] = plain_history
    rows: Callable[[dict[str, Any]], Rows] | None = None
    maxima: frozenset[str] = frozenset()
    lowest_wins: bool = False

    def shown(self, sums: dict[str, Any]) -> Rows:
        if self.rows is not None:
            return self.rows(sums)
        return [(k, sums.get(k, 0)) for k in self.figures if k not in self.maxima] + [
            (k, sums.get(k)) for k in self.figures if k in self.maxima
        ]


@dataclass(frozen=True)
class GameSpec:
    """Everything the rest of the program needs to know about one game.

    ``name`` is the folder under ``game/games/`` and the word on the wire. ``engine`` names the
    :class:`Match` class (docs/DESIGN.md "The engine protocol"), ``bots`` the module whose
    ``think(view, legal, level, rng)`` plays a seat at each of :data:`BOT_LEVELS`. ``players``:
    the seat counts a table may have (TB-5), ``default_players`` the menu's first choice.
    ``teams(players, options)``: team play, where seats 0 & 2 are side 0 and 1 & 3 side 1
    (the engine's ``side_of`` agrees; a test checks). ``strings``: the game's gettext catalog,
    a ``.po`` file in its folder (see game.i18n.catalog: its name ``game.<name>``, its rules page
    ``help.<name>.title`` and ``.body``, the labels of its options, its own words).
    ``scene``: the pygame table scene class (see :mod:`game.ui.games`); ``screenshots``: the
    function that shoots its phases for ``main.py --screenshots`` (None: none). ``order``:
    where the game sits in the menu's row. ``bot_names``: the i18n keys of the bots' names."""

    name: str
    engine: str
    bots: str
    players: tuple[int, ...]
    default_players: int | None = None
    options: tuple[Option, ...] = ()
    teams: Callable[[int, Mapping[str, Any]], bool] = no_teams
    stats: Stats = field(default_factory=Stats)
    strings: str | None = "ar.po"
    scene: str | None = None
    screenshots: str | None = None
    online: bool = True
    order: int = 100
    bot_names: str = "name.{i}"
    bot_levels: tuple[str, ...] = BOT_LEVELS

    # ----- reading the declaration -----------------------------------------------------------
    @property
    def title_key(self) -> str:
        return f"game.{self.name}"

    @property
    def help_keys(self) -> tuple[str, str]:
        return f"help.{self.name}.title", f"help.{self.name}.body"

    @property
    def first_players(self) -> int:
        return self.players[0] if self.default_players is None else self.default_players

    def option(self, key: str) -> Option:
        for o in self.options:
            if o.key == key:
                return o
        raise KeyError(f"{self.name} has no option {key!r}.")

    def defaults(self) -> dict[str, Any]:
        """The engine options a new table starts with."""
        return {o.key: o.initial for o in self.options}

    def fit(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` for a table of ``players``: an option that needs other seat counts
        (partnership with fewer than four, the majlis rules with five) falls back (see
        :class:`Option`)."""
        out = dict(options)
        for o in self.options:
            if o.players and players not in o.players and o.key in out:
                out[o.key] = o.initial
            if o.limits and out.get(o.key, o.initial) not in o.offered(players):
                out[o.key] = o.fallback(players)
        return out

    def sides(self, players: int, options: Mapping[str, Any] | None = None) -> int:
        """How many sides a table has: 2 in team play, else one per seat."""
        return 2 if self.teams(players, options or {}) else players

    def side_of(self, seat: int, players: int, options: Mapping[str, Any] | None = None) -> int:
        return seat % 2 if self.teams(players, options or {}) else seat

    # ----- loading what it names -------------------------------------------------------------
    def engine_class(self) -> type[Match[Any, Any]]:
        engine: type[Match[Any, Any]] = load(self.engine)
        return engine

    def bots_module(self) -> BotsModule:
        bots: BotsModule = load(self.bots)
        return bots

    def scene_class(self) -> Any:
        if self.scene is None:
            raise LookupError(f"{self.name} has no table scene.")
        return load(self.scene)

    def screenshot_script(self) -> Callable[[Any], None] | None:
        return load(self.screenshots) if self.screenshots else None
