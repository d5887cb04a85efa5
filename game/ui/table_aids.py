"""What helps the player at every card table: the your-turn cue and the last seconds' tick,
notices (what the table played for you when your time ran out), a question before a choice
that costs (e.g. a Ronda declaration the hand does not hold; an overlay), and hints.

**Hints**: the H key or the Hint button asks the session for the hard bot's move from
your own view (``session.hint_think()``, the game's ``bots.hint_think``); it is thought a few
milliseconds per frame like any bot (:class:`game.core.bots.Thinking`), never all at once, so the
frame loop never waits. The suggestion stays until the match moves on: the game marks it
(``hinted_rects``) and its reason (a key of the game's catalog and its figures,
:class:`game.core.hints.Reason`, worded by :mod:`game.client.hint_words`) shows at the banner
line; with one legal move it says only that.

:class:`TableAids` is a part the table scene owns (``self.aids``). It reads the table through
:class:`AidsTable`; the game says where a suggested move is (``hinted_rects``) and may act on a
fresh suggestion (``on_suggestion``, e.g. preselect the bid).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game import i18n
from game.client.hint_words import hint_words
from game.client.session import JSON, TableSession
from game.core.bots import Sliced
from game.core.cards import JOKER
from game.core.hints import Reason
from game.i18n import t
from game.ui import draw
from game.ui.draw import RGB
from game.ui.overlay import Action, Overlay
from game.ui.scale import px
from game.ui.tween import Speed
from game.ui.widgets import Button, Widget, beside_row

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.table_buttons import TableButtons
    from game.ui.table_messages import TableMessages

HINT_SLICE = 0.004  # seconds of hint thinking per frame (the browser has no threads)
NOTICE_SECONDS = 4.0
TURN_CUE_SECONDS = 1.6  # "Your turn" shows this long when the turn arrives
TICK_FROM = 5  # the tick sounds in the last seconds (docs/LOOK.md "Turn timers")
HintThinking = Sliced[tuple[JSON, Reason | None]]  # a hint: the move and its reason


def timer_color(remaining: float) -> RGB:
    """Calm until 10 s are left, amber then, red from 5 s (docs/LOOK.md "Turn timers")."""
    return draw.TURN if remaining > 10 else draw.AMBER if remaining > TICK_FROM else draw.RED


def card_words(code: str) -> str:
    """A French card in words ("the 7 of hearts"; Arabic "٧ هاص")."""
    if code == JOKER:
        return t("card.joker")
    rank, suit = code[:-1], code[-1]
    word = t(f"rank.{rank}") if rank in ("A", "K", "Q", "J") else i18n.digits(rank)
    return t("card.name", rank=word, suit=t(f"suit.{suit}"))


class AidsTable(Protocol):
    """What the aids read of their table (the table scene and its game's hooks)."""

    app: App
    session: TableSession
    me: int
    widgets: list[Widget]
    buttons: TableButtons  # the language button's row is the top bar's
    elapsed: float

    def awaiting_me(self) -> bool: ...
    def assisted(self) -> bool: ...
    def modal(self) -> bool: ...
    @property
    def messages(self) -> TableMessages: ...
    def on_suggestion(self, action: JSON) -> None: ...
    def hinted_rects(self, action: JSON) -> list[pygame.Rect]: ...


class TableAids:
    """Cues, notices, the confirm dialog and hints (see the module docstring)."""

    def __init__(self, table: AidsTable) -> None:
        self.table = table
        self.notice: tuple[str, float] | None = None
        self._asking: Overlay | None = None
        self.hinting: tuple[int, HintThinking] | None = None  # (session version, thought)
        self.suggestion: dict[str, Any] | None = None  # {"action", "reason", "version"}
        self.turn_cue = 0.0  # seconds the "your turn" cue still shows
        self.was_my_turn = False
        self.last_tick_second: int | None = None
        self.timed_out = False  # your turn timed out; the safe move follows (TB-7)

    def widgets(self) -> list[Widget]:
        """The Hint button (in the top bar, beside the language button)."""
        layout = self.table.app.layout
        tb = layout.top_bar
        self.hint_button = Button(
            (0, tb.y, px(112), tb.h), lambda: t("hint.button"), self.request_hint, 22, key="hint"
        )
        return [self.hint_button]

    def place_hint_button(self, modal: bool) -> None:
        """Shown where hints are offered, beside the top bar's leftmost button on its side."""
        table = self.table
        button = self.hint_button
        button.visible = not modal and table.session.hints_offered() and not table.assisted()
        button.selected = self.hinting is not None or self.suggestion is not None
        beside_row(button, table.widgets, table.buttons.lang.rect.y, table.app.layout.w)

    # ----- the your-turn cue and the tick -------------------------------------------------------
    def update(self, dt: float) -> None:
        """Per frame: the cues, the notice's time, the hint's thinking."""
        table = self.table
        mine = table.awaiting_me()
        if mine and not self.was_my_turn:
            table.app.audio.play("turn", 0.6)
            self.turn_cue = Speed.scale(TURN_CUE_SECONDS, motion=False)
        elif not mine:
            self.turn_cue = 0.0
        self.was_my_turn = mine
        self.turn_cue = max(0.0, self.turn_cue - dt)
        rem = table.session.remaining(table.me)
        if rem is not None and rem <= TICK_FROM and mine:
            second = math.ceil(rem)
            if second != self.last_tick_second and second > 0:
                self.last_tick_second = second
                table.app.audio.play("tick", 0.5)
        else:
            self.last_tick_second = None
        if self.notice:
            left = self.notice[1] - dt
            self.notice = (self.notice[0], left) if left > 0 else None
        self._step_hint()

    def show_notice(self, message: str, seconds: float = NOTICE_SECONDS) -> None:
        """A message for the player at the banner line, away from the plates."""
        self.notice = (message, Speed.scale(seconds, motion=False))

    def timeout_notice(self, what: str) -> None:
        """Your time ran out and the table played ``what`` (already in words) for you."""
        self.timed_out = False
        self.show_notice(t("timeout.played", what=what))

    # ----- a choice that costs: ask first -------------------------------------------------------
    def ask(
        self,
        title: str,
        text: str,
        yes: str,
        no: str,
        on_yes: Callable[[], None],
        primary: str = "yes",
    ) -> None:
        """Ask before ``on_yes`` in an overlay (game/ui/overlay.py): ``title``, ``text`` and
        the two answers, all already in words; Esc says no. ``primary`` ("yes" or "no") is the
        gold button and Enter's answer: "no" when yes is the costly choice, so the lit button
        is always the safe one."""
        if primary not in ("yes", "no"):
            raise ValueError(f"primary is 'yes' or 'no', not {primary!r}")
        cancel = Action(lambda: no, None, "no", primary=primary == "no")
        app = self.table.app
        self._asking = Overlay(
            app,
            lambda: title,
            lambda: text,
            [cancel, Action(lambda: yes, on_yes, "yes", primary=primary == "yes")],
            stack=False,
            escape=cancel,
            key="ask",
        )
        show: Callable[[Overlay], object] = app.open_overlay  # App's is not annotated yet
        show(self._asking)

    @property
    def asking(self) -> Overlay | None:
        """The question open now, if any."""
        asked = self._asking
        return asked if asked is not None and asked.open else None

    # ----- hints ------------------------------------------------------------------------------
    def request_hint(self) -> None:
        """H / the Hint button: think the hard bot's move for you (in slices, see _step_hint)."""
        table, session = self.table, self.table.session
        if not session.hints_offered():
            table.messages.show_hint(t("hint.not_offered"))
            return
        if not table.awaiting_me() or table.modal():
            table.messages.show_hint(t("hint.wait"))
            return
        if self.suggestion is not None and self.suggestion["version"] == session.version:
            self.suggestion = None  # a second press hides it
            return
        thought = session.hint_think()
        if thought is None:
            table.messages.show_hint(t("hint.wait"))
            return
        self.hinting = (session.version, Sliced(thought))

    def _step_hint(self) -> None:
        """Think the hint a slice; drop it (and a shown suggestion) once the match moved on."""
        version = self.table.session.version
        if self.suggestion is not None and (
            self.suggestion["version"] != version or not self.table.awaiting_me()
        ):
            self.suggestion = None
        if self.hinting is None:
            return
        asked, thinking = self.hinting
        if asked != version:
            self.hinting = None
            return
        if thinking.step(HINT_SLICE):
            self.hinting = None
            action, reason = thinking.answer
            self.suggestion = {"action": dict(action), "reason": reason, "version": version}
            self.table.on_suggestion(self.suggestion["action"])
            self.table.app.audio.play("bid", 0.4)

    def hint_line(self) -> str | None:
        """The suggestion's reason in words with its figures (or a plain "the suggested
        move"); the one legal move says only that."""
        if self.suggestion is None:
            return t("hint.thinking") if self.hinting is not None else None
        session = self.table.session
        return hint_words(
            self.suggestion["reason"], session.game, lambda seat: t(session.seats[seat].name)
        )

    def draw_suggestion(self, surface: pygame.Surface) -> None:
        """A pulsing gold frame around what the hint suggests."""
        if self.suggestion is None or self.table.modal():
            return
        pulse = 0.5 + 0.5 * math.sin(self.table.elapsed * 6)
        width = px(3 + round(2 * pulse))
        grow, radius = px(10), px(12)
        for rect in self.table.hinted_rects(self.suggestion["action"]):
            pygame.draw.rect(
                surface, draw.GOLD, rect.inflate(grow, grow), width, border_radius=radius
            )

    def animating(self) -> bool:
        return bool(self.notice or self.turn_cue > 0 or self.hinting or self.suggestion)
