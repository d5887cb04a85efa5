"""Drawing the Hand rummy table: the plates, the piles, the melds on the table, the staging
area with its message (HR-14) and your cards (each drawn by the part that owns it), the cards
in the air, the others' hands at the round's end and the banners.

:class:`RummyPainter` is a part of :class:`game.games.hand_rummy.scene.RummyTable`: it reads
the scene's state and its parts' and never changes them, but when the window turns (then the
table's geometry is worked out again for the new layout). It answers the table frame's hooks
(:class:`game.ui.table_drawing.TablePainter`): the still layer's halves, the top bar, the
plates' figures (a card back beside each count), the banners, the melds' backdrop panel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from game import i18n
from game.games.hand_rummy.melds import OPENING_MIN, classify, groups_points
from game.games.hand_rummy.scene_geometry import make_geometry
from game.games.hand_rummy.scene_score import logical_width
from game.games.hand_rummy.scene_still import dealt_region
from game.games.hand_rummy.staging import suit_key
from game.i18n import digits, t
from game.ui import assets, draw, scale, surfaces, text
from game.ui.plates import avatar_radius, tall
from game.ui.scale import px
from game.ui.seat_plates import plate_region
from game.ui.sprites import narrowed
from game.ui.surfaces import rle
from game.ui.table_drawing import TablePainter
from game.ui.tween import Speed

if TYPE_CHECKING:
    from game.games.hand_rummy.scene import RummyTable
    from game.games.hand_rummy.scene_still import Parts

FLIP = 0.22


class RummyPainter(TablePainter):
    """The table's drawing (see the module docstring)."""

    table: RummyTable

    def still_parts(self) -> tuple[tuple[object, ...], Parts] | None:
        return self.table.layer_parts.parts()

    def draw_table(self, surface: pygame.Surface) -> None:
        self.draw_still(surface)
        self.draw_moving(surface)

    def draw_hud(self, surface: pygame.Surface) -> None:
        table = self.table
        words = t("hr.round", n=digits(table.round), total=digits(table.rounds))
        self.hud_text(surface, words)

    def figure(self, seat: int) -> tuple[str, draw.RGB]:
        table = self.table
        opened = t("hr.opened") if table.opened[seat] else t("hr.not_opened")
        color = draw.TURN if table.opened[seat] else draw.INK_DIM
        return t("hr.figure", n=digits(table.counts[seat]), state=opened), color

    def layout_changed(self) -> None:
        """The window turned: this table's geometry for the new layout."""
        table = self.table
        table.geo = make_geometry(table.app.layout.portrait, table.players)
        table.riffle = None  # (riffled at the old stock's place: the deal goes on without it,
        table.piles.riffling = False  # and the stock shows as it is)
        table.piles.geo = table.meld_rows.geo = table.geo
        table.workspace.geometry_changed(table.geo)
        table.meld_rows.layout()

    def draw_still(self, surface: pygame.Surface) -> None:
        """Plates, piles, melds, the staging area's frame and your staged and hand cards at
        rest (up to the first that moves), the cards dealt to you that have landed: the part
        the still layer keeps (the scene's ``still_parts``; only what meets the part being
        repainted is drawn)."""
        table = self.table
        four = table.app.settings["four_color"]
        table.meld_rows.layout()
        clip = table.frame.still.in_clip
        if self.staging_shown() and clip(table.geo.staging):  # (under everything, as the felt)
            layout = table.app.layout
            spec = staging_panel(table.geo.staging)
            cloth = staging_cloth(layout.w, layout.h, spec, draw.felt_name())
            surface.blit(cloth, table.geo.staging)
        for seat in range(table.players):
            if clip(plate_region(table.places.plate_rect(seat))):
                table.plates.draw(surface, seat)
        stock, discard = table.piles.regions()
        if clip(stock) or clip(discard):
            table.piles.draw(surface, four, *table.turn.pile_marks())
        if clip(table.geo.melds.inflate(px(24), px(24))):
            table.meld_rows.draw(surface, four, frozenset(table.turn.meld_targets()), clip)
        workspace, held = table.workspace, table.taps.held()
        if self.staging_shown() and clip(table.geo.staging.inflate(px(16), px(16))):
            workspace.draw_frame(surface, table.opened[table.me], self.staging_message())
        workspace.draw_cards(surface, four, held, True, clip)
        for sprite in table.shown.dealt_at_rest():  # (the workspace is empty while dealing)
            if clip(dealt_region(sprite)):
                sprite.draw(surface, four)

    def staging_shown(self) -> bool:
        """The staging area shows once the deal has given you cards; never to a spectator (he
        has no hand to stage)."""
        table = self.table
        if table.session.watching:
            return False
        return table.phase != "deal" or bool(table.workspace.sprites)

    def draw_moving(self, surface: pygame.Surface) -> None:
        """Your cards from the first that moves on, the cards in the air, the hands shown at the
        round's end."""
        table = self.table
        four = table.app.settings["four_color"]
        table.workspace.draw_cards(surface, four, table.taps.held(), False)
        if table.riffle is not None:  # the deck riffled before the deal
            table.riffle.draw(surface)
        for sprite in table.shown.dealing[len(table.shown.dealt_at_rest()) :]:
            sprite.draw(surface, four)
        for sprite in table.flying:
            sprite.draw(surface, four)
        if table.shown.ended is not None:
            self._draw_shown_hands(surface, four)

    def shown_hands(self) -> list[int]:
        """The other seats whose cards turn face up at the round's end (those with cards)."""
        if self.table.shown.ended is None:
            return []
        return [s for s in self.table.others() if self.table.shown.ended["hands"][s]]

    def _draw_shown_hands(self, surface: pygame.Surface, four: bool) -> None:
        """At the round's end the others' hands lie face up over the melds for a moment, a row
        per player under the "went out" line; the cards turn over together."""
        seats, ended = self.shown_hands(), self.table.shown.ended
        if not seats or ended is None:
            return
        area = self.table.geo.melds
        draw.panel(surface, area, (10, 30, 28), 255, px(16), draw.GOLD)
        head = self.table.motion.went_out_line(ended)
        if head:
            draw.blit_text(
                surface,
                head,
                draw.fit_text(head, 24, area.w - px(40), True),
                (area.centerx, area.y + px(24)),
                draw.GOLD,
                bold=True,
            )
        portrait = self.table.geo.portrait
        top = area.y + px(48)
        row_h = min(px(110) if not portrait else px(122), (area.bottom - px(8) - top) // len(seats))
        ch = min(px(96) if not portrait else px(104), row_h - px(12))
        cw = round(ch * 0.71)
        flip = Speed.scale(FLIP * 2)
        k = min(1.0, self.table.shown.ended_t / max(0.01, flip))  # 0..1: the turn-over
        width_k = abs(1 - 2 * k)
        rtl = i18n.is_rtl()
        label_w = px(150) if not self.table.geo.portrait else px(118)
        for i, seat in enumerate(seats):
            cy = top + row_h * i + row_h // 2
            name = self.table.places.seat_name(seat)
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
            cards = sorted(ended["hands"][seat], key=suit_key)
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
                    img = narrowed(img, max(px(2), round(cw * width_k)))
                cx = x0 + step * j + cw / 2
                surface.blit(img, img.get_rect(center=(round(cx), cy)))

    def draw_figure(
        self,
        surface: pygame.Surface,
        seat: int,
        figure: str,
        color: draw.RGB,
        pos: tuple[int, int],
        anchor: str,
    ) -> None:
        """The card count beside a small card back, then opened / not opened; on a plate too
        narrow for those words at a readable size, the count and a check mark once opened.
        Drawn once per look (:func:`figure_image`), one blit a frame."""
        plate = self.table.places.plate_rect(seat)
        beside = not tall(plate)  # the figure sits beside the avatar, not under it
        inset = 2 * avatar_radius() + px(36) if beside else px(24)
        room = plate.w - inset - px(FIGURE_BACK[0]) - px(6)
        short = digits(self.table.counts[seat]), self.table.opened[seat]
        size = 22 if self.table.geo.portrait else draw.fit_text(figure, 20, room, True, minimum=16)
        rgb = cast(draw.RGB, tuple(color))  # (a tuple for the cache: the figure's colour)
        img = figure_image(figure, rgb, room, short, i18n.is_rtl(), size)
        surface.blit(img, img.get_rect(**{anchor: pos}))

    def backdrop_panels(self) -> tuple[tuple[Any, ...], ...]:
        """The melds' area lies on the felt (the staging area's cloth, once dealt, is drawn
        with the staging area: :func:`staging_cloth`)."""
        g = self.table.geo
        return ((tuple(g.melds), (8, 40, 36), 110, px(16), None),)

    def staging_message(self) -> tuple[str, draw.RGB]:
        """The line beside the staged total: what to do now, or why Apply is off (HR-14)."""
        if self.table.phase != "play":
            return "", draw.INK_DIM
        reason = self.table.turn.apply_reason()
        mine = self.table.my_turn()
        if (
            reason == "not_your_turn"
            and self.table.me in self.table.session.to_act()
            and self.table.session.phase == "play"
        ):
            return "", draw.INK_DIM  # your turn, while your own draw is still landing
        if mine and not self.table.turn.drawn():
            return t("hr.reason.not_drawn"), draw.AMBER
        chosen = self.table.workspace.chosen_cards()
        if mine and self.table.workspace.melding():  # what Meld would do with them
            if classify(chosen) is None:
                return t("hr.tip.not_a_meld"), draw.AMBER
            points = groups_points([chosen], self.table.shown.variant)
            staged = self.table.workspace.staging.staged_points()
            short = not self.table.opened[self.table.me] and points + staged < OPENING_MIN
            key = "hr.tip.selected_towards" if short else "hr.tip.selected"
            return t(key, n=digits(points)), draw.SAND if short else draw.TURN
        if mine and self.table.turn.pending():
            return t("hr.tip.joker_back"), draw.AMBER
        if reason == "nothing_staged" and mine:
            return t("hr.tip.discard"), draw.SAND
        if reason is None:
            return "", draw.INK_DIM
        color = draw.INK_DIM if reason == "not_your_turn" else draw.AMBER
        return t(f"hr.reason.{reason}"), color

    def draw_banners(self, surface: pygame.Surface) -> None:
        table, g = self.table, self.table.geo
        banner = self.draw_banner
        if table.assisted() and table.over is None:
            banner(surface, t("assist.banner"), g.hint_y, (70, 40, 18))
        elif table.messages.hint:
            banner(surface, table.messages.hint[0], g.hint_y, (80, 26, 22))
        elif table.aids.notice:
            banner(surface, table.aids.notice[0], g.hint_y, (86, 58, 16))
        elif table.aids.hint_line():
            banner(surface, table.aids.hint_line() or "", g.hint_y, (24, 56, 48))
        if table.messages.banner and not self.shown_hands():  # the hands' panel carries it then
            banner(surface, table.messages.banner[0], g.banner_y, (60, 44, 14))


def staging_panel(rect: pygame.Rect) -> draw.PanelSpec:
    """The staging area's translucent panel, as :func:`game.ui.draw.backdrop` takes one."""
    return ((rect.x, rect.y, rect.w, rect.h), draw.PANEL, 170, px(14), draw.PANEL_EDGE)


@scale.cached(maxsize=4)
def staging_cloth(w: int, h: int, spec: draw.PanelSpec, felt: str = "") -> pygame.Surface:
    """The felt under the staging area with its panel laid on it: the pixels a backdrop with
    that panel has there (draw.backdrop), in one opaque picture of the area's size. The panel
    is not in the backdrop itself: the deal's felt and the play's are then one picture (the
    still layer is not painted whole when the staging area first shows, and no second
    full-size felt is made in that frame). ``felt``: the felt's name (the cache's key)."""
    (x, y, pw, ph), color, alpha, radius, edge = spec
    cloth = draw.felt(w, h, True).subsurface((x, y, pw, ph)).copy()
    draw.panel(cloth, cloth.get_rect(), color, alpha, radius, edge)
    return cloth


FIGURE_BACK = (16, 22)  # logical px: the small card back beside a plate's card count


@scale.cached(maxsize=64)
def figure_image(
    figure: str,
    color: draw.RGB,
    room: int,
    short: tuple[str, bool],
    rtl: bool,
    size: int = 22,
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
    parts: list[pygame.Surface | str] = [back, words] if not rtl else [words, back]
    if mark:
        parts = [*parts, "mark"] if not rtl else ["mark", *parts]
    x = 0
    for part in parts:
        if isinstance(part, str):  # the check mark
            draw.check_mark(img, (x + mark // 2, h // 2), mark, draw.TURN, px(4))
            x += mark + gap
        else:
            surfaces.blit(img, part, part.get_rect(midleft=(x, h // 2)))
            x += part.get_width() + gap
    return rle(img)
