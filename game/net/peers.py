"""The other server processes of a cluster, as the lobby sees them (pure Python).

The lobby asks its :class:`Peers` and tells them, whether or not there are other processes: a
lobby alone (no cluster) gets "nobody else" to every question and its notices go nowhere, so
no part of the lobby tests for a cluster. With one (:class:`game.net.cluster.Cluster`, which
the server attaches after both exist), each call goes to it. The lobby knows the cluster only
through :class:`Directory`: the cluster module is never imported here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from game.core.types import JsonObject

from .model import Conn


class Directory(Protocol):
    """What the lobby asks of and tells the cluster (answered from its mirror of Redis)."""

    @property
    def seats(self) -> Mapping[str, str]: ...  # token key -> the code of the table he sits at
    @property
    def paused(self) -> bool: ...
    def refused(self, conn: Conn, kind: str) -> bool: ...
    def elsewhere(self, code: str) -> str | None: ...
    def seated_elsewhere(self, key: str) -> tuple[str, str] | None: ...
    def remote_open(self, game: str | None) -> list[JsonObject]: ...
    def remote_live(self, game: str | None) -> list[JsonObject]: ...
    def public_elsewhere(self, code: str) -> str | None: ...
    def own(self, code: str) -> None: ...
    def drop(self, code: str) -> None: ...
    def listed(self, code: str, entry: JsonObject | None) -> None: ...
    def seated(self, key: str, code: str | None) -> None: ...


class Peers:
    """The cluster's answers, or a lone process's (``cluster`` None)."""

    def __init__(self) -> None:
        self.cluster: Directory | None = None

    @property
    def paused(self) -> bool:
        """Play paused here (:mod:`game.net.outage`): no table acts."""
        return self.cluster is not None and self.cluster.paused

    def refused(self, conn: Conn, kind: str) -> bool:
        """A request refused because play is paused (the client was told)."""
        return self.cluster is not None and self.cluster.refused(conn, kind)

    def elsewhere(self, code: str) -> str | None:
        """The URL of another process holding the table ``code``."""
        return self.cluster.elsewhere(code) if self.cluster is not None else None

    def seated_elsewhere(self, key: str) -> tuple[str, str] | None:
        """(URL, code) of another process's table where the player ``key`` sits."""
        return self.cluster.seated_elsewhere(key) if self.cluster is not None else None

    def lists_seat(self, key: str) -> bool:
        """Whether the seat directory lists the player ``key`` at some table."""
        return self.cluster is not None and key in self.cluster.seats

    def remote_open(self, game: str | None) -> list[JsonObject]:
        """The other processes' open public tables (of ``game``, or any)."""
        return self.cluster.remote_open(game) if self.cluster is not None else []

    def remote_live(self, game: str | None) -> list[JsonObject]:
        """The other processes' public matches being played that one may watch."""
        return self.cluster.remote_live(game) if self.cluster is not None else []

    def public_elsewhere(self, code: str) -> str | None:
        """The URL of another process holding the public table ``code`` (None for a private
        one: a watch of it is answered as a wrong code is)."""
        return self.cluster.public_elsewhere(code) if self.cluster is not None else None

    def own(self, code: str) -> None:
        if self.cluster is not None:
            self.cluster.own(code)

    def drop(self, code: str) -> None:
        if self.cluster is not None:
            self.cluster.drop(code)

    def listed(self, code: str, entry: JsonObject | None) -> None:
        if self.cluster is not None:
            self.cluster.listed(code, entry)

    def seated(self, key: str, code: str | None) -> None:
        if self.cluster is not None:
            self.cluster.seated(key, code)

    @property
    def sharing(self) -> bool:
        """Whether there are other processes to tell (building what they are told costs)."""
        return self.cluster is not None
