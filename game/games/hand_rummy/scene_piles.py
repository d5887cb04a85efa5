"""The stock and the discard pile on the Hand rummy table: what they show (the stock's count,
the last few discards), where a tap on them lands, and their drawing with the ring that says
what the player may do with them now (draw from either; discard the picked card)."""

from __future__ import annotations

import pygame

from game import i18n
from game.games.hand_rummy.scene_geometry import RummyGeometry
from game.i18n import digits, t
from game.ui import assets, draw, scale, text
from game.ui.scale import px
from game.ui.sprites import shadow

Point = tuple[int, int]


class Piles:
    """The two piles: the stock (face down, counted) and the discard pile (top last)."""

    def __init__(self, geo: RummyGeometry) -> None:
        self.geo = geo
        self.stock_count = 0
        self.riffling = False  # the deck is being riffled before the deal (game/ui/shuffle.py)
        self.discard_pile: list[str] = []  # the last few discards, top last
        self._regions: tuple[tuple[object, ...], tuple[pygame.Rect, pygame.Rect]] | None = None

    def rect(self, center: Point) -> pygame.Rect:
        """The tappable rect of the pile centred at ``center`` (a little larger than a card)."""
        r = pygame.Rect((0, 0), self.geo.pile_card)
        r.center = center
        return r.inflate(px(12), px(12))

    def at(self, pos: Point) -> str | None:
        """ "stock" or "discard" under ``pos``, or None."""
        if self.rect(self.geo.stock).collidepoint(pos):
            return "stock"
        if self.rect(self.geo.discard).collidepoint(pos):
            return "discard"
        return None

    def regions(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the stock and the discard pile draw: the stack and its highlight, the words
        under it and (portrait) the stock's count badge on its corner (worked out again only
        when what they are drawn from changed: asked every drawn frame)."""
        g = self.geo
        count = None if g.portrait else self.stock_count  # (landscape: its words hold it)
        given = (g, count, i18n.language(), scale.factor())
        if self._regions is None or self._regions[0] != given:
            self._regions = (given, self._work_out_regions())
        a, b = self._regions[1]
        return a.copy(), b.copy()

    def _work_out_regions(self) -> tuple[pygame.Rect, pygame.Rect]:
        g = self.geo
        y = g.stock[1] + g.pile_card[1] // 2 + (px(14) if g.portrait else px(18))
        size = 22 if g.portrait else 16
        stock = t("hr.stock") if g.portrait else f"{t('hr.stock')} {digits(self.stock_count)}"
        out = []
        for words, center in ((stock, g.stock), (t("hr.discard_pile"), g.discard)):
            img = draw.label(words, size, draw.INK_DIM, True)
            region = img.get_rect(center=(center[0], y)).inflate(px(6), px(6))
            out.append(region.union(self.rect(center).inflate(px(8), px(8))))
        if g.portrait:
            badge = scale.rect(0, 0, 96, 40)
            badge.center = (
                g.stock[0] + g.pile_card[0] // 2 - px(6),
                g.stock[1] + g.pile_card[1] // 2 - px(10),
            )
            out[0].union_ip(badge)
        return out[0], out[1]

    def parts(
        self, parts: dict[object, tuple[object, pygame.Rect]], to_draw: bool, gold: bool
    ) -> None:
        """The still layer's parts: each pile with everything its drawing reads."""
        stock, discard = self.regions()
        parts["stock"] = ((self.stock_count, to_draw, self.riffling), stock)
        parts["discard"] = ((tuple(self.discard_pile[-3:]), to_draw, gold), discard)

    def draw(self, surface: pygame.Surface, four: bool, to_draw: bool, gold: bool) -> None:
        """Both piles; ``to_draw`` rings both (you are to draw), ``gold`` the discard pile (the
        picked card may go there)."""
        self._draw_stock(surface)
        self._draw_discards(surface, four)
        g = self.geo
        ring = {"width": px(3), "border_radius": px(10)}
        if to_draw:
            for center in (g.stock, g.discard):
                pile = self.rect(center).inflate(px(-4), px(-4))
                pygame.draw.rect(surface, draw.TURN, pile, **ring)
        elif gold:
            pile = self.rect(g.discard).inflate(px(-4), px(-4))
            pygame.draw.rect(surface, draw.GOLD, pile, **ring)
        self._draw_words(surface)

    def _draw_stock(self, surface: pygame.Surface) -> None:
        g = self.geo
        size = g.pile_card
        if self.riffling:  # the riffle before the deal is drawn there instead
            return
        if self.stock_count > 0:
            back = assets.card_back(size)
            for i in range(min(3, (self.stock_count + 19) // 20)):
                off = i * px(2)
                pile = back.get_rect(center=g.stock)
                surface.blit(shadow(size), pile.move(px(2) - off, px(4) - off))
                surface.blit(back, pile.move(-off, -off))
        else:
            pygame.draw.rect(
                surface,
                draw.PANEL_EDGE,
                self.rect(g.stock).inflate(px(-12), px(-12)),
                px(2),
                border_radius=px(8),
            )

    def _draw_discards(self, surface: pygame.Surface, four: bool) -> None:
        g = self.geo
        size = g.pile_card
        shown = self.discard_pile
        base = pygame.Rect((0, 0), size)
        base.center = g.discard
        if not shown:
            pygame.draw.rect(surface, draw.PANEL_EDGE, base, px(2), border_radius=px(8))
            return
        for i, code in enumerate(shown[-3:]):
            img = assets.card_face(code, size, four)
            back_by = i - len(shown[-3:]) + 1  # 0 for the top card, -1, -2 under it
            r = img.get_rect(
                center=(g.discard[0] + back_by * px(3), g.discard[1] + back_by * px(2))
            )
            surface.blit(shadow(size), r.move(px(2), px(4)))
            surface.blit(img, r)

    def _draw_words(self, surface: pygame.Surface) -> None:
        """The piles' names under them, and the stock's count (portrait: on its corner)."""
        g = self.geo
        size = g.pile_card
        y = g.stock[1] + size[1] // 2 + (px(14) if g.portrait else px(18))
        text_size = 22 if g.portrait else 16
        if g.portrait:  # the count on the pile's corner: the words alone fit under it
            stock = t("hr.stock")
        else:
            stock = f"{t('hr.stock')} {digits(self.stock_count)}"
        if g.portrait and not self.riffling:  # (the riffle before the deal covers the corner)
            count = digits(self.stock_count)
            badge = pygame.Rect(0, 0, max(px(44), text.size(count, 22, True)[0] + px(16)), px(32))
            badge.center = (g.stock[0] + size[0] // 2 - px(6), g.stock[1] + size[1] // 2 - px(10))
            pygame.draw.rect(surface, (20, 20, 20), badge, border_radius=px(12))
            pygame.draw.rect(surface, draw.SAND, badge, px(2), border_radius=px(12))
            draw.blit_text(surface, count, 22, badge.center, draw.INK, bold=True)
        draw.blit_text(surface, stock, text_size, (g.stock[0], y), draw.INK_DIM, bold=True)
        discard = t("hr.discard_pile")
        draw.blit_text(surface, discard, text_size, (g.discard[0], y), draw.INK_DIM, bold=True)
