"""The lobby's state ``setup``: the sheet of the new table's game, options, turn time and hints.
The choices are the lobby's ``new_table`` (:class:`game.ui.scenes.lobby_parts.NewTable`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.i18n import t
from game.ui import games
from game.ui.scale import px
from game.ui.scenes.form import TURNS, Form, option_rows, place_control, turn_label
from game.ui.scenes.lobby_common import online_games
from game.ui.scenes.lobby_view import LobbyView
from game.ui.widgets import Button, Segmented, label_for

if TYPE_CHECKING:
    pass


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
        form, new, s = self.form, self.lobby.new_table, self.app.settings
        games_shown = [(g, label_for(f"game.{g}")) for g in online_games()]
        rows = [form.segmented("menu.game", "game", games_shown, lambda: new.game, new.set_game)]
        rows += option_rows(form, info.choices, new.values, new.option, new.set_option)
        rows.append(
            form.segmented(
                "menu.turn",
                "turn",
                [(n, turn_label(n)) for n in TURNS],
                lambda: s["turn_seconds"],
                lambda v: self.app.set_setting("turn_seconds", v),
            )
        )
        off_on = [(False, (lambda: t("off"))), (True, (lambda: t("on")))]
        hints = form.segmented("online.hints", "hints", off_on, lambda: new.hints, new.set_hints)
        return [*rows, hints]

    def draw(self, surface: pygame.Surface) -> None:
        for widget, (_k, _label, control) in zip(self.form_rows, self.form.rows):
            place_control(self.form, widget, control, i18n.is_rtl)
        self.form.draw_labels(surface)
