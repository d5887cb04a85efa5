"""Drawing the Hareeja table: the others' backs, plates with bids and tricks (flipping in when
the bids are revealed), the trick, your hand, the bid picker, the last trick with its players'
names, the top bar, the round's score panel and the match end.

:class:`HareejaDrawing` is a part of :class:`game.games.hareeja.table.HareejaTable` (a mixin:
it reads the scene's state and never changes it).
"""

from __future__ import annotations

import pygame

from game import i18n
from game.games.hareeja.table_still import HareejaStill
from game.i18n import digits, t
from game.ui import assets, draw, scale
from game.ui.scale import px
from game.ui.surfaces import rle
from game.ui.table_drawing import ranked_rows

PEEK_SCALE = 0.82  # the last trick a little smaller than the live one (104 px tall: a 26 px index)


class HareejaDrawing(HareejaStill):
    """The table's drawing (see the module docstring)."""

    # ----- drawing -------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface) -> None:
        four = self.app.settings["four_color"]
        for seat in self.others():
            self._draw_backs(surface, seat)
        for seat in range(self.players):
            self.plates.draw(surface, seat)
        self._draw_deck(surface)
        peeking = self.peek > 0 and self.last_trick is not None
        for _seat, sprite in self.trick:  # the last trick takes the centre for a moment
            if not peeking:
                sprite.draw(surface, four)
        legal = self.legal_cards()
        playing = self.my_turn()
        for code in self.hand_view.in_draw_order(self.hand_order):
            sprite = self.hand[code]
            sprite.draw(
                surface,
                four,
                dimmed=playing and code not in legal,
                glow=self.hand_view.chosen(code) and playing,
            )
        for sprite in self.flying:
            sprite.draw(surface, four)
        if self.can_bid() and self.score is None and self.over is None:
            self._draw_picker(surface)
        if peeking:
            self._draw_last_trick(surface, four)

    def _draw_last_trick(self, surface: pygame.Surface, four: bool) -> None:
        """The last trick over the centre: each card where its player plays, with the player's
        name on it; the winner's card ringed in gold."""
        L = self.app.layout
        size = (round(L.trick_card[0] * PEEK_SCALE), round(L.trick_card[1] * PEEK_SCALE))
        spots = {}
        for seat, _code in self.last_trick["cards"]:
            dx, dy = L.trick_offsets[self.spot(seat)]
            spots[seat] = (L.center[0] + dx * PEEK_SCALE, L.center[1] + dy * PEEK_SCALE)
        area = pygame.Rect(0, 0, 0, 0)
        for pos in spots.values():
            r = pygame.Rect((0, 0), size)
            r.center = (round(pos[0]), round(pos[1]))
            area = r if not area.w else area.union(r)
        frame = area.inflate(px(56), px(40))
        frame.y -= px(22)
        frame.h += px(22)
        draw.panel(surface, frame, (12, 24, 24), 255, px(18), draw.GOLD)
        winner = self.last_trick["winner"]
        title = (
            t("hj.last_trick.title_you")
            if winner == self.me
            else t("hj.last_trick.title", name=self.seat_name(winner))
        )
        draw.blit_text(
            surface,
            title,
            draw.fit_text(title, 22 if L.portrait else 20, frame.w - px(20), True),
            (frame.centerx, frame.y + px(20)),
            draw.GOLD,
            bold=True,
        )
        for seat, code in self.last_trick["cards"]:
            img = assets.card_face(code, size, four)
            rect = img.get_rect(center=(round(spots[seat][0]), round(spots[seat][1])))
            surface.blit(img, rect)
            if seat == winner:
                pygame.draw.rect(
                    surface, draw.GOLD, rect.inflate(px(6), px(6)), px(3), border_radius=px(9)
                )
        for seat, _code in self.last_trick["cards"]:  # names on top of every card
            name = self.seat_name(seat)
            x, y = spots[seat]
            pill = pygame.Rect(0, 0, size[0] + px(18), px(30) if L.portrait else px(24))
            pill.center = (round(x), round(y + size[1] / 2 - px(14)))
            draw.panel(
                surface,
                pill,
                (20, 20, 20),
                225,
                px(10),
                draw.GOLD if seat == winner else draw.PANEL_EDGE,
            )
            draw.blit_text(
                surface,
                name,
                draw.fit_text(name, 22 if L.portrait else 16, pill.w - px(8), True),
                pill.center,
                draw.INK,
                bold=True,
            )

    def draw_hud(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        tb = L.top_bar
        rtl = i18n.is_rtl()
        if self.tiebreak:
            s = t("hud.tiebreak", n=digits(self.tiebreak))
        else:
            s = t("hud.round", n=digits(self.round), total=digits(5))
        anchor, x = ("midright", tb.right - px(8)) if rtl else ("midleft", tb.x + px(8))
        r = draw.blit_text(
            surface, s, 24, (x, tb.centery), draw.SAND, bold=True, anchor=anchor, shadow=True
        )
        if self.revealed and not L.portrait:
            total = sum(b or 0 for b in self.bids)
            s2 = t("hud.bids_sum", n=digits(total))
            x2 = r.left - px(28) if rtl else r.right + px(28)
            draw.blit_text(surface, s2, 20, (x2, tb.centery), draw.INK_DIM, anchor=anchor)
        elif self.revealed:
            total = sum(b or 0 for b in self.bids)
            draw.blit_text(
                surface,
                t("hud.bids_sum", n=digits(total)),
                22,
                (x, tb.centery + px(30)),
                draw.INK_DIM,
                anchor=anchor,
            )

    def _draw_backs(self, surface: pygame.Surface, seat: int) -> None:
        L = self.app.layout
        n = self.counts[seat]
        if n <= 0:
            return
        back = assets.card_back(L.small)
        cx, cy = self.seat_hand(seat)
        step = px(12) if not L.portrait else px(9)
        x0 = cx - step * (n - 1) / 2
        for i in range(n):
            rect = back.get_rect(center=(round(x0 + i * step), cy))
            surface.blit(back, rect)
        badge = scale.rect(0, 0, 40, 30) if L.portrait else scale.rect(0, 0, 34, 26)
        badge.center = (
            round(cx + step * (n - 1) / 2 + L.small[0] / 2 - px(6)),
            cy + L.small[1] // 2 - px(6),
        )
        pygame.draw.rect(surface, (20, 20, 20), badge, border_radius=px(12))
        pygame.draw.rect(surface, draw.GOLD, badge, px(2), border_radius=px(12))
        size = 22 if L.portrait else 18
        draw.blit_text(surface, digits(n), size, badge.center, draw.INK, bold=True)

    def figure(self, seat: int) -> tuple[str, tuple]:
        """The seat's key figure: tricks of bid once revealed; before, your own bid or a check."""
        if self.revealed and self.bids[seat] is not None:
            took, bid = self.tricks[seat], self.bids[seat]
            color = draw.TURN if took == bid else draw.RED if took > bid else draw.SAND
            return t("seat.figure", took=digits(took), bid=digits(bid)), color
        me = self.me
        if seat == me and self.confirmed[me] and self.bids[me] is not None:
            return t(
                "seat.figure", took=digits(self.tricks[me]), bid=digits(self.bids[me])
            ), draw.SAND
        if self.confirmed[seat]:
            return "check", draw.TURN
        return "\u2026", draw.INK_DIM

    def draw_figure(
        self,
        surface: pygame.Surface,
        seat: int,
        figure: str,
        color: tuple,
        pos: tuple[int, int],
        anchor: str,
    ) -> None:
        if figure == "check":
            r = draw.blit_text(
                surface,
                t("bid.done"),
                22 if self.app.layout.portrait else 18,
                (pos[0], pos[1]),
                draw.TURN,
                anchor=anchor,
            )
            gap = px(16)
            cx = (
                r.left - gap
                if (anchor != "midright" and anchor != "center")
                else (r.right + gap if anchor == "center" else r.left - gap)
            )
            if anchor == "midleft":
                cx = r.right + gap
            draw.check_mark(surface, (cx, pos[1]), px(18), draw.TURN, px(3))
            return
        if self.revealed and self.reveal_t < 1.0:
            # Bids flip in together: the figure grows from a sliver.
            img = draw.label(figure, 22, color, True)
            k = abs(1 - 2 * self.reveal_t) if self.reveal_t < 0.5 else self.reveal_t
            w = max(px(2), round(img.get_width() * k))
            img = rle(pygame.transform.scale(img, (w, img.get_height())))
            rect = img.get_rect(**{anchor: pos})
            surface.blit(img, rect)
            return
        draw.blit_text(surface, figure, 22, pos, color, bold=True, anchor=anchor)

    def _draw_deck(self, surface: pygame.Surface) -> None:
        if self.phase != "deal":
            return
        L = self.app.layout
        left = sum(
            1
            for s in [*self.flying, *self.hand.values()]
            if s.hide_until_start and s.motion is not None and not s.motion.started
        )
        if left <= 0:
            return
        back = assets.card_back(L.small)
        for i in range(min(4, (left + 7) // 8)):
            off = i * px(2)
            surface.blit(back, back.get_rect(center=(L.center[0] - off, L.center[1] - off)))

    def _draw_picker(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        p = L.picker
        draw.panel(surface, p, draw.PANEL, 230, px(18), draw.GOLD)
        s = t("bid.title")
        draw.blit_text(
            surface,
            s,
            draw.fit_text(s, 24, p.w - px(24), True),
            (p.centerx, p.y + px(28)),
            draw.SAND,
            bold=True,
        )

    def status_banner(self) -> str | None:
        if self.phase == "declare" and self.confirmed[self.me] and not self.revealed:
            return t("bid.waiting")
        return None

    def draw_score_panel(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        entry = self.score["entry"]
        prog = self.count_up()
        title = (
            t("score.title_tb", n=digits(entry["tiebreak"]))
            if entry["tiebreak"]
            else t("score.title", n=digits(entry["round"]))
        )
        rect = self.score_frame(
            surface, px(820) if not L.portrait else L.w - px(40), px(340), title
        )
        cols = ["score.player", "score.bid", "score.tricks", "score.round", "score.total"]
        fractions = [0.30, 0.15, 0.17, 0.17, 0.21]
        xs = []
        x = rect.x + px(16)
        for f in fractions:
            cw = (rect.w - px(32)) * f
            xs.append(x + cw / 2)
            x += cw
        if i18n.is_rtl():
            xs = [rect.x + rect.right - v for v in xs]
        y = rect.y + px(84)
        for key, cx in zip(cols, xs):
            s = t(key)
            size = draw.fit_text(s, 22 if L.portrait else 20, px(120))
            draw.blit_text(surface, s, size, (cx, y), draw.SAND, bold=True)
        under = y + px(20)
        edge = draw.PANEL_EDGE
        pygame.draw.line(
            surface, edge, (rect.x + px(20), under), (rect.right - px(20), under), px(1)
        )
        for row, seat in enumerate(self.seating.from_me()):  # your row first
            y = rect.y + px(136) + row * px(44)
            old = entry["totals"][seat] - entry["scores"][seat]
            shown_total = round(old + entry["scores"][seat] * prog)
            score = entry["scores"][seat]
            values = [
                (self.seat_name(seat), draw.INK),
                (digits(entry["bids"][seat]), draw.INK),
                (digits(entry["tricks"][seat]), draw.INK),
                (digits(f"+{score}" if score > 0 else score), draw.TURN if score > 0 else draw.RED),
                (digits(shown_total), draw.GOLD),
            ]
            if seat == self.me:
                band = pygame.Rect(rect.x + px(14), y - px(20), rect.w - px(28), px(40))
                pygame.draw.rect(surface, (40, 60, 56), band, border_radius=px(8))
            for (s, color), cx in zip(values, xs):
                draw.blit_text(
                    surface, s, draw.fit_text(s, 24, px(200), True), (cx, y), color, bold=True
                )

    def over_headline(self) -> str:
        winners = self.over["result"]["winners"]
        if len(winners) > 1:
            sep = "، " if i18n.is_rtl() else ", "
            return t("over.shared", names=sep.join(self.seat_name(s) for s in winners))
        if winners == [self.me]:
            return t("over.you_win")
        return t("over.winner", name=self.seat_name(winners[0]))

    def over_rows(self) -> list[tuple[int, str, int, bool]]:
        result = self.over["result"]
        return ranked_rows(result["totals"], result["ranking"], self.seat_name)
