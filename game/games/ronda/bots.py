"""Ronda bots: they see only the view of their seat and the legal actions.

Baseline (normal): declare what the hand truly holds (tringa before ronda); play the card whose
immediate gain (cards taken, caida, mesa) minus the next player's expected best reply is
highest. The reply is estimated from the *unseen* ranks (not in the bot's hand, not on the
table, not captured this deal): the chance the next player holds a rank is hypergeometric, so
laying a rank whose other cards are all gone ("dead") leaves no caida to take.

easy: the same estimate with noise, and it sometimes forgets to declare.
hard (search.py): samples the other hands consistent with what the table showed and plays each
of its cards out in every sampled deal, the other seats playing the normal bot's card, to the
end of the deal; it yields between slices of samples (the client drives it a slice per frame).
"""

from __future__ import annotations

import random

from game.core.bots import LEVELS, Slices, bot_rng, run
from game.core.hints import Hint, HintThink, run_hint, think_hint
from game.core.types import PlayAction
from game.games.ronda.board import Situation
from game.games.ronda.cards import LOW_KEY, RANK
from game.games.ronda.hints import reason
from game.games.ronda.search import HardSituation, batch_search
from game.games.ronda.types import DeclareAction, RondaAction, RondaView

__all__ = ["HardSituation", "batch_search", "choose", "hint", "reason", "think"]


# ----- decisions --------------------------------------------------------------------------------
def declaration(view: RondaView, legal: list[RondaAction]) -> DeclareAction | None:
    """The truthful declaration the hand supports, tringa before ronda (RO-16)."""
    offered = {a["kind"] for a in legal if a["type"] == "declare"}
    if not offered:
        return None
    counts: dict[int, int] = {}
    for code in view["hand"]:
        counts[RANK[code]] = counts.get(RANK[code], 0) + 1
    best = max(counts.values(), default=0)
    if best >= 3 and "tringa" in offered:
        return {"type": "declare", "kind": "tringa"}
    if best >= 2 and "ronda" in offered:
        return {"type": "declare", "kind": "ronda"}
    return None


def think(
    view: RondaView,
    legal: list[RondaAction],
    level: str = "normal",
    rng: random.Random | None = None,
    budget: float | None = None,
) -> Slices[RondaAction]:
    """Yield between slices of work; return the chosen action (always one of ``legal``)."""
    if not legal:
        raise ValueError("No legal action to choose from.")
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}.")
    rng = rng if rng is not None else bot_rng(None)
    declare = declaration(view, legal)
    if declare is not None and not (level == "easy" and rng.random() < 0.3):
        return declare
    plays: list[PlayAction] = [a for a in legal if a["type"] == "play"]
    if not plays:
        return legal[0]
    if len(plays) == 1:
        return plays[0]
    situation = Situation(view)
    scores = {a["card"]: situation.score(a["card"]) for a in plays}
    if level == "easy":
        for code in scores:
            scores[code] += rng.gauss(0.0, 0.8)
    elif level == "hard":
        scores = yield from batch_search(view, [a["card"] for a in plays], rng, budget)
    best = max(plays, key=lambda a: (scores[a["card"]], [-k for k in LOW_KEY[a["card"]]]))
    return best


def choose(
    view: RondaView,
    legal_actions: list[RondaAction],
    budget: float | None = None,
    level: str = "normal",
    seed: int | None = None,
) -> RondaAction:
    """One decision, thought through to the end (native play, tests, the server)."""
    return run(think(view, legal_actions, level, bot_rng(seed), budget))


# ----- hints (game/core/hints.py; the reasons: hints.py) ----------------------------------
def hint_think(
    view: RondaView, legal: list[RondaAction], rng: random.Random | None = None
) -> HintThink[RondaAction]:
    """The hard bot's move for this seat and why, thought in slices."""
    return think_hint(think, reason, view, legal, rng)


def hint(view: RondaView, legal: list[RondaAction]) -> Hint[RondaAction]:
    """The hard bot's move for this seat and why (a Reason, or None)."""
    return run_hint(hint_think(view, legal))
