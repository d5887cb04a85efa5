"""A connection's queue of frames to write, bounded in bytes (pure Python).

A client that stops reading makes the queue grow; past ``limit`` bytes (UTF-8) :meth:`put`
refuses, and the server closes that connection with a reason (:data:`server.SLOW_READER`).
"""
from __future__ import annotations

from collections import deque


class Outbox:
    """Frames waiting to be written, and their size in bytes."""

    def __init__(self, limit: int):
        self.limit = limit
        self.bytes = 0
        self._frames: deque[str | tuple[int, str]] = deque()

    def put(self, frame: str) -> bool:
        """Queue ``frame``; False (nothing queued) when it would pass the limit."""
        size = len(frame.encode("utf-8"))
        if self.bytes + size > self.limit:
            return False
        self.bytes += size
        self._frames.append(frame)
        return True

    def finish(self, code: int, reason: str) -> None:
        """After the queued frames: close with ``code`` and ``reason``."""
        self._frames.append((code, reason))

    def pop(self) -> str | tuple[int, str] | None:
        """The oldest queued item (None when empty); its bytes leave the count."""
        if not self._frames:
            return None
        item = self._frames.popleft()
        if isinstance(item, str):
            self.bytes -= len(item.encode("utf-8"))
        return item
