"""The replay viewer: a finished match watched again through its own table scene.

The game's table scene plays a :class:`game.client.replay_session.ReplaySession` (the same
interface as a local match; its seats never take the viewer's actions) and this scene draws it
with the :class:`game.ui.replay_bar.ReplayBar` over it. A
:class:`game.client.replay_session.ReplayPlayer` says when the next step is due; stepping back
or jumping to a round rebuilds the match at that step and shows it with a fresh table (no
animation). When the match is over, the "Hands" panel shows what every seat held at the step
shown.

The table scene is used through a thin subclass made here (:func:`replay_table_class`): it
never saves, never counts in the statistics, never clears the saved match, and its own menu and
"again" buttons leave or restart the replay.

A paused replay costs an idle frame nothing: it is not animating, wants no frames and has no
cadence (only the table's own, which a finished table does not have).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.client import page_links
from game.client.replay import Replay, ReplayError, decode
from game.client.replay_session import ReplayPlayer, ReplaySession
from game.i18n import digits, t
from game.ui import assets, draw, games
from game.ui.replay_bar import BarActions, ReplayBar
from game.ui.scale import px
from game.ui.scene import Scene
from game.ui.tween import Speed

if TYPE_CHECKING:
    from game.ui.app import App

SCORE_SECONDS = 2.5  # a round's score panel stays this long while the replay plays on
_SHIMS: dict[type, type] = {}


def _ignore(self: Any, value: Any) -> None:
    """A setter that keeps the replay table's answer whatever the scene sets."""


def replay_table_class(table_class: Any) -> type:
    """``table_class`` as a replay shows it: no saving, no statistics, no clearing of the
    saved match; menu and "again" go back to the viewer (``replay_scene``)."""
    if table_class not in _SHIMS:
        _SHIMS[table_class] = type(
            f"Replay{table_class.__name__}",
            (table_class,),
            {
                "persist": property(lambda self: False, _ignore),
                "stats_recorded": property(lambda self: True, _ignore),
                "save": lambda self: None,
                "play_again": lambda self: self.replay_scene.restart(),
                "to_menu": lambda self: self.replay_scene.back(),
                "open_pause": lambda self: self.replay_scene.back(),
            },
        )
    return _SHIMS[table_class]


def open_replay(app: App, code: str, back: str = "menu") -> Scene | None:
    """Switch to the replay in ``code``; a code that cannot be replayed says why (a toast) and
    leaves the screen as it is. Returns the scene, or None."""
    try:
        replay = decode(code)
    except ReplayError as refused:
        app.toast(refused.key, 5.0)
        return None
    scene = ReplayScene(app, replay, back)
    app.switch(scene)
    return scene


class ReplayScene(Scene):
    """One replay, watched from its viewer's seat (see the module docstring)."""

    name = "replay"

    def __init__(self, app: App, replay: Replay, back: str = "menu", code: str | None = None):
        self.replay = replay
        self.back_to = back
        self.code = code
        self.session = ReplaySession(replay)
        self.player = ReplayPlayer(self.session)
        self.show_hands = False
        self.table: Any = None
        self.app = app
        self._set_speed()
        self.table = self._new_table()
        super().__init__(app)

    # ----- the table ------------------------------------------------------------------------------
    def _new_table(self) -> Any:
        table_class = replay_table_class(games.table_class(self.replay.game))
        options = {"players": self.session.players, **self.replay.record.get("options", {})}
        table = table_class(self.app, self.session, options=options)
        table.replay_scene = self
        return table

    def jump(self, step: int) -> None:
        """Stand at ``step`` with a fresh table showing the match as it is there."""
        self.session.seek(step)
        self.table = self._new_table()
        self.app.invalidate()

    # ----- the controls ------------------------------------------------------------------------
    def build(self) -> None:
        actions = BarActions(
            round_back=self.round_back,
            step_back=self.step_back,
            toggle=self.toggle,
            step_forward=self.step_forward,
            round_forward=self.round_forward,
            faster=self.faster,
            share=self.share,
            hands=self.toggle_hands,
            leave=self.back,
        )
        self.bar = ReplayBar(
            self.app.layout, actions, lambda: self.player.running, self.speed, self.where
        )
        self.widgets = list(self.bar.buttons)
        self._placed_in = i18n.language()

    def speed(self) -> float:
        return self.player.speed

    def where(self) -> str:
        """ "Round 2 of 5 · step 40 of 180"."""
        s = self.session
        return t(
            "replay.where",
            round=digits(s.round_now()),
            rounds=digits(len(s.rounds)),
            step=digits(s.step),
            steps=digits(s.steps),
        )

    def toggle(self) -> None:
        if self.session.at_end and not self.player.playing:
            self.player.toggle()
            self.jump(0)
            return
        self.player.toggle()

    def step_forward(self) -> None:
        self.player.playing = False
        self.session.forward()

    def step_back(self) -> None:
        self.player.playing = False
        self.jump(self.session.step - 1)

    def round_back(self) -> None:
        s = self.session
        now = s.round_now()
        # at a round's first step (or just after it): the round before; else this round's start
        first = s.round_start(now)
        self.jump(s.round_start(now - 1) if s.step - first <= 1 else first)

    def round_forward(self) -> None:
        s = self.session
        now = s.round_now()
        self.jump(s.round_start(now + 1) if now < len(s.rounds) else s.steps)

    def restart(self) -> None:
        self.player.playing = True
        self.jump(0)

    def faster(self) -> None:
        self.player.faster()
        self._set_speed()

    def _set_speed(self) -> None:
        """The table's animations run at the replay's speed too (the setting's speed times
        it); leaving puts the setting's speed back."""
        settings = self.app.settings
        multiplier = self.app.options.speed * self.player.speed
        Speed.set(settings["speed"], settings["reduced_motion"], multiplier)

    def toggle_hands(self) -> None:
        self.show_hands = not self.show_hands
        self.app.invalidate()

    def share_link(self) -> str:
        from game.client.replay import encode

        code = self.code or encode(
            self.replay.record, self.replay.me, self.replay.names, self.replay.online
        )
        self.code = code
        return page_links.replay_address(code)

    def share(self) -> None:
        from game.ui.share import hand_over

        hand_over(self.app, self.share_link())

    def back(self) -> None:
        Speed.set(
            self.app.settings["speed"],
            self.app.settings["reduced_motion"],
            self.app.options.speed,
        )
        self.app.go(self.back_to)

    # ----- the frame -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._key(event.key):
            return
        for widget in self.widgets:
            if widget.handle(event):
                self.app.invalidate()
                return
        if self.show_hands and event.type == pygame.MOUSEBUTTONUP:
            self.toggle_hands()
            return
        self.table.handle(event)

    def _key(self, key: int) -> bool:
        keys: dict[int, Callable[[], None]] = {
            pygame.K_ESCAPE: self.back,
            pygame.K_SPACE: self.toggle,
            pygame.K_LEFT: self.step_back,
            pygame.K_RIGHT: self.step_forward,
            pygame.K_PAGEUP: self.round_back,
            pygame.K_PAGEDOWN: self.round_forward,
        }
        action = keys.get(key)
        if action is None:
            return False
        action()
        self.app.invalidate()
        return True

    def update(self, dt: float) -> None:
        if self._placed_in != i18n.language():  # the table's language button: mirror the bar
            self.bar.place(self.app.layout)
            self._placed_in = i18n.language()
        table = self.table
        if self.player.update(dt, table.idle()):
            self.app.invalidate()  # the bar's line says the new step
        table.update(dt)
        score = table.score
        if score is not None and self.player.playing and score["t"] > Speed.scale(SCORE_SECONDS):
            table.close_score()  # playing on: a round's scores close by themselves

    def animating(self) -> bool:
        return bool(self.table.animating())

    def wants_frames(self) -> bool:
        return self.player.running or bool(self.table.wants_frames())

    def redraw_every(self) -> float | None:
        every: float | None = self.table.redraw_every()
        return every

    def relayout(self) -> None:
        self.table.relayout()
        self.build()

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        if self.show_hands:  # a sheet over the table, dimmed under it (the bar stays lit)
            draw.dim(surface, draw.DIM_LEVELS[0])
            self.draw_hands(surface)
        self.bar.draw(surface)

    # ----- every hand ----------------------------------------------------------------------------
    def hands(self) -> list[tuple[str, list[str]]]:
        """(seat's name, its cards) for every seat at the step shown."""
        match = self.session.match
        out = []
        for seat in range(self.session.players):
            hand = match.view(seat).get("hand") or []
            out.append((self.table.places.seat_name(seat), [str(c) for c in hand]))
        return out

    def draw_hands(self, surface: pygame.Surface) -> None:
        """Every seat's hand, face up, in a panel over the middle of the table."""
        layout = self.app.layout
        rows = self.hands()
        card = layout.small
        row_h = card[1] + px(14)
        width = min(layout.w - px(40), px(1000))
        rect = pygame.Rect(0, 0, width, px(56) + row_h * len(rows))
        rect.center = (layout.w // 2, layout.h // 2)
        draw.panel(surface, rect, draw.PANEL, 240, px(14), draw.GOLD)
        draw.blit_text(
            surface, t("replay.hands_title"), 22, (rect.centerx, rect.y + px(24)), draw.SAND, True
        )
        deck = getattr(self.table, "DECK", "french")
        y = rect.y + px(48)
        rtl = i18n.is_rtl()
        for name, cards in rows:
            mid = y + row_h // 2
            if rtl:
                name_at, anchor = (rect.right - px(20), mid), "midright"
            else:
                name_at, anchor = (rect.x + px(20), mid), "midleft"
            draw.blit_text(surface, name, 18, name_at, anchor=anchor)
            self._draw_cards(surface, cards, pygame.Rect(rect.x, y, rect.w, row_h), deck, rtl)
            y += row_h

    def _draw_cards(
        self, surface: pygame.Surface, cards: list[str], row: pygame.Rect, deck: str, rtl: bool
    ) -> None:
        """One seat's cards along ``row`` after its name (from the right in Arabic)."""
        card = self.app.layout.small
        four = self.app.settings.get("four_color", False)
        room = row.w - px(190) - card[0]
        step = min(card[0] + px(4), room // max(1, len(cards)))
        start = row.right - px(170) - card[0] if rtl else row.x + px(170)
        if not cards:
            at = (row.right - px(170), row.centery) if rtl else (row.x + px(170), row.centery)
            anchor = "midright" if rtl else "midleft"
            draw.blit_text(surface, t("replay.no_cards"), 18, at, draw.INK_DIM, anchor=anchor)
        for i, code in enumerate(cards):
            x = start - i * step if rtl else start + i * step
            surface.blit(assets.card_face(code, card, four, deck), (x, row.y + px(6)))
