"""Helpers for driving the UI with real pygame events."""

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
