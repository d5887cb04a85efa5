"""Drawing the Ronda table: the others' backs, piles and plates (side colours in team play),
the stock, the table cards in Ronda order with the run a chosen card would take, your hand,
declarations at the seats, points popping, caida / mesa flashes, the top bar, the deal's score
panel (per side, yours first) and the match end.

:class:`RondaDrawing` is a part of :class:`game.games.ronda.table.RondaTable` (a mixin: it
reads the scene's state and never changes it).
"""

from __future__ import annotations

import pygame

from game import i18n
from game.games.ronda.cards import sort_hand
from game.games.ronda.table_still import RondaStill
from game.i18n import digits, t
from game.ui import assets, draw, scale
from game.ui.scale import px
from game.ui.table_drawing import ranked_rows
from game.ui.tween import Speed

POP = 1.2


class RondaDrawing(RondaStill):
    """The table's drawing (see the module docstring)."""

    # ----- drawing -------------------------------------------------------------------------------
    def draw_hud(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        line = t(
            "ronda.hud",
            deal=digits(max(1, self.deal_no)),
            batch=digits(max(1, self.batch)),
            batches=digits(max(1, self.batches)),
        )
        r = self.hud_text(surface, line)
        target = t("ronda.target", n=digits(self.target))
        if L.portrait:
            self.hud_text(surface, target, 1, draw.INK_DIM)
        else:
            rtl = i18n.is_rtl()
            x = r.left - px(28) if rtl else r.right + px(28)
            draw.blit_text(
                surface,
                target,
                20,
                (x, L.top_bar.centery),
                draw.INK_DIM,
                anchor="midright" if rtl else "midleft",
            )

    def draw_table(self, surface: pygame.Surface) -> None:
        four = self.app.settings["four_color"]
        for seat in self.others():
            self._draw_backs(surface, seat)
        for seat in range(self.players):
            self._draw_pile(surface, seat)
        for seat in range(self.players):
            self.plates.draw(surface, seat)
        self._draw_deck(surface)
        chosen = self.previewed()
        preview = set(self.would_capture(chosen)) if chosen else set()
        for code in sort_hand(list(self.table_cards)):
            sprite = self.table_cards[code]
            lit = code in preview or code in self.glow
            sprite.draw(surface, four, glow=lit, glow_color=draw.GOLD)
        for code in self.hand_view.in_draw_order(self.hand_order):
            sprite = self.hand[code]
            sprite.draw(surface, four, glow=self.hand_view.chosen(code) and self.my_turn())
        for sprite in self.flying:
            sprite.draw(surface, four)
        for seat in range(self.players):  # above plates and cards: a count is never hidden
            self._draw_pile_badge(surface, seat)
        self._draw_seat_banners(surface)
        self._draw_reveals(surface)
        self._draw_pops(surface)
        if self.flash is not None:
            self._draw_flash(surface)

    def _draw_backs(self, surface: pygame.Surface, seat: int) -> None:
        L = self.app.layout
        n = self.counts[seat]
        if n <= 0:
            return
        back = assets.card_back(L.small)
        cx, cy = self.seat_hand(seat)
        step = px(22)
        x0 = cx - step * (n - 1) / 2
        for i in range(n):
            surface.blit(back, back.get_rect(center=(round(x0 + i * step), cy)))

    def _draw_pile(self, surface: pygame.Surface, seat: int) -> None:
        """The seat's face-down pile with its count (RO-11); in team play, its side colour."""
        L = self.app.layout
        n = self.piles[seat]
        cx, cy = self.pile_pos(seat)
        back = assets.card_back(L.small)
        if n <= 0:
            outline = back.get_rect(center=(cx, cy))
            pygame.draw.rect(surface, (40, 90, 80), outline, px(2), border_radius=px(8))
        for i in range(min(4, (n + 5) // 6)):
            surface.blit(back, back.get_rect(center=(cx - i * px(2), cy - i * px(2))))

    def _draw_pile_badge(self, surface: pygame.Surface, seat: int) -> None:
        """The pile's count on its corner, drawn after the cards and plates so nothing
        covers it."""
        cx, cy = self.pile_pos(seat)
        color = self.side_color(self.session.side_of(seat)) if self.teams else draw.GOLD
        self._badge(surface, (cx, cy), self.piles[seat], color)

    def _badge(self, surface: pygame.Surface, pile: tuple[int, int], n: int, color) -> None:
        """A count on the lower corner of a small pile at ``pile`` (22 px in portrait)."""
        L = self.app.layout
        badge = scale.rect(0, 0, 46, 32) if L.portrait else scale.rect(0, 0, 40, 26)
        badge.center = (pile[0] + L.small[0] // 2 - px(4), pile[1] + L.small[1] // 2 - px(6))
        pygame.draw.rect(surface, (20, 20, 20), badge, border_radius=px(12))
        pygame.draw.rect(surface, color, badge, px(2), border_radius=px(12))
        size = 22 if L.portrait else 18
        draw.blit_text(surface, digits(n), size, badge.center, draw.INK, bold=True)

    def _draw_deck(self, surface: pygame.Surface) -> None:
        """The undealt stock, with the cards still to come (its count is public)."""
        L = self.app.layout
        waiting = sum(
            1
            for s in [*self.flying, *self.hand.values(), *self.table_cards.values()]
            if s.hide_until_start and s.motion is not None and not s.motion.started
        )
        left = self.deck_count + waiting
        if left <= 0:
            return
        cx, cy = self.geometry()["deck"]
        back = assets.card_back(L.small)
        for i in range(min(4, (left + 9) // 10)):
            surface.blit(back, back.get_rect(center=(cx - i * px(2), cy - i * px(2))))
        self._badge(surface, (cx, cy), left, draw.SAND)

    def plate_edge(self, seat: int) -> tuple:
        return self.side_color(self.session.side_of(seat)) if self.teams else draw.PANEL_EDGE

    def avatar_color(self, seat: int) -> tuple:
        if self.teams:
            return tuple(c * 3 // 4 for c in self.side_color(self.session.side_of(seat)))
        return super().avatar_color(seat)

    def figure(self, seat: int) -> tuple[str, tuple]:
        """The seat's (side's) points; the pile count sits on its pile."""
        points = self.totals[self.session.side_of(seat)]
        key = "ronda.point_one" if points == 1 else "ronda.points"
        return t(key, n=digits(points)), draw.GOLD

    def _draw_seat_banners(self, surface: pygame.Surface) -> None:
        """Declarations said aloud, beside the declarer's plate (the plate stays readable)."""
        L = self.app.layout
        for seat, (s, _left) in self.seat_banners.items():
            plate = self.plate_rect(seat)
            rect = pygame.Rect(0, 0, max(px(160), min(plate.w, px(220))), px(54))
            self.place_beside(rect, plate, self.spot(seat))
            rect.clamp_ip(pygame.Rect(px(16), px(16), L.w - px(32), L.h - px(32)))
            draw.panel(surface, rect, (96, 60, 14), 255, px(18), draw.GOLD)
            size = draw.fit_text(s, 30, rect.w - px(16), True)
            draw.blit_text(surface, s, size, rect.center, draw.INK, bold=True, shadow=True)

    def _draw_reveals(self, surface: pygame.Surface) -> None:
        """The deal's declarations beside their seats' plates (towards the table, never over
        a plate): the declarer's name, then one row per declaration."""
        L = self.app.layout
        row_h = self.reveal_row_h()
        least = 22 if L.portrait else 12  # (no text under 22 px on a phone)
        for seat, rect in self.reveal_rects(row_h).items():
            lines = self.reveals[seat]
            draw.panel(surface, rect, (30, 34, 30), 255, px(16), draw.GOLD)
            by = (
                t("ronda.reveal.by_you")
                if seat == self.me
                else t("ronda.reveal.by", name=self.seat_name(seat))
            )
            draw.blit_text(
                surface,
                by,
                draw.fit_text(by, 22 if L.portrait else 20, rect.w - px(16), True, least),
                (rect.centerx, rect.y + px(20)),
                draw.SAND,
                bold=True,
            )
            for i, (head, outcome, color) in enumerate(lines):
                y = rect.y + px(38) + row_h * i
                draw.blit_text(
                    surface,
                    head,
                    draw.fit_text(head, 22, rect.w - px(16), True, least),
                    (rect.centerx, y + px(16)),
                    draw.INK,
                    bold=True,
                )
                draw.blit_text(
                    surface,
                    outcome,
                    draw.fit_text(outcome, 22 if L.portrait else 18, rect.w - px(16), True, least),
                    (rect.centerx, y + px(42)),
                    color,
                    bold=True,
                )

    def reveal_row_h(self) -> int:
        """The height of one declaration's two lines in a reveal panel."""
        return px(52) if self.app.layout.portrait else px(56)

    def table_banner_y(self) -> int:
        """The table's banner (the sweep's "the rest is yours") at its line, unless a reveal
        panel is there: then at the nearest line clear of the panels (and of the plates, when
        one is)."""
        y = super().table_banner_y()
        if not (self.banner and self.reveals):
            return y
        L = self.app.layout
        panels = list(self.reveal_rects(self.reveal_row_h()).values())
        plates = [self.plate_rect(s) for s in range(self.players)]
        rect, _img = self.banner_rect(self.banner[0], y)
        half = rect.h // 2
        edge = px(16)
        lines = [
            y,
            *sorted(range(edge + half, L.h - edge - half, px(4)), key=lambda n: (abs(n - y), n)),
        ]
        for avoid in (panels + plates, panels):
            for line in lines:
                rect.centery = line
                if rect.collidelist(avoid) < 0:
                    return line
        return y

    def reveal_rects(self, row_h: int) -> dict[int, pygame.Rect]:
        """Where each seat's reveal panel goes: beside its plate on the table's side when that
        is free, else above or below the plate (in portrait above or below first); never over
        a plate or another panel (yours placed first, then the top seat's), and always below the
        top bar's buttons."""
        L = self.app.layout
        top = L.top_bar.bottom + px(4)  # below the Menu, language and Hint buttons
        screen = pygame.Rect(px(16), top, L.w - px(32), L.h - px(16) - top)
        taken = [self.plate_rect(s) for s in range(self.players)]
        if L.portrait:  # narrow: the side seats' panels go above or below their plates first
            sides = {0: (0,), 1: (0, 2, 1), 2: (2,), 3: (0, 2, 3)}
        else:
            sides = {0: (0,), 1: (1, 0, 2), 2: (2,), 3: (3, 0, 2)}
        out: dict[int, pygame.Rect] = {}
        order = sorted(self.reveals, key=lambda s: (s != self.me, self.spot(s) != 2, self.spot(s)))
        for seat in order:
            plate = self.plate_rect(seat)
            w = max(plate.w + px(6), px(260) if L.portrait else px(220))
            tries = []
            for side in sides[self.spot(seat) % 4]:
                rect = pygame.Rect(0, 0, w, px(44) + row_h * len(self.reveals[seat]))
                self.place_beside(rect, plate, side)
                rect.clamp_ip(screen)
                tries.append(rect)
                if rect.collidelist(taken) < 0:
                    break
            else:
                rect = tries[0]
            taken.append(rect)
            out[seat] = rect
        return out

    @staticmethod
    def place_beside(
        rect: pygame.Rect, plate: pygame.Rect, spot: int, gap: int | None = None
    ) -> None:
        """Put ``rect`` beside ``plate`` on the table's side: above yours (spot 0), below the
        top seat's, left of the right seat's, right of the left seat's; ``gap`` frame pixels
        apart (10 logical by default)."""
        gap = px(10) if gap is None else gap
        if spot == 0:
            rect.midbottom = (plate.centerx, plate.top - gap)
        elif spot == 2:
            rect.midtop = (plate.centerx, plate.bottom + gap)
        elif spot == 1:
            rect.midright = (plate.left - gap, plate.centery)
        else:
            rect.midleft = (plate.right + gap, plate.centery)

    def _draw_pops(self, surface: pygame.Surface) -> None:
        for s, seat, left in self.pops:
            k = 1 - left / max(0.01, Speed.scale(POP, motion=False))
            rect = self.plate_rect(seat)
            if self.spot(seat) == 2:  # the top seat's points drop below its plate
                y = rect.bottom + px(20) + px(40) * k
            else:  # the others' rise above the plate, clear of the name
                y = rect.top - px(16) - px(50) * k
            draw.blit_text(
                surface, digits(s), 36, (rect.centerx, y), draw.GOLD, bold=True, shadow=True
            )

    def _draw_flash(self, surface: pygame.Surface) -> None:
        s, _left = self.flash
        g = self.geometry()
        area = g["area"]
        tops = [sp.rect().top for sp in self.table_cards.values() if not sp.moving]
        y = max(area.top + px(10), min(tops, default=area.centery) - px(34))
        self.draw_banner(surface, s, y, (120, 70, 16), x=area.centerx, size=38)

    def status_banner(self) -> str | None:
        if not self.my_turn():
            return None
        chosen = self.previewed()
        if chosen:
            run = self.would_capture(chosen)
            if run:
                return t("ronda.would_take", n=digits(len(run)))
            return t("ronda.would_lay")
        if self.held_kinds():
            return t("ronda.declare_hint")
        return None

    # ----- panels -------------------------------------------------------------------------------
    def next_label(self) -> str:
        return "ronda.to_result" if self.session.phase == "over" else "ronda.next_deal"

    def draw_score_panel(self, surface: pygame.Surface) -> None:
        """The deal's breakdown per side (RO-21 cards, caidas, mesas, declarations, penalties)
        and the running totals to the target, counting up."""
        L = self.app.layout
        entry = self.score["entry"]
        decls, hidden = self._shown_declarations(self.score["declarations"])
        nsides = len(entry["totals"])
        order = self.sides_from_mine(nsides)  # columns: yours first
        rows = [
            (
                "ronda.score.cards",
                [
                    t("ronda.score.cards_value", n=digits(c), p=digits(p))
                    for c, p in zip(entry["cards"], entry["card_points"])
                ],
            ),
            ("ronda.score.caidas", [digits(v) for v in entry["caidas"]]),
            ("ronda.score.mesas", [digits(v) for v in entry["mesas"]]),
            ("ronda.score.declarations", [digits(v) for v in entry["declarations"]]),
            ("ronda.score.penalties", [digits(v) for v in entry["penalties"]]),
            ("ronda.score.deal", [digits(f"+{v}" if v > 0 else v) for v in entry["points"]]),
        ]
        row_h = px(36) if not L.portrait else px(64)  # portrait: each label above its values
        lines = len(decls) + (1 if hidden else 0)
        h = px(84 + 44) + row_h * (len(rows) + 1) + px(16)
        h += px(30) * lines + px(12) if lines else 0
        h += px(16) if L.portrait else 0
        title = t("ronda.score.title", n=digits(entry["deal"]))
        rect = self.score_frame(surface, px(860), h, title)
        label_w = px(250) if not L.portrait else 0
        col_w = (rect.w - px(32) - label_w) / nsides
        rtl = i18n.is_rtl()

        def x_of(col: int) -> float:
            x = rect.x + px(16) + label_w + col_w * (col + 0.5)
            return rect.x + rect.right - x if rtl else x

        label_x, label_anchor = (
            (rect.right - px(24), "midright") if rtl else (rect.x + px(24), "midleft")
        )
        label_dy, value_dy = (0, 0) if not L.portrait else (px(-15), px(14))
        if L.portrait:
            label_x, label_anchor = rect.centerx, "center"
        y = rect.y + px(84)
        for col, side in enumerate(order):
            name = self.side_name(side)
            color = self.side_color(side) if self.teams else draw.SAND
            draw.blit_text(
                surface,
                name,
                draw.fit_text(name, 22, round(col_w) - px(8), True),
                (x_of(col), y),
                color,
                bold=True,
            )
        under = y + px(22)
        edge = draw.PANEL_EDGE
        pygame.draw.line(
            surface, edge, (rect.x + px(20), under), (rect.right - px(20), under), px(1)
        )
        y += px(44) if not L.portrait else px(60)
        for key, values in rows:
            bold = key == "ronda.score.deal"
            s = t(key)
            draw.blit_text(
                surface,
                s,
                draw.fit_text(s, 22, rect.w - px(48), bold)
                if L.portrait
                else draw.fit_text(s, 21, label_w - px(16), bold),
                (label_x, y + label_dy),
                draw.SAND if not bold else draw.INK,
                bold=bold,
                anchor=label_anchor,
            )
            for col, side in enumerate(order):
                v = values[side]
                draw.blit_text(
                    surface,
                    v,
                    draw.fit_text(v, 22, round(col_w) - px(8)),
                    (x_of(col), y + value_dy),
                    draw.TURN if bold else draw.INK,
                    bold=bold,
                )
            y += row_h
        prog = self.count_up()
        band = pygame.Rect(rect.x + px(14), y - row_h // 2 + px(2), rect.w - px(28), row_h - px(4))
        pygame.draw.rect(surface, (40, 60, 56), band, border_radius=px(8))
        s = t("ronda.score.total", n=digits(self.target))
        draw.blit_text(
            surface,
            s,
            draw.fit_text(s, 22, (label_w or rect.w - px(32)) - px(16), True),
            (label_x, y + label_dy),
            draw.GOLD,
            bold=True,
            anchor=label_anchor,
        )
        for col, side in enumerate(order):
            old = entry["totals"][side] - entry["points"][side]
            shown = round(old + entry["points"][side] * prog)
            draw.blit_text(
                surface, digits(shown), 26, (x_of(col), y + value_dy), draw.GOLD, bold=True
            )
        y += row_h // 2 + px(16)
        lines = [self._declaration_line(d) for d in decls]
        if hidden:
            lines.append(t("ronda.decl.more", n=digits(hidden)))
        for s in lines:
            draw.blit_text(
                surface,
                s,
                draw.fit_text(s, 22 if L.portrait else 19, rect.w - px(48)),
                (rect.centerx, y + px(12)),
                draw.INK_DIM,
            )
            y += px(30)

    @staticmethod
    def _shown_declarations(decls: list[dict], room: int = 4) -> tuple[list[dict], int]:
        """The declarations the panel has room for, those that moved the score first (scored
        or false, RO-17/RO-18), in their order; and how many are left out."""

        def counted(d: dict) -> bool:
            return bool(d.get("scored")) or not d.get("valid", True)

        ranked = sorted(range(len(decls)), key=lambda i: (not counted(decls[i]), i))
        keep = sorted(ranked[:room])
        return [decls[i] for i in keep], max(0, len(decls) - room)

    def _declaration_line(self, d: dict) -> str:
        """One revealed declaration (RO-17, RO-18, RO-19), e.g. "Youssef: ronda of 5 — scores"."""
        name = self.seat_name(d["seat"])
        kind = t(f"ronda.kind_plain.{d['kind']}")
        if not d["valid"]:
            to = self.side_name(d["penalty_to"]) if d["penalty_to"] is not None else None
            outcome = t("ronda.decl.false_to", side=to) if to else t("ronda.decl.false")
            return t("ronda.decl.line_false", name=name, kind=kind, outcome=outcome)
        outcome = t("ronda.decl.scores") if d["scored"] else t("ronda.decl.beaten")
        return t(
            "ronda.decl.line", name=name, kind=kind, rank=self.rank_word(d["rank"]), outcome=outcome
        )

    def rank_word(self, rank: str) -> str:
        return t(f"ronda.rank.{rank}") if rank in ("10", "11", "12") else digits(rank)

    def over_headline(self) -> str:
        result = self.over["result"]
        if result["draw"]:
            return t("ronda.over.draw")
        winner = result["winner"]
        if winner == self.my_side:
            return t("ronda.over.us") if self.teams else t("over.you_win")
        return t("over.winner", name=self.side_name(winner))

    def over_rows(self) -> list[tuple[int, str, int, bool]]:
        totals = self.over["result"]["totals"]
        mine_first = self.sides_from_mine(len(totals))
        order = sorted(mine_first, key=lambda s: -totals[s])  # equal totals: yours first
        return ranked_rows(totals, order, self.side_name)
