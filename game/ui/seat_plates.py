"""The seats' plates of a card table: :class:`SeatPlates`, a part the table scene owns.

A plate shows a seat: avatar, name, key figure, dealer chip and, while it is that seat's turn,
the turn timer ringing the avatar (TB-6); on your own plate a bright edge and, when the turn
has just come, a "Your turn" tag. What only changes with the seat's turn, name or dealer is one
cached image (:func:`game.ui.plates.plate_body`); the ring, the figure and the cue are drawn
live on top. :meth:`SeatPlates.part` describes a plate for the still layer (a key of all it
shows, and where it draws).

The plates read the table through :class:`PlateTable`: the table's places say where a plate
stands and its colours (game/ui/seat_places.py), the game's painter its figure; the plates own
how it is drawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import i18n
from game.client.server_link import chosen_avatar as is_avatar
from game.client.session import TableSession
from game.i18n import digits, t
from game.ui import avatars, draw, scale
from game.ui.draw import RGB
from game.ui.plates import PLATE_AVATAR, avatar_radius, margin, plate_avatar, plate_body, tall
from game.ui.scale import px
from game.ui.seat_places import SeatPlaces
from game.ui.surfaces import rle
from game.ui.table_aids import timer_color

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.reactions import TableReactions
    from game.ui.watching import WatchBar

Key = tuple[Any, ...]


def chosen_avatar(value: object) -> int | None:
    """``value`` (a setting or a seat's) as a chosen look, None when it is not one."""
    return value if isinstance(value, int) and is_avatar(value) else None


class TurnCue(Protocol):
    """What the plates read of their table's aids (game/ui/table_aids.py)."""

    turn_cue: float  # seconds the "your turn" cue still shows


class PlateTable(Protocol):
    """What the plates read of their table (the table scene and its game's hooks)."""

    app: App
    me: int
    players: int
    dealer: int
    elapsed: float
    session: TableSession
    totals: list[int]  # each side's running total as shown (it moves on at round ends)

    @property
    def aids(self) -> TurnCue: ...

    @property
    def places(self) -> SeatPlaces: ...

    @property
    def painter(self) -> PlateFigures: ...

    def shown_to_act(self) -> list[int]: ...
    def awaiting_me(self) -> bool: ...


class PlateFigures(Protocol):
    """The game's side of a plate (its painter's hooks: game/ui/table_drawing.py): the seat's
    key figure and how it is drawn."""

    def figure(self, seat: int) -> tuple[str, RGB]: ...
    def draw_figure(
        self,
        surface: pygame.Surface,
        seat: int,
        figure: str,
        color: RGB,
        pos: tuple[int, int],
        anchor: str,
    ) -> None: ...


@dataclass(frozen=True)
class PlateFacts:
    """What every plate's still-layer key reads alike: the seats whose turn shows, each
    seat's look, the turn's length."""

    acting: tuple[int, ...]
    looks: tuple[int, ...]
    turn_seconds: float | None


class SeatPlates:
    """Every seat's plate at one table (see the module docstring)."""

    def __init__(self, table: PlateTable) -> None:
        self.table = table
        self.reactions: TableReactions | None = None  # bubbles beside the plates (online)
        self.watch: WatchBar | None = None  # the watchers' eye; a spectator's tag and Leave
        self.show_totals = True  # the running total on a tab (off where the figure says it)

    def draw(self, surface: pygame.Surface, seat: int) -> None:
        """Seat ``seat``'s plate: the cached body, your-turn cue, timer ring and figure."""
        table = self.table
        rect = table.places.plate_rect(seat)
        active = seat in table.shown_to_act()
        rtl = i18n.is_rtl()
        body = plate_body(
            rect.w,
            rect.h,
            active,
            table.places.plate_edge(seat),
            rtl,
            table.places.seat_name(seat),
            table.places.avatar_color(seat),
            seat == table.dealer,
            t("plate.dealer_chip"),
            self.look(seat),
        )
        surface.blit(body, (rect.x - margin(), rect.y - margin()))
        if seat == table.me and active and table.awaiting_me():
            self.draw_your_turn(surface, rect)
        avatar = plate_avatar(rect, rtl)
        self.draw_total(surface, seat, rect, rtl)
        self.draw_timer(surface, seat, avatar)
        self.draw_figure(surface, seat, rect, avatar, rtl)

    def total(self, seat: int) -> int | None:
        """The running total a plate shows for ``seat`` (its side's), or None."""
        totals = self.table.totals
        side = self.table.session.side_of(seat)
        return totals[side] if self.show_totals and 0 <= side < len(totals) else None

    def draw_total(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, rtl: bool) -> None:
        """The running total on a small tab over the plate's edge: under the far end of a
        wide plate (the figure is at the avatar's end), over the right end of a tall one's top
        edge; it changes only when a round is scored."""
        total = self.total(seat)
        if total is None:
            return
        size = 22 if self.table.app.layout.portrait else 18  # phones: never under 22
        tab, at = total_tab((rect.x, rect.y, rect.w, rect.h), total, rtl, i18n.language(), size)
        surface.blit(tab, at)

    def draw_figure(
        self,
        surface: pygame.Surface,
        seat: int,
        rect: pygame.Rect,
        avatar: tuple[int, int],
        rtl: bool,
    ) -> None:
        """The seat's key figure: under the name on a tall plate, beside the avatar else."""
        figure, color = self.table.painter.figure(seat)
        pos, anchor = self.figure_place(rect, avatar, rtl)
        self.table.painter.draw_figure(surface, seat, figure, color, pos, anchor)

    @staticmethod
    def figure_place(
        rect: pygame.Rect, avatar: tuple[int, int], rtl: bool
    ) -> tuple[tuple[int, int], str]:
        """Where a plate's figure is drawn: (point, the text's anchor at it)."""
        if tall(rect):
            return (rect.centerx, rect.bottom - px(16)), "center"
        radius = avatar_radius()
        tx = avatar[0] - radius - px(10) if rtl else avatar[0] + radius + px(10)
        return (tx, rect.centery + px(15)), "midright" if rtl else "midleft"

    def look(self, seat: int) -> int:
        """The drawn look of ``seat``'s avatar: the one its player chose (online: as the room
        says, the same on every device; your own: Settings), else one distinct at the table
        and the same every match (bots keep theirs)."""
        return self.looks()[seat]

    def looks(self) -> tuple[int, ...]:
        """Every seat's look (:meth:`look`), worked out once for all of them."""
        seats = self.table.session.seats
        mine = chosen_avatar(self.table.app.settings.get("avatar"))
        chosen = tuple(
            getattr(s, "avatar", None) if s.name != "seat.you" or mine is None else mine
            for s in seats
        )
        return tuple(avatars.faces(tuple(s.name for s in seats), chosen))  # (a cached list)

    def draw_timer(self, surface: pygame.Surface, seat: int, center: tuple[int, int]) -> None:
        """The turn timer ringing the avatar (TB-6): a bold ring on a dark track and the
        seconds left in a badge under the avatar; calm, amber from 10 s, red from 5 s. The
        disc itself is in the plate's body."""
        session = self.table.session
        rem = session.remaining(seat)
        turn = session.turn_seconds
        if rem is None or not turn or seat not in self.table.shown_to_act():
            return
        radius = avatar_radius()
        color = timer_color(rem)
        draw.ring(surface, center, radius + px(9), 1.0, (64, 74, 68), px(7))
        draw.ring(surface, center, radius + px(9), rem / turn, color, px(7))
        s = digits(max(0, math.ceil(rem)))
        badge = pygame.Rect(0, 0, px(44), px(28))
        badge.center = (center[0], center[1] + radius + px(4))
        draw.panel(surface, badge, (16, 20, 18), 255, px(14), color)
        draw.blit_text(surface, s, 22, badge.center, color if rem <= 10 else draw.INK, bold=True)

    # ----- your turn ----------------------------------------------------------------------------
    def draw_your_turn(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Your turn: a bright edge round your plate; when the turn has just come it pulses
        and a "Your turn" tag stands over the plate (then it stays still: a waiting table
        costs no frames)."""
        grow = self.edge_grow()
        pygame.draw.rect(surface, draw.TURN, rect.inflate(grow, grow), px(3), border_radius=px(18))
        if self.table.aids.turn_cue <= 0:
            return
        tag = self._tag(rect)
        if tag is None:
            return
        box, img = tag
        draw.panel(surface, box, draw.TURN, 255, px(14), draw.INK)
        surface.blit(img, img.get_rect(center=box.center))

    def edge_grow(self) -> int:
        """How far your plate's "your turn" edge stands out now (it pulses while the cue
        shows, then stays at 8 logical px); frame pixels."""
        cue = self.table.aids.turn_cue > 0
        pulse = 0.5 + 0.5 * math.sin(self.table.elapsed * 8) if cue else 0.0
        return px(8 + 8 * pulse)

    def tag_box(self, plate: pygame.Rect) -> pygame.Rect | None:
        """Where the "Your turn" tag over ``plate`` is drawn while the cue shows (or None)."""
        tag = self._tag(plate) if self.table.aids.turn_cue > 0 else None
        return tag[0] if tag else None

    def _tag(self, plate: pygame.Rect) -> tuple[pygame.Rect, pygame.Surface] | None:
        img = draw.label(t("turn.yours"), 24, (16, 30, 24), True)
        box = self.table.places.turn_tag_rect(
            plate, img.get_width() + px(32), img.get_height() + px(10)
        )
        if box is None:
            return None
        box.clamp_ip(self.table.places.inside_margin())
        return box, img

    # ----- the still layer ------------------------------------------------------------------------
    def part(self, seat: int, facts: PlateFacts | None = None) -> tuple[Key, pygame.Rect]:
        """Everything :meth:`draw` draws for ``seat`` as a key, and the rect it draws within
        (while the "your turn" cue pulses, your plate changes every frame: only its rect is
        repainted). ``facts``: what every plate's key reads, when already worked out."""
        table = self.table
        facts = facts or self.facts()
        active = seat in facts.acting
        yours = seat == table.me and active and table.awaiting_me()
        rect = table.places.plate_rect(seat)
        region = plate_region(rect)
        cue = None
        if yours:  # the edge (pulsing while the cue shows) and the "Your turn" tag
            cue = (self.edge_grow(), table.aids.turn_cue > 0)
            box = self.tag_box(rect)
            if box is not None:
                region = region.union(box.inflate(px(4), px(4)))
        rem = table.session.remaining(seat) if active else None
        key = (
            tuple(rect),
            active,
            cue,
            table.places.seat_name(seat),
            table.places.plate_edge(seat),
            table.places.avatar_color(seat),
            facts.looks[seat],
            seat == table.dealer,
            rem,
            facts.turn_seconds,
            table.painter.figure(seat),
            self.total(seat),
        )
        return key, region

    def facts(self) -> PlateFacts:
        """What every plate's key reads, worked out once a frame (in the browser the keys of
        the still layer's parts were a quarter of a drawn frame's Python time)."""
        table = self.table
        return PlateFacts(tuple(table.shown_to_act()), self.looks(), table.session.turn_seconds)

    def still_parts(self, also: Hashable = None) -> dict[Hashable, tuple[Key, pygame.Rect]]:
        """Every plate as a part of the still layer, by ("plate", seat); ``also``: what else
        the table draws on every plate (it joins each key)."""
        parts: dict[Hashable, tuple[Key, pygame.Rect]] = {}
        facts = self.facts()
        for seat in range(self.table.players):
            key, region = self.part(seat, facts)
            parts[("plate", seat)] = ((key, also), region)
        return parts

    def draw_still(self, surface: pygame.Surface, clip: Callable[[pygame.Rect], bool]) -> None:
        """The plates the still layer repaints now (those whose region meets ``clip``)."""
        for seat in range(self.table.players):
            if clip(plate_region(self.table.places.plate_rect(seat))):
                self.draw(surface, seat)


@scale.cached(maxsize=64)
def total_tab(
    plate: tuple[int, int, int, int], total: int, rtl: bool, language: str, size: int
) -> tuple[pygame.Surface, pygame.Rect]:
    """A plate's total tab (an opaque pill, the number in sand) and where it is blitted."""
    rect = pygame.Rect(plate)
    words = digits(total)
    img = draw.label(words, size, draw.SAND, True)
    w, h = max(img.get_width() + px(16), px(34)), px(size + 6)
    tab = pygame.Surface((w, h), pygame.SRCALPHA)
    box = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(tab, (12, 22, 22), box, border_radius=h // 2)
    pygame.draw.rect(tab, draw.PANEL_EDGE, box, px(1), border_radius=h // 2)
    tab.blit(img, img.get_rect(center=box.center))
    at = box.copy()
    if tall(rect):  # on the top edge's right end: the "your turn" tag stands over the middle,
        at.centery, at.right = rect.top, rect.right - px(12)  # the dealer's mark on the left
    else:
        at.centery = rect.bottom
        if rtl:
            at.x = rect.x + px(12)
        else:
            at.right = rect.right - px(12)
    return rle(tab), at  # (run-length encoded: the browser blends only its edge)


def plate_region(rect: pygame.Rect) -> pygame.Rect:
    """Where a plate draws: its body, the "your turn" edge round it, the timer ring round its
    avatar and the seconds' badge under it (both sides: either reading direction)."""
    return _plate_region((rect.x, rect.y, rect.w, rect.h)).copy()


@scale.cached(maxsize=64)
def _plate_region(rect: tuple[int, int, int, int]) -> pygame.Rect:
    """(:func:`plate_region`, asked every frame for every plate.)"""
    plate = pygame.Rect(rect)
    r = px(PLATE_AVATAR + 16)
    region = plate.inflate(px(32), px(32))
    for rtl in (False, True):
        cx, cy = plate_avatar(plate, rtl)
        region.union_ip(pygame.Rect(cx - r, cy - r, 2 * r, 2 * r + px(24)))
    if tall(plate):  # the total's tab over its top
        region.union_ip(pygame.Rect(plate.centerx - px(60), plate.y - px(26), px(120), px(28)))
    return region
