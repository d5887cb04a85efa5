"""The Hareeja table scene: deal → declare → play → score, animated from engine events.

The engine (through :class:`game.table.Table`) is the only source of truth; this scene keeps a
*displayed* copy of the state that follows the animations. Events from ``table.act`` /
``table.tick`` go into a queue and are animated in order, so the screen never jumps ahead of what
the player has seen; bots wait until the queue is drained and cards have landed.
"""
from __future__ import annotations

import random
from collections import deque
from typing import Any, Callable

import pygame

from game import i18n
from game.core.bots import Thinking, bot_rng
from game.core.cards import suit_of
from game.core.errors import IllegalAction
from game.games.hareeja import bots
from game.games.hareeja.rules import Match, sort_hand
from game.i18n import digits, t
from game.table import Seat, SystemClock, Table
from game.ui import assets, draw, storage
from game.ui.scene import Scene
from game.ui.tween import Motion, Speed, approach, ease_in_out, ease_out
from game.ui.widgets import Button, Segmented

PLAYERS = 4
# Durations at normal speed (LOOK.md "Motion").
DEAL_STEP = 0.075        # one card every 75 ms
DEAL_FLIGHT = 0.30
FLIP = 0.22
PLAY_FLIGHT = 0.26       # 220-300 ms ease-out to the centre
TRICK_PAUSE = 0.5        # the trick stays readable
TRICK_FLIGHT = 0.40      # 350-450 ms to the winner
BOT_PAUSE = 0.45         # a bot "thinks" at least this long, so play can be followed
BOT_BID_PAUSE = 0.6
HINT_SECONDS = 1.8


# ----- sprites -----------------------------------------------------------------------------
class Sprite:
    """A card on screen: position, size, face or back, an optional motion and flip."""

    def __init__(self, code: str | None, pos: tuple[float, float], size: tuple[int, int],
                 face_up: bool = True):
        self.code = code
        self.pos = pos
        self.size = size
        self.face_up = face_up
        self.motion: Motion | None = None
        self.on_land: Callable[[], None] | None = None
        self.hide_until_start = False
        self.flip_t: float | None = None
        self.flip_len = FLIP
        self.shake = 0.0

    def move(self, end: tuple[float, float], duration: float, delay: float = 0.0,
             ease=ease_out, arc: float = 0.0, on_land: Callable[[], None] | None = None,
             size: tuple[int, int] | None = None) -> None:
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
                size = getattr(self, "_next_size", None)
                if size is not None and self.motion.progress > 0.5:
                    self.size = size
            if self.motion.done:
                self.pos = self.motion.end
                self.motion = None
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
            return assets.card_face(self.code, self.size, four_color)
        return assets.card_back(self.size)

    def rect(self) -> pygame.Rect:
        r = pygame.Rect((0, 0), self.size)
        r.center = (round(self.pos[0]), round(self.pos[1]))
        return r

    def draw(self, surface: pygame.Surface, four_color: bool, dimmed: bool = False,
             glow: bool = False) -> None:
        if not self.visible:
            return
        img = self.image(four_color)
        x, y = self.pos
        if self.shake > 0:
            import math
            x += math.sin(self.shake * 60) * 7 * (self.shake / 0.35)
        if self.flip_t is not None:
            k = abs(1 - 2 * min(1.0, self.flip_t / self.flip_len))
            w = max(2, round(self.size[0] * k))
            img = pygame.transform.scale(img, (w, self.size[1]))
        rect = img.get_rect(center=(round(x), round(y)))
        surface.blit(_shadow(self.size), rect.move(2, 4))
        surface.blit(img, rect)
        if glow:
            pygame.draw.rect(surface, draw.TURN, rect.inflate(6, 6), 3, border_radius=10)
        if dimmed:
            surface.blit(_veil(img.get_size()), rect)


_SHADOWS: dict = {}
_VEILS: dict = {}


def _shadow(size: tuple[int, int]) -> pygame.Surface:
    if size not in _SHADOWS:
        img = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(img, (0, 0, 0, 70), img.get_rect(), border_radius=max(4, size[0] // 12))
        _SHADOWS[size] = img
    return _SHADOWS[size]


def _veil(size: tuple[int, int]) -> pygame.Surface:
    if size not in _VEILS:
        img = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(img, (10, 16, 16, 120), img.get_rect(), border_radius=max(4, size[0] // 12))
        _VEILS[size] = img
    return _VEILS[size]


# ----- the scene ---------------------------------------------------------------------------
class HareejaTable(Scene):
    """A Hareeja match at a local table: you (seat 0) and three bots."""

    name = "hareeja"

    def __init__(self, app, table: Table, start_events: list[dict] | None = None,
                 bot_seed: int | None = None):
        self.table = table
        self.match = table.match
        self.persist = not (app.options.autoplay or app.options.screenshots)
        self.queue: deque[dict] = deque()
        self.timers: list[list] = []          # [seconds left, callback]
        self.wait = 0.0                       # the current event's animation still blocks
        self.hand: dict[str, Sprite] = {}     # own hand sprites by code
        self.hand_order: list[str] = []
        self.flying: list[Sprite] = []        # dealt / collected cards in the air
        self.trick: list[tuple[int, Sprite]] = []
        self.counts = [0] * PLAYERS
        self.confirmed = [False] * PLAYERS
        self.bids: list[int | None] = [None] * PLAYERS
        self.revealed = False
        self.reveal_t = 1.0
        self.tricks = [0] * PLAYERS
        self.totals = [0] * PLAYERS
        self.round = 1
        self.tiebreak = 0
        self.dealer = 0
        self.phase = "deal"                   # displayed: deal | declare | play | over
        self.pick: int | None = None
        self.selected: str | None = None
        self.hint: tuple[str, float] | None = None
        self.banner: tuple[str, float] | None = None
        self.score: dict | None = None        # the round-score panel while open
        self.over: dict | None = None         # the match-end panel
        self.thinking: tuple[int, Thinking, float] | None = None
        self.bot_rngs = [bot_rng(None if bot_seed is None else bot_seed * 8 + s)
                         for s in range(PLAYERS)]
        self.fx_rng = random.Random(bot_seed if bot_seed is not None else 99)
        self.confetti: list[list[float]] = []
        self.last_tick_second: int | None = None
        self.was_my_turn = False
        self.elapsed = 0.0
        self.collecting = False
        self.over_elapsed = 0.0
        super().__init__(app)
        if start_events:
            self.queue.extend(start_events)
        else:
            self.sync_from_view()

    # ----- construction ------------------------------------------------------------------------
    @classmethod
    def new_match(cls, app, level: str = "normal", turn_seconds: int | None = None,
                  seed: int | None = None, deck: list[str] | None = None,
                  all_bots: bool = False, clock=None) -> "HareejaTable":
        """A new match: you against three bots at ``level`` (or four bots for autoplay)."""
        match = Match.new(PLAYERS, seed=seed, deck=deck)
        seats = [Seat("bot" if all_bots else "human", "seat.you", level)]
        seats += [Seat("bot", f"name.{i}", level) for i in range(1, PLAYERS)]
        table = Table(match, seats, clock or SystemClock(), turn_seconds)
        scene = cls(app, table, [e.for_seat(0) for e in match.start_events], bot_seed=seed)
        scene.save()
        return scene

    @classmethod
    def from_saved(cls, app, saved: dict) -> "HareejaTable | None":
        """Rebuild a saved match (seed + action log + seats); None if it cannot be replayed."""
        try:
            match = Match.replay(saved["record"])
            seats = [Seat(s["kind"], s["name"], s["level"]) for s in saved["seats"]]
            table = Table(match, seats, SystemClock(), saved.get("turn_seconds"))
        except Exception:
            storage.clear_match()
            return None
        if match.phase == "over":
            storage.clear_match()
            return None
        return cls(app, table)

    def save(self) -> None:
        """Store the match after every action so a restart can continue it."""
        if not self.persist:
            return
        if self.match.phase == "over":
            storage.clear_match()
            return
        storage.save_match({
            "record": self.match.record(),
            "seats": [{"kind": s.kind, "name": s.name, "level": s.level}
                      for s in self.table.seats],
            "turn_seconds": self.table.turn_seconds,
        })

    def sync_from_view(self) -> None:
        """Show the match as it stands now, with no animation (after Continue)."""
        v = self.match.view(0)
        L = self.app.layout
        self.round, self.tiebreak, self.dealer = v["round"], v["tiebreak"], v["dealer"]
        self.counts = list(v["hand_counts"])
        self.confirmed = list(v["confirmed"])
        self.bids = list(v["bids"])
        self.revealed = v["revealed"]
        self.tricks = list(v["tricks"])
        self.totals = list(v["totals"])
        self.hand_order = list(v["hand"])
        slots = L.hand_positions(len(self.hand_order))
        self.hand = {c: Sprite(c, p, L.card) for c, p in zip(self.hand_order, slots)}
        self.trick = [(s, Sprite(c, L.trick_spot(s), L.trick_card)) for s, c in v["trick"]]
        self.phase = v["phase"]
        if v["phase"] == "over":
            self._open_over(v["result"])

    # ----- widgets -----------------------------------------------------------------------------
    def build(self) -> None:
        L = self.app.layout
        tb = L.top_bar
        self.menu_button = Button((tb.right - 120, tb.y, 120, tb.h), lambda: t("menu.button"),
                                  self.to_menu, 22, key="menu")
        self.lang_button = Button((tb.right - 192, tb.y, 60, tb.h), lambda: t("lang.toggle"),
                                  self.toggle_language, 22, key="lang")
        p = L.picker
        n = 9
        bw = min(64, (p.w - 40 - 8 * (n - 1)) // n)
        row_w = n * bw + 8 * (n - 1)
        self.bid_row = Segmented((p.centerx - row_w // 2, p.y + 58, row_w, 60),
                                 [(k, (lambda k=k: digits(k))) for k in range(9)],
                                 lambda: self.pick, self.set_pick, size=28, rtl=i18n.is_rtl,
                                 key="bid")
        self.confirm_button = Button((p.centerx - 130, p.bottom - 68, 260, 56),
                                     lambda: t("bid.confirm"), self.confirm_bid, 26,
                                     primary=True, key="confirm")
        self.play_button = Button(L.play_button, lambda: t("play.play"), self.play_selected, 28,
                                  primary=True, key="play")
        self.back_button = Button((0, 0, 200, 56), lambda: t("assist.back"), self.reclaim, 24,
                                  primary=True, key="back")
        self.next_button = Button((0, 0, 260, 60), lambda: t("score.next"), self.close_score, 26,
                                  primary=True, key="next")
        self.again_button = Button((0, 0, 240, 60), lambda: t("over.again"), self.play_again, 26,
                                   primary=True, key="again")
        self.menu2_button = Button((0, 0, 200, 60), lambda: t("over.menu"), self.to_menu, 26,
                                   key="menu2")
        self.widgets = [self.menu_button, self.lang_button, self.bid_row, self.confirm_button,
                        self.play_button, self.back_button, self.next_button, self.again_button,
                        self.menu2_button]
        self._place_widgets()

    def _place_widgets(self) -> None:
        """Show only the controls that apply now, placed for the current state."""
        L = self.app.layout
        modal = self.score is not None or self.over is not None
        for w in (self.menu_button, self.lang_button):
            w.visible = not modal
        tb = L.top_bar
        if i18n.is_rtl():
            self.menu_button.rect.x, self.lang_button.rect.x = tb.x, tb.x + 132
        else:
            self.menu_button.rect.x, self.lang_button.rect.x = tb.right - 120, tb.right - 192
        picking = self.can_bid() and not modal
        self.bid_row.visible = self.confirm_button.visible = picking
        self.confirm_button.enabled = self.pick is not None
        self.play_button.visible = (not modal and self.selected is not None and self.my_turn())
        assisted = self.table.seats[0].assisted and self.match.phase != "over"
        self.back_button.visible = assisted and not modal
        self.back_button.rect = L.play_button.copy()   # the play button is hidden while assisted
        self.next_button.visible = self.score is not None
        self.again_button.visible = self.menu2_button.visible = self.over is not None

    # ----- state questions --------------------------------------------------------------------
    def idle(self) -> bool:
        """Everything the engine reported has been shown and nothing blocks."""
        return (not self.queue and self.wait <= 0 and self.score is None
                and not any(s.moving for _seat, s in self.trick))

    def my_turn(self) -> bool:
        """Seat 0 may play now. The last card before ours may still be landing: input is not
        held back for it (every event has at least started showing)."""
        return (not self.queue and self.score is None and self.phase == "play"
                and self.match.phase == "play" and self.match.to_act() == [0]
                and not self.table.seats[0].automated)

    def can_bid(self) -> bool:
        return (self.phase == "declare" and not self.confirmed[0]
                and self.match.phase == "declare" and 0 in self.match.to_act()
                and not self.table.seats[0].automated)

    def legal_cards(self) -> set[str]:
        if not self.my_turn():
            return set()
        return {a["card"] for a in self.match.legal_actions(0)}

    # ----- actions of the player ----------------------------------------------------------------
    def act(self, seat: int, action: dict, human: bool) -> bool:
        """Send an action to the table; its events join the animation queue."""
        try:
            events = self.table.act(seat, action, human=human)
        except IllegalAction as refused:
            self.show_hint(refused.message)
            return False
        self.queue.extend(e.for_seat(0) for e in events)
        self.save()
        return True

    def set_pick(self, n: int) -> None:
        self.pick = n
        self.app.audio.play("bid", 0.5)

    def confirm_bid(self) -> None:
        if self.pick is not None and self.can_bid():
            self.act(0, {"type": "bid", "n": self.pick}, human=True)

    def click_card(self, code: str) -> None:
        """Tap a card: select it, tap again to play; an illegal card is refused with a hint."""
        if self.phase != "play":
            return
        if not self.my_turn():
            self.show_hint(t("play.not_turn"))
            return
        if code not in self.legal_cards():
            trick = self.match.view(0)["trick"]
            led = suit_of(trick[0][1]) if trick else ""
            self.show_hint(t("play.follow", suit=t(f"suit.{led}")) if led else t("play.not_turn"))
            self.hand[code].shake = 0.35
            return
        if self.selected == code:
            self.play_selected()
        else:
            self.selected = code

    def play_selected(self) -> None:
        if self.selected and self.my_turn() and self.selected in self.legal_cards():
            code, self.selected = self.selected, None
            self.act(0, {"type": "play", "card": code}, human=True)

    def reclaim(self) -> None:
        self.table.reclaim(0)

    def show_hint(self, message: str) -> None:
        self.hint = (message, HINT_SECONDS)

    def close_score(self) -> None:
        self.score = None

    def play_again(self) -> None:
        s = self.app.settings
        self.app.switch(HareejaTable.new_match(self.app, s["level"], s["turn_seconds"] or None))

    def to_menu(self) -> None:
        from game.ui.scenes.menu import MenuScene
        self.app.switch(MenuScene(self.app))

    def toggle_language(self) -> None:
        self.app.set_setting("language", "en" if i18n.language() == "ar" else "ar")

    # ----- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
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

    def key(self, event: pygame.event.Event) -> None:
        if self.can_bid():
            if pygame.K_0 <= event.key <= pygame.K_8:
                self.set_pick(event.key - pygame.K_0)
            elif pygame.K_KP0 <= event.key <= pygame.K_KP8:
                self.set_pick(event.key - pygame.K_KP0)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.confirm_bid()
            return
        if not self.my_turn():
            return
        legal = [c for c in self.hand_order if c in self.legal_cards()]
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and legal:
            step = 1 if event.key == pygame.K_RIGHT else -1
            if self.selected in legal:
                self.selected = legal[(legal.index(self.selected) + step) % len(legal)]
            else:
                self.selected = legal[0] if step > 0 else legal[-1]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.play_selected()

    def card_at(self, pos: tuple[int, int]) -> str | None:
        """The own card under ``pos`` (the topmost, i.e. rightmost, wins)."""
        for code in reversed(self.hand_order):
            sprite = self.hand.get(code)
            if sprite is not None and sprite.visible and sprite.rect().collidepoint(pos):
                return code
        return None

    # ----- the frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.elapsed += dt
        self._run_timers(dt)
        for sprite in [*self.hand.values(), *self.flying, *(s for _x, s in self.trick)]:
            sprite.update(dt)
        self._layout_hand(dt)
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
        self.reveal_t = min(1.0, self.reveal_t + dt / max(0.01, Speed.scale(0.5)))
        if self.score is not None:
            self.score["t"] += dt
            if self.app.options.autoplay and self.score["t"] > Speed.scale(1.5, motion=False):
                self.close_score()
        if self.over is not None:
            self._update_over(dt)
        if self.selected and (self.selected not in self.hand or not self.my_turn()):
            if self.selected not in self.hand:
                self.selected = None
        self._place_widgets()

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
        self.timers.append([seconds, callback])

    def _layout_hand(self, dt: float) -> None:
        """Cards in the hand glide to their slots; legal ones rise, the selected one more."""
        L = self.app.layout
        slots = L.hand_positions(len(self.hand_order))
        legal = self.legal_cards()
        for code, slot in zip(self.hand_order, slots):
            sprite = self.hand[code]
            if sprite.moving:
                continue
            lift = 0
            if code in legal:
                lift = L.select_lift if code == self.selected else L.lift
            target = (slot[0], slot[1] - lift)
            sprite.pos = (approach(sprite.pos[0], target[0], 18, dt),
                          approach(sprite.pos[1], target[1], 18, dt))

    def _cues(self) -> None:
        """The your-turn cue and the ticking of the last seconds."""
        mine = self.my_turn() or (self.can_bid() and self.idle())
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
            thought = bots.think(view, legal, level, self.bot_rngs[seat])
            pause = BOT_BID_PAUSE if self.match.phase == "declare" else BOT_PAUSE
            self.thinking = (seat, Thinking(thought), Speed.scale(pause, motion=False))
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

    def _on_deal(self, ev: dict) -> float:
        L = self.app.layout
        self.round, self.tiebreak, self.dealer = ev["round"], ev["tiebreak"], ev["dealer"]
        if ev["tiebreak"]:
            self.banner = (t("tiebreak.banner", n=digits(ev["tiebreak"])),
                           Speed.scale(3.0, motion=False))
        self.phase = "deal"
        self.counts = [0] * PLAYERS
        self.confirmed = [False] * PLAYERS
        self.bids = [None] * PLAYERS
        self.revealed = False
        self.tricks = [0] * PLAYERS
        self.trick = []
        self.pick = None
        self.selected = None
        own = list(ev.get("hand", []))
        slots = L.hand_positions(len(own))
        self.hand_order = list(own)
        self.hand = {}
        step, flight = Speed.scale(DEAL_STEP), Speed.scale(DEAL_FLIGHT)
        k = 0
        for i, seat in enumerate(ev["order"]):
            delay = i * step
            if seat == 0 and k < len(own):
                sprite = Sprite(own[k], L.center, L.card, face_up=False)
                sprite.hide_until_start = True
                sprite.move(slots[k], flight, delay, ease_out, arc=-40,
                            on_land=lambda: self.app.audio.play("deal", 0.4))
                self.hand[own[k]] = sprite
                k += 1
            else:
                sprite = Sprite(None, L.center, L.small, face_up=False)
                sprite.hide_until_start = True
                sprite.move(L.seat_hand[seat], flight, delay, ease_out, arc=40,
                            on_land=lambda s=seat, sp=sprite: self._dealt_to(s, sp))
                self.flying.append(sprite)
        total = (len(ev["order"]) - 1) * step + flight
        self.after(total, self._reveal_hand)
        self.after(total + Speed.scale(FLIP) + 0.05, self._deal_done)
        return total + Speed.scale(FLIP) + 0.1

    def _dealt_to(self, seat: int, sprite: Sprite) -> None:
        self.counts[seat] += 1
        if sprite in self.flying:
            self.flying.remove(sprite)

    def _reveal_hand(self) -> None:
        self.hand_order = sort_hand(list(self.hand_order))
        for sprite in self.hand.values():
            sprite.start_flip(Speed.scale(FLIP))

    def _deal_done(self) -> None:
        if self.phase == "deal":
            self.phase = "declare"

    def _on_bid_confirmed(self, ev: dict) -> float:
        self.confirmed[ev["seat"]] = True
        if "n" in ev and ev["seat"] == 0:
            self.bids[0] = ev["n"]
            self.pick = ev["n"]
        self.app.audio.play("bid", 0.6)
        return Speed.scale(0.12, motion=False)

    def _on_bids_revealed(self, ev: dict) -> float:
        self.bids = list(ev["bids"])
        self.revealed = True
        self.reveal_t = 0.0
        self.phase = "play"
        self.app.audio.play("chime", 0.5)
        return Speed.scale(0.7, motion=False)

    def _on_card_played(self, ev: dict) -> float:
        L = self.app.layout
        seat, code = ev["seat"], ev["card"]
        self.phase = "play"
        if seat == 0:
            sprite = self.hand.pop(code, None) or Sprite(code, L.hand_center, L.card)
            if code in self.hand_order:
                self.hand_order.remove(code)
            sprite.face_up = True
            sprite.flip_t = None
            sprite.shake = 0.0
            if ev.get("timeout"):
                self.app.toast("timeout.you", 3.0)
        else:
            self.counts[seat] = max(0, self.counts[seat] - 1)
            sprite = Sprite(code, L.seat_hand[seat], L.trick_card, face_up=True)
        if self.selected == code:
            self.selected = None
        duration = Speed.scale(PLAY_FLIGHT)
        sprite.move(L.trick_spot(seat), duration, 0.0, ease_out, size=L.trick_card)
        self.trick.append((seat, sprite))
        self.app.audio.play("play", 0.7)
        return duration

    def _on_trick_won(self, ev: dict) -> float:
        L = self.app.layout
        winner = ev["seat"]
        pause, flight = Speed.scale(TRICK_PAUSE, motion=False), Speed.scale(TRICK_FLIGHT)
        cards = [s for _seat, s in self.trick]
        target = L.seat_anchor[winner]

        def collect() -> None:
            self.collecting = True
            self.app.audio.play("trick", 0.6)
            for i, sprite in enumerate(cards):
                sprite.move(target, flight, i * 0.02, ease_in_out, size=L.small)

        def landed() -> None:
            self.collecting = False
            self.trick = [(s, sp) for s, sp in self.trick if sp not in cards]
            self.tricks = list(ev["tricks"])

        self.after(pause, collect)
        self.after(pause + flight + 0.08, landed)
        return pause + flight + 0.1

    def _on_round_scored(self, ev: dict) -> float:
        self.totals = list(ev["totals"])
        self.tricks = list(ev["tricks"])
        self.score = {"entry": ev, "t": 0.0}
        self.app.audio.play("round", 0.7)
        return 0.0

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
        self.over_elapsed = 0.0
        rng = self.fx_rng
        L = self.app.layout
        colors = [draw.GOLD, draw.SAND, draw.TURN, (230, 120, 110), (240, 240, 230)]
        self.confetti = [[rng.uniform(0, L.w), rng.uniform(-L.h * 0.6, 0), rng.uniform(-40, 40),
                          rng.uniform(120, 260), rng.uniform(4, 9), rng.randrange(len(colors))]
                         for _ in range(120)]
        self._confetti_colors = colors
        if self.persist:
            storage.clear_match()

    def _update_over(self, dt: float) -> None:
        self.over["t"] += dt
        L = self.app.layout
        for c in self.confetti:
            c[0] += c[2] * dt
            c[1] += c[3] * dt
        self.confetti = [c for c in self.confetti if c[1] < L.h + 20]
        if self.app.options.autoplay and self.over["t"] > Speed.scale(1.0, motion=False):
            self.app.finish_autoplay(self.over["result"], self.match)

    # ----- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        four = self.app.settings["four_color"]
        surface.blit(draw.felt(L.w, L.h), (0, 0))
        self._draw_top_bar(surface)
        for seat in range(1, PLAYERS):
            self._draw_backs(surface, seat)
        for seat in range(PLAYERS):
            self._draw_plate(surface, seat)
        self._draw_deck(surface)
        for _seat, sprite in self.trick:
            sprite.draw(surface, four)
        legal = self.legal_cards()
        playing = self.my_turn()
        for code in self.hand_order:
            sprite = self.hand[code]
            sprite.draw(surface, four, dimmed=playing and code not in legal,
                        glow=code == self.selected and playing)
        for sprite in self.flying:
            sprite.draw(surface, four)
        if self.can_bid() and self.score is None and self.over is None:
            self._draw_picker(surface)
        self._draw_banners(surface)
        if self.score is not None:
            self._draw_score(surface)
        if self.over is not None:
            self._draw_over(surface)
        self._place_widgets()
        for widget in self.widgets:
            widget.draw(surface)

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        tb = L.top_bar
        rtl = i18n.is_rtl()
        if self.tiebreak:
            s = t("hud.tiebreak", n=digits(self.tiebreak))
        else:
            s = t("hud.round", n=digits(self.round), total=digits(5))
        anchor, x = ("midright", tb.right - 8) if rtl else ("midleft", tb.x + 8)
        r = draw.blit_text(surface, s, 24, (x, tb.centery), draw.SAND, bold=True, anchor=anchor,
                           shadow=True)
        if self.revealed and not L.portrait:
            total = sum(b or 0 for b in self.bids)
            s2 = t("hud.bids_sum", n=digits(total))
            x2 = r.left - 28 if rtl else r.right + 28
            draw.blit_text(surface, s2, 20, (x2, tb.centery), draw.INK_DIM, anchor=anchor)
        elif self.revealed:
            total = sum(b or 0 for b in self.bids)
            draw.blit_text(surface, t("hud.bids_sum", n=digits(total)), 20,
                           (x, tb.centery + 30), draw.INK_DIM, anchor=anchor)

    def _draw_backs(self, surface: pygame.Surface, seat: int) -> None:
        L = self.app.layout
        n = self.counts[seat]
        if n <= 0:
            return
        back = assets.card_back(L.small)
        cx, cy = L.seat_hand[seat]
        step = 12 if not L.portrait else 9
        x0 = cx - step * (n - 1) / 2
        for i in range(n):
            rect = back.get_rect(center=(round(x0 + i * step), cy))
            surface.blit(back, rect)
        badge = pygame.Rect(0, 0, 34, 26)
        badge.center = (round(cx + step * (n - 1) / 2 + L.small[0] / 2 - 6), cy + L.small[1] // 2 - 6)
        pygame.draw.rect(surface, (20, 20, 20), badge, border_radius=12)
        pygame.draw.rect(surface, draw.GOLD, badge, 2, border_radius=12)
        draw.blit_text(surface, digits(n), 18, badge.center, draw.INK, bold=True)

    def _seat_name(self, seat: int) -> str:
        return t(self.table.seats[seat].name)

    def _draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        L = self.app.layout
        rect = L.plate_rect(seat)
        to_act = self._shown_to_act()
        active = seat in to_act
        draw.panel(surface, rect, draw.PANEL, 215, 16, draw.TURN if active else draw.PANEL_EDGE)
        if active:
            pygame.draw.rect(surface, draw.TURN, rect.inflate(4, 4), 2, border_radius=18)
        rtl = i18n.is_rtl()
        vertical = rect.h >= 100
        radius = 22
        if vertical:
            avatar = (rect.centerx, rect.y + 8 + radius)
        else:
            avatar = (rect.right - 10 - radius, rect.centery) if rtl else \
                (rect.x + 10 + radius, rect.centery)
        self._draw_avatar(surface, seat, avatar, radius)
        name = self._seat_name(seat)
        figure, fig_color = self._figure(seat)
        if vertical:
            draw.blit_text(surface, name, draw.fit_text(name, 20, rect.w - 12, True),
                           (rect.centerx, avatar[1] + radius + 16), draw.INK, bold=True)
            self._draw_figure(surface, seat, figure, fig_color, (rect.centerx, rect.bottom - 16),
                              "center")
        else:
            tx = avatar[0] - radius - 10 if rtl else avatar[0] + radius + 10
            anchor = "midright" if rtl else "midleft"
            width = rect.w - 2 * radius - 30
            draw.blit_text(surface, name, draw.fit_text(name, 20, width, True),
                           (tx, rect.centery - 14), draw.INK, bold=True, anchor=anchor)
            self._draw_figure(surface, seat, figure, fig_color, (tx, rect.centery + 15), anchor)
        if seat == self.dealer:
            dot = (rect.x + 12, rect.y + 12) if not rtl or vertical else (rect.x + 12, rect.y + 12)
            pygame.draw.circle(surface, draw.GOLD, dot, 7)
            pygame.draw.circle(surface, (60, 40, 10), dot, 7, 2)

    def _draw_avatar(self, surface: pygame.Surface, seat: int, center: tuple[int, int],
                     radius: int) -> None:
        colors = [(64, 120, 110), (150, 84, 60), (96, 86, 150), (140, 116, 52)]
        pygame.draw.circle(surface, colors[seat], center, radius)
        pygame.draw.circle(surface, draw.SAND, center, radius, 2)
        initial = self._seat_name(seat)[:1]
        draw.blit_text(surface, initial, 24, (center[0], center[1] - 1), draw.INK, bold=True)
        rem = self.table.remaining(seat) if self.match.phase != "over" else None
        if rem is not None and self.table.turn_seconds and seat in self._shown_to_act():
            fraction = rem / self.table.turn_seconds
            color = draw.TURN if rem > 10 else draw.AMBER if rem > 5 else draw.RED
            draw.ring(surface, center, radius + 6, fraction, color, 4)

    def _figure(self, seat: int) -> tuple[str, tuple]:
        """The seat's key figure: tricks of bid once revealed; before, your own bid or a check."""
        if self.revealed and self.bids[seat] is not None:
            took, bid = self.tricks[seat], self.bids[seat]
            color = draw.TURN if took == bid else draw.RED if took > bid else draw.SAND
            return t("seat.figure", took=digits(took), bid=digits(bid)), color
        if seat == 0 and self.confirmed[0] and self.bids[0] is not None:
            return t("seat.figure", took=digits(self.tricks[0]), bid=digits(self.bids[0])), draw.SAND
        if self.confirmed[seat]:
            return "check", draw.TURN
        return "\u2026", draw.INK_DIM

    def _draw_figure(self, surface: pygame.Surface, seat: int, figure: str, color: tuple,
                     pos: tuple[int, int], anchor: str) -> None:
        if figure == "check":
            r = draw.blit_text(surface, t("bid.done"), 18, (pos[0], pos[1]), draw.TURN,
                               anchor=anchor)
            gap = 16
            cx = r.left - gap if (anchor != "midright" and anchor != "center") else \
                (r.right + gap if anchor == "center" else r.left - gap)
            if anchor == "midleft":
                cx = r.right + gap
            draw.check_mark(surface, (cx, pos[1]), 18, draw.TURN, 3)
            return
        if self.revealed and self.reveal_t < 1.0:
            # Bids flip in together: the figure grows from a sliver.
            img = draw.label(figure, 22, color, True)
            k = abs(1 - 2 * self.reveal_t) if self.reveal_t < 0.5 else self.reveal_t
            w = max(2, round(img.get_width() * k))
            img = pygame.transform.scale(img, (w, img.get_height()))
            rect = img.get_rect(**{anchor: pos})
            surface.blit(img, rect)
            return
        draw.blit_text(surface, figure, 22, pos, color, bold=True, anchor=anchor)

    def _shown_to_act(self) -> list[int]:
        """Seats whose turn the screen shows (only once the screen has caught up)."""
        if self.match.phase == "over" or not self.idle() or self.phase == "deal":
            return []
        return list(self.match.to_act())

    def _draw_deck(self, surface: pygame.Surface) -> None:
        if self.phase != "deal":
            return
        L = self.app.layout
        left = sum(1 for s in [*self.flying, *self.hand.values()]
                   if s.hide_until_start and s.motion is not None and not s.motion.started)
        if left <= 0:
            return
        back = assets.card_back(L.small)
        for i in range(min(4, (left + 7) // 8)):
            surface.blit(back, back.get_rect(center=(L.center[0] - i * 2, L.center[1] - i * 2)))

    def _draw_picker(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        p = L.picker
        draw.panel(surface, p, draw.PANEL, 230, 18, draw.GOLD)
        s = t("bid.title")
        draw.blit_text(surface, s, draw.fit_text(s, 24, p.w - 24, True), (p.centerx, p.y + 28),
                       draw.SAND, bold=True)

    def _draw_banners(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        if self.table.seats[0].assisted and self.match.phase != "over" and self.over is None:
            self._banner(surface, t("assist.banner"), L.banner_y, (70, 40, 18))
        elif self.hint:
            self._banner(surface, self.hint[0], L.banner_y, (80, 26, 22))
        elif self.phase == "declare" and self.confirmed[0] and not self.revealed:
            self._banner(surface, t("bid.waiting"), L.banner_y, draw.PANEL)
        if self.banner:
            self._banner(surface, self.banner[0], L.extras["tiebreak_y"], (60, 44, 14))

    def _banner(self, surface: pygame.Surface, s: str, y: int, color: tuple) -> None:
        L = self.app.layout
        width = L.w - 64
        size = draw.fit_text(s, 24, width - 40, True)
        img = draw.label(s, size, draw.INK, True)
        rect = pygame.Rect(0, 0, img.get_width() + 48, img.get_height() + 18)
        rect.center = (L.w // 2, y)
        draw.panel(surface, rect, color, 235, 14, draw.GOLD)
        surface.blit(img, img.get_rect(center=rect.center))

    def _draw_score(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        draw.dim(surface, 120)
        entry = self.score["entry"]
        prog = min(1.0, self.score["t"] / max(0.01, Speed.scale(0.9)))
        slide = 1 - (1 - min(1.0, self.score["t"] / max(0.01, Speed.scale(0.3)))) ** 3
        w = 820 if not L.portrait else L.w - 40
        h = 340
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (L.w // 2, round(L.h // 2 + (1 - slide) * 60) - (20 if not L.portrait else 60))
        draw.panel(surface, rect, (16, 26, 26), 245, 20, draw.GOLD)
        title = t("score.title_tb", n=digits(entry["tiebreak"])) if entry["tiebreak"] else \
            t("score.title", n=digits(entry["round"]))
        draw.blit_text(surface, title, 32, (rect.centerx, rect.y + 34), draw.GOLD, bold=True)
        cols = ["score.player", "score.bid", "score.tricks", "score.round", "score.total"]
        fractions = [0.30, 0.15, 0.17, 0.17, 0.21]
        xs = []
        x = rect.x + 16
        for f in fractions:
            cw = (rect.w - 32) * f
            xs.append(x + cw / 2)
            x += cw
        if i18n.is_rtl():
            xs = [rect.x + rect.right - v for v in xs]
        y = rect.y + 84
        for key, cx in zip(cols, xs):
            s = t(key)
            draw.blit_text(surface, s, draw.fit_text(s, 20, 120), (cx, y), draw.SAND, bold=True)
        pygame.draw.line(surface, draw.PANEL_EDGE, (rect.x + 20, y + 20), (rect.right - 20, y + 20))
        for seat in range(PLAYERS):
            y = rect.y + 136 + seat * 44
            old = entry["totals"][seat] - entry["scores"][seat]
            shown_total = round(old + entry["scores"][seat] * prog)
            score = entry["scores"][seat]
            values = [
                (self._seat_name(seat), draw.INK),
                (digits(entry["bids"][seat]), draw.INK),
                (digits(entry["tricks"][seat]), draw.INK),
                (digits(f"+{score}" if score > 0 else score), draw.TURN if score > 0 else draw.RED),
                (digits(shown_total), draw.GOLD),
            ]
            if seat == 0:
                band = pygame.Rect(rect.x + 14, y - 20, rect.w - 28, 40)
                pygame.draw.rect(surface, (40, 60, 56), band, border_radius=8)
            for (s, color), cx in zip(values, xs):
                draw.blit_text(surface, s, draw.fit_text(s, 24, 200, True), (cx, y), color,
                               bold=True)
        self.next_button.rect.center = (rect.centerx, rect.bottom + 44)

    def _draw_over(self, surface: pygame.Surface) -> None:
        L = self.app.layout
        draw.dim(surface, 130)
        for c in self.confetti:
            pygame.draw.rect(surface, self._confetti_colors[int(c[5])],
                             (round(c[0]), round(c[1]), round(c[4]), round(c[4] * 0.6)))
        result = self.over["result"]
        w = 760 if not L.portrait else L.w - 40
        rect = pygame.Rect(0, 0, w, 170 + 50 * len(result["ranking"]))
        rect.center = (L.w // 2, L.h // 2 - (30 if not L.portrait else 60))
        draw.panel(surface, rect, (16, 26, 26), 245, 20, draw.GOLD)
        winners = result["winners"]
        draw.blit_text(surface, t("over.title"), 34, (rect.centerx, rect.y + 36), draw.GOLD,
                       bold=True)
        if len(winners) > 1:
            names = "، ".join(self._seat_name(s) for s in winners) if i18n.is_rtl() else \
                ", ".join(self._seat_name(s) for s in winners)
            head = t("over.shared", names=names)
        elif winners == [0]:
            head = t("over.you_win")
        else:
            head = t("over.winner", name=self._seat_name(winners[0]))
        draw.blit_text(surface, head, draw.fit_text(head, 28, rect.w - 40, True),
                       (rect.centerx, rect.y + 86), draw.INK, bold=True)
        rtl = i18n.is_rtl()
        ranking = result["ranking"]
        totals = result["totals"]
        best = max(totals)
        place = 0
        for i, seat in enumerate(ranking):
            if i == 0 or totals[seat] != totals[ranking[i - 1]]:
                place = i + 1
            y = rect.y + 150 + i * 50
            row = pygame.Rect(rect.x + 40, y - 22, rect.w - 80, 44)
            color = (58, 50, 24) if totals[seat] == best else (30, 44, 42)
            pygame.draw.rect(surface, color, row, border_radius=10)
            place_x = row.right - 30 if rtl else row.x + 30
            name_x, name_anchor = (row.right - 70, "midright") if rtl else (row.x + 70, "midleft")
            total_x, total_anchor = (row.x + 20, "midleft") if rtl else (row.right - 20, "midright")
            draw.blit_text(surface, digits(place), 26, (place_x, y), draw.GOLD, bold=True)
            draw.blit_text(surface, self._seat_name(seat), 24, (name_x, y), draw.INK, bold=True,
                           anchor=name_anchor)
            draw.blit_text(surface, digits(totals[seat]), 26, (total_x, y), draw.GOLD, bold=True,
                           anchor=total_anchor)
        by = rect.bottom + 44
        if rtl:
            self.again_button.rect.center = (rect.centerx + 130, by)
            self.menu2_button.rect.center = (rect.centerx - 130, by)
        else:
            self.again_button.rect.center = (rect.centerx - 130, by)
            self.menu2_button.rect.center = (rect.centerx + 130, by)


def start_autoplay(app) -> HareejaTable:
    """Four bots play a whole match through the real loop and scenes (``--autoplay``)."""
    scene = HareejaTable.new_match(app, level=app.settings.get("level", "normal"),
                                   seed=app.options.seed, all_bots=True)
    app.switch(scene)
    return scene
