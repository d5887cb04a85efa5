"""How every card table draws what it shares.

:class:`TableDrawing` (the base of :class:`game.ui.cardtable.CardTable`) holds the frame's
order and the game's drawing hooks: where the seat plates stand and their colours (the plates
themselves: game/ui/seat_plates.py, ``self.plates``), the dimmed table under a panel, the
frames with nothing new. The parts draw: :class:`TablePainter` (``self.table_painter``) the
top bar's text, hints and banners and the score panel's frame; the game's score panel
(``self.score_panel``, a :class:`ScorePart`) the panel itself; the match end
(game/ui/table_over.py) the match-over panel; the still layer (game/ui/table_still.py) the
kept part of the picture. Where a seat is drawn comes from the session's
:class:`game.client.seating.Seating`: your seat at the bottom, the others counter-clockwise.

What the shared drawing reads of the table built on it (its session, its parts, its state) is
the :class:`DrawnTable` protocol, the ``self`` of the methods that read it: this module cannot
import game/ui/cardtable.py, which imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

import pygame

from game import i18n
from game.client.seating import Seating
from game.client.session import JSON, TableSession
from game.i18n import t
from game.ui import draw, overlay, settle, turn_ahead, turn_layers
from game.ui.dimmed import DimmedBackdrop
from game.ui.draw import RGB
from game.ui.event_player import EventPlayer
from game.ui.scale import px
from game.ui.seat_plates import SeatPlates
from game.ui.static_layer import Parts
from game.ui.table_still import StillLayer
from game.ui.tween import Speed
from game.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.layout import Layout
    from game.ui.table_aids import TableAids

SEAT_COLORS: list[RGB] = [  # by screen position (game/client/seating.py; 4 and 5: a table of five)
    (64, 120, 110),
    (150, 84, 60),
    (96, 86, 150),
    (140, 116, 52),
    (150, 70, 110),
    (60, 110, 150),
]
SIDE_COLORS: list[RGB] = [(70, 130, 190), (196, 96, 70)]  # team play: blue 0, terracotta 1


Row = tuple[int, str, int, bool]  # a match-over ranking row: place, name, total, best


class ScorePart(Protocol):
    """The game's score panel (``scene.score_panel``): the table draws it while
    ``scene.score`` is set, and asks it for the match-over panel's headline and ranking."""

    def draw(self, surface: pygame.Surface) -> None: ...

    def over_headline(self) -> str: ...

    def over_rows(self) -> list[Row]: ...


class FigurePart(Protocol):
    """A game's part that draws the seats' key figures on their plates its own way (check
    marks, flips, a card back beside a count): ``scene.figure_part``."""

    def draw_figure(
        self,
        surface: pygame.Surface,
        seat: int,
        figure: str,
        color: RGB,
        pos: tuple[int, int],
        anchor: str,
    ) -> None: ...


class MatchEndPart(Protocol):
    """The match-over panel and its confetti (game.ui.table_over.MatchEnd, ``scene.match_end``),
    as the table's frame draws it."""

    def draw(self, surface: pygame.Surface, dimmed_below: bool) -> None: ...

    def animating(self, settling: float) -> bool: ...


SpritesKey = tuple[tuple[Any, ...], ...]  # the cards as drawn (settle.picture_key)


class DrawnTable(Protocol):
    """What :class:`TableDrawing`'s methods read of the table they belong to (a
    :class:`game.ui.cardtable.CardTable`): the app, the session and its seating, the parts
    (events, plates, still layer, aids, painters), what is on screen now, and the game's hooks
    the frame is made of."""

    @property
    def app(self) -> App: ...

    @property
    def session(self) -> TableSession: ...

    @property
    def seating(self) -> Seating: ...

    @property
    def players(self) -> int: ...

    @property
    def events(self) -> EventPlayer: ...

    @property
    def plates(self) -> SeatPlates: ...

    @property
    def still(self) -> StillLayer: ...

    @property
    def aids(self) -> TableAids: ...

    @property
    def table_painter(self) -> TablePainter: ...

    @property
    def score_panel(self) -> ScorePart: ...

    @property
    def match_end(self) -> MatchEndPart: ...

    @property
    def widgets(self) -> Sequence[Widget]: ...

    @property
    def hint(self) -> tuple[str, float] | None: ...

    @property
    def banner(self) -> tuple[str, float] | None: ...

    @property
    def score(self) -> JSON | None: ...

    @property
    def over(self) -> JSON | None: ...

    DIM_ONCE: bool
    widgets_fresh: bool
    sprites_seen: SpritesKey | None

    def spot(self, seat: int) -> int: ...

    def build(self) -> None: ...

    def refresh_widgets(self) -> None: ...

    def assisted(self) -> bool: ...

    def busy(self) -> bool: ...

    def idle(self) -> bool: ...

    def shown_to_act(self) -> list[int]: ...

    def draw_under(self, surface: pygame.Surface) -> None: ...

    def under_key(self) -> tuple[Hashable, ...]: ...

    def game_under_key(self) -> tuple[Hashable, ...]: ...

    def still_parts(self) -> tuple[Hashable, Parts] | None: ...

    def draw_banners(self, surface: pygame.Surface) -> None: ...

    def status_banner(self) -> str | None: ...

    def table_banner_y(self) -> int: ...

    def layout_changed(self) -> None: ...


class TableDrawing:
    """The shared drawing of a table scene (see the module docstring)."""

    # ----- seats on the screen -----------------------------------------------------------------
    def spot(self: DrawnTable, seat: int) -> int:
        """The layout position (0 bottom, 1 right, 2 top, 3 left) of ``seat``."""
        return self.seating.spot(seat)

    def plate_rect(self: DrawnTable, seat: int) -> pygame.Rect:
        return self.app.layout.plate_rect(self.spot(seat))

    def seat_anchor(self: DrawnTable, seat: int) -> tuple[int, int]:
        return self.app.layout.seat_anchor[self.spot(seat)]

    def seat_hand(self: DrawnTable, seat: int) -> tuple[int, int]:
        return self.app.layout.seat_hand[self.spot(seat)]

    def trick_spot(self: DrawnTable, seat: int) -> tuple[int, int]:
        """Where ``seat``'s card lies in a trick."""
        return self.app.layout.trick_spot(self.spot(seat))

    def seat_name(self: DrawnTable, seat: int) -> str:
        return t(self.session.seats[seat].name)

    # ----- drawing -------------------------------------------------------------------------------
    DIM_ONCE = True  # keep the dimmed table under a panel (game/ui/dimmed.py); tests turn it off

    def draw(self: DrawnTable, surface: pygame.Surface) -> None:
        alpha = 150 if self.over is None else 160 if self.score is None else None
        if self.DIM_ONCE and (self.score is not None or self.over is not None) and alpha:
            dimmed_backdrop(self).draw(surface, self.under_key(), self.draw_under, alpha)
            self.table_painter.dimmed_below = True
        else:
            self.draw_under(surface)
            self.table_painter.dimmed_below = False
        if self.score is not None:
            self.score_panel.draw(surface)
        if self.over is not None:
            self.match_end.draw(surface, self.table_painter.dimmed_below)
        self.refresh_widgets()
        for widget in self.widgets:
            widget.draw(surface)
        self.widgets_fresh = False  # the next frame places them again (its update, or its draw)
        if self.app.shown() is cast(object, self):  # (its other orientation, made ahead quietly)
            turn_ahead.ask(self)
        if self.session.reconnecting:  # over everything: nothing can be played meanwhile
            label = t("online.reconnecting")
            self.table_painter.draw_banner(surface, label, self.table_banner_y(), (80, 26, 22))

    def draw_under(self: DrawnTable, surface: pygame.Surface) -> None:
        """The table and its banners: what a modal panel dims."""
        self.still.draw(surface)
        self.aids.draw_suggestion(surface)
        self.draw_banners(surface)

    def under_key(self: DrawnTable) -> tuple[Hashable, ...]:
        """Everything :meth:`draw_under` draws from, while a panel is open (see dimmed.py)."""
        text = [getattr(self, k)[0] if getattr(self, k) else None for k in ("hint", "banner")]
        plates = self.plates.facts()
        return (
            self.still.whole_key(),
            self.still_parts() if self.still.layered() else None,
            settle.picture_key(self),
            tuple(text),
            self.aids.notice[0] if self.aids.notice else None,
            self.aids.hint_line(),
            self.status_banner(),
            self.assisted(),
            tuple(self.plates.part(seat, plates)[0] for seat in range(self.players)),
            self.game_under_key(),
        )

    def game_under_key(self) -> tuple[Hashable, ...]:
        """Override: the game's own state its table drawing reads (figures, piles, pops…)."""
        return ()

    def backdrop_panels(self) -> tuple[Any, ...]:
        """Override: fixed translucent panels drawn once onto the felt (see draw.backdrop)."""
        return ()

    def draw_hud(self, surface: pygame.Surface) -> None:
        """Override: the top bar's text (round, target…); the buttons are drawn by the base."""

    def draw_table(self, surface: pygame.Surface) -> None:
        """Override: plates, cards and the game's own panels."""

    # the still layer (game/ui/table_still.py, ``self.still``) asks the game for these
    STATIC_LAYER = True  # keep the still part (game/ui/static_layer.py); tests turn it off

    def still_parts(self) -> tuple[Hashable, Parts] | None:
        """Override: what the still part shows, as (whole key, {name: (part key, rect)}),
        or None for no still layer this frame. See game/ui/static_layer.py."""
        return None

    def draw_table_still(self, surface: pygame.Surface) -> None:
        """Override with :meth:`still_parts`: the part of :meth:`draw_table` under the moving
        cards (skip what is not ``self.still.in_clip``); :meth:`draw_table_moving` draws the
        rest."""

    def draw_table_moving(self, surface: pygame.Surface) -> None:
        """Override with :meth:`still_parts` (see :meth:`draw_table_still`)."""

    # plates (game/ui/seat_plates.py, ``self.plates``, draws them; the game places and colours
    # them here)
    def turn_tag_rect(self, plate: pygame.Rect, w: int, h: int) -> pygame.Rect | None:
        """Where the "Your turn" tag stands: over your plate (override: elsewhere, or None
        where the table has no free place for it; the plate's edge still says it)."""
        box = pygame.Rect(0, 0, w, h)
        box.midbottom = (plate.centerx, plate.top - px(10))
        return box

    def plate_edge(self, seat: int) -> RGB:
        """Override: the plate's edge colour when it is not that seat's turn."""
        return draw.PANEL_EDGE

    def avatar_color(self: DrawnTable, seat: int) -> RGB:
        return SEAT_COLORS[self.spot(seat)]

    def figure(self, seat: int) -> tuple[str, RGB]:
        """Override: the seat's key figure as (text, colour)."""
        return "", draw.INK

    figure_part: FigurePart | None = None  # a game's part drawing special figures, if any

    def draw_figure(
        self,
        surface: pygame.Surface,
        seat: int,
        figure: str,
        color: RGB,
        pos: tuple[int, int],
        anchor: str,
    ) -> None:
        """Seat ``seat``'s figure on its plate: by the game's ``figure_part`` if it has one,
        else as bold text."""
        if self.figure_part is not None:
            self.figure_part.draw_figure(surface, seat, figure, color, pos, anchor)
            return
        draw.blit_text(
            surface,
            figure,
            draw.fit_text(figure, 22, px(170), True),
            pos,
            color,
            bold=True,
            anchor=anchor,
        )

    # banners (drawn by ``self.table_painter``)
    def draw_banners(self: DrawnTable, surface: pygame.Surface) -> None:
        """Override: the banners over the table (by default :meth:`TablePainter.draw_banners`)."""
        self.table_painter.draw_banners(surface)

    def table_banner_y(self: DrawnTable) -> int:
        """Override: the centre line of the banner across the table (``show_banner``)."""
        return self.app.layout.extras["tiebreak_y"]

    def banner_y(self: DrawnTable) -> int:
        """Override: the centre line of hints and the assist banner."""
        return self.app.layout.banner_y

    def status_banner(self) -> str | None:
        """Override: a quiet line at the banner spot (e.g. "waiting for the others")."""
        return None

    def inside_margin(self: DrawnTable) -> pygame.Rect:
        """The frame less 16 logical px all round: banners and tags stay inside it."""
        return inside_margin(self.app.layout)

    # ----- the window turned; frames with nothing new (game/ui/settle.py) -----------------------
    def relayout(self: DrawnTable) -> None:
        """Lay the table out for the new layout at once: the animation being shown lands, the
        game's own geometry follows (``layout_changed``), the widgets are built again and the
        cards move to their places in the new layout. Match, selection and panels are kept."""
        old = self.app.previous_layout or self.app.layout
        muted, self.app.audio.enabled = self.app.audio.enabled, False
        try:
            settle.finish(self)
        finally:
            self.app.audio.enabled = muted
        self.layout_changed()
        self.build()  # (what Scene.relayout does)
        settle.move_to_layout(self, old, self.app.layout)
        turn_layers.turned(self.still)  # (the layer of the shape left, kept for turning back)
        self.widgets_fresh = False  # placed again once the cards are in their new places

    def layout_changed(self) -> None:
        """Override: geometry of the game's own that was worked out for the old layout."""

    sprites_seen: SpritesKey | None = None  # the cards as last compared (animating)

    def animating(self: DrawnTable) -> bool:
        """Cards moved since the last frame, an event is being shown, a hint, banner or panel
        is on screen or still sliding in, confetti falls."""
        settling = Speed.scale(1.0, motion=False) + 0.1
        if (
            self.events.showing(held=self.score is not None)
            or self.busy()
            or self.hint is not None
            or self.banner is not None
            or self.session.reconnecting
            or self.aids.animating()
            or (self.score is not None and self.score["t"] < settling)
            or self.match_end.animating(settling)
        ):
            self.sprites_seen = None  # (compared again once all that is over)
            return True
        picture = settle.picture_key(self)
        moved, self.sprites_seen = picture != self.sprites_seen, picture
        return moved

    def wants_frames(self: DrawnTable) -> bool:
        """Events still to show, timers running or a bot thinking: step every frame."""
        thinking = getattr(self.session, "thinking", None) is not None
        return thinking or bool(self.events.timers) or not self.idle()

    def redraw_every(self: DrawnTable) -> float | None:
        """The turn-timer ring follows the clock: four redraws a second while one runs."""
        if self.session.turn_seconds and self.session.phase != "over" and self.shown_to_act():
            return 0.25
        return None


class PaintedScene(Protocol):
    """What the table painter asks of its scene: the layout, what is shown now (hint, banner,
    panels, the aids' notices) and the game's banner places."""

    app: App
    aids: TableAids
    next_button: Button

    @property
    def hint(self) -> tuple[str, float] | None: ...

    @property
    def banner(self) -> tuple[str, float] | None: ...

    @property
    def score(self) -> dict[str, Any] | None: ...

    @property
    def over(self) -> dict[str, Any] | None: ...

    def assisted(self) -> bool: ...

    def status_banner(self) -> str | None: ...

    def banner_y(self) -> int: ...

    def table_banner_y(self) -> int: ...


class TablePainter:
    """What every table draws the same way (``scene.table_painter``): the top bar's text,
    hints and banners, and the score panel's frame. ``dimmed_below``: this frame's table is
    dimmed already (under an open panel; game/ui/dimmed.py)."""

    def __init__(self, scene: PaintedScene) -> None:
        self.scene = scene
        self.dimmed_below = False

    def hud_text(
        self, surface: pygame.Surface, s: str, line: int = 0, color: RGB | None = None
    ) -> pygame.Rect:
        """Write ``s`` at the reading start of the top bar (line 1 sits just below it)."""
        layout = self.scene.app.layout
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
        scene = self.scene
        status = scene.status_banner()
        y = scene.banner_y()
        suggestion = scene.aids.hint_line()
        if scene.assisted() and scene.over is None:
            self.draw_banner(surface, t("assist.banner"), y, (70, 40, 18))
        elif scene.hint:
            self.draw_banner(surface, scene.hint[0], y, (80, 26, 22))
        elif scene.aids.notice:
            self.draw_banner(surface, scene.aids.notice[0], y, (86, 58, 16))
        elif suggestion:
            self.draw_banner(surface, suggestion, y, (24, 56, 48))
        elif status:
            self.draw_banner(surface, status, y, draw.PANEL)
        if scene.banner:
            self.draw_banner(surface, scene.banner[0], scene.table_banner_y(), (60, 44, 14))

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
        layout = self.scene.app.layout
        size = draw.fit_text(s, size, layout.w - px(104), True)
        img = draw.label(s, size, draw.INK, True)
        rect = pygame.Rect(0, 0, img.get_width() + px(48), img.get_height() + px(18))
        rect.center = (layout.w // 2 if x is None else x, y)
        rect.clamp_ip(inside_margin(layout))
        return rect, img

    def score_frame(self, surface: pygame.Surface, w: int, h: int, title: str) -> pygame.Rect:
        """Dim the table, slide in a gold-edged panel of w×h with ``title``; the "next" button
        sits under it. Returns the panel's rect."""
        layout = self.scene.app.layout
        if not self.dimmed_below:  # white cards recede too: nothing reads as above the dim
            overlay.dim(surface, 150)
        shown = self.scene.score["t"] if self.scene.score else 0.0
        slide = 1 - (1 - min(1.0, shown / max(0.01, Speed.scale(0.3)))) ** 3
        rect = pygame.Rect(0, 0, min(w, layout.w - px(40)), h)
        rect.center = (
            layout.w // 2,
            round(layout.h // 2 + (1 - slide) * px(60)) - px(20 if not layout.portrait else 60),
        )
        overlay.panel(surface, rect)  # opaque: nothing of the table shows through
        size = draw.fit_text(title, 32, rect.w - px(40), True)
        draw.blit_text(surface, title, size, (rect.centerx, rect.y + px(34)), draw.GOLD, bold=True)
        self.scene.next_button.rect.center = (rect.centerx, rect.bottom + px(44))
        return rect

    def count_up(self) -> float:
        """0 → 1 over 0.9 s after the score panel opens: scores count up with it."""
        score = self.scene.score
        return min(1.0, score["t"] / max(0.01, Speed.scale(0.9))) if score else 1.0


def inside_margin(L: Layout) -> pygame.Rect:
    """The frame less 16 logical px all round: banners and tags stay inside it."""
    return pygame.Rect(px(16), px(16), L.w - px(32), L.h - px(32))


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


def dimmed_backdrop(table: object) -> DimmedBackdrop:
    """``table``'s dimmed picture under the round's score panel and the match's end (made
    when first asked for)."""
    backdrop = table.__dict__.get("_dimmed")
    if backdrop is None:
        backdrop = table.__dict__["_dimmed"] = DimmedBackdrop()
    assert isinstance(backdrop, DimmedBackdrop)
    return backdrop
