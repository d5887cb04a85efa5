""" "Check this match" on screen: both languages and orientations draw the verdict and every
finding; Back goes where it was opened from."""

from __future__ import annotations

import copy

import pytest

from game import i18n
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
