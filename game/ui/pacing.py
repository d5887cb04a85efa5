"""How often the frame loop steps when nothing happens (issue 24: an idle page costs nothing).

In the browser pygbag runs the game's loop from Emscripten's main loop: one turn of asyncio an
animation frame, sixty a second, whether or not anything changes. Each turn wakes the page
(the browser makes a frame, Python steps): on a slow phone that alone is most of a core. So
once nothing has been drawn, no input has come and the scene needs no frames of its own
(:meth:`Scene.wants_frames`: a bot thinking, events queued) for ``REST_AFTER`` seconds, the
loop *rests*: :func:`rest_page` pauses Emscripten's main loop (``Module.pauseMainLoop``)
until the next thing due (a turn clock's redraw, a toast's end), at most ``LONGEST_REST``,
and the page wakes it at once on a touch, click, key, wheel, resize, turn, the tab coming back
or a message on the online socket (game/ui/net.py). A wake is a whole animation frame
restarted (measured in headless Chromium at CPU throttling 4: ~20 ms of the page's time,
against ~5 ms a frame in a running loop), so the loop rests as long as it may rather than
stepping often.

:class:`Pacing` is the pure decision (tests/test_pacing.py); natively the loop never rests
(``clock.tick(60)`` already sleeps between frames).
"""

from __future__ import annotations

import contextlib
from typing import Any

REST_AFTER = 0.5  # seconds of quiet before the loop rests
LONGEST_REST = 1.0  # seconds: anything the game did not declare is serviced at least this often
SHORTEST_REST = 1 / 30  # a rest shorter than two frames is not worth a wake

# Installed once in the page: pause the main loop, wake it on a timer or on the first input.
# Waking twice is harmless (the flag), and a page without pauseMainLoop never rests.
_PAGE_HELPER = """
(function () {
    if (window.majlisPacing) return;
    var resting = false, timer = 0;
    function wake() {
        if (!resting) return;
        resting = false;
        clearTimeout(timer);
        window.Module.resumeMainLoop();
    }
    ["pointerdown", "pointermove", "touchstart", "mousedown", "keydown", "wheel", "resize",
     "orientationchange", "visibilitychange", "focus", "pageshow"].forEach(function (type) {
        addEventListener(type, wake, { capture: true, passive: true });
    });
    window.majlisPacing = {
        rest: function (ms) {
            var vm = window.Module;
            if (resting || !vm || !vm.pauseMainLoop || !vm.resumeMainLoop) return false;
            resting = true;
            vm.pauseMainLoop();
            timer = setTimeout(wake, ms);
            return true;
        },
        wake: wake,
        resting: function () { return resting; },
    };
})();
"""


class Pacing:
    """Counts quiet time and says how long the loop may wait before its next step."""

    def __init__(self, rest_after: float = REST_AFTER, longest: float = LONGEST_REST):
        self.rest_after = rest_after
        self.longest = longest
        self.quiet = 0.0  # seconds since something was drawn, touched or wanted frames
        self.rests = 0  # steps after which the loop rested (bench, tests)

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
        self.rests += 1
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
