"""The desktop's pictures of the scenes the browser test shoots (tests/browser/
test_browser_drawing.py), drawn natively by the same code from the same stored state:

    python tests/browser/native_shots.py SPEC.json OUT_DIR

SPEC: ``{"portrait", "scale", "server", "settings": {...}, "shots": [{"name", "route",
"match"}]}``. Each shot is a fresh App (SDL's dummy driver) over a store holding ``settings``
and the shot's saved ``match`` (or none), reaching its scene by real clicks as the browser
test does with taps: ``home`` (the home screen), ``rules`` (its Rules button), ``lobby``
(Play online against ``server``, until it says it cannot reach it; its advice drawn as in
the browser, the one text the platform picks), ``table`` (Continue,
until the table waits for the player). Each picture is OUT_DIR/<name>.png."""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DT = 1 / 60


def settled(name: str) -> str:
    """The condition (a Python expression over ``scene``, ``app``) a shot waits for; the
    browser test waits for the same one."""
    still = {
        "home": "scene.name == 'menu'",
        "rules": "scene.name == 'help'",
        "lobby": "scene.name == 'lobby' and scene.state == 'offline'",
        "table": "hasattr(scene, 'idle') and scene.idle() and scene.awaiting_me()"
        " and scene.aids.turn_cue <= 0",  # the "your turn" cue pulses with the clock, then rests
    }[name]
    # the old scene's picture slides off after a switch (game/ui/transition.py)
    return f"({still}) and not app.transition.active"


def shoot(spec: dict, shot: dict, out: Path) -> None:
    import pygame

    from game.ui import scale
    from game.ui.app import App, Options

    home = Path(tempfile.mkdtemp(prefix="majlis-native-shot-"))
    os.environ["MAJLIS_HOME"] = str(home)
    (home / "settings.json").write_text(json.dumps(spec["settings"]), encoding="utf-8")
    game = json.loads(shot["match"]).get("game", "hareeja") if shot.get("match") else None
    if game is not None:
        (home / f"match.{game}.json").write_text(shot["match"], encoding="utf-8")
    from game.ui.scenes import lobby_views

    # The offline view's advice is the one text chosen by platform (start a server here /
    # check the connection): draw the browser's, so the same words are compared.
    lobby_views.WEB = True
    app = App(Options(portrait=spec["portrait"], scale=spec["scale"]))
    app.options.server = spec["server"]

    def click(key: str) -> None:
        pos = app.scene.widget(key).rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step(DT)

    def until(expr: str, frames: int = 6000) -> None:
        for _ in range(frames):
            if eval(expr, {"scene": app.scene, "app": app}):
                return
            app.step(DT)
        raise SystemExit(f"{shot['name']}: never {expr}")

    until("scene.name == 'menu'")
    route = shot["route"]
    if route in ("rules", "lobby"):
        click({"rules": "rules", "lobby": "online"}[route])
    elif route == "table":
        click(f"continue:{game}")
    until(settled(route))
    for _ in range(30):
        app.step(DT)
    app.scene.draw(app.screen)
    for overlay in app.overlays:
        overlay.draw(app.screen)
    pygame.image.save(app.screen, str(out / f"{shot['name']}.png"))
    pygame.display.quit()
    scale.set_factor(1.0)
    shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    spec = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    target = Path(sys.argv[2])
    for each in spec["shots"]:
        shoot(spec, each, target)
    print(json.dumps(sorted(p.name for p in target.glob("*.png"))))
