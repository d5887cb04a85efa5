"""The real-browser harness's web server: the BUILT page and apk under pyodide.

    .venv/bin/python tests/browser/serve.py [--port 9420]   # prints the URL; open it to play

Serves on 127.0.0.1 (never a port starting with 8: WEB.md), with no cache and no compression:

* ``/``: build/web/index.html with pygbag's loader (pythons.js and its Python block, and
  browserfs) cut out and ``/harness/boot.js`` in its place; everything else is the built page.
* ``/majlis.apk``: build/web/majlis.apk, byte for byte, with its exact ``Content-Length`` and
  no ``Content-Encoding`` (pygbag's loader allocates the download by that length): the server
  checks both on every reply it sends and refuses to send it otherwise (``ApkServedWrong``).
* ``/pyodide/…``: the npm package pyodide 0.27.7 (``tests/wasm/node_modules``, pinned by
  tests/wasm/package-lock.json, installed by ``npm ci --prefix tests/wasm``).
* ``/wheels/…``: pygbag's own wheels from ../shared/vendor/pygbag-wheels (pygame-ce wasm,
  python-bidi 0.4.2), checked against their SHA256SUMS; ``/wheels/index.json`` lists them.
* ``/six.py``: six from this interpreter (the ``six==1.17.0`` pinned in requirements.txt and
  installed from PyPI): pure Python, one file, the same code pygbag's repo serves as ``six``.
* ``/harness/…``: boot.js, boot.py and probe.py of this folder.
"""

from __future__ import annotations

import argparse
import hashlib
import http.server
import importlib.util
import json
import re
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BUILD = ROOT / "build" / "web"
APK = BUILD / "majlis.apk"
PYODIDE = ROOT / "tests" / "wasm" / "node_modules" / "pyodide"
PYODIDE_VERSION = "0.27.7"
HARNESS_FILES = ("boot.js", "boot.py", "probe.py")
# The site's page files. Not sw.js: the service worker runs in test_offline.py's
# own server (site_server.py), so these tests see every request the page makes.
SITE_FILES = ("present.js", "site.js", "manifest.webmanifest", "icons/majlis-192.png",
              "icons/majlis-512.png", "icons/majlis-maskable-512.png")  # fmt: skip
WHEEL_PARTS = ("shared", "vendor", "pygbag-wheels")
LOADER = re.compile(r'<script src="[^"]*pythons\.js"[^>]*>.*?</script>', re.S)
BROWSERFS = re.compile(r'<script src="[^"]*browserfs\.min\.js"></script>')
BOOT = '<script type="module" src="/harness/boot.js"></script>'
MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".py": "text/x-python; charset=utf-8",
    ".zip": "application/zip",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
}


class ApkServedWrong(AssertionError):
    """The apk's reply would not carry its exact length, or would be encoded."""


def wheels_folder() -> Path | None:
    """../shared/vendor/pygbag-wheels beside the checkout (or beside one of its parents)."""
    for folder in [ROOT, *ROOT.parents]:
        candidate = folder.parent.joinpath(*WHEEL_PARTS)
        if (candidate / "SHA256SUMS").exists():
            return candidate
    return None


def six_source() -> Path | None:
    spec = importlib.util.find_spec("six")
    return Path(spec.origin) if spec and spec.origin and spec.origin.endswith(".py") else None


def why_not_servable() -> str | None:
    """Why the harness cannot serve the game here, or None."""
    if not (PYODIDE / "pyodide.asm.wasm").exists():
        return "pyodide is not installed: run `npm ci --prefix tests/wasm` (.ci/run does)"
    version = json.loads((PYODIDE / "package.json").read_text())["version"]
    if version != PYODIDE_VERSION:
        return f"tests/wasm has pyodide {version}, the harness needs {PYODIDE_VERSION}"
    if wheels_folder() is None:
        return "../shared/vendor/pygbag-wheels (pygbag's pygame-ce wasm wheel) is missing"
    if six_source() is None:
        return "six is not installed (requirements.txt pins it)"
    if not APK.exists():
        return "build/web/majlis.apk is missing: run ./majlis web first"
    return None


def checked_wheels(folder: Path) -> list[str]:
    """The wheel names of SHA256SUMS, each file checked against its sum."""
    names = []
    for line in (folder / "SHA256SUMS").read_text().split("\n"):
        if not line.strip():
            continue
        digest, name = line.split()
        name = name.lstrip("*")
        if hashlib.sha256((folder / name).read_bytes()).hexdigest() != digest:
            raise RuntimeError(f"{name} does not match its SHA256SUMS line")
        names.append(name)
    return names


def harness_page() -> bytes:
    """The built index.html with the harness's loader in place of pygbag's."""
    page = (BUILD / "index.html").read_text(encoding="utf-8")
    page, loaders = LOADER.subn(BOOT, page, count=1)
    if loaders != 1:
        raise RuntimeError("build/web/index.html has no pythons.js script to replace")
    return BROWSERFS.sub("", page).encode("utf-8")


class _Handler(http.server.BaseHTTPRequestHandler):
    server: HarnessServer._Server
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        owner = self.server.owner
        owner.requests.append(path)
        body, mime = owner.resolve(path)
        if body is None:
            return self._send(404, b"not found", "text/plain")
        self._send(200, body, mime)

    def _send(self, code: int, body: bytes, mime: str) -> None:
        headers = {
            "Content-Type": mime,
            "Content-Length": str(len(body)),
            "Cache-Control": "no-store",
            "Access-Control-Allow-Origin": "*",
        }
        if self.path.split("?")[0] == "/majlis.apk":
            check_apk_headers(headers, body)
        try:
            self.send_response(code)
            for key, value in headers.items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass


def check_apk_headers(headers: dict[str, str], body: bytes) -> None:
    """The apk goes out whole: Content-Length is the file's size, nothing encodes it."""
    size = APK.stat().st_size
    if int(headers.get("Content-Length", -1)) != size or len(body) != size:
        raise ApkServedWrong(
            f"majlis.apk: Content-Length {headers.get('Content-Length')} != {size}"
        )
    if any(key.lower() in ("content-encoding", "transfer-encoding") for key in headers):
        raise ApkServedWrong("majlis.apk must not be encoded")


class HarnessServer:
    """The harness's files on 127.0.0.1 (module docstring); ``url`` opens the game."""

    class _Server(http.server.ThreadingHTTPServer):
        daemon_threads = True
        owner: HarnessServer

    def __init__(self, port: int = 0):
        why = why_not_servable()
        if why:
            raise RuntimeError(why)
        self.wheels = wheels_folder()
        self.wheel_names = checked_wheels(self.wheels)
        self.requests: list[str] = []
        self._server = self._bind(port)
        self._server.owner = self
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.url = self.origin + "/"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def _bind(self, port: int) -> HarnessServer._Server:
        for _ in range(50):
            server = self._Server(("127.0.0.1", port), _Handler)
            if not str(server.server_address[1]).startswith("8"):
                return server
            server.server_close()
            if port:
                raise RuntimeError("pick a port that does not start with 8 (docs/WEB.md)")
        raise RuntimeError("no free port that does not start with 8")

    def resolve(self, path: str) -> tuple[bytes | None, str]:
        """The body and type for ``path`` (None: not found)."""
        if ".." in path:
            return None, ""
        if path in ("/", "/index.html"):
            return harness_page(), MIME[".html"]
        if path == "/majlis.apk":
            return APK.read_bytes(), "application/octet-stream"
        if path == "/six.py":
            return six_source().read_bytes(), MIME[".py"]
        if path == "/wheels/index.json":
            return json.dumps(self.wheel_names).encode(), MIME[".json"]
        for prefix, folder, allowed in (
            ("/pyodide/", PYODIDE, None),
            ("/wheels/", self.wheels, self.wheel_names),
            ("/harness/", HERE, HARNESS_FILES),
            ("/", BUILD, ("favicon.png", *SITE_FILES)),
        ):
            if path.startswith(prefix):
                name = path[len(prefix) :]
                file = folder / name
                if (allowed is None or name in allowed) and file.is_file():
                    return file.read_bytes(), MIME.get(file.suffix, "application/octet-stream")
                return None, ""
        return None, ""

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=9420, help="not one starting with 8")
    args = parser.parse_args()
    server = HarnessServer(args.port)
    print(f"Majlis (the built page under pyodide): {server.url}", flush=True)
    print(f"online: {server.url}#server=ws://127.0.0.1:9310  (./majlis server first)")
    print("Ctrl-C stops it.", flush=True)
    try:
        server._thread.join()
    except KeyboardInterrupt:
        server.close()


if __name__ == "__main__":
    main()
