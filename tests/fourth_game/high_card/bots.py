"""High card's bots: easy plays its lowest card, normal and hard their highest."""

from __future__ import annotations

import random

from game.core.bots import Think

from .rules import rank


def think(
    view: dict, legal: list[dict], level: str = "normal", rng: random.Random | None = None
) -> Think:
    yield
    pick = min if level == "easy" else max
    return pick(legal, key=lambda a: rank(a["card"]))
