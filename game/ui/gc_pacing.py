"""Python's cyclic garbage collector, moved off the frames that draw (in the browser).

Under WebAssembly at a phone's speed (Chromium's CPU throttling 4) a collection of the youngest
generation took 0.3-10 ms in the page and one of the middle generation about 19 ms: when one
falls in a drawn frame, that frame misses its budget. So in the browser the automatic collector
waits much longer (it stays as a safety net) and the app collects on the frames that draw
nothing, each generation when Python's own default thresholds would have. Once the warm-up is
done, what start-up made (modules, fonts, card pictures) is frozen (:func:`gc.freeze`): the
oldest generation's collections no longer walk it. A scene left (a table closed) is collected
whole on the next quiet frame: a table is a web of cycles (its parts point back at it) holding
frame-sized pictures, which would otherwise wait for the oldest generation's turn while the
next table's are made, and the WebAssembly memory, which never shrinks, would grow to hold both.

Natively collections cost a few microseconds: nothing changes there.
"""

from __future__ import annotations

import gc
from typing import Protocol

DEFAULT = (700, 10, 10)  # Python's own thresholds: what a quiet frame goes by
SAFETY_NET = (20_000, 10, 10)  # the automatic collector's, while the app collects itself


class GcModule(Protocol):
    """What this module uses of :mod:`gc` (tests give a fake)."""

    def get_count(self) -> tuple[int, int, int]: ...

    def set_threshold(self, threshold0: int, threshold1: int, threshold2: int) -> None: ...

    def collect(self, generation: int = 2) -> int: ...

    def freeze(self) -> None: ...


class Collector:
    """Collects on the app's quiet frames (when ``enabled``: in the browser)."""

    def __init__(self, enabled: bool, collector: GcModule = gc) -> None:
        self.enabled = enabled
        self._gc = collector
        self.frozen = False
        self.collections = 0  # (tests and benches read it)
        self.whole_due = False  # a scene was left: everything is collected next
        if enabled:
            collector.set_threshold(*SAFETY_NET)

    def quiet_frame(self) -> None:
        """A frame that drew nothing: collect what Python's defaults would have by now."""
        if not self.enabled:
            return
        young, middle, old = self._gc.get_count()
        if self.whole_due:
            generation = 2
        elif young < DEFAULT[0]:
            return
        else:
            generation = 0
            if middle >= DEFAULT[1]:
                generation = 2 if old >= DEFAULT[2] else 1
        self._gc.collect(generation)
        self.collections += 1
        self.whole_due = False

    def scene_left(self) -> None:
        """The app showed another scene: collect everything on the next quiet frame."""
        self.whole_due = self.enabled

    def warmed(self) -> None:
        """The warm-up is done: collect everything once, then freeze what is left."""
        if not self.enabled or self.frozen:
            return
        self._gc.collect()
        self._gc.freeze()
        self.frozen = True
