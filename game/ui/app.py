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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

import pygame

from game import i18n
from game.client import storage, webpage
from game.core.types import JsonObject
from game.ui import draw, rehearsal, scale, warmup
from game.ui.audio import Audio
from game.ui.blit_count import BlitCounter
from game.ui.dimmed import DimmedBackdrop
from game.ui.drawing_factor import DrawingFactor, clock
from game.ui.gc_pacing import Collector
from game.ui.layout import Layout, make_layout
from game.ui.layout_probe import ProbeSurface, shapes_noted
from game.ui.overlay_stack import draw_with_overlays
from game.ui.pacing import Pacing, rest_page
from game.ui.pointer import Pointer
from game.ui.presenter import DamageSurface, Presenter, page_object
from game.ui.presenter import shapes_noted as shapes_presented
from game.ui.scale import px
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
    """Owns the window and the loop; scenes ask it for settings, layout, audio and switching."""

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
        self.draws = 0  # frames actually drawn (tests, bench_idle)
        self._dirty = True
        self._was_animating = False
        self._since_draw = 0.0
        self._toast_key: str | None = None
        self._drawn_scene: Shown | None = None
        self._drawn_widgets: Sequence[object] | None = None
        # fonts, modules, pictures (game/ui/warmup.py); None once done
        self._warmup: Iterator[None] | None = itertools.chain(
            warmup.steps(self), rehearsal.steps(self)
        )
        self.collector = Collector(enabled=WEB)  # garbage collected on quiet frames (browser)
        self.deferred: list[Callable[[], None]] = []  # jobs for the next quiet frame (defer)
        self.ahead: list[Callable[[], bool]] = []  # work made ahead on quiet frames (make_ahead)
        self.blit_counter: BlitCounter | None = None  # count_blits() turns it on
        # the browser shows only what changed (game/ui/presenter.py); natively: flip
        self.presenter: Presenter | None = Presenter(page_object()) if WEB else None
        self.exit_code = 0
        self.toasts: list[tuple[str, float]] = []  # (message key, seconds left)
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
        quiet = self.options.autoplay or bool(self.options.screenshots) or headless
        self.transition = Transition(enabled=not quiet)
        self.flourish = not quiet  # the riffle before a deal (game/ui/shuffle.py) and the like
        self._start_drawing_factor(portrait)
        self.go("menu")

    # ----- scenes, settings ---------------------------------------------------------------
    def switch(self, scene: object) -> None:
        """Show ``scene`` (any open overlay belonged to the one before: it closes). Scenes are
        made from names (a route, a game's spec), so what comes is checked to be one."""
        if not isinstance(scene, Shown):
            raise TypeError(f"not a scene: {type(scene).__name__}")
        self.run_deferred()  # what the scene left waits no longer
        if self.scene is not None and self.draws:
            reduced = bool(self.settings["reduced_motion"])
            home = getattr(scene, "name", "") == "menu"  # (going back: the other way)
            self.transition.start(self._last_frame(), reduced, i18n.is_rtl(), home)
        for overlay in self.overlays:
            overlay.open = False
        self.overlays = []
        self.scene = scene
        self._dirty = True
        webpage.scene_shown(getattr(scene, "name", ""))  # the page's install offer (site.js)

    def _last_frame(self) -> pygame.Surface:
        """The picture last shown: the presenter's frame in the browser, else the display."""
        presenter = self.presenter
        if presenter is not None and presenter.frame is not None and self.blit_counter is None:
            return presenter.frame
        return self.screen

    def open_overlay(self, overlay: M) -> M:
        """Show ``overlay`` (game.ui.overlay.Overlay) above the scene until it closes; it takes
        every input event meanwhile. Returns it."""
        overlay.open = True
        self.overlays.append(overlay)
        self._dirty = True
        return overlay

    def close_overlay(self, overlay: Modal) -> None:
        overlay.open = False
        if overlay in self.overlays:
            self.overlays.remove(overlay)
        self._dirty = True

    @property
    def overlay(self) -> Modal | None:
        """The top overlay, or None."""
        return self.overlays[-1] if self.overlays else None

    def shown(self) -> Shown:
        """The scene on screen (there is one from the end of ``__init__`` on)."""
        if self.scene is None:
            raise RuntimeError("the app shows no scene yet")
        return self.scene

    def warm_up(self) -> None:
        """Do the warm-up (game/ui/warmup.py) now instead of on quiet frames (benches,
        screenshots)."""
        for _ in self._warmup or ():
            pass
        self._warmup = None
        self.collector.warmed()

    def defer(self, job: Callable[[], None]) -> None:
        """Run ``job`` once on the next quiet frame (one that draws nothing), or before the
        scene is switched or the loop ends, whichever comes first (a table's save of a bot's
        move: game/ui/table_saver.py). A job already waiting is not added twice."""
        if job not in self.deferred:
            self.deferred.append(job)

    def make_ahead(self, job: Callable[[], bool]) -> None:
        """Run ``job`` on a quiet frame, one at a time, after any deferred job; unlike
        :meth:`defer`, never on a frame that draws or a scene switch (work that makes a later
        frame cheaper must not make this one dearer). A job answers whether it had work to
        do: one that had none takes no quiet frame. A job already waiting is not added twice."""
        if job not in self.ahead:
            self.ahead.append(job)

    def run_deferred(self) -> None:
        jobs, self.deferred = self.deferred, []
        for job in jobs:
            job()

    def watch(self, poll: Callable[[float], bool]) -> None:
        """Call ``poll(dt)`` once a frame until it returns False: an answer awaited from the
        page (a JavaScript promise) without blocking the frame loop, and what it shows."""
        self.watchers.append(poll)

    def count_blits(self) -> BlitCounter:
        """From the next drawn frame on, count every frame's blits by kind (benches
        and tests: game/ui/blit_count.py). Returns the counter."""
        self.blit_counter = BlitCounter()
        return self.blit_counter

    def invalidate(self) -> None:
        """Draw the next frame (something on screen changed outside the scene's own state)."""
        self._dirty = True

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
        self._dirty = True

    def go(self, route: str, **params: Any) -> Any:
        """Switch to a new scene named by ``route`` (see game.ui.routes); returns it."""
        from game.ui import routes

        return routes.go(self, route, **params)

    def set_setting(self, key: str, value: Any) -> None:
        """Change one setting, apply it at once and save it."""
        self.settings[key] = value
        self._dirty = True
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
        self.toasts.append((key, seconds))
        self._dirty = True

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
        started, draws = clock() if self.drawing.adapt else 0.0, self.draws
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
        self.toasts = [(key, left - dt) for key, left in self.toasts if left - dt > 0]
        self._since_draw += dt
        self._on_cadence = False  # drawn only for the scene's cadence (a turn clock)?
        if self._needs_draw() or touched:
            self._draw()
        elif self.deferred:  # a quiet frame runs the deferred jobs first (defer)
            self.run_deferred()
        elif first_with_work(self.ahead):  # then one job made ahead (make_ahead)
            pass
        elif self._warmup is not None:  # a quiet frame does one more warm-up step
            if next(self._warmup, StopIteration) is StopIteration:
                self._warmup = None
                self.collector.warmed()
        else:
            self.collector.quiet_frame()  # (the browser collects garbage on quiet frames)
        self.frame += 1
        if self.options.frames is not None and self.frame >= self.options.frames:
            self.running = False
        if self.draws > draws and self.drawing.adapt:
            self._drawn_in(clock() - started)
        # a bot thinking, events queued, warm-up still to do: no rest
        wants = self.shown().wants_frames() or self._warmup is not None or bool(self.ahead)
        wants = wants or self.transition.active
        drew = self.draws > draws and not (self._on_cadence and not touched)
        self.rest = self.pacing.after_step(dt, drew, touched, wants, self._due())

    def _due(self) -> float | None:
        """Seconds until the picture changes with time alone (a turn clock's redraw, a toast
        ending) or a page answer is polled again; None: nothing is due (game/ui/pacing.py)."""
        due = [t[1] for t in self.toasts]
        every = self.shown().redraw_every()
        if every is not None:
            due.append(every - self._since_draw)
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
                self._dirty = True
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
        toast = self.toasts[-1][0] if self.toasts else None
        if (
            self._dirty
            or animating
            or was
            or self.transition.active
            or self.transition.shown_last
            or scene is not self._drawn_scene
            or scene.widgets is not self._drawn_widgets
            or toast != self._toast_key
        ):
            return True
        every = scene.redraw_every()
        self._on_cadence = every is not None and self._since_draw >= every - 1e-6
        return self._on_cadence

    def frame_surface(self) -> pygame.Surface:
        """The surface frames are drawn onto: the presenter's frame in the browser, else the
        screen (a blit counter, when one counts, gives each frame a canvas of its own)."""
        presenter = self.presenter
        return presenter.target(self.screen) if presenter is not None else self.screen

    def _draw(self) -> None:
        counter = self.blit_counter
        if counter is not None:
            target: pygame.Surface = counter.canvas(self.screen)
        else:
            target = self.frame_surface()
        scene = self.shown()
        draw_with_overlays(scene, self.overlays, target, self.under_overlays, self._picture())
        self._draw_toasts(target)
        if self.transition.draw(target) and isinstance(target, DamageSurface):
            target.everything()  # (a slide moves every pixel: the whole frame is shown)
        self._show(target)
        self.draws += 1
        self._dirty = False
        self._since_draw = 0.0
        self._drawn_scene = scene
        self._drawn_widgets = scene.widgets
        self._toast_key = self.toasts[-1][0] if self.toasts else None

    def _show(self, target: pygame.Surface) -> None:
        """The drawn frame to the screen: what changed of it through the presenter (the
        browser), else all of it with a flip."""
        presenter = self.presenter
        if presenter is not None and target is presenter.frame:
            presenter.present(self.screen)
            return
        if target is not self.screen:
            self.screen.blit(target, (0, 0))
        pygame.display.flip()
        if presenter is not None and presenter.frame is not None:
            presenter.frame.everything()  # (the canvas now shows another frame)

    def _picture(self) -> tuple[object, ...]:
        """Everything but the scenes that a frame is drawn from."""
        settings = repr(sorted(self.settings.items()))
        return (self.layout.size, scale.factor(), i18n.language(), settings)

    def probe_layout(self) -> ProbeSurface:
        """The frame as it stands drawn into a layout probe, which notes where its texts,
        controls and panels landed (tests and the screenshot script: game/ui/layout_probe.py);
        the screen is not touched."""
        canvas = ProbeSurface(self.screen.get_size(), 0, self.screen)
        with shapes_noted():
            picture = self._picture()
            draw_with_overlays(self.shown(), self.overlays, canvas, self.under_overlays, picture)
            self._draw_toasts(canvas)
        return canvas

    def _draw_toasts(self, surface: pygame.Surface | None = None) -> None:
        if not self.toasts:
            return
        surface = self.screen if surface is None else surface
        key = self.toasts[-1][0]
        s = i18n.t(key)
        width = self.layout.w - px(64) if self.layout.portrait else px(560)
        size = draw.fit_text(s, 22, width - px(32))
        img = draw.label(s, size, draw.INK)
        rect = pygame.Rect(0, 0, min(width, img.get_width() + px(40)), img.get_height() + px(20))
        rect.center = (self.layout.w // 2, self.layout.extras.get("toast_y", px(60)))
        draw.panel(surface, rect, (60, 24, 20), 235, px(12), draw.GOLD)
        surface.blit(img, img.get_rect(center=rect.center))

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
        with shapes_presented() if self.presenter is not None else contextlib.nullcontext():
            await self._loop(last)
        self.run_deferred()
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


def first_with_work(jobs: list[Callable[[], bool]]) -> bool:
    """Take jobs from the front of ``jobs`` and run them until one had work to do (True)."""
    while jobs:
        if jobs.pop(0)():
            return True
    return False
