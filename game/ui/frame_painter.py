"""Painting a frame and showing it: :class:`FramePainter`, the app's part that draws.

A frame is the scene under its open overlays (game/ui/overlay_stack.py), the newest toast on
top, and while a scene slides off (game/ui/transition.py) the old picture over them. It is
painted onto the presenter's frame in the browser (only what changed reaches the canvas:
game/ui/presenter.py), natively onto the display, which is flipped; a bench or a test that
counts blits (:meth:`FramePainter.count_blits`) gives each frame a canvas of its own.

Whether a frame is painted at all is the app's call (``App.step``); the painter says what it
knows of it: a frame asked for (:meth:`App.invalidate` sets ``stale``), another scene, other
widgets or another toast than the frame painted last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pygame

from game import i18n
from game.ui import draw, scale
from game.ui.blit_count import BlitCounter
from game.ui.dimmed import DimmedBackdrop
from game.ui.layout import Layout
from game.ui.layout_probe import ProbeSurface, shapes_noted
from game.ui.overlay_stack import Drawn, Layer, draw_with_overlays
from game.ui.presenter import DamageSurface, Presenter
from game.ui.scale import px
from game.ui.transition import Transition


class Stage(Protocol):
    """What the painter reads of the app (game.ui.app.App, which owns it): the screen and the
    layout now, the settings a frame is drawn with, the scene, its overlays and what they dim,
    and the scene's slide."""

    screen: pygame.Surface
    layout: Layout
    settings: dict[str, Any]
    under_overlays: DimmedBackdrop
    transition: Transition

    @property
    def overlays(self) -> Sequence[Layer]: ...

    def shown(self) -> Drawn: ...


class FramePainter:
    """Paints the app's frames and shows them (see the module docstring)."""

    def __init__(self, stage: Stage, presenter: Presenter | None) -> None:
        self.stage = stage
        # the browser shows only what changed (game/ui/presenter.py); natively: None (flip)
        self.presenter = presenter
        self.blit_counter: BlitCounter | None = None  # count_blits() turns it on
        self.toasts: list[tuple[str, float]] = []  # (message key, seconds left)
        self.stale = True  # the next frame is painted whatever else holds (App.invalidate)
        self.draws = 0  # frames painted (tests, benches)
        self.since_paint = 0.0  # seconds since the last one (a scene's redraw cadence)
        self._scene: Drawn | None = None  # what the last frame was painted from
        self._widgets: Sequence[object] | None = None
        self._toast: str | None = None

    # ----- what changed -----------------------------------------------------------------------
    def toast(self, key: str, seconds: float = 4.0) -> None:
        """Show the message ``key`` for ``seconds`` (the newest toast is the one shown)."""
        self.toasts.append((key, seconds))
        self.stale = True

    def tick(self, dt: float) -> None:
        """A frame's ``dt`` passed: the toasts age (an ended one goes)."""
        self.toasts = [(key, left - dt) for key, left in self.toasts if left - dt > 0]
        self.since_paint += dt

    def shows_other(self, scene: Drawn) -> bool:
        """Whether ``scene``, its widgets or the toast on top are not what was last painted."""
        return (
            scene is not self._scene
            or scene.widgets is not self._widgets
            or self._top_toast() != self._toast
        )

    def _top_toast(self) -> str | None:
        return self.toasts[-1][0] if self.toasts else None

    # ----- painting ---------------------------------------------------------------------------
    def count_blits(self) -> BlitCounter:
        """From the next painted frame on, count every frame's blits by kind (benches
        and tests: game/ui/blit_count.py). Returns the counter."""
        self.blit_counter = BlitCounter()
        return self.blit_counter

    def frame_surface(self) -> pygame.Surface:
        """The surface frames are painted onto: the presenter's frame in the browser, else the
        screen (a blit counter, when one counts, gives each frame a canvas of its own)."""
        screen = self.stage.screen
        presenter = self.presenter
        return presenter.target(screen) if presenter is not None else screen

    def last_frame(self) -> pygame.Surface:
        """The picture last shown: the presenter's frame in the browser, else the display."""
        presenter = self.presenter
        if presenter is not None and presenter.frame is not None and self.blit_counter is None:
            return presenter.frame
        return self.stage.screen

    def paint(self) -> None:
        """Paint a frame from the scene, its overlays, the toasts and the slide, and show it."""
        stage = self.stage
        counter = self.blit_counter
        if counter is not None:
            target: pygame.Surface = counter.canvas(stage.screen)
        else:
            target = self.frame_surface()
        scene = stage.shown()
        draw_with_overlays(scene, stage.overlays, target, stage.under_overlays, self.picture())
        self.draw_toasts(target)
        if stage.transition.draw(target) and isinstance(target, DamageSurface):
            target.everything()  # (a slide moves every pixel: the whole frame is shown)
        self._show(target)
        self.draws += 1
        self.stale = False
        self.since_paint = 0.0
        self._scene = scene
        self._widgets = scene.widgets
        self._toast = self._top_toast()

    def _show(self, target: pygame.Surface) -> None:
        """The painted frame to the screen: what changed of it through the presenter (the
        browser), else all of it with a flip."""
        screen = self.stage.screen
        presenter = self.presenter
        if presenter is not None and target is presenter.frame:
            presenter.present(screen)
            return
        if target is not screen:
            screen.blit(target, (0, 0))
        pygame.display.flip()
        if presenter is not None and presenter.frame is not None:
            presenter.frame.everything()  # (the canvas now shows another frame)

    def picture(self) -> tuple[object, ...]:
        """Everything but the scenes that a frame is painted from."""
        stage = self.stage
        settings = repr(sorted(stage.settings.items()))
        return (stage.layout.size, scale.factor(), i18n.language(), settings)

    def probe_layout(self) -> ProbeSurface:
        """The frame as it stands painted into a layout probe, which notes where its texts,
        controls and panels landed (tests and the screenshot script: game/ui/layout_probe.py);
        the screen is not touched."""
        stage = self.stage
        screen = stage.screen
        canvas = ProbeSurface(screen.get_size(), 0, screen)
        with shapes_noted():
            picture = self.picture()
            draw_with_overlays(stage.shown(), stage.overlays, canvas, stage.under_overlays, picture)
            self.draw_toasts(canvas)
        return canvas

    def draw_toasts(self, surface: pygame.Surface) -> None:
        """The newest toast onto ``surface``, if there is one."""
        if not self.toasts:
            return
        layout = self.stage.layout
        s = i18n.t(self.toasts[-1][0])
        width = layout.w - px(64) if layout.portrait else px(560)
        size = draw.fit_text(s, 22, width - px(32))
        img = draw.label(s, size, draw.INK)
        rect = pygame.Rect(0, 0, min(width, img.get_width() + px(40)), img.get_height() + px(20))
        rect.center = (layout.w // 2, layout.extras.get("toast_y", px(60)))
        draw.panel(surface, rect, (60, 24, 20), 235, px(12), draw.GOLD)
        surface.blit(img, img.get_rect(center=rect.center))
