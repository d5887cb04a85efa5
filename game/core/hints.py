"""Hints: the move the hard bot would make for a seat, from that seat's own view only, and
why, as a :class:`Reason` (a string key of the game's catalog and the figures it names), or
None when no few words say it.

Each game's bots.py offers ``hint_think(view, legal, rng)`` (a generator, thought in slices
like any bot: the client steps it a few milliseconds per frame) and ``hint(view, legal)``
(thought at once, natively and in tests), both built on :func:`think_hint`. A hint is
deterministic: the same view and legal actions give the same move and reason (seed 0 unless
the caller passes a generator). Nothing here sees more than the view.

Where the seat has one legal action the hint is that action and its reason is :data:`ONLY`
(the UI says only that it is the only legal move). A reason's fields are JSON scalars whose
name says how the UI words them (``game.client.hint_words``): ``card`` a card code, ``rank``
and ``suit`` a rank or suit letter of the game's deck, ``name`` a seat number, any other an
integer (``n`` also picks the plural form of the key, where the catalog has one).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

A = TypeVar("A", bound=Mapping[str, Any])  # the game's actions (and what its bots may answer)
L = TypeVar("L", bound=Mapping[str, Any])  # the game's legal actions
V = TypeVar("V", bound=Mapping[str, Any])  # the game's view
Field = int | str
ONLY = "hint.only"  # the one legal move: nothing to choose
HINT_SEED = 0


@dataclass(frozen=True)
class Reason:
    """Why a hint plays its move: a catalog key and the figures its words name."""

    key: str
    fields: Mapping[str, Field] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"key": ..., "fields": {...}}``: what a reason is on the wire or in a record."""
        return {"key": self.key, "fields": dict(self.fields)}

    @classmethod
    def from_json(cls, value: object) -> Reason:
        """A reason from its JSON (or a bare key, as hints were before they carried figures);
        anything else raises ValueError, saying what is wrong."""
        if isinstance(value, str) and value:
            return cls(value)
        if not isinstance(value, dict) or not isinstance(value.get("key"), str):
            raise ValueError('A hint\'s reason must be a key or {"key": str, "fields": {...}}.')
        fields = value.get("fields", {})
        if not isinstance(fields, dict) or not all(
            isinstance(k, str) and isinstance(v, int | str) and not isinstance(v, bool)
            for k, v in fields.items()
        ):
            raise ValueError("A hint's fields must map names to numbers or strings.")
        return cls(value["key"], dict(fields))


Explain = Callable[[V, A], Reason | None]
Hint = tuple[A, Reason | None]
HintThink = Generator[None, None, Hint[A]]


def think_hint(
    think: Callable[[V, list[L], str, random.Random], Generator[None, None, A]],
    reason: Callable[[V, A], Reason | None],
    view: V,
    legal: list[L],
    rng: random.Random | None = None,
) -> HintThink[A]:
    """Think the hard bot's move for ``view`` and explain it (the one legal move: say so)."""
    action = yield from think(view, legal, "hard", rng or random.Random(HINT_SEED))
    if len(legal) == 1 and dict(action) == dict(legal[0]):
        return action, Reason(ONLY)
    return action, reason(view, action)


def run_hint(thought: HintThink[A]) -> Hint[A]:
    """Drive a hint's thinking to its answer in one go."""
    try:
        while True:
            next(thought)
    except StopIteration as done:
        result: Hint[A] = done.value
        return result
