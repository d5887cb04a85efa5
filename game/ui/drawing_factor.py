"""The app's side of the drawing factor's policy (game/ui/factor_policy.py): the
player's setting, the screen's factor and the drawn frames' times.

The "Picture" setting (``settings["drawing"]``):

- ``auto`` (the default): drawn at the screen's factor (game/ui/scale.py: ``pick``), stepped
  down while drawn frames stay over budget and back up when there is room;
- ``smooth``: never above 1 (the browser stretches the canvas on a high-density screen), and
  stepped down below it as ``auto`` does when even that is slow;
- ``sharp``: always the screen's factor, never stepped down.

The policy runs in the browser; a factor fixed from outside (``--scale``, screenshots, autoplay)
is kept. Natively it runs only when asked (``Options.adapt``, ``bench/bench_frame.py --adapt``):
a desktop draws a frame in 1-3 ms against a budget of 14, and tests that draw every frame twice
to compare them must not see the layout change under them. Drawn-frame times are wall time
(in the browser, one thread: the page's own time); no clock is read when the policy is off.
"""

from __future__ import annotations

import sys
import time

from game.ui.factor_policy import FactorPolicy

MODES = ("auto", "smooth", "sharp")
WEB = sys.platform == "emscripten"
clock = time.perf_counter  # (process_time is a system call: 0.3 ms here on a busy machine)


class DrawingFactor:
    """Which factor to draw at, from the setting, the screen and the frames (see the module
    docstring)."""

    def __init__(self, screen: float, mode: str, adapt: bool = True):
        self.adapt = adapt
        self.mode = mode if mode in MODES else "auto"
        self.screen = screen
        self.policy = FactorPolicy(self._ceiling())

    def _ceiling(self) -> float:
        return min(1.0, self.screen) if self.mode == "smooth" else self.screen

    def factor(self) -> float:
        """The factor to draw at now."""
        if not self.adapt:
            return self.screen
        if self.mode == "sharp":
            return self.screen
        return self.policy.factor()

    def set_screen(self, screen: float) -> float:
        """The screen's own factor is now ``screen``; returns the factor to draw at."""
        self.screen = screen
        self.policy.set_ceiling(self._ceiling())
        return self.factor()

    def set_mode(self, mode: str) -> float:
        """The player chose ``mode``; returns the factor to draw at."""
        self.mode = mode if mode in MODES else "auto"
        self.policy = FactorPolicy(self._ceiling())  # a fresh start at the new ceiling
        return self.factor()

    def drawn(self, seconds: float) -> float | None:
        """A frame was drawn in ``seconds`` (from :data:`clock`); the new factor when the
        policy steps, else None."""
        if not self.adapt or self.mode == "sharp":
            return None
        before = self.policy.factor()
        after = self.policy.drawn(seconds * 1000.0)
        return after if after != before else None
