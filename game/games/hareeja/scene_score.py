"""Drawing the Hareeja round's score panel (each seat's bid, tricks, the round's score and the
running total, counting up; the round's best first, ties by seat) and the match end's headline
and ranking.

:class:`ScorePanel` is a part of :class:`game.games.hareeja.scene.HareejaTable` (the shared
table's score and match-end hooks are routed here); it draws in the frame the shared table
gives (``score_frame``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.core.ranking import best_first
from game.i18n import digits, t
from game.ui import draw
from game.ui.scale import px
from game.ui.table_drawing import ranked_rows

if TYPE_CHECKING:
    from game.games.hareeja.scene import HareejaTable

JSON = dict[str, Any]
COLUMNS = ("score.player", "score.bid", "score.tricks", "score.round", "score.total")
FRACTIONS = (0.30, 0.15, 0.17, 0.17, 0.21)  # of the panel's width, by column


class ScorePanel:
    """The score panel and the match end (see the module docstring)."""

    def __init__(self, table: HareejaTable) -> None:
        self.table = table

    def draw(self, surface: pygame.Surface) -> None:
        """The round's scores: a header row, then the round's best first (ties by seat), each
        seat's total counting up to its new value."""
        table = self.table
        layout = table.app.layout
        assert table.score is not None  # drawn while the panel is open
        entry: JSON = table.score["entry"]
        title = (
            t("score.title_tb", n=digits(entry["tiebreak"]))
            if entry["tiebreak"]
            else t("score.title", n=digits(entry["round"]))
        )
        rect = table.painter.score_frame(surface, *self.expected_size(), title)
        xs = self._columns(rect)
        y = rect.y + px(84)
        for key, cx in zip(COLUMNS, xs):
            s = t(key)
            size = draw.fit_text(s, 22 if layout.portrait else 20, px(120))
            draw.blit_text(surface, s, size, (cx, y), draw.SAND, bold=True)
        under = y + px(20)
        start, end = (rect.x + px(20), under), (rect.right - px(20), under)
        pygame.draw.line(surface, draw.PANEL_EDGE, start, end, px(1))
        prog = table.painter.count_up()
        for row, seat in enumerate(best_first(entry["scores"])):  # the round's best first
            self._draw_row(surface, entry, seat, rect.y + px(136) + row * px(44), rect, xs, prog)

    def expected_size(self) -> tuple[int, int]:
        """The panel's width and height: the same every round (four rows)."""
        layout = self.table.app.layout
        return (px(820) if not layout.portrait else layout.w - px(40)), px(340)

    @staticmethod
    def _columns(rect: pygame.Rect) -> list[float]:
        """Each column's centre (mirrored right to left)."""
        xs: list[float] = []
        x: float = rect.x + px(16)
        for f in FRACTIONS:
            cw = (rect.w - px(32)) * f
            xs.append(x + cw / 2)
            x += cw
        if i18n.is_rtl():
            xs = [rect.x + rect.right - v for v in xs]
        return xs

    def _draw_row(
        self,
        surface: pygame.Surface,
        entry: JSON,
        seat: int,
        y: int,
        rect: pygame.Rect,
        xs: list[float],
        prog: float,
    ) -> None:
        """One seat's row (yours on a band)."""
        table = self.table
        score = entry["scores"][seat]
        old = entry["totals"][seat] - score
        values = [
            (table.places.seat_name(seat), draw.INK),
            (digits(entry["bids"][seat]), draw.INK),
            (digits(entry["tricks"][seat]), draw.INK),
            (digits(f"+{score}" if score > 0 else score), draw.TURN if score > 0 else draw.RED),
            (digits(round(old + score * prog)), draw.GOLD),
        ]
        if seat == table.me:
            band = pygame.Rect(rect.x + px(14), y - px(20), rect.w - px(28), px(40))
            pygame.draw.rect(surface, (40, 60, 56), band, border_radius=px(8))
        for (s, color), cx in zip(values, xs):
            size = draw.fit_text(s, 24, px(200), True)
            draw.blit_text(surface, s, size, (cx, y), color, bold=True)

    def over_headline(self) -> str:
        table = self.table
        assert table.over is not None
        winners: list[int] = table.over["result"]["winners"]
        if len(winners) > 1:
            sep = "، " if i18n.is_rtl() else ", "
            return t("over.shared", names=sep.join(table.places.seat_name(s) for s in winners))
        if winners == [table.me]:
            return t("over.you_win")
        return t("over.winner", name=table.places.seat_name(winners[0]))

    def over_rows(self) -> list[tuple[int, str, int, bool]]:
        assert self.table.over is not None
        result = self.table.over["result"]
        return ranked_rows(result["totals"], result["ranking"], self.table.places.seat_name)
