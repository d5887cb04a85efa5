"""The pause menu of a table (Esc or the table's menu button): Resume, Scoreboard (closes the
menu and opens the table's scoreboard, game/ui/scoreboard.py), Rules (of this game), Settings,
Leave — and the settings panel it opens, on the overlay system.

Nothing is lost: a local match stands still while the menu is open (the overlay pauses the
scene) and is saved after every action, so Leave keeps it for Continue on the home screen;
online, the table plays on meanwhile and Leave is the table's usual leave (a bot takes the
seat, TB-9). Leave asks first while the match is running and says which of the two happens.

The table calls :func:`open_pause` (imported when first used: no scene imports this module's
neighbours, and this module knows the table only through the few names it calls)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from game import i18n
from game.client.session import TableSession
from game.core import registry
from game.i18n import t
from game.ui import overlay, scoreboard, table_exits
from game.ui.dimmed import DimmedBackdrop
from game.ui.overlay import Action, Overlay
from game.ui.presenter import restored
from game.ui.scale import px
from game.ui.scenes.form import Form, place_control
from game.ui.scenes.settings import setting_rows
from game.ui.scenes.settings_avatar import AvatarButton
from game.ui.table_drawing import score_rect
from game.ui.widgets import Segmented, Widget

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table_drawing import ScorePart, TablePainter


class DimmingFrame(Protocol):
    """The table's frame (game/ui/table_frame.py), as far as it dims the table under panels."""

    @property
    def dimmed(self) -> DimmedBackdrop: ...


class Table(Protocol):
    """What the pause menu knows of the table it pauses (game.ui.cardtable.CardTable)."""

    app: App
    name: str  # the game's name (its spec in game.core.registry)
    session: TableSession
    widgets: list[Widget]  # its scoreboard among them

    @property
    def frame(self) -> DimmingFrame: ...

    @property
    def score_panel(self) -> ScorePart: ...

    @property
    def painter(self) -> TablePainter: ...


class PauseMenu(Overlay):
    """Resume, Rules, Settings, Leave (see the module docstring)."""

    def __init__(self, table: Table):
        self.table = table
        self.pauses = not table.session.online
        resume = Action("pause.resume", None, "resume", primary=True)
        has_board = scoreboard.find(table) is not None
        super().__init__(
            table.app,
            lambda: t(registry.get(table.name).title_key),
            lambda: t("pause.online_note" if table.session.online else "pause.saved_note"),
            [
                resume,
                *([Action("pause.scores", self.open_scores, "scores")] if has_board else []),
                Action("menu.rules", self.open_rules, "rules"),
                Action("menu.settings", self.open_settings, "settings"),
                Action("pause.leave", self.leave, "leave"),
            ],
            stack=True,
            escape=resume,
            key="pause",
        )

    def open_scores(self) -> bool:
        """The table's scoreboard, over the table (the menu closes: the board is the table's)."""
        return scoreboard.open_on(self.table)

    def open_rules(self) -> bool:
        overlay.rules(self.app, self.table.name)
        return False  # the pause menu stays beneath

    def open_settings(self) -> bool:
        self.app.open_overlay(SettingsPanel(self.app))
        return False

    def running(self) -> bool:
        return self.table.session.phase != "over"

    def leave(self) -> bool:
        if not self.running():
            table_exits.to_menu(self.table)
            return True
        online = self.table.session.online
        overlay.confirm(
            self.app,
            "pause.leave_title",
            lambda: t("pause.leave_online" if online else "pause.leave_saved"),
            "pause.leave_yes",
            partial(table_exits.to_menu, self.table),
            key="leave",
        )
        return False


class SettingsPanel(Overlay):
    """The settings' rows in a panel over the table (the same rows as the settings screen);
    beside Close, "Your face" (as beside the settings screen's Back), which opens the grid of
    faces over the panel (settings_avatar.py)."""

    def __init__(self, app: App):
        self.rows: list[Segmented] = []
        self.avatar_button: AvatarButton | None = None
        actions = [
            Action("settings.avatar", lambda: False, "avatar"),  # drawn by an AvatarButton
            Action("close", None, "close", True),
        ]
        super().__init__(app, "settings.title", None, actions, key="settings")

    def _form(self, top: int) -> Form:
        layout = self.app.layout
        width = min(px(880), layout.w - px(144)) if not layout.portrait else layout.w - px(112)
        row_h, gap = (px(44), px(4)) if not layout.portrait else (px(54), px(12))  # (ten rows)
        return Form(layout, top, row_h=row_h, gap=gap, width=width)

    def panel_width(self) -> int:
        layout = self.app.layout
        return min(px(940), layout.w - px(80)) if not layout.portrait else layout.w - px(64)

    def content_height(self, width: int) -> int:
        form = self._form(0)
        setting_rows(self.app, form)  # counts the rows there are
        return form.bottom - px(12)

    def build_content(self, rect: pygame.Rect) -> None:
        self.form = self._form(rect.y)
        self.rows = setting_rows(self.app, self.form)
        self.widgets.extend(self.rows)
        plain = self.button("avatar")  # its place in the buttons' row; the face drawn in it
        face = AvatarButton(plain.rect.copy(), self.app)
        self.buttons[self.buttons.index(plain)] = self.avatar_button = face
        self.widgets[self.widgets.index(plain)] = face

    def handle(self, event: pygame.event.Event) -> bool:
        self._mirror()
        return super().handle(event)

    def _mirror(self) -> None:
        for widget, (_k, _label, control) in zip(self.rows, self.form.rows):
            place_control(self.form, widget, control, i18n.is_rtl)

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self._mirror()
        self.form.draw_labels(surface)


def open_pause(table: Table) -> PauseMenu:
    """Open the pause menu over ``table`` (a card table scene); returns it."""
    return table.app.open_overlay(PauseMenu(table))


def make_menus_ahead(table: Table) -> bool:
    """What the first pause menu and the first score panel over ``table`` would make, made
    now, if ``table`` is the scene shown and nothing is open over it (else False: nothing to
    do): the menu (:func:`warm_pause`), the dimmed table's frame-sized surface and the score
    panel's picture (:func:`warm_score_panel`)."""
    if not _shown_alone(table):
        return False
    warm_pause(table)
    table.frame.dimmed.prepare(table.app.painter.frame_surface())
    warm_score_panel(table)
    return True


def make_score_panel_ahead(table: Table) -> bool:
    """The score panel's picture made again at the size the game now expects (Ronda's grows
    with each declaration of the deal), if ``table`` is shown with nothing over it (else
    False: nothing to do)."""
    if not _shown_alone(table):
        return False
    warm_score_panel(table)
    return True


def _shown_alone(table: Table) -> bool:
    app = table.app
    shown: object = app.shown()
    return shown is table and not app.overlays


def warm_score_panel(table: Table) -> None:
    """Make ahead the picture of the round's score panel at the size it most likely opens at
    (the game says which), drawn once onto the frame and put back. No quiet frame comes
    between the round's end and its panel (the last cards fly and the trick is collected
    meanwhile), and in the browser at a mid-range phone's speed the panel's first frame took
    75-105 ms, half of it the panel made, converted and run-length encoded."""
    w, h = table.score_panel.expected_size()
    rect = score_rect(table.app.layout, w, h, floor=table.painter.score_floor(h))
    target = table.app.painter.frame_surface()
    with restored(target, rect):
        overlay.panel(target, rect)


def warm_pause(table: Table) -> None:
    """Make ahead what the frame that first opens ``table``'s pause menu would make (in the
    browser at a mid-range phone's speed that frame took 100-160 ms, most of it this): the
    menu laid out (its note measured), its panel, words and buttons drawn once onto the frame
    itself (SDL encodes a run-length encoded picture for the surface it is blitted onto) and
    put back, and the frame-sized surface of the dimmed table under it."""
    app = table.app
    menu = PauseMenu(table)
    target = app.painter.frame_surface()
    app.under_overlays.prepare(target)
    with restored(target, menu.rect):
        menu.draw_panel(target)
