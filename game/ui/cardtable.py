"""What every card table shares: the :class:`CardTable` scene base.

A game's table scene (``game/games/<name>/scene.py``) subclasses :class:`CardTable` and plays
one seat of a match through a :class:`game.client.session.TableSession` (``self.session``) —
local (engine, bots and clocks in this process) or online (the table server): the scene reads
the session's view and legal actions and animates its events, never an engine. The base owns
the machinery that is the same for every game:

- the *event player* (``self.events``, :class:`game.ui.event_player.EventPlayer`): events
  from the session are shown one after another; ``_on_<event type>(ev)`` (a subclass method)
  starts showing one and returns how many seconds it blocks the next, so the screen never
  jumps ahead of what the player has seen; ``after`` sets a timer on the same clock;
- ``idle()``, and holding the turn clocks while anything is still being shown (TB-6);
- letting the bots think (the local session, in slices) once the screen has caught up;
- ``my_turn()``: the player may play now (a game with another notion overrides it);
- saving the match after every action (``self.saver``, :mod:`game.ui.table_saver`: the
  player's own at once, a bot's on a quiet frame; local tables only);
- the widgets every table has (``self.buttons``, :mod:`game.ui.table_buttons`: menu,
  language, "I'm back" for TB-8, the score panel's next, the match-over panel's again / menu),
  listed and placed with the game's own, and refusals shown as hints.

Making a match (a new one against bots, an all-bot autoplay, a saved one rebuilt) is not the
scene's job: :class:`game.ui.table_making.TableMaker` makes the session and builds the scene
on it. The scene owns its parts: the event player (``self.events``), where each seat is drawn
(``self.places``, :mod:`game.ui.seat_places`), the seats' plates (``self.plates``,
:mod:`game.ui.seat_plates`), the own hand's pointer, drag and glide (``self.hand_view``,
:mod:`game.ui.hand_view`), the aids (``self.aids``: the your-turn cue, notices, questions,
hints; :mod:`game.ui.table_aids`), the buttons every table has (``self.buttons``,
:mod:`game.ui.table_buttons`) and the frame (``self.frame``, :mod:`game.ui.table_frame`: the
order of what is drawn, the still layer, panels dimming the table, relayout and idle frames).
Every input event goes in through ``self.input_flow`` (:mod:`game.ui.table_input`); cards on
screen are :class:`game.ui.sprites.Sprite`. Seats are the engine's numbers; ``self.me`` is the
player's seat and ``self.places.spot(seat)`` where a seat sits on the screen.

A subclass sets ``score_panel`` (its score panel, which also gives the match-over panel's
headline and ranking: :class:`game.ui.table_drawing.ScorePart`), ``taps`` (its input part:
what a tap, a drag or a key does at its table, :class:`game.ui.table_input.GameTaps`),
``painter`` (its drawing: a :class:`game.ui.table_drawing.TablePainter` answering the frame's
hooks: ``draw_table``, ``draw_hud``, ``figure(seat)``, its banners' lines…), ``places`` if it
places its seats its own way (a :class:`game.ui.seat_places.SeatPlaces`), ``name`` (the game
key), ``DEFAULT_PLAYERS`` and ``ENGINE_OPTIONS`` (the bots' names are its spec's
``bot_names``), and overrides:

- ``build_controls()`` → its own widgets; ``place_controls(modal)`` shows/places them;
- ``sync_from_view()`` (show a match as it stands, without animation), ``update_sprites(dt)``,
  ``after_update(dt)``, ``busy()`` (cards still moving that block the turn clocks),
  ``bot_pause(view, legal)``;
- ``_on_<type>(ev)`` handlers for the engine's events.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.client.local import LocalSession
from game.client.online import OnlineSession
from game.client.server_link import server_message
from game.client.session import Refusal, SeatState, TableSession
from game.ui import assets, coach_marks, scoreboard, settle
from game.ui.event_player import BOT_PAUSE, EventPlayer
from game.ui.hand_view import HandView
from game.ui.over_check import check_button, place_check
from game.ui.plates import deck_codes
from game.ui.reactions import TableReactions
from game.ui.scene import Scene
from game.ui.seat_places import SeatPlaces
from game.ui.seat_plates import SeatPlates
from game.ui.sprites import Sprite
from game.ui.table_aids import TableAids
from game.ui.table_buttons import TableButtons
from game.ui.table_drawing import ScorePart, TablePainter
from game.ui.table_frame import TableFrame
from game.ui.table_input import GameTaps, TableInputFlow
from game.ui.table_messages import TableMessages
from game.ui.table_online import follow_connection
from game.ui.table_over import MatchEnd
from game.ui.table_saver import TableSaver
from game.ui.tween import Speed
from game.ui.watching import WatchBar, watch_bar
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.layout import Layout

JSON = dict[str, Any]


def as_session(table: Any, bot_seed: int | None, game: str) -> TableSession:
    """``table`` as a session: a session as it is; a :class:`game.table.Table` (tests and the
    screenshot scripts build those) played from seat 0 in this process."""
    if isinstance(table, TableSession):
        return table
    return LocalSession(table, bot_seed=bot_seed, game=game)


class CardTable(Scene):
    """One seat of a match (``session.me``), shown and played. See the module docstring."""

    # A table with a hand of sprites keeps them (code → sprite), their order and the selected
    # card (the hand view reads them; game/ui/hand_view.py).
    hand: Mapping[str, Sprite]
    hand_order: list[str]
    selected: str | None
    score_panel: ScorePart  # the game's score panel part (set before CardTable.__init__)
    taps: GameTaps  # the game's own input part: taps, drags and keys (set before it too)
    painter: TablePainter  # the game's drawing (set before CardTable.__init__)
    places: SeatPlaces  # where the seats are drawn (a game may set its own first)

    name = "cardtable"
    DEFAULT_PLAYERS = 4
    ENGINE_OPTIONS: tuple[str, ...] = ()  # menu options passed on to the engine
    DECK = "french"  # the card sprites' folder ("spanish" for Ronda)
    CARDS: tuple[str, ...] = ()  # the codes the game deals (none: every face in DECK's folder)
    persist = True  # its local matches are saved (a replay's table is not: scenes/replay.py)

    def __init__(
        self,
        app: App,
        session: TableSession,
        start_events: list[JSON] | None = None,
        bot_seed: int | None = None,
        options: JSON | None = None,
    ) -> None:
        self.session = as_session(session, bot_seed, self.name)
        self.me = self.session.me
        self.players = self.session.players
        self.options = dict(options or {})
        local = not (app.options.autoplay or app.options.screenshots or self.session.online)
        enabled = local and self.persist
        self.saver = TableSaver(app.quiet, self.session, self.name, self.options, enabled=enabled)
        self.messages = TableMessages()  # the hint line and the banner
        self.events = EventPlayer(
            self.session,
            self.show_event,
            self.saver.bot_move,
            lambda refused: self.messages.show_hint(self.refusal_text(refused)),
        )
        if "places" not in vars(self):  # (a game that places its seats its own way set it)
            self.places = SeatPlaces(self.session, lambda: app.layout)
        self.plates = SeatPlates(self)
        if isinstance(self.session, OnlineSession):  # reactions beside the plates
            self.plates.reactions = TableReactions(self, self.session)
        self.plates.watch = WatchBar(self)  # the watchers' eye; a spectator's tag and Leave
        self.hand_view = HandView(self)
        self.input_flow = TableInputFlow(self)  # every input event goes in through it
        self.buttons = TableButtons(self)  # menu, language, I'm back, next, again, menu
        self.flying: list[Sprite] = []  # cards in the air that belong to no hand
        self.phase = "deal"  # displayed phase (the subclass moves it on)
        self.dealer = 0
        self.totals = [0] * len(self.session.totals)
        self.score: JSON | None = None  # the score panel while open ({"entry", "t"})
        self.fx_rng = random.Random(bot_seed if bot_seed is not None else 99)
        self.match_end = MatchEnd(self)  # the match-over panel, confetti (table_over.py)
        self.aids = TableAids(self)
        self.frame = TableFrame(self)  # the frame's order, its still layer, its pace
        self.elapsed = 0.0
        self.widgets_fresh = False  # placed for this frame (see refresh_widgets)
        start = list(start_events) if start_events else self.session.take_events()
        super().__init__(app)
        self.preload()
        if start:
            self.events.start_with(start)
        else:
            self.sync_from_view()

    # ----- construction ------------------------------------------------------------------------
    def preload(self) -> None:
        """Card faces at the layout's sizes, decoded now rather than on their first flight."""
        codes = sorted(set(self.CARDS)) or deck_codes(self.DECK)
        assets.preload(
            codes,
            self.face_sizes(self.app.layout, self.players),
            self.DECK,
            self.app.settings.get("four_color", False),
        )

    @classmethod
    def face_sizes(cls, layout: Layout, players: int) -> tuple[tuple[int, int], ...]:
        """The sizes this table shows card faces at (also made ahead: game/ui/warmup.py)."""
        return (layout.card, layout.trick_card, layout.small)

    def sync_from_view(self) -> None:
        """Override: show the match as it stands now, with no animation (after Continue)."""

    # ----- seats ----------------------------------------------------------------------------------
    @property
    def my_seat(self) -> SeatState:
        return self.session.seats[self.me]

    def others(self) -> list[int]:
        """The other seats, in the order of play after yours."""
        return self.places.seating.others()

    def assisted(self) -> bool:
        """The table plays your seat for you now (TB-8)."""
        return self.my_seat.assisted and self.session.phase != "over"

    # ----- widgets -----------------------------------------------------------------------------
    def build(self) -> None:
        self.buttons.build()
        self.widgets = [
            scoreboard.rebuilt(self),  # first: while open it takes every tap and key
            *self.buttons.top_bar(),
            *self.build_controls(),
            *self.aids.widgets(),
            *self.buttons.over_table(),
            check_button(self),
        ]
        if self.plates.reactions is not None:
            self.widgets += self.plates.reactions.widgets()
        self.widgets += watch_bar(self).widgets()
        self._place_widgets()
        self.widgets_fresh = True
        self.warm_pictures()
        self.app.quiet.make_ahead(partial(menus_ahead, self))

    def warm_pictures(self) -> None:
        """Override: paint, as the table is built, pictures first needed mid-animation."""

    def build_controls(self) -> list[Widget]:
        """Override: the game's own widgets (created for the current layout)."""
        return []

    def place_controls(self, modal: bool) -> None:
        """Override: show/hide and place the game's own widgets (every frame)."""

    def next_label(self) -> str:
        """The i18n key of the score panel's button."""
        return "score.next"

    @property
    def over(self) -> JSON | None:
        """The match-end panel's state while it is open ({"result", "t"}; table_over.py)."""
        return self.match_end.over

    def modal(self) -> bool:
        return self.score is not None or self.over is not None

    def refresh_widgets(self) -> None:
        """Place the widgets unless they are placed for this frame already. ``update`` places
        them once a frame; handling an event or drawing a frame leaves them to be placed again
        (what the event did may change them; the next frame's update may be held, e.g. under
        the pause menu while the language changes in Settings, and then its draw places them)."""
        if not self.widgets_fresh:
            self._place_widgets()
            self.widgets_fresh = True

    def _place_widgets(self) -> None:
        """Show only the controls that apply now, placed for the current state."""
        modal = self.modal()
        self.buttons.place_top_bar(modal)
        scoreboard.place(self, modal)  # beside the language button, before the hint's
        self.place_controls(modal)
        if self.plates.reactions is not None:  # (the hint's button goes beside its one)
            self.plates.reactions.place(self.score is not None, (self.aids.hint_button,))
        self.aids.place_hint_button(modal)
        self.buttons.place_over_table(modal)
        place_check(self, self.widget("check"))
        watch_bar(self).place(self.score is not None, self.plates.reactions)
        self.input_flow.hold_summaries()

    # ----- state questions --------------------------------------------------------------------
    def busy(self) -> bool:
        """Override: cards still moving that the player must see before anyone acts."""
        return False

    def idle(self) -> bool:
        """Everything the engine reported has been shown and nothing blocks."""
        return self.events.caught_up() and self.score is None and not self.busy()

    def awaiting_me(self) -> bool:
        """Override: the player must act now (for the your-turn cue and the tick)."""
        return False

    def my_turn(self) -> bool:
        """You may play now: every event has at least started showing, no panel is open, the
        turn is yours alone and the table does not play it for you. (The last card before
        yours may still be landing: input is not held back for it.)"""
        return (
            not self.events.queue
            and self.score is None
            and self.phase == "play"
            and self.session.phase == "play"
            and self.session.to_act() == [self.me]
            and not self.my_seat.automated
        )

    def shown_to_act(self) -> list[int]:
        """Seats whose turn the screen shows (only once the screen has caught up)."""
        if self.session.phase == "over" or not self.idle() or self.phase == "deal":
            return []
        return self.session.to_act()

    # ----- actions ------------------------------------------------------------------------------
    def act(self, seat: int, action: JSON, human: bool) -> bool:
        """Submit ``action`` for ``seat``; its events join the animation queue, a refusal of
        the player's action shows as a hint."""
        done = self.session.act(action, seat=seat, human=human)
        self.events.take()
        if done and human:
            self.saver.own_move()  # the player's own move is written at once (table_saver.py)
        return done

    def refusal_text(self, refused: Refusal) -> str:
        """What to tell the player about a refused action, in their language (a game may say
        more, e.g. with the numbers in the refusal)."""
        if refused.online:
            return server_message({"code": refused.code, "message": refused.message})
        return i18n.refusal(refused)

    def close_score(self) -> None:
        self.score = None

    def open_pause(self) -> None:
        """The pause menu (Esc, the menu button): resume, rules, settings, leave."""
        from game.ui.scenes.pause import open_pause

        open_pause(self)

    # ----- input (game/ui/table_input.py: widgets, Esc and the panels, then these, then taps) -
    def handle(self, event: pygame.event.Event) -> None:
        if coach_marks.handle(self, event):  # a guided round's bubble (Skip, Got it)
            return
        self.input_flow.handle(event)

    def keys(self, event: pygame.event.Event) -> None:
        """A key press the widgets did not take: H asks for a hint, others go to the game's
        ``taps`` (a game may hold them back: Hand rummy while its sheet of hands is open)."""
        if event.key == pygame.K_h:
            self.aids.request_hint()
        else:
            self.taps.key(event)

    def on_escape(self) -> None:
        """Esc at the table: the pause menu (a game may first let Esc undo a selection)."""
        self.open_pause()

    # ----- the aids' hooks (game/ui/table_aids.py): a game says what a suggestion means -------
    def on_suggestion(self, action: JSON) -> None:
        """Override: do something with a fresh suggestion (e.g. preselect the bid)."""

    def hinted_rects(self, action: JSON) -> list[pygame.Rect]:
        """Override: where on screen the suggested ``action`` is (cards, piles, buttons)."""
        return []

    # ----- the frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.session.poll()
        self.events.take()
        if self.session.lost or self.session.resumed or self.session.closed:
            follow_connection(self)  # table_online.py: lost → the menu; back → rebuilt
            return
        self.elapsed += dt
        self.saver.tick(dt)
        self.events.run_timers(dt)
        self.update_sprites(dt)
        self.events.play(dt, held=lambda: self.score is not None)  # until the panel closes
        # Turn clocks run only once the player has seen everything; local turns time out here.
        self.session.pace(self.idle())
        self.events.take()
        if self.idle():
            resting = self.session.phase == "over" or self.phase == "deal"
            self.events.drive_bots(dt, self.bot_pause, resting)
        self.aids.update(dt)
        if self.plates.reactions is not None:
            self.plates.reactions.update(dt)
        self.messages.tick(dt)
        if self.score is not None:
            self.score["t"] += dt
            if self.app.options.autoplay and self.score["t"] > Speed.scale(1.5, motion=False):
                self.close_score()
        self.match_end.update(dt)
        self.after_update(dt)
        self._place_widgets()  # once a frame (see refresh_widgets)
        self.widgets_fresh = True

    def own_sprites(self) -> list[Sprite]:
        """Override (call super): every card sprite the scene shows, for the still frames, the
        relayout and the end of an animation (game/ui/settle.py): by default the sprites among
        the scene's own attributes; a game adds those its parts hold."""
        return settle.held_sprites(self)

    def draw(self, surface: pygame.Surface) -> None:
        """The table (game/ui/table_frame.py), then the reactions and the scoreboard."""
        self.frame.draw(surface)
        watch_bar(self).draw(surface)
        if self.plates.reactions is not None:
            self.plates.reactions.draw(surface)
        coach_marks.draw_over(self, surface)  # a guided round's marks (game/ui/coach_marks.py)
        scoreboard.draw_over(self, surface)  # the scoreboard while open, over everything

    # the rest of the Scene's contract is the frame's (game/ui/table_frame.py)
    def redraw_every(self) -> float | None:
        return self.frame.redraw_every()

    def animating(self) -> bool:
        return self.frame.animating()

    def wants_frames(self) -> bool:
        return self.frame.wants_frames()

    def relayout(self) -> None:
        self.frame.relayout()

    def update_sprites(self, dt: float) -> None:
        """Override (call super): advance every sprite the game owns."""
        for sprite in list(self.flying):
            sprite.update(dt)

    def after_update(self, dt: float) -> None:
        """Override: per-frame bookkeeping after events, clocks and bots."""

    def after(self, seconds: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``seconds`` of frames (on the event player's clock)."""
        self.events.after(seconds, callback)

    # ----- bots --------------------------------------------------------------------------------
    def bot_pause(self, view: JSON, legal: list[JSON]) -> float:
        """Override: the least time (normal speed) a bot seems to think before it acts, given
        what it sees (``view``) and may do (``legal``)."""
        return BOT_PAUSE

    # ----- events → animation -------------------------------------------------------------------
    def show_event(self, ev: dict[str, Any]) -> float:
        """Start showing one event; returns how long it blocks the next one (seconds)."""
        handler = getattr(self, f"_on_{ev['type']}", None)
        return handler(ev) if handler else 0.0

    def _on_match_over(self, ev: JSON) -> float:
        self._open_over(ev)
        self.app.audio.play("win", 0.8)
        return 0.0

    def _on_turn_timeout(self, ev: JSON) -> float:
        """TB-7: the safe move follows; the game's handler for it says what was played."""
        if ev.get("seat") == self.me:
            self.aids.timed_out = True
        return 0.0

    def _open_over(self, result: JSON) -> None:
        """The match is over (a game may add to ``result`` first, e.g. its ranking)."""
        self.match_end.open(result)


def menus_ahead(table: CardTable) -> bool:
    """``table``'s pause menu and the dimmed table under its panels made ahead on a quiet
    frame (game/ui/scenes/pause.py); False, doing nothing, unless it is the table shown."""
    from game.ui.scenes.pause import make_menus_ahead

    return make_menus_ahead(table)
