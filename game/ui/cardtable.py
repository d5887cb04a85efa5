"""What every card table shares: card sprites and the :class:`CardTable` scene base.

A game's table scene (``game/games/<name>/table.py``) subclasses :class:`CardTable`. The base
owns the machinery that is the same for every game:

- the *event queue*: events from ``table.act`` / ``table.tick`` are shown one after another;
  ``_on_<event type>(ev)`` (a subclass method) starts showing one and returns how many seconds
  it blocks the next, so the screen never jumps ahead of what the player has seen;
- ``idle()``, and holding the table's turn clocks while anything is still being shown (TB-6);
- bots thinking in slices (``Thinking.step(0.004)`` a frame) once the screen has caught up;
- saving the match record after every action (``storage.save_match({"game": name, ...})``)
  and rebuilding it (``from_saved``);
- seat plates: avatar with initial, name, the game's key figure and the turn-timer ring
  (calm → amber at 10 s → red at 5 s, with a tick for the player's own last seconds);
- the auto-assist banner with "I'm back" (TB-8), hints, banners, the top bar (menu button,
  language toggle), the score-panel frame and the match-over panel with its celebration.

A subclass sets ``name`` (the game key), ``MATCH`` (the engine's Match class), ``BOTS`` (its
bots module with ``think``) and ``DEFAULT_PLAYERS``, and overrides:

- ``build_controls()`` → its own widgets; ``place_controls(modal)`` shows/places them;
- ``sync_from_view()`` (show a restored match without animation), ``update_sprites(dt)``,
  ``after_update(dt)``, ``busy()`` (cards still moving that block the turn clocks);
- ``draw_table(surface)`` (everything between the felt and the banners), ``draw_hud``,
  ``figure(seat)`` (the plate's key figure), ``draw_score_panel`` when ``self.score`` is set;
- ``over_rows()`` / ``over_headline()`` for the match-over panel;
- ``_on_<type>(ev)`` handlers for the engine's events.
"""
from __future__ import annotations

import math
import random
import sys
from collections import deque
from collections.abc import Callable
from typing import Any

import pygame

from game import i18n
from game.core.bots import Thinking, bot_rng
from game.core.errors import IllegalAction
from game.i18n import digits, t
from game.table import Seat, SystemClock, Table
from game.ui import assets, draw, settle, stats, storage
from game.ui.plates import PLATE_AVATAR, deck_codes, plate_avatar, plate_body
from game.ui.scene import Scene
from game.ui.tween import Motion, Speed, approach, ease_out
from game.ui.widgets import Button

FLIP = 0.22
BOT_PAUSE = 0.45         # a bot "thinks" at least this long, so play can be followed
HINT_SECONDS = 1.8
SEAT_COLORS = [(64, 120, 110), (150, 84, 60), (96, 86, 150), (140, 116, 52)]
SIDE_COLORS = [(70, 130, 190), (196, 96, 70)]     # team play: blue side 0, terracotta side 1

# Seat positions on the layout (0 bottom, 1 right, 2 top, 3 left) for each player count:
# counter-clockwise, so the next seat is always to the right of the previous one.
SPOTS = {2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3]}


# ----- sprites -----------------------------------------------------------------------------
class Sprite:
    """A card on screen: position, size, face or back, an optional motion and flip."""

    def __init__(self, code: str | None, pos: tuple[float, float], size: tuple[int, int],
                 face_up: bool = True, deck: str = "french"):
        self.code = code
        self.deck = deck              # "french" or "spanish": "10C" is a card of both
        self.pos = pos
        self.size = size
        self.face_up = face_up
        self.motion: Motion | None = None
        self.on_land: Callable[[], None] | None = None
        self.hide_until_start = False
        self.flip_t: float | None = None
        self.flip_len = FLIP
        self.shake = 0.0
        self._next_size: tuple[int, int] | None = None

    def move(self, end: tuple[float, float], duration: float, delay: float = 0.0,
             ease=ease_out, arc: float = 0.0, on_land: Callable[[], None] | None = None,
             size: tuple[int, int] | None = None) -> None:
        """Fly to ``end``; the card takes ``size`` half-way; ``on_land`` runs on arrival."""
        self.motion = Motion(self.pos, end, duration, delay, ease, arc)
        self.on_land = on_land
        if size is not None:
            self._next_size = size

    @property
    def moving(self) -> bool:
        return self.motion is not None

    def start_flip(self, duration: float) -> None:
        self.flip_t = 0.0
        self.flip_len = max(0.01, duration)

    def update(self, dt: float) -> None:
        if self.motion is not None:
            self.motion.update(dt)
            if self.motion.started:
                self.pos = self.motion.pos
                if self._next_size is not None and self.motion.progress > 0.5:
                    self.size, self._next_size = self._next_size, None
            if self.motion.done:
                self.pos = self.motion.end
                self.motion = None
                if self._next_size is not None:
                    self.size, self._next_size = self._next_size, None
                land, self.on_land = self.on_land, None
                if land:
                    land()
        if self.flip_t is not None:
            self.flip_t += dt
            if self.flip_t >= self.flip_len / 2 and not self.face_up:
                self.face_up = True
            if self.flip_t >= self.flip_len:
                self.flip_t = None
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)

    @property
    def visible(self) -> bool:
        return not (self.hide_until_start and self.motion is not None and not self.motion.started)

    def image(self, four_color: bool) -> pygame.Surface:
        if self.face_up and self.code:
            return assets.card_face(self.code, self.size, four_color, self.deck)
        return assets.card_back(self.size)

    def rect(self) -> pygame.Rect:
        r = pygame.Rect((0, 0), self.size)
        r.center = (round(self.pos[0]), round(self.pos[1]))
        return r

    def draw(self, surface: pygame.Surface, four_color: bool, dimmed: bool = False,
             glow: bool = False, glow_color: tuple | None = None) -> None:
        if not self.visible:
            return
        img = self.image(four_color)
        x, y = self.pos
        if self.shake > 0:
            x += math.sin(self.shake * 60) * 7 * (self.shake / 0.35)
        if self.flip_t is not None:
            k = abs(1 - 2 * min(1.0, self.flip_t / self.flip_len))
            w = max(2, round(self.size[0] * k))
            img = pygame.transform.scale(img, (w, self.size[1]))
            rect = img.get_rect(center=(round(x), round(y)))
            surface.blit(shadow(img.get_size()), rect.move(2, 4))   # narrows as the card turns
            surface.blit(img, rect)
        else:
            rect = img.get_rect(center=(round(x), round(y)))
            surface.blit(assets.shadowed(img, 2, 4), rect)
        if glow:
            pygame.draw.rect(surface, glow_color or draw.TURN, rect.inflate(6, 6), 3,
                             border_radius=10)
        if dimmed:
            surface.blit(veil(img.get_size()), rect)


_SHADOWS: dict = {}
_VEILS: dict = {}


def shadow(size: tuple[int, int]) -> pygame.Surface:
    """A soft card shadow of ``size`` (cached)."""
    if size not in _SHADOWS:
        img = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(img, (0, 0, 0, 70), img.get_rect(), border_radius=max(4, size[0] // 12))
        _SHADOWS[size] = img
    return _SHADOWS[size]


def veil(size: tuple[int, int]) -> pygame.Surface:
    """The dark veil over a card that may not be played (cached)."""
    if size not in _VEILS:
        img = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(img, (10, 16, 16, 120), img.get_rect(),
                         border_radius=max(4, size[0] // 12))
        _VEILS[size] = img
    return _VEILS[size]


# ----- the scene base --------------------------------------------------------------------------
class CardTable(Scene):
    """A match at a local table: you (seat 0) and bots. See the module docstring."""

    name = "cardtable"
    MATCH: Any = None            # the engine's Match class
    BOTS: Any = None             # the bots module (``think(view, legal, level, rng)``)
    DEFAULT_PLAYERS = 4
    DECK = "french"              # the card sprites' folder ("spanish" for Ronda)
    ENGINE_OPTIONS: tuple[str, ...] = ()   # menu options passed on to Match.new
    BOT_NAMES = "name.{i}"       # i18n keys of the bots' names (i = 1, 2, 3)

    def __init__(self, app, table: Table, start_events: list[dict] | None = None,
                 bot_seed: int | None = None, options: dict | None = None):
        self.table = table
        self.match = table.match
        self.players = table.match.players
        self.options = dict(options or {})
        self.spots = SPOTS[self.players]
        self.persist = not (app.options.autoplay or app.options.screenshots)
        self.queue: deque[dict] = deque()
        self.timers: list[list] = []          # [seconds left, callback]
        self.wait = 0.0                       # the current event's animation still blocks
        self.flying: list[Sprite] = []        # cards in the air that belong to no hand
        self.phase = "deal"                   # displayed phase (the subclass moves it on)
        self.dealer = 0
        self.totals = [0] * len(self.match.totals)
        self.hint: tuple[str, float] | None = None
        self.banner: tuple[str, float] | None = None
        self.score: dict | None = None        # the score panel while open ({"entry", "t"})
        self.over: dict | None = None         # the match-end panel
        self.thinking: tuple[int, Thinking, float] | None = None
        self.bot_rngs = [bot_rng(None if bot_seed is None else bot_seed * 8 + s)
                         for s in range(self.players)]
        self.fx_rng = random.Random(bot_seed if bot_seed is not None else 99)
        self.confetti: list[list[float]] = []
        self._confetti_colors: list[tuple] = []
        self.last_tick_second: int | None = None
        self.was_my_turn = False
        self.elapsed = 0.0
        super().__init__(app)
        self.preload()
        if start_events:
            self.queue.extend(start_events)
        else:
            self.sync_from_view()

    # ----- construction ------------------------------------------------------------------------
    def preload(self) -> None:
        """Card faces at the layout's sizes, decoded now rather than on their first flight."""
        L = self.app.layout
        rules = sys.modules.get(getattr(self.MATCH, "__module__", ""))
        codes = sorted(set(getattr(rules, "DECK", ()))) or deck_codes(self.DECK)
        assets.preload(codes, (L.card, L.trick_card, L.small), self.DECK,
                       self.app.settings.get("four_color", False))

    @classmethod
    def engine_options(cls, options: dict | None) -> dict:
        """The part of the menu's options the engine takes (``players`` is separate)."""
        return {k: v for k, v in (options or {}).items() if k in cls.ENGINE_OPTIONS}

    @classmethod
    def new_match(cls, app, level: str = "normal", turn_seconds: int | None = None,
                  options: dict | None = None, seed: int | None = None,
                  deck: list[str] | None = None, all_bots: bool = False, clock=None):
        """A new match: you against bots at ``level`` (or all bots for autoplay).
        ``options`` are the menu's: ``players`` plus the engine's own options."""
        options = dict(options or {})
        players = int(options.get("players", cls.DEFAULT_PLAYERS))
        match = cls.MATCH.new(players, cls.engine_options(options), seed=seed, deck=deck)
        seats = [Seat("bot" if all_bots else "human", "seat.you", level)]
        seats += [Seat("bot", cls.BOT_NAMES.format(i=i), level) for i in range(1, players)]
        table = Table(match, seats, clock or SystemClock(), turn_seconds)
        scene = cls(app, table, [e.for_seat(0) for e in match.start_events], bot_seed=seed,
                    options=options)
        scene.save()
        return scene

    @classmethod
    def start_autoplay(cls, app, options: dict | None = None) -> CardTable:
        """Bots in every seat play a whole match through the real loop and scenes
        (``main.py --autoplay``); the scene reports the result through app.finish_autoplay."""
        scene = cls.new_match(app, level=app.settings.get("level", "normal"), options=options,
                              seed=app.options.seed, all_bots=True)
        app.switch(scene)
        return scene

    @classmethod
    def from_saved(cls, app, saved: dict):
        """Rebuild a saved match (seed + action log + seats); None if it cannot be replayed."""
        try:
            match = cls.MATCH.replay(saved["record"])
            seats = [Seat(s["kind"], s["name"], s["level"]) for s in saved["seats"]]
            table = Table(match, seats, SystemClock(), saved.get("turn_seconds"))
        except Exception:
            storage.clear_match()
            return None
        if match.phase == "over":
            storage.clear_match()
            return None
        return cls(app, table, options=saved.get("options"))

    def save(self) -> None:
        """Store the match after every action so a restart can continue it."""
        if not self.persist:
            return
        if self.match.phase == "over":
            storage.clear_match()
            return
        storage.save_match({
            "game": self.name,
            "record": self.match.record(),
            "seats": [{"kind": s.kind, "name": s.name, "level": s.level}
                      for s in self.table.seats],
            "turn_seconds": self.table.turn_seconds,
            "options": self.options,
        })

    def sync_from_view(self) -> None:
        """Override: show the match as it stands now, with no animation (after Continue)."""

    # ----- seats on the screen -----------------------------------------------------------------
    def spot(self, seat: int) -> int:
        """The layout position (0 bottom, 1 right, 2 top, 3 left) of ``seat``."""
        return self.spots[seat]

    def plate_rect(self, seat: int) -> pygame.Rect:
        return self.app.layout.plate_rect(self.spot(seat))

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        return self.app.layout.seat_anchor[self.spot(seat)]

    def seat_hand(self, seat: int) -> tuple[int, int]:
        return self.app.layout.seat_hand[self.spot(seat)]

    def seat_name(self, seat: int) -> str:
        return t(self.table.seats[seat].name)

    # ----- widgets -----------------------------------------------------------------------------
    def build(self) -> None:
        L = self.app.layout
        tb = L.top_bar
        self.menu_button = Button((tb.right - 120, tb.y, 120, tb.h), lambda: t("menu.button"),
                                  self.to_menu, 22, key="menu")
        self.lang_button = Button((tb.right - 192, tb.y, 60, tb.h), lambda: t("lang.toggle"),
                                  self.toggle_language, 22, key="lang")
        self.back_button = Button((0, 0, 200, 56), lambda: t("assist.back"), self.reclaim, 24,
                                  primary=True, key="back")
        self.next_button = Button((0, 0, 260, 60), lambda: t(self.next_label()), self.close_score,
                                  26, primary=True, key="next")
        self.again_button = Button((0, 0, 240, 60), lambda: t("over.again"), self.play_again, 26,
                                   primary=True, key="again")
        self.menu2_button = Button((0, 0, 200, 60), lambda: t("over.menu"), self.to_menu, 26,
                                   key="menu2")
        self.widgets = [self.menu_button, self.lang_button, *self.build_controls(),
                        self.back_button, self.next_button, self.again_button, self.menu2_button]
        self._place_widgets()

    def build_controls(self) -> list:
        """Override: the game's own widgets (created for the current layout)."""
        return []

    def place_controls(self, modal: bool) -> None:
        """Override: show/hide and place the game's own widgets (every frame)."""

    def next_label(self) -> str:
        """The i18n key of the score panel's button."""
        return "score.next"

    def modal(self) -> bool:
        return self.score is not None or self.over is not None

    def _place_widgets(self) -> None:
        """Show only the controls that apply now, placed for the current state."""
        L = self.app.layout
        modal = self.modal()
        for w in (self.menu_button, self.lang_button):
            w.visible = not modal
        tb = L.top_bar
        if i18n.is_rtl():
            self.menu_button.rect.x, self.lang_button.rect.x = tb.x, tb.x + 132
        else:
            self.menu_button.rect.x, self.lang_button.rect.x = tb.right - 120, tb.right - 192
        self.place_controls(modal)
        assisted = self.table.seats[0].assisted and self.match.phase != "over"
        self.back_button.visible = assisted and not modal
        self.back_button.rect = L.play_button.copy()   # the play button is hidden while assisted
        self.next_button.visible = self.score is not None
        self.again_button.visible = self.menu2_button.visible = self.over is not None

    # ----- state questions --------------------------------------------------------------------
    def busy(self) -> bool:
        """Override: cards still moving that the player must see before anyone acts."""
        return False

    def idle(self) -> bool:
        """Everything the engine reported has been shown and nothing blocks."""
        return not self.queue and self.wait <= 0 and self.score is None and not self.busy()

    def awaiting_me(self) -> bool:
        """Override: the player must act now (for the your-turn cue and the tick)."""
        return False

    def shown_to_act(self) -> list[int]:
        """Seats whose turn the screen shows (only once the screen has caught up)."""
        if self.match.phase == "over" or not self.idle() or self.phase == "deal":
            return []
        return list(self.match.to_act())

    # ----- input (a table with a hand of sprites: self.hand, self.hand_order) ------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Widgets first; while a score or match-over panel is open only Enter/Space (next)
        counts; otherwise a click on an own card goes to :meth:`click_card`, keys to :meth:`key`."""
        self._place_widgets()
        for widget in self.widgets:
            if widget.handle(event):
                return
        if self.score is not None or self.over is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE) \
                    and self.score is not None:
                self.close_score()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            code = self.card_at(event.pos)
            if code is not None:
                self.click_card(code)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def click_card(self, code: str) -> None:
        """A tap on the own card ``code`` (the game decides: select, play, refuse)."""

    def key(self, event: pygame.event.Event) -> None:
        """A key press the widgets did not take."""

    def card_at(self, pos: tuple[int, int]) -> str | None:
        """The own card under ``pos`` (the topmost, i.e. rightmost, wins)."""
        hand = getattr(self, "hand", {})
        for code in reversed(getattr(self, "hand_order", [])):
            sprite = hand.get(code)
            if sprite is not None and sprite.visible and sprite.rect().collidepoint(pos):
                return code
        return None

    def glide_hand(self, slots: list[tuple[float, float]], raised, dt: float) -> None:
        """Own cards glide to their ``slots``; cards in ``raised`` lift (the selected one more),
        cards still in flight are left to their motion."""
        L = self.app.layout
        for code, slot in zip(self.hand_order, slots):
            sprite = self.hand[code]
            if sprite.moving:
                continue
            lift = (L.select_lift if code == self.selected else L.lift) if code in raised else 0
            target = (slot[0], slot[1] - lift)
            sprite.pos = (approach(sprite.pos[0], target[0], 18, dt),
                          approach(sprite.pos[1], target[1], 18, dt))

    def step_selection(self, cards: list[str], step: int) -> None:
        """←/→: move ``self.selected`` along ``cards`` (wrapping), or onto an end of them."""
        if not cards:
            return
        if self.selected in cards:
            self.selected = cards[(cards.index(self.selected) + step) % len(cards)]
        else:
            self.selected = cards[0] if step > 0 else cards[-1]

    # ----- actions ------------------------------------------------------------------------------
    def act(self, seat: int, action: dict, human: bool) -> bool:
        """Send an action to the table; its events join the animation queue."""
        try:
            events = self.table.act(seat, action, human=human)
        except IllegalAction as refused:
            if human:
                self.show_hint(self.refusal_text(refused))
            return False
        self.queue.extend(e.for_seat(0) for e in events)
        self.save()
        return True

    def refusal_text(self, refused: IllegalAction) -> str:
        """What to tell the player about a refused action, in their language (a game may say
        more, e.g. with the numbers in the refusal)."""
        return i18n.refusal(refused)

    def reclaim(self) -> None:
        self.table.reclaim(0)

    def show_hint(self, message: str) -> None:
        self.hint = (message, HINT_SECONDS)

    def show_banner(self, message: str, seconds: float = 2.0) -> None:
        """A banner across the table (not at a seat), e.g. "last batch"."""
        self.banner = (message, Speed.scale(seconds, motion=False))

    def close_score(self) -> None:
        self.score = None

    def play_again(self) -> None:
        s = self.app.settings
        self.app.switch(type(self).new_match(self.app, s["level"], s["turn_seconds"] or None,
                                             options=self.options))

    def to_menu(self) -> None:
        self.app.go("menu")

    def toggle_language(self) -> None:
        self.app.set_setting("language", "en" if i18n.language() == "ar" else "ar")

    # ----- the frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.elapsed += dt
        self._run_timers(dt)
        self.update_sprites(dt)
        self.wait -= dt
        while self.wait <= 0 and self.queue and self.score is None:
            self.wait = self.show_event(self.queue.popleft())
        if self.idle():        # turn clocks run only once the player has seen everything
            self.table.release()
        else:
            self.table.hold()
        if self.match.phase != "over":
            timeouts = self.table.tick()
            if timeouts:
                self.queue.extend(e.for_seat(0) for e in timeouts)
                self.save()
        if self.idle():
            self._drive_bots(dt)
        self._cues()
        if self.hint:
            self.hint = (self.hint[0], self.hint[1] - dt) if self.hint[1] > dt else None
        if self.banner:
            self.banner = (self.banner[0], self.banner[1] - dt) if self.banner[1] > dt else None
        if self.score is not None:
            self.score["t"] += dt
            if self.app.options.autoplay and self.score["t"] > Speed.scale(1.5, motion=False):
                self.close_score()
        if self.over is not None:
            self._update_over(dt)
        self.after_update(dt)
        self._place_widgets()

    def update_sprites(self, dt: float) -> None:
        """Override (call super): advance every sprite the game owns."""
        for sprite in list(self.flying):
            sprite.update(dt)

    def after_update(self, dt: float) -> None:
        """Override: per-frame bookkeeping after events, clocks and bots."""

    def _run_timers(self, dt: float) -> None:
        due = []
        for timer in self.timers:
            timer[0] -= dt
            if timer[0] <= 0:
                due.append(timer)
        for timer in due:
            self.timers.remove(timer)
            timer[1]()

    def after(self, seconds: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``seconds`` of frames (pygame timers are unreliable on web)."""
        self.timers.append([seconds, callback])

    def _cues(self) -> None:
        """The your-turn cue and the ticking of the last seconds."""
        mine = self.awaiting_me()
        if mine and not self.was_my_turn:
            self.app.audio.play("turn", 0.6)
        self.was_my_turn = mine
        rem = self.table.remaining(0) if self.match.phase != "over" else None
        if rem is not None and rem <= 5 and mine:
            second = int(rem)
            if second != self.last_tick_second:
                self.last_tick_second = second
                self.app.audio.play("tick", 0.5)
        else:
            self.last_tick_second = None

    # ----- bots --------------------------------------------------------------------------------
    def bot_pause(self) -> float:
        """Override: the least time (normal speed) a bot seems to think before it acts."""
        return BOT_PAUSE

    def _drive_bots(self, dt: float) -> None:
        """Let one automated seat think a slice per frame; act when done and its pause is over."""
        if self.match.phase == "over" or self.phase == "deal":
            self.thinking = None
            return
        seats = self.table.automated_to_act()
        if not seats:
            self.thinking = None
            return
        if self.thinking is None or self.thinking[0] not in seats:
            seat = seats[0]
            view, legal = self.table.bot_view(seat)
            level = self.table.seats[seat].level
            thought = self.BOTS.think(view, legal, level, self.bot_rngs[seat])
            self.thinking = (seat, Thinking(thought), Speed.scale(self.bot_pause(), motion=False))
        seat, thinking, pause = self.thinking
        done = thinking.step(0.004)
        pause -= dt
        self.thinking = (seat, thinking, pause)
        if done and pause <= 0:
            self.thinking = None
            self.act(seat, thinking.action, human=False)

    # ----- events → animation -------------------------------------------------------------------
    def show_event(self, ev: dict[str, Any]) -> float:
        """Start showing one event; returns how long it blocks the next one (seconds)."""
        handler = getattr(self, f"_on_{ev['type']}", None)
        return handler(ev) if handler else 0.0

    def _on_match_over(self, ev: dict) -> float:
        self._open_over(ev)
        self.app.audio.play("win", 0.8)
        return 0.0

    def _on_turn_timeout(self, ev: dict) -> float:
        return 0.0

    def _open_over(self, result: dict) -> None:
        self.phase = "over"
        self.totals = list(result["totals"])
        self.over = {"result": result, "t": 0.0}
        rng = self.fx_rng
        L = self.app.layout
        colors = [draw.GOLD, draw.SAND, draw.TURN, (230, 120, 110), (240, 240, 230)]
        self.confetti = [[rng.uniform(0, L.w), rng.uniform(-L.h * 0.6, 0), rng.uniform(-40, 40),
                          rng.uniform(120, 260), rng.uniform(4, 9), rng.randrange(len(colors))]
                         for _ in range(120)]
        self._confetti_colors = colors
        if self.persist:
            storage.clear_match()
        stats.record_match_end(self, result)     # local and online; never autoplay/all-bot

    def _update_over(self, dt: float) -> None:
        self.over["t"] += dt
        L = self.app.layout
        for c in self.confetti:
            c[0] += c[2] * dt
            c[1] += c[3] * dt
        self.confetti = [c for c in self.confetti if c[1] < L.h + 20]
        if self.app.options.autoplay and self.over["t"] > Speed.scale(1.0, motion=False):
            self.finish_autoplay(self.over["result"])

    def finish_autoplay(self, result: dict) -> None:
        """End of an ``--autoplay`` match: the app prints the result and stops the loop."""
        self.app.finish_autoplay(self.name, self.match, result)

    # ----- the window turned; frames with nothing new (game/ui/settle.py) -----------------------
    def relayout(self) -> None:
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
        super().relayout()
        settle.move_to_layout(self, old, self.app.layout)

    def layout_changed(self) -> None:
        """Override: geometry of the game's own that was worked out for the old layout."""

    def animating(self) -> bool:
        """Cards moved since the last frame, an event is being shown, a hint, banner or panel
        is on screen or still sliding in, confetti falls."""
        settling = Speed.scale(1.0, motion=False) + 0.1
        if (self.wait > 0 or bool(self.queue and self.score is None)
                or self.busy() or bool(self.timers) or self.hint is not None
                or self.banner is not None
                or (self.score is not None and self.score["t"] < settling)
                or (self.over is not None and (bool(self.confetti) or self.over["t"] < settling))):
            self._picture = None        # (compared again once all that is over)
            return True
        picture = settle.picture_key(self)
        moved, self._picture = picture != getattr(self, "_picture", None), picture
        return moved

    def redraw_every(self) -> float | None:
        """The turn-timer ring follows the clock: four redraws a second while one runs."""
        if self.table.turn_seconds and self.match.phase != "over" and self.shown_to_act():
            return 0.25
        return None

    # ----- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        surface.blit(draw.backdrop(L.w, L.h, self.backdrop_panels()), (0, 0))
        self.draw_hud(surface)
        self.draw_table(surface)
        self.draw_banners(surface)
        if self.score is not None:
            self.draw_score_panel(surface)
        if self.over is not None:
            self.draw_over(surface)
        self._place_widgets()
        for widget in self.widgets:
            widget.draw(surface)

    def backdrop_panels(self) -> tuple:
        """Override: fixed translucent panels drawn once onto the felt (see draw.backdrop)."""
        return ()

    def draw_hud(self, surface: pygame.Surface) -> None:
        """Override: the top bar's text (round, target…); the buttons are drawn by the base."""

    def draw_table(self, surface: pygame.Surface) -> None:
        """Override: plates, cards and the game's own panels."""

    def draw_score_panel(self, surface: pygame.Surface) -> None:
        """Override: the score panel while ``self.score`` is set (use :meth:`score_frame`)."""

    def hud_text(self, surface: pygame.Surface, s: str, line: int = 0,
                 color: tuple | None = None) -> pygame.Rect:
        """Write ``s`` at the reading start of the top bar (line 1 sits just below it)."""
        tb = self.app.layout.top_bar
        rtl = i18n.is_rtl()
        anchor, x = ("midright", tb.right - 8) if rtl else ("midleft", tb.x + 8)
        return draw.blit_text(surface, s, 24 if line == 0 else 20, (x, tb.centery + 30 * line),
                              color or draw.SAND, bold=line == 0, anchor=anchor,
                              shadow=line == 0)

    # plates
    def draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        """Seat ``seat``'s plate: avatar + timer ring, name, key figure, dealer chip. What only
        changes with the seat's turn, name or dealer is drawn once (:func:`plate_body`)."""
        rect = self.plate_rect(seat)
        active = seat in self.shown_to_act()
        rtl = i18n.is_rtl()
        vertical = rect.h >= 100
        radius = PLATE_AVATAR
        name = self.seat_name(seat)
        body = plate_body(rect.w, rect.h, active, self.plate_edge(seat), rtl, name,
                          self.avatar_color(seat), seat == self.dealer, t("plate.dealer_chip"))
        surface.blit(body, (rect.x - 2, rect.y - 2))
        avatar = plate_avatar(rect, rtl)
        self.draw_avatar(surface, seat, avatar, radius)
        figure, fig_color = self.figure(seat)
        if vertical:
            self.draw_figure(surface, seat, figure, fig_color, (rect.centerx, rect.bottom - 16),
                             "center")
        else:
            tx = avatar[0] - radius - 10 if rtl else avatar[0] + radius + 10
            anchor = "midright" if rtl else "midleft"
            self.draw_figure(surface, seat, figure, fig_color, (tx, rect.centery + 15), anchor)

    def plate_edge(self, seat: int) -> tuple:
        """Override: the plate's edge colour when it is not that seat's turn."""
        return draw.PANEL_EDGE

    def avatar_color(self, seat: int) -> tuple:
        return SEAT_COLORS[self.spot(seat)]

    def draw_avatar(self, surface: pygame.Surface, seat: int, center: tuple[int, int],
                    radius: int) -> None:
        """The turn timer ringing the avatar (TB-6); the disc itself is in the plate's body."""
        rem = self.table.remaining(seat) if self.match.phase != "over" else None
        if rem is not None and self.table.turn_seconds and seat in self.shown_to_act():
            fraction = rem / self.table.turn_seconds
            color = draw.TURN if rem > 10 else draw.AMBER if rem > 5 else draw.RED
            draw.ring(surface, center, radius + 6, fraction, color, 4)

    def figure(self, seat: int) -> tuple[str, tuple]:
        """Override: the seat's key figure as (text, colour)."""
        return "", draw.INK

    def draw_figure(self, surface: pygame.Surface, seat: int, figure: str, color: tuple,
                    pos: tuple[int, int], anchor: str) -> None:
        """Override for special figures (check marks, flips)."""
        draw.blit_text(surface, figure, draw.fit_text(figure, 22, 170, True), pos, color,
                       bold=True, anchor=anchor)

    # banners
    def draw_banners(self, surface: pygame.Surface) -> None:
        """Assist banner, else the hint, else the game's ``status_banner``; then the banner."""
        L = self.app.layout
        status = self.status_banner()
        y = self.banner_y()
        if self.table.seats[0].assisted and self.match.phase != "over" and self.over is None:
            self.draw_banner(surface, t("assist.banner"), y, (70, 40, 18))
        elif self.hint:
            self.draw_banner(surface, self.hint[0], y, (80, 26, 22))
        elif status:
            self.draw_banner(surface, status, y, draw.PANEL)
        if self.banner:
            self.draw_banner(surface, self.banner[0], L.extras["tiebreak_y"], (60, 44, 14))

    def banner_y(self) -> int:
        """Override: the centre line of hints and the assist banner."""
        return self.app.layout.banner_y

    def status_banner(self) -> str | None:
        """Override: a quiet line at the banner spot (e.g. "waiting for the others")."""
        return None

    def draw_banner(self, surface: pygame.Surface, s: str, y: int, color: tuple,
                    x: int | None = None, size: int = 24) -> pygame.Rect:
        """A rounded banner centred at (x or the middle, y)."""
        L = self.app.layout
        width = L.w - 64
        size = draw.fit_text(s, size, width - 40, True)
        img = draw.label(s, size, draw.INK, True)
        rect = pygame.Rect(0, 0, img.get_width() + 48, img.get_height() + 18)
        rect.center = (L.w // 2 if x is None else x, y)
        rect.clamp_ip(pygame.Rect(16, 16, L.w - 32, L.h - 32))
        draw.panel(surface, rect, color, 235, 14, draw.GOLD)
        surface.blit(img, img.get_rect(center=rect.center))
        return rect

    # panels
    def score_frame(self, surface: pygame.Surface, w: int, h: int, title: str) -> pygame.Rect:
        """Dim the table, slide in a gold-edged panel of w×h with ``title``; the "next" button
        sits under it. Returns the panel's rect."""
        L = self.app.layout
        draw.dim(surface, 120)
        slide = 1 - (1 - min(1.0, self.score["t"] / max(0.01, Speed.scale(0.3)))) ** 3
        rect = pygame.Rect(0, 0, min(w, L.w - 40), h)
        rect.center = (L.w // 2,
                       round(L.h // 2 + (1 - slide) * 60) - (20 if not L.portrait else 60))
        draw.panel(surface, rect, (16, 26, 26), 245, 20, draw.GOLD)
        draw.blit_text(surface, title, 32, (rect.centerx, rect.y + 34), draw.GOLD, bold=True)
        self.next_button.rect.center = (rect.centerx, rect.bottom + 44)
        return rect

    def count_up(self) -> float:
        """0 → 1 over 0.9 s after the score panel opens: scores count up with it."""
        return min(1.0, self.score["t"] / max(0.01, Speed.scale(0.9))) if self.score else 1.0

    def over_headline(self) -> str:
        """Override: the line under "Match over" (winner, shared first place, draw)."""
        return ""

    def over_rows(self) -> list[tuple[int, str, int, bool]]:
        """Override: the ranking as (place, name, total, best) rows, first place first."""
        return []

    def draw_over(self, surface: pygame.Surface) -> None:
        """The match-end panel: title, headline, ranking, confetti; again / menu buttons."""
        L = self.app.layout
        draw.dim(surface, 130)
        for c in self.confetti:
            pygame.draw.rect(surface, self._confetti_colors[int(c[5])],
                             (round(c[0]), round(c[1]), round(c[4]), round(c[4] * 0.6)))
        rows = self.over_rows()
        w = 760 if not L.portrait else L.w - 40
        rect = pygame.Rect(0, 0, w, 170 + 50 * len(rows))
        rect.center = (L.w // 2, L.h // 2 - (30 if not L.portrait else 60))
        draw.panel(surface, rect, (16, 26, 26), 245, 20, draw.GOLD)
        draw.blit_text(surface, t("over.title"), 34, (rect.centerx, rect.y + 36), draw.GOLD,
                       bold=True)
        head = self.over_headline()
        draw.blit_text(surface, head, draw.fit_text(head, 28, rect.w - 40, True),
                       (rect.centerx, rect.y + 86), draw.INK, bold=True)
        rtl = i18n.is_rtl()
        for i, (place, name, total, best) in enumerate(rows):
            y = rect.y + 150 + i * 50
            row = pygame.Rect(rect.x + 40, y - 22, rect.w - 80, 44)
            pygame.draw.rect(surface, (58, 50, 24) if best else (30, 44, 42), row,
                             border_radius=10)
            place_x = row.right - 30 if rtl else row.x + 30
            name_x, name_anchor = (row.right - 70, "midright") if rtl else (row.x + 70, "midleft")
            total_x, total_anchor = (row.x + 20, "midleft") if rtl else (row.right - 20, "midright")
            draw.blit_text(surface, digits(place), 26, (place_x, y), draw.GOLD, bold=True)
            draw.blit_text(surface, name, draw.fit_text(name, 24, row.w - 200, True),
                           (name_x, y), draw.INK, bold=True, anchor=name_anchor)
            draw.blit_text(surface, digits(total), 26, (total_x, y), draw.GOLD, bold=True,
                           anchor=total_anchor)
        by = rect.bottom + 44
        if rtl:
            self.again_button.rect.center = (rect.centerx + 130, by)
            self.menu2_button.rect.center = (rect.centerx - 130, by)
        else:
            self.again_button.rect.center = (rect.centerx - 130, by)
            self.menu2_button.rect.center = (rect.centerx + 130, by)


def ranked_rows(totals: list[int], order: list[int], names: Callable[[int], str],
                ) -> list[tuple[int, str, int, bool]]:
    """Rows for :meth:`CardTable.over_rows`: ``order`` (best first) with shared places."""
    best = max(totals)
    rows = []
    place = 0
    for i, who in enumerate(order):
        if i == 0 or totals[who] != totals[order[i - 1]]:
            place = i + 1
        rows.append((place, names(who), totals[who], totals[who] == best))
    return rows
