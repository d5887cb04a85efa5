"""Serve the built page with pygbag's real loader and drive headless Chromium over the DevTools
protocol (for tests/web/test_page_chromium.py and screenshots of the page).

* :class:`PageServer` serves ``build/web`` at ``/`` and pygbag's page files
  (``shared/vendor/pygbag-page/cdn``: pythons.js, browserfs, cpython312/main.js + main.data —
  everything but main.wasm) at ``/cdn/0.9.3/`` on 127.0.0.1, on a port that does not start
  with 8, with CORS headers, and rewrites the page's CDN address to itself. It records every
  path asked for, and can hold the interpreter's ``main.js`` to simulate a network that stalls,
  or serve a file of its own slowly (``slow``: a ``main.wasm`` arriving a chunk at a time).
* :class:`Chromium` starts ``chromium --headless`` with a fresh profile and
  :class:`Tab` speaks the DevTools protocol over ``websockets`` (already a dependency).
"""

from __future__ import annotations

import http.server
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "web"
PYGBAG_CDN = "https://pygame-web.github.io/cdn/0.9.3/"
LOCAL_CDN_PATH = "/cdn/0.9.3/"
VENDOR_PARTS = ("shared", "vendor", "pygbag-page", "cdn")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--mute-audio",
    "--autoplay-policy=document-user-activation-required",
    "--remote-debugging-port=0",
    "--remote-allow-origins=*",
]


def vendor_cdn() -> Path | None:
    """pygbag's page files: ``shared/`` beside the checkout (CI: ../shared), or beside one of
    its parents (a helper's worktree), or $MAJLIS_PYGBAG_CDN."""
    given = os.environ.get("MAJLIS_PYGBAG_CDN")
    if given:
        return Path(given) if (Path(given) / "pythons.js").exists() else None
    for folder in [ROOT, *ROOT.parents]:
        candidate = folder.parent.joinpath(*VENDOR_PARTS)
        if (candidate / "pythons.js").exists():
            return candidate
    return None


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class _Handler(http.server.BaseHTTPRequestHandler):
    server: PageServer._Server

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        self.server.owner.requests.append(path)
        hold = self.server.owner.hold
        if hold and path.endswith(hold):
            self.server.owner.release.wait(timeout=60)
            return self._send(503, b"held", "text/plain")
        for suffix, slow in self.server.owner.slow.items():
            if path.endswith(suffix):
                return self._trickle(slow, _mime(path))
        if path == "/sw.js":  # no service worker here: these tests count what the page
            return self._send(404, b"not here", "text/plain")  # fetches (test_offline.py)
        if path.startswith(LOCAL_CDN_PATH):
            file = self.server.owner.cdn / path[len(LOCAL_CDN_PATH) :]
        else:
            file = BUILD / (path.lstrip("/") or "index.html")
        if not file.is_file() or ".." in path:
            return self._send(404, b"not found", "text/plain")
        body = file.read_bytes()
        if file.name == "index.html":
            body = body.replace(PYGBAG_CDN.encode(), self.server.owner.cdn_url.encode())
        self._send(200, body, _mime(file.name))

    def _trickle(self, slow: Slow, mime: str) -> None:
        """``slow.body`` with its full Content-Length, ``slow.chunk`` bytes every
        ``slow.every`` seconds (a slow network that keeps going)."""
        try:
            self.send_response(200)
            self.send_header("Content-Type", mime)
            self.send_header("Content-Length", str(len(slow.body)))
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            for start in range(0, len(slow.body), slow.chunk):
                if self.server.owner.release.wait(timeout=slow.every):
                    return
                self.wfile.write(slow.body[start : start + slow.chunk])
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _send(self, code: int, body: bytes, mime: str) -> None:
        try:
            self.send_response(code)
            self.send_header("Content-Type", mime)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass


def _mime(name: str) -> str:
    for suffix, mime in (
        (".html", "text/html; charset=utf-8"),
        (".js", "text/javascript"),
        (".wasm", "application/wasm"),
        (".png", "image/png"),
        (".ogg", "audio/ogg"),
        (".css", "text/css"),
    ):
        if name.endswith(suffix):
            return mime
    return "application/octet-stream"


class Slow:
    """A file served a chunk at a time (see :meth:`_Handler._trickle`)."""

    def __init__(self, body: bytes, chunk: int, every: float) -> None:
        self.body, self.chunk, self.every = body, chunk, every


class PageServer:
    """build/web and pygbag's page files on 127.0.0.1 (see the module docstring)."""

    class _Server(http.server.ThreadingHTTPServer):
        daemon_threads = True
        owner: PageServer

    def __init__(self, cdn: Path, hold: str | None = None, slow: dict[str, Slow] | None = None):
        self.cdn, self.hold, self.slow = cdn, hold, dict(slow or {})
        self.requests: list[str] = []
        self.release = threading.Event()
        for _ in range(20):
            server = self._Server(("127.0.0.1", 0), _Handler)
            if not str(server.server_address[1]).startswith("8"):
                break
            server.server_close()
        self._server = server
        server.owner = self
        self.origin = f"http://127.0.0.1:{server.server_address[1]}"
        self.cdn_url = self.origin + LOCAL_CDN_PATH
        self._thread = threading.Thread(target=server.serve_forever, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self.release.set()
        self._server.shutdown()
        self._server.server_close()


class Tab:
    """One page target, driven over the DevTools protocol."""

    def __init__(self, ws_url: str):
        self.ws = connect(ws_url, max_size=None, open_timeout=20)
        self.next_id = 0
        self.events: list[dict] = []

    def call(self, method: str, params: dict | None = None, timeout: float = 20) -> dict:
        self.next_id += 1
        mine = self.next_id
        self.ws.send(json.dumps({"id": mine, "method": method, "params": params or {}}))
        end = time.monotonic() + timeout
        while True:
            message = json.loads(self.ws.recv(timeout=max(0.01, end - time.monotonic())))
            if message.get("id") == mine:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self._event(message)

    def _event(self, message: dict) -> None:
        if "method" not in message:
            return
        self.events.append(message)
        if message["method"] == "Page.javascriptDialogOpening":  # never block the page
            self.ws.send(
                json.dumps(
                    {"id": 0, "method": "Page.handleJavaScriptDialog", "params": {"accept": True}}
                )
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

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 30):
        """The value of ``expression`` once it is truthy (polled; fails after ``timeout``)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                value = self.evaluate(expression)
            except RuntimeError:
                value = None
            if value:
                return value
            self.pump(0.1)
        raise AssertionError(f"not true within {timeout} s: {expression}")

    def screenshot(self, path: Path) -> None:
        import base64

        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        self.ws.close()


class Chromium:
    """A headless Chromium with a fresh profile; :meth:`open` gives a :class:`Tab`."""

    def __init__(self, binary: str):
        self.profile = tempfile.mkdtemp(prefix="majlis-chromium-")
        self.process = subprocess.Popen(
            [binary, *CHROMIUM_FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.port = self._devtools_port()

    def _devtools_port(self) -> int:
        found: list[int] = []

        def read() -> None:
            for line in self.process.stderr:
                match = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
                if match and not found:
                    found.append(int(match.group(1)))

        threading.Thread(target=read, daemon=True).start()
        end = time.monotonic() + 30
        while not found and time.monotonic() < end and self.process.poll() is None:
            time.sleep(0.05)
        if not found:
            self.close()
            raise RuntimeError("chromium did not start its DevTools endpoint")
        return found[0]

    def open(
        self,
        width: int,
        height: int,
        mobile: bool = False,
        before_load: str = "",
        ratio: float = 1.0,
    ) -> Tab:
        """A new tab with a viewport of ``width``×``height`` CSS px at devicePixelRatio
        ``ratio``."""
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}/json/new?about:blank", method="PUT"
        )
        with urllib.request.urlopen(request, timeout=10) as reply:
            target = json.load(reply)
        tab = Tab(target["webSocketDebuggerUrl"])
        for domain in ("Page", "Runtime", "Network"):
            tab.call(f"{domain}.enable")
        tab.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": ratio, "mobile": mobile},
        )
        if mobile:
            tab.call("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        if before_load:
            tab.call("Page.addScriptToEvaluateOnNewDocument", {"source": before_load})
        return tab

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)
