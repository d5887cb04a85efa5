"""Making a match of a card table: :class:`TableMaker`, the part of a game that is not its
scene's job.

A table scene (:class:`game.ui.cardtable.CardTable`) plays one seat of a session it is given;
where that session comes from is told here, once for every game: a new match against bots
(:meth:`TableMaker.new_match`, the menu's Play and "Play again"), an all-bot match played
through the real loop (:meth:`TableMaker.start_autoplay`, ``main.py --autoplay``) and a saved
match rebuilt from its seed and action log (:meth:`TableMaker.from_saved`, the home screen's
Continue). ``TableMaker(HareejaTable).new_match(app, "easy", seed=5)`` is a Hareeja table.

The maker reads only what :class:`MadeTable` names of the scene class (the game key, its
default player count and which of the menu's options its engine takes) and builds the scene
with ``table_class(app, session, bot_seed=..., options=...)``; nothing here imports pygame.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from game.client import storage
from game.client.local import LocalSession
from game.client.session import TableSession
from game.core import registry

JSON = dict[str, Any]


class Saver(Protocol):
    """What the maker tells a new scene's saver (game.ui.table_saver.TableSaver)."""

    enabled: bool

    def write(self) -> None: ...


class MadeTable(Protocol):
    """What the maker reads of a table scene (CardTable and its games have it all): the game
    key, its default player count, which of the menu's options its engine takes, and its saver
    (whether its match is stored); and how the scene is built on a session."""

    name: str  # the game key
    DEFAULT_PLAYERS: int
    ENGINE_OPTIONS: tuple[str, ...]  # the menu's options passed on to the engine

    def __init__(
        self,
        app: Any,  # the app the scene is shown in (game.ui.app.App)
        session: TableSession,
        *,
        bot_seed: int | None = None,
        options: JSON | None = None,
    ) -> None: ...

    @property
    def saver(self) -> Saver: ...


Table = TypeVar("Table", bound=MadeTable)


class AppOptions(Protocol):
    seed: int | None  # --seed: autoplay's matches are dealt from it


class AutoplayApp(Protocol):
    """What an autoplay reads of the app (game.ui.app.App): its settings (the menu's level),
    its command-line options (the seed), and it switches to the new table."""

    settings: dict[str, Any]

    @property
    def options(self) -> AppOptions: ...

    def switch(self, scene: object) -> None: ...


class TableMaker(Generic[Table]):
    """Makes the matches of one table scene class (see the module docstring)."""

    def __init__(self, table_class: type[Table]) -> None:
        self.table_class = table_class

    def engine_options(self, options: JSON | None) -> JSON:
        """The part of the menu's options the engine takes (``players`` is separate)."""
        taken = self.table_class.ENGINE_OPTIONS
        return {k: v for k, v in (options or {}).items() if k in taken}

    def new_match(
        self,
        app: Any,  # the app the scene is built for (game.ui.app.App)
        level: str = "normal",
        turn_seconds: int | None = None,
        options: JSON | None = None,
        seed: int | None = None,
        deck: list[str] | None = None,
        all_bots: bool = False,
        clock: Any = None,
        save: bool = True,
    ) -> Table:
        """A new match: you against bots at ``level`` (or all bots for autoplay).
        ``options`` are the menu's: ``players`` plus the engine's own options. ``save``:
        False for a table that is never played (game/ui/rehearsal.py): nothing is stored."""
        table_class = self.table_class
        options = dict(options or {})
        players = int(options.get("players", table_class.DEFAULT_PLAYERS))
        session = LocalSession.new(
            table_class.name,
            players,
            self.engine_options(options),
            level,
            turn_seconds,
            seed=seed,
            deck=deck,
            all_bots=all_bots,
            clock=clock,
            bot_names=registry.get(table_class.name).bot_names,  # the spec says them (one place)
        )
        scene = table_class(app, session, bot_seed=seed, options=options)
        scene.saver.enabled = scene.saver.enabled and save
        scene.saver.write()
        return scene

    def start_autoplay(self, app: AutoplayApp, options: JSON | None = None) -> Table:
        """Bots in every seat play a whole match through the real loop and scenes
        (``main.py --autoplay``); the scene reports the result through app.finish_autoplay."""
        scene = self.new_match(
            app,
            level=app.settings.get("level", "normal"),
            options=options,
            seed=app.options.seed,
            all_bots=True,
        )
        app.switch(scene)
        return scene

    def from_saved(self, app: Any, saved: JSON) -> Table | None:
        """Rebuild a saved match (seed + action log + seats); None if it cannot be replayed."""
        game = self.table_class.name
        try:
            session = LocalSession.from_saved(game, saved)
        except Exception:
            storage.keep_match_aside(game)  # cannot be replayed: kept, not deleted
            return None
        if session.phase == "over":
            storage.clear_match(game)
            return None
        return self.table_class(app, session, options=saved.get("options"))
