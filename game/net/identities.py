"""Offline players without a seat: each one's token → name is kept for a while, so a reconnect
is the same player, but only for ``ttl`` seconds and at most ``most`` of them (the oldest go
first), so tokens cannot fill the server's memory."""

from __future__ import annotations

from collections import OrderedDict

from .model import Player


class IdleIdentities:
    """The offline, unseated players of a lobby's ``players`` (which it forgets from)."""

    def __init__(self, players: dict[str, Player], ttl: float, most: int) -> None:
        self.players = players
        self.ttl = ttl
        self.most = most
        self._since: OrderedDict[str, float] = OrderedDict()  # key -> offline since

    def __len__(self) -> int:
        return len(self._since)

    def keep(self, player: Player, now: float) -> None:
        """``player`` went offline with nothing to come back to but his name."""
        self._since[player.key] = now
        self._since.move_to_end(player.key)
        while len(self._since) > self.most:
            self._forget(next(iter(self._since)))

    def back(self, key: str) -> None:
        """The player came back (hello with his token): he is no longer idle."""
        self._since.pop(key, None)

    def prune(self, now: float) -> None:
        """Forget the players offline for ``ttl`` seconds or more."""
        while self._since:
            key, since = next(iter(self._since.items()))
            if now - since < self.ttl:
                return
            self._forget(key)

    def _forget(self, key: str) -> None:
        self._since.pop(key, None)
        player = self.players.get(key)
        if player and player.conn is None and player.room is None and player.waiting is None:
            del self.players[key]
