"""Drive the real game in headless Chromium over the DevTools protocol.

Reusable beyond the tests (the browser-speed work builds on it)::

    with Browser() as browser:
        page = browser.open(server.url, PHONE)            # or DESKTOP, throttle=4, fragment=...
        page.start()                                       # first tap, main.py runs
        page.tap(page.widget("tile:hareeja"))              # a REAL touch (or click) at that rect
        page.py("scene.name")                              # ask the game (reads only)
        png = page.canvas_png()                            # the framebuffer, pixel for pixel

* :class:`Browser` starts Debian's ``chromium --headless`` with a fresh profile (the flags of
  tests/web/page_kit.py) and gives :class:`Page` objects.
* :class:`Page` emulates a device (:class:`Device`: CSS size, devicePixelRatio, touch or
  mouse; optional CPU throttling with ``Emulation.setCPUThrottlingRate``), dispatches real
  input (``Input.dispatchTouchEvent`` / ``Input.dispatchMouseEvent``) at places of the
  game's frame (frame pixels mapped through the canvas's box on the page), and records the
  console (``Runtime.consoleAPICalled``), uncaught exceptions (``Runtime.exceptionThrown``),
  Python's stderr (tracebacks) and network replies.
"""

from __future__ import annotations

import base64
import contextlib
import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from page_kit import CHROMIUM_FLAGS, chromium_path

# pyodide + wheels + apk + pygame: ~12 s here alone, far more when the 2 cores are shared
# (boots past 240 s were seen while other browsers ran throttled beside them)
BOOT_SECONDS = 480


@dataclass(frozen=True)
class Device:
    """A screen the page is opened on."""

    width: int
    height: int
    ratio: float = 1.0
    touch: bool = False
    language: str = "en"  # the game's language, chosen by a tap on the home screen

    @property
    def mobile(self) -> bool:
        return self.touch

    def turned(self) -> Device:
        return Device(self.height, self.width, self.ratio, self.touch, self.language)


PHONE = Device(390, 844, 3.0, touch=True, language="ar")
DESKTOP = Device(1440, 900, 1.0, touch=False, language="en")


class Browser:
    """A headless Chromium with a fresh profile; :meth:`open` gives a :class:`Page`."""

    def __init__(self, binary: str | None = None):
        binary = binary or chromium_path()
        if binary is None:
            raise RuntimeError("chromium is not installed")
        self.profile = tempfile.mkdtemp(prefix="majlis-harness-")
        self.process = subprocess.Popen(
            [binary, *CHROMIUM_FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.port = self._devtools_port()
        self.pages: list[Page] = []
        self._browser_ws = None
        self._browser_id = 0

    def _devtools_port(self) -> int:
        found: list[int] = []

        def read() -> None:
            for line in self.process.stderr:
                if "DevTools listening on ws://" in line and not found:
                    found.append(int(line.rsplit(":", 1)[1].split("/", 1)[0]))

        threading.Thread(target=read, daemon=True).start()
        end = time.monotonic() + 30
        while not found and time.monotonic() < end and self.process.poll() is None:
            time.sleep(0.05)
        if not found:
            self.close()
            raise RuntimeError("chromium did not start its DevTools endpoint")
        return found[0]

    def open(self, url: str, device: Device, fragment: str = "", throttle: float = 1.0) -> Page:
        """A new tab emulating ``device`` in a browser context of its own (its own storage,
        like another phone), navigated to ``url`` (plus ``#fragment``)."""
        context = self._browser_call("Target.createBrowserContext", {"disposeOnDetach": False})
        target = self._browser_call(
            "Target.createTarget",
            {"url": "about:blank", "browserContextId": context["browserContextId"]},
        )["targetId"]
        ws_url = f"ws://127.0.0.1:{self.port}/devtools/page/{target}"
        page = Page(self, target, ws_url, device)
        page.context = context["browserContextId"]
        page.emulate(device, throttle)
        if url != "about:blank":
            page.navigate(url + (f"#{fragment}" if fragment else ""))
        self.pages.append(page)
        return page

    def _browser_call(self, method: str, params: dict) -> dict:
        if self._browser_ws is None:
            with urllib.request.urlopen(
                f"http://127.0.0.1:{self.port}/json/version", timeout=10
            ) as reply:
                self._browser_ws = connect(json.load(reply)["webSocketDebuggerUrl"], max_size=None)
        self._browser_id += 1
        self._browser_ws.send(
            json.dumps({"id": self._browser_id, "method": method, "params": params})
        )
        while True:
            message = json.loads(self._browser_ws.recv(timeout=30))
            if message.get("id") == self._browser_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]

    def close_page(self, page: Page) -> None:
        page.close()
        if page in self.pages:
            self.pages.remove(page)
        try:
            self._browser_call("Target.closeTarget", {"targetId": page.target})
            self._browser_call("Target.disposeBrowserContext", {"browserContextId": page.context})
        except (RuntimeError, TimeoutError):
            pass

    def close(self) -> None:
        for page in list(self.pages):
            page.close()
        if self._browser_ws is not None:
            self._browser_ws.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Page:
    """One tab running the harness page (see the module docstring)."""

    def __init__(self, browser: Browser, target: str, ws_url: str, device: Device):
        self.browser, self.target, self.device = browser, target, device
        self.context: str | None = None
        self.ws = connect(ws_url, max_size=None, open_timeout=20)
        self.next_id = 0
        self.console: list[dict] = []  # {"type", "text"}
        self.exceptions: list[str] = []
        self.responses: list[dict] = []  # Network.responseReceived's response objects
        self.dialogs: list[str] = []
        self.dialog_answers: list[str | None] = []  # what prompt() answers, in order
        for domain in ("Page", "Runtime", "Network"):
            self.call(f"{domain}.enable")

    # ----- the protocol -----------------------------------------------------------------------
    def call(self, method: str, params: dict | None = None, timeout: float = 60) -> dict:
        self.next_id += 1
        mine = self.next_id
        self.ws.send(json.dumps({"id": mine, "method": method, "params": params or {}}))
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{method}: no answer in {timeout} s")
            message = json.loads(self.ws.recv(timeout=left))
            if message.get("id") == mine:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self._event(message)

    def _event(self, message: dict) -> None:
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"])
            self.console.append({"type": params["type"], "text": text})
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            self.exceptions.append(
                details.get("exception", {}).get("description") or details.get("text", "")
            )
        elif method == "Network.responseReceived":
            self.responses.append(params["response"])
        elif method == "Page.javascriptDialogOpening":  # never leave the page blocked
            self.dialogs.append(params.get("message", ""))
            answer = self.dialog_answers.pop(0) if self.dialog_answers else None
            reply = {"accept": answer is not None}
            if answer is not None:
                reply["promptText"] = answer
            self.ws.send(
                json.dumps({"id": 0, "method": "Page.handleJavaScriptDialog", "params": reply})
            )

    def pump(self, seconds: float = 0.05) -> None:
        """Take in the events that arrived, waiting at most ``seconds``."""
        end = time.monotonic() + seconds
        while True:
            try:
                message = self.ws.recv(timeout=max(0.0, end - time.monotonic()))
            except TimeoutError:
                return
            self._event(json.loads(message))

    # ----- the page ---------------------------------------------------------------------------
    def emulate(self, device: Device, throttle: float = 1.0) -> None:
        """Size, pixel ratio and input kind of ``device`` (again mid-run: a phone turned)."""
        self.device = device
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {
                "width": device.width,
                "height": device.height,
                "deviceScaleFactor": device.ratio,
                "mobile": device.mobile,
                "screenOrientation": {
                    "type": "portraitPrimary"
                    if device.height > device.width
                    else "landscapePrimary",
                    "angle": 0 if device.height > device.width else 90,
                },
            },
        )
        self.call(
            "Emulation.setTouchEmulationEnabled",
            {"enabled": device.touch, "maxTouchPoints": 5 if device.touch else 1},
        )
        self.throttle(throttle)

    def throttle(self, rate: float) -> None:
        """Slow the CPU ``rate`` times (4: a mid-range phone; 1: off)."""
        self.call("Emulation.setCPUThrottlingRate", {"rate": rate})

    def navigate(self, url: str) -> None:
        self.call("Page.navigate", {"url": url})

    def reload(self) -> None:
        self.call("Page.reload", {"ignoreCache": True})
        self.wait_js("window.harness && window.harness.phase !== 'loading' || null", 5)

    def js(self, expression: str, timeout: float = 60):
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.call(
            "Runtime.evaluate",
            {"expression": expression, "returnByValue": True, "awaitPromise": True},
            timeout,
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def put_module(self, source: Path) -> None:
        """Write the Python module ``source`` into the page's /harness folder, where the
        page's Python imports it (the benches' and tests' hooks)."""
        text = json.dumps(source.read_text())
        self.js(f"harness.pyodide.FS.writeFile('/harness/{source.name}', {text})")

    def call_module(self, module: str, call: str, timeout: float = 120):
        """``module.call`` run by the page's Python (a module put there), its JSON answer."""
        code = json.dumps(f"import {module}\n{module}.{call}")
        return json.loads(self.js(f"harness.pyodide.runPython({code})", timeout))

    def wait_js(self, expression: str, timeout: float = 30):
        """The value of ``expression`` once it is truthy (polled; fails after ``timeout``)."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.js(expression)
            except RuntimeError:
                value = None
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"not true within {timeout} s: {expression}")
            self.pump(0.05)

    def py(self, expr: str):
        """A Python expression's value in the page (tests/browser/probe.py's names: ``app``,
        ``scene``, ``widget(name)``, ``rect(r)``); it must only read."""
        raw = self.js(f"harness.py({json.dumps(expr)})")
        reply = json.loads(raw)
        if "error" in reply:
            raise RuntimeError(f"{expr}: {reply['error']}")
        return reply["ok"]

    def wait_py(self, expr: str, timeout: float = 60):
        """The value of a Python expression once it is truthy."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.py(expr)
            except RuntimeError:
                value = None
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"not true within {timeout} s: {expr}")
            self.pump(0.05)

    def frames(self, count: int = 2) -> None:
        """Let ``count`` of the game's frames pass, or at least one if the loop then rests
        (nothing to do: game/ui/pacing.py; it steps again on input or when something is due)."""
        start = self.py("app.frame")
        self.wait_py(f"app.frame >= {start + count} or (app.frame > {start} and app.rest > 0)", 30)

    # ----- start ------------------------------------------------------------------------------
    def booted(self, timeout: float = BOOT_SECONDS) -> dict:
        """Wait until the page waits for its first tap (or runs); the boot's times in ms."""
        phase = self.wait_js(
            "['tap', 'running', 'failed'].includes(harness.phase) && harness.phase", timeout
        )
        if phase == "failed":
            raise AssertionError(f"the harness failed to boot: {self.js('harness.error')}")
        return self.js("harness.times")

    def start(self, timeout: float = BOOT_SECONDS, scene: str = "menu") -> dict:
        """Boot, the first tap anywhere on the page (it starts main.py, as pygbag's page
        does), then wait for the first scene (the home screen; an invite link opens the
        lobby). Returns the boot's times in ms."""
        self.booted(timeout)
        if self.js("harness.phase") == "tap":
            # In a corner, on the felt's edge: the tap that starts main.py may also reach the
            # game once it runs, and in the middle of the home screen it opened a tile's setup
            # sheet (a reload with a saved match: about one boot in three).
            self.tap_css(2, self.device.height - 2)
        self.wait_js("harness.phase === 'running'", 10)
        self.wait_py(f"app is not None and app.frame > 2 and scene.name == {scene!r}", timeout)
        return self.js("harness.times")

    # ----- where things are -------------------------------------------------------------------
    def canvas_box(self) -> dict:
        return self.js(
            "(() => { const c = document.getElementById('canvas'), r = c.getBoundingClientRect();"
            " return {x: r.left, y: r.top, w: r.width, h: r.height,"
            " fw: c.width, fh: c.height}; })()"
        )

    def to_css(self, pos) -> tuple[float, float]:
        """A place of the game's frame (frame pixels) on the page (CSS pixels)."""
        box = self.canvas_box()
        return (
            box["x"] + (pos[0] + 0.5) * box["w"] / box["fw"],
            box["y"] + (pos[1] + 0.5) * box["h"] / box["fh"],
        )

    def widget(self, name: str, timeout: float = 30) -> list[int]:
        """The rect [x, y, w, h] (frame px) of a visible widget of the scene or top overlay."""
        return self.wait_py(f"widget({name!r})", timeout)

    @staticmethod
    def centre(rect) -> tuple[int, int]:
        if len(rect) == 2:
            return int(rect[0]), int(rect[1])
        return int(rect[0] + rect[2] // 2), int(rect[1] + rect[3] // 2)

    # ----- real input -------------------------------------------------------------------------
    def tap(self, where, hold: float = 0.0) -> None:
        """A tap at a rect's centre (or a point) of the frame: a finger on a touch device, the
        left mouse button on a desktop; ``hold`` seconds between down and up."""
        x, y = self.to_css(self.centre(where))
        if self.device.touch:
            self.tap_css(x, y, hold)
        else:
            self.click_css(x, y, hold)

    def tap_css(self, x: float, y: float, hold: float = 0.0) -> None:
        self.touch("touchStart", x, y)
        if hold:
            self.pump(hold)
        self.touch("touchEnd")

    def touch(self, kind: str, x: float | None = None, y: float | None = None) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 0}]
        self.call("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def click_css(self, x: float, y: float, hold: float = 0.0) -> None:
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y)
        if hold:
            self.pump(hold)
        self.mouse("mouseReleased", x, y)

    def mouse(self, kind: str, x: float, y: float, pressed: bool = False) -> None:
        params = {"type": kind, "x": x, "y": y, "button": "none", "buttons": 0}
        if kind in ("mousePressed", "mouseReleased"):
            params.update(button="left", clickCount=1, buttons=1 if kind == "mousePressed" else 0)
        elif pressed:
            params.update(button="left", buttons=1)
        self.call("Input.dispatchMouseEvent", params)

    def drag(self, start, end, steps: int = 8, frame_gap: float = 0.02) -> None:
        """Press at ``start`` (frame px, a rect's centre or a point), move to ``end`` in steps
        (a frame apart), release there."""
        (x0, y0), (x1, y1) = self.to_css(self.centre(start)), self.to_css(self.centre(end))
        if self.device.touch:
            self.touch("touchStart", x0, y0)
        else:
            self.mouse("mouseMoved", x0, y0)
            self.mouse("mousePressed", x0, y0)
        self.pump(frame_gap * 3)
        for i in range(1, steps + 1):
            x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
            if self.device.touch:
                self.touch("touchMove", x, y)
            else:
                self.mouse("mouseMoved", x, y, pressed=True)
            self.pump(frame_gap)
        if self.device.touch:
            self.touch("touchEnd")
        else:
            self.mouse("mouseReleased", x1, y1)

    # ----- pictures and records ---------------------------------------------------------------
    def canvas_png(self) -> bytes:
        """The game's picture as the page shows it, pixel for pixel, PNG: the canvas the page
        presents frames on (``majlis.picture``: its WebGL canvas, or SDL's canvas's backing
        store where the frames go there)."""
        url = self.js(
            "window.majlis && majlis.picture ? majlis.picture()"
            " : document.getElementById('canvas').toDataURL('image/png')"
        )
        return base64.b64decode(url.split(",", 1)[1])

    def screenshot(self) -> bytes:
        """What the tab shows (CSS box at the device's ratio), PNG."""
        return base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"])

    def python_errors(self) -> list[str]:
        """Python's stderr lines that belong to a traceback or an error report."""
        lines = self.js("harness.stderr") or []
        return [line for line in lines if line.strip()]

    def problems(self) -> list[str]:
        """Every uncaught exception, console error and Python stderr line so far."""
        self.pump(0.05)
        errors = [f"exception: {e}" for e in self.exceptions]
        errors += [
            f"console.{c['type']}: {c['text']}"
            for c in self.console
            if c["type"] in ("error", "assert")
        ]
        return errors

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()
