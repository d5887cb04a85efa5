"""A guided first round's script (the steps, what each waits for), as each game declares it
in ``game/games/<name>/coach.py`` (``LESSON``) and ``game/client/coach.py`` plays it. Pure
data: no pygame, no engine."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    """One coach mark: ``say`` (an i18n key, formatted with ``figures``: cards, ranks and
    numbers are put in words as the hints say them), ``point`` (what the mark points at:
    ``widget:<key>`` a control; empty: what a hint of ``expect`` would mark, the card or the
    pile) and ``expect`` (the keys the player's action must have; None: a tap on the line)."""

    say: str
    point: str = ""
    expect: Mapping[str, Any] | None = None
    figures: Mapping[str, Any] = field(default_factory=dict)

    def wants(self, action: Mapping[str, Any]) -> bool:
        """Whether ``action`` is what this step waits for."""
        return self.expect is not None and all(action.get(k) == v for k, v in self.expect.items())


@dataclass(frozen=True)
class Lesson:
    """A game's guided first round (see the module docstring)."""

    game: str
    seed: int
    steps: tuple[Step, ...]
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not 1 <= len(self.steps) <= 8:
            raise ValueError(f"{self.game}: a lesson has 1 to 8 steps, not {len(self.steps)}")
