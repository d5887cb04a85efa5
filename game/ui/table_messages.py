"""What a table tells the player in words for a moment: :class:`TableMessages`.

Two lines, each a text and the seconds it has left: the *hint* (why a move was refused, a tip,
whose turn it is; the top of the table's banners) and the *banner* across the table (not at a
seat: "last batch", a sweep). The table's painter draws them (game/ui/table_drawing.py) and
its frame reads them into the still layer's keys; :meth:`TableMessages.tick` counts them down
once a frame. A table owns one (``table.messages``).
"""

from __future__ import annotations

from game.ui.tween import Speed

HINT_SECONDS = 1.8

Line = tuple[str, float]  # the words, the seconds they stay


class TableMessages:
    """The hint line and the banner of one table (see the module docstring)."""

    def __init__(self) -> None:
        self.hint: Line | None = None
        self.banner: Line | None = None

    def show_hint(self, message: str) -> None:
        self.hint = (message, HINT_SECONDS)

    def show_banner(self, message: str, seconds: float = 2.0) -> None:
        """A banner across the table for ``seconds`` at the game's speed (the player's
        animation setting does not shorten it)."""
        self.banner = (message, Speed.scale(seconds, motion=False))

    def tick(self, dt: float) -> None:
        """Both lines ``dt`` seconds older (gone when their time is up)."""
        self.hint = _older(self.hint, dt)
        self.banner = _older(self.banner, dt)


def _older(line: Line | None, dt: float) -> Line | None:
    if line is None:
        return None
    return (line[0], line[1] - dt) if line[1] > dt else None
