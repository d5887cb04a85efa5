"""Hints: the move the hard bot would make for a seat, from that seat's own view only, and
a short reason (a string key of the game's strings, or None when no few words say it).

Each game's bots.py offers ``hint_think(view, legal, rng)`` (a generator, thought in slices
like any bot: the client steps it a few milliseconds per frame) and ``hint(view, legal)``
(thought at once, natively and in tests), both built on :func:`think_hint`. A hint is
deterministic: the same view and legal actions give the same move and reason (seed 0 unless
the caller passes a generator). Nothing here sees more than the view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping
from typing import Any, TypeVar

A = TypeVar("A", bound=Mapping[str, Any])  # the game's actions (and what its bots may answer)
L = TypeVar("L", bound=Mapping[str, Any])  # the game's legal actions
V = TypeVar("V", bound=Mapping[str, Any])  # the game's view
Reason = Callable[[V, A], "str | None"]
HintThink = Generator[None, None, tuple[A, "str | None"]]
HINT_SEED = 0


def think_hint(
    think: Callable[[V, list[L], str, random.Random], Generator[None, None, A]],
    reason: Callable[[V, A], str | None],
    view: V,
    legal: list[L],
    rng: random.Random | None = None,
) -> HintThink[A]:
    """Think the hard bot's move for ``view`` and explain it."""
    action = yield from think(view, legal, "hard", rng or random.Random(HINT_SEED))
    return action, reason(view, action)


def run_hint(thought: HintThink[A]) -> tuple[A, str | None]:
    """Drive a hint's thinking to its answer in one go."""
    try:
        while True:
            next(thought)
    except StopIteration as done:
        result: tuple[A, str | None] = done.value
        return result
