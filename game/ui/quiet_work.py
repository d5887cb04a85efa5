"""What the app does on a quiet frame, one that draws nothing (``App.step``): :class:`QuietWork`.

A drawn frame has its budget to itself (in the browser at a phone's speed a frame that also
saved a match or collected garbage missed it). So the work that can wait, waits for a frame
that draws nothing, and such a frame does one kind of it, first that waits:

1. the deferred jobs, all of them (:meth:`QuietWork.defer`: a table's save of a bot's move,
   game/ui/table_saver.py). They also run before the scene is switched and when the loop ends;
2. one job made ahead (:meth:`QuietWork.make_ahead`: a table's pause menu and dimmed backdrop,
   game/ui/scenes/pause.py). A job that had no work takes no quiet frame;
3. one step of the warm-up (game/ui/warmup.py, then game/ui/rehearsal.py);
4. else the browser's garbage collection (game/ui/gc_pacing.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from game.ui.gc_pacing import Collector


class QuietWork:
    """The app's work kept for quiet frames: deferred jobs, jobs made ahead, the warm-up's
    steps and the collector (see the module docstring)."""

    def __init__(self, warmup: Iterator[None], collector: Collector) -> None:
        self.deferred: list[Callable[[], None]] = []  # for the next quiet frame (defer)
        self.ahead: list[Callable[[], bool]] = []  # one a quiet frame (make_ahead)
        self.warmup: Iterator[None] | None = warmup  # one step a quiet frame; None once done
        self.collector = collector  # garbage collected on quiet frames (browser)

    def defer(self, job: Callable[[], None]) -> None:
        """Run ``job`` once on the next quiet frame, or before the scene is switched or the
        loop ends, whichever comes first. A job already waiting is not added twice."""
        if job not in self.deferred:
            self.deferred.append(job)

    def make_ahead(self, job: Callable[[], bool]) -> None:
        """Run ``job`` on a quiet frame, one at a time, after any deferred job; unlike
        :meth:`defer`, never on a frame that draws or a scene switch (work that makes a later
        frame cheaper must not make this one dearer). A job answers whether it had work to
        do: one that had none takes no quiet frame. A job already waiting is not added twice."""
        if job not in self.ahead:
            self.ahead.append(job)

    def run_deferred(self) -> None:
        """The deferred jobs, now (a quiet frame, a scene switch, the loop's end)."""
        jobs, self.deferred = self.deferred, []
        for job in jobs:
            job()

    def warm_up(self) -> None:
        """The rest of the warm-up now instead of on quiet frames (benches, screenshots)."""
        for _ in self.warmup or ():
            pass
        self._warmed()

    def step(self) -> None:
        """A quiet frame: the first kind of work that waits (see the module docstring)."""
        if self.deferred:
            self.run_deferred()
        elif first_with_work(self.ahead):
            pass
        elif self.warmup is not None:
            if next(self.warmup, StopIteration) is StopIteration:
                self._warmed()
        else:
            self.collector.quiet_frame()

    def waiting(self) -> bool:
        """Whether work is left that the next quiet frames would do (the loop does not rest
        meanwhile: game/ui/pacing.py). Deferred jobs and garbage do not count: they wait."""
        return self.warmup is not None or bool(self.ahead)

    def _warmed(self) -> None:
        self.warmup = None
        self.collector.warmed()


def first_with_work(jobs: list[Callable[[], bool]]) -> bool:
    """Take jobs from the front of ``jobs`` and run them until one had work to do (True)."""
    while jobs:
        if jobs.pop(0)():
            return True
    return False
