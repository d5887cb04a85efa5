"""What the Ronda table says aloud over the cards: declarations at the declarer's plate
(RO-19: the kind, not the rank), points popping at a seat, caida / mesa flashing over the
table's cards, and at the deal's end every declaration turned up beside its seat.

:class:`Callouts` is a part of :class:`game.games.ronda.scene.RondaTable`: it holds what is
shown and for how long, places the reveal panels (beside the plates, never over one) and draws
them all over the cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.games.ronda.rules import KIND_POINTS
from game.i18n import digits, t
from game.ui import draw
from game.ui.scale import px
from game.ui.tween import Speed

if TYPE_CHECKING:
    from game.games.ronda.scene import RondaTable

POP = 1.2
SEAT_BANNER = 1.8
FLASH = 1.3
REVEAL_HOLD = 2.4  # the deal's declarations stay at the seats before the score panel
Line = tuple[str, str, draw.RGB]  # what was declared, its outcome, the outcome's colour


@dataclass
class Said:
    """Words shown for a while (``left`` seconds)."""

    text: str
    left: float


@dataclass
class Pop:
    """Points rising from a seat's plate."""

    text: str
    seat: int
    left: float


def rank_word(rank: str) -> str:
    """A rank as said: the figures by name (sota, caballo, rey), the others as digits."""
    return t(f"ronda.rank.{rank}") if rank in ("10", "11", "12") else digits(rank)


def reveal_lines(d: dict[str, Any]) -> Line:
    """(what was declared, its outcome, the outcome's colour) for one declaration."""
    kind = t(f"ronda.declare.{d['kind']}")
    if not d["valid"]:
        return kind, t("ronda.reveal.false"), draw.RED
    head = t("ronda.reveal.head", kind=kind, rank=rank_word(d["rank"]))
    if d["scored"]:
        return head, t("ronda.reveal.scored", n=digits(KIND_POINTS[d["kind"]])), draw.TURN
    return head, t("ronda.reveal.beaten"), draw.INK_DIM


def place_beside(rect: pygame.Rect, plate: pygame.Rect, spot: int, gap: int | None = None) -> None:
    """Put ``rect`` beside ``plate`` on the table's side: above yours (spot 0), below the top
    seat's, left of the right seat's, right of the left seat's; ``gap`` frame pixels apart (10
    logical by default)."""
    gap = px(10) if gap is None else gap
    if spot == 0:
        rect.midbottom = (plate.centerx, plate.top - gap)
    elif spot == 2:
        rect.midtop = (plate.centerx, plate.bottom + gap)
    elif spot == 1:
        rect.midright = (plate.left - gap, plate.centery)
    else:
        rect.midleft = (plate.right + gap, plate.centery)


class Callouts:
    """Declarations said aloud, points, flashes and the deal's reveal (see the module
    docstring)."""

    def __init__(self, table: RondaTable) -> None:
        self.table = table
        self.seat_banners: dict[int, Said] = {}  # a declaration said at its seat
        self.pops: list[Pop] = []
        self.flash: Said | None = None  # caida / mesa over the table's cards
        self.revealed: list[dict[str, Any]] = []  # the deal's declarations, at its end
        self.reveals: dict[int, list[Line]] = {}  # seat -> shown lines
        self.reveal_left = 0.0

    # ----- what is said ------------------------------------------------------------------------
    def declared(self, seat: int, kind: str, seconds: float | None = None) -> None:
        """``kind`` said at ``seat``'s plate for ``seconds`` (by default a while, at the
        game's speed)."""
        if seconds is None:
            seconds = Speed.scale(SEAT_BANNER, motion=False)
        self.seat_banners[seat] = Said(t(f"ronda.kind.{kind}"), seconds)

    def pop(self, seat: int, points: int) -> None:
        self.pops.append(Pop(f"+{points}", seat, Speed.scale(POP, motion=False)))

    def flash_words(self, caida: bool, mesa: bool) -> None:
        words = [t("ronda.caida")] if caida else []
        words += [t("ronda.mesa")] if mesa else []
        self.flash = Said(" + ".join(words), Speed.scale(FLASH, motion=False))

    def reveal(self, declarations: list[dict[str, Any]]) -> float:
        """Turn the deal's declarations up at their seats; how long they stay (0: none)."""
        self.revealed = list(declarations)
        self.reveals = {}
        for d in self.revealed:
            self.reveals.setdefault(d["seat"], []).append(reveal_lines(d))
        if not self.reveals:
            return 0.0
        self.seat_banners = {}
        self.reveal_left = Speed.scale(REVEAL_HOLD, motion=False)
        return self.reveal_left

    def update(self, dt: float, panel_open: bool) -> None:
        """Time passes; the reveal goes when the score panel opens."""
        for seat in list(self.seat_banners):
            self.seat_banners[seat].left -= dt
            if self.seat_banners[seat].left <= 0:
                del self.seat_banners[seat]
        for pop in self.pops:
            pop.left -= dt
        self.pops = [p for p in self.pops if p.left > 0]
        if self.flash is not None:
            self.flash.left -= dt
            if self.flash.left <= 0:
                self.flash = None
        if self.reveals:
            self.reveal_left -= dt
            if self.reveal_left <= 0 or panel_open:
                self.reveals = {}

    def animating(self) -> bool:
        return self.flash is not None or bool(self.pops or self.seat_banners or self.reveals)

    # ----- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._draw_seat_banners(surface)
        self._draw_reveals(surface)
        self._draw_pops(surface)
        if self.flash is not None:
            self._draw_flash(surface, self.flash.text)

    def _draw_seat_banners(self, surface: pygame.Surface) -> None:
        """Declarations said aloud, beside the declarer's plate (the plate stays readable)."""
        for seat, said in self.seat_banners.items():
            rect = self.seat_banner_rect(seat)
            draw.panel(surface, rect, (96, 60, 14), 255, px(18), draw.GOLD)
            size = draw.fit_text(said.text, 30, rect.w - px(16), True)
            draw.blit_text(surface, said.text, size, rect.center, draw.INK, bold=True, shadow=True)

    def seat_banner_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's declaration is said: beside its plate, on the table's side."""
        table = self.table
        layout = table.app.layout
        plate = table.places.plate_rect(seat)
        rect = pygame.Rect(0, 0, max(px(160), min(plate.w, px(220))), px(54))
        place_beside(rect, plate, table.places.spot(seat))
        rect.clamp_ip(pygame.Rect(px(16), px(16), layout.w - px(32), layout.h - px(32)))
        return rect

    def _draw_reveals(self, surface: pygame.Surface) -> None:
        """The deal's declarations beside their seats' plates (towards the table, never over
        a plate): the declarer's name, then one row per declaration."""
        table = self.table
        portrait = table.app.layout.portrait
        row_h = self.reveal_row_h()
        least = 22 if portrait else 12  # (no text under 22 px on a phone)
        for seat, rect in self.reveal_rects(row_h).items():
            draw.panel(surface, rect, (30, 34, 30), 255, px(16), draw.GOLD)
            by = (
                t("ronda.reveal.by_you")
                if seat == table.me
                else t("ronda.reveal.by", name=table.places.seat_name(seat))
            )
            size = draw.fit_text(by, 22 if portrait else 20, rect.w - px(16), True, least)
            draw.blit_text(surface, by, size, (rect.centerx, rect.y + px(20)), draw.SAND, bold=True)
            for i, line in enumerate(self.reveals[seat]):
                self._draw_reveal_line(surface, rect, rect.y + px(38) + row_h * i, line, least)

    def _draw_reveal_line(
        self, surface: pygame.Surface, rect: pygame.Rect, y: int, line: Line, least: int
    ) -> None:
        head, outcome, color = line
        portrait = self.table.app.layout.portrait
        width = rect.w - px(16)
        draw.blit_text(
            surface,
            head,
            draw.fit_text(head, 22, width, True, least),
            (rect.centerx, y + px(16)),
            draw.INK,
            bold=True,
        )
        draw.blit_text(
            surface,
            outcome,
            draw.fit_text(outcome, 22 if portrait else 18, width, True, least),
            (rect.centerx, y + px(44)),
            color,
            bold=True,
        )

    def reveal_row_h(self) -> int:
        """The height of one declaration's two lines in a reveal panel."""
        return px(56)  # (a line's marks above and below clear of the next line)

    def reveal_rects(self, row_h: int) -> dict[int, pygame.Rect]:
        """Where each seat's reveal panel goes: beside its plate on the table's side when that
        is free, else above or below the plate (in portrait above or below first); never over
        a plate or another panel (yours placed first, then the top seat's), and always below the
        top bar's buttons."""
        table = self.table
        layout = table.app.layout
        top = layout.top_bar.bottom + px(4)  # below the Menu, language and Hint buttons
        screen = pygame.Rect(px(16), top, layout.w - px(32), layout.h - px(16) - top)
        taken = [table.places.plate_rect(s) for s in range(table.players)]
        if layout.portrait:  # narrow: the side seats' panels go above or below their plates first
            sides = {0: (0,), 1: (0, 2, 1), 2: (2,), 3: (0, 2, 3)}
        else:
            sides = {0: (0,), 1: (1, 0, 2), 2: (2,), 3: (3, 0, 2)}
        out: dict[int, pygame.Rect] = {}
        spot = table.places.spot
        order = sorted(self.reveals, key=lambda s: (s != table.me, spot(s) != 2, spot(s)))
        for seat in order:
            plate = table.places.plate_rect(seat)
            w = max(plate.w + px(6), px(260) if layout.portrait else px(220))
            tries = []
            for side in sides[spot(seat) % 4]:
                rect = pygame.Rect(0, 0, w, px(44) + row_h * len(self.reveals[seat]))
                place_beside(rect, plate, side)
                rect.clamp_ip(screen)
                tries.append(rect)
                if rect.collidelist(taken) < 0:
                    break
            else:
                rect = tries[0]
            taken.append(rect)
            out[seat] = rect
        return out

    def banner_line(self, y: int, banner: pygame.Rect) -> int:
        """The table's banner (the sweep's "the rest is yours", ``banner`` at line ``y``) at
        its line, unless a reveal panel is there: then at the nearest line clear of the
        panels (and of the plates, when one is)."""
        if not self.reveals:
            return y
        table = self.table
        layout = table.app.layout
        panels = list(self.reveal_rects(self.reveal_row_h()).values())
        plates = [table.places.plate_rect(s) for s in range(table.players)]
        half = banner.h // 2
        edge = px(16)
        lines = [
            y,
            *sorted(
                range(edge + half, layout.h - edge - half, px(4)), key=lambda n: (abs(n - y), n)
            ),
        ]
        for avoid in (panels + plates, panels):
            for line in lines:
                banner.centery = line
                if banner.collidelist(avoid) < 0:
                    return line
        return y

    def _draw_pops(self, surface: pygame.Surface) -> None:
        table = self.table
        for pop in self.pops:
            k = 1 - pop.left / max(0.01, Speed.scale(POP, motion=False))
            rect = table.places.plate_rect(pop.seat)
            if pop.seat in self.seat_banners:  # (the points clear of "Ronda!" said there)
                rect = rect.union(self.seat_banner_rect(pop.seat))
            if table.places.spot(pop.seat) == 2:  # the top seat's points drop below its plate
                y = rect.bottom + px(20) + px(40) * k
            else:  # the others' rise above the plate, clear of the name
                y = rect.top - px(16) - px(50) * k
            draw.blit_text(
                surface, digits(pop.text), 36, (rect.centerx, y), draw.GOLD, bold=True, shadow=True
            )

    def _draw_flash(self, surface: pygame.Surface, text: str) -> None:
        """Caida / mesa over the table's cards (above the highest one)."""
        table = self.table
        area = table.places.geometry().area
        top = table.table_cards.top()
        y = max(area.top + px(10), (area.centery if top is None else top) - px(34))
        table.painter.draw_banner(surface, text, y, (120, 70, 16), x=area.centerx, size=38)
