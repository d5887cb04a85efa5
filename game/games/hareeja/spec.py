"""Hareeja's declared facts (see game.core.spec): four players, no options, secret exact bids."""

from __future__ import annotations

from typing import Any

from game.core.spec import GameSpec, History, Rows, Stats


def count(history: History, seat: int, side: int) -> dict[str, int]:
    """The player's rounds: bids made exactly, zero bids made, the best round's score."""
    mine = [(h["bids"][seat], h["tricks"][seat], h["scores"][seat]) for h in history]
    out = {
        "rounds": len(mine),
        "exact": sum(1 for b, t, _s in mine if b == t),
        "zero_made": sum(1 for b, t, _s in mine if b == 0 and t == 0),
    }
    if mine:
        out["best_round"] = max(s for _b, _t, s in mine)
    return out


def rows(sums: dict[str, Any]) -> Rows:
    return [
        ("rounds", sums.get("rounds", 0)),
        ("exact", (sums.get("exact", 0), sums.get("rounds", 0))),
        ("zero_made", sums.get("zero_made", 0)),
        ("best_round", sums.get("best_round")),
    ]


SPEC = GameSpec(
    name="hareeja",
    engine="game.games.hareeja.rules:Match",
    bots="game.games.hareeja.bots",
    players=(4,),
    stats=Stats(
        figures=("rounds", "exact", "zero_made", "best_round"),
        count=count,
        rows=rows,
        maxima=frozenset({"best_round"}),
    ),
    scene="game.games.hareeja.scene:HareejaTable",
    screenshots="game.games.hareeja.scene_shots:screenshot_scenes",
    order=1,
)
