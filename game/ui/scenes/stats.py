"""The statistics screen: one tab per game that exists, big numbers (played, won, win rate,
current and best win streak), the game's key figures, the last ten matches
(:mod:`game.ui.scenes.stats_recent`), and Reset with a confirm step. Reads the store through
:func:`game.client.stats_record.load` and sums it up with :mod:`game.client.stats`; draws nothing
it has not been given (an empty store shows zeros and a line saying so)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.client import stats, stats_record
from game.i18n import digits, t
from game.ui import draw, games, overlay
from game.ui.scale import px
from game.ui.scene import Scene
from game.ui.scenes.stats_recent import RecentMatches, row_ends
from game.ui.widgets import Button, Segmented, label_for

if TYPE_CHECKING:
    from game.ui.app import App

TILE_KEYS = ("played", "won", "rate", "streak", "best")


def figure_text(value: object) -> str:
    if value is None:
        return t("stats.none")
    if isinstance(value, tuple):
        return t("stats.of", a=digits(value[0]), b=digits(value[1]))
    if isinstance(value, float):
        return number(f"{value:.1f}")
    return digits(value)


def number(s: str) -> str:
    """Digits, decimal point and percent sign as the language writes them (٫ and ٪ in Arabic)."""
    s = digits(s)
    return s.replace(".", "\u066b").replace("%", "\u066a") if i18n.language() == "ar" else s


class StatsScene(Scene):
    name = "stats"

    def __init__(self, app: App, back: str = "menu", game: str | None = None):
        self.back_to = back
        self.data, message = stats_record.load()
        if message:
            app.toast(message)
        self.pages = [g.key for g in games.available()] or [games.DEFAULT_GAME]
        chosen = game or app.settings.get("game", games.DEFAULT_GAME)
        self.game = chosen if chosen in self.pages else self.pages[0]
        self.recent = RecentMatches(app, self.data)  # the list, its Replay and Check buttons
        super().__init__(app)

    # ----- layout ------------------------------------------------------------------------------
    def build(self) -> None:
        layout = self.app.layout
        portrait = layout.portrait
        self.width = min(px(1120), layout.w - px(64)) if not portrait else layout.w - px(48)
        self.x0 = (layout.w - self.width) // 2
        self.title_y = px(44 if not portrait else 64)
        tabs_y = px(76 if not portrait else 104)
        self.tabs: Segmented | None = None
        top = tabs_y
        if len(self.pages) > 1:
            w = min(self.width, px(220) * len(self.pages))
            self.tabs = Segmented(
                (layout.w // 2 - w // 2, tabs_y, w, px(48)),
                [(g, label_for(f"game.{g}")) for g in self.pages],
                lambda: self.game,
                self.set_page,
                22,
                rtl=i18n.is_rtl,
                key="page",
            )
            top = tabs_y + px(48 + 14)
        self.tiles_rect = pygame.Rect(self.x0, top, self.width, px(100 if not portrait else 110))
        by = layout.h - px(84 if not portrait else 112)
        cx = layout.w // 2
        self.back_button = Button(
            (cx - px(250), by, px(240), px(60)),
            lambda: t("back"),
            self.back,
            26,
            primary=True,
            key="back",
        )
        self.reset_button = Button(
            (cx + px(10), by, px(240), px(60)),
            lambda: t("stats.reset"),
            self.ask_reset,
            24,
            key="reset",
        )
        below = self.tiles_rect.bottom + px(16)
        bottom = by - px(16)
        if portrait:
            fig_h = px(44 + 36 * 7)
            self.figures_rect = pygame.Rect(self.x0, below, self.width, fig_h)
            self.recent_rect = pygame.Rect(
                self.x0,
                self.figures_rect.bottom + px(16),
                self.width,
                bottom - self.figures_rect.bottom - px(16),
            )
        else:
            fw = px(400)
            self.figures_rect = pygame.Rect(self.x0, below, fw, bottom - below)
            self.recent_rect = pygame.Rect(
                self.x0 + fw + px(16), below, self.width - fw - px(16), bottom - below
            )
        self.widgets = [
            w
            for w in (
                self.tabs,
                self.back_button,
                self.reset_button,
            )
            if w is not None
        ]
        self.widgets += self.recent.build(self.recent_rect, self.game)
        self._place()

    def _place(self) -> None:
        """Show the confirm buttons only while asking; mirror the button pairs in Arabic."""
        rtl = i18n.is_rtl()
        first, second = self.back_button, self.reset_button
        xs = sorted((first.rect.x, second.rect.x))
        first.rect.x, second.rect.x = (xs[1], xs[0]) if rtl else (xs[0], xs[1])
        self.reset_button.enabled = self.summary()["played"] > 0

    # ----- actions ----------------------------------------------------------------------------
    def set_page(self, game: str) -> None:
        self.game = game
        self.build()

    def ask_reset(self) -> None:
        """Erasing a game's statistics asks first (Cancel is the lit choice)."""
        game = t(f"game.{self.game}")
        overlay.confirm(
            self.app,
            lambda: t("stats.reset_ask", game=game),
            lambda: t("stats.reset_warn"),
            "stats.reset_yes",
            self.do_reset,
            "stats.reset_no",
            key="reset",
            danger=True,
        )

    @property
    def confirming(self) -> bool:
        """The reset question is open."""
        top = self.app.overlay
        return top is not None and top.key == "reset"

    def do_reset(self) -> None:
        stats.reset(self.data, self.game)
        stats_record.save(self.data)
        self.app.toast("stats.reset_done", 2.5)
        self.build()

    def back(self) -> None:
        self.app.go(self.back_to)

    def summary(self) -> dict[str, Any]:
        return stats.summary(self.data, self.game)

    # ----- frame ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self._place()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.app.layout
        self._place()
        surface.blit(draw.felt(layout.w, layout.h), (0, 0))
        draw.blit_text(
            surface,
            t("stats.title"),
            38 if not layout.portrait else 42,
            (layout.w // 2, self.title_y),
            draw.GOLD,
            bold=True,
            shadow=True,
        )
        summary = self.summary()
        self.draw_tiles(surface, summary)
        self.draw_figures(surface, summary)
        self.recent.draw(surface)
        super().draw(surface)

    def draw_tiles(self, surface: pygame.Surface, s: dict[str, Any]) -> None:
        """Five big numbers in a row, reading from the right in Arabic."""
        values = {
            "played": digits(s["played"]),
            "won": digits(s["won"]),
            "rate": t("stats.none") if s["rate"] is None else number(f"{s['rate']}%"),
            "streak": digits(s["streak"]),
            "best": digits(s["best_streak"]),
        }
        keys = list(reversed(TILE_KEYS)) if i18n.is_rtl() else list(TILE_KEYS)
        r = self.tiles_rect
        gap = px(12 if not _portrait(self) else 8)
        w = (r.w - gap * (len(keys) - 1)) // len(keys)
        big = 46 if not _portrait(self) else 40
        for i, key in enumerate(keys):
            tile = pygame.Rect(r.x + i * (w + gap), r.y, w, r.h)
            hot = key == "streak" and s["streak"] > 0
            edge = draw.GOLD if hot else draw.PANEL_EDGE
            draw.panel(surface, tile, draw.PANEL, 225, px(14), edge)
            value = values[key]
            draw.blit_fitted(
                surface,
                value,
                big,
                w - px(16),
                (tile.centerx, tile.y + r.h * 0.40),
                draw.GOLD,
                bold=True,
            )
            label = t(f"stats.{key}")
            draw.blit_fitted(
                surface,
                label,
                20,
                w - px(18),
                (tile.centerx, tile.bottom - px(20)),
                draw.INK_DIM,
                bold=True,
            )

    def draw_figures(self, surface: pygame.Surface, s: dict[str, Any]) -> None:
        r = self.figures_rect
        draw.panel(surface, r, radius=px(14))
        (lx, la), (vx, va) = row_ends(r)
        draw.blit_text(
            surface, t("stats.figures"), 24, (lx, r.y + px(24)), draw.SAND, bold=True, anchor=la
        )
        rows = list(s["figures"]) + [
            ("shared", s["shared"]),
            ("abandoned", s["abandoned"]),
            ("online", s["online"]),
        ]
        step = min(px(36), (r.h - px(56)) // max(1, len(rows)))
        y = r.y + px(56) + step // 2
        for key, value in rows:
            value_s = figure_text(value)
            label = t(f"stats.fig.{key}")
            vimg = draw.label(value_s, 22, draw.GOLD, True)
            room = r.w - px(40) - vimg.get_width() - px(16)
            draw.blit_fitted(surface, label, 21, room, (lx, y), draw.INK, anchor=la)
            surface.blit(vimg, vimg.get_rect(**{va: (vx, y)}))
            y += step


def _portrait(scene: Scene) -> bool:
    return scene.app.layout.portrait
