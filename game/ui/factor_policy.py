"""Adapting the drawing factor to a slow phone: a pure policy, no pygame.

The app tells :class:`FactorPolicy` how long each drawn frame took; the policy answers with the
drawing factor (game/ui/scale.py) to draw at. When drawn frames stay over budget it steps the
factor down one level (1.5 → 1.25 → 1 → 0.75: each level has 30-44 % fewer pixels to fill);
when there is room at the level above, it steps back up.

It never oscillates:

- **a window, not a frame**: a decision needs :data:`WINDOW` drawn frames measured since the last
  change (the frames right after a change, :data:`SETTLE` of them, are whole redraws and are
  not counted), and looks at the window's median, so spikes (a font opened, a scene built)
  move nothing;
- **hysteresis**: it steps down when the window's median is over the budget, and up only when
  the window's 75th percentile, scaled to the level above by its pixel count, would still be
  under :data:`HEADROOM` of it (a frame cost ``c`` at factor ``f`` costs at most about
  ``c·(g/f)²`` at ``g``: the fixed part of a frame, Python's own work and the events, does not
  grow with the pixels). With a headroom of 0.8 the level above starts with a fifth of the
  budget to spare: 0.75 steps up to 1 when its p75 is under 6.3 ms, 1 to 1.25 under 7.2 ms,
  1.25 to 1.5 under 7.8 ms. The browser's figures (CPU throttling 1, factor 1: 9.8 ms median,
  18.7 ms p99; factor 1.5: 28.3 ms median) put a page back at 1 once throttling ends and keep
  it there (1.25 would be ~15 ms). The step up asks the 75th percentile, not the median,
  because a table's frames are not one population: a deal's or a meld's frames cost more than
  a quiet trick's, and a median taken over a quiet stretch promised a level the next deal
  could not hold (Hand rummy at ratio 3 stepped 1.5 → 1.25 → 1.5 → 1.25 → 1 → 1.25 so);
- **memory**: each level remembers how often it proved over budget (it was left downwards),
  and a step up into a level waits :data:`PATIENCE` drawn frames doubled for each of those
  times (at most :data:`MAX_PATIENCE`), so a phone at the edge tries a level it could not hold
  less and less, and a level never found too slow is tried after the plain wait. Every change is
  a whole redraw of the table, so a try that fails costs a visible frame: over ``n`` drawn
  frames a level is stepped into at most about ``log2(n / PATIENCE) + 1`` times;
- **learning**: leaving a level downwards also tells how far a forecast for it would be off:
  its median over what the first window at the level below foretells for it. Later forecasts
  for that level are raised by that much, so the next try waits for the level below to be
  genuinely quicker (the throttling ended), not for another quiet stretch like the one that
  misled it (in the browser at pixel ratio 3 and CPU throttling 4, Hareeja stepped 1.5 → 1.25
  → 1.5 → 1.25 in 1,100 frames with the memory alone).

The policy's levels are bounded by a ceiling (the screen's own factor: no more pixels than the
screen shows, or 1 for "Smooth") and a floor (:data:`FLOOR`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

LEVELS = (1.5, 1.25, 1.0, 0.75)  # the factors the policy steps through, highest first
FLOOR = 0.75
BUDGET_MS = 14.0  # a drawn frame's share of a 60 Hz refresh (16.7 ms) less the canvas copy
HEADROOM = 0.8  # step up only if the level above would cost under this share of the budget
WINDOW = 24  # drawn frames a decision is taken on
SETTLE = 6  # drawn frames after a change that are not counted (whole redraws)
PATIENCE = 120  # drawn frames at least between a change and a step up into a level never too slow
MAX_PATIENCE = 7680  # the longest wait (about two minutes of animation at 60 Hz)
STEP_UP_SHARE = 0.75  # the window's percentile a step up is judged on
MAX_SURPRISE = 2.0  # a level is foretold at most this many times dearer than its pixels say


@dataclass
class FactorPolicy:
    """Steps the drawing factor down and up from drawn-frame times (see the module docstring).

    ``ceiling`` is the most the factor may be (the screen's factor); the policy starts there.
    """

    ceiling: float = 1.0
    budget_ms: float = BUDGET_MS
    level: float = field(init=False)
    samples: list[float] = field(default_factory=list, init=False)
    since_change: int = field(default=0, init=False)
    changes: int = field(default=0, init=False)  # (benches and tests read it)
    over_budget: dict[float, int] = field(default_factory=dict, init=False)  # level: times left
    surprise: dict[float, float] = field(default_factory=dict, init=False)  # level: cost / foretold
    _left: tuple[float, float] | None = field(default=None, init=False)  # (level, its median)

    def __post_init__(self) -> None:
        self.ceiling = self._snap(self.ceiling)
        self.level = self.ceiling

    @staticmethod
    def _snap(value: float) -> float:
        """``value`` as one of the levels (the highest not above it; the floor at least)."""
        for level in LEVELS:
            if value >= level - 1e-9:
                return level
        return FLOOR

    def set_ceiling(self, ceiling: float) -> float:
        """The screen's factor changed (another screen, a zoom, "Smooth"): the level is kept
        under it, and the wait starts again. Returns the factor to draw at."""
        ceiling = self._snap(ceiling)
        if ceiling != self.ceiling:
            self.ceiling = ceiling
            self.level = min(self.level, ceiling) if self.changes else ceiling
            self._restart()
        return self.level

    def factor(self) -> float:
        return self.level

    def drawn(self, ms: float) -> float:
        """A frame was drawn in ``ms`` milliseconds at the current level; returns the factor
        to draw the next one at (a change takes effect at once: the app lays out again)."""
        self.since_change += 1
        if self.since_change <= SETTLE:
            return self.level
        self.samples.append(ms)
        if len(self.samples) > WINDOW:
            del self.samples[0]
        if len(self.samples) < WINDOW:
            return self.level
        ordered = sorted(self.samples)
        median = ordered[len(ordered) // 2]
        high = ordered[int(len(ordered) * STEP_UP_SHARE)]
        if self._left is not None:
            self._learn(high)
        if median > self.budget_ms and self.level > FLOOR:
            self._step(-1)
        elif self.level < self.ceiling:
            above = self._neighbour(+1)
            foretold = high * (above / self.level) ** 2 * self.surprise.get(above, 1.0)
            if foretold < HEADROOM * self.budget_ms and self.since_change >= self.patience(above):
                self._step(+1)
        return self.level

    def patience(self, level: float) -> int:
        """Drawn frames to wait at the level below before stepping up into ``level``: doubled
        for each time ``level`` proved over budget."""
        doublings = min(self.over_budget.get(level, 0), 16)
        return min(MAX_PATIENCE, PATIENCE << doublings)

    def _neighbour(self, direction: int) -> float:
        """The level one step up (+1) or down (-1), within the ceiling and the floor."""
        i = LEVELS.index(self.level) - direction
        i = max(LEVELS.index(self.ceiling), min(len(LEVELS) - 1, i))
        return LEVELS[i]

    def _step(self, direction: int) -> None:
        new = self._neighbour(direction)
        if new == self.level:
            return
        if direction < 0:
            self.over_budget[self.level] = self.over_budget.get(self.level, 0) + 1
            ordered = sorted(self.samples)
            self._left = (self.level, ordered[len(ordered) // 2])
        else:
            self._left = None
        self.level = new
        self.changes += 1
        self._restart()

    def _learn(self, high: float) -> None:
        """The first window after leaving a level downwards: how much more that level cost than
        this window's frames foretell for it is kept (never less than the pixels say), and
        every later forecast for it is that much higher. A table whose frames cost more at the
        level above than its pixels say is then not tried there again until the level below is
        that much quicker (the throttling ended, another tab closed)."""
        if self._left is None:
            return
        level, cost = self._left  # (at most MAX_SURPRISE: the load may have changed meanwhile)
        self._left = None
        foretold = high * (level / self.level) ** 2
        if foretold > 0:
            learnt = max(self.surprise.get(level, 1.0), cost / foretold)
            self.surprise[level] = min(MAX_SURPRISE, learnt)

    def _restart(self) -> None:
        self.samples = []
        self.since_change = 0
