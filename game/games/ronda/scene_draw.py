"""Drawing the Ronda table: the others' backs, piles and plates (side colours in team play),
the stock, the table cards in Ronda order with the run a chosen card would take, your hand,
the piles' counts, then the callouts (declarations, reveals, points, flashes); and the top bar.

:class:`RondaPainter` is a part of :class:`game.games.ronda.scene.RondaTable`: it reads the
scene and its parts and never changes them (but for the riffle, dropped when the window
turns). The still layer (:mod:`.table_still`) says which of the table is kept; the painter
draws the kept part (``draw_still``) and what goes over it every frame (``draw_moving``), or
the whole table in one go (``draw_table``), in the same order. It answers the table frame's
hooks (:class:`game.ui.table_drawing.TablePainter`): the figures on the plates, the banners'
lines, what else animates.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.i18n import digits, t
from game.ui import assets, draw, scale
from game.ui.scale import px
from game.ui.static_layer import Parts
from game.ui.table_drawing import TablePainter

if TYPE_CHECKING:
    from game.games.ronda.scene import RondaTable

Point = tuple[int, int]


class RondaPainter(TablePainter):
    """The table's drawing (see the module docstring)."""

    table: RondaTable

    # ----- the whole table, or its still and moving halves ---------------------------------
    def still_parts(self) -> tuple[Hashable, Parts] | None:
        return self.table.layer_parts.parts()

    def draw_table(self, surface: pygame.Surface) -> None:
        """Everything in one pass (no still layer)."""
        table = self.table
        four = table.app.settings["four_color"]
        for seat in table.others():
            self.draw_backs(surface, seat)
        for seat in range(table.players):
            self.draw_pile(surface, seat)
        for seat in range(table.players):
            table.plates.draw(surface, seat)
        self.draw_deck(surface)
        table.table_cards.draw(surface, four, self.preview())
        self.draw_hand(surface, four)
        for sprite in table.flying:
            sprite.draw(surface, four)
        for seat in range(table.players):  # above plates and cards: a count is never hidden
            self.draw_pile_badge(surface, seat)
        table.callouts.draw(surface)

    def draw_still(self, surface: pygame.Surface) -> None:
        """The part of the table the still layer keeps (only what meets the part being
        repainted is drawn)."""
        table = self.table
        layer = table.layer_parts
        four = table.app.settings["four_color"]
        clip = table.frame.still.in_clip
        for seat in table.others():
            if clip(layer.backs_region(seat)):
                self.draw_backs(surface, seat)
        for seat in range(table.players):
            if clip(layer.pile_region(table.places.pile(seat))):
                self.draw_pile(surface, seat)
        table.plates.draw_still(surface, clip)
        self.draw_deck(surface)
        if layer.table_still():
            table.table_cards.draw(surface, four, self.preview())
        if layer.hand_still():
            self.draw_hand(surface, four)
        if layer.badges_still():
            for seat in range(table.players):
                self.draw_pile_badge(surface, seat)

    def draw_moving(self, surface: pygame.Surface) -> None:
        """What is drawn over the still layer every frame."""
        table = self.table
        layer = table.layer_parts
        four = table.app.settings["four_color"]
        if not layer.table_still():
            table.table_cards.draw(surface, four, self.preview())
        if not layer.hand_still():
            self.draw_hand(surface, four)
        if table.riffle is not None:  # the stock riffled before the deal
            table.riffle.draw(surface)
        for sprite in table.flying:
            sprite.draw(surface, four)
        if not layer.badges_still():
            for seat in range(table.players):
                self.draw_pile_badge(surface, seat)
        table.callouts.draw(surface)

    def preview(self) -> set[str]:
        """The table cards the chosen (pressed, dragged) card would take."""
        chosen = self.table.previewed()
        return set(self.table.would_capture(chosen)) if chosen else set()

    # ----- the parts of the table ----------------------------------------------------------
    def draw_hand(self, surface: pygame.Surface, four: bool) -> None:
        table = self.table
        mine = table.my_turn()
        for code in table.hand_view.in_draw_order(table.hand_order):
            table.hand[code].draw(surface, four, glow=table.hand_view.chosen(code) and mine)

    def draw_backs(self, surface: pygame.Surface, seat: int) -> None:
        table = self.table
        n = table.deal.counts[seat]
        if n <= 0:
            return
        back = assets.card_back(table.app.layout.small)
        cx, cy = table.places.seat_hand(seat)
        step = px(22)
        x0 = cx - step * (n - 1) / 2
        for i in range(n):
            surface.blit(back, back.get_rect(center=(round(x0 + i * step), cy)))

    def draw_pile(self, surface: pygame.Surface, seat: int) -> None:
        """The seat's face-down pile (its count is drawn later, over everything: RO-11)."""
        table = self.table
        n = table.deal.piles[seat]
        cx, cy = table.places.pile(seat)
        back = assets.card_back(table.app.layout.small)
        if n <= 0:
            outline = back.get_rect(center=(cx, cy))
            pygame.draw.rect(surface, (40, 90, 80), outline, px(2), border_radius=px(8))
        for i in range(min(4, (n + 5) // 6)):
            surface.blit(back, back.get_rect(center=(cx - i * px(2), cy - i * px(2))))

    def draw_pile_badge(self, surface: pygame.Surface, seat: int) -> None:
        """The pile's count on its corner (in team play, its side's colour), drawn after the
        cards and plates so nothing covers it."""
        table = self.table
        color = table.sides.seat_color(seat) or draw.GOLD
        self.draw_badge(surface, table.places.pile(seat), table.deal.piles[seat], color)

    def draw_badge(self, surface: pygame.Surface, pile: Point, n: int, color: draw.RGB) -> None:
        """A count on the lower corner of a small pile at ``pile`` (22 px in portrait)."""
        layout = self.table.app.layout
        badge = scale.rect(0, 0, 46, 32) if layout.portrait else scale.rect(0, 0, 40, 26)
        badge.center = (
            pile[0] + layout.small[0] // 2 - px(4),
            pile[1] + layout.small[1] // 2 - px(6),
        )
        pygame.draw.rect(surface, (20, 20, 20), badge, border_radius=px(12))
        pygame.draw.rect(surface, color, badge, px(2), border_radius=px(12))
        size = 22 if layout.portrait else 18
        draw.blit_text(surface, digits(n), size, badge.center, draw.INK, bold=True)

    def deck_left(self) -> int:
        """The stock's count as shown: the cards not dealt and those not yet on their way."""
        table = self.table
        waiting = sum(
            1
            for s in [*table.flying, *table.hand.values(), *table.table_cards.sprites.values()]
            if s.hide_until_start and s.motion is not None and not s.motion.started
        )
        return table.deal.deck_count + waiting

    def draw_deck(self, surface: pygame.Surface) -> None:
        """The undealt stock, with the cards still to come (its count is public)."""
        table = self.table
        left = self.deck_left()
        if left <= 0 or table.riffle is not None:  # (riffled: the riffle is the stock)
            return
        cx, cy = table.places.geometry().deck
        back = assets.card_back(table.app.layout.small)
        for i in range(min(4, (left + 9) // 10)):
            surface.blit(back, back.get_rect(center=(cx - i * px(2), cy - i * px(2))))
        self.draw_badge(surface, (cx, cy), left, draw.SAND)

    # ----- the top bar ---------------------------------------------------------------------
    def draw_hud(self, surface: pygame.Surface) -> None:
        """The deal and batch, and the target (portrait: on a second line)."""
        table = self.table
        layout = table.app.layout
        line = t(
            "ronda.hud",
            deal=digits(max(1, table.deal.number)),
            batch=digits(max(1, table.deal.batch)),
            batches=digits(max(1, table.deal.batches)),
        )
        r = self.hud_text(surface, line)
        target = t("ronda.target", n=digits(table.sides.target))
        if layout.portrait:
            self.hud_text(surface, target, 1, draw.INK_DIM)
            return
        rtl = i18n.is_rtl()
        x = r.left - px(28) if rtl else r.right + px(28)
        draw.blit_text(
            surface,
            target,
            20,
            (x, layout.top_bar.centery),
            draw.INK_DIM,
            anchor="midright" if rtl else "midleft",
        )

    # ----- the frame's other hooks -----------------------------------------------------------
    def figure(self, seat: int) -> tuple[str, draw.RGB]:
        """The seat's (side's) points; the pile count sits on its pile."""
        table = self.table
        points = table.totals[table.session.side_of(seat)]
        key = "ronda.point_one" if points == 1 else "ronda.points"
        return t(key, n=digits(points)), draw.GOLD

    def banner_y(self) -> int:
        return self.table.places.banner_y()

    def table_banner_y(self) -> int:
        """The table's banner at its line, unless a reveal panel is there (then clear of it)."""
        table = self.table
        y = super().table_banner_y()
        if not (table.messages.banner and table.callouts.reveals):
            return y
        rect, _img = self.banner_rect(table.messages.banner[0], y)
        return table.callouts.banner_line(y, rect)

    def status_banner(self) -> str | None:
        """On your turn: what the chosen card would do, else a declaration to make."""
        table = self.table
        if not table.my_turn():
            return None
        chosen = table.previewed()
        if chosen:
            run = table.would_capture(chosen)
            if run:
                return t("ronda.would_take", n=digits(len(run)))
            return t("ronda.would_lay")
        if table.held_kinds():
            return t("ronda.declare_hint")
        return None

    def animating(self) -> bool:
        return self.table.callouts.animating()

    def layout_changed(self) -> None:
        """The table turned: a riffle at the old stock's place stops (the stock shows)."""
        self.table.riffle = None
