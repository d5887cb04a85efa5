"""The window and its shape: landscape or portrait, picked from the window and picked again
when it changes (a resized desktop window, a browser resize, a phone turned).

The framebuffer is one of the two layout shapes (1280×720 or 720×1280 logical pixels,
game/ui/layout.py) at the drawing scale (game/ui/scale.py: 1, 1.25 or 1.5 device pixels per
logical pixel); what changes with the window is which shape, and in the browser the scale.
Natively the window is resizable and SDL scales the framebuffer into it (``SCALED``), so
dragging it to a tall shape turns the table to portrait.
Under pygbag the page scales the canvas with CSS: after every ``set_mode`` we call
``platform.window.window_resize()`` so the canvas takes the framebuffer's shape (pygbag's loader
sized it from the 1×1 placeholder, WEB.md), and the browser's ``innerWidth``/``innerHeight``
are read a few times a second, because a rotation or a resize does not reliably reach SDL.

High-density screens: with ``scale.AUTO`` the frame is drawn at ``scale.pick(innerWidth,
innerHeight, devicePixelRatio)``: the device pixels the fitted canvas covers per logical pixel,
capped at 1.5 (a 390×844 phone at ratio 3: a 1080×1920 frame, where the full 1170×2532 would
cost 3.2× the 720×1280 frame's pixels in every redraw and canvas upload). The page keeps the
canvas's backing store at the frame's size and its CSS size fitted to the window. The ratio is
read again with the window's size (:meth:`Window.poll`): a browser zoom, another screen or a
rotation that changes the factor lays everything out again at the new one.
"""

from __future__ import annotations

import contextlib
import sys
import warnings
from typing import Any

import pygame

from game.ui import scale, surfaces

WEB = sys.platform == "emscripten"
POLL_SECONDS = 0.25  # how often the browser's window size is read
MIN_WINDOW = (360, 360)  # the native window may shrink this far
_SIZE_EVENTS = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED)


def browser() -> Any:
    """pygbag's ``platform.window`` (the page's JS ``window``), or None natively. ``Any``: a
    JavaScript object, untyped."""
    if not WEB:
        return None
    import platform  # pygbag's browser bridge, only under emscripten

    return getattr(platform, "window", None)


def portrait_for(width: float, height: float) -> bool:
    """A window taller than wide gets the portrait layout."""
    return height > width


class Window:
    """Opens the display at a layout's size and tells the app when the shape turns."""

    def __init__(self, resizable: bool = True):
        self.resizable = resizable and not WEB
        self._poll_left = 0.0
        self.opened = 0  # set_mode calls (tests read it)
        self.user_size: tuple[int, int] | None = None  # the native window as last resized
        # pygame's handles on the browser's SDL window, never let go: freeing one traps the
        # browser build ("function signature mismatch" in its deallocation, seen in Chromium).
        self._sdl_windows: list[pygame.Window] = []

    # ----- the display -----------------------------------------------------------------------
    def open(self, size: tuple[int, int]) -> pygame.Surface:
        """``set_mode`` at ``size``; in the browser the canvas then takes that shape (a
        display already open there is resized instead, see :meth:`_resized`)."""
        flags = self._flags()
        screen = self._resized(size) if WEB and self.opened else None
        if screen is None:
            screen = pygame.display.set_mode(size, flags)
            self.opened += 1
        surfaces.display_changed(screen)  # pictures made for another pixel format: again
        if flags & pygame.SCALED:
            self._keep_user_size()
        page = browser()
        if page is not None:
            # An older loader without it: the page letter-boxes.
            with contextlib.suppress(Exception):
                page.window_resize()
        return screen

    def _resized(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The browser display this window opened, at ``size`` through SDL's window size, or
        None (SDL would not): a phone turned without ``set_mode``, which in the browser build
        takes 20-110 ms at CPU throttling 4 where resizing the window takes 0.4-5 ms (the same
        canvas, only its backing store changes; bench/bench_redraw.py measures the turn)."""
        screen = pygame.display.get_surface()
        if screen is None or screen.get_size() == size:
            return None
        try:
            if len(self._sdl_windows) < self.opened:  # one for each set_mode's display
                self._sdl_windows.append(pygame.Window.from_display_module())
            self._sdl_windows[-1].size = size
        except (AttributeError, pygame.error):
            return None
        screen = pygame.display.get_surface()
        return screen if screen is not None and screen.get_size() == size else None

    def _keep_user_size(self) -> None:
        """``SCALED`` makes the logical size the window's minimum and snaps the window to it
        on every ``set_mode``: let it shrink to a phone-like shape, and give it back the size
        the player dragged it to."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                win = pygame.Window.from_display_module()
                win.minimum_size = MIN_WINDOW
                if self.user_size is not None:
                    win.size = self.user_size
            except (AttributeError, pygame.error):  # an SDL or pygame without it
                pass

    def _flags(self) -> int:
        if not self.resizable:
            return 0
        # SDL's dummy driver (tests, headless runs) crashes on a second SCALED set_mode.
        if pygame.display.get_init() and pygame.display.get_driver() == "dummy":
            return pygame.RESIZABLE
        return pygame.RESIZABLE | pygame.SCALED

    # ----- the shape -------------------------------------------------------------------------
    @staticmethod
    def start_shape() -> bool | None:
        """Portrait or not from the browser window before the first frame (None natively)."""
        page = browser()
        if page is None:
            return None
        try:
            return portrait_for(float(page.innerWidth), float(page.innerHeight))
        except Exception:
            return None

    @staticmethod
    def start_factor(portrait: bool) -> float:
        """The drawing scale for the browser window (game.ui.scale.pick); 1 natively."""
        page = browser()
        if page is None or not scale.AUTO:
            return 1.0
        try:
            width, height = float(page.innerWidth), float(page.innerHeight)
        except Exception:
            return 1.0
        return scale.pick(width, height, pixel_ratio(), portrait)

    def shape_from_event(self, event: pygame.event.Event) -> bool | None:
        """For a window-size event: portrait or not; None for any other event."""
        if event.type not in _SIZE_EVENTS:
            return None
        if event.type == pygame.VIDEORESIZE:
            w, h = event.w, event.h
        else:
            w, h = event.x, event.y
        if w <= 0 or h <= 0:
            return None
        self.user_size = (w, h)
        return portrait_for(w, h)

    def poll(self, dt: float) -> tuple[bool, float] | None:
        """In the browser, a few times a second: (portrait or not, the drawing factor) for the
        window's ``innerWidth``/``innerHeight`` and ``devicePixelRatio`` now; else None."""
        if not WEB:
            return None
        self._poll_left -= dt
        if self._poll_left > 0:
            return None
        self._poll_left = POLL_SECONDS
        portrait = self.start_shape()
        if portrait is None:
            return None
        return portrait, self.start_factor(portrait)


def pixel_ratio() -> float:
    """The browser's ``devicePixelRatio`` (1.0 natively or when it cannot be read)."""
    page = browser()
    if page is None:
        return 1.0
    try:
        return float(page.devicePixelRatio or 1.0)
    except Exception:
        return 1.0
