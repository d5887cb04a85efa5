"""A connection's queue of frames to write, bounded in bytes (pure Python).

A client that stops reading makes the queue grow; past ``limit`` bytes (UTF-8) :meth:`put`
refuses, and the server closes that connection with a reason (:data:`server.SLOW_READER`).
"""

from __future__ import annotations

from collections import deque

Frame = str | bytes  # text, or text already encoded as UTF-8 (the server's way)
Item = tuple[Frame | tuple[int, str], int]


def _size(frame: Frame) -> int:
    return len(frame) if isinstance(frame, bytes) else len(frame.encode("utf-8"))


class Outbox:
    """Frames waiting to be written, and their size in bytes."""

    def __init__(self, limit: int):
        self.limit = limit
        self.bytes = 0
        self._frames: deque[Item] = deque()
        self._last_tag = 0

    def put(self, frame: Frame, tag: int = 0) -> bool:
        """Queue ``frame`` (``tag``: the store write it must wait for); False (nothing queued)
        when it would pass the limit."""
        size = _size(frame)
        if self.bytes + size > self.limit:
            return False
        self.bytes += size
        self._frames.append((frame, tag))
        self._last_tag = tag
        return True

    def finish(self, code: int, reason: str) -> None:
        """After the queued frames: close with ``code`` and ``reason``."""
        self._frames.append(((code, reason), self._last_tag))

    def first_tag(self) -> int | None:
        """The tag of the oldest queued item (None when empty)."""
        return self._frames[0][1] if self._frames else None

    def pop(self) -> Item | None:
        """The oldest queued item and its tag (None when empty); its bytes leave the count."""
        if not self._frames:
            return None
        item = self._frames.popleft()
        if not isinstance(item[0], tuple):
            self.bytes -= _size(item[0])
        return item
