"""The browser draws what the desktop draws (issue 18): the same scenes from the same stored
state — the home screen, the rules, the lobby (its server unreachable), and each game's table
mid-round (resumed from the same saved match) — drawn under WebAssembly (the canvas's
backing store, read pixel for pixel) and natively (tests/browser/native_shots.py, the
desktop's pygame-ce with SDL's dummy driver), at the desktop's factor 1 (1280x720, English)
and the phone's 1.5 (1080x1920, Arabic).

Tolerance. The two builds are not the same libraries: the browser's SDL_ttf is 2.20 with its
own FreeType and HarfBuzz, the desktop's 2.24 (WEB.md), so glyph edges may move by a pixel;
smoothscale and alpha blending are C without SIMD in the browser, with SSE natively, so
scaled art may differ by a level or two; and the table's "your turn" cue pulses with the
clock, so one plate is drawn at another phase. A scene drawn wrong (a missed layout, another
card, a missing sprite, a font that did not load) changes whole blocks. So: the mean
difference over the frame must stay under MEAN (0-255 a channel) and at most SPREAD of the
frame may differ by more than LOUD — a wrong card alone (~1 % of the frame) or a missing
text block breaks one of the two — and every picture is kept (MAJLIS_BROWSER_SHOTS=DIR)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pygame
import pytest
from browser_driver import DESKTOP, PHONE

from conftest import TIMES, assert_clean, home, open_game

HERE = Path(__file__).resolve().parent
SERVER = "ws://127.0.0.1:1"  # nothing listens: the lobby says it cannot reach its server
MEAN = 3.0
LOUD = 48
SPREAD = 0.006
SPEED = {"speed": "fast"}


def native_save(kind: str) -> str:
    out = subprocess.run(
        [sys.executable, str(HERE / "native_saves.py"), kind],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])["match"]


@pytest.fixture(scope="module")
def saves() -> dict[str, str]:
    return {
        "hareeja": native_save("hareeja_start"),
        "ronda": native_save("ronda_pair"),
        "hand_rummy": native_save("rummy_opening"),
    }


def settled(page, route: str) -> None:
    sys.path.insert(0, str(HERE))
    from native_shots import settled as condition

    page.wait_py(condition(route), 120)
    page.frames(30)


def difference(a: pygame.Surface, b: pygame.Surface) -> tuple[float, float]:
    """(mean absolute difference a channel, the share of pixels differing by > LOUD)."""

    x = pygame.surfarray.array3d(a).astype(int)
    y = pygame.surfarray.array3d(b).astype(int)
    diff = abs(x - y)
    return float(diff.mean()), float((diff.max(axis=2) > LOUD).mean())


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_browser_draws_what_the_desktop_draws(browser, harness, saves, device):
    settings = {**SPEED, "language": device.language}
    page = open_game(
        browser, harness, device, fragment=f"server={SERVER}", settings=json.dumps(settings)
    )
    shots, browser_png = [], {}
    try:
        for route in ("home", "rules", "lobby"):
            home(page)
            if route != "home":
                page.tap(page.widget({"rules": "rules", "lobby": "online"}[route]))
            settled(page, route)
            browser_png[route] = page.canvas_png()
            shots.append({"name": route, "route": route, "match": None})
        for game, match in saves.items():
            home(page)
            page.js(f"localStorage.setItem('majlis.match', {json.dumps(match)})")
            page.tap(page.widget("rules"))  # the home screen is built again: it reads the save
            home(page)
            page.tap(page.widget("continue"))
            page.wait_py(f"scene.name == {game!r}", 10)
            settled(page, "table")
            browser_png[game] = page.canvas_png()
            resumed = page.js("localStorage.getItem('majlis.match')")
            shots.append({"name": game, "route": "table", "match": resumed})
        assert_clean(page)
    finally:
        browser.close_page(page)
    folder = Path(os.environ.get("MAJLIS_BROWSER_SHOTS") or tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    spec = {
        "portrait": device.height > device.width,
        "scale": 1.5 if device.ratio >= 3 else 1.0,
        "server": SERVER,
        "settings": settings,
        "shots": shots,
    }
    spec_file = folder / f"spec-{device.language}.json"
    spec_file.write_text(json.dumps(spec))
    native_dir = folder / f"native-{device.language}"
    native_dir.mkdir(exist_ok=True)
    subprocess.run(
        [sys.executable, str(HERE / "native_shots.py"), str(spec_file), str(native_dir)],
        check=True,
        timeout=300,
        capture_output=True,
    )
    report = {}
    for name, png in browser_png.items():
        (folder / f"browser-{device.language}-{name}.png").write_bytes(png)
        web = pygame.image.load(io.BytesIO(png), "x.png")
        native = pygame.image.load(str(native_dir / f"{name}.png"))
        assert web.get_size() == native.get_size(), name
        report[name] = difference(web, native)
    TIMES[f"drawing_{device.language}"] = {
        k: [round(m, 2), round(s, 4)] for k, (m, s) in report.items()
    }
    for name, (mean, spread) in report.items():
        assert mean < MEAN and spread < SPREAD, (
            f"{name}: mean {mean:.2f}, {spread:.2%} differ (pictures in {folder})"
        )
