"""The server's garbage collector policy: what survives a tick is frozen, and the whole heap is
collected only when the garbage it may hold is worth a pass (server only).

Measured on the live server (1,000 busy tables, 4,000 sockets, 20 s of play): a move makes no
reference cycle (since the action check is no longer a closure calling itself), and the table
state it adds (logs, histories, the views kept for patches) survives, so the collector's young
passes freed nothing, yet each scanned ~50,000 survivors and stopped the event loop for 100-210
ms — two such pauses in a 20 s window are the 1,000-table p99 — and its older passes scan twenty
times more.

So each tick freezes the survivors (:func:`gc.freeze` moves them out of every generation without
scanning them) and the young passes have nothing to scan. Frozen garbage in cycles then waits
for a full collection, which scans the whole heap and stops the loop for as long (measured:
tens of ms at 100 tables, several hundred at 1,000 on a busy machine), so *when* it runs is the
policy:

- **Closed connections** are the one known source of cycles: websockets and asyncio leave
  ~72 objects (~146 memory blocks) in cycles per closed connection (measured in
  tests/test_net_collector.py). :meth:`Collector.closed_connection` counts them, and a full
  collection runs once their garbage reaches :data:`SHARE` of the heap at the last one, so
  that garbage never takes more than a quarter more memory than the live objects do.
- **Anything else** (a cycle made by a bug, an error's traceback): a safety net, a full
  collection once the heap grew :data:`GROWTH` times past its size at the last one, and by
  :data:`FLOOR_BLOCKS` at least (some 100-200 MB): a server filling up from nothing grows its live
  state that much, and paying a pass for that (as 500 busy tables did, 300-400 ms in a 20 s
  window on a busy machine) buys nothing.

The earlier policy (a full pass each time the heap doubled) paid it as play grew the live
state, i.e. for nothing, and when one landed in a 20 s window at 1,000 tables it was the p99
(130-960 ms from run to run). Now a steady crowd of tables pays none; churning connections pay
one per few thousand closed (at 1,000 tables), and a small server pays often but briefly.
"""

from __future__ import annotations

import gc
import logging
import sys
import time

SHARE = 0.25  # closed connections' garbage, as a share of the heap, that brings a full pass
GROWTH = 3.0  # the heap's growth since the last full pass that brings one anyway (4 times) ...
FLOOR_BLOCKS = 2_000_000  # ... and at least this many more memory blocks
CLOSED_CONNECTION_BLOCKS = 146  # memory blocks in cycles a closed connection leaves (measured)
log = logging.getLogger("majlis.server")


class Collector:
    """Call :meth:`step` now and then (the server: every tick) on the event loop, and
    :meth:`closed_connection` when a connection ends."""

    def __init__(self, share: float = SHARE, growth: float = GROWTH, floor: int = FLOOR_BLOCKS):
        self.share = share
        self.growth = growth
        self.floor = floor
        self.collections = 0  # full collections made
        self.seconds = 0.0  # spent in them
        self.closed = 0  # connections closed since the last full collection
        gc.freeze()
        self.baseline = sys.getallocatedblocks()

    def closed_connection(self) -> None:
        self.closed += 1

    def due(self) -> str | None:
        """Why a full collection is due now (None: it is not). Python's allocated memory
        blocks are counted as it goes, so reading them costs nothing (unlike counting the
        frozen objects: a 15 ms walk at 500,000)."""
        if self.closed * CLOSED_CONNECTION_BLOCKS > self.share * self.baseline:
            return "closed connections"
        bound = max(self.baseline * (1 + self.growth), self.baseline + self.floor)
        if sys.getallocatedblocks() > bound:
            return "heap grew"
        return None

    def step(self) -> bool:
        """Freeze what survived since the last step, and make a full collection when one is
        due (logged with its length). True when this step collected."""
        gc.freeze()
        reason = self.due()
        if reason is None:
            return False
        begun, before = time.perf_counter(), sys.getallocatedblocks()
        gc.unfreeze()
        freed = gc.collect()
        gc.freeze()
        seconds = time.perf_counter() - begun
        self.baseline = sys.getallocatedblocks()
        self.collections += 1
        self.seconds += seconds
        log.info(
            "full garbage collection",
            extra={
                "event": "gc_full",
                "reason": reason,
                "ms": round(seconds * 1000, 1),
                "freed_objects": freed,
                "closed_connections": self.closed,
                "blocks_before": before,
                "blocks_after": self.baseline,
            },
        )
        self.closed = 0
        return True
