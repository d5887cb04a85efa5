"""Fixtures of the real-browser tests: the harness server, one headless Chromium
for the whole run, and a phone page and a desktop page shared by the tests (a boot costs
~12-17 s here); each test gets back to the home screen by real input first.

Every page opened is checked at the end of the run: no uncaught exception in the page's
console and no Python traceback (``test_zz_clean.py``). The tests skip, saying why, where
Chromium, pyodide (``npm ci --prefix tests/wasm``), ../shared or the web build is missing;
with ``CI=1`` (``.ci/run``) a missing web build fails instead, as tests/web's do.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the drawing test converts surfaces
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from browser_driver import DESKTOP, PHONE, Browser, Page, chromium_path  # noqa: E402
from serve import HarnessServer, why_not_servable  # noqa: E402

OPENED: list[Page] = []  # every page of the run, for test_zz_clean.py
TIMES: dict[str, float] = {}  # figures for the report (printed at the end with -s)
# Settings stored before the first load: quick animations, and the Picture setting "sharp"
# (the screen's own factor, never stepped down), so that a loaded test machine's slow frames
# never change the frame size under a test; test_browser_speed turns the policy on itself.
SPEED = '{"speed": "fast", "drawing": "sharp"}'


def why_not() -> str | None:
    if chromium_path() is None:
        return "chromium is not installed (Debian package chromium)"
    why = why_not_servable()
    if why and "majlis.apk" in why and os.environ.get("CI"):
        pytest.fail(why)
    return why


@pytest.fixture(scope="session")
def harness():
    why = why_not()
    if why:
        pytest.skip(why)
    server = HarnessServer()
    yield server
    server.close()


@pytest.fixture(scope="session")
def browser(harness):
    with Browser() as chromium:
        yield chromium


def open_game(
    browser: Browser,
    harness: HarnessServer,
    device,
    fragment: str = "",
    settings: str | None = SPEED,
    throttle: float = 1.0,
    scene: str = "menu",
    stored: dict[str, str] | None = None,
    before_load: str = "",
) -> Page:
    """A page of the game at ``device``, booted, its first tap given, on the home screen in
    the device's language (chosen by a real tap on the language button when needed).
    ``before_load``: a script run in the page before any of its own (a browser without some
    feature, say)."""
    page = browser.open("about:blank", device, throttle=throttle)
    if before_load:
        page.call("Page.addScriptToEvaluateOnNewDocument", {"source": before_load})
    items = {"majlis.settings": settings} if settings else {}
    items.update(stored or {})
    for key, value in items.items():  # the page's storage before its first load (only then)
        value = json.dumps(value)
        script = f"if (!localStorage.getItem({key!r})) localStorage.setItem({key!r}, {value});"
        page.call("Page.addScriptToEvaluateOnNewDocument", {"source": script})
    page.navigate(harness.url + (f"#{fragment}" if fragment else ""))
    OPENED.append(page)
    began = time.monotonic()
    times = page.start(scene=scene)
    TIMES.setdefault("boot_s", round(time.monotonic() - began, 1))
    TIMES.setdefault("page_times_ms", times)
    hold_factor(page)
    if scene == "menu" and page.py("app.settings['language']") != device.language:
        page.tap(page.widget("lang"))
        page.wait_py(f"app.settings['language'] == {device.language!r}", 10)
    return page


HOLD_FACTOR = """
from game.ui.app import App
from game.ui import scale
app = App.current
app.drawing.adapt = False
if scale.factor() != app.drawing.factor():
    app.set_shape(app.layout.portrait, app.drawing.factor())
"""


def hold_factor(page: Page) -> None:
    """The drawing factor's policy off (the page at the screen's factor): a test taps where it
    read a thing to be, and a step of the factor in between (a loaded machine's slow frames)
    would lay the screen out again under the finger. test_browser_speed turns it on."""
    page.js(f"harness.pyodide.runPython({json.dumps(HOLD_FACTOR)})")


@pytest.fixture(scope="session")
def phone(browser, harness):
    page = open_game(browser, harness, PHONE)
    yield page
    browser.close_page(page)


@pytest.fixture(scope="session")
def desktop(browser, harness):
    page = open_game(browser, harness, DESKTOP)
    yield page
    browser.close_page(page)


@pytest.fixture(params=["phone", "desktop"])
def page(request):
    """The run's phone page, then its desktop page (each booted once for all the tests)."""
    return request.getfixturevalue(request.param)


def assert_clean(page: Page) -> None:
    """No uncaught exception, console error or Python traceback on ``page`` so far."""
    assert page.problems() == []
    assert page.python_errors() == []


def home(page: Page) -> None:
    """Back on the home screen by real input: at a table Menu → Leave → Yes (a match against
    bots stays saved), elsewhere Back; an overlay's Close or OK first."""
    for _ in range(8):
        if page.py("scene.name") == "menu" and page.py("app.overlay") is None:
            return
        on_top = page.py("app.overlay")
        keys = ("yes", "leave", "close", "ok") if on_top else ("menu", "back", "next", "menu2")
        key = next((k for k in keys if page.py(f"widget({k!r})")), None)
        assert key is not None, f"no way back from {page.py('scene.name')}"
        page.tap(page.widget(key))
        page.frames(4)
    assert page.py("scene.name") == "menu"


def resume(page: Page, match: str, game: str) -> None:
    """Put ``match`` (a saved match's JSON, made natively) in the page's storage, let a new
    home screen read it (a game's tile and Back), and tap Continue."""
    home(page)
    page.js(f"localStorage.setItem('majlis.match.{game}', {json.dumps(match)})")
    page.tap(page.widget(f"tile:{game}"))
    page.wait_py("scene.name == 'setup'", 10)
    home(page)
    page.tap(page.widget(f"continue:{game}"))
    page.wait_py(f"scene.name == {game!r}", 10)
