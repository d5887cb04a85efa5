"""Drawing the Hareeja table: the others' backs, the plates, the deck, the trick, your hand,
cards in the air, the bid picker and the last trick, in that order; and the top bar (the round,
and the sum of the bids once revealed).

:class:`HareejaPainter` is a part of :class:`game.games.hareeja.scene.HareejaTable`: it reads
the scene and its parts and never changes them. Each part draws its own pieces (the backs,
the trick, the picker); the painter puts them in order. The still layer draws the same pieces
split in two (:mod:`game.games.hareeja.scene_still`). The painter answers the table frame's
hooks (:class:`game.ui.table_drawing.TablePainter`): those halves, the plates' figures (the
bids: :class:`~.scene_bids.Bidding`), the banners' lines, what else animates.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.games.hareeja.rules import ROUNDS
from game.i18n import digits, t
from game.ui import draw
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.static_layer import Parts
from game.ui.table_drawing import TablePainter

if TYPE_CHECKING:
    from game.games.hareeja.scene import HareejaTable

TOP_SPOT = 2  # the layout position across the table (game/client/seating.py)
BID_BANNER_GAP = 50  # logical px from the top plate to the banner line while you bid
BANNER_TAG_GAP = 8  # logical px between the banner and the "Your turn" tag under it


class HareejaPainter(TablePainter):
    """The table's drawing (see the module docstring)."""

    table: HareejaTable

    def four_color(self) -> bool:
        return bool(self.table.app.settings["four_color"])

    def draw_table(self, surface: pygame.Surface) -> None:
        """The whole table (with no still layer)."""
        table = self.table
        four = self.four_color()
        for seat in table.others():
            table.backs.draw(surface, seat)
        for seat in range(table.players):
            table.plates.draw(surface, seat)
        table.backs.draw_deck(surface)
        table.trick_area.draw(surface, four)  # the last trick takes the centre for a moment
        self.draw_hand(surface, four)
        self.draw_over_cards(surface, four)

    def draw_hand(self, surface: pygame.Surface, four: bool) -> None:
        """Your hand: cards you may not play dimmed while it is your turn, the chosen one
        glowing."""
        table = self.table
        legal = table.legal_cards()
        playing = table.my_turn()
        for code in table.hand_view.in_draw_order(table.hand_order):
            table.hand[code].draw(
                surface,
                four,
                dimmed=playing and code not in legal,
                glow=table.hand_view.chosen(code) and playing,
            )

    def draw_over_cards(self, surface: pygame.Surface, four: bool) -> None:
        """What lies over the cards: cards in the air, the bid picker, the last trick."""
        table = self.table
        for sprite in table.flying:
            sprite.draw(surface, four)
        moving = [*table.flying, *(s for s in table.trick_area.sprites() if s.moving)]
        table.backs.draw_badges_over(surface, [s.rect() for s in moving if s.visible])
        if table.can_bid() and table.score is None and table.over is None:
            table.bidding.draw_picker(surface)
        table.trick_area.draw_last(surface, four)

    def hud_lines(self) -> tuple[str, str | None, int]:
        """The round (or the tie-break), the bids' sum once revealed, and the round's line: on
        the bar in landscape; under it on a phone, whose bar has no room beside its buttons
        (Menu, language, scores, Last trick, Hint) for them."""
        table = self.table
        layout = table.app.layout
        tb = layout.top_bar
        if table.tiebreak:
            s = t("hud.tiebreak", n=digits(table.tiebreak))
        else:
            s = t("hud.round", n=digits(table.round), total=digits(ROUNDS))
        total = table.bidding.total()
        bids = None if total is None else t("hud.bids_sum", n=digits(total))
        return s, bids, tb.bottom + px(18) if layout.portrait else tb.centery

    def hud_below(self) -> pygame.Rect:
        """Where the round and the bids' sum draw when they go under the bar."""
        tb = self.table.app.layout.top_bar
        return pygame.Rect(tb.x, tb.bottom, tb.w, px(72))

    def draw_hud(self, surface: pygame.Surface) -> None:
        """The round (or the tie-break) and, once revealed, the sum of the bids."""
        layout = self.table.app.layout
        tb = layout.top_bar
        rtl = i18n.is_rtl()
        anchor, x = ("midright", tb.right - px(8)) if rtl else ("midleft", tb.x + px(8))
        s, bids, y = self.hud_lines()
        r = draw.blit_text(surface, s, 24, (x, y), draw.SAND, bold=True, anchor=anchor, shadow=True)
        if bids is None:
            return
        if not layout.portrait:  # beside the round
            x2 = r.left - px(28) if rtl else r.right + px(28)
            draw.blit_text(surface, bids, 20, (x2, y), draw.INK_DIM, anchor=anchor)
        else:  # under it
            pos = (x, y + px(30))
            draw.blit_text(surface, bids, 22, pos, draw.INK_DIM, anchor=anchor)

    # ----- the still layer's halves (game/games/hareeja/scene_still.py) ------------------------
    def still_parts(self) -> tuple[Hashable, Parts] | None:
        return self.table.layer_parts.parts()

    def draw_still(self, surface: pygame.Surface) -> None:
        self.table.layer_parts.draw_still(surface)

    def draw_moving(self, surface: pygame.Surface) -> None:
        self.table.layer_parts.draw_moving(surface)

    # ----- the plates' figures: the bids (check marks, the flip) ------------------------------
    def figure(self, seat: int) -> tuple[str, RGB]:
        return self.table.bidding.figure(seat)

    def draw_figure(
        self,
        surface: pygame.Surface,
        seat: int,
        figure: str,
        color: RGB,
        pos: tuple[int, int],
        anchor: str,
    ) -> None:
        self.table.bidding.draw_figure(surface, seat, figure, color, pos, anchor)

    # ----- banners; what else moves; the window turned ----------------------------------------
    def banner_y(self) -> int:
        """While you bid, the hint's line (and any banner) sits under the top plate, clear of
        the picker: its usual line runs under Confirm. In play it stays above where the "Your
        turn" tag stands over your plate (in portrait the usual line reaches into it)."""
        table = self.table
        if table.can_bid():
            return table.app.layout.plate_rect(TOP_SPOT).bottom + px(BID_BANNER_GAP)
        usual = super().banner_y()
        line = draw.label(t("turn.yours"), 24, draw.INK, True).get_height()  # tag and banner
        tag = table.places.turn_tag_rect(table.places.plate_rect(table.me), 1, line + px(10))
        if tag is None:
            return usual
        return min(usual, tag.top - px(BANNER_TAG_GAP) - (line + px(18) + 1) // 2)

    def status_banner(self) -> str | None:
        table = self.table
        bidding = table.bidding
        if table.session.watching:  # (the seat shown is not the spectator's)
            return None
        if table.phase == "declare" and bidding.confirmed[table.me] and not bidding.revealed:
            return t("bid.waiting")
        return None

    def animating(self) -> bool:
        """The bids flipping in, the last trick peeked at."""
        return self.table.bidding.reveal_t < 1.0 or self.table.trick_area.peek > 0

    def layout_changed(self) -> None:
        """The table turned: a riffle at the old centre stops (the deck shows as it is)."""
        self.table.backs.riffle = None
