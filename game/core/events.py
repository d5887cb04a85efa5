"""Events: what happened, for animation and for the wire, redacted per seat."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened in a match.

    ``data`` is what everybody may see (every seat and spectators). ``private`` holds extra
    keys that only one seat may see, e.g. ``{2: {"hand": [...]}}`` for the cards dealt to seat 2.
    A hidden fact never goes into ``data``; :meth:`for_seat` is the only way out of an event.

    Frozen, and its parts typed read-only: one event is redacted for every seat and paced by
    the lobby, so a reader that changed it would change what the others see. Build a new one.
    """

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    private: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The JSON-ready copy that ``seat`` may see (``None`` is a spectator)."""
        out: dict[str, Any] = {"type": self.type}
        out.update(self.data)
        if seat is not None and seat in self.private:
            out.update(self.private[seat])
        return out


def redact(events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    """Each event as ``seat`` may see it."""
    return [event.for_seat(seat) for event in events]
