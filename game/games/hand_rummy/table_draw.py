"""Drawing the Hand rummy table: the top bar, plates, piles, the melds on the table, the
staging area with its groups and its message (HR-14), your hand, the others' hands at the
round's end, the score panel and the match end.

:class:`RummyDrawing` is a part of :class:`game.games.hand_rummy.table.RummyTable` (a mixin:
it reads the scene's state and never changes it).
"""

from __future__ import annotations

import pygame

from game import i18n
from game.games.hand_rummy import melds as M
from game.games.hand_rummy.staging import suit_key
from game.games.hand_rummy.table_geometry import make_geometry
from game.games.hand_rummy.table_score import RummyScoreDrawing, logical_width
from game.games.hand_rummy.table_still import RummyStill, tag_region
from game.i18n import digits, t
from game.ui import assets, avatars, draw, scale, surfaces, text
from game.ui.plates import avatar_radius, tall
from game.ui.scale import px
from game.ui.sprites import shadow
from game.ui.surfaces import rle
from game.ui.tween import Speed

FLIP = 0.22
MELD_TAG_AVATAR = 34  # logical px across: the owner's avatar beside a meld row


class RummyDrawing(RummyStill, RummyScoreDrawing):
    """The table's drawing (see the module docstring)."""

    # ----- drawing -------------------------------------------------------------------------------
    def draw_hud(self, surface: pygame.Surface) -> None:
        self.hud_text(surface, t("hr.round", n=digits(self.round), total=digits(self.rounds)))

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_table_still(surface)
        self.draw_table_moving(surface)

    def draw_table_still(self, surface: pygame.Surface) -> None:
        """Plates, piles, melds, the staging area's frame and, when none of them moves, your
        staged and hand cards: the part the still layer keeps (:meth:`still_parts`; only what
        meets the part being repainted is drawn)."""
        four = self.app.settings["four_color"]
        self._layout_melds()
        clip = self.in_clip
        for seat in range(self.players):
            if clip(self.plate_region(self.plate_rect(seat))):
                self.draw_plate(surface, seat)
        stock, discard = self._pile_regions()
        if clip(stock) or clip(discard):
            self._draw_piles(surface, four)
        if clip(self.geo.melds.inflate(px(24), px(24))):
            self._draw_melds(surface, four, frozenset(self._meld_targets()), clip)
        if (self.phase != "deal" or self.ws) and clip(self.geo.staging.inflate(px(16), px(16))):
            self._draw_staging(surface, four)
        if self.workspace_at_rest() and clip(self._workspace_region()):
            self._draw_workspace(surface, four)

    def draw_table_moving(self, surface: pygame.Surface) -> None:
        """Your cards while any of them moves, the cards in the air, the hands shown at the
        round's end."""
        four = self.app.settings["four_color"]
        if not self.workspace_at_rest():
            self._draw_workspace(surface, four)
        for sprite in self.dealing:
            sprite.draw(surface, four)
        for sprite in self.flying:
            sprite.draw(surface, four)
        if self.ended is not None:
            self._draw_shown_hands(surface, four)

    def shown_hands(self) -> list[int]:
        """The other seats whose cards turn face up at the round's end (those with cards)."""
        if self.ended is None:
            return []
        return [s for s in self.others() if self.ended["hands"][s]]

    def _draw_shown_hands(self, surface: pygame.Surface, four: bool) -> None:
        """At the round's end the others' hands lie face up over the melds for a moment, a row
        per player under the "went out" line; the cards turn over together."""
        seats = self.shown_hands()
        if not seats:
            return
        area = self.geo.melds
        draw.panel(surface, area, (10, 30, 28), 255, px(16), draw.GOLD)
        head = self.went_out_line(self.ended)
        if head:
            draw.blit_text(
                surface,
                head,
                draw.fit_text(head, 24, area.w - px(40), True),
                (area.centerx, area.y + px(24)),
                draw.GOLD,
                bold=True,
            )
        portrait = self.geo.portrait
        top = area.y + px(48)
        row_h = min(px(110) if not portrait else px(122), (area.bottom - px(8) - top) // len(seats))
        ch = min(px(96) if not portrait else px(104), row_h - px(12))
        cw = round(ch * 0.71)
        flip = Speed.scale(FLIP * 2)
        k = min(1.0, self.ended_t / max(0.01, flip))  # 0..1: the turn-over
        width_k = abs(1 - 2 * k)
        rtl = i18n.is_rtl()
        label_w = px(150) if not self.geo.portrait else px(118)
        for i, seat in enumerate(seats):
            cy = top + row_h * i + row_h // 2
            name = self.seat_name(seat)
            lx, anchor = (area.right - px(16), "midright") if rtl else (area.x + px(16), "midleft")
            draw.blit_text(
                surface,
                name,
                draw.fit_text(name, 22 if portrait else 20, label_w - px(8), True),
                (lx, cy),
                draw.INK,
                bold=True,
                anchor=anchor,
            )
            cards = sorted(self.ended["hands"][seat], key=suit_key)
            inner = area.w - label_w - px(40)
            step = min(px(logical_width(ch) + 4), (inner - cw) / max(1, len(cards) - 1))
            total = cw + step * (len(cards) - 1)
            x0 = (area.x + label_w + px(24)) if not rtl else (area.right - label_w - px(24) - total)
            for j, code in enumerate(cards):
                img = (
                    assets.card_face(code, (cw, ch), four)
                    if k >= 0.5
                    else assets.card_back((cw, ch))
                )
                if k < 1.0:
                    img = rle(pygame.transform.scale(img, (max(px(2), round(cw * width_k)), ch)))
                cx = x0 + step * j + cw / 2
                surface.blit(img, img.get_rect(center=(round(cx), cy)))

    def draw_figure(self, surface, seat, figure, color, pos, anchor) -> None:
        """The card count beside a small card back, then opened / not opened; on a plate too
        narrow for those words at a readable size, the count and a check mark once opened.
        Drawn once per look (:func:`figure_image`), one blit a frame."""
        plate = self.plate_rect(seat)
        beside = not tall(plate)  # the figure sits beside the avatar, not under it
        inset = 2 * avatar_radius() + px(36) if beside else px(24)
        room = plate.w - inset - px(FIGURE_BACK[0]) - px(6)
        short = digits(self.counts[seat]), self.opened[seat]
        size = 22 if self.geo.portrait else draw.fit_text(figure, 20, room, True, minimum=16)
        img = figure_image(figure, tuple(color), room, short, i18n.is_rtl(), size)
        surface.blit(img, img.get_rect(**{anchor: pos}))

    def _draw_piles(self, surface: pygame.Surface, four: bool) -> None:
        g = self.geo
        size = g.pile_card
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
                self.pile_rect(g.stock).inflate(px(-12), px(-12)),
                px(2),
                border_radius=px(8),
            )
        shown = self.discard_pile
        base = pygame.Rect((0, 0), size)
        base.center = g.discard
        if shown:
            for i, code in enumerate(shown[-3:]):
                img = assets.card_face(code, size, four)
                back_by = i - len(shown[-3:]) + 1  # 0 for the top card, -1, -2 under it
                r = img.get_rect(
                    center=(g.discard[0] + back_by * px(3), g.discard[1] + back_by * px(2))
                )
                surface.blit(shadow(size), r.move(px(2), px(4)))
                surface.blit(img, r)
        else:
            pygame.draw.rect(surface, draw.PANEL_EDGE, base, px(2), border_radius=px(8))
        mine = self.my_turn()
        ring = {"width": px(3), "border_radius": px(10)}
        if mine and not self.drawn():
            for center in (g.stock, g.discard):
                pile = self.pile_rect(center).inflate(px(-4), px(-4))
                pygame.draw.rect(surface, draw.TURN, pile, **ring)
        elif mine and self.selected is not None and not self.pending():
            pile = self.pile_rect(g.discard).inflate(px(-4), px(-4))
            pygame.draw.rect(surface, draw.GOLD, pile, **ring)
        y = g.stock[1] + size[1] // 2 + (px(14) if g.portrait else px(18))
        text_size = 22 if g.portrait else 16
        if g.portrait:  # the count on the pile's corner: the words alone fit under it
            stock = t("hr.stock")
            count = digits(self.stock_count)
            badge = pygame.Rect(0, 0, max(px(44), text.size(count, 22, True)[0] + px(16)), px(32))
            badge.center = (g.stock[0] + size[0] // 2 - px(6), g.stock[1] + size[1] // 2 - px(10))
            pygame.draw.rect(surface, (20, 20, 20), badge, border_radius=px(12))
            pygame.draw.rect(surface, draw.SAND, badge, px(2), border_radius=px(12))
            draw.blit_text(surface, count, 22, badge.center, draw.INK, bold=True)
        else:
            stock = f"{t('hr.stock')} {digits(self.stock_count)}"
        draw.blit_text(surface, stock, text_size, (g.stock[0], y), draw.INK_DIM, bold=True)
        discard = t("hr.discard_pile")
        draw.blit_text(surface, discard, text_size, (g.discard[0], y), draw.INK_DIM, bold=True)

    def backdrop_panels(self) -> tuple:
        """The melds' area and (once dealt) the staging area lie on the felt."""
        g = self.geo
        melds = (tuple(g.melds), (8, 40, 36), 110, px(16), None)
        if self.phase != "deal" or self.ws:
            return (melds, (tuple(g.staging), draw.PANEL, 170, px(14), draw.PANEL_EDGE))
        return (melds,)

    @classmethod
    def face_sizes(cls, layout, players: int) -> tuple[tuple[int, int], ...]:
        """The faces at this table's own sizes too (hand, staged, melds, piles), so a card's
        first landing in a meld does not scale its image in the middle of a frame."""
        g = make_geometry(layout.portrait, players)
        own = (g.hand_card, g.staged_card, g.meld_card, g.pile_card)
        return (*super().face_sizes(layout, players), *own)

    def meld_tag_color(self, owner: int) -> tuple:
        return self.side_color(owner) if self.partnership else self.avatar_color(owner)

    def _layout_melds(self) -> None:
        """Each meld's rect, card size and step for drawing and tapping, worked out again only
        when the melds, the geometry or the reading direction change (not every frame)."""
        rtl = i18n.is_rtl()
        g = self.geo
        key = (g.portrait, g.players, scale.factor(), rtl, tuple(map(len, self.melds)))
        key += tuple(self.meld_owners)

        if getattr(self, "_melds_key", None) == key:
            return
        self._melds_key = key
        blocks = [
            (owner, [(i, len(self.melds[i])) for i, o in enumerate(self.meld_owners) if o == owner])
            for owner in self.meld_row_owners()
        ]
        rects, tags, card, step = g.meld_flow(blocks, rtl)
        self._meld_rects = [(i, rects[i]) for _o, melds in blocks for i, _n in melds]
        self._meld_geo = {i: (rect, card, step) for i, rect in self._meld_rects}
        self._meld_tags = tags

    def warm_pictures(self) -> None:
        """Each seat's small avatar beside its melds, painted before the seat's first meld
        (painting one costs ~0.5-1 ms, in the frame where the meld lands otherwise)."""
        for seat in range(self.players):
            avatars.avatar(self.avatar_look(seat), px(MELD_TAG_AVATAR))

    def _draw_melds(
        self, surface: pygame.Surface, four: bool, targets: frozenset, clip=None
    ) -> None:
        """The melds and their owners' tags (``clip``: only those it accepts)."""
        area = self.geo.melds
        if not self.melds:
            size = 22 if self.geo.portrait else 20
            draw.blit_text(surface, t("hr.no_melds"), size, area.center, draw.INK_DIM)
            return
        for owner, center in self._meld_tags:
            if clip and not clip(tag_region(center)):
                continue
            color = self.meld_tag_color(owner)
            face = avatars.avatar(self.avatar_look(owner), px(MELD_TAG_AVATAR))  # whose meld
            surface.blit(face, face.get_rect(center=center))
            pygame.draw.circle(surface, color, center, px(18), px(3))
        for meld, rect in self._meld_rects:
            if clip and not clip(rect.inflate(px(16), px(16))):
                continue
            _rect, card, step = self._meld_geo[meld]
            if meld in targets:
                lit = rect.inflate(px(10), px(10))
                pygame.draw.rect(surface, draw.TURN, lit, px(3), border_radius=px(8))
            for place, code in enumerate(self.melds[meld]):
                if (meld, place) in self.hidden:
                    continue
                img = assets.card_face(code, card, four)
                at = (round(rect.x + step * place), rect.y)
                surface.blit(assets.shadowed(img, px(1), px(3)), at)

    def _meld_targets(self) -> set[int]:
        """Melds the picked card may go to now (add or joker swap)."""
        if self.selected is None or not self.my_turn() or self.selected >= len(self.staging.hand):
            return set()
        card = self.staging.hand[self.selected]
        return {
            a["meld"]
            for a in self.legal()
            if a["type"] in ("add", "swap_joker")
            and (a.get("card") == card or card in a.get("cards", []))
        }

    def _draw_staging(self, surface: pygame.Surface, four: bool) -> None:
        g = self.geo
        area = g.staging
        rtl = i18n.is_rtl()
        opened = self.opened[self.me]
        points = self.staging.staged_points()
        head = t("hr.staged", n=digits(points)) if opened else t("hr.staged_open", n=digits(points))
        head_color = draw.TURN if (opened or points >= M.OPENING_MIN) else draw.SAND
        anchor, x = ("midright", area.right - px(14)) if rtl else ("midleft", area.x + px(14))
        title = head if g.portrait else t("hr.staging_head", head=head)
        size = 22 if g.portrait else 20
        r = draw.blit_text(
            surface, title, size, (x, area.y + px(18)), head_color, bold=True, anchor=anchor
        )
        message, color = self.staging_message()
        if message:
            width = area.w - r.w - px(48)
            anchor2, x2 = ("midleft", area.x + px(14)) if rtl else ("midright", area.right - px(14))
            draw.blit_text(
                surface,
                message,
                draw.fit_text(message, 22 if g.portrait else 19, width, True),
                (x2, area.y + px(18)),
                color,
                bold=True,
                anchor=anchor2,
            )
        boxes, new_box, _card, _step = self.group_geometry()
        for gi, box in enumerate(boxes):
            state = self.staging.group_state(gi)
            edge = {"valid": draw.TURN, "invalid": draw.RED}.get(state, draw.PANEL_EDGE)
            surface.blit(group_box(box.size, edge), box)
        pick = self.selected is not None
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

    def staging_message(self) -> tuple[str, tuple]:
        """The line beside the staged total: what to do now, or why Apply is off (HR-14)."""
        if self.phase != "play":
            return "", draw.INK_DIM
        reason = self.apply_reason()
        mine = self.my_turn()
        if (
            reason == "not_your_turn"
            and self.me in self.session.to_act()
            and self.session.phase == "play"
        ):
            return "", draw.INK_DIM  # your turn, while your own draw is still landing
        if mine and not self.drawn():
            return t("hr.reason.not_drawn"), draw.AMBER
        if mine and self.pending():
            return t("hr.tip.joker_back"), draw.AMBER
        if reason == "nothing_staged" and mine:
            return t("hr.tip.discard"), draw.SAND
        if reason is None:
            return "", draw.INK_DIM
        color = draw.INK_DIM if reason == "not_your_turn" else draw.AMBER
        return t(f"hr.reason.{reason}"), color

    def _draw_workspace(self, surface: pygame.Surface, four: bool) -> None:
        """Your staged cards, then your hand row over them."""
        picked = self.ws.get(("h", self.selected)) if self.selected is not None else None
        for sprite in self._workspace_sprites():
            sprite.draw(surface, four, glow=sprite is picked)

    def _workspace_sprites(self) -> list:
        """Your staged cards' sprites, then your hand's, in drawing order."""
        ws = self.ws
        out = []
        for gi, group in enumerate(self.staging.groups):
            for j in range(len(group)):
                sprite = ws.get(("g", gi, j))
                if sprite is not None:
                    out.append(sprite)
        for i in self.in_draw_order(range(len(self.staging.hand))):
            sprite = ws.get(("h", i))
            if sprite is not None:
                out.append(sprite)
        return out

    def draw_banners(self, surface: pygame.Surface) -> None:
        g = self.geo
        if self.assisted() and self.over is None:
            self.draw_banner(surface, t("assist.banner"), g.hint_y, (70, 40, 18))
        elif self.hint:
            self.draw_banner(surface, self.hint[0], g.hint_y, (80, 26, 22))
        elif self.notice:
            self.draw_banner(surface, self.notice[0], g.hint_y, (86, 58, 16))
        elif self.hint_line():
            self.draw_banner(surface, self.hint_line() or "", g.hint_y, (24, 56, 48))
        if self.banner and not self.shown_hands():  # the hands' panel carries it then
            self.draw_banner(surface, self.banner[0], g.banner_y, (60, 44, 14))


FIGURE_BACK = (16, 22)  # logical px: the small card back beside a plate's card count


@scale.cached(maxsize=64)
def figure_image(
    figure: str, color: tuple, room: int, short: tuple[str, bool], rtl: bool, size: int = 22
) -> pygame.Surface:
    """A plate's figure: a small card back and the words at font ``size`` (22 in portrait);
    where they do not fit in ``room`` frame px, the count alone (``short``) and a check mark
    once opened."""
    back = assets.card_back(scale.pt(*FIGURE_BACK))
    mark = 0
    if text.size(figure, size, True)[0] > room:
        figure, mark, size = short[0], (px(22) if short[1] else 0), 22
    words = draw.label(figure, size, color, True)
    gap = px(6)
    w = back.get_width() + gap + words.get_width() + (mark + gap if mark else 0)
    h = max(words.get_height(), px(22))
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    parts: list = [back, words] if not rtl else [words, back]
    if mark:
        parts = [*parts, "mark"] if not rtl else ["mark", *parts]
    x = 0
    for part in parts:
        if part == "mark":
            draw.check_mark(img, (x + mark // 2, h // 2), mark, draw.TURN, px(4))
            x += mark + gap
        else:
            surfaces.blit(img, part, part.get_rect(midleft=(x, h // 2)))
            x += part.get_width() + gap
    return rle(img)


@scale.cached(maxsize=32)
def group_box(size: tuple[int, int], edge: tuple) -> pygame.Surface:
    """A staged group's box (dark, rounded, ``edge`` coloured), drawn once per look."""

    img = pygame.Surface(size, pygame.SRCALPHA)
    rect = img.get_rect()
    pygame.draw.rect(img, (12, 22, 22), rect, border_radius=px(10))
    pygame.draw.rect(img, edge, rect, px(2), border_radius=px(10))

    return rle(img)
