"""The games the client offers, read from their specs (:mod:`game.core.registry`), and what a
game's table scene must provide.

A game appears in the menu when its spec names a ``scene`` whose module exists (checked with
``importlib.util.find_spec``; nothing is imported until the game is chosen). Its menu rows are
its spec's player counts (when there is a choice) and options. The scene class is built as
``scene_class(app, session, options=...)`` for a session it is given (the lobby's online table,
a lesson, a replay); its matches are made by :func:`maker`:

- a scene built on :class:`game.ui.cardtable.CardTable` has them made by
  :class:`game.ui.table_making.TableMaker` (a new match against bots, a saved one rebuilt, an
  all-bot autoplay);
- a bare scene of its own (tests/fourth_game's) makes them itself: the class has
  ``new_match(app, level, turn_seconds, options, seed=None, deck=None, all_bots=False,
  clock=None)`` → the scene, ready to ``app.switch`` to (``options`` is the menu's dict for that
  game: ``players`` plus the engine's options); ``from_saved(app, saved)`` → the scene, or None
  when the saved match cannot be replayed (``saved`` is what the scene stored through
  ``storage.save_match`` and holds ``"game": <name>``; a save without it is Hareeja's, from
  before there were other games); ``start_autoplay(app, options)``: an all-bot match for
  ``main.py --autoplay --game <name>``, switched to and returned (the scene calls
  ``app.finish_autoplay`` at the end).

The spec's ``screenshots`` function shoots the game's phases with the harness in
:mod:`game.ui.screenshots` (``shooter.app``, ``frames(n)``, ``until(pred)``, ``shot(name)``).
Chosen options are remembered per game in the settings (``settings["options.<name>"]``).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from game.core import registry
from game.core.spec import GameSpec, Option
from game.core.types import JsonObject
from game.i18n import digits, t, tn
from game.ui.table_making import AutoplayApp, TableMaker

if TYPE_CHECKING:
    from game.client.session import TableSession

DEFAULT_GAME = registry.names()[0]  # Hareeja: also the game of a save without "game"

# The app and the scenes are the pygame side (game.ui.app, game.ui.scene), which this
# pygame-free module may not import (tests/test_layers.py): ``Any`` stands for a scene here.
Scene = Any
Settings = JsonObject  # the app's settings: JSON in the store (game.client.storage checks them)


class App(Protocol):
    """What starting a game asks of the app: its settings."""

    settings: Settings


class TableScene(Protocol):
    """A game's table scene class, as its spec names it (the contract above)."""

    def __call__(
        self, app: App, session: TableSession, *, options: JsonObject | None = None
    ) -> Scene:
        """The scene playing ``session`` (the lobby's online table, once it starts)."""
        ...


class TableMaking(Protocol):
    """What makes a game's matches (:func:`maker`; the contract above)."""

    def new_match(
        self,
        app: App,
        level: str,
        turn_seconds: int | None,
        options: JsonObject,
        seed: int | None = None,
        *,
        save: bool = True,
    ) -> Scene: ...
    def from_saved(self, app: App, saved: JsonObject) -> Scene | None: ...
    def start_autoplay(self, app: AutoplayApp, options: JsonObject) -> Scene: ...


@dataclass(frozen=True)
class Choice:
    """One menu row of a game: option ``key`` with its ``values``, shown in that order."""

    key: str
    label: str  # i18n key of the row's label
    values: tuple[Any, ...]  # option values: JSON scalars (numbers, words, booleans)
    text: Callable[[Any], str]  # the shown label of a value (current language)
    initial: Any = None  # the default value (None: the first of ``values``)

    @property
    def default(self) -> Any:
        return self.values[0] if self.initial is None else self.initial


def value_text(option: Option) -> Callable[[Any], str]:
    """How a value of ``option`` reads: on/off, the option's own words, or the number."""

    def text(value: Any) -> str:
        if isinstance(value, bool):
            return t("on") if value else t("off")
        if option.text:
            return t(option.text.format(value=value))
        return digits(value)

    return text


def summary_text(option: Option, value: Any) -> str:
    """``value`` of ``option`` in a table's one-line description ("5 rounds", "Quick · 25")."""
    if option.summary:
        return tn(option.summary, value)
    return value_text(option)(value)


def describe(key: str, players: int, options: JsonObject | None) -> list[str]:
    """The parts of a table's description: each option's value (booleans are not told), then
    "Two teams" in team play."""
    if not registry.exists(key):
        return []
    spec = registry.get(key)
    options = options or {}
    parts = [
        summary_text(o, options.get(o.key, o.initial))
        for o in spec.options
        if not isinstance(options.get(o.key, o.initial), bool)
    ]
    if spec.teams(players, options):
        parts.append(t("online.teams"))
    return parts


@dataclass(frozen=True)
class GameInfo:
    """A game as the menu and the lobby show it: its spec and its rows."""

    spec: GameSpec
    choices: tuple[Choice, ...] = field(default_factory=tuple)

    @property
    def key(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return t(self.spec.title_key)

    def defaults(self) -> JsonObject:
        return {c.key: c.default for c in self.choices}


def _info(spec: GameSpec) -> GameInfo:
    rows: list[Choice] = []
    if len(spec.players) > 1:
        rows.append(
            Choice("players", "menu.players", spec.players, digits, initial=spec.first_players)
        )
    rows += [Choice(o.key, o.label, o.values, value_text(o), o.initial) for o in spec.options]
    return GameInfo(spec, tuple(rows))


def has_table(key: str) -> bool:
    """True when the game's table scene module exists (without importing it)."""
    try:
        scene = registry.get(key).scene
        return scene is not None and importlib.util.find_spec(scene.partition(":")[0]) is not None
    except (KeyError, ModuleNotFoundError):
        return False


def available() -> list[GameInfo]:
    """The games the menu shows: those with a table scene."""
    return [_info(s) for s in registry.specs() if has_table(s.name)]


def online() -> list[GameInfo]:
    """The games the lobby offers for a new online table."""
    return [g for g in available() if g.spec.online]


def info(key: str) -> GameInfo:
    return _info(registry.get(key))


def table_class(key: str) -> TableScene:
    """The game's table scene class, imported on first use."""
    scene: TableScene = registry.get(key).scene_class()
    return scene


def maker(key: str) -> TableMaking:
    """What makes game ``key``'s matches: a :class:`game.ui.table_making.TableMaker` for its
    scene class, or the class itself when it makes its own (a bare scene; see above)."""
    scene: Any = table_class(key)
    if hasattr(scene, "new_match"):
        own: TableMaking = scene
        return own
    return TableMaker(scene)


def options_for(settings: Settings, key: str) -> JsonObject:
    """The remembered options of game ``key``, with defaults for anything missing or stale."""
    game = info(key)
    stored = settings.get(f"options.{key}")
    out = game.defaults()
    if isinstance(stored, dict):
        for c in game.choices:
            if c.key in stored and any(
                stored[c.key] is v or (type(stored[c.key]) is type(v) and stored[c.key] == v)
                for v in c.values
            ):
                out[c.key] = stored[c.key]
    return game.spec.fit(out.get("players", game.spec.first_players), out)


def new_match(app: App, key: str, seed: int | None = None) -> Scene:
    """The table scene of a new match of ``key`` with the menu's settings."""
    s = app.settings
    return maker(key).new_match(
        app, s["level"], s["turn_seconds"] or None, options_for(s, key), seed=seed
    )


def rehearsal(app: App, key: str) -> Scene:
    """The table :func:`new_match` would build for ``key``, never saved (game/ui/rehearsal.py
    draws it once ahead and lets it go)."""
    s = app.settings
    return maker(key).new_match(
        app, s["level"], s["turn_seconds"] or None, options_for(s, key), seed=0, save=False
    )


def from_saved(app: App, saved: JsonObject) -> Scene | None:
    """Rebuild whichever game ``saved`` holds; None when it cannot be replayed."""
    key = saved.get("game", DEFAULT_GAME)
    if not registry.exists(key) or not has_table(key):
        return None
    return maker(key).from_saved(app, saved)


def start_autoplay(app: AutoplayApp, key: str = DEFAULT_GAME) -> Scene:
    """``--autoplay``: bots play a whole match of ``key`` through the loop."""
    return maker(key).start_autoplay(app, options_for(app.settings, key))


def screenshot_script(key: str) -> Callable[[Any], None] | None:
    """The function that shoots ``key``'s table phases (None: the game has none)."""
    return registry.get(key).screenshot_script()
