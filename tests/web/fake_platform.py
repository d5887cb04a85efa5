"""A stand-in for pygbag's ``platform`` module, and a runner that plays the real ``main.py``
with it as the browser would ("simulated browser run").

    python tests/web/fake_platform.py '{"scenario": "play", "size": [390, 844], ...}'

The runner imports what it needs natively (pygame, subprocess, asyncio), then sets
``sys.platform = "emscripten"``, installs this module's ``platform`` (``window.localStorage``,
``location``, ``innerWidth``/``innerHeight``, ``devicePixelRatio`` (``ratio``), ``prompt``,
``window_resize`` and ``eval`` handed to a Node process that holds real WebSockets) and runs
``main.py`` as ``__main__``. ``asyncio.run`` is wrapped so a scenario coroutine runs beside the
app's own frame loop: it taps with fingers the way pygbag sends them (FINGER events plus mouse
events with ``touch=True``), turns the window, and waits on conditions (a frame bound, never a
blind sleep). Imports of ``sqlite3``, ``websockets`` (and ``bidi`` when asked) are refused and
recorded, threads that start are recorded. The last line printed is the result as JSON.
"""

from __future__ import annotations

import asyncio
import importlib.abc
import json
import os
import platform as _std_platform
import subprocess
import sys
import threading
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_BRIDGE = r"""
globalThis.window = globalThis;
const rl = require("readline").createInterface({input: process.stdin});
rl.on("line", (line) => {
  let out;
  try { out = {ok: (0, eval)(JSON.parse(line))}; } catch (e) { out = {err: String(e)}; }
  process.stdout.write(JSON.stringify(out === undefined ? {ok: null} : out) + "\n");
});
"""


# ----- the stand-in ----------------------------------------------------------------------------
class LocalStorage:
    """``window.localStorage``: strings by key; a missing key is JavaScript null (None)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items = dict(items or {})

    def getItem(self, key: str) -> str | None:  # (the page's API names)
        return self.items.get(str(key))

    def setItem(self, key: str, value: str) -> None:
        self.items[str(key)] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(str(key), None)


class Location:
    def __init__(
        self, search: str = "", hostname: str = "127.0.0.1", protocol: str = "http:"
    ) -> None:
        self.search = search
        self.hostname = hostname
        self.protocol = protocol
        self.hash = ""
        self.href = f"{protocol}//{hostname}/{search}"


class NodeEval:
    """``window.eval`` answered by a Node process holding the page's WebSockets."""

    def __init__(self, node: str) -> None:
        self.proc = subprocess.Popen(
            [node, "--experimental-websocket", "-e", NODE_BRIDGE],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def __call__(self, code: str):
        self.proc.stdin.write(json.dumps(code) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if "err" in reply:
            raise RuntimeError(reply["err"])
        return reply["ok"]

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


class PageApi:
    """The page's ``window.majlis`` (web/majlis.tmpl) as far as Python calls it."""

    def __init__(self) -> None:
        self.audio_resumes = 0  # resumeAudio() calls

    def resumeAudio(self) -> None:
        self.audio_resumes += 1


class Window:
    """``platform.window``: what the game reads from the page."""

    def __init__(
        self,
        width: int,
        height: int,
        storage: dict[str, str] | None = None,
        node: str | None = None,
        ratio: float = 1.0,
    ) -> None:
        self.innerWidth = width
        self.innerHeight = height
        self.devicePixelRatio = ratio
        self.localStorage = LocalStorage(storage)
        self.location = Location()
        self.prompts: list[str | None] = []  # answers to prompt(), in order
        self.resizes = 0
        self.majlis = PageApi()
        self._eval = NodeEval(node) if node else None

    def window_resize(self) -> None:
        self.resizes += 1

    def prompt(self, message: str, default: str = "") -> str | None:
        return self.prompts.pop(0) if self.prompts else None

    def eval(self, code: str):
        if self._eval is None:
            raise RuntimeError("no JavaScript here")
        return self._eval(code)

    def close(self) -> None:
        if self._eval is not None:
            self._eval.close()


def platform_module(window: Window) -> types.ModuleType:
    """pygbag's ``platform``: the standard module's functions plus ``window``."""
    mod = types.ModuleType("platform")
    mod.__dict__.update({k: v for k, v in vars(_std_platform).items() if not k.startswith("__")})
    mod.window = window
    mod.document = types.SimpleNamespace()
    return mod


class Refuse(importlib.abc.MetaPathFinder):
    """Refuses (and records) imports of the named top-level modules."""

    def __init__(self, names: set[str]) -> None:
        self.names = names
        self.tried: list[str] = []

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] in self.names:
            self.tried.append(fullname)
            raise ImportError(f"{fullname} is not available in the browser")
        return None


# ----- the runner ------------------------------------------------------------------------------
def finger_tap(pos: tuple[int, int], size: tuple[int, int]) -> None:
    """One finger tap as pygbag delivers it: FINGERDOWN/UP (x, y in 0..1) and the mouse
    events SDL synthesises from them, marked ``touch``."""
    import pygame

    x, y = pos[0] / size[0], pos[1] / size[1]
    finger = {"touch_id": 1, "finger_id": 0, "x": x, "y": y, "dx": 0.0, "dy": 0.0, "pressure": 1.0}
    for event in (
        pygame.event.Event(pygame.FINGERDOWN, **finger),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True),
        pygame.event.Event(pygame.FINGERUP, **finger),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True),
    ):
        pygame.event.post(event)


async def until(pred, frames: int = 20000) -> bool:
    """Let the app's loop run until ``pred()`` (at most ``frames`` turns of the loop)."""
    for _ in range(frames):
        if pred():
            return True
        await asyncio.sleep(0)
    return bool(pred())


def run(config: dict) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame  # natively, before the platform is switched (pygame reads it on import)

    refuse = Refuse({"sqlite3", "websockets", *(["bidi"] if config.get("no_bidi") else [])})
    sys.meta_path.insert(0, refuse)
    for name in list(sys.modules):
        if name.split(".")[0] in refuse.names:
            del sys.modules[name]
    started: list[str] = []
    start = threading.Thread.start

    def record_start(self, *a, **k):
        started.append(self.name)
        return start(self, *a, **k)

    threading.Thread.start = record_start
    if config.get("no_shaping"):

        class NoShaping(pygame.font.Font):
            def set_script(self, script):
                raise pygame.error("SDL_ttf built without HarfBuzz")

        pygame.font.Font = NoShaping
    w, h = config["size"]
    window = Window(w, h, config.get("storage"), config.get("node"), config.get("ratio", 1.0))
    sys.platform = "emscripten"
    sys.modules["platform"] = platform_module(window)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    if "scale_auto" in config:  # the factor from the screen (game.ui.scale.AUTO) on or off
        from game.ui import scale

        scale.AUTO = bool(config["scale_auto"])
    import browser_scenarios

    result: dict = {}
    scenario = getattr(browser_scenarios, config["scenario"])
    real_run = asyncio.run

    def run_beside(main_coro):
        async def both():
            app_task = asyncio.ensure_future(main_coro)
            try:
                result.update(await scenario(window, config))
            finally:
                import game.ui.app as app_module

                app = app_module.App.current
                if app is not None:
                    app.running = False
                await app_task

        return real_run(both())

    asyncio.run = run_beside
    try:
        sys.argv = [str(ROOT / "main.py")]
        import runpy

        runpy.run_path(str(ROOT / "main.py"), run_name="__main__")
    finally:
        asyncio.run = real_run
        window.close()
    result["threads_started"] = started
    result["refused_imports"] = refuse.tried
    result["modules"] = sorted(
        m for m in ("sqlite3", "websockets", "bidi", "threading") if m in sys.modules
    )
    result["storage_keys"] = sorted(window.localStorage.items)
    result["window_resizes"] = window.resizes
    return result


if __name__ == "__main__":
    out = run(json.loads(sys.argv[1]))
    print(json.dumps(out, ensure_ascii=False))
