"""Your cards at the Hand rummy table: the hand row and the staged groups of the staging area
(a :class:`~game.games.hand_rummy.staging.Staging`), the card you picked, a sprite per card
gliding to its place, taps on them and their drawing (the staging area's frame and message
too). The scene keeps the engine's truth; this is your building area, synced after every event.

A card being dragged is the scene's (the shared table input owns the drag): the calls that
care take ``held`` (the dragged hand index) and where the pointer is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game import i18n
from game.games.hand_rummy.melds import OPENING_MIN
from game.games.hand_rummy.scene_geometry import RummyGeometry
from game.games.hand_rummy.staging import Staging, suit_key
from game.i18n import digits, t
from game.ui import draw, scale
from game.ui.scale import px
from game.ui.sprites import Sprite
from game.ui.surfaces import rle
from game.ui.tween import approach

Place = tuple[int, ...]  # ("h", i) in the hand row, ("g", group, j) staged
Point = tuple[float, float]
Size = tuple[int, int]
Target = tuple[tuple[object, ...], str, Point, Size]  # (place, code, position, size)
Hit = tuple[Any, ...]  # what lies under a tap: its kind, then where (indices)
GroupGeometry = tuple[list[pygame.Rect], pygame.Rect, Size, float]
FrameParts = tuple[tuple[object, pygame.Rect], tuple[object, pygame.Rect]]  # lines, boxes
MELD_LEAST = 3  # cards in the smallest run or set


class Workspace:
    """Your hand row and staged groups: state, places, hit-testing and drawing."""

    def __init__(self, geo: RummyGeometry, variant: str) -> None:
        self.geo = geo
        self.variant = variant
        self.staging = Staging([], variant)
        # by place; one dict for the workspace's life (changed in place), so that the scene
        # can hold it too: the shared table finds a scene's sprites among its own attributes
        self.sprites: dict[tuple[object, ...], Sprite] = {}
        self.chosen: list[int] = []  # the selected hand cards (indices in staging.hand, sorted)
        self.sort_key: Callable[[str], tuple[int, int]] | None = suit_key  # the player's sort
        self.spawn: tuple[float, float] | None = None  # where a new hand card appears
        self.targets: list[Target] = []
        self._key: tuple[object, ...] | None = None
        self._geo: RummyGeometry | None = None
        self._group_key: tuple[object, ...] | None = None
        self._group_geo: GroupGeometry | None = None
        self._frame_parts: tuple[tuple[object, ...], FrameParts] | None = None

    def reset(self, hand: list[str]) -> None:
        """A fresh workspace holding ``hand`` (no sprites, nothing picked)."""
        self.staging = Staging(hand, self.variant)
        self.sprites.clear()
        self.chosen = []

    def geometry_changed(self, geo: RummyGeometry) -> None:
        self.geo = geo
        self._group_key = None
        self.spawn = None

    # ----- the selection -------------------------------------------------------------------
    @property
    def selected(self) -> int | None:
        """The one selected hand card (its index), or None when none or several are."""
        return self.chosen[0] if len(self.chosen) == 1 else None

    @selected.setter
    def selected(self, index: int | None) -> None:
        self.chosen = [] if index is None else [index]

    def toggle(self, index: int) -> None:
        """A tap on a hand card: selected, or no longer selected (nothing moves)."""
        if index in self.chosen:
            self.chosen.remove(index)
        elif 0 <= index < len(self.staging.hand):
            self.chosen = sorted([*self.chosen, index])

    def melding(self) -> bool:
        """Enough cards are selected for a meld (three): the Apply button is Meld."""
        return len(self.chosen) >= MELD_LEAST

    def chosen_cards(self) -> list[str]:
        """The selected cards' codes, in hand order."""
        hand = self.staging.hand
        return [hand[i] for i in self.chosen if i < len(hand)]

    def stage_chosen(self, group: int | None) -> int:
        """The selected cards into staged ``group`` (None: a new one); returns its index."""
        if group is None:
            group = self.staging.add_group()
        for k, i in enumerate(self.chosen):
            self.staging.stage(i - k, group)
        self.chosen = []
        return group

    def _keep_chosen(self, cards: list[str]) -> None:
        """Select ``cards`` again in the hand as it is now (after it changed)."""
        taken: set[int] = set()
        for code in cards:
            index = next(
                (i for i, c in enumerate(self.staging.hand) if c == code and i not in taken), None
            )
            if index is not None:
                taken.add(index)
        self.chosen = sorted(taken)

    def place_new(self) -> int:
        """The card just drawn (last in the hand row) goes where the player's sort puts it
        when the rest of the hand is in that order; returns its index."""
        hand, key = self.staging.hand, self.sort_key
        last = len(hand) - 1
        rest = hand[:-1]
        if last < 1 or key is None or rest != sorted(rest, key=key):
            return last
        card, before = hand[-1], self.chosen_cards()
        index = next((i for i, c in enumerate(rest) if key(c) > key(card)), last)
        self.staging.hand = [*rest[:index], card, *rest[index:]]
        self._keep_chosen(before)
        return index

    def picked(self) -> str | None:
        """The code of the picked hand card, if any."""
        if self.selected is None or self.selected >= len(self.staging.hand):
            return None
        return self.staging.hand[self.selected]

    def sync(self, hand: list[str], laid: list[str] | tuple[str, ...] = ()) -> None:
        """Follow your displayed hand (``laid``: cards that just went to the table)."""
        before = self.chosen_cards()
        self.staging.sync(hand, laid=laid)
        self._keep_chosen(before)

    # ----- places -------------------------------------------------------------------------
    def update(self, dt: float, held: int | None, pointer: Point | None) -> None:
        """Advance every card and glide it to its place (hand row or group); the dragged
        card (``held``) follows the ``pointer``. The places are worked out again only when
        the cards, the groups, the pick, the sprites or the geometry changed (a quiet frame
        costs nothing)."""
        for card in self.sprites.values():
            card.update(dt)
        key = self._places_key()
        if key != self._key or self.geo is not self._geo:
            self.targets = self._place()
            self._key, self._geo = self._places_key(), self.geo
        for place, _code, pos, size in self.targets:
            sprite = self.sprites.get(place)
            if sprite is None or sprite.moving:
                continue
            if held is not None and pointer is not None and place == ("h", held):
                sprite.pos = pointer  # the dragged card follows the pointer
                continue
            sprite.size = size
            if sprite.pos != pos:
                sprite.pos = (
                    approach(sprite.pos[0], pos[0], 16, dt),
                    approach(sprite.pos[1], pos[1], 16, dt),
                )

    def _places_key(self) -> tuple[object, ...]:
        return (
            tuple(self.staging.hand),
            tuple(map(tuple, self.staging.groups)),
            tuple(self.chosen),
            i18n.is_rtl(),
            self.spawn,
            tuple((place, id(sprite), sprite.code) for place, sprite in self.sprites.items()),
        )

    def _slots(self) -> list[Target]:
        g = self.geo
        targets: list[Target] = []
        slots = g.hand_slots(len(self.staging.hand))
        for i, (code, slot) in enumerate(zip(self.staging.hand, slots)):
            lift = g.lift if i in self.chosen else 0
            targets.append((("h", i), code, (slot[0], slot[1] - lift), g.hand_card))
        boxes, _new, card, step = self.group_geometry()
        for gi, group in enumerate(self.staging.groups):
            for j, (code, pos) in enumerate(
                zip(group, g.staged_slots(boxes[gi], len(group), card, step))
            ):
                targets.append((("g", gi, j), code, pos, card))
        return targets

    def _place(self) -> list[Target]:
        """Each card's place (hand row or group), reusing the sprite of a card that kept its
        place or the nearest one of the same card."""
        targets = self._slots()
        old = dict(self.sprites)
        pool: dict[str | None, list[Sprite]] = {}
        for card in old.values():
            pool.setdefault(card.code, []).append(card)
        new: dict[tuple[object, ...], Sprite] = {}
        pending = []
        for place, code, pos, size in targets:  # a card that kept its place keeps its sprite
            sprite = old.get(place)
            if sprite is not None and sprite.code == code and sprite in pool.get(code, []):
                pool[code].remove(sprite)
                new[place] = sprite
            else:
                pending.append((place, code, pos, size))
        for place, code, pos, size in pending:
            candidates = pool.get(code) or []
            if candidates:
                sprite = min(
                    candidates,
                    key=lambda s: (s.pos[0] - pos[0]) ** 2 + (s.pos[1] - pos[1]) ** 2,
                )
                candidates.remove(sprite)
            else:
                sprite = Sprite(code, self.spawn or self.geo.stock, size, face_up=True)
            new[place] = sprite
        self.sprites.clear()
        self.sprites.update(new)
        return targets

    def group_geometry(self) -> GroupGeometry:
        """The staged groups' boxes, the "new group" box, the staged card size and step."""
        sizes = [len(gr) for gr in self.staging.groups]
        key = (tuple(sizes), i18n.is_rtl())
        if self._group_key != key or self._group_geo is None:
            self._group_key = key
            self._group_geo = self.geo.group_boxes(sizes, i18n.is_rtl())
        return self._group_geo

    def pos_of(self, code: str) -> Point:
        """Where one of your cards is now (staged first, then the hand row), for flights."""
        for place, sprite in self.sprites.items():
            if place[0] == "g" and sprite.code == code:
                return sprite.pos
        for sprite in self.sprites.values():
            if sprite.code == code:
                return sprite.pos
        return self.geo.hand.center

    def rects_of(self, cards: list[str]) -> list[pygame.Rect]:
        """The rects of ``cards`` (each once, from the hand row or a group)."""
        rects, used = [], set()
        for code in cards:
            for place, sprite in self.sprites.items():
                if sprite.code == code and place not in used:
                    used.add(place)
                    rects.append(sprite.rect())
                    break
        return rects

    # ----- taps ---------------------------------------------------------------------------
    def gap_index(self, pos: tuple[int, int]) -> int:
        """The hand place nearest ``pos`` (for a tap beside the cards of the hand row)."""
        slots = self.geo.hand_slots(len(self.staging.hand))
        return min(
            range(len(slots)),
            key=lambda i: (slots[i][0] - pos[0]) ** 2 + (slots[i][1] - pos[1]) ** 2,
        )

    def at(self, pos: tuple[int, int], skip: int | None = None) -> Hit | None:
        """What of the workspace lies under ``pos``: ("hand", i), ("staged", g, j), ("group",
        g), ("new_group",) — or None. ``skip``: a hand card being dragged (a tap beside the
        hand's cards moves none: cards move by drag)."""
        for i in reversed(range(len(self.staging.hand))):
            if i == skip:
                continue
            sprite = self.sprites.get(("h", i))
            if sprite is not None and sprite.rect().collidepoint(pos):
                return ("hand", i)
        boxes, new_box, _card, _step = self.group_geometry()
        for g, group in enumerate(self.staging.groups):
            for j in reversed(range(len(group))):
                sprite = self.sprites.get(("g", g, j))
                if sprite is not None and sprite.rect().collidepoint(pos):
                    return ("staged", g, j)
            if boxes[g].collidepoint(pos):
                return ("group", g)
        if new_box.collidepoint(pos):
            return ("new_group",)
        return None

    # ----- drawing ------------------------------------------------------------------------
    def in_order(self, held: int | None) -> list[Sprite]:
        """Your staged cards' sprites, then your hand's (the dragged one last), in drawing
        order."""
        return [sprite for _place, sprite in self._ordered(held)]

    def _ordered(self, held: int | None) -> list[tuple[tuple[object, ...], Sprite]]:
        """(place, sprite) of your cards in drawing order (see :meth:`in_order`)."""
        sprites = self.sprites
        out = []
        for gi, group in enumerate(self.staging.groups):
            for j in range(len(group)):
                place: tuple[object, ...] = ("g", gi, j)
                sprite = sprites.get(place)
                if sprite is not None:
                    out.append((place, sprite))
        hand = range(len(self.staging.hand))
        for i in [i for i in hand if i != held] + [i for i in hand if i == held]:
            sprite = sprites.get(("h", i))
            if sprite is not None:
                out.append((("h", i), sprite))
        return out

    def _resting(
        self, held: int | None, ordered: list[tuple[tuple[object, ...], Sprite]] | None = None
    ) -> list[tuple[tuple[object, ...], Sprite]]:
        """The first of ``ordered`` (default: your cards in drawing order) up to the first
        that is not at rest (see :meth:`at_rest`): those lie in the still layer, every card
        from the first one that moves on is drawn over it each frame (so each is still drawn
        over the ones before it, as in a full redraw)."""
        ordered = self._ordered(held) if ordered is None else ordered
        at = {place: pos for place, _code, pos, _size in self.targets}
        for n, (place, card) in enumerate(ordered):
            if (
                place == ("h", held)
                or card.motion is not None
                or card.flip_t is not None
                or card.shake > 0
            ):
                return ordered[:n]
            pos = at.get(place)
            # (within half a pixel: a slot on a half pixel, as at scale 1.5, is never met by
            # round() from the side the card glides in from)
            if pos is not None and (
                abs(card.pos[0] - pos[0]) >= 0.5 or abs(card.pos[1] - pos[1]) >= 0.5
            ):
                return ordered[:n]
        return ordered

    def at_rest(self, held: int | None) -> bool:
        """None of your cards flies, turns, shakes, is dragged or still glides to its place
        (to the pixel)."""
        if held is not None:
            return False
        for card in self.sprites.values():
            if card.motion is not None or card.flip_t is not None or card.shake > 0:
                return False
        return len(self._resting(None)) == len(self._ordered(None))

    def card_parts(self, held: int | None) -> list[tuple[object, object, pygame.Rect]]:
        """The still layer's parts of your cards at rest (:meth:`_resting`): a name, a key
        holding everything the card's drawing reads, and the rect it draws within (with its
        shadow and the picked card's glow). One part a card: a card that lifts, or the cards
        that close a gap, repaint their own rects, not the whole hand."""
        glow = self._chosen_sprites()
        return [
            (
                ("card", place),
                (s.code, round(s.pos[0]), round(s.pos[1]), s.size, s.face_up, s.visible, s in glow),
                card_region(s),
            )
            for place, s in self._resting(held)
        ]

    def _chosen_sprites(self) -> list[Sprite]:
        return [s for i in self.chosen if (s := self.sprites.get(("h", i))) is not None]

    def draw_cards(
        self,
        surface: pygame.Surface,
        four: bool,
        held: int | None,
        resting: bool,
        clip: Callable[[pygame.Rect], bool] | None = None,
    ) -> None:
        """Your staged cards, then your hand row over them (the selected cards are outlined:
        a line drawn round each, no image of its own): ``resting``, those at rest from the
        first (:meth:`_resting`, the still layer's; ``clip``: only those it accepts), else
        the others."""
        glow = self._chosen_sprites()
        ordered = self._ordered(held)
        n = len(self._resting(held, ordered))
        for _place, sprite in ordered[:n] if resting else ordered[n:]:
            if clip is None or clip(card_region(sprite)):
                sprite.draw(surface, four, glow=sprite in glow)

    def draw_frame(
        self, surface: pygame.Surface, opened: bool, message: tuple[str, draw.RGB]
    ) -> None:
        """The staging area's head (the staged points), its ``message`` and the groups'
        boxes with the "new group" box."""
        for words, size, pos, color, anchor in self.frame_words(opened, message):
            draw.blit_text(surface, words, size, pos, color, bold=True, anchor=anchor)
        self._draw_boxes(surface)

    def frame_words(
        self, opened: bool, message: tuple[str, draw.RGB]
    ) -> list[tuple[str, int, tuple[int, int], draw.RGB, str]]:
        """The staging area's lines as drawn: (words, size, where, colour, anchor) of its head
        and (when there is one) its ``message``."""
        g = self.geo
        area = g.staging
        rtl = i18n.is_rtl()
        points = self.staging.staged_points()
        head = t("hr.staged", n=digits(points)) if opened else t("hr.staged_open", n=digits(points))
        head_color = draw.TURN if (opened or points >= OPENING_MIN) else draw.SAND
        anchor, x = ("midright", area.right - px(14)) if rtl else ("midleft", area.x + px(14))
        title = head if g.portrait else t("hr.staging_head", head=head)
        size = 22 if g.portrait else 20
        y = area.y + px(16 if g.portrait else 18)  # (a phone's marks clear of the groups)
        out = [(title, size, (x, y), head_color, anchor)]
        words, color = message
        if words:
            r = draw.label(title, size, head_color, True).get_rect()
            width = area.w - r.w - px(48)
            anchor2, x2 = ("midleft", area.x + px(14)) if rtl else ("midright", area.right - px(14))
            fitted = draw.fit_text(words, 22 if g.portrait else 19, width, True)
            out.append((words, fitted, (x2, y), color, anchor2))
        return out

    def frame_parts(self, opened: bool, message: tuple[str, draw.RGB]) -> FrameParts:
        """The staging area's two still parts, (key, rect) each: its lines (:meth:`frame_words`)
        and its boxes (the groups', each edged by its state, and the "new group" box); worked
        out again only when what they are drawn from changed (asked every drawn frame)."""
        given = (
            opened,
            message,
            tuple(map(tuple, self.staging.groups)),
            bool(self.chosen),
            self.geo,
            i18n.language(),
            scale.factor(),
        )
        if self._frame_parts is None or self._frame_parts[0] != given:
            self._frame_parts = (given, self._work_out_frame_parts(opened, message))
        return self._frame_parts[1]

    def _work_out_frame_parts(self, opened: bool, message: tuple[str, draw.RGB]) -> FrameParts:
        lines = self.frame_words(opened, message)
        rects = [
            draw.label(words, size, color, True).get_rect(**{anchor: pos})
            for words, size, pos, color, anchor in lines
        ]
        words_rect = rects[0].unionall(rects[1:]).inflate(px(8), px(8))
        boxes, new_box, _card, _step = self.group_geometry()
        plus = draw.label("+", 34, draw.GOLD, True).get_rect(
            center=(new_box.centerx, new_box.centery - px(2))
        )
        boxes_rect = new_box.unionall([*boxes, plus]).inflate(px(8), px(8))
        states = tuple(self.staging.group_state(gi) for gi in range(len(boxes)))
        boxes_key = (tuple(map(tuple, boxes)), tuple(new_box), states, bool(self.chosen))
        return (tuple(lines), words_rect), (boxes_key, boxes_rect)

    def _draw_boxes(self, surface: pygame.Surface) -> None:
        boxes, new_box, _card, _step = self.group_geometry()
        for gi, box in enumerate(boxes):
            state = self.staging.group_state(gi)
            edge = {"valid": draw.TURN, "invalid": draw.RED}.get(state, draw.PANEL_EDGE)
            surface.blit(group_box(box.size, edge), box)
        pick = bool(self.chosen)
        new_edge = draw.GOLD if pick else draw.PANEL_EDGE
        surface.blit(group_box(new_box.size, new_edge), new_box)
        draw.blit_text(
            surface,
            "+",
            34,
            (new_box.centerx, new_box.centery - px(2)),
            draw.GOLD if pick else draw.INK_DIM,
            bold=True,
        )


def card_region(sprite: Sprite) -> pygame.Rect:
    """Where one of your cards draws: the card, its shadow (offset 2, 4) and the picked
    card's glow."""
    return sprite.rect().inflate(px(16), px(16)).move(px(1), px(2))


@scale.cached(maxsize=32)
def group_box(size: tuple[int, int], edge: tuple[int, ...]) -> pygame.Surface:
    """A staged group's box (dark, rounded, ``edge`` coloured), drawn once per look."""
    img = pygame.Surface(size, pygame.SRCALPHA)
    rect = img.get_rect()
    pygame.draw.rect(img, (12, 22, 22), rect, border_radius=px(10))
    pygame.draw.rect(img, edge, rect, px(2), border_radius=px(10))
    return rle(img)
