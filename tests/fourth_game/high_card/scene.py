"""High card's table scene: just enough to be started, resumed and played from the menu — the
view as text and one button per legal card (a real game draws cards; see game.ui.cardtable)."""

from __future__ import annotations

import pygame

from game.core.bots import bot_rng, run
from game.i18n import t
from game.ui import draw
from game.ui.scene import Scene
from game.ui.widgets import Button

from . import bots
from .rules import Match


class HighCardTable(Scene):
    name = "high_card"

    def __init__(self, app, match: Match, all_bots: bool = False):
        self.match = match
        self.all_bots = all_bots
        self.rng = bot_rng(match.seed)
        super().__init__(app)

    @classmethod
    def new_match(
        cls,
        app,
        level,
        turn_seconds=None,
        options=None,
        seed=None,
        deck=None,
        all_bots=False,
        clock=None,
    ):
        options = dict(options or {})
        players = options.pop("players", 2)
        return cls(app, Match.new(players, options, seed=seed, deck=deck), all_bots)

    @classmethod
    def from_saved(cls, app, saved):
        try:
            return cls(app, Match.replay(saved["record"]))
        except Exception:
            return None

    @classmethod
    def start_autoplay(cls, app, options):
        scene = cls.new_match(app, "easy", options=options, seed=app.options.seed, all_bots=True)
        app.switch(scene)
        return scene

    def build(self) -> None:
        self.widgets = []
        for i, action in enumerate(self.match.legal_actions(0)):
            self.widgets.append(
                Button(
                    (40 + i * 130, 300, 120, 60),
                    lambda a=action: a["card"],
                    lambda a=action: self.play(a),
                    24,
                    key=action["card"],
                )
            )

    def play(self, action: dict) -> None:
        self.match.apply(0, action)
        self.build()

    def update(self, dt: float) -> None:
        seats = self.match.to_act()
        if seats and (seats[0] != 0 or self.all_bots):
            seat = seats[0]
            self.match.apply(
                seat,
                run(
                    bots.think(
                        self.match.view(seat), self.match.legal_actions(seat), "easy", self.rng
                    )
                ),
            )
            self.build()
        elif not seats and self.all_bots:
            self.app.finish_autoplay("high_card", self.match.record(), self.match.result)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((20, 60, 50))
        draw.blit_text(
            surface, t("game.high_card"), 40, (self.app.layout.w // 2, 60), draw.GOLD, bold=True
        )
        super().draw(surface)
