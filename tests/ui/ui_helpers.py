"""Helpers for driving the UI with real pygame events."""

import pygame

from game.ui.app import App


def click(app: App, pos) -> None:
    """A real mouse click: button down and up at ``pos``, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
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
