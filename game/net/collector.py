"""The server's garbage collector policy: what survives a tick is frozen, and the whole heap is
collected only when it doubled (server only).

Measured on the live server (1,000 busy tables, 4,000 sockets, 20 s of play): a move makes no
reference cycle (since the action check is no longer a closure calling itself), and the table
state it adds (logs, histories, the views kept for patches) survives, so the collector's young
passes freed nothing, yet each scanned ~50,000 survivors and stopped the event loop for 100-210
ms — two such pauses in a 20 s window are the 1,000-table p99 — and its older passes scan twenty
times more.

So each tick freezes the survivors (:func:`gc.freeze` moves them out of every generation without
scanning them) and the young passes have nothing to scan. Garbage in cycles is still made, by
closing connections (~53 objects each, inside websockets and asyncio: 219,256 for 4,000
connections) and by errors; frozen, it waits for a full collection, made once the heap grew by
:data:`GROWTH` (twice as big) since the last one. A full collection scans the whole heap
(about a second at 1,000 tables on the busy 2-core machine), so it is rare: a heap that keeps its
size pays one only once the garbage in cycles is as big as the live heap (thousands of closed
connections at 1,000 tables), so that garbage never takes more memory than the live objects do.
"""

from __future__ import annotations

import gc
import sys

GROWTH = 1.0  # the heap's growth since the last full collection that brings the next


class Collector:
    """Call :meth:`step` now and then (the server: every tick) on the event loop."""

    def __init__(self, growth: float = GROWTH):
        self.growth = growth
        self.collections = 0  # full collections made
        gc.freeze()
        self.baseline = sys.getallocatedblocks()

    def step(self) -> bool:
        """Freeze what survived since the last step, and make a full collection when the heap
        (Python's allocated memory blocks: counted as it goes, so reading it costs nothing,
        unlike counting the frozen objects, a 15 ms walk at 500,000) grew past the bound. True
        when this step collected."""
        gc.freeze()
        if sys.getallocatedblocks() <= self.baseline * (1 + self.growth):
            return False
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.baseline = sys.getallocatedblocks()
        self.collections += 1
        return True
