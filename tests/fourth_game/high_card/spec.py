"""High card's declared facts: the one file that makes it a game of the table."""

from __future__ import annotations

from game.core.spec import GameSpec, History, Option, Stats


def count(history: History, seat: int, side: int) -> dict[str, int]:
    return {"rounds": len(history), "tricks": sum(h["tricks"][side] for h in history)}


SPEC = GameSpec(
    name="high_card",
    engine="game.games.high_card.rules:Match",
    bots="game.games.high_card.bots",
    players=(2, 3, 4),
    options=(Option("rounds", "menu.rounds", (1, 2)),),
    stats=Stats(figures=("rounds", "tricks"), count=count),
    scene="game.games.high_card.scene:HighCardTable",
    screenshots="game.games.high_card.scene_shots:screenshot_scenes",
)
