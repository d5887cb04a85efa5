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
        self._frames: deque[tuple[str | tuple[int, str], int]] = deque()
        self._last_tag = 0

    def put(self, frame: str, tag: int = 0) -> bool:
        """Queue ``frame`` (``tag``: the store write it must wait for); False (nothing queued)
        when it would pass the limit."""
        size = len(frame.encode("utf-8"))
        if self.bytes + size > self.limit:
            return False
        self.bytes += size
        self._frames.append((frame, tag))
        self._last_tag = tag
        return True

    def finish(self, code: int, reason: str) -> None:
        """After the queued frames: close with ``code`` and ``reason``."""
        self._frames.append(((code, reason), self._last_tag))

    def pop(self) -> tuple[str | tuple[int, str], int] | None:
        """The oldest queued item and its tag (None when empty); its bytes leave the count."""
        if not self._frames:
            return None
        item = self._frames.popleft()
        if isinstance(item[0], str):
            self.bytes -= len(item[0].encode("utf-8"))
        return item
