"""The drawing factor on a slow phone, in the app (game/ui/drawing_factor.py): slow
drawn frames step the factor down and quick ones back up, the match and its cards kept; the
Picture setting (Automatic, Smooth, Sharp) bounds it. Frame times come from a scripted clock,
never from this machine's speed."""

import pytest
from ui_helpers import click, run_until

from game.ui import drawing_factor, games, scale
from game.ui.app import App, Options
from game.ui.scenes.settings import SettingsScene
from game.ui.window import Window


class ScriptedClock:
    """Stands in for the frame clock: each ``step`` reads it twice, ``ms`` apart."""

    def __init__(self) -> None:
        self.now = 0.0
        self.ms = 1.0
        self._calls = 0

    def __call__(self) -> float:
        self._calls += 1
        if self._calls % 2 == 0:
            self.now += self.ms / 1000
        return self.now


@pytest.fixture
def frame_clock(monkeypatch):
    clock = ScriptedClock()
    monkeypatch.setattr("game.ui.app.clock", clock)
    yield clock
    scale.set_factor(1.0)


def at_play(app: App):
    scene = games.new_match(app, "hareeja", seed=7)
    app.switch(scene)
    assert run_until(app, lambda: scene.phase != "deal" and scene.idle(), 3000)
    return scene


def test_slow_frames_step_down_and_quick_ones_back_up_keeping_the_match(frame_clock):
    app = App(Options(lang="en", adapt=True))
    assert app.drawing.factor() == 1.0  # natively the screen's factor is 1
    scene = at_play(app)
    hand = set(scene.hand)
    frame_clock.ms = 30.0  # a phone far over budget
    assert run_until(app, lambda: scale.factor() == 0.75, 2000, each=app.invalidate)
    assert app.layout.size == (960, 540)
    assert app.scene is scene and set(scene.hand) == hand  # the same match, the same cards
    for sprite in scene.hand.values():
        assert app.screen.get_rect().contains(sprite.rect())
    frame_clock.ms = 1.0
    assert run_until(app, lambda: scale.factor() == 1.0, 2000, each=app.invalidate)
    assert app.layout.size == (1280, 720) and app.scene is scene and set(scene.hand) == hand


def test_a_fast_machine_keeps_its_factor(frame_clock):
    app = App(Options(lang="en", adapt=True))
    at_play(app)
    for _ in range(600):
        app.invalidate()
        app.step(1 / 60)
    assert app.drawing.policy.changes == 0 and scale.factor() == 1.0


def test_natively_the_policy_is_off_unless_asked(frame_clock):
    app = App(Options(lang="en"))
    assert drawing_factor.WEB is False and app.drawing.adapt is False
    frame_clock.ms = 50.0
    at_play(app)
    for _ in range(200):
        app.invalidate()
        app.step(1 / 60)
    assert scale.factor() == 1.0


def test_the_picture_setting_bounds_the_factor(frame_clock, monkeypatch):
    """On a screen of factor 1.5: Automatic draws at 1.5, Smooth at 1, Sharp at 1.5 and never
    steps down; the choice is saved."""
    monkeypatch.setattr(Window, "start_factor", staticmethod(lambda portrait: 1.5))
    app = App(Options(lang="en", adapt=True))
    assert app.settings["drawing"] == "auto" and scale.factor() == 1.5
    app.switch(SettingsScene(app))
    app.step(1 / 60)
    click(app, app.scene.widget("drawing:smooth").rect.center)
    assert scale.factor() == 1.0 and app.layout.size == (1280, 720)
    click(app, app.scene.widget("drawing:sharp").rect.center)
    assert scale.factor() == 1.5 and app.layout.size == (1920, 1080)
    frame_clock.ms = 40.0
    for _ in range(200):
        app.invalidate()
        app.step(1 / 60)
    assert scale.factor() == 1.5  # Sharp: never stepped down
    again = App(Options(lang="en", adapt=True))
    assert again.settings["drawing"] == "sharp" and scale.factor() == 1.5
