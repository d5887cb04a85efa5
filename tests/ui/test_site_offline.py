"""The online lobby when the browser has no network: it says it is offline at its
first frame instead of spinning while a connection fails, and natively nothing changes."""

from __future__ import annotations

import asyncio
import sys
import types

from game.client import webpage
from game.ui.app import App, Options


def browser(monkeypatch, online: bool) -> None:
    """The game as under pygbag, with a page whose navigator.onLine is ``online``."""
    window = types.SimpleNamespace(navigator=types.SimpleNamespace(onLine=online),
                                   majlis=types.SimpleNamespace(scene=None))  # fmt: skip
    monkeypatch.setattr(webpage, "WEB", True)
    monkeypatch.setitem(sys.modules, "platform", types.SimpleNamespace(window=window))


def test_browser_offline_reads_navigator_online(monkeypatch):
    assert webpage.browser_offline() is False  # natively: never
    browser(monkeypatch, online=False)
    assert webpage.browser_offline() is True
    browser(monkeypatch, online=True)
    assert webpage.browser_offline() is False


def test_the_lobby_says_offline_at_once_when_the_browser_has_no_network(monkeypatch):
    async def scenario() -> None:
        options = Options(lang="en", speed=8.0)
        options.server = "ws://127.0.0.1:9"  # nothing there; it must not even be waited for
        app = App(options)
        browser(monkeypatch, online=False)
        app.scene.widget("online").on_click()
        lobby = app.scene
        app.step(1 / 60)
        assert lobby.name == "lobby" and lobby.state == "offline"
        assert lobby.widget("retry").visible
        lobby.widget("retry").on_click()  # Try again, still offline: offline again, at once
        app.step(1 / 60)
        assert lobby.state == "offline"

    asyncio.run(scenario())


def test_the_page_is_told_each_scene_shown(monkeypatch):
    browser(monkeypatch, online=True)
    app = App(Options(lang="en"))
    window = sys.modules["platform"].window
    app.go("menu")
    assert window.majlis.scene == "menu"
    app.scene.widget("online").on_click()
    assert window.majlis.scene == "lobby"
