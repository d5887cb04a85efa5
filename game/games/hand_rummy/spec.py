"""Hand rummy's declared facts (see game.core.spec): 2–5 players (five only with the classic
rules, HR-12), 1–20 rounds, majlis or classic scoring, partners with four; the lowest total
wins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.spec import GameSpec, History, Option, Rows, Stats


def teams(players: int, options: Mapping[str, Any]) -> bool:
    """HR-12: partnership, only with four players."""
    return players == 4 and options.get("partnership") is True


def count(history: History, seat: int, side: int) -> dict[str, int]:
    """The player's rounds: rounds won, wins with a whole "hand" (−60), his scores' sum."""
    return {
        "rounds": len(history),
        "rounds_won": sum(1 for h in history if h["winner"] == seat),
        "hand_wins": sum(1 for h in history if h["winner"] == seat and h["kind"] == -60),
        "score_sum": sum(h["scores"][seat] for h in history),
    }


def rows(sums: dict[str, Any]) -> Rows:
    rounds = sums.get("rounds", 0)
    return [
        ("rounds_won", (sums.get("rounds_won", 0), rounds)),
        ("hand_wins", sums.get("hand_wins", 0)),
        ("avg_score", round(sums.get("score_sum", 0) / rounds, 1) if rounds else None),
    ]


SPEC = GameSpec(
    name="hand_rummy",
    engine="game.games.hand_rummy.rules:Match",
    bots="game.games.hand_rummy.bots",
    players=(2, 3, 4, 5),  # HR-12: classic for 2–5, the majlis rules for 2–4
    default_players=4,
    options=(
        Option(
            "rounds",
            "menu.rounds",
            (1, 3, 5, 10, 20),
            default=5,  # HR-2
            summary="hr.rounds_n",
        ),
        Option(
            "variant",
            "menu.variant",
            ("majlis", "classic"),
            text="rummy.variant.{value}",
            limits=(("majlis", (2, 3, 4)),),  # HR-12: five players play classic
        ),
        Option("partnership", "menu.partnership", (False, True), players=(4,)),  # HR-12
    ),
    teams=teams,
    stats=Stats(
        figures=("rounds", "rounds_won", "hand_wins", "score_sum"),
        count=count,
        rows=rows,
        lowest_wins=True,
    ),
    scene="game.games.hand_rummy.scene:RummyTable",
    screenshots="game.games.hand_rummy.scene_shots:screenshot_scenes",
    order=3,
)
