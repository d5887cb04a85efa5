"""The Hand rummy table's still layer (game/ui/table_still.py): what of
the table does not move, described as parts — the top bar, each plate, the stock and the
discard pile, each meld and each owner's tag, the staging area, your cards at rest — each with
a key holding everything its drawing reads and a rect holding everything it draws. A card
landing on the discard pile then repaints the pile and the discarder's plate, not the table.

:class:`RummyStill` is a part of :class:`game.games.hand_rummy.table.RummyTable` (a mixin).
"""

from __future__ import annotations

import pygame

from game.i18n import digits, t
from game.ui import draw, scale
from game.ui.scale import px


class RummyStill:
    """The still parts of the Hand rummy table (see the module docstring)."""

    def workspace_at_rest(self) -> bool:
        """None of your staged or hand cards flies, turns, shakes, is dragged or still glides
        to its place (to the pixel)."""
        if self.dragged() is not None:
            return False
        ws = self.ws
        for sprite in ws.values():
            if sprite.motion is not None or sprite.flip_t is not None or sprite.shake > 0:
                return False
        for place, _code, (x, y), _size in getattr(self, "_ws_targets", ()):
            sprite = ws.get(place)
            # (within half a pixel: a slot on a half pixel, as at scale 1.5, is never met by
            # round() from the side the card glides in from)
            if sprite is not None and (
                abs(sprite.pos[0] - x) >= 0.5 or abs(sprite.pos[1] - y) >= 0.5
            ):
                return False
        return True

    def still_parts(self) -> tuple[tuple, dict] | None:
        """The still layer's parts (game/ui/static_layer.py): the top bar, each plate, each
        pile, each meld and owner's tag, the staging area, your cards at rest; each key holds
        everything its drawing reads, each rect everything it draws."""
        parts: dict = {}
        for seat in range(self.players):
            parts[("plate", seat)] = self.plate_part(seat)
        g = self.geo
        parts["top"] = ((self.round, self.rounds), self.app.layout.top_bar.inflate(px(8), px(8)))
        self._pile_parts(parts)
        self._meld_parts(parts)
        picked = self.selected
        parts["staging"] = (
            (
                self.phase,
                bool(self.ws),
                self.opened[self.me],
                tuple(map(tuple, self.staging.groups)),
                self.staging_message(),
                picked is not None,
            ),
            g.staging.inflate(px(16), px(16)),
        )
        if self.workspace_at_rest():
            glow = self.ws.get(("h", picked)) if picked is not None else None
            cards = tuple(
                (s.code, round(s.pos[0]), round(s.pos[1]), s.size, s.face_up, s.visible, s is glow)
                for s in self._workspace_sprites()
            )
            parts["cards"] = (cards, self._workspace_region())
        return (self.whole_key(), g.portrait, g.players), parts

    def _pile_parts(self, parts: dict) -> None:
        """The stock and the discard pile, each with its highlight and its words."""
        mine = self.my_turn()
        to_draw = mine and not self.drawn()
        gold = mine and not to_draw and self.selected is not None and not self.pending()
        stock, discard = self._pile_regions()
        parts["stock"] = ((self.stock_count, to_draw), stock)
        parts["discard"] = ((tuple(self.discard_pile[-3:]), to_draw, gold), discard)

    def _pile_regions(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Where the stock and the discard pile draw: the stack and its highlight, the words
        under it and (portrait) the stock's count badge on its corner."""
        g = self.geo
        y = g.stock[1] + g.pile_card[1] // 2 + (px(14) if g.portrait else px(18))
        size = 22 if g.portrait else 16
        stock = t("hr.stock") if g.portrait else f"{t('hr.stock')} {digits(self.stock_count)}"
        out = []
        for words, center in ((stock, g.stock), (t("hr.discard_pile"), g.discard)):
            img = draw.label(words, size, draw.INK_DIM, True)
            region = img.get_rect(center=(center[0], y)).inflate(px(6), px(6))
            out.append(region.union(self.pile_rect(center).inflate(px(8), px(8))))
        if g.portrait:
            badge = scale.rect(0, 0, 96, 40)
            badge.center = (
                g.stock[0] + g.pile_card[0] // 2 - px(6),
                g.stock[1] + g.pile_card[1] // 2 - px(10),
            )
            out[0].union_ip(badge)
        return out[0], out[1]

    def _meld_parts(self, parts: dict) -> None:
        """Each meld on the table (its cards, those still in the air, its target edge) and
        each owner's tag; the "no melds" line while there are none."""
        self._layout_melds()
        if not self.melds:
            parts["no_melds"] = ((), self.geo.melds)
            return
        targets = self._meld_targets()
        hidden = self.hidden
        for owner, center in self._meld_tags:
            key = (center, self.meld_tag_color(owner), self.avatar_look(owner))
            parts[("tag", owner)] = (key, tag_region(center))
        for meld, rect in self._meld_rects:
            _rect, card, step = self._meld_geo[meld]
            cards = self.melds[meld]
            gone = tuple(p for p in range(len(cards)) if (meld, p) in hidden) if hidden else ()
            key = (tuple(rect), card, step, tuple(cards), gone, meld in targets)
            parts[("meld", meld)] = (key, rect.inflate(px(16), px(16)))

    def _workspace_region(self) -> pygame.Rect:
        """Where your staged and hand cards draw (with shadow and the picked card's glow)."""
        rects = [s.rect() for s in self._workspace_sprites()]
        if not rects:
            return pygame.Rect(0, 0, 0, 0)
        return rects[0].unionall(rects[1:]).inflate(px(16), px(16)).move(px(1), px(2))


def tag_region(center: tuple[int, int]) -> pygame.Rect:
    """Where a meld owner's tag (avatar and ring) is drawn."""
    r = px(22)
    return pygame.Rect(center[0] - r, center[1] - r, 2 * r, 2 * r)
