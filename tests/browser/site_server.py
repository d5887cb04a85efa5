"""The harness server with the site's own files: what tests/browser/serve.py serves
(the built page with the harness's loader, pyodide, pygbag's wheels, six) plus the manifest,
icons, site.js and the service worker from a build folder that a test may swap for another
(a new build published), a switch that takes the network away (every connection dropped
unanswered), and faults for the apk (an error, a body cut short, a range reply).

The service worker must be same-origin with the page, so the harness page and the built site
are one origin here: ``/`` is the harness page made from the folder's index.html (which loads
site.js, which registers ``/sw.js``), and everything the page then loads, pyodide included, is
on this origin, so the worker keeps all of it from the page's resource timing.
"""

from __future__ import annotations

import http.server
import shutil
import sys
from pathlib import Path

from serve import BOOT, BROWSERFS, LOADER, MIME, HarnessServer

SITE_MIME = {".webmanifest": "application/manifest+json", ".apk": "application/octet-stream"}
FAULTS = ("error", "cut", "range")


class SiteServer(HarnessServer):
    """``build``: the site folder served (build/web or a copy); ``down``: no network;
    ``fault``: what the apk's replies do wrong (None, or one of FAULTS)."""

    def __init__(self, build: Path):
        self.build = build
        self.down = False
        self.fault: str | None = None
        self.dropped = 0  # connections dropped while down
        super().__init__()

    def _bind(self, port: int) -> HarnessServer._Server:
        for _ in range(50):
            server = self._Server(("127.0.0.1", port), _SiteHandler)
            if not str(server.server_address[1]).startswith("8"):
                return server
            server.server_close()
        raise RuntimeError("no free port that does not start with 8")

    def resolve(self, path: str) -> tuple[bytes | None, str]:
        if ".." in path:
            return None, ""
        if path in ("/", "/index.html"):
            page = (self.build / "index.html").read_text(encoding="utf-8")
            page, found = LOADER.subn(BOOT, page, count=1)
            assert found == 1, "the built page has no pythons.js script"
            return BROWSERFS.sub("", page).encode("utf-8"), MIME[".html"]
        file = self.build / path.lstrip("/")
        top = path.count("/") == 1 and file.suffix != ".html"
        if (path.startswith("/icons/") or top) and file.is_file():
            suffix = file.suffix
            return file.read_bytes(), SITE_MIME.get(suffix) or MIME.get(suffix, "text/plain")
        return super().resolve(path)

    def publish(self, folder: Path) -> None:
        """Serve another build from now on (a new build published)."""
        self.build = folder


class _SiteHandler(http.server.BaseHTTPRequestHandler):
    server: HarnessServer._Server
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:
        owner = self.server.owner
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if owner.down:  # the network is gone: nothing answers
            owner.dropped += 1
            self.close_connection = True
            return
        owner.requests.append(path)
        body, mime = owner.resolve(path)
        if body is None:
            return self._send(404, b"not found", "text/plain")
        if path.endswith(".apk") and owner.fault:
            return self._fault(owner.fault, body)
        self._send(200, body, mime)

    def _send(self, code: int, body: bytes, mime: str, extra: dict | None = None) -> None:
        headers = {"Content-Type": mime, "Content-Length": str(len(body)),
                   "Cache-Control": "no-store", **(extra or {})}  # fmt: skip
        try:
            self.send_response(code)
            for key, value in headers.items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def _fault(self, fault: str, body: bytes) -> None:
        half = body[: len(body) // 2]
        if fault == "error":
            self._send(500, b"server error", "text/plain")
        elif fault == "range":
            rng = {"Content-Range": f"bytes 0-{len(half) - 1}/{len(body)}"}
            self._send(206, half, "application/octet-stream", rng)
        else:  # "cut": says the whole length, sends half, hangs up
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(half)
            self.wfile.flush()
            self.close_connection = True


def new_build(source: Path, target: Path, marker: str) -> str:
    """A copy of the site ``source`` as a NEW build in ``target``: its apk holds one more file
    (assets/build-marker.txt with ``marker``), its site.js and sw.js are written again by the
    build's own step (a new version). Returns the new version."""
    import zipfile

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import site_web

    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    with zipfile.ZipFile(target / "majlis.apk", "a") as apk:
        apk.writestr("assets/build-marker.txt", marker)
    return site_web.write_site_scripts(target, site_web.Runtime())
