"""The lobby scene's parts that are not views, and what a view may use of the scene.

- :class:`NewTable`: the table Create makes (the game, its options as the menu remembers them,
  visibility, hints) and the ``create`` message's fields.
- :class:`TextEntry`: a room code, or natively the player's name or the server's address, being
  typed; in the browser (no virtual keyboard for a pygame canvas) the page's ``window.prompt``
  asks instead (docs/WEB.md).
- :class:`Lobby`: the scene as its views see it (:class:`game.ui.scenes.lobby.LobbyScene`): the
  connection, these parts and the actions. Views are typed against it, not against the scene,
  so that no module of the lobby imports the scene back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.client import page_links
from game.core import registry
from game.i18n import t
from game.net import protocol
from game.ui import games
from game.ui.scenes.lobby_common import WEB, online_games, online_options

if TYPE_CHECKING:
    from game.client.server_link import ServerLink
    from game.ui.app import App


class NewTable:
    """The new table's choices. The game and its options are the menu's settings (a choice
    here is remembered there too); visibility and hints last as long as the lobby.
    ``changed`` is called when the game changes (its option rows are others)."""

    def __init__(self, app: App, changed: Callable[[], None]) -> None:
        self.app = app
        self.changed = changed
        chosen = app.settings.get("game")
        keys = online_games()
        self.game: str = chosen if chosen in keys else keys[0]
        self.visibility: str = "private"
        self.hints: bool = False  # the new table lets its seats ask for hints

    def set_game(self, key: str) -> None:
        """Another game brings its own option rows (the menu remembers the choice too)."""
        if key in online_games():
            self.game = key
            self.app.set_setting("game", key)
            self.changed()

    def set_option(self, key: str, value: Any) -> None:
        options = games.options_for(self.app.settings, self.game)
        options[key] = value
        self.app.set_setting(f"options.{self.game}", options)

    def option(self, key: str) -> Any:
        """The option ``key`` as the menu remembers it for the chosen game."""
        return games.options_for(self.app.settings, self.game)[key]

    def values(self, choice: games.Choice) -> tuple[Any, ...]:
        """A menu choice's values that an online table accepts (TB-5 player counts)."""
        if choice.key == "players":
            return tuple(v for v in choice.values if v in registry.get(self.game).players)
        return choice.values

    def set_visibility(self, value: str) -> None:
        self.visibility = value

    def set_hints(self, value: bool) -> None:
        self.hints = value

    def fields(self) -> dict[str, Any]:
        """The ``create`` message's fields for the chosen game, options and turn time."""
        s = self.app.settings
        players, options = online_options(s, self.game)
        return {
            "game": self.game,
            "players": players,
            "options": options,
            "visibility": self.visibility,
            "turn_seconds": s["turn_seconds"] or None,
            "bots": s.get("level", "normal"),
            "hints": self.hints,
        }


FIELD_LIMITS = {"code": 12, "name": protocol.MAX_NAME, "server": 120}


class TextEntry:
    """One field being typed. ``submit(field, text)`` gets what was typed (stripped);
    ``show(state)`` opens the lobby's typing state (``code`` or ``field``)."""

    def __init__(
        self, submit: Callable[[str | None, str], None], show: Callable[[str], None]
    ) -> None:
        self.submit_to = submit
        self.show = show
        self.field: str | None = None  # "code" | "name" | "server" while typing
        self.typed = ""

    def edit(self, field: str, current: str) -> None:
        """Type ``field`` from ``current`` (natively) or ask with the page's prompt (browser)."""
        if WEB:
            try:
                answer = page_links.browser_window().prompt(t(f"online.{field}_prompt"), current)
            except Exception:
                answer = None
            if answer is not None and str(answer) not in ("null", "undefined"):
                self.typed = str(answer)
                self.field = field
                self.submit()
            return
        self.field = field
        self.typed = current
        self.show("code" if field == "code" else "field")

    def submit(self) -> None:
        field, text = self.field, self.typed.strip()
        self.field = None
        self.submit_to(field, text)

    def cancel(self) -> None:
        self.field = None

    def key(self, event: pygame.event.Event) -> None:
        """Enter submits, Backspace takes a character back, a printable one is typed (a code
        in capitals) up to the field's limit."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit()
        elif event.key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
        else:
            ch = getattr(event, "unicode", "")
            limit = FIELD_LIMITS.get(self.field or "", 24)
            if ch and ch.isprintable() and len(self.typed) < limit:
                self.typed += ch.upper() if self.field == "code" else ch


class Watching(Protocol):
    """What the views use of the lobby's watching (:class:`game.ui.watching.Spectating`)."""

    def watch(self, text: str) -> None: ...
    def leave(self) -> None: ...


class Lobby(Protocol):
    """The lobby scene as a view sees it: what it reads, and the actions its buttons call."""

    app: App
    link: ServerLink | None
    server: str
    player_name: str
    tables: list[dict[str, Any]]
    elapsed: float  # seconds of frames: the dots and the caret blink by it
    lost: bool  # offline because a connection was lost (not never made)
    new_table: NewTable
    entry: TextEntry

    @property
    def spectating(self) -> Watching: ...
    def is_host(self) -> bool: ...
    def say(self, key: str, **fmt: Any) -> None: ...
    def send(self, kind: str, **fields: Any) -> bool: ...
    def set_state(self, state: str) -> None: ...
    def accept_server(self) -> None: ...
    def refuse_server(self) -> None: ...
    def connect(self) -> None: ...
    def edit(self, field: str) -> None: ...
    def open_setup(self) -> None: ...
    def create(self) -> None: ...
    def ask_code(self) -> None: ...
    def join(self, text: str) -> None: ...
    def join_any(self) -> None: ...
    def open_list(self) -> None: ...
    def answer(self, player: str | None, accept: bool) -> None: ...
    def start(self) -> None: ...
    def leave(self) -> None: ...
