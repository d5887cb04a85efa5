"""The games the menu offers, and what a game's table module must provide.

A game appears in the menu as soon as ``game/games/<key>/table.py`` exists (checked with
``importlib.util.find_spec``, nothing is imported until the game is chosen). Its entry here gives
its menu options; its table module must provide:

- ``TABLE_CLASS``: the table scene class (a :class:`game.ui.cardtable.CardTable` subclass) with
    ``TABLE_CLASS.new_match(app, level, turn_seconds, options, seed=None, deck=None,
    all_bots=False, clock=None)`` → the scene, ready to ``app.switch`` to. ``options`` is the
    menu's dict for that game (``players`` plus the engine's options, see :data:`GAMES`);
    ``TABLE_CLASS.from_saved(app, saved)`` → the scene, or None when the saved match cannot be
    replayed. ``saved`` is what the scene stored through ``storage.save_match`` and holds
    ``"game": <key>`` (a save without it is Hareeja's, from before there were other games).
- ``start_autoplay(app, options)``: all-bot match for ``main.py --autoplay --game <key>``;
  switches to the scene and returns it (the scene calls ``app.finish_autoplay`` at the end).
- ``screenshot_scenes(shooter)``: saves the game's phases with the harness in
  :mod:`game.ui.screenshots` (``shooter.app``, ``frames(n)``, ``until(pred)``, ``shot(name)``;
  name files ``<game>_NN_<phase>``).

Chosen options are remembered per game in the settings (``settings["options.<key>"]``).
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from game.i18n import digits, t

DEFAULT_GAME = "hareeja"


@dataclass(frozen=True)
class Choice:
    """One menu row of a game: option ``key`` with its ``values``, shown in that order."""

    key: str
    label: str                       # i18n key of the row's label
    values: tuple
    text: Callable[[Any], str]       # the shown label of a value (current language)
    initial: Any = None              # the default value (None: the first of ``values``)

    @property
    def default(self) -> Any:
        return self.values[0] if self.initial is None else self.initial


@dataclass(frozen=True)
class GameInfo:
    key: str
    choices: tuple[Choice, ...] = field(default_factory=tuple)

    @property
    def title(self) -> str:
        return t(f"game.{self.key}")

    def defaults(self) -> dict:
        return {c.key: c.default for c in self.choices}


def _number(n: Any) -> str:
    return digits(n)


GAMES: tuple[GameInfo, ...] = (
    GameInfo("hareeja"),
    GameInfo("ronda", (
        Choice("players", "menu.players", (2, 3, 4), _number),
        Choice("rules", "menu.rules_set", ("maghribi", "quick"), lambda v: t(f"ronda.rules.{v}")),
    )),
    GameInfo("hand_rummy", (
        Choice("players", "menu.players", (2, 3, 4), _number, initial=4),
        Choice("rounds", "menu.rounds", (1, 3, 5, 10, 20), _number, initial=5),   # HR-2
        Choice("variant", "menu.variant", ("majlis", "classic"),
               lambda v: t(f"rummy.variant.{v}")),
        Choice("partnership", "menu.partnership", (False, True),
               lambda v: t("on") if v else t("off")),
    )),
)


def has_table(key: str) -> bool:
    """True when ``game/games/<key>/table.py`` exists (without importing it)."""
    try:
        return importlib.util.find_spec(f"game.games.{key}.table") is not None
    except ModuleNotFoundError:
        return False


def available() -> list[GameInfo]:
    """The games the menu shows: those with a table module."""
    return [g for g in GAMES if has_table(g.key)]


def info(key: str) -> GameInfo:
    for g in GAMES:
        if g.key == key:
            return g
    raise KeyError(f"No game {key!r}.")


def table_module(key: str) -> ModuleType:
    """The game's table module, imported on first use."""
    return importlib.import_module(f"game.games.{key}.table")


def table_class(key: str):
    return table_module(key).TABLE_CLASS


def options_for(settings: dict, key: str) -> dict:
    """The remembered options of game ``key``, with defaults for anything missing or stale."""
    stored = settings.get(f"options.{key}")
    out = info(key).defaults()
    if isinstance(stored, dict):
        for c in info(key).choices:
            if c.key in stored and any(stored[c.key] is v or (
                    type(stored[c.key]) is type(v) and stored[c.key] == v) for v in c.values):
                out[c.key] = stored[c.key]
    if out.get("partnership") and out.get("players") != 4:
        out["partnership"] = False          # HR-12: partnership needs exactly four players
    return out


def new_match(app, key: str, seed: int | None = None):
    """The table scene of a new match of ``key`` with the menu's settings."""
    s = app.settings
    return table_class(key).new_match(app, s["level"], s["turn_seconds"] or None,
                                      options_for(s, key), seed=seed)


def from_saved(app, saved: dict):
    """Rebuild whichever game ``saved`` holds; None when it cannot be replayed."""
    key = saved.get("game", DEFAULT_GAME)
    if not isinstance(key, str) or not has_table(key):
        return None
    return table_class(key).from_saved(app, saved)


def start_autoplay(app, key: str = DEFAULT_GAME):
    """``--autoplay``: bots play a whole match of ``key`` through the loop."""
    return table_module(key).start_autoplay(app, options_for(app.settings, key))
