# Run by tests/browser/boot.js inside the page, under pyodide, before main.py. The two
# stand-ins for pygbag's runtime live here, small on purpose (docs/WEB.md lists every
# difference from pygbag's page):
#
# 1. pygbag's ``platform`` module: its ``window`` is the page's JavaScript ``window``. Under
#    pyodide that object is the ``js`` module, so the standard ``platform`` module gets a
#    ``window`` attribute (the game imports ``platform`` only under emscripten).
# 2. pygbag's loop: it runs ``asyncio.run(main())`` without blocking and steps the coroutine
#    once per animation frame. pyodide's own loop runs on the browser's timers (``sleep(0)`` is
#    a setTimeout, hundreds a second), so ``asyncio.run`` here schedules the coroutine and
#    returns, and ``asyncio.sleep(0)`` resolves at the next requestAnimationFrame: the frame
#    loop's one ``await asyncio.sleep(0)`` a frame is one step per screen refresh, as in pygbag.
#    A sleep longer than 0 keeps pyodide's timer.
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
import traceback

import js
from pyodide.ffi import create_once_callable

platform.window = js  # pygbag's bridge: the page's window

_timer_sleep = asyncio.sleep
_main_task: list[asyncio.Task] = []


async def _frame_sleep(delay: float, result=None):
    """``asyncio.sleep``: 0 waits for the next animation frame (pygbag's step)."""
    if delay > 0:
        return await _timer_sleep(delay, result)
    future = asyncio.get_event_loop().create_future()

    def step(_time) -> None:
        if not future.done():
            future.set_result(result)

    js.requestAnimationFrame(create_once_callable(step))
    return await future


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


asyncio.sleep = _frame_sleep
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
    """harness.times.first_draw: ms since navigation start at the game's first flip (bench)."""
    flip = pygame.display.flip

    def first_flip(*args):
        pygame.display.flip = flip
        flip(*args)
        js.harness.times.first_draw = round(js.performance.now())

    pygame.display.flip = first_flip


sys.path.append("/harness")  # probe.py (written by boot.js; not part of the apk)


def harness_probe(expr: str) -> str:
    """JSON of a Python expression the driver asks about (names: tests/browser/probe.py)."""
    import probe

    try:
        return json.dumps({"ok": probe.evaluate(expr)}, default=str)
    except Exception as error:
        return json.dumps({"error": f"{type(error).__name__}: {error}"})
