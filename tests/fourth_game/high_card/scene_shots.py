"""High card's screenshots: the table at the deal."""

from __future__ import annotations

from .scene import HighCardTable


def screenshot_scenes(shooter) -> None:
    shooter.app.switch(HighCardTable.new_match(shooter.app, "easy", seed=3))
    shooter.frames(2)
    shooter.shot("high_card_01_deal")
