"""Ronda's declared facts (see game.core.spec): 2–4 players, teams with four, Maghribi to 41 or
quick to 25."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.spec import GameSpec, History, Option, Stats


def teams(players: int, options: Mapping[str, Any]) -> bool:
    """RO: four players play two against two."""
    return players == 4


def count(history: History, seat: int, side: int) -> dict[str, int]:
    """Your side's deals: caidas, mesas, declaration points and points scored."""
    return {
        "deals": len(history),
        "caidas": sum(h["caidas"][side] for h in history),
        "mesas": sum(h["mesas"][side] for h in history),
        "declarations": sum(h["declarations"][side] for h in history),
        "points": sum(h["points"][side] for h in history),
    }


SPEC = GameSpec(
    name="ronda",
    engine="game.games.ronda.rules:Match",
    bots="game.games.ronda.bots",
    players=(2, 3, 4),
    options=(Option("rules", "menu.rules_set", ("maghribi", "quick"), text="ronda.rules.{value}"),),
    teams=teams,
    stats=Stats(figures=("deals", "caidas", "mesas", "declarations", "points"), count=count),
    scene="game.games.ronda.scene:RondaTable",
    screenshots="game.games.ronda.scene_shots:screenshot_scenes",
    order=2,
    bot_names="ronda.name.{i}",
)
