"""Helpers for driving the UI with real pygame events."""

from collections.abc import Callable

import pygame

from game.ui.app import App


def click(app: App, pos) -> None:
    """A real mouse click: button down and up at ``pos``, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)


def drag(app: App, start, end, steps: int = 6) -> None:
    """A real drag: press at ``start``, move in steps to ``end``, release there."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step(1 / 60)
    for i in range(1, steps + 1):
        pos = (
            round(start[0] + (end[0] - start[0]) * i / steps),
            round(start[1] + (end[1] - start[1]) * i / steps),
        )
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
        app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(1 / 60)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step(1 / 60)


def run_until(app: App, pred, limit: int = 5000, each=None) -> bool:
    for _ in range(limit):
        if pred():
            return True
        if each:
            each()
        app.step(1 / 60)
    return pred()


class PlainCompared:
    """Wraps the app's painter: after each painted frame ``checked(app)`` holds for, the frame
    is drawn again the plain way onto a second surface (the scene with its class flag ``off``
    turned off, if one is named: "part.FLAG" for a flag of the scene's part ``part``; then
    each overlay and the toasts) and the two pictures are
    compared pixel for pixel. ``frames``: the frames compared; ``differ``: those that differed."""

    def __init__(self, app: App, checked: Callable[[App], bool], off: str | None = None):
        self.app = app
        self.checked = checked
        self.off = off
        self.frames = 0
        self.differ: list[int] = []
        self._paint = app.painter.paint
        app.painter.paint = self.paint  # type: ignore[method-assign]

    def paint(self) -> None:
        self._paint()
        app = self.app
        if not self.checked(app):
            return
        scene, screen = app.scene, app.screen
        plain = pygame.Surface(screen.get_size(), 0, screen)
        owner, flag = scene, self.off
        if flag:  # "part.FLAG": the flag of one of the scene's parts
            *path, flag = flag.split(".")
            for part in path:
                owner = getattr(owner, part)
            setattr(owner, flag, False)
        try:
            scene.draw(plain)
            for overlay in app.overlays:
                overlay.draw(plain)
            app.painter.draw_toasts(plain)
        finally:
            if flag:
                setattr(owner, flag, True)
        self.frames += 1
        if pygame.image.tobytes(screen, "RGB") != pygame.image.tobytes(plain, "RGB"):
            self.differ.append(app.frame)
