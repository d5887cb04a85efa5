"""The end of a match at a table: :class:`MatchEnd`, a table scene's part (``scene.match_end``).

It opens when the engine says the match is over (or a saved match is shown as over): the
totals are final, the saved match is cleared, the statistics record it; the winner's
confetti falls over the dimmed table, the winner's plate glows with a burst of cards from it
(game/ui/celebration.py), and the match-over panel shows the ranking the game's score panel
gives (``over_headline()``, ``over_rows()``) with again / menu under it. In
``--autoplay`` the match ends the run a second later (the app prints the result and stops).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import i18n
from game.client import stats_record, storage
from game.i18n import digits, t
from game.ui import draw, overlay
from game.ui.celebration import Celebration, winner_seats
from game.ui.over_again import draw_ready
from game.ui.scale import px
from game.ui.tween import Speed
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.client.session import TableSession
    from game.ui.app import App
    from game.ui.seat_places import SeatPlaces
    from game.ui.seat_plates import SeatPlates
    from game.ui.table_buttons import TableButtons
    from game.ui.table_drawing import ScorePart
    from game.ui.table_saver import TableSaver

JSON = dict[str, Any]
Row = tuple[int, str, int, bool]  # place, name, total, best


class OverScene(Protocol):
    """What the match end uses of its table scene."""

    app: App
    name: str
    session: TableSession
    saver: TableSaver
    fx_rng: random.Random
    phase: str
    players: int
    plates: SeatPlates
    totals: list[int]
    buttons: TableButtons  # the panel's again and menu among them
    score_panel: ScorePart

    def widget(self, key: str) -> Widget: ...

    @property
    def places(self) -> SeatPlaces: ...


class MatchEnd:
    """The match-over state (``over``: {"result", "t"} once open), confetti and panel."""

    def __init__(self, scene: OverScene) -> None:
        self.scene = scene
        self.over: JSON | None = None
        self.confetti: list[list[float]] = []
        self.colors: list[tuple[int, int, int]] = []
        self.winners: list[int] = []  # the seats whose plates glow (celebration.py)
        self.celebration: Celebration | None = None

    def open(self, result: JSON) -> None:
        scene = self.scene
        scene.phase = "over"
        scene.totals = list(result["totals"])
        self.over = {"result": result, "t": 0.0}
        layout = scene.app.layout
        self.confetti, self.colors = draw.confetti(scene.fx_rng, layout.w, layout.h)
        self.celebrate(result)
        if scene.saver.enabled:
            storage.clear_match(scene.name)
        stats_record.record_match_end(scene, result)  # local and online; never autoplay/all-bot

    def celebrate(self, result: JSON) -> None:
        """The winners' glow and burst, unless reduced motion or a headless run says no."""
        app = self.scene.app
        self.celebration, self.winners = None, []
        if app.settings.get("reduced_motion") or not getattr(app, "flourish", True):
            return
        self.winners = winner_seats(result, self.scene.players)
        if self.winners:
            plates = [self.scene.places.plate_rect(s) for s in self.winners]
            chime = lambda: app.audio.play("chime", 0.7)  # noqa: E731 (the fanfare's answer)
            self.celebration = Celebration(plates, app.layout.small, self.scene.fx_rng, chime)

    def update(self, dt: float) -> None:
        if self.over is None:
            return
        self.over["t"] += dt
        if self.celebration is not None:
            self.celebration.update(dt)
        app = self.scene.app
        for c in self.confetti:
            c[0] += c[2] * dt
            c[1] += c[3] * dt
        self.confetti = [c for c in self.confetti if c[1] < app.layout.h + px(20)]
        if app.options.autoplay and self.over["t"] > Speed.scale(1.0, motion=False):
            self.finish_autoplay(self.over["result"])

    def finish_autoplay(self, result: JSON) -> None:
        """End of an ``--autoplay`` match: the app prints the result and stops the loop."""
        scene = self.scene
        saved = scene.session.saved() or {}
        scene.app.finish_autoplay(scene.name, saved.get("record", {}), result)

    def animating(self, settling: float) -> bool:
        """Confetti falls, or the panel opened less than ``settling`` seconds ago."""
        bursting = self.celebration is not None and self.celebration.active
        return self.over is not None and (
            bool(self.confetti) or self.over["t"] < settling or bursting
        )

    def draw(self, surface: pygame.Surface, dimmed_below: bool) -> None:
        """The match-end panel: title, headline, ranking, confetti; again / menu buttons."""
        layout = self.scene.app.layout
        if not dimmed_below:
            overlay.dim(surface, 160)
        if self.celebration is not None:
            scene, seats = self.scene, self.winners
            rects = [scene.places.plate_rect(s) for s in seats]
            self.celebration.draw_plates(
                surface, rects, lambda i: scene.plates.draw(surface, seats[i])
            )
        for c in self.confetti:
            pygame.draw.rect(
                surface,
                self.colors[int(c[5])],
                (round(c[0]), round(c[1]), round(c[4]), round(c[4] * 0.6)),
            )
        if self.celebration is not None:
            self.celebration.draw_burst(surface)
        rows = self.scene.score_panel.over_rows()
        w = px(760) if not layout.portrait else layout.w - px(40)
        rect = pygame.Rect(0, 0, w, px(170 + 50 * len(rows)))
        rect.center = (layout.w // 2, layout.h // 2 - px(30 if not layout.portrait else 60))
        overlay.panel(surface, rect)  # opaque: nothing of the table shows through
        draw.blit_text(
            surface, t("over.title"), 34, (rect.centerx, rect.y + px(36)), draw.GOLD, bold=True
        )
        head = self.scene.score_panel.over_headline()
        draw.blit_fitted(
            surface, head, 28, rect.w - px(40), (rect.centerx, rect.y + px(86)), draw.INK, bold=True
        )
        for i, row in enumerate(rows):
            draw_row(surface, rect, i, row)
        self.place_buttons(rect)
        draw_ready(self.scene, surface, rect)  # online: who is ready to play again

    def place_buttons(self, rect: pygame.Rect) -> None:
        """Again and menu side by side under the panel ``rect``, the check button below."""
        scene = self.scene
        by, apart = rect.bottom + px(44), px(130)
        again, menu = scene.buttons.again.rect, scene.buttons.menu2.rect
        if i18n.is_rtl():
            again.center, menu.center = (rect.centerx + apart, by), (rect.centerx - apart, by)
        else:
            again.center, menu.center = (rect.centerx - apart, by), (rect.centerx + apart, by)
        scene.widget("check").rect.center = (rect.centerx, by + px(76))


def draw_row(surface: pygame.Surface, panel: pygame.Rect, i: int, ranked: Row) -> None:
    """Row ``i`` of the ranking in the panel: place, name, total (gold for first place)."""
    place, name, total, best = ranked
    rtl = i18n.is_rtl()
    y = panel.y + px(150 + i * 50)
    row = pygame.Rect(panel.x + px(40), y - px(22), panel.w - px(80), px(44))
    fill = (58, 50, 24) if best else (30, 44, 42)
    pygame.draw.rect(surface, fill, row, border_radius=px(10))
    place_x = row.right - px(30) if rtl else row.x + px(30)
    name_x, name_anchor = (row.right - px(70), "midright") if rtl else (row.x + px(70), "midleft")
    total_x, total_anchor = (row.x + px(20), "midleft") if rtl else (row.right - px(20), "midright")
    draw.blit_text(surface, digits(place), 26, (place_x, y), draw.GOLD, bold=True)
    draw.blit_fitted(
        surface, name, 24, row.w - px(200), (name_x, y), draw.INK, bold=True, anchor=name_anchor
    )
    draw.blit_text(
        surface, digits(total), 26, (total_x, y), draw.GOLD, bold=True, anchor=total_anchor
    )
