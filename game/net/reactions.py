"""Reactions at a table: a seated player sends one of a few fixed phrases, every person at his
table sees it beside his plate for a few seconds (pure: no websockets, no pygame).

Only the ids in :data:`PHRASES` travel (the client draws each phrase's words, in the player's
language, and its icon): there is no free text, so nothing to moderate. Bots never send one.

The rate is limited per player, apart from the connection's message rate (:mod:`.guests`):
:data:`REACTION_BURST` at once, then one every :data:`REACTION_EVERY` seconds. A reaction
past it is refused with ``error`` code ``reaction_wait`` and nobody is told anything: a
flood of "Hurry up" cannot pester a table. A reaction never touches the match, its log, its
clocks or the store, so it costs the move path nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.types import JsonObject

from .limits import REACTION_BURST, REACTION_EVERY
from .model import Guest, Player, RequestRefused
from .protocol import PHRASES
from .watchers import Watchers

__all__ = ["PHRASES", "REACTION_BURST", "REACTION_EVERY", "Reactions"]


class Reactions:
    """The ``react`` request: checked, rate-limited, then sent as ``reaction`` to every
    connected person at the sender's table (the sender too: his echo is the answer)."""

    def __init__(self, rate_clock: Callable[[], float], watchers: Watchers | None = None):
        """``watchers``: the tables' spectators, who see the reactions too (never send)."""
        self.rate_clock = rate_clock
        self.watchers = watchers

    def react(self, guest: Guest, player: Player, msg: JsonObject) -> None:
        room, seat = player.room, player.seat
        if room is None or seat is None:
            raise RequestRefused("You are not at a table.", "not_seated")
        if not self._allow(player):
            raise RequestRefused(
                f"One reaction every {REACTION_EVERY:g} seconds; wait a moment.", "reaction_wait"
            )
        out = {"t": "reaction", "seat": seat, "phrase": msg["phrase"]}
        for occupant in room.occupants:
            if occupant is not None and occupant.conn is not None and occupant.room is room:
                occupant.conn.send(out)
        audience = self.watchers.audience(room.code) if self.watchers is not None else None
        for conn in audience.conns() if audience is not None else ():
            conn.send(out)

    def _allow(self, player: Player) -> bool:
        """Token bucket per player (kept on him: a reconnect does not refill it)."""
        now = self.rate_clock()
        tokens = min(REACTION_BURST, player.react_tokens + (now - player.react_at) / REACTION_EVERY)
        player.react_at = now
        if tokens < 1:
            player.react_tokens = tokens
            return False
        player.react_tokens = tokens - 1
        return True
