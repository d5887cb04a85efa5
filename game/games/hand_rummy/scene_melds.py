"""The melds on the Hand rummy table, as the scene shows them: the displayed melds and their
owners (they follow the animations, not the engine), the cards still in the air, where each
meld sits (flowing in lines, a row per owner after a round tag with his avatar), taps on them
and their drawing. A tap on a meld with no card picked zooms it (:mod:`.table_zoom`)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game.games.hand_rummy.scene_geometry import RummyGeometry
from game.i18n import t
from game.ui import assets, avatars, draw, scale
from game.ui.scale import px

MELD_TAG_AVATAR = 34  # logical px across: the owner's avatar beside a meld row

Point = tuple[int, int]
Size = tuple[int, int]
# An owner's tag: his avatar's look and the ring's colour.
TagLook = Callable[[int], tuple[object, tuple[int, ...]]]
Clip = Callable[[pygame.Rect], bool]


class MeldRows:
    """The table's melds: state, layout, hit-testing and drawing (see the module docstring).

    ``order``: the seats whose rows may show, top to bottom (the others, you at the bottom);
    ``tag_look``: an owner's avatar look and ring colour."""

    def __init__(self, geo: RummyGeometry, order: list[int], tag_look: TagLook) -> None:
        self.geo = geo
        self.order = order
        self.tag_look = tag_look
        self.melds: list[list[str]] = []
        self.owners: list[int] = []
        self.hidden: set[tuple[int, int]] = set()  # (meld, card) still in the air
        self.rects: list[tuple[int, pygame.Rect]] = []  # (meld, rect) in drawing order
        self.places: dict[int, tuple[pygame.Rect, Size, float]] = {}  # rect, card, step
        self.tags: list[tuple[int, Point]] = []  # (owner, tag centre)
        self._key: tuple[object, ...] | None = None

    def clear(self) -> None:
        """No melds (a new round). The set of cards in the air stays the same set: a card still
        landing takes itself out of it."""
        self.melds, self.owners = [], []
        self.hidden.clear()

    def row_owners(self) -> list[int]:
        """Owners with melds, top to bottom: the others in seat order, you at the bottom."""
        have = set(self.owners)
        return [s for s in self.order if s in have]

    def layout(self) -> None:
        """Each meld's rect, card size and step for drawing and tapping, worked out again only
        when the melds, the geometry or the reading direction change (not every frame)."""
        rtl = i18n.is_rtl()
        g = self.geo
        key: tuple[object, ...] = (g.portrait, g.players, scale.factor(), rtl)
        key += (tuple(map(len, self.melds)),)
        key += tuple(self.owners)
        if self._key == key:
            return
        self._key = key
        blocks = [
            (owner, [(i, len(self.melds[i])) for i, o in enumerate(self.owners) if o == owner])
            for owner in self.row_owners()
        ]
        rects, tags, card, step = g.meld_flow(blocks, rtl)
        self.rects = [(i, rects[i]) for _o, melds in blocks for i, _n in melds]
        self.places = {i: (rect, card, step) for i, rect in self.rects}
        self.tags = tags

    def forget_layout(self) -> None:
        """The geometry changed: lay the melds out again."""
        self._key = None

    def card_pos(self, meld: int, place: int) -> tuple[tuple[float, float], Size]:
        """The centre and size of card ``place`` of ``meld`` (laid out)."""
        rect, card, step = self.places[meld]
        x = rect.x + card[0] / 2 + step * place
        return (x, rect.centery), card

    def rects_of(self, meld: int) -> list[pygame.Rect]:
        return [rect.copy() for m, rect in self.rects if m == meld]

    def at(self, pos: Point) -> int | None:
        """The meld under ``pos`` (a little beyond its cards counts), or None."""
        for meld, rect in self.rects:
            if rect.inflate(px(8), px(8)).collidepoint(pos):
                return meld
        return None

    def parts(self, parts: dict[object, tuple[object, pygame.Rect]], targets: set[int]) -> None:
        """Each meld on the table (its cards, those still in the air, its target edge) and
        each owner's tag; the "no melds" line while there are none."""
        self.layout()
        if not self.melds:
            parts["no_melds"] = (i18n.language(), self.no_melds_rect())
            return
        hidden = self.hidden
        for owner, center in self.tags:
            look, color = self.tag_look(owner)
            parts[("tag", owner)] = ((center, color, look), tag_region(center))
        for meld, rect in self.rects:
            _rect, card, step = self.places[meld]
            cards = self.melds[meld]
            gone = tuple(p for p in range(len(cards)) if (meld, p) in hidden) if hidden else ()
            key = (tuple(rect), card, step, tuple(cards), gone, meld in targets)
            parts[("meld", meld)] = (key, rect.inflate(px(16), px(16)))

    def warm(self, seats: int, look: Callable[[int], object]) -> None:
        """Each seat's small avatar, painted before the seat's first meld (painting one costs
        ~0.5-1 ms, in the frame where the meld lands otherwise)."""
        for seat in range(seats):
            avatars.avatar(look(seat), px(MELD_TAG_AVATAR))

    def draw(
        self, surface: pygame.Surface, four: bool, targets: frozenset[int], clip: Clip | None
    ) -> None:
        """The melds (``targets`` edged: the picked card may go there) and their owners'
        tags (``clip``: only those it accepts)."""
        area = self.geo.melds
        if not self.melds:
            words, size = t("hr.no_melds"), self._no_melds_size()
            draw.blit_text(surface, words, size, area.center, draw.INK_DIM)
            return
        for owner, center in self.tags:
            if clip and not clip(tag_region(center)):
                continue
            look, color = self.tag_look(owner)
            face = avatars.avatar(look, px(MELD_TAG_AVATAR))  # whose meld
            surface.blit(face, face.get_rect(center=center))
            pygame.draw.circle(surface, color, center, px(18), px(3))
        for meld, rect in self.rects:
            if clip and not clip(rect.inflate(px(16), px(16))):
                continue
            self._draw_meld(surface, four, meld, rect, meld in targets)

    def _no_melds_size(self) -> int:
        return 22 if self.geo.portrait else 20

    def no_melds_rect(self) -> pygame.Rect:
        """Where the "no melds yet" line is drawn (while there are none), a little wider."""
        img = draw.label(t("hr.no_melds"), self._no_melds_size(), draw.INK_DIM)
        return img.get_rect(center=self.geo.melds.center).inflate(px(8), px(8))

    def _draw_meld(
        self, surface: pygame.Surface, four: bool, meld: int, rect: pygame.Rect, lit: bool
    ) -> None:
        _rect, card, step = self.places[meld]
        if lit:
            edge = rect.inflate(px(10), px(10))
            pygame.draw.rect(surface, draw.TURN, edge, px(3), border_radius=px(8))
        for place, code in enumerate(self.melds[meld]):
            if (meld, place) in self.hidden:
                continue
            img = assets.card_face(code, card, four)
            at = (round(rect.x + step * place), rect.y)
            surface.blit(assets.shadowed(img, px(1), px(3)), at)


def tag_region(center: Point) -> pygame.Rect:
    """Where a meld owner's tag (avatar and ring) is drawn."""
    r = px(22)
    return pygame.Rect(center[0] - r, center[1] - r, 2 * r, 2 * r)
