"""When the browser's frame loop rests (docs/WEB.md, "Resting when idle").

pygbag steps the game once per turn of Emscripten's main loop, sixty a second even when
nothing changes. After ``REST_AFTER`` s of quiet (nothing drawn, no input, nothing the scene
needs frames for) the app pauses that loop until the next thing due, at most
``LONGEST_REST``; the page wakes it at once on input or a socket message. A wake restarts a
whole animation frame (~20 ms of page time at CPU throttling 4), so rests are long, not
frequent. Natively the loop never rests.
"""

from __future__ import annotations

import contextlib
from typing import Any

REST_AFTER = 0.5  # seconds of quiet before the loop rests
LONGEST_REST = 1.0  # seconds: anything the game did not declare is serviced at least this often
SHORTEST_REST = 1 / 30  # a rest shorter than two frames is not worth a wake

# Installed once in the page; a page without pauseMainLoop never rests.
_PAGE_HELPER = """(function () {
var on = false, timer = 0;
function wake() { if (on) { on = false; clearTimeout(timer); window.Module.resumeMainLoop(); } }
"pointerdown pointermove touchstart keydown wheel resize visibilitychange focus".split(" ")
.forEach(function (type) {
  addEventListener(type, wake, true);
});
window.majlisPacing = {
  rest: function (ms) {
    var vm = window.Module;
    if (on || !vm || !vm.pauseMainLoop) return false;
    on = true; vm.pauseMainLoop(); timer = setTimeout(wake, ms);
    return true;
  },
  wake: wake,
};
})();"""


class Pacing:
    """Counts quiet time and says how long the loop may wait before its next step."""

    def __init__(self, rest_after: float = REST_AFTER, longest: float = LONGEST_REST):
        self.rest_after = rest_after
        self.longest = longest
        self.quiet = 0.0  # seconds since something was drawn, touched or wanted frames

    def after_step(
        self, dt: float, drew: bool, touched: bool, wants_frames: bool, due: float | None = None
    ) -> float:
        """Seconds the loop may wait before the next step: 0 for the next animation frame,
        else at most ``longest`` and no later than ``due`` (seconds until something on
        screen changes with time alone: None, nothing)."""
        if drew or touched or wants_frames:
            self.quiet = 0.0
            return 0.0
        self.quiet += dt
        if self.quiet < self.rest_after:
            return 0.0
        rest = self.longest if due is None else min(self.longest, due)
        if rest < SHORTEST_REST:
            return 0.0
        return rest


def rest_page(window: Any, seconds: float) -> bool:
    """Pause the page's main loop for ``seconds`` (woken early by input); False when the page
    cannot (then the loop simply steps at the next frame)."""
    if window is None:
        return False
    with contextlib.suppress(Exception):  # a page without eval or Module: never rests
        if not getattr(window, "majlisPacing", None):
            window.eval(_PAGE_HELPER)
        return bool(window.majlisPacing.rest(round(seconds * 1000)))
    return False
