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
connections) and by errors; frozen, it waits for a full collection, made once the frozen objects
grew by :data:`GROWTH` (twice as many) since the last one. A full collection scans the whole
heap (about a second at 1,000 tables on the busy 2-core machine), so it is rare: a heap that
keeps its size pays one after about as many closed connections as fill it again (~9,000 at 1,000
tables: ~480,000 objects), and garbage in cycles never takes more memory than the live objects
do.
"""

from __future__ import annotations

import gc

GROWTH = 1.0  # the frozen objects' growth since the last full collection that brings the next
CHECK_EVERY = 100  # steps (10 s of ticks) between two counts of the frozen objects


class Collector:
    """Call :meth:`step` now and then (the server: every tick) on the event loop."""

    def __init__(self, growth: float = GROWTH, check_every: int = CHECK_EVERY):
        self.growth = growth
        self.check_every = check_every
        self.collections = 0  # full collections made
        self._steps = 0
        gc.freeze()
        self.baseline = gc.get_freeze_count()

    def step(self) -> bool:
        """Freeze what survived since the last step; every ``check_every`` steps count the
        frozen objects (a walk of the list: ~ms at 1,000 tables, so not every tick) and make
        a full collection when they grew past the bound. True when this step collected."""
        gc.freeze()
        self._steps += 1
        if self._steps % self.check_every:
            return False
        if gc.get_freeze_count() <= self.baseline * (1 + self.growth):
            return False
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.baseline = gc.get_freeze_count()
        self.collections += 1
        return True
