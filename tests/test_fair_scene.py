""" "Check this match" on screen: both languages and orientations draw the verdict and every
finding; Back goes where it was opened from."""

from __future__ import annotations

import copy

import pytest

from game import i18n
from game.ui import scale
from game.ui.app import App, Options
from game.ui.scenes.check_match import CheckMatchScene, finding_text, open_check
from game.ui.scenes.check_shots import sample_record


@pytest.fixture(scope="module")
def record():
    return sample_record()


@pytest.mark.parametrize("portrait", [False, True])
@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_check_is_drawn_and_back_returns(record, portrait, lang):
    app = App(Options(portrait=portrait, lang=lang))
    open_check(app, record, back="stats")
    scene = app.scene
    assert isinstance(scene, CheckMatchScene) and scene.passed
    app.step(1 / 60)
    lines = [line for line, _y in scene.scroll.lines()]
    assert len(lines) >= len(scene.findings)
    assert all(finding_text(f) != f.key for f in scene.findings)
    scene.back()
    assert app.scene.name == "stats"
    i18n.set_language("ar")


def test_a_changed_log_shows_the_mismatch(record):
    changed = copy.deepcopy(record)
    changed["log"][5], changed["log"][7] = changed["log"][7], changed["log"][5]
    app = App(Options(lang="en"))
    open_check(app, changed, back="menu")
    assert not app.scene.passed
    assert any(f.level == "bad" for f in app.scene.findings)
    app.step(1 / 60)
    i18n.set_language("ar")


@pytest.mark.parametrize("portrait", [False, True])
def test_the_check_at_a_larger_factor_is_the_same_scene_larger(record, portrait):
    """At drawing factor 1.5 every control and the panel are the factor-1 ones made larger."""
    app = App(Options(portrait=portrait, lang="en", scale=1.0))
    open_check(app, record)
    app.step(1 / 60)
    before = [w.rect.copy() for w in app.scene.widgets] + [app.scene._box()]
    app.set_shape(app.layout.portrait, 1.5)
    app.step(1 / 60)
    after = [w.rect.copy() for w in app.scene.widgets] + [app.scene._box()]
    for small, big in zip(before, after):
        want = (small.x * 1.5, small.y * 1.5, small.w * 1.5, small.h * 1.5)
        assert all(abs(g - w) <= 3 for g, w in zip(big, want)), (small, big)
    scale.set_factor(1.0)
    i18n.set_language("ar")
