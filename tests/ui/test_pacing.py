"""The browser's loop rests when nothing happens (game/ui/pacing.py): the decision
(pure), what the app asks of it at the menu and at a table, and the page's side of a rest (the
JavaScript helper, run in Node with a stand-in for Emscripten's main loop). Time is the
frames' own dt, never the wall clock."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from test_idle import frames, hareeja_waiting_for_bid

from game.ui import audio, pacing, window
from game.ui.pacing import LONGEST_REST, REST_AFTER, SHORTEST_REST, Pacing

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from fake_platform import Window, platform_module

DT = 1 / 60


def quiet_steps(p: Pacing, seconds: float, due: float | None = None) -> list[float]:
    return [p.after_step(DT, False, False, False, due) for _ in range(round(seconds / DT))]


def test_the_loop_rests_only_after_half_a_second_of_quiet():
    p = Pacing()
    rests = quiet_steps(p, REST_AFTER - 2 * DT)
    assert set(rests) == {0.0}
    assert quiet_steps(p, 0.1)[-1] == LONGEST_REST


@pytest.mark.parametrize("kind", ["drew", "touched", "wants_frames"])
def test_a_drawn_frame_input_or_a_scene_that_wants_frames_ends_the_rest(kind):
    p = Pacing()
    quiet_steps(p, 1.0)
    flags = {"drew": False, "touched": False, "wants_frames": False, kind: True}
    assert p.after_step(DT, **flags) == 0.0
    assert quiet_steps(p, REST_AFTER - 2 * DT)[-1] == 0.0  # quiet counted again from there


def test_a_rest_ends_when_something_is_due_and_a_tiny_one_is_not_taken():
    p = Pacing()
    assert quiet_steps(p, 1.0, due=0.25)[-1] == 0.25
    assert quiet_steps(p, 0.1, due=SHORTEST_REST / 2)[-1] == 0.0
    assert quiet_steps(p, 0.1, due=30.0)[-1] == LONGEST_REST


def test_the_menu_rests_once_its_fonts_are_open_and_a_tap_wakes_it(make_app):
    app = make_app()
    frames(app, 60)
    if app.quiet.warmup is not None:  # quiet frames open one font size each: no rest meanwhile
        assert app.rest == 0.0
        app.quiet.warm_up()
    frames(app, 60)
    assert app.rest == LONGEST_REST
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))
    )
    app.step(DT)
    assert app.rest == 0.0


def test_a_table_waiting_for_you_rests_and_its_turn_clock_bounds_the_rest(make_app):
    app, scene = hareeja_waiting_for_bid(make_app)
    app.quiet.warm_up()  # (the warm-up's quiet steps keep every frame until it is done)
    frames(app, 60)
    assert app.rest == LONGEST_REST and not scene.wants_frames()
    app, scene = hareeja_waiting_for_bid(make_app, turn_seconds=60)
    app.quiet.warm_up()
    frames(app, 60)
    assert 0.0 < app.rest <= 0.25  # the ring is redrawn four times a second


def test_a_toast_bounds_the_rest(make_app):
    app = make_app()
    app.quiet.warm_up()
    frames(app, 60)
    app.toast("storage.corrupt", seconds=0.8)
    frames(app, 40)
    assert 0.0 < app.rest <= 0.8 - 40 * DT + 1e-6


def test_bots_thinking_keep_every_frame(make_app, monkeypatch):
    app, scene = hareeja_waiting_for_bid(make_app)

    def think(dt, pause_for) -> None:  # a bot's thought held over frames (LocalSession.think)
        scene.session.thinking = (1, None, 0.0)

    monkeypatch.setattr(scene.session, "think", think)
    frames(app, 60)
    assert scene.wants_frames() and app.rest == 0.0
    scene.session.thinking = None


# ----- the page's side ----------------------------------------------------------------------
class RestingPage(Window):
    def __init__(self) -> None:
        super().__init__(390, 844)
        self.evals: list[str] = []
        self.majlisPacing = None
        self.rests: list[int] = []

    def eval(self, code: str):
        self.evals.append(code)
        page = self

        class Helper:
            def rest(self, ms: int) -> bool:
                page.rests.append(ms)
                return True

        self.majlisPacing = Helper()


def test_rest_page_installs_the_helper_once_and_asks_for_the_rest_in_ms():
    page = RestingPage()
    assert pacing.rest_page(page, 0.25) and pacing.rest_page(page, 1.0)
    assert len(page.evals) == 1 and page.rests == [250, 1000]
    assert not pacing.rest_page(None, 1.0)  # natively: no page
    assert not pacing.rest_page(Window(390, 844), 1.0)  # a page without eval: never rests


NODE_CHECK = """
const listeners = {}, calls = [];
globalThis.window = globalThis;
globalThis.addEventListener = (type, fn) => { (listeners[type] = listeners[type] || []).push(fn); };
const timers = [];
globalThis.setTimeout = (fn, ms) => { timers.push([fn, ms]); return timers.length; };
globalThis.clearTimeout = (id) => { if (timers[id - 1]) timers[id - 1][0] = null; };
eval(HELPER);
const none = window.majlisPacing.rest(100);      // no Module yet: never rests
window.Module = {
    pauseMainLoop: () => calls.push("pause"),
    resumeMainLoop: () => calls.push("resume"),
};
const first = window.majlisPacing.rest(1000), again = window.majlisPacing.rest(1000);
listeners.pointerdown.forEach((fn) => fn());     // a touch wakes it at once
timers.forEach(([fn]) => fn && fn());             // the cleared timer does not wake it again
const second = window.majlisPacing.rest(50);
timers[timers.length - 1][0]();                   // this one wakes it on time
const third = window.majlisPacing.rest(50);        // awake again: it may rest again
console.log(JSON.stringify({none, first, again, second, third, calls,
    ms: timers.map((t) => t[1])}));
"""


def test_the_page_helper_pauses_the_main_loop_and_wakes_it_once_on_input_or_time():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the page helper is not run here")
    script = f"const HELPER = {json.dumps(pacing._PAGE_HELPER)};\n{NODE_CHECK}"
    out = subprocess.run(
        [node, "-e", script], check=False, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got == {
        "none": False,
        "first": True,
        "again": False,
        "second": True,
        "third": True,
        "calls": ["pause", "resume", "pause", "resume", "pause"],
        "ms": [1000, 50, 50],
    }


def test_a_resting_game_suspends_the_page_audio(monkeypatch):
    class Context:
        state = "running"

        def suspend(self) -> None:
            self.state = "suspended"

    page = Window(390, 844)
    context = Context()
    page.majlis.audioContexts = lambda: [context]
    monkeypatch.setattr(window, "WEB", True)
    monkeypatch.setitem(sys.modules, "platform", platform_module(page))
    if pygame.mixer.get_init():  # a cue an earlier test played would still count as playing
        pygame.mixer.stop()
    assert audio.Audio(True, 0.7).rest() and context.state == "suspended"
