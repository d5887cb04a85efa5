"""The room's Share / Copy link button (on a phone a link drawn on the canvas cannot
be copied). Natively it copies through pygame.scrap; in the browser the real JavaScript of
game/ui/share.py runs in Node (tests/web/fake_platform.py's bridge) against stand-ins for
``navigator.share``, ``navigator.clipboard`` and ``prompt``, and the answer is awaited frame
by frame, never blocking the loop. Every outcome is said to the player."""

import shutil
import sys
from pathlib import Path

import pygame
import pytest
from ui_helpers import click

from game import i18n
from game.ui import share
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.lobby_shots import ShownLink, _shown_room

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from fake_platform import NodeEval

NODE = shutil.which("node")
LINK = "https://majlis.example/#room=K7QMX4PA&server=wss://play.example:9310"


def room_scene(app) -> LobbyScene:
    scene = LobbyScene(app, link=ShownLink(_shown_room(0, pending=False)), server="ws://x")
    scene.set_state("room")
    app.switch(scene)
    app.step(1 / 60)
    return scene


def said(app) -> list[str]:
    """The confirmations showing (the share button says them)."""
    return [w.said for w in app.watchers if isinstance(w, share.Handover) and w.said]


# ----- natively -------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_room_button_copies_the_invite_link_natively_and_says_so(make_app, lang):
    app = make_app(lang=lang)
    scene = room_scene(app)
    button = scene.widget("share")
    assert button.visible and button.label() == i18n.t("share.button_copy")
    click(app, button.rect.center)
    assert button.label() == i18n.t("share.copied") != "share.copied"  # said, in both languages
    from game.ui.scenes.lobby_common import page_link

    assert pygame.scrap.get_text() == page_link(scene.link.room, scene.server)
    assert said(app) == ["share.copied"]
    drawn = app.painter.draws
    for _ in range(int(share.CONFIRM_SECONDS * 60) + 2):
        app.step(1 / 60)
    assert said(app) == [] and button.label() == i18n.t("share.button_copy")
    assert app.painter.draws > drawn  # drawn again when the button said "Copy link" again


def test_where_the_clipboard_does_not_work_the_link_is_shown_natively(make_app, monkeypatch):
    app = make_app()
    scene = room_scene(app)

    def broken(text):
        raise pygame.error("no clipboard")

    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    click(app, scene.widget("share").rect.center)
    assert app.overlay is not None and app.overlay.key == "message"
    from game.ui.scenes.lobby_common import page_link

    assert page_link(scene.link.room, scene.server) in app.overlay.body()


# ----- in the browser: the real JavaScript, in Node ---------------------------------------------
class Page:
    """``platform.window`` with the page's JavaScript run by Node."""

    def __init__(self, setup: str) -> None:
        self.node = NodeEval(NODE)
        self.node(setup + "; 1")  # (a function as the last value would not come back)

    def eval(self, code: str):
        return self.node(code)

    def close(self) -> None:
        self.node.close()


BROWSERS = {
    "share sheet": (
        "globalThis.navigator = {share: (d) => { globalThis.got = d.url;"
        " return Promise.resolve(); }}",
        share.SHARED,
        ["share.shared"],
    ),
    "share cancelled": (
        "globalThis.navigator = {share: () => Promise.reject({name: 'AbortError'})}",
        share.CANCELLED,
        [],
    ),
    "share refused, clipboard": (
        "globalThis.navigator = {share: () => Promise.reject({name: 'NotAllowedError'}),"
        " clipboard: {writeText: (t) => { globalThis.got = t; return Promise.resolve(); }}}",
        share.COPIED,
        ["share.copied"],
    ),
    "clipboard only": (
        "globalThis.navigator = {clipboard: {writeText: (t) => { globalThis.got = t;"
        " return Promise.resolve(); }}}",
        share.COPIED,
        ["share.copied"],
    ),
    "clipboard refused, prompt": (
        "globalThis.navigator = {clipboard: {writeText: () => Promise.reject(new Error('no'))}};"
        " globalThis.prompt = (title, t) => { globalThis.got = t; return null; }",
        share.SHOWN,
        [],
    ),
    "nothing at all": ("globalThis.navigator = {}", share.FAILED, []),
}


@pytest.mark.skipif(NODE is None, reason="node is not installed (the page's JavaScript runs in it)")
@pytest.mark.parametrize("browser", list(BROWSERS))
def test_in_the_browser_the_link_is_shared_or_copied_and_said(make_app, browser):
    setup, outcome, confirmation = BROWSERS[browser]
    page = Page(setup)
    try:
        app = make_app()
        sharer = share.Sharer(window=page, web=True)
        handover = share.hand_over(app, LINK, sharer)
        for _ in range(20):
            app.step(1 / 60)
        assert handover.outcome == outcome
        assert said(app) == confirmation
        if outcome in (share.SHARED, share.COPIED, share.SHOWN):
            assert page.eval("globalThis.got") == LINK
        if outcome == share.FAILED:  # the link itself, to copy by hand
            assert app.overlay is not None and LINK in app.overlay.body()
        assert page.eval("Object.keys(globalThis.majlisShare).length") == 0  # nothing kept
    finally:
        page.close()


@pytest.mark.skipif(NODE is None, reason="node is not installed (the page's JavaScript runs in it)")
def test_an_open_share_sheet_does_not_block_the_frames_and_a_second_tap_waits(make_app):
    page = Page(
        "globalThis.navigator = {share: () => new Promise((ok) => { globalThis.done = ok; })}"
    )
    try:
        app = make_app()
        sharer = share.Sharer(window=page, web=True)
        first = share.hand_over(app, LINK, sharer)
        frames = app.frame
        for _ in range(10):
            app.step(1 / 60)
        assert app.frame == frames + 10 and sharer.pending
        assert share.hand_over(app, LINK, share.Sharer(window=page, web=True)) is None
        page.eval("globalThis.done(); 1")
        for _ in range(5):
            app.step(1 / 60)
        assert first.outcome == share.SHARED and said(app) == ["share.shared"]
        for _ in range(int(share.CONFIRM_SECONDS * 60) + 2):
            app.step(1 / 60)
        assert app.watchers == []
    finally:
        page.close()


@pytest.mark.skipif(NODE is None, reason="node is not installed (the page's JavaScript runs in it)")
def test_the_button_says_share_where_the_browser_has_a_share_sheet():
    page = Page("globalThis.navigator = {share: () => Promise.resolve()}")
    try:
        assert share.Sharer(window=page, web=True).can_share() is True
        page.eval("globalThis.navigator = {}; 1")
        assert share.Sharer(window=page, web=True).can_share() is False
        assert share.Sharer(web=False).can_share() is False
    finally:
        page.close()
