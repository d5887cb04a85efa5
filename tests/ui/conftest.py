"""UI tests run headless: dummy video and audio drivers, and a private settings folder."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import i18n
from game.ui.app import App, Options


@pytest.fixture(autouse=True)
def majlis_home(tmp_path, monkeypatch):
    monkeypatch.setenv("MAJLIS_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    i18n.set_language("ar")


@pytest.fixture
def make_app():
    def make(**kw) -> App:
        kw.setdefault("lang", "en")
        return App(Options(**kw))

    yield make
    pygame.event.clear()
