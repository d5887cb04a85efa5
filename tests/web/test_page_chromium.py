"""The built page in real headless Chromium with pygbag's real loader (CI checks).

build/web and pygbag's page files (everything but main.wasm, which cannot be had here) are
served on 127.0.0.1 (tests/web/page_kit.py). The loader runs up to the interpreter's start and
then fails for want of main.wasm, which is exactly what lets these tests check the page: the
canvas's shape, the address the loader reads, the first tap, and the failure message.

Skips, saying why, where Chromium, the vendor files or the web build are missing; on CI (which
installs Chromium and builds the page) a missing build fails instead.
Set MAJLIS_PAGE_SHOTS=DIR to keep screenshots of every state.
"""

import json
import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from page_kit import BUILD, Chromium, PageServer, Slow, chromium_path, vendor_cdn

from game.client import page_links

DESKTOP, PHONE = (1440, 900), (390, 844)
FAILED_AR = "تعذّر تشغيل اللعبة في هذا المتصفح."
INTERPRETER = "/cdn/0.9.3/cpython312/main.js"
HOSTILE_SERVERS = [
    "wss://happy-isp.example:9310",
    "ws://py.example/-i?x=1&room=ZZZZZ#debug",
    "wss://سيرفر.مثال:9310/مجلس",
    "ws://a.example/%22%5C%0A",
    "ws://a.example/%E0%A4%A",
]
CANVAS = (
    "JSON.stringify((() => { const c = document.getElementById('canvas');"
    " const r = c.getBoundingClientRect();"
    " return {fw: c.width, fh: c.height, x: r.left, y: r.top,"
    " w: r.width, h: r.height}; })())"
)


def _why_not() -> str | None:
    if not chromium_path():
        return "chromium is not installed (Debian package `chromium`; .ci/run installs it)"
    if vendor_cdn() is None:
        return "pygbag's page files are missing (shared/vendor/pygbag-page/cdn beside the checkout)"
    return None


pytestmark = pytest.mark.skipif(_why_not() is not None, reason=_why_not() or "")


@pytest.fixture(scope="module")
def built():
    if not (BUILD / "index.html").exists():
        if os.environ.get("CI"):
            pytest.fail("CI must build the web page (./majlis web) before the tests")
        pytest.skip("no web build here: run ./majlis web")
    return BUILD


@pytest.fixture(scope="module")
def chromium(built):
    browser = Chromium(chromium_path())
    yield browser
    browser.close()


@pytest.fixture
def server():
    page = PageServer(vendor_cdn())
    yield page
    page.close()


def shot(tab, name: str) -> None:
    folder = os.environ.get("MAJLIS_PAGE_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        tab.screenshot(Path(folder) / f"{name}.png")


def load(chromium, server, size, address="/", mobile=False, before_load="", ratio=1.0):
    tab = chromium.open(*size, mobile=mobile, before_load=before_load, ratio=ratio)
    tab.call("Page.navigate", {"url": server.origin + address})
    tab.wait_for("window.majlis && document.readyState === 'complete'")
    return tab


def canvas_box(tab) -> dict:
    return json.loads(tab.evaluate(CANVAS))


def assert_game_shape(box: dict, viewport: tuple[int, int]) -> None:
    """The framebuffer has the game's shape for the viewport, and its box on screen keeps that
    shape, fills the viewport one way and is centred the other."""
    vw, vh = viewport
    portrait = vh > vw
    assert (box["fw"], box["fh"]) == ((720, 1280) if portrait else (1280, 720))
    assert abs(box["w"] / box["h"] - box["fw"] / box["fh"]) < 0.01
    assert box["w"] == vw or box["h"] == vh
    assert abs(box["x"] * 2 + box["w"] - vw) <= 2 and abs(box["y"] * 2 + box["h"] - vh) <= 2


def our_exceptions(tab) -> list[str]:
    """Uncaught exceptions from the page itself (main.js failing on the missing wasm aside)."""
    found = []
    for event in tab.events:
        if event["method"] == "Runtime.exceptionThrown":
            details = event["params"]["exceptionDetails"]
            if "/cpython312/main.js" not in details.get("url", ""):
                found.append(json.dumps(details)[:500])
    return found


def dialogs(tab) -> list[str]:
    return [
        e["params"]["message"] for e in tab.events if e["method"] == "Page.javascriptDialogOpening"
    ]


@pytest.mark.parametrize(
    ("size", "mobile", "name"), [(DESKTOP, False, "desktop"), (PHONE, True, "phone")]
)
def test_page_has_the_game_shape_and_says_clearly_that_the_runtime_failed(
    chromium, server, size, mobile, name
):
    tab = load(chromium, server, size, mobile=mobile)
    try:
        assert_game_shape(canvas_box(tab), size)
        shot(tab, f"{name}_loading")
        detail = tab.wait_for("majlis.failed && document.getElementById('fail_detail').textContent")
        assert "wasm" in detail
        assert tab.evaluate("document.getElementById('status_ar').textContent") == FAILED_AR
        assert tab.evaluate("document.getElementById('failure').hidden") is False
        assert (
            tab.evaluate("document.getElementById('status_en').textContent")
            == "The game could not start in this browser."
        )
        shot(tab, f"{name}_failed")
        tab.pump(0.3)
        assert our_exceptions(tab) == []
        assert dialogs(tab) == []  # pygbag's alert() kept away
        assert INTERPRETER in server.requests
        assert not [p for p in server.requests if "xterm" in p or "vtx" in p or "/vt/" in p]
    finally:
        tab.close()


def test_rotating_before_python_runs_reshapes_the_canvas(chromium, server):
    tab = load(chromium, server, PHONE, mobile=True)
    try:
        assert_game_shape(canvas_box(tab), PHONE)
        turned = (PHONE[1], PHONE[0])
        tab.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": turned[0], "height": turned[1], "deviceScaleFactor": 1, "mobile": True},
        )
        tab.wait_for("canvas.width === 1280")
        tab.pump(0.4)
        assert_game_shape(canvas_box(tab), turned)
        assert tab.evaluate("majlis.resized") >= 1
    finally:
        tab.close()


def test_a_framebuffer_set_later_keeps_its_shape_on_screen(chromium, server):
    """What set_mode does from Python: the page refits the canvas to the new framebuffer."""
    tab = load(chromium, server, DESKTOP)
    try:
        tab.evaluate("majlis.started = true; canvas.width = 720; canvas.height = 1280; 1")
        tab.wait_for("canvas.getBoundingClientRect().height === 900")
        box = canvas_box(tab)
        assert (box["fw"], box["fh"]) == (720, 1280)
        assert abs(box["w"] / box["h"] - 720 / 1280) < 0.01 and box["h"] == 900
    finally:
        tab.close()


@pytest.mark.parametrize(
    ("frame", "viewport"), [((1080, 1920), PHONE), ((1920, 1080), (PHONE[1], PHONE[0]))]
)
def test_a_frame_drawn_at_one_and_a_half_keeps_its_pixels_and_fits_the_screen(
    chromium, server, frame, viewport
):
    """A phone of devicePixelRatio 3: Python draws at 1.5 (game.ui.scale) and sets a 1080×1920
    framebuffer; the canvas keeps that backing store (no CSS-pixel resize) while its box on
    screen fits the window with the game's shape, centred."""
    tab = load(chromium, server, viewport, mobile=True, ratio=3.0)
    try:
        assert tab.evaluate("devicePixelRatio") == 3
        tab.evaluate(
            f"majlis.started = true; canvas.width = {frame[0]}; canvas.height = {frame[1]}; 1"
        )
        tab.pump(0.3)
        box = canvas_box(tab)
        assert (box["fw"], box["fh"]) == frame
        vw, vh = viewport
        assert abs(box["w"] / box["h"] - frame[0] / frame[1]) < 0.01
        assert box["w"] == vw or box["h"] == vh
        assert box["w"] <= vw and box["h"] <= vh
        assert abs(box["x"] * 2 + box["w"] - vw) <= 2 and abs(box["y"] * 2 + box["h"] - vh) <= 2
    finally:
        tab.close()


def test_the_first_tap_unlocks_the_start_at_once(chromium, server):
    tab = load(chromium, server, PHONE, mobile=True)
    try:
        tab.wait_for("window.MM !== undefined")
        assert tab.evaluate("MM.UME") is False  # pygbag waits for a gesture
        for kind in ("mousePressed", "mouseReleased"):
            tab.call(
                "Input.dispatchMouseEvent",
                {"type": kind, "x": 195, "y": 422, "button": "left", "clickCount": 1},
            )
        assert tab.evaluate("MM.UME") is True  # at once, not at pygbag's 2 s retry
        assert tab.evaluate("majlis.tapped") is True
    finally:
        tab.close()


SDL_AUDIO = (  # what SDL2's Emscripten audio does when pygame's mixer opens (before any tap)
    "window.Module = window.Module || {}; Module.SDL2 = Module.SDL2 || {};"
    " Module.SDL2.audioContext = new AudioContext(); Module.SDL2.audioContext.state"
)


def touch_tap(tab, x: int, y: int) -> None:
    for kind, points in (("touchStart", [{"x": x, "y": y}]), ("touchEnd", [])):
        tab.call("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_sound_starts_on_a_tap_and_again_when_the_tab_comes_back(chromium, server):
    """SDL's audio context is made before any gesture, so it starts suspended: the page resumes
    it on the first tap (a touch's end, the gesture phones accept), and on the tab's return."""
    tab = load(chromium, server, PHONE, mobile=True)
    try:
        tab.wait_for("majlis.failed")  # the loader is done with window.Module
        assert tab.evaluate(SDL_AUDIO) == "suspended"  # Chromium: no gesture yet
        assert tab.evaluate("majlis.audioState()") == "suspended"
        touch_tap(tab, 195, 422)
        tab.wait_for("majlis.audioState() === 'running'", timeout=10)
        tab.evaluate("Module.SDL2.audioContext.suspend().then(() => 1)")  # the tab went away
        tab.wait_for("majlis.audioState() === 'suspended'", timeout=10)
        tab.evaluate("document.dispatchEvent(new Event('visibilitychange')); 1")
        tab.wait_for("majlis.audioState() === 'running'", timeout=10)
        assert our_exceptions(tab) == []
    finally:
        tab.close()


def test_a_context_still_suspended_is_resumed_by_a_later_gesture(chromium, server):
    """A gesture the browser did not count (a touch's start) leaves it suspended; the next
    one starts it (Emscripten's own fix listened once, then never again)."""
    tab = load(chromium, server, PHONE, mobile=True)
    try:
        tab.wait_for("majlis.failed")
        tab.evaluate(SDL_AUDIO)
        tab.call(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": 9, "y": 9}]}
        )
        tab.pump(0.3)
        assert tab.evaluate("majlis.audioState()") == "suspended"
        tab.call("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        tab.wait_for("majlis.audioState() === 'running'", timeout=10)
    finally:
        tab.close()


def test_no_progress_shows_the_failure_after_a_bounded_wait(chromium, built):
    server = PageServer(vendor_cdn(), hold="cpython312/main.js")  # a network that stalls
    tab = None
    try:
        tab = load(chromium, server, DESKTOP, before_load="window.MAJLIS_WAIT_MS = 1500;")
        detail = tab.wait_for(
            "majlis.failed && document.getElementById('fail_detail').textContent", timeout=20
        )
        assert "no progress" in detail
        assert tab.evaluate("document.getElementById('status_ar').textContent") == FAILED_AR
        shot(tab, "desktop_stalled")
    finally:
        if tab:
            tab.close()
        server.close()


def test_the_share_javascript_copies_the_link_in_a_real_browser(chromium, server):
    """game/ui/share.py's JavaScript in Chromium, run as Python runs it (window.eval) just
    after a tap: the link lands on the clipboard (headless Chromium on Linux has no share
    sheet), or is shown in a prompt; nothing is left behind."""
    from game.ui import share

    link = "https://majlis.example/#room=K7QMX4PA&server=wss://play.example:9310"
    tab = load(chromium, server, PHONE, mobile=True)
    try:
        tab.wait_for("majlis.failed")
        tab.call(
            "Browser.grantPermissions",
            {
                "origin": server.origin,
                "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"],
            },
        )
        touch_tap(tab, 195, 422)  # the player's tap on the button
        code = (
            share.JS_START.replace("__ID__", "1")
            .replace("__TEXT__", json.dumps(link))
            .replace("__TITLE__", json.dumps("Copy this link"))
        )
        first = tab.call(
            "Runtime.evaluate", {"expression": code, "returnByValue": True, "userGesture": True}
        )["result"]["value"]
        answer = first
        poll = share.JS_POLL.replace("__ID__", "1")
        for _ in range(50):
            if not answer.startswith("pending"):
                break
            tab.pump(0.1)
            answer = tab.evaluate(poll)
        assert answer in ("done|copied", "done|shown", "done|shared"), answer
        if answer == "done|copied":
            copied = tab.call(
                "Runtime.evaluate",
                {"expression": "navigator.clipboard.readText()", "awaitPromise": True},
            )["result"]["value"]
            assert copied == link
        if answer == "done|shown":
            assert [m for m in dialogs(tab) if m == "Copy this link"]
        assert tab.evaluate("Object.keys(window.majlisShare).length") == 0
        assert our_exceptions(tab) == []
    finally:
        tab.close()


WASM = "cpython312/main.wasm"
FAILED_DETAIL = "majlis.failed && document.getElementById('fail_detail').textContent"


def test_a_slow_webassembly_download_is_not_taken_for_a_failure(chromium, built):
    """main.wasm reports no progress to the loader: its bytes arriving keep the page waiting
    (here 5 s of download against a 1.5 s no-progress limit); once they are in and the runtime
    really fails (these bytes are no WebAssembly), the failure shows, with its reason."""
    slow = Slow(b"\0asm" + bytes(700), chunk=64, every=0.45)  # 12 chunks, ~5.4 s
    server = PageServer(vendor_cdn(), slow={WASM: slow})
    tab = None
    try:
        tab = load(chromium, server, DESKTOP, before_load="window.MAJLIS_WAIT_MS = 1500;")
        tab.wait_for("majlis.loading.wasmBytes > 0", timeout=20)
        tab.pump(3.0)  # twice the no-progress limit, the download still going
        assert tab.evaluate("majlis.failed") is False
        assert tab.evaluate("document.getElementById('failure').hidden") is True
        detail = tab.wait_for(FAILED_DETAIL, timeout=40)
        assert detail.startswith("aborted") and "compileerror" in detail.lower()
        assert tab.evaluate("majlis.loading.wasmBytes") >= len(slow.body)
    finally:
        if tab:
            tab.close()
        server.close()


def test_a_long_webassembly_compile_is_not_taken_for_a_failure(chromium, server):
    """A phone compiling the interpreter for longer than the no-progress limit: no message
    while the compile is under way (a compile that never ends stands in for a slow one)."""
    never = (
        "window.MAJLIS_WAIT_MS = 1500;"
        " WebAssembly.instantiateStreaming = () => new Promise(() => {});"
    )
    tab = load(chromium, server, DESKTOP, before_load=never)
    try:
        tab.wait_for("majlis.loading.compiling === 1", timeout=20)
        tab.pump(4.0)
        assert tab.evaluate("majlis.failed") is False
        assert tab.evaluate("document.getElementById('failure').hidden") is True
    finally:
        tab.close()


def test_a_webassembly_download_that_stalls_still_fails(chromium, built):
    """Headers, then no byte at all: that is a stalled network, said after the limit."""
    server = PageServer(vendor_cdn(), slow={WASM: Slow(bytes(1000), chunk=1000, every=60)})
    tab = None
    try:
        tab = load(chromium, server, DESKTOP, before_load="window.MAJLIS_WAIT_MS = 1500;")
        detail = tab.wait_for(FAILED_DETAIL, timeout=20)
        assert "no progress" in detail
        assert tab.evaluate("majlis.loading.downloading") == 1
    finally:
        if tab:
            tab.close()
        server.close()


def invite_addresses(origin: str) -> list[tuple[str, dict]]:
    """(address, what Python must read) for invite links built by links.py, hostile servers
    included, and for older or hand-made query links the page must make safe."""
    out = []
    for server in HOSTILE_SERVERS:
        link = page_links.build_invite_link(origin + "/", "K7QMXR2D", server)
        expected = {"room": "K7QMXR2D"}
        if page_links.is_link_safe(server):
            expected["server"] = server
        out.append((link, expected))
    out += [
        (origin + "/?room=K7QMXR2D", {"room": "K7QMXR2D"}),
        (
            origin + "/?server=wss://happy-isp.example:9310&room=K7QMXR2D",
            {"room": "K7QMXR2D", "server": "wss://happy-isp.example:9310"},
        ),
        (origin + "/?happy=1&x=-i&room=%22K7QMXR2D", {}),
        (
            origin + "/?room=%E0%A4%A#server=ws%3A%2F%2Fa.example%3A1",
            {"server": "ws://a.example:1"},
        ),
    ]
    return out


def test_invite_and_server_links_never_change_the_interpreter(chromium, server):
    for address, expected in invite_addresses(server.origin):
        server.requests.clear()
        tab = load(chromium, server, DESKTOP, address=address[len(server.origin) :])
        try:
            tab.wait_for("majlis.failed")  # the loader went all the way to main.wasm
            interpreters = [p for p in server.requests if p.endswith("/main.js")]
            assert interpreters == [INTERPRETER], (address, interpreters)
            assert tab.evaluate("Module.config.interactive") is False, address
            href = urlsplit(tab.evaluate("location.href"))
            assert "room" not in href.query and "server" not in href.query, address
            assert page_links.parse_link("?" + href.query, "#" + href.fragment) == expected, address
            assert json.loads(tab.evaluate("JSON.stringify(majlis.link)")) == expected, address
            assert our_exceptions(tab) == [] and dialogs(tab) == [], address
        finally:
            tab.close()
