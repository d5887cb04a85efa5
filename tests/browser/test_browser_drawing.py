"""The browser draws what the desktop draws: the same scenes from the same stored
state — the home screen, the rules, the lobby (its server unreachable), and each game's table
mid-round (resumed from the same saved match) — drawn under WebAssembly (the canvas's
backing store, read pixel for pixel) and natively (tests/browser/native_shots.py, the
desktop's pygame-ce with SDL's dummy driver), at the desktop's factor 1 (1280x720, English)
and the phone's 1.5 (1080x1920, Arabic).

Tolerance (measured here, 2026-12-01). The two builds are not the same libraries: the
browser's SDL_ttf is 2.20 with its own FreeType and HarfBuzz, the desktop's 2.24 (WEB.md), so
glyph edges differ and Arabic glyph advances differ by a fraction of a pixel, which moves
whole right-aligned lines of a long Arabic page by a pixel or two; blending and smoothscale
are C without SIMD in the browser. So both pictures are compared as 8x8-pixel block averages
(BLOCK): edge and sub-pixel differences average out, a thing drawn wrong does not. A block
differs when a channel is off by more than LOUD. Measured: English scenes 0-0.01 % of
blocks, Arabic scenes 0-0.09 %, the Arabic rules page 1.1 % (its shifted lines). Allowed:
SPREAD (0.5 %) of the blocks, TEXT_SPREAD (1.5 %) on the text pages (the rules). A card
drawn wrong is ~1.2 % of the blocks at 1280x720 (a 90x130 card), a missing paragraph of the
rules 5-10 %, a font that did not load far more; the mean difference stays under MEAN.
Every picture is kept (MAJLIS_BROWSER_SHOTS=DIR keeps them where you say).

The picture read is the page's (``majlis.picture``): frames reach the screen through a WebGL
canvas over SDL's (web/majlis.tmpl, ``page.present``), so each table is also screenshot as the
tab shows it and compared with that picture scaled to the canvas's box on the screen: the two
canvases are stacked, and the wrong one on top, or a hole where a frame's alpha byte is 0,
would show."""

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
BLOCK = 8
SPREAD = 0.005
TEXT_SPREAD = 0.015
TEXT_PAGES = ("rules",)
SPEED = {"speed": "fast", "drawing": "sharp"}  # the factor never steps (conftest.SPEED)


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


def shown(page, device) -> pygame.Surface:
    """What the tab shows of the game: the screenshot cut to the canvas's box."""
    box = page.js(
        "(() => { const b = document.getElementById('canvas').getBoundingClientRect();"
        " return [b.left, b.top, b.width, b.height]; })()"
    )
    rect = pygame.Rect([round(v * device.ratio) for v in box])
    tab = pygame.image.load(io.BytesIO(page.screenshot()), "tab.png")
    return tab.subsurface(rect.clip(tab.get_rect())).copy()


def png_of(picture: pygame.Surface) -> bytes:
    out = io.BytesIO()
    pygame.image.save(picture, out, "tab.png")
    return out.getvalue()


def blocks(picture: pygame.Surface) -> pygame.Surface:
    """The picture as BLOCK x BLOCK averages (one pixel each)."""
    picture = picture.convert(24)
    w, h = picture.get_size()
    return pygame.transform.smoothscale(picture, (w // BLOCK, h // BLOCK))


def difference(a: pygame.Surface, b: pygame.Surface) -> tuple[float, float]:
    """(mean absolute difference a channel, the share of pixels differing by more than LOUD
    in a channel), with pygame alone: |a - b| as two saturating subtractions added."""
    a, b = a.convert(24), b.convert(24)
    ahead, behind = a.copy(), b.copy()
    ahead.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    behind.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    ahead.blit(behind, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    r, g, bl, *_ = pygame.transform.average_color(ahead)
    quiet = pygame.transform.threshold(
        None, ahead, (0, 0, 0), (LOUD, LOUD, LOUD, 255), set_behavior=0
    )
    pixels = a.get_width() * a.get_height()
    return (r + g + bl) / 3, 1 - quiet / pixels


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_browser_draws_what_the_desktop_draws(browser, harness, saves, device):
    pygame.display.init()  # convert() needs a display: SDL's dummy driver in tests
    pygame.display.set_mode((1, 1))
    settings = {**SPEED, "language": device.language}
    chosen = {"majlis.online": json.dumps({"server": SERVER})}  # chosen before: a link to it
    page = open_game(  # does not ask "Join a table on …?", the lobby tries it and is offline
        browser,
        harness,
        device,
        fragment=f"server={SERVER}",
        settings=json.dumps(settings),
        stored=chosen,
    )
    shots, browser_png, on_screen = [], {}, {}
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
            page.js(f"localStorage.setItem('majlis.match.{game}', {json.dumps(match)})")
            page.tap(page.widget(f"tile:{game}"))  # and back: a new home screen reads the save
            page.wait_py("scene.name == 'setup'", 10)
            home(page)
            page.tap(page.widget(f"continue:{game}"))
            page.wait_py(f"scene.name == {game!r}", 10)
            settled(page, "table")
            browser_png[game] = page.canvas_png()
            on_screen[game] = shown(page, device)
            resumed = page.js(f"localStorage.getItem('majlis.match.{game}')")
            shots.append({"name": game, "route": "table", "match": resumed})
        assert page.js("majlis.presentMode") == "webgl"  # (no copy in JavaScript)
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
        report[name] = difference(blocks(web), blocks(native))
    for name, tab in on_screen.items():
        (folder / f"tab-{device.language}-{name}.png").write_bytes(png_of(tab))
        picture = pygame.image.load(io.BytesIO(browser_png[name]), "x.png").convert(24)
        mean, spread = difference(
            blocks(tab), blocks(pygame.transform.smoothscale(picture, tab.get_size()))
        )
        where = f"{name} as the tab shows it: mean {mean:.2f}, {spread:.2%} of the blocks differ"
        assert mean < MEAN and spread < SPREAD, where
    TIMES[f"drawing_{device.language}"] = {
        k: [round(m, 2), round(s, 4)] for k, (m, s) in report.items()
    }
    for name, (mean, spread) in report.items():
        allowed = TEXT_SPREAD if name in TEXT_PAGES else SPREAD
        where = f"{name}: mean {mean:.2f}, {spread:.2%} of the blocks differ (pictures in {folder})"
        assert mean < MEAN and spread < allowed, where
