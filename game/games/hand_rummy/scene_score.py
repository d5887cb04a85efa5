"""Drawing the Hand rummy round's score panel (every hand left, with its points, the round's
scores and the running totals) and the match end's ranking (lowest total first, HR-11).

:class:`ScorePanel` is a part of :class:`game.games.hand_rummy.scene.RummyTable` (the shared
table's score and match-end hooks are routed here); it draws in the frame the shared table
gives (``score_frame``). In portrait each player's row is a line of text over his cards,
drawn tall enough to read on a phone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from game import i18n
from game.core.ranking import best_first
from game.i18n import digits, t
from game.ui import assets, draw, scale
from game.ui.scale import px

if TYPE_CHECKING:
    from game.games.hand_rummy.scene import RummyTable

JSON = dict[str, Any]
PORTRAIT_CARD = (74, 104)  # logical px: the cards left in a hand, portrait (a 26 px index)


def logical_width(height: int) -> int:
    """The width, in logical px, of a card ``height`` frame px tall (a step between cards
    worked out from it is the 1× table's step, scaled: rounding the width at the scale
    would add up along a row of cards)."""
    return round(scale.logical(height) * 0.71)


class ScorePanel:
    """The score panel and the match end (see the module docstring)."""

    def __init__(self, table: RummyTable) -> None:
        self.table = table

    def draw(self, surface: pygame.Surface) -> None:
        """Every hand face up with its points, the round's scores and the running totals."""
        score = self.table.score
        assert score is not None  # drawn while the panel is open
        entry: JSON = score["entry"]
        portrait = self.table.geo.portrait
        seats = best_first(entry["scores"], low_wins=True)  # the round's best first
        if portrait:
            heights = [self._portrait_row_h(entry["hands"][s]) for s in seats]
        else:
            heights = [px(70)] * len(seats)
        rect = self.table.painter.score_frame(
            surface,
            px(1080),
            self._height(heights),
            t("hr.score.title", n=digits(entry["round"])),
        )
        kind = entry["kind"]
        key = ("hr.score.hand" if kind == -60 else "hr.score.out") + (
            "_you" if entry["winner"] == self.table.me else ""
        )
        sub = t(key, name=self.table.places.seat_name(entry["winner"]), score=digits(kind))
        draw.blit_text(
            surface,
            sub,
            draw.fit_text(sub, 22, rect.w - px(40), True),
            (rect.centerx, rect.y + px(72)),
            draw.INK,
            bold=True,
        )
        cols = self._score_columns(rect)
        y = rect.y + px(112)
        labels = ["hr.score.player", "hr.score.left", "hr.score.round", "hr.score.total"]
        for i, (label, (cx, _w)) in enumerate(zip(labels, cols)):
            if not (portrait and i == 1):  # portrait: the cards lie under each name
                draw.blit_text(surface, t(label), 22 if portrait else 18, (cx, y), draw.SAND, True)
        under = y + px(16)
        edge = draw.PANEL_EDGE
        pygame.draw.line(
            surface, edge, (rect.x + px(20), under), (rect.right - px(20), under), px(1)
        )
        top = rect.y + (px(130) if not portrait else px(126))
        for seat, row_h in zip(seats, heights):
            band = pygame.Rect(rect.x + px(14), top + px(4), rect.w - px(28), row_h - px(8))
            self._draw_score_row(surface, entry, seat, band, cols)
            top += row_h

    def expected_size(self) -> tuple[int, int]:
        """The panel's width and height in the usual round: the one who went out holds no
        card, every other hand some (made ahead; another round draws a panel of its own)."""
        players = self.table.players
        if self.table.geo.portrait:
            heights = [self._portrait_row_h([])] + [self._portrait_row_h(["?"])] * (players - 1)
        else:
            heights = [px(70)] * players
        return px(1080), self._height(heights)

    def _height(self, heights: list[int]) -> int:
        """The panel's height over rows of ``heights``."""
        return (px(150) if not self.table.geo.portrait else px(136)) + sum(heights)

    @staticmethod
    def _portrait_row_h(cards: list[str]) -> int:
        return px(56) if not cards else px(56 + PORTRAIT_CARD[1] + 10)

    def _draw_score_row(
        self,
        surface: pygame.Surface,
        entry: JSON,
        seat: int,
        band: pygame.Rect,
        cols: list[tuple[float, float]],
    ) -> None:
        """One player's row: name, the cards left (landscape: beside; portrait: under the
        line), the round's score and the total counting up."""
        if seat == self.table.me:
            pygame.draw.rect(surface, (40, 60, 56), band, border_radius=px(8))
        side = self.table.session.side_of(seat)
        score = entry["scores"][seat]
        totals = entry["totals"]
        old = totals[side] - entry["side_scores"][side]
        total = round(old + entry["side_scores"][side] * self.table.painter.count_up())
        name = self.table.places.seat_name(seat)
        if self.table.partnership:
            name = f"{name} ({t('hr.team', n=digits(side + 1))})"
        (nx, nw), (hx, hw), (sx, _), (tx, _) = cols
        portrait = self.table.geo.portrait
        line_y = band.y + px(24) if portrait else band.centery
        room = cast(int, nw)  # a column's exact width: fit_text compares it, never rounds it
        size = draw.fit_text(
            name, 24 if portrait else 22, room, True, minimum=22 if portrait else 12
        )
        draw.blit_text(surface, name, size, (nx, line_y), draw.INK, bold=True)
        cards = entry["hands"][seat]
        if portrait:
            if cards:
                card_h = px(PORTRAIT_CARD[1])
                mid = (band.centerx, band.y + px(48) + card_h // 2)
                self._draw_left_hand(surface, cards, mid, band.w - px(24), card_h)
        else:
            self._draw_left_hand(surface, cards, (hx, band.centery), hw, band.h - px(8))
        shown = f"+{score}" if score > 0 else str(score)
        color = draw.TURN if score < 0 else draw.RED if score > 0 else draw.INK_DIM
        draw.blit_text(surface, digits(shown), 24, (sx, line_y), color, bold=True)
        draw.blit_text(surface, digits(total), 24, (tx, line_y), draw.GOLD, bold=True)

    def _score_columns(self, rect: pygame.Rect) -> list[tuple[float, float]]:
        """(centre x, width) of the columns player / cards left / round / total (portrait:
        the cards lie under the line, so the name takes their column)."""
        if self.table.geo.portrait:
            fractions = [0.56, 0.0, 0.2, 0.24]
        else:
            fractions = [0.22, 0.52, 0.12, 0.14]
        out: list[tuple[float, float]] = []
        x: float = rect.x + px(16)
        for f in fractions:
            w = (rect.w - px(32)) * f
            out.append((x + w / 2, w - px(8)))
            x += w
        if i18n.is_rtl():
            out = [(rect.x + rect.right - cx, w) for cx, w in out]
        return out

    def _draw_left_hand(
        self,
        surface: pygame.Surface,
        cards: list[str],
        center: tuple[float, float],
        width: float,
        height: int,
    ) -> None:
        if not cards:
            draw.blit_text(surface, "\u2014", 22, center, draw.INK_DIM)
            return
        four = self.table.app.settings["four_color"]
        ch = min(height, px(62) if not self.table.geo.portrait else px(PORTRAIT_CARD[1]))
        cw = round(ch * 0.71)
        step = min(px(logical_width(ch) - 4), (width - cw) / max(1, len(cards) - 1))

        total = cw + step * (len(cards) - 1)
        x0 = center[0] - total / 2
        for i, code in enumerate(cards):
            img = assets.card_face(code, (cw, ch), four)
            surface.blit(img, img.get_rect(topleft=(round(x0 + i * step), center[1] - ch // 2)))

    def _result(self) -> JSON:
        over = self.table.over
        assert over is not None  # asked while the match-end panel is open
        result: JSON = over["result"]
        return result

    def over_headline(self) -> str:
        result = self._result()
        winners = result["winners"]
        if self.table.partnership:
            names = " / ".join(t("hr.team", n=digits(s + 1)) for s in winners)
            return t("hr.over.team_wins", name=names) + " \u00b7 " + t("hr.over.low_wins")
        if winners == [self.table.me]:
            return t("over.you_win")
        if len(winners) > 1:
            sep = "، " if i18n.is_rtl() else ", "
            return t("over.shared", names=sep.join(self.table.places.seat_name(s) for s in winners))
        return t("over.winner", name=self.table.places.seat_name(winners[0]))

    def over_rows(self) -> list[tuple[int, str, int, bool]]:
        """Lowest total first (HR-11); equal totals share a place."""
        result = self._result()
        totals = result["totals"]
        order = sorted(range(len(totals)), key=lambda s: (totals[s], s))
        best = min(totals)
        rows, place = [], 0
        for i, who in enumerate(order):
            if i == 0 or totals[who] != totals[order[i - 1]]:
                place = i + 1
            name = (
                t("hr.team", n=digits(who + 1))
                if self.table.partnership
                else self.table.places.seat_name(who)
            )
            rows.append((place, name, totals[who], totals[who] == best))
        return rows
