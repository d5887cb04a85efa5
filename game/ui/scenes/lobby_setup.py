"""The table the player will create online: :class:`NewTable` holds its choices (the game, its
options as the menu remembers them, visibility, hints) and words the ``create`` message;
:class:`SetupView` is the lobby's state ``setup``, the sheet that changes them."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.core import registry
from game.i18n import t
from game.ui import games
from game.ui.scale import px
from game.ui.scenes.form import TURNS, Form, place_control, turn_label
from game.ui.scenes.lobby_common import LobbyView, online_games, online_options
from game.ui.widgets import Button, Segmented, label_for

if TYPE_CHECKING:
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


class SetupView(LobbyView):
    """The new table's game and options, the turn time and whether hints are offered."""

    title = "online.create"

    def build(self) -> None:
        """The new table's game, its options (players, rules / rounds, scoring, partners), the
        turn time (the menu's own choices, remembered with the menu's settings) and hints (off
        unless the host turns them on)."""
        layout = self.app.layout
        info = games.info(self.lobby.new_table.game)
        n_rows = 3 + len(info.choices)  # the game, its options, the turn time, hints
        top = (112 if n_rows > 5 else 150) if not layout.portrait else 170
        gap = 12 if not layout.portrait else 14
        if n_rows > 6 and not layout.portrait:  # (seven rows: Create stays above Back)
            top, gap = 104, 6
        self.form = Form(layout, px(top), row_h=px(52), gap=px(gap))
        rows = self._rows(info)
        for widget, (_k, _label, control) in zip(rows, self.form.rows):
            place_control(self.form, widget, control, i18n.is_rtl)
        self.form_rows = rows
        make = Button(
            (0, 0, px(380), px(68)),
            lambda: t("online.create_button"),
            self.lobby.create,
            28,
            primary=True,
            key="create",
        )
        make.rect.midtop = (layout.w // 2, self.form.bottom + px(6 if not layout.portrait else 20))
        self.widgets = [*rows, make]

    def _rows(self, info: games.GameInfo) -> list[Segmented]:
        """The game, its options, the turn time and hints, a row of the form each."""
        form, new, rtl, s = self.form, self.lobby.new_table, i18n.is_rtl, self.app.settings
        rows = [
            Segmented(
                form.add("menu.game"),
                [(g, label_for(f"game.{g}")) for g in online_games()],
                lambda: new.game,
                new.set_game,
                rtl=rtl,
                key="game",
            )
        ]
        for choice in info.choices:
            rows.append(
                Segmented(
                    form.add(choice.label),
                    [(v, functools.partial(choice.text, v)) for v in new.values(choice)],
                    functools.partial(new.option, choice.key),
                    functools.partial(new.set_option, choice.key),
                    rtl=rtl,
                    key=f"opt.{choice.key}",
                )
            )
        rows.append(
            Segmented(
                form.add("menu.turn"),
                [(n, turn_label(n)) for n in TURNS],
                lambda: s["turn_seconds"],
                lambda v: self.app.set_setting("turn_seconds", v),
                rtl=rtl,
                key="turn",
            )
        )
        rows.append(
            Segmented(
                form.add("online.hints"),
                [(False, (lambda: t("off"))), (True, (lambda: t("on")))],
                lambda: new.hints,
                new.set_hints,
                rtl=rtl,
                key="hints",
            )
        )
        return rows

    def draw(self, surface: pygame.Surface) -> None:
        for widget, (_k, _label, control) in zip(self.form_rows, self.form.rows):
            place_control(self.form, widget, control, i18n.is_rtl)
        self.form.draw_labels(surface)
