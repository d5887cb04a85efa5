"""The application: window, frame loop, current scene, settings, language, audio, layout.

One frame = input events → ``scene.update(dt)`` → (only when something changed) ``scene.draw``
and flip → ``await asyncio.sleep(0)`` (the browser tab has one thread: the loop must yield every
frame, docs/WEB.md). ``step(dt)`` does one frame without the await, so tests drive the app
synchronously.

Idle costs nothing: the screen is drawn again only when input arrived, the scene changed or was
laid out again, a toast came or went, a setting changed (:meth:`App.invalidate`), the scene says
it is ``animating()`` (and once more when it stops), or the scene's ``redraw_every()`` cadence is
due (a turn clock). Otherwise a frame is events + update and nothing else.

Frame pacing: natively ``clock.tick(60)`` caps the loop. In the browser pygbag already runs one
frame per screen refresh and ``tick`` would busy-wait on 90/120 Hz screens, so dt comes from
``time.monotonic()`` and the loop just yields; after half a second with nothing to do it rests
between steps (game/ui/pacing.py: Emscripten's main loop paused until input, a socket message
or the next thing due, at most a second).

Two parts do a frame's work: the :class:`~game.ui.frame_painter.FramePainter` (``app.painter``)
paints and shows a frame, and the toasts over it; the :class:`~game.ui.quiet_work.QuietWork`
(``app.quiet``) is what a frame that draws nothing does (deferred jobs, jobs made ahead, the
warm-up, the browser's garbage collection).

Shape: see game/ui/window.py. When the window turns (landscape ↔ portrait) the layout is swapped,
the display reopened at the new size and the current scene's ``relayout()`` lays it out again,
its state untouched.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

import pygame

from game import i18n
from game.client import storage, webpage
from game.core.types import JsonObject
from game.ui import rehearsal, scale, warmup
from game.ui.audio import Audio
from game.ui.dimmed import DimmedBackdrop
from game.ui.drawing_factor import DrawingFactor, clock
from game.ui.frame_painter import FramePainter
from game.ui.gc_pacing import Collector
from game.ui.layout import Layout, make_layout
from game.ui.pacing import Pacing, rest_page
from game.ui.pointer import Pointer
from game.ui.presenter import Presenter, page_object
from game.ui.presenter import shapes_noted as shapes_presented
from game.ui.quiet_work import QuietWork
from game.ui.transition import Transition
from game.ui.tween import Speed
from game.ui.widgets import Button
from game.ui.window import Window, browser

WEB = sys.platform == "emscripten"
MAX_DT = 0.1  # a longer gap (a background tab, a breakpoint) counts as this
_INPUT = (
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEMOTION,
    pygame.MOUSEWHEEL,
    pygame.KEYDOWN,
    pygame.KEYUP,
    pygame.TEXTINPUT,
)


@runtime_checkable
class Shown(Protocol):
    """The scene on screen (game.ui.scene.Scene), as the app runs it. The app knows scenes
    and overlays through these protocols: their modules import the app for their types."""

    @property
    def widgets(self) -> Sequence[object]: ...

    def handle(self, event: pygame.event.Event) -> object: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def animating(self) -> bool: ...

    def wants_frames(self) -> bool: ...

    def redraw_every(self) -> float | None: ...

    def relayout(self) -> None: ...


class Modal(Protocol):
    """An open overlay (game.ui.overlay.Overlay), as the app hosts it and as the scenes and
    scripts that look at the top one (``App.overlay``) use it."""

    open: bool
    pauses: bool
    key: str

    def handle(self, event: pygame.event.Event) -> object: ...

    def update(self, dt: float) -> None: ...

    def animating(self) -> bool: ...

    def relayout(self) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def draw_panel(self, surface: pygame.Surface) -> None: ...

    def close(self) -> None: ...

    def button(self, key: str) -> Button: ...


M = TypeVar("M", bound=Modal)


@dataclass
class Options:
    """Start-up options (command line natively; defaults under pygbag)."""

    portrait: bool = False
    lang: str | None = None
    autoplay: bool = False
    screenshots: str | None = None
    seed: int | None = None
    speed: float = 1.0
    frames: int | None = None
    level: str | None = None
    scale: float | None = None  # draw at this factor (game.ui.scale); None: from the screen
    adapt: bool | None = None  # step the factor on slow frames; None: in the browser only


class App:
    """Owns the window and the loop; scenes ask it for settings, layout, audio and switching.
    Its parts: ``painter`` (frames and toasts), ``quiet`` (the work of frames that draw nothing)."""

    current: App | None = None  # the last App made (the simulated browser run finds it)

    def __init__(self, options: Options | None = None) -> None:
        self.options = options or Options()
        App.current = self
        pygame.init()
        shape = Window.start_shape()  # the browser window's shape, else the option
        portrait = self.options.portrait if shape is None else shape
        self.window = Window(resizable=not (self.options.autoplay or self.options.screenshots))
        wanted = self.options.scale
        scale.set_factor(Window.start_factor(portrait) if wanted is None else wanted)
        self.layout: Layout = make_layout(portrait)
        self.previous_layout: Layout | None = None  # the layout before the last turn
        self.screen = self.window.open(self.layout.size)
        pygame.display.set_caption("Majlis")
        from game.ui.assets import apply_look, icon

        img = icon()
        if img is not None:
            pygame.display.set_icon(img)
        self.settings, message = storage.load_settings()
        if self.options.lang in i18n.LANGUAGES:
            self.settings["language"] = self.options.lang
        if self.options.level:
            self.settings["level"] = self.options.level
        i18n.set_language(self.settings["language"])
        apply_look(self.settings)
        self.audio = Audio(self.settings["sound"], self.settings["volume"])
        if self.options.autoplay:
            self.audio.configure(False, 0.0)
        self._apply_speed()
        self.clock = pygame.time.Clock()
        self.pointer = Pointer()  # each tap once, whether it came as touch, mouse or both
        # called once a frame while they return True (see watch)
        self.watchers: list[Callable[[float], bool]] = []
        self.running = True
        self.frame = 0
        self._was_animating = False
        # the deferred jobs, the jobs made ahead, the warm-up (fonts, modules, pictures:
        # game/ui/warmup.py) and the collector, for the frames that draw nothing
        steps = itertools.chain(warmup.steps(self), rehearsal.steps(self))
        self.quiet = QuietWork(steps, Collector(enabled=WEB))
        # paints and shows the frames: the browser shows only what changed (presenter.py)
        self.painter = FramePainter(self, Presenter(page_object()) if WEB else None)
        self.exit_code = 0
        if message:
            self.toast(message)
        self.scene: Shown | None = None  # (None only until the menu opens, below)
        self.overlays: list[Modal] = []  # open overlays (game.ui.overlay), the top one last
        self.under_overlays = DimmedBackdrop()  # what a paused scene's overlay dims
        self.pacing = Pacing()  # when the browser's loop may rest (game/ui/pacing.py)
        self.rest = 0.0  # seconds the loop may wait after this step (the browser only)
        self._resting = False
        self._on_cadence = False
        # the old scene's picture sliding off (game/ui/transition.py); headless runs wait
        # for still pictures: off there unless a test turns it on
        headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        still = self.options.autoplay or bool(self.options.screenshots) or headless
        self.transition = Transition(enabled=not still)
        self.flourish = not still  # the riffle before a deal (game/ui/shuffle.py) and the like
        self._start_drawing_factor(portrait)
        self.go("menu")

    # ----- scenes, settings ---------------------------------------------------------------
    def switch(self, scene: object) -> None:
        """Show ``scene`` (any open overlay belonged to the one before: it closes). Scenes are
        made from names (a route, a game's spec), so what comes is checked to be one."""
        if not isinstance(scene, Shown):
            raise TypeError(f"not a scene: {type(scene).__name__}")
        self.quiet.run_deferred()  # what the scene left waits no longer
        if self.scene is not None and self.painter.draws:
            reduced = bool(self.settings["reduced_motion"])
            home = getattr(scene, "name", "") == "menu"  # (going back: the other way)
            self.transition.start(self.painter.last_frame(), reduced, i18n.is_rtl(), home)
        for overlay in self.overlays:
            overlay.open = False
        self.overlays = []
        if self.scene is not None:
            self.quiet.collector.scene_left()  # (its cycles freed before the next table's)
        self.scene = scene
        self.invalidate()
        webpage.scene_shown(getattr(scene, "name", ""))  # the page's install offer (site.js)

    def open_overlay(self, overlay: M) -> M:
        """Show ``overlay`` (game.ui.overlay.Overlay) above the scene until it closes; it takes
        every input event meanwhile. Returns it."""
        overlay.open = True
        self.overlays.append(overlay)
        self.invalidate()
        return overlay

    def close_overlay(self, overlay: Modal) -> None:
        overlay.open = False
        if overlay in self.overlays:
            self.overlays.remove(overlay)
        self.invalidate()

    @property
    def overlay(self) -> Modal | None:
        """The top overlay, or None."""
        return self.overlays[-1] if self.overlays else None

    def shown(self) -> Shown:
        """The scene on screen (there is one from the end of ``__init__`` on)."""
        if self.scene is None:
            raise RuntimeError("the app shows no scene yet")
        return self.scene

    def watch(self, poll: Callable[[float], bool]) -> None:
        """Call ``poll(dt)`` once a frame until it returns False: an answer awaited from the
        page (a JavaScript promise) without blocking the frame loop, and what it shows."""
        self.watchers.append(poll)

    def invalidate(self) -> None:
        """Draw the next frame (something on screen changed outside the scene's own state)."""
        self.painter.stale = True

    def set_portrait(self, portrait: bool) -> None:
        """Turn the table: the other layout, the display at its size, the scene laid out again
        for it at once (a match keeps its state, an open panel stays open)."""
        self.set_shape(portrait, scale.factor())

    def set_shape(self, portrait: bool, factor: float) -> None:
        """The table turned, or drawn at another scale (game.ui.scale): a new layout, the
        display at its size, the scene laid out again for it at once (a match keeps its
        state, an open panel stays open)."""
        rescaled = scale.set_factor(factor)
        if portrait == self.layout.portrait and not rescaled:
            return
        self.previous_layout = self.layout
        self.layout = make_layout(portrait)
        self.screen = self.window.open(self.layout.size)
        self.transition.cancel()
        if self.scene is not None:
            self.scene.relayout()
        for overlay in self.overlays:
            overlay.relayout()
        self.invalidate()

    def go(self, route: str, **params: Any) -> Any:
        """Switch to a new scene named by ``route`` (see game.ui.routes); returns it."""
        from game.ui import routes

        return routes.go(self, route, **params)

    def set_setting(self, key: str, value: Any) -> None:
        """Change one setting, apply it at once and save it."""
        self.settings[key] = value
        self.invalidate()
        if key == "language":
            i18n.set_language(value)
        if key in ("sound", "volume"):
            self.audio.configure(self.settings["sound"], self.settings["volume"])
        if key in ("speed", "reduced_motion"):
            self._apply_speed()
        if key == "drawing":
            self.set_shape(self.layout.portrait, self.drawing.set_mode(value))
        if key in ("back", "felt"):
            from game.ui.assets import apply_look

            apply_look(self.settings)
        storage.save_settings(self.settings)

    # ----- the drawing factor on a slow phone (game/ui/drawing_factor.py) -------------------
    def _start_drawing_factor(self, portrait: bool) -> None:
        o = self.options
        adapt = o.adapt
        if adapt is None:  # a fixed factor stays; natively the frame is never slow enough
            adapt = WEB and o.scale is None and not (o.autoplay or o.screenshots)
        self.drawing = DrawingFactor(scale.factor(), self.settings["drawing"], adapt)
        if self.drawing.factor() != scale.factor():
            self.set_shape(portrait, self.drawing.factor())

    def _drawn_in(self, seconds: float) -> None:
        """A frame was drawn in ``seconds``: the policy may step the factor (the match, an
        open panel and the cards' places are kept, as when the phone turns)."""
        factor = self.drawing.drawn(seconds)
        if factor is not None:
            self.set_shape(self.layout.portrait, factor)

    def _apply_speed(self) -> None:
        Speed.set(self.settings["speed"], self.settings["reduced_motion"], self.options.speed)

    def toast(self, key: str, seconds: float = 4.0) -> None:
        """Show the message ``key`` for ``seconds`` over whatever is shown (the painter's)."""
        self.painter.toast(key, seconds)

    def finish_autoplay(self, game: str, record: JsonObject, result: JsonObject) -> None:
        """End of an --autoplay match (``record``: the match's seed and action log): print the
        result and stop the loop."""
        if not self.running:
            return
        print(f"{game} seed {record.get('seed')}: {len(record.get('log', []))} actions")
        print("totals", result["totals"])
        print("result", {k: v for k, v in result.items() if k not in ("totals", "type")})
        self.autoplay_result = result
        self.running = False

    # ----- the loop ---------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        """One frame: input, update, then draw and flip if anything changed."""
        painter, quiet = self.painter, self.quiet
        started, draws = clock() if self.drawing.adapt else 0.0, painter.draws
        touched = self._events(dt)
        shape = self.window.poll(dt)
        if shape is not None:
            portrait, factor = shape
            fixed = self.options.scale is not None  # --scale keeps its factor
            self.set_shape(portrait, scale.factor() if fixed else self.drawing.set_screen(factor))
        self.watchers = [poll for poll in self.watchers if poll(dt)]
        for overlay in list(self.overlays):
            overlay.update(dt)
        scene = self.shown()
        if not any(o.pauses for o in self.overlays):
            scene.update(dt)
        self.transition.update(dt)
        painter.tick(dt)
        self._on_cadence = False  # drawn only for the scene's cadence (a turn clock)?
        if self._needs_draw() or touched:
            painter.paint()
        else:
            quiet.step()  # deferred jobs, a job made ahead, a warm-up step or the collector
        self.frame += 1
        if self.options.frames is not None and self.frame >= self.options.frames:
            self.running = False
        if painter.draws > draws and self.drawing.adapt:
            self._drawn_in(clock() - started)
        # a bot thinking, events queued, warm-up still to do: no rest
        wants = self.shown().wants_frames() or quiet.waiting() or self.transition.active
        drew = painter.draws > draws and not (self._on_cadence and not touched)
        self.rest = self.pacing.after_step(dt, drew, touched, wants, self._due())

    def _due(self) -> float | None:
        """Seconds until the picture changes with time alone (a turn clock's redraw, a toast
        ending) or a page answer is polled again; None: nothing is due (game/ui/pacing.py)."""
        due = [left for _, left in self.painter.toasts]
        every = self.shown().redraw_every()
        if every is not None:
            due.append(every - self.painter.since_paint)
        if self.watchers:
            due.append(0.1)
        return min(due) if due else None

    def _events(self, dt: float) -> bool:
        """Hand this frame's events to the scene (a tap once, as mouse events: game.ui.pointer);
        True when any of them was input."""
        touched = False
        for event in self.pointer.filter(pygame.event.get(), dt, self.screen.get_size()):
            if event.type == pygame.QUIT:
                self.running = False
                continue
            portrait = self.window.shape_from_event(event)
            if portrait is not None:
                self.set_portrait(portrait)
                continue
            if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
                self.invalidate()
                continue
            touched = touched or event.type in _INPUT
            if self.overlays:
                self.overlays[-1].handle(event)  # modal: the scene below sees nothing
            else:
                self.shown().handle(event)
        return touched

    def _needs_draw(self) -> bool:
        """Whether the picture may differ from the last one drawn (see the module docstring)."""
        scene = self.shown()
        animating = scene.animating() or any(o.animating() for o in self.overlays)
        was, self._was_animating = self._was_animating, animating
        if (
            self.painter.stale
            or animating
            or was
            or self.transition.active
            or self.transition.shown_last
            or self.painter.shows_other(scene)
        ):
            return True
        every = scene.redraw_every()
        self._on_cadence = every is not None and self.painter.since_paint >= every - 1e-6
        return self._on_cadence

    def _rest_in_page(self) -> None:
        """The browser's loop waits ``self.rest`` before the next step (game/ui/pacing.py);
        the page's sound is suspended when the rest begins."""
        resting, self._resting = self._resting, self.rest > 0
        if self.rest > 0:
            if not resting:
                self.audio.rest()
            rest_page(browser(), self.rest)

    async def run(self) -> int:
        """The frame loop. Autoplay uses a fixed time step and no frame-rate cap; the browser
        paces itself (one frame per screen refresh); natively the loop is capped at 60 Hz."""
        last = time.monotonic()
        presenting = self.painter.presenter is not None
        with shapes_presented() if presenting else contextlib.nullcontext():
            await self._loop(last)
        self.quiet.run_deferred()
        if not WEB:
            pygame.quit()
        return self.exit_code

    async def _loop(self, last: float) -> None:
        while self.running:
            if self.options.autoplay:
                self.clock.tick()
                dt = 1 / 60
            elif WEB:
                now = time.monotonic()
                dt, last = min(MAX_DT, max(0.0, now - last)), now
            else:
                dt = min(MAX_DT, self.clock.tick(60) / 1000)
            self.step(dt)
            if WEB:
                self._rest_in_page()
            await asyncio.sleep(0)


def headless_env() -> None:
    """No screen or sound device needed (autoplay, screenshots, tests)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
