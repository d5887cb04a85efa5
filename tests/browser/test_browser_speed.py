"""The browser's cost model, guarded in the real browser, and the drawing factor
stepping down on a slow phone and back up.

* The guard: bench/table_stretch.py's scripted stretch (bots in every seat: the deal, card
  flights, a bid, declaration or meld, the pause menu, the round's score panel), run in the
  page through the app's own once-a-frame hook (tests/browser/bench_hooks.py), counted by the
  draw engineer's blit counter (painter.count_blits). Limits: ALPHA_LIMIT blits a drawn frame of a
  per-pixel alpha picture not run-length encoded (pygame's scalar blender in this build, 50-80x
  native), the native guard's own figure (tests/ui/test_blit_budget.py); no full-screen blit
  with per-pixel alpha or a blend flag. One full-screen *surface-alpha* veil a frame is allowed,
  only under a modal (the pause menu; the first frame of a score panel, then kept dimmed:
  game/ui/dimmed.py): in the browser the draw engineer dims with SDL's own blend (4 ms at
  720x1280 measured there) because pygame's multiply fill, which natively counts as a fill,
  takes 20-66 ms without SIMD. So the browser guard counts what the browser really draws.
* The step-down: a phone page of pixel ratio 3 (factor 1.5) at CPU throttling STEP_DOWN_THROTTLE
  steps the factor down while bots play, the match going on (the same scene, its log growing
  from what it was at each change); with throttling off it steps back up a level at least.
  Asserted on the factor's history (each change noted by a wrapper of App.set_shape), with
  bounded waits, never on a time.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from browser_driver import Device

from conftest import assert_clean, open_game
from game.ui.factor_policy import LEVELS

HERE = Path(__file__).resolve().parent
ALPHA_LIMIT = 0  # as tests/ui/test_blit_budget.py
# blits of any kind a drawn frame, mean: the native guard's with room for the page's own stretch
# (the fast speed; Hand rummy's short stretch there made 23.7 at factor 1 before and after the
# Hareeja and Ronda still layers, which took theirs from 39.7 and 27.1)
MEAN_BLITS = {"hareeja": 16, "ronda": 16, "hand_rummy": 28}
VEILS_LIMIT = 1  # full-screen surface-alpha veils a frame, under a modal only
# a slow phone: at 4 (a mid-range one) the table's drawn-frame median at factor 1.5 is now near
# the 14 ms budget, over it or not with this machine's load (a quiet CI run never stepped down
# in 420 s; a loaded one stepped down and back up while still throttled), so 4 proves nothing
# either way; at 10 every drawn frame of the stretch is well over it
STEP_DOWN_THROTTLE = 10
AUTOMATIC = '{"speed": "fast", "drawing": "auto"}'  # the default Picture setting
PHONE_EN = Device(390, 844, 3.0, touch=True, language="en")
WAIT = 420  # s: a bound, not a figure (the machine is shared)


def hook(page, call: str):
    return page.call_module("bench_hooks", call)


def install(page) -> None:
    page.put_module(HERE / "bench_hooks.py")
    hook(page, "reset()")


def wait_hook(page, call: str, timeout: float) -> dict:
    end = time.monotonic() + timeout
    while True:
        value = hook(page, call)
        if value.get("done") or time.monotonic() > end:
            return value
        page.pump(1.0)


@pytest.fixture(scope="module")
def phone_page(browser, harness):
    page = open_game(browser, harness, PHONE_EN, settings=AUTOMATIC)  # the policy may step
    install(page)
    yield page
    browser.close_page(page)


@pytest.mark.parametrize("game", ["hareeja", "ronda", "hand_rummy"])
def test_a_table_stretch_in_the_browser_stays_off_the_slow_blits(phone_page, game):
    page = phone_page
    hook(page, "go_home()")
    hook(page, "reset(adapt=False)")  # factor 1.5 throughout
    hook(page, "count_blits(False)")
    hook(page, f"start_stretch({game!r}, limit=6000)")
    seen = wait_hook(page, "stretch()", WAIT)
    counted = hook(page, "blits(0)")
    frames = hook(page, "frames_counted()")
    hook(page, "stop_counting()")
    hook(page, "go_home()")
    assert seen["done"], f"the stretch did not end in {WAIT} s: {seen}"
    assert all(seen["seen"].values()), seen["seen"]  # it showed all it should
    assert counted["frames"] > 100 and all(n for _, _, n in counted["per_frame"])
    worst = max(a for a, _, _ in counted["per_frame"])
    assert worst <= ALPHA_LIMIT, frames["summary"]
    mean = sum(n for _, _, n in counted["per_frame"]) / len(counted["per_frame"])
    assert mean <= MEAN_BLITS[game], frames["summary"]
    assert frames["full_per_pixel"] == 0, frames["summary"]
    assert frames["veils_max"] <= VEILS_LIMIT, frames["summary"]
    assert frames["veils_without_modal"] == 0, frames["summary"]
    assert_clean(page)


# What the page shows (majlis.shownPixels: its WebGL canvas read back, or SDL's canvas) against
# the frame the presenter drew (game/ui/presenter.py), in the page: the pixels shown that are
# not the frame's (its alpha byte set: the page shows frames opaque).
CANVAS_VS_FRAME = """(() => {
    const M = window.Module, c = M.canvas, W = c.width, H = c.height;
    const seen = majlis.shownPixels(), heap = M.HEAP32;
    const stride = %d >> 2, base = %d >> 2;
    let differ = 0;
    for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++)
            if (seen[y * W + x] !== (heap[base + y * stride + x] | -16777216)) differ++;
    return differ;
})()"""
SHARE_LIMIT = 0.4  # of a frame's pixels copied to the canvas, mean over the stretch (~0.1-0.2)


def canvas_differs(page) -> int:
    """Pixels of the canvas that are not the presenter's frame (between two frames)."""
    addr = page.py("app.painter.presenter.frame._pixels_address")
    pitch = page.py("app.painter.presenter.frame.get_pitch()")
    return page.js(CANVAS_VS_FRAME % (pitch, addr))


def test_a_table_stretch_reaches_the_canvas_through_the_presenter_whole(phone_page):
    """Every drawn frame of a table stretch goes to the canvas through the page's
    ``majlis.present`` (no flip), copying a small share of the frame; between frames, at
    several points of the stretch and at its end, the canvas is the frame, pixel for pixel."""
    presented_whole(phone_page, limit=6000)
    assert phone_page.js("majlis.presentMode") == "webgl"  # (no copy in JavaScript)
    assert_clean(phone_page)


NO_WEBGL2 = "delete window.WebGL2RenderingContext;"  # a browser without WebGL2


def test_without_webgl2_the_frames_are_copied_into_sdls_canvas_and_still_whole(browser, harness):
    """Where WebGL2 is missing the presenter copies each frame's changed rects into SDL's own
    canvas (web/present.js, "copied"): the frames still reach the canvas without a flip and,
    between frames, it is the frame pixel for pixel."""
    page = open_game(browser, harness, PHONE_EN, settings=AUTOMATIC, before_load=NO_WEBGL2)
    try:
        install(page)
        assert page.js("typeof WebGL2RenderingContext") == "undefined"
        presented_whole(page, limit=1500)
        assert page.js("majlis.presentMode") == "copied"
        assert page.js("majlis.screens()") == ""  # (no WebGL canvas was made)
        assert_clean(page)
    finally:
        browser.close_page(page)


def presented_whole(page, limit: int) -> None:
    """A Hareeja stretch of at most ``limit`` frames, every drawn frame presented (no flip,
    a small share of the frame copied), the canvas checked against the frame between frames."""
    hook(page, "go_home()")
    hook(page, "reset(adapt=False)")
    before = hook(page, "figures()")["presenter"]
    hook(page, f"start_stretch('hareeja', limit={limit})")
    checks = []
    end = time.monotonic() + WAIT
    while not hook(page, "stretch()").get("done") and time.monotonic() < end:
        checks.append(canvas_differs(page))
        page.pump(2.0)
    checks.append(canvas_differs(page))
    after = hook(page, "figures()")
    p, size = after["presenter"], after["size"]
    hook(page, "go_home()")
    assert p["broken"] is None, p
    assert p["flipped"] == before["flipped"], "a frame fell back to a flip"
    shown = p["shown"] - before["shown"]
    assert shown > 100, p
    share = (p["pixels"] - before["pixels"]) / shown / (size[0] * size[1])
    assert share <= SHARE_LIMIT, share
    assert len(checks) >= 3 and set(checks) == {0}, checks


def history(page) -> list[float]:
    return [f for _, f in hook(page, "figures()")["factors"]]


@pytest.mark.timeout(1500)  # a boot, then two bounded waits of WAIT s on a shared machine
def test_a_slow_phone_steps_the_factor_down_and_back_up_and_keeps_the_match(phone_page):
    """Under CPU throttling a ratio-3 phone page steps 1.5 down one level at a time and the
    same match plays on through every step (a step up the policy tries while throttled is
    undone); once the throttling ends it steps back up (the policy's rule,
    game/ui/factor_policy.py), the match still the same. On a machine so loaded that even
    unthrottled frames leave no room by that rule (its window's 75th percentile scaled to the
    level above over HEADROOM of the budget), the step up cannot be asked for: the test
    then skips and says so with the figures; a page that had room and did not step up fails."""
    page = phone_page
    hook(page, "go_home()")
    try:
        stepped_down_and_up(page)
    finally:
        hook(page, "reset(adapt=False)")  # the other tests tap where they read things to be
    hook(page, "go_home()")
    assert_clean(page)


def one_level(a: float, b: float) -> bool:
    return abs(LEVELS.index(a) - LEVELS.index(b)) == 1


def stepped_down_and_up(page) -> None:
    page.throttle(STEP_DOWN_THROTTLE)
    try:
        hook(page, "reset(adapt=True)")
        assert history(page) == [1.5], "a ratio-3 phone starts at factor 1.5"
        hook(page, "start_stretch('hareeja', limit=1000000)")  # bots play on and on
        try:
            page.wait_py("__import__('bench_hooks').RECORDER.factors[-1][1] < 1.5", WAIT)
        except AssertionError:
            state = hook(page, "policy()")
            raise AssertionError(f"no step down within {WAIT} s: {state}") from None
        page.pump(20)  # further down while it is still throttled, if it must
    finally:
        page.throttle(1)
    down = history(page)
    # one level at a time; the policy may try a step up while throttled (its frames' median
    # had room), and then it must undo it (each level remembers that it proved over budget,
    # factor_policy.py, and the wait to try it again doubles)
    assert down[0] == 1.5 and down[1] < 1.5 and all(map(one_level, down, down[1:])), down
    ups = [i for i in range(1, len(down) - 1) if down[i] > down[i - 1]]
    assert all(down[i + 1] < down[i] for i in ups), down
    kept = hook(page, "match_kept()")  # the same match went on through each step down
    assert kept["running"] and kept["changes"] >= len(down) - 1 and all(kept["kept"]), kept
    lowest = down[-1]
    try:
        page.wait_py(f"__import__('bench_hooks').RECORDER.factors[-1][1] > {lowest}", WAIT)
    except AssertionError:
        state = hook(page, "policy()")
        if not state["room"]:
            pytest.skip(f"no room to step up on this machine within {WAIT} s: {state}")
        raise AssertionError(f"room to step up but no step within {WAIT} s: {state}") from None
    finally:
        hook(page, "stop_stretch()")
    up = history(page)
    assert up[: len(down)] == down and up[len(down)] > lowest, up
    kept = hook(page, "match_kept()")  # and on through the step up
    assert kept["running"] and all(kept["kept"]), kept
