"""What a player does in the simulated browser run (run by fake_platform.py inside the
subprocess that plays main.py; each scenario returns a dict the pytest side checks)."""

from __future__ import annotations

import asyncio
import json
import time

import pygame
from fake_platform import finger_tap

WAIT = 90.0  # seconds at most for any one condition (the loop runs meanwhile)


async def until(pred, seconds: float = WAIT) -> bool:
    """Let the app's frame loop run until ``pred()`` holds, at most ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if pred():
            return True
        await asyncio.sleep(0)
    return bool(pred())


async def the_app():
    from game.ui.app import App

    assert await until(lambda: App.current is not None and App.current.frame > 2, 30)
    return App.current


async def tap(app, pos) -> None:
    frame = app.frame
    finger_tap(pos, app.screen.get_size())
    await until(lambda: app.frame > frame + 1, 10)


def stored(window, key: str) -> dict | None:
    raw = window.localStorage.getItem(f"majlis.{key}")
    return json.loads(raw) if raw else None


def count_tables() -> list:
    """Every card-table scene created from now on is appended to the returned list (read it
    with :func:`matches`)."""
    from game.ui.cardtable import CardTable

    made: list = []
    init = CardTable.__init__

    def counting(self, *a, **k):
        made.append(self)
        init(self, *a, **k)

    CardTable.__init__ = counting
    return made


def matches(made: list) -> list[str]:
    """The class names of the tables in ``made`` that are matches a player plays: not those
    the warm-up builds only to draw once ahead and store nothing of (game/ui/rehearsal.py)."""
    return [type(t).__name__ for t in made if t.saver.enabled]


async def play(window, config: dict) -> dict:
    """Settings by a tap, one finger tap on Play, the bots play the match to its end (the
    player's seat handed to a bot, the speed option high); optionally the phone turns
    (``rotate``) or the screen's devicePixelRatio changes (``new_ratio``) mid-match."""
    from game.ui import scale
    from game.ui.cardtable import CardTable
    from game.ui.tween import Speed

    app = await the_app()
    # Frame times here are this shared machine's, not a phone's: the drawing factor's policy
    # (tested on a scripted clock in tests/ui/test_drawing_factor.py) must not step it here.
    app.drawing.adapt = False
    out = {
        "portrait_at_start": app.layout.portrait,
        "screen": list(app.screen.get_size()),
        "factor": scale.factor(),
        "resizes_at_start": window.resizes,
    }
    await tap(app, app.scene.widget("lang").rect.center)  # the home screen's "English"
    out["settings_saved"] = (stored(window, "settings") or {}).get("language")
    app.options.speed = 40.0
    Speed.set(app.settings["speed"], app.settings["reduced_motion"], app.options.speed)
    made = count_tables()
    await tap(app, app.scene.widget("tile:hareeja").rect.center)
    await tap(app, app.scene.widget("play").rect.center)
    assert await until(lambda: isinstance(app.scene, CardTable), 10)
    scene = app.scene
    assert await until(lambda: len(scene.session.match.log) >= 2)
    out["tables_made"] = matches(made)
    out["match_saved"] = (stored(window, "match.hareeja") or {}).get("game")
    scene.session.seats[0].kind = "bot"  # the player lets the table play for them
    if config.get("rotate"):
        assert await until(lambda: len(scene.session.match.log) >= 12)
        before = list(scene.session.match.log)
        was = app.layout.portrait
        window.innerWidth, window.innerHeight = window.innerHeight, window.innerWidth
        turned = await until(lambda: app.layout.portrait != was, 5)
        out["turned"] = turned and app.scene is scene
        out["log_kept"] = list(scene.session.match.log)[: len(before)] == before
        out["screen_after_turn"] = list(app.screen.get_size())
    if "new_ratio" in config:
        assert await until(lambda: len(scene.session.match.log) >= 16)
        before, was = list(scene.session.match.log), app.layout.size
        window.devicePixelRatio = config["new_ratio"]  # another screen, or a browser zoom
        out["rescaled"] = await until(lambda: app.layout.size != was, 5) and app.scene is scene
        out["log_kept_rescaled"] = list(scene.session.match.log)[: len(before)] == before
        out["screen_rescaled"] = list(app.screen.get_size())
        out["factor_rescaled"] = scale.factor()
        out["card_rescaled"] = list(app.layout.card)
        out["hand_sizes"] = sorted({tuple(s.size) for s in scene.hand.values()})
    out["finished"] = await play_out(app, scene, 150)
    out["phase"] = scene.session.match.phase
    out["tables_made_total"] = len(matches(made))
    out["match_after_end"] = stored(window, "match.hareeja")
    return out


async def play_out(app, scene, seconds: float) -> bool:
    """Until the match-over panel: the bots play, the player taps Next on each score panel."""
    end = time.monotonic() + seconds
    panels = 0
    while time.monotonic() < end and scene.over is None:
        if scene.score is not None and scene.widget("next").visible:
            panels += 1
            await tap(app, scene.widget("next").rect.center)
        await until(
            lambda: scene.over is not None or scene.score is not None,
            max(0.0, end - time.monotonic()),
        )
        if scene.score is not None:
            await until(lambda: scene.score is None or scene.score["t"] > 0.05, 5)
    return scene.over is not None and panels > 0


async def readable(window, config: dict) -> dict:
    """The menu and a table draw text (no crash) even without bidi or without shaping."""
    from game.ui import draw, text
    from game.ui.cardtable import CardTable

    app = await the_app()
    await tap(app, app.scene.widget("tile:hareeja").rect.center)
    app.scene.draw(app.screen)
    play = app.scene.widget("play").rect
    inks = {
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(play.x + 4, play.right - 4, 2)
        for y in range(play.y + 4, play.bottom - 4, 2)
    }
    sample = draw.label("الجولة ١ من ٥ — -30 Ronda", 24)
    await tap(app, play.center)
    ok = await until(lambda: isinstance(app.scene, CardTable), 10)
    await until(lambda: app.frame > 40, 10)
    app.scene.draw(app.screen)
    return {
        "colours_in_play_button": len(inks),
        "sample_size": list(sample.get_size()),
        "shaping": text._shaping,
        "bidi": text._visual_levels is not None,
        "table": ok,
    }


async def online(window, config: dict) -> dict:
    """The lobby through the page's WebSocket (Node) to the real server: welcome, create a
    table, start it with bots, the game's table scene takes over."""
    app = await the_app()
    await tap(app, app.scene.widget("online").rect.center)
    lobby = app.scene
    out = {"scene": lobby.name}
    out["welcomed"] = await until(lambda: lobby.state == "home", 20)
    if not out["welcomed"]:
        return out
    await tap(app, lobby.widget("create").rect.center)
    out["room"] = await until(lambda: lobby.state == "room", 20)
    out["code"] = (lobby.link.room or {}).get("code")
    await tap(app, lobby.widget("start").rect.center)
    out["table"] = await until(lambda: app.scene is not lobby, 20)
    out["table_scene"] = type(app.scene).__name__
    out["online"] = bool(getattr(getattr(app.scene, "session", None), "online", False))
    out["events"] = await until(
        lambda: (
            len(getattr(app.scene, "queue", ())) > 0
            or getattr(app.scene, "phase", "deal") != "deal"
        ),
        20,
    )
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    return out
