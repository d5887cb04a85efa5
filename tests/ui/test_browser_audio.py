"""In the browser a sound asks the page to resume its audio context (the context is
made before the first tap and suspended again while the tab is away; web/majlis.tmpl resumes
it on every gesture, tests/web/test_page_chromium.py checks that side)."""

import sys
from pathlib import Path

import pytest

from game.ui import audio, window

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from fake_platform import Window, platform_module


@pytest.fixture
def page(monkeypatch):
    fake = Window(390, 844)
    monkeypatch.setattr(window, "WEB", True)
    monkeypatch.setitem(sys.modules, "platform", platform_module(fake))
    yield fake
    fake.close()


def test_a_sound_in_the_browser_asks_the_page_to_resume_its_audio(page):
    sound = audio.Audio(True, 0.7)
    if not sound.ok:
        pytest.skip("no audio driver here (SDL_AUDIODRIVER=dummy opens one)")
    sound.play("deal")
    sound.play("play")
    assert page.majlis.audio_resumes == 2


def test_a_muted_game_does_not_touch_the_page_audio(page):
    sound = audio.Audio(False, 0.7)
    sound.play("deal")
    assert page.majlis.audio_resumes == 0


def test_an_older_page_without_the_call_or_a_failing_one_changes_nothing(page):
    del page.majlis
    assert audio.wake_page_audio() is False

    class Broken:
        def resumeAudio(self):
            raise RuntimeError("JavaScript error")

    page.majlis = Broken()
    assert audio.wake_page_audio() is False
    audio.Audio(True, 0.7).play("deal")  # no exception reaches the game


def test_natively_there_is_no_page_to_wake():
    assert window.WEB is False
    assert audio.wake_page_audio() is False
