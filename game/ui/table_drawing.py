"""A card table's painter: :class:`TablePainter`, the base of each game's painter part
(``table.painter``: game/games/<name>/scene_draw.py).

The table's frame (game/ui/table_frame.py) keeps the order of a frame; the still layer
(game/ui/table_still.py) the kept part of it; the seats' plates (game/ui/seat_plates.py) draw
each seat, where the table's places (game/ui/seat_places.py) put it. What the game draws of
its own, where its banners go, each seat's key figure and what else animates on its table
they ask of the game's painter through its hooks; the defaults are a table with nothing of
its own. What every table draws the same way is the painter's too: the top bar's text, hints
and banners, the score panel's frame. The game's score panel (``table.score_panel``, a
:class:`ScorePart`) draws the panel itself, the match end (game/ui/table_over.py, a
:class:`MatchEndPart`) the match-over panel.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import i18n
from game.i18n import t
from game.ui import draw, overlay
from game.ui.draw import RGB
from game.ui.scale import px
from game.ui.seat_places import inside_margin
from game.ui.static_layer import Parts
from game.ui.tween import Speed

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.layout import Layout
    from game.ui.seat_places import SeatPlaces
    from game.ui.table_aids import TableAids
    from game.ui.table_buttons import TableButtons
    from game.ui.table_messages import TableMessages

Row = tuple[int, str, int, bool]  # a match-over ranking row: place, name, total, best


class ScorePart(Protocol):
    """The game's score panel (``scene.score_panel``): the table draws it while
    ``scene.score`` is set, and asks it for the match-over panel's headline and ranking."""

    def draw(self, surface: pygame.Surface) -> None: ...

    def expected_size(self) -> tuple[int, int]:
        """The width and height the round's panel most likely opens at (its picture is made
        ahead at that size: game/ui/scenes/pause.py)."""
        ...

    def over_headline(self) -> str: ...

    def over_rows(self) -> list[Row]: ...


class MatchEndPart(Protocol):
    """The match-over panel and its confetti (game.ui.table_over.MatchEnd, ``scene.match_end``),
    as the table's frame draws it."""

    def draw(self, surface: pygame.Surface, dimmed_below: bool) -> None: ...

    def animating(self, settling: float) -> bool: ...


class PaintedTable(Protocol):
    """What the painter reads of its table: the layout, what is shown now (hint, banner,
    panels, the aids' notices) and the score panel's button. A game's painter narrows
    ``table`` to its own table scene."""

    app: App
    aids: TableAids
    buttons: TableButtons
    players: int

    @property
    def places(self) -> SeatPlaces: ...

    @property
    def messages(self) -> TableMessages: ...

    @property
    def score(self) -> dict[str, Any] | None: ...

    @property
    def over(self) -> dict[str, Any] | None: ...

    def assisted(self) -> bool: ...


class TablePainter:
    """A table's drawing: the game's hooks and what every table draws the same way (see
    the module docstring). ``dimmed_below``: this frame's table is dimmed already (under an
    open panel; game/ui/dimmed.py)."""

    def __init__(self, table: PaintedTable) -> None:
        self.table = table
        self.dimmed_below = False

    # ----- the game's table (hooks) ----------------------------------------------------------
    def backdrop_panels(self) -> tuple[Any, ...]:
        """Fixed translucent panels drawn once onto the felt (see draw.backdrop)."""
        return ()

    def draw_hud(self, surface: pygame.Surface) -> None:
        """The top bar's text (round, target…); the buttons are drawn by the table."""

    def draw_table(self, surface: pygame.Surface) -> None:
        """Plates, cards and the game's own panels (a table without a still layer)."""

    def still_parts(self) -> tuple[Hashable, Parts] | None:
        """What the still part shows, as (whole key, {name: (part key, rect)}), or None for
        no still layer this frame. See game/ui/static_layer.py. A painter that overrides it
        splits :meth:`draw_table` into :meth:`draw_still` and :meth:`draw_moving`."""
        return None

    def draw_still(self, surface: pygame.Surface) -> None:
        """With :meth:`still_parts`: the part of :meth:`draw_table` under the moving cards
        (skip what is not ``table.frame.still.in_clip``); :meth:`draw_moving` draws the rest."""

    def draw_moving(self, surface: pygame.Surface) -> None:
        """With :meth:`still_parts` (see :meth:`draw_still`)."""

    def game_under_key(self) -> tuple[Hashable, ...]:
        """The game's own state its table drawing reads (figures, piles, pops…): a part of
        the key of the dimmed table under a panel (game/ui/dimmed.py)."""
        return ()

    def animating(self) -> bool:
        """Something of the game's own moves on the table (the frame knows the rest)."""
        return False

    def layout_changed(self) -> None:
        """The window turned: drop or work out again what was drawn for the old layout."""

    # ----- the seats' figures (hooks; drawn on the plates: game/ui/seat_plates.py) ------------
    def figure(self, seat: int) -> tuple[str, RGB]:
        """The seat's key figure as (text, colour)."""
        return "", draw.INK

    def draw_figure(
        self,
        surface: pygame.Surface,
        seat: int,
        figure: str,
        color: RGB,
        pos: tuple[int, int],
        anchor: str,
    ) -> None:
        """Seat ``seat``'s figure on its plate: as bold text (a game may draw its own)."""
        draw.blit_text(
            surface,
            figure,
            draw.fit_text(figure, 22, px(170), True),
            pos,
            color,
            bold=True,
            anchor=anchor,
        )

    # ----- banners' lines (hooks) ---------------------------------------------------------------
    def table_banner_y(self) -> int:
        """The centre line of the banner across the table (``show_banner``)."""
        return self.table.app.layout.extras["tiebreak_y"]

    def banner_y(self) -> int:
        """The centre line of hints and the assist banner."""
        return self.table.app.layout.banner_y

    def status_banner(self) -> str | None:
        """A quiet line at the banner spot (e.g. "waiting for the others")."""
        return None

    # ----- what every table draws the same way ------------------------------------------------
    def hud_text(
        self, surface: pygame.Surface, s: str, line: int = 0, color: RGB | None = None
    ) -> pygame.Rect:
        """Write ``s`` at the reading start of the top bar (line 1 sits just below it)."""
        layout = self.table.app.layout
        tb = layout.top_bar
        rtl = i18n.is_rtl()
        anchor, x = ("midright", tb.right - px(8)) if rtl else ("midleft", tb.x + px(8))
        return draw.blit_text(
            surface,
            s,
            24 if line == 0 else 22 if layout.portrait else 20,
            (x, tb.centery + px(30) * line),
            color or draw.SAND,
            bold=line == 0,
            anchor=anchor,
            shadow=line == 0,
        )

    def draw_banners(self, surface: pygame.Surface) -> None:
        """Assist banner, else the hint, else the game's ``status_banner``; then the banner."""
        table = self.table
        status = self.status_banner()
        y = self.banner_y()
        suggestion = table.aids.hint_line()
        if table.assisted() and table.over is None:
            self.draw_banner(surface, t("assist.banner"), y, (70, 40, 18))
        elif table.messages.hint:
            self.draw_banner(surface, table.messages.hint[0], y, (80, 26, 22))
        elif table.aids.notice:
            self.draw_banner(surface, table.aids.notice[0], y, (86, 58, 16))
        elif suggestion:
            self.draw_banner(surface, suggestion, y, (24, 56, 48))
        elif status:
            self.draw_banner(surface, status, y, draw.PANEL)
        if table.messages.banner:
            self.draw_banner(surface, table.messages.banner[0], self.table_banner_y(), (60, 44, 14))

    def draw_banner(
        self,
        surface: pygame.Surface,
        s: str,
        y: int,
        color: RGB,
        x: int | None = None,
        size: int = 24,
    ) -> pygame.Rect:
        """A rounded banner centred at (x or the middle, y)."""
        rect, img = self.banner_rect(s, y, x, size)
        draw.panel(surface, rect, color, 235, px(14), draw.GOLD)
        surface.blit(img, img.get_rect(center=rect.center))
        return rect

    def banner_rect(
        self, s: str, y: int, x: int | None = None, size: int = 24
    ) -> tuple[pygame.Rect, pygame.Surface]:
        """Where :meth:`draw_banner` puts ``s`` (kept on screen), and its text's image."""
        layout = self.table.app.layout
        size = draw.fit_text(s, size, layout.w - px(104), True)
        img = draw.label(s, size, draw.INK, True)
        rect = pygame.Rect(0, 0, img.get_width() + px(48), img.get_height() + px(18))
        rect.center = (layout.w // 2 if x is None else x, y)
        rect.clamp_ip(inside_margin(layout))
        return rect, img

    def score_frame(self, surface: pygame.Surface, w: int, h: int, title: str) -> pygame.Rect:
        """Dim the table, slide in a gold-edged panel of w×h with ``title``; the "next" button
        sits under it. Returns the panel's rect."""
        layout = self.table.app.layout
        if not self.dimmed_below:  # white cards recede too: nothing reads as above the dim
            overlay.dim(surface, 150)
        shown = self.table.score["t"] if self.table.score else 0.0
        slide = 1 - (1 - min(1.0, shown / max(0.01, Speed.scale(0.3)))) ** 3
        rect = score_rect(layout, w, h, slide, self.score_floor(h))
        overlay.panel(surface, rect)  # opaque: nothing of the table shows through
        size = draw.fit_text(title, 32, rect.w - px(40), True)
        draw.blit_text(surface, title, size, (rect.centerx, rect.y + px(34)), draw.GOLD, bold=True)
        self.table.buttons.next.rect.center = (rect.centerx, rect.bottom + next_below())
        return rect

    def score_floor(self, h: int) -> int | None:
        """The lowest a score panel ``h`` high may stand: its "next" button under it then
        stays clear of the plates below the panel (a tall panel in portrait rises for your
        plate), or None where no plate lies under the button. A plate the panel covers at its
        own place is left under it (the panel does not climb to the top bar for it)."""
        table = self.table
        layout = table.app.layout
        button = table.buttons.next.rect
        bottom = score_rect(layout, layout.w, h).bottom
        left, right = layout.w // 2 - button.w // 2, layout.w // 2 + button.w // 2
        tops = [
            plate.top
            for plate in map(table.places.plate_rect, range(table.players))
            if plate.top >= bottom and plate.left < right and plate.right > left
        ]
        reach = next_below() + button.h // 2 + px(8)
        return min(tops) - reach if tops else None

    def count_up(self) -> float:
        """0 → 1 over 0.9 s after the score panel opens: scores count up with it."""
        score = self.table.score
        return min(1.0, score["t"] / max(0.01, Speed.scale(0.9))) if score else 1.0


def next_below() -> int:
    """How far under the score panel's bottom its "next" button's middle stands."""
    return px(44)


def score_rect(
    layout: Layout, w: int, h: int, slide: float = 1.0, floor: int | None = None
) -> pygame.Rect:
    """Where a score panel of w×h stands (cut to the window's width with a margin), ``slide``
    of the way in (0: just opened, 1: in place); its bottom at most at ``floor`` (the painter's
    ``score_floor``), never rising under the top bar for it."""
    rect = pygame.Rect(0, 0, min(w, layout.w - px(40)), h)
    rect.center = (layout.w // 2, layout.h // 2 - px(20 if not layout.portrait else 60))
    if floor is not None and rect.bottom > floor:
        rect.bottom = max(floor, layout.top_bar.bottom + px(8) + rect.h)
    rect.y += round((1 - slide) * px(60))
    return rect


def ranked_rows(
    totals: list[int],
    order: list[int],
    names: Callable[[int], str],
) -> list[tuple[int, str, int, bool]]:
    """Rows for a score panel's ``over_rows``: ``order`` (best first) with shared places."""
    best = max(totals)
    rows = []
    place = 0
    for i, who in enumerate(order):
        if i == 0 or totals[who] != totals[order[i - 1]]:
            place = i + 1
        rows.append((place, names(who), totals[who], totals[who] == best))
    return rows
