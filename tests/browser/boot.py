# Run by tests/browser/boot.js inside the page, under pyodide, before main.py. The two
# stand-ins for pygbag's runtime live here, small on purpose (docs/WEB.md lists every
# difference from pygbag's page):
#
# 1. pygbag's ``platform`` module: its ``window`` is the page's JavaScript ``window``. Under
#    pyodide that object is the ``js`` module, so the standard ``platform`` module gets a
#    ``window`` attribute (the game imports ``platform`` only under emscripten).
# 2. pygbag's loop: it runs ``asyncio.run(main())`` without blocking and steps asyncio once per
#    turn of Emscripten's main loop, one per animation frame (``aio.step()`` from
#    ``main_iteration``), for as long as the main loop runs: ``Module.pauseMainLoop()`` stops it,
#    ``Module.resumeMainLoop()`` starts it again at the next frame. boot.js runs that main loop
#    (the same two calls on ``window.Module``) and calls :func:`harness_step` once a turn;
#    here ``asyncio.run`` schedules the coroutine and returns, ``asyncio.sleep(0)`` resolves at
#    the next turn and ``asyncio.sleep(d)`` at the first turn at least ``d`` later (pygbag's
#    loop fires its timers only in a turn), so a paused main loop steps nothing, as in pygbag.
#
# Then, as the Python block of web/majlis.tmpl does before it runs main.py: pygame.init(), a
# first set_mode at the canvas's size, filled with the page's green. main.py itself runs
# unmodified from the unpacked apk, as ``__main__`` in /data/data/majlis/assets.
import asyncio
import json
import os
import platform
import runpy
import sys
import time
import traceback

import js

platform.window = js  # pygbag's bridge: the page's window

_main_task: list[asyncio.Task] = []
_next_turn: list[tuple[asyncio.Future, object]] = []  # sleep(0): resolved at the next turn
_timers: list[tuple[float, asyncio.Future, object]] = []  # sleep(d): at the first turn after


async def _turn_sleep(delay: float, result=None):
    """``asyncio.sleep``: resolved in a turn of the main loop (pygbag's ``aio.step``)."""
    future = asyncio.get_event_loop().create_future()
    if delay > 0:
        _timers.append((time.monotonic() + delay, future, result))
    else:
        _next_turn.append((future, result))
    return await future


def harness_step(_now: float) -> None:
    """One turn of the main loop (boot.js calls it once an animation frame while it runs)."""
    due = list(_next_turn)
    _next_turn.clear()
    if _timers:
        now = time.monotonic()
        due += [(f, r) for t, f, r in _timers if t <= now]
        _timers[:] = [entry for entry in _timers if entry[0] > now]
    for future, result in due:
        if not future.done():
            future.set_result(result)


def _schedule(coro, **_kwargs):
    """``asyncio.run``: schedule, do not block (pygbag's loop); a crash prints its traceback."""
    task = asyncio.ensure_future(coro)
    _main_task.append(task)

    def done(finished: asyncio.Task) -> None:
        if finished.cancelled():
            return
        error = finished.exception()
        if error is not None and not isinstance(error, SystemExit):
            traceback.print_exception(error, file=sys.stderr)

    task.add_done_callback(done)
    return task


asyncio.sleep = _turn_sleep
asyncio.run = _schedule

import pygame  # noqa: E402  (after the dynamic library was loaded by boot.js)

pygame.init()
_canvas = js.document.getElementById("canvas")
_screen = pygame.display.set_mode([int(_canvas.width), int(_canvas.height)])
_screen.fill((13, 43, 38))
pygame.display.flip()

APP_DIR = "/data/data/majlis/assets"


def harness_run() -> None:
    """Run the apk's main.py as pygbag does: from its folder, as ``__main__``."""
    os.chdir(APP_DIR)
    sys.path.insert(0, APP_DIR)
    _note_first_draw()
    sys.argv = [f"{APP_DIR}/main.py"]
    try:
        runpy.run_path(f"{APP_DIR}/main.py", run_name="__main__")
    except BaseException:
        traceback.print_exc()


def _note_first_draw() -> None:
    """harness.times.first_draw: ms since navigation start at the game's first flip, unless
    its first present came first (boot.js; bench)."""
    flip = pygame.display.flip

    def first_flip(*args):
        pygame.display.flip = flip
        flip(*args)
        js.harness.firstDraw()

    pygame.display.flip = first_flip


sys.path.append("/harness")  # probe.py (written by boot.js; not part of the apk)


def harness_probe(expr: str) -> str:
    """JSON of a Python expression the driver asks about (names: tests/browser/probe.py)."""
    import probe

    try:
        return json.dumps({"ok": probe.evaluate(expr)}, default=str)
    except Exception as error:
        return json.dumps({"error": f"{type(error).__name__}: {error}"})
