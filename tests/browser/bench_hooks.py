"""Measuring the game from inside the page, for bench/bench_web.py and the browser
guard tests. Runs under pyodide, written to /harness by the driver (``install``); the game's
code is not changed: this wraps the app's own ``step`` and ``set_shape`` on the instance, its
presenter's ``present`` (game/ui/presenter.py: the frame to the canvas, where the figures call it
"flip") and ``pygame.display.flip``, and drives the scripted table stretch through
``App.watch`` (the app's own once-a-frame hook), as bench/table_stretch.py does natively.

Every function the driver calls returns JSON text.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict

import pygame

from game.ui import games, scale
from game.ui.app import App

OVERLAY_FRAMES = 20  # the pause menu stays open this long (bench/table_stretch.py)
clock = time.perf_counter


class Recorder:
    """Times every App.step that drew, the flips, and the drawing factor's changes."""

    def __init__(self, app: App) -> None:
        self.app = app
        # [ms, tag, portrait, factor, present ms] of the steps that drew
        self.steps: list[list] = []
        self.flips: list[float] = []
        self.quiet: list[float] = []  # ms of the latest steps that did not draw
        self.factors: list[list] = [[app.frame, scale.factor()]]
        self.tag = "run"
        self._step = app.step
        self._set_shape = app.set_shape
        self._flip = pygame.display.flip
        app.step = self.step
        app.set_shape = self.set_shape
        pygame.display.flip = self.flip
        self.presenter = app.painter.presenter
        if self.presenter is not None:
            self._present = self.presenter.present
            self.presenter.present = self.present  # type: ignore[method-assign]
        self._presenting = False

    def step(self, dt: float) -> None:
        draws, flips, began = self.app.painter.draws, len(self.flips), clock()
        self._step(dt)
        ms = (clock() - began) * 1000
        if self.app.painter.draws == draws:
            self.quiet.append(ms)
            del self.quiet[:-600]
        else:
            shown = round(sum(self.flips[flips:]), 1)  # (the frame to the screen)
            self.steps.append([ms, self.tag, self.app.layout.portrait, scale.factor(), shown])
            self.tag = "run"
            if "counter" in BLITS:
                scene = self.app.scene
                modal = self.app.overlay is not None or any(
                    getattr(scene, k, None) is not None for k in ("score", "over")
                )
                BLITS["modal"].append(modal)

    def set_shape(self, portrait: bool, factor: float) -> None:
        self._set_shape(portrait, factor)
        if scale.factor() != self.factors[-1][1]:
            self.factors.append([self.app.frame, scale.factor()])
            session = getattr(self.app.scene, "session", None)
            if session is not None:  # the match's log when the factor changed (kept?)
                LOGS.append((self.app.scene, list(session.match.log)))

    def flip(self) -> None:
        began = clock()
        self._flip()
        if not self._presenting:  # (a presenter's fallback flip is timed as its present)
            self.flips.append((clock() - began) * 1000)

    def present(self, screen: pygame.Surface) -> None:
        began, self._presenting = clock(), True
        try:
            self._present(screen)
        finally:
            self._presenting = False
        self.flips.append((clock() - began) * 1000)


RECORDER: Recorder | None = None
LOGS: list = []  # (scene, its match's log) at each change of the drawing factor
STRETCH: dict = {}
BLITS: dict = {}


def recorder() -> Recorder:
    global RECORDER
    if RECORDER is None:
        RECORDER = Recorder(App.current)
    return RECORDER


def reset(adapt: bool | None = None) -> str:
    """Forget the figures so far; ``adapt`` turns the drawing factor's policy on or off."""
    r = recorder()
    r.steps, r.flips, r.quiet = [], [], []
    r.factors = [[r.app.frame, scale.factor()]]
    LOGS.clear()
    if adapt:  # a fresh policy from the screen's factor (the app's own call for a new mode)
        r.app.drawing.adapt = True
        r.app.set_shape(r.app.layout.portrait, r.app.drawing.set_mode(r.app.drawing.mode))
        r.factors = [[r.app.frame, scale.factor()]]
        LOGS.clear()
    elif adapt is not None:
        r.app.drawing.adapt = adapt
        if not adapt and scale.factor() != r.app.drawing.screen:
            r.app.set_shape(r.app.layout.portrait, r.app.drawing.screen)
    return json.dumps(state())


def state() -> dict:
    app = recorder().app
    return {
        "scene": app.scene.name,
        "frame": app.frame,
        "draws": app.painter.draws,
        "size": list(app.screen.get_size()),
        "factor": scale.factor(),
        "portrait": app.layout.portrait,
        "presenter": presenter_state(app),
    }


def presenter_state(app: App) -> dict | None:
    """What the presenter did so far: frames through the page, by a flip, pixels sent."""
    p = app.painter.presenter
    if p is None:
        return None
    return {"shown": p.shown, "flipped": p.flipped, "pixels": p.pixels, "broken": p.broken}


def policy() -> str:
    """The drawing factor's policy now: its level, the median of its window (ms), whether the
    level above would fit by its own rule, and its waits (game/ui/factor_policy.py)."""
    from game.ui import factor_policy as fp

    pol = recorder().app.drawing.policy
    ordered = sorted(pol.samples)
    median = ordered[len(ordered) // 2] if ordered else None
    high = ordered[int(len(ordered) * fp.STEP_UP_SHARE)] if ordered else None
    above = pol._neighbour(+1)
    foretold = None if high is None else high * (above / pol.level) ** 2
    if foretold is not None:
        foretold *= pol.surprise.get(above, 1.0)
    room = foretold is not None and foretold < fp.HEADROOM * pol.budget_ms
    return json.dumps(
        {
            "level": pol.level,
            "ceiling": pol.ceiling,
            "median": median,
            "p75": high,
            "window": len(ordered),
            "room": room,
            "since_change": pol.since_change,
            "patience": pol.patience(above),
            "over_budget": {str(k): v for k, v in pol.over_budget.items()},
            "surprise": {str(k): round(v, 2) for k, v in pol.surprise.items()},
        }
    )


def figures() -> str:
    r = recorder()
    return json.dumps(
        {"steps": r.steps, "flips": r.flips, "quiet": r.quiet, "factors": r.factors, **state()}
    )


def tag_next(tag: str) -> str:
    """Tag the next drawn step (a whole redraw: the scene changes, the phone turns)."""
    recorder().tag = tag
    return "{}"


# ----- the scripted stretch (bench/table_stretch.py's, through the live loop) ----------------
def _called(scene, game: str) -> bool:
    if game == "hareeja":
        return bool(scene.bidding.revealed)
    if game == "ronda":
        return bool(scene.callouts.seat_banners)
    meld_rows = getattr(scene, "meld_rows", None)  # Hand rummy's melds on the table
    return bool(meld_rows and meld_rows.melds)


def start_stretch(game: str, seed: int = 2024, limit: int = 4000) -> str:
    """Bots in every seat from the deal through card flights, the game's call, the pause menu
    and the round's score panel (done when it was shown and closed, or after ``limit``
    frames); the next drawn step is tagged as the scene change."""
    app = recorder().app
    app.options.seed = seed
    app.settings["turn_seconds"] = 0
    recorder().tag = "scene"
    scene = games.maker(game).start_autoplay(app, games.info(game).defaults())
    seen = dict.fromkeys(("deal", "flights", "call", "score", "overlay"), False)
    STRETCH.clear()
    STRETCH.update(seen=seen, frames=0, done=False, game=game, draws=app.painter.draws)
    overlay_left: list[int | None] = [None]

    def poll(_dt: float) -> bool:
        if app.scene is not scene or STRETCH.get("stop"):
            STRETCH["done"] = True
            return False
        STRETCH["frames"] += 1
        seen["deal"] = seen["deal"] or scene.phase == "deal"
        seen["flights"] = seen["flights"] or any(s.moving for s in scene.flying)
        seen["call"] = seen["call"] or _called(scene, game)
        seen["score"] = seen["score"] or scene.score is not None
        left = overlay_left[0]
        if left is None and seen["call"] and seen["flights"]:
            scene.open_pause()
            overlay_left[0] = OVERLAY_FRAMES
            seen["overlay"] = app.overlay is not None
        elif left is not None and left > 0:
            overlay_left[0] = left - 1
            if left == 1 and app.overlay is not None:
                app.overlay.close()
        finished = seen["score"] and scene.score is None and overlay_left[0] == 0
        if finished or STRETCH["frames"] >= limit:
            STRETCH["done"] = True
            return False
        return True

    app.watch(poll)
    return json.dumps({"log": len(scene.session.match.log)})


def stop_stretch() -> str:
    """End the scripted stretch at its next frame (the match stays on screen)."""
    STRETCH["stop"] = True
    return "{}"


def match_kept() -> str:
    """Whether the match at each change of the drawing factor is the one still played: the
    same scene on screen, its log then a prefix of its log now."""
    app = recorder().app
    kept = [
        scene is app.scene and scene.session.match.log[: len(log)] == log for scene, log in LOGS
    ]
    return json.dumps({"changes": len(LOGS), "kept": kept, "running": app.running})


def stretch() -> str:
    app = recorder().app
    out = dict(STRETCH)
    out["drawn"] = app.painter.draws - STRETCH.get("draws", app.painter.draws)
    return json.dumps(out)


def wait_at_my_move(game: str, seed: int = 2024) -> str:
    """A new match of ``game`` against bots (its turn clock off), to idle at the player's move."""
    app = recorder().app
    app.settings["turn_seconds"] = 0
    app.switch(games.new_match(app, game, seed=seed))
    return "{}"


def at_my_move() -> bool:
    scene = recorder().app.scene
    return bool(scene.awaiting_me() and scene.idle() and not scene.animating())


def go_home() -> str:
    app = recorder().app
    for overlay in list(app.overlays):
        app.close_overlay(overlay)
    recorder().tag = "scene"
    app.go("menu")
    return "{}"


# ----- blits: kinds (the draw engineer's counter) and their costs ----------------------------
def count_blits(timed: bool = True) -> str:
    """Count every drawn frame's blits from now on (FramePainter.count_blits); ``timed`` also
    times each blit onto the counted frame by (kind, size, flags)."""
    from game.ui import blit_count

    BLITS.clear()
    BLITS["counter"] = recorder().app.painter.count_blits()
    BLITS["modal"] = []
    costs: dict = defaultdict(lambda: [0.0, 0, 0.0])
    BLITS["costs"] = costs
    base = blit_count.CountingSurface
    if timed and not hasattr(base, "_untimed_blit"):
        base._untimed_blit = base.blit

        def blit(self, source, dest, area=None, special_flags=0):
            began = clock()
            rect = base._untimed_blit(self, source, dest, area, special_flags)
            ms = (clock() - began) * 1000
            book = BLITS.get("costs")
            if book is not None and rect.w and rect.h:
                key = (
                    blit_count.kind_of(source, special_flags),
                    rect.w,
                    rect.h,
                    hex(source.get_flags()),
                    source.get_bitsize(),
                    special_flags,
                )
                entry = book[key]
                entry[0] += ms
                entry[1] += 1
                entry[2] = max(entry[2], ms)
            return rect

        base.blit = blit
    return "{}"


def blits(top: int = 10) -> str:
    counter = BLITS.get("counter")
    if counter is None:
        return json.dumps({"frames": 0})
    per_frame = [[f.alpha(), f.full_alpha(), len(f.blits)] for f in counter.frames]
    ranked = sorted(BLITS["costs"].items(), key=lambda kv: -kv[1][0])[:top]
    costly = [
        {
            "kind": k[0],
            "size": f"{k[1]}x{k[2]}",
            "flags": k[3],
            "bits": k[4],
            "special": k[5],
            "total_ms": round(v[0], 2),
            "count": v[1],
            "mean_ms": round(v[0] / v[1], 3),
            "max_ms": round(v[2], 2),
        }
        for k, v in ranked
    ]
    return json.dumps({"frames": len(counter.frames), "per_frame": per_frame, "costly": costly})


def frames_counted() -> str:
    """The counted frames as the browser guard sees them: full-screen blits with per-pixel
    alpha or a blend flag, full-screen surface-alpha veils (a frame's most, and frames with a
    veil and no modal on screen), and the counter's own summary."""
    counter = BLITS["counter"]
    full_per_pixel = sum(
        1
        for f in counter.frames
        for b in f.blits
        if b.full and b.kind in ("alpha", "alpha_rle", "blend")
    )
    veils = [
        sum(1 for b in f.blits if b.full and b.kind == "surface_alpha") for f in counter.frames
    ]
    modal = BLITS.get("modal", [])
    without = sum(1 for i, v in enumerate(veils) if v and i < len(modal) and not modal[i])
    return json.dumps(
        {
            "full_per_pixel": full_per_pixel,
            "veils_max": max(veils, default=0),
            "veils_without_modal": without,
            "summary": counter.summary(),
        }
    )


def stop_counting() -> str:
    recorder().app.painter.blit_counter = None
    BLITS.clear()
    return "{}"


def profile_quiet(frames: int = 120) -> str:
    """cProfile of ``frames`` steps of the current scene that draw nothing (an idle page)."""
    import cProfile
    import io
    import pstats

    app = recorder().app
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(frames):
        app.step(1 / 60)
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(20)
    return json.dumps({"text": out.getvalue()})


def profile(frames: int = 10) -> str:
    """cProfile of ``frames`` whole draws of the current scene (the top functions)."""
    import cProfile
    import io
    import pstats

    app = recorder().app
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(frames):
        app.painter.paint()
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(15)
    return json.dumps({"text": out.getvalue()})
