"""A game's setup sheet: its own options (players, rules…), bot level and turn time, then
Back, Rules and Play.

The rows are the game's spec's (through :func:`game.ui.games.info`), each with a fixed place
for that game: choosing an option changes no row's place or size (an option that needs other
seat counts, e.g. partnership with four, stays in its row, greyed). Play over a saved match asks
first (the saved match is counted as abandoned only when the player says so)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.client import option_lines, stats_record, storage
from game.core.spec import BOT_LEVELS
from game.i18n import t
from game.ui import coach_marks, draw, games, overlay, scale, text, tiles
from game.ui.scale import px
from game.ui.scene import Scene
from game.ui.scenes.form import TURNS, Form, option_rows, place_control, turn_label
from game.ui.widgets import Button, label_for

if TYPE_CHECKING:
    from game.ui.app import App

ROW_H = 54
GAP = 14
LANDSCAPE_ART = (430, 104, 420, 120)  # logical; above the rows (games with few rows)
ART_BOTTOM = LANDSCAPE_ART[1] + LANDSCAPE_ART[3]
ROWS_BOTTOM = (548, 1070)  # logical, landscape / portrait: the line about a row goes under
ABOUT_Y = (576, 1104)  # logical, landscape / portrait: the centre of the line about a row


class SetupScene(Scene):
    """See the module docstring."""

    name = "setup"

    def __init__(self, app: App, game: str | None = None):
        keys = [g.key for g in games.available()]
        chosen = game or app.settings.get("game")
        self.game = games.info(chosen if chosen in keys else keys[0])
        super().__init__(app)
        # the row the line under the rows is about: the one last changed (at first the one
        # that most needs telling)
        own = [(c.key, self.option(c.key)) for c in self.game.choices if c.key != "players"]
        self.about = option_lines.first_row(self.game.key, own)

    # ----- layout ---------------------------------------------------------------------------------
    def _rows_top(self, n: int) -> int:
        """Where the first row goes: the rows centred in the space between header (with the
        game's art when it leaves room) and buttons. Fixed for the game: it depends on its
        number of rows only. In frame pixels (worked out in logical ones)."""
        layout = self.app.layout
        per = ROW_H + GAP + (36 if layout.portrait else 0)
        if layout.portrait:
            top, bottom = 330, ROWS_BOTTOM[1]
        elif self._art_fits(n):
            top, bottom = ART_BOTTOM + 24, ROWS_BOTTOM[0]
        else:
            top, bottom = 108, ROWS_BOTTOM[0]
        return px(max(top, top + (bottom - top - n * per) // 2))

    @staticmethod
    def _art_fits(n: int) -> bool:
        """Landscape: whether ``n`` rows fit under the art banner."""
        return n * (ROW_H + GAP) <= ROWS_BOTTOM[0] - (ART_BOTTOM + 24)

    def build(self) -> None:
        app = self.app
        layout = app.layout
        s = app.settings
        n = len(self.game.choices) + 2
        self.form = form = Form(layout, self._rows_top(n), row_h=px(ROW_H), gap=px(GAP))
        choices = self.game.choices
        rows = option_rows(form, choices, lambda c: c.values, self.option, self.set_option)
        rows.append(
            form.segmented(
                "menu.level",
                "level",
                [(lv, label_for(f"level.{lv}")) for lv in BOT_LEVELS],
                lambda: s["level"],
                lambda v: self.set_shared("level", v),
            )
        )
        rows.append(
            form.segmented(
                "menu.turn",
                "turn",
                [(n, turn_label(n)) for n in TURNS],
                lambda: s["turn_seconds"],
                lambda v: self.set_shared("turn_seconds", v),
            )
        )
        self.rows = rows
        self.buttons = self._bottom_buttons()
        self.widgets = [*rows, *self.buttons]
        self._enable_rows()

    def _bottom_buttons(self) -> list[Button]:
        layout = self.app.layout
        back = Button((0, 0, 10, 10), lambda: t("back"), self.back, 26, key="back")
        rules = Button((0, 0, 10, 10), lambda: t("menu.rules"), self.open_rules, 26, key="rules")
        play = Button(
            (0, 0, 10, 10), lambda: t("menu.play"), self.play, 32, primary=True, key="play"
        )
        if layout.portrait:
            y, sizes = 1150, [(back, 180, 64), (rules, 180, 64), (play, 264, 72)]
        else:
            y, sizes = 606, [(back, 200, 60), (rules, 200, 60), (play, 300, 70)]
        order = list(reversed(sizes)) if i18n.is_rtl() else sizes
        x = (layout.w - sum(px(w) for _b, w, _h in sizes) - px(16) * (len(sizes) - 1)) // 2
        for b, w, h in order:
            b.rect = pygame.Rect(x, px(y + (72 - h) // 2), px(w), px(h))
            x += px(w) + px(16)
        return [back, rules, play]

    def header_art(self) -> pygame.Rect | None:
        """The game's tile art as a banner above the rows: always in portrait; in landscape
        when the game's rows leave room for it (a fixed choice per game)."""
        layout = self.app.layout
        if layout.portrait:
            return pygame.Rect(px(32), px(44), layout.w - px(64), px(200))
        if self._art_fits(len(self.game.choices) + 2):
            return scale.rect(*LANDSCAPE_ART)
        return None

    # ----- options ------------------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        return games.options_for(self.app.settings, self.game.key)

    def option(self, key: str) -> Any:
        return self.options()[key]

    def set_shared(self, setting: str, value: Any) -> None:
        """The level or the turn time (settings every game shares)."""
        self.about = "level" if setting == "level" else "turn"
        self.app.set_setting(setting, value)

    def about_line(self) -> str:
        """The line about the row last changed: what its chosen value means."""
        if self.about == "level":
            value: Any = self.app.settings["level"]
        elif self.about == "turn":
            value = self.app.settings["turn_seconds"]
        else:
            value = self.option(self.about)
        return option_lines.line(self.game.key, self.about, value)

    def set_option(self, key: str, value: Any) -> None:
        self.about = key
        options = self.options()
        options[key] = value
        self.app.set_setting(f"options.{self.game.key}", options)
        self._enable_rows()

    def _enable_rows(self) -> None:
        """An option that needs other seat counts is greyed (its row stays where it is)."""
        players = self.options().get("players", self.game.spec.first_players)
        for row, choice in zip(self.rows, self.game.choices):
            if choice.key == "players":
                continue
            option = self.game.spec.option(choice.key)
            row.enabled = not option.players or players in option.players

    # ----- actions ------------------------------------------------------------------------------
    def back(self) -> None:
        self.app.go("menu")

    def open_rules(self) -> None:
        overlay.rules(self.app, self.game.key)

    def play(self) -> None:
        saved, _message = storage.load_match(self.game.key)  # other games' saves stay
        if saved is None:
            self.start()
            return
        game = t(self.game.spec.title_key)
        overlay.confirm(
            self.app,
            "setup.replace_title",
            lambda: t("setup.replace_body", game=game),
            "setup.replace_yes",
            lambda: self.start(abandon=saved),
            key="replace",
        )

    def start(self, abandon: dict[str, Any] | None = None) -> None:
        if abandon is not None:  # the match in progress is abandoned: played, not won
            stats_record.record_abandoned(abandon)
        storage.clear_match(self.game.key)
        scene = games.new_match(self.app, self.game.key, seed=self.app.options.seed)
        self.app.switch(scene)
        coach_marks.offer_on(self.app, scene, self.game.key)  # a first match: the lesson?

    # ----- frame ----------------------------------------------------------------------------------
    def _draw_blurb(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """What the game is (the first paragraph of its rules page), where the sheet has room
        for all of it between the title and the rows; otherwise nothing (never cut)."""
        body = t(self.game.spec.help_keys[1])
        if area.h < px(40) or body == self.game.spec.help_keys[1]:
            return
        size, line_h = 22, px(32)
        lines = text.wrap(body.split("\n")[0], size, min(area.w, px(900)))
        if len(lines) * line_h + px(16) > area.h:
            return
        y = area.centery - len(lines) * line_h // 2 + line_h // 2
        for line in lines:
            draw.blit_text(surface, line, size, (area.centerx, y), draw.INK_DIM)
            y += line_h

    def _draw_about(self, surface: pygame.Surface) -> None:
        """The line about the row last changed, between the rows and the buttons (two lines,
        smaller, when one is too short for it)."""
        words = self.about_line()
        if not words:
            return
        layout = self.app.layout
        width = min(layout.w - px(96), px(1000))
        cy = px(ABOUT_Y[0])
        if layout.portrait:  # under the rows (they stand centred in the space they have)
            cy = min(self.form.bottom + px(28), px(ABOUT_Y[1]))
        least = 22 if layout.portrait else 18  # (a phone: never under 22)
        size = draw.fit_text(words, max(21, least), width, minimum=max(19, least))
        line_h = px(size + 6)
        lines = [words]
        if text.fit_width(words, size, False) > width:
            size = least
            lines = text.wrap(words, size, width)[:2]
        y = cy - (len(lines) - 1) * line_h // 2
        for one in lines:
            draw.blit_text(surface, one, size, (layout.w // 2, y), draw.INK)
            y += line_h

    def _layout_rtl(self) -> None:
        for widget, (_k, _label, control) in zip(self.rows, self.form.rows):
            place_control(self.form, widget, control, i18n.is_rtl)

    def handle(self, event: pygame.event.Event) -> None:
        self._layout_rtl()
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        surface.blit(draw.felt(layout.w, layout.h), (0, 0))
        art = self.header_art()
        if art is not None:
            surface.blit(tiles.art(self.game.key, art.size), art)
            pygame.draw.rect(surface, draw.GOLD, art, px(2), border_radius=px(4))
        title = self.game.title
        y = px(62) if art is None or not layout.portrait else art.bottom + px(46)
        size = draw.fit_text(title, 48, layout.w - px(96), bold=True)
        draw.blit_text(surface, title, size, (layout.w // 2, y), draw.GOLD, bold=True, shadow=True)
        top = art.bottom + px(8) if art is not None and not layout.portrait else y + px(34)
        blurb = pygame.Rect(px(48), top, layout.w - px(96), self.form.top - px(16) - top)
        self._draw_blurb(surface, blurb)
        self._layout_rtl()
        dim = {key for (key, _l, _c), row in zip(self.form.rows, self.rows) if not row.enabled}
        self.form.draw_labels(surface, dim)
        self._draw_about(surface)
        super().draw(surface)
