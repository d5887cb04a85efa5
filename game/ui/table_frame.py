"""A card table's frame: :class:`TableFrame`, the part of the table scene
(``table.frame``) that keeps the order of what is drawn and knows when a frame is needed.

A frame is the still layer's picture (game/ui/table_still.py: the felt, the top bar's text, the
game's table), the suggestion and the banners; over them, while one is open, the round's score
panel or the match-over panel, the table dimmed under it once and kept while it stays the same
(game/ui/dimmed.py); then the widgets and, while the connection is lost, its banner. The game
answers the frame's hooks through its painter part (``table.painter``, a
:class:`game.ui.table_drawing.TablePainter`). The frame also lays the table out again when the
window turns and says whether the picture moves (``animating``), when the turn clock wants a
redraw and whether the scene needs every frame's step (game/ui/settle.py: frames with nothing
new are not drawn).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

import pygame

from game.client.session import JSON, TableSession
from game.i18n import t
from game.ui import settle, turn_ahead, turn_layers
from game.ui.dimmed import DimmedBackdrop
from game.ui.event_player import EventPlayer
from game.ui.seat_plates import SeatPlates
from game.ui.table_drawing import MatchEndPart, ScorePart, TablePainter
from game.ui.table_still import StillLayer
from game.ui.tween import Speed
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table_aids import TableAids
    from game.ui.table_messages import TableMessages

SpritesKey = tuple[tuple[Any, ...], ...]  # the cards as drawn (settle.picture_key)


class FramedTable(Protocol):
    """What the frame reads of its table (a :class:`game.ui.cardtable.CardTable`): the app,
    the session, the parts (events, plates, aids, painters, panels), what is on
    screen now and the table's state questions."""

    widgets_fresh: bool
    name: str  # the game's key

    @property
    def app(self) -> App: ...

    @property
    def session(self) -> TableSession: ...

    @property
    def players(self) -> int: ...

    @property
    def events(self) -> EventPlayer: ...

    @property
    def plates(self) -> SeatPlates: ...

    @property
    def aids(self) -> TableAids: ...

    @property
    def painter(self) -> TablePainter: ...

    @property
    def score_panel(self) -> ScorePart: ...

    @property
    def match_end(self) -> MatchEndPart: ...

    @property
    def widgets(self) -> Sequence[Widget]: ...

    @property
    def messages(self) -> TableMessages: ...

    @property
    def score(self) -> JSON | None: ...

    @property
    def over(self) -> JSON | None: ...

    def build(self) -> None: ...

    def refresh_widgets(self) -> None: ...

    def assisted(self) -> bool: ...

    def busy(self) -> bool: ...

    def idle(self) -> bool: ...

    def shown_to_act(self) -> list[int]: ...


class TableFrame:
    """The order of a table's frame and its pace (see the module docstring)."""

    DIM_ONCE = True  # keep the dimmed table under a panel (game/ui/dimmed.py); tests turn it off

    def __init__(self, table: FramedTable) -> None:
        self.table = table
        self.still = StillLayer(table)  # the kept part of the picture
        self.dimmed = DimmedBackdrop()  # the table under the score and match-over panels
        self.sprites_seen: SpritesKey | None = None  # the cards as last compared (animating)

    # ----- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The table, a panel over it (dimmed under it), the widgets, the reconnecting banner."""
        table = self.table
        painter = table.painter
        alpha = 150 if table.over is None else 160 if table.score is None else None
        if self.DIM_ONCE and (table.score is not None or table.over is not None) and alpha:
            self.dimmed.draw(surface, self.under_key(), self.draw_under, alpha)
            painter.dimmed_below = True
        else:
            self.draw_under(surface)
            painter.dimmed_below = False
        if table.score is not None:
            table.score_panel.draw(surface)
        if table.over is not None:
            table.match_end.draw(surface, painter.dimmed_below)
        table.refresh_widgets()
        for widget in table.widgets:
            widget.draw(surface)
        table.widgets_fresh = False  # the next frame places them again (its update, or its draw)
        if table.app.shown() is cast(object, table):  # (its other orientation, made ahead quietly)
            turn_ahead.ask(table)
        if table.session.reconnecting:  # over everything: nothing can be played meanwhile
            label = t("online.reconnecting")
            painter.draw_banner(surface, label, painter.table_banner_y(), (80, 26, 22))

    def draw_under(self, surface: pygame.Surface) -> None:
        """The table and its banners: what a modal panel dims."""
        table = self.table
        self.still.draw(surface)
        table.aids.draw_suggestion(surface)
        table.painter.draw_banners(surface)

    def under_key(self) -> tuple[Hashable, ...]:
        """Everything :meth:`draw_under` draws from, while a panel is open (see dimmed.py)."""
        table = self.table
        aids, painter, plates = table.aids, table.painter, table.plates
        facts = plates.facts()
        return (
            self.still.whole_key(),
            painter.still_parts() if self.still.layered() else None,
            settle.picture_key(table),
            table.messages.hint[0] if table.messages.hint else None,
            table.messages.banner[0] if table.messages.banner else None,
            aids.notice[0] if aids.notice else None,
            aids.hint_line(),
            painter.status_banner(),
            table.assisted(),
            tuple(plates.part(seat, facts)[0] for seat in range(table.players)),
            painter.game_under_key(),
        )

    # ----- the window turned; frames with nothing new (game/ui/settle.py) -----------------------
    def relayout(self) -> None:
        """Lay the table out for the new layout at once: the game's own geometry follows (its
        painter's ``layout_changed``), the widgets are built again and the cards move to their
        places in the new layout, those in the air flying on to them. Match, selection, panels
        and the animation being shown are kept: it goes on in the new shape."""
        table = self.table
        app = table.app
        old = app.previous_layout or app.layout
        table.painter.layout_changed()
        table.build()  # (what Scene.relayout does)
        settle.move_to_layout(table, old, app.layout)
        turn_layers.turned(self.still)  # (the layer of the shape left, kept for turning back)
        table.widgets_fresh = False  # placed again once the cards are in their new places

    def animating(self) -> bool:
        """Cards moved since the last frame, an event is being shown, a hint, banner or panel
        is on screen or still sliding in, confetti falls, the game's own animation runs."""
        table = self.table
        settling = Speed.scale(1.0, motion=False) + 0.1
        if (
            table.events.showing(held=table.score is not None)
            or table.busy()
            or table.messages.hint is not None
            or table.messages.banner is not None
            or table.session.reconnecting
            or table.aids.animating()
            or (table.score is not None and table.score["t"] < settling)
            or table.match_end.animating(settling)
        ):
            self.sprites_seen = None  # (compared again once all that is over)
            return True
        picture = settle.picture_key(table)
        moved, self.sprites_seen = picture != self.sprites_seen, picture
        return moved or table.painter.animating()

    def wants_frames(self) -> bool:
        """Events still to show, timers running or a bot thinking: step every frame."""
        table = self.table
        thinking = getattr(table.session, "thinking", None) is not None
        return thinking or bool(table.events.timers) or not table.idle()

    def redraw_every(self) -> float | None:
        """The turn-timer ring follows the clock: four redraws a second while one runs; or
        sooner, when the next reaction bubble goes."""
        table = self.table
        session = table.session
        every = None
        if session.turn_seconds and session.phase != "over" and table.shown_to_act():
            every = 0.25
        reactions = table.plates.reactions
        due = reactions.due() if reactions is not None else None
        return every if due is None else min(due, every or due)
