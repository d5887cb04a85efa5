"""The one line a setup sheet shows about a row: what the chosen value of an option means
("Classic: up to five players; …", "Hard: the bots count cards…"). Pure Python (no pygame).

A line is looked up from the most particular key to the most general: the game's own line for
that value (``about.<game>.<option>.<value>``), the game's line for the option
(``about.<game>.<option>``), then the shared ones (``about.<option>.<value>``,
``about.<option>``). Booleans are not spelled in keys: an on/off row has one line."""

from __future__ import annotations

from typing import Any

from game.i18n import t


def candidates(game: str, option: str, value: Any) -> list[str]:
    """The keys tried for ``value`` of ``option`` on ``game``'s sheet, in order."""
    keys = []
    if not isinstance(value, bool):
        keys.append(f"about.{game}.{option}.{value}")
    keys.append(f"about.{game}.{option}")
    if not isinstance(value, bool):
        keys.append(f"about.{option}.{value}")
    keys.append(f"about.{option}")
    return keys


def line(game: str, option: str, value: Any) -> str:
    """The line about ``value`` of ``option`` (empty when no catalog has one)."""
    for key in candidates(game, option, value):
        words = t(key)
        if words != key:
            return words
    return ""


def first_row(game: str, choices: list[tuple[str, Any]]) -> str:
    """The row a sheet tells about first: the first of the game's own ``(option, value)`` rows
    with a line for each value (what most needs telling: "Majlis / Classic"), else its first
    own row, else the bots' level."""
    for option, value in choices:
        key = f"about.{game}.{option}.{value}"
        if not isinstance(value, bool) and t(key) != key:
            return option
    return choices[0][0] if choices else "level"
