"""One tap, one action: the pointer events of a frame, as the scenes get them.

A touch can reach pygame three times (docs/WEB.md, "Input"):

- as SDL's ``FINGERDOWN`` / ``FINGERMOTION`` / ``FINGERUP`` (x, y in 0..1 of the window);
- as the mouse events SDL makes from the first finger on the screen (``event.touch`` True),
  posted together with the finger event of the same touch;
- as the browser's own emulated mouse events (``touch`` False), which a browser fires after a
  touch when the page did not cancel it.

SDL's touch-to-mouse step keeps one global "a finger is down" flag and the id of that finger:
when it is out of step (a touch whose end it never saw; the hint switched off) a touch comes
as finger events only, or as a lone button-up, and a scene that reads mouse events sees no
tap. Scenes read mouse events only, so :class:`Pointer` hands them exactly one stream:

- touch-made mouse events pass as they are;
- a finger that came with no touch-made press is turned into mouse events here (marked
  ``touch``), and so is the release of a touch-made press whose touch-made release is missing;
- while a finger is down, other fingers are ignored (one pointer, as SDL does), unless that
  finger has been silent for :data:`STALE` seconds and SDL made no press for the new one
  (its end was lost: the new touch is the pointer now);
- mouse events that are not touch-made are dropped for :data:`EMULATED_WINDOW` seconds after
  the last touch event (the browser's emulated copies come right after the touch ends);
- finger events SDL makes from the mouse (touch id ``MOUSE_TOUCH_ID``) are dropped.

A touch-made mouse event and the finger event of the same touch always arrive in the same
frame (SDL posts both from one browser event), in either order; events are paired per frame.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

EMULATED_WINDOW = 1.0  # seconds after a touch in which plain mouse events are the browser's copy
STALE = 1.5  # seconds without an event after which a finger that is "down" may have been lost
MOUSE_TOUCH_ID = -1  # SDL_MOUSE_TOUCHID: finger events SDL made from the mouse
_FINGERS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)
_MOUSE = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class Pointer:
    """Filters each frame's events (see the module docstring). Owned by the app."""

    def __init__(self) -> None:
        self.clock = 0.0  # seconds, the sum of the frames' dt (a virtual clock: tests step it)
        self.finger: int | None = None  # the finger that is the pointer now
        self.finger_seen = 0.0  # the clock at that finger's last event
        self.made_here = False  # whether that finger's mouse events are made here
        self.pos = (0, 0)  # where the pointer was last, frame pixels
        self.touch_until = -1.0  # plain mouse events are the browser's copy until then
        self.dropped = 0  # events dropped as copies (tests, the log)

    def filter(
        self, events: Iterable[pygame.event.Event], dt: float, size: tuple[int, int]
    ) -> list[pygame.event.Event]:
        """This frame's events with every tap in them once, as mouse events."""
        self.clock += dt
        batch = list(events)
        presses = sum(1 for e in batch if _touch_made(e, pygame.MOUSEBUTTONDOWN))
        releases = sum(1 for e in batch if _touch_made(e, pygame.MOUSEBUTTONUP))
        out: list[pygame.event.Event] = []
        for event in batch:
            if event.type in _FINGERS:
                made, presses, releases = self._finger(event, size, presses, releases)
                out += made
            elif event.type in _MOUSE:
                out += self._mouse(event)
            else:
                out.append(event)
        return out

    # ----- mouse events ----------------------------------------------------------------------
    def _mouse(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        if getattr(event, "touch", False):
            self._touched()
            self.pos = tuple(event.pos)
            if event.type == pygame.MOUSEBUTTONUP and not self.made_here:
                self.finger = None  # SDL let go of its finger
            return [event]
        if self.clock < self.touch_until:
            self.dropped += 1
            return []  # the browser's emulated copy of a touch
        return [event]

    # ----- finger events ---------------------------------------------------------------------
    def _finger(
        self, event: pygame.event.Event, size: tuple[int, int], presses: int, releases: int
    ) -> tuple[list[pygame.event.Event], int, int]:
        """The mouse events a finger event stands for (often none: SDL made them), and the
        touch-made presses and releases of this frame not yet paired with a finger."""
        if getattr(event, "touch_id", 0) == MOUSE_TOUCH_ID:
            return [], presses, releases
        self._touched()
        finger = event.finger_id
        pos = (_coord(event.x, size[0]), _coord(event.y, size[1]))
        if event.type == pygame.FINGERDOWN:
            if presses:  # SDL made this touch's press: it will make its release too
                self.finger, self.made_here, self.finger_seen = finger, False, self.clock
                return [], presses - 1, releases
            if self.finger is not None and self.clock - self.finger_seen < STALE:
                return [], presses, releases  # another finger while one is down
            self.finger, self.made_here, self.pos = finger, True, pos
            self.finger_seen = self.clock
            return _press(pos), presses, releases
        if finger != self.finger:
            return [], presses, releases
        self.finger_seen = self.clock
        if event.type == pygame.FINGERMOTION:
            if not self.made_here:
                return [], presses, releases
            rel = (pos[0] - self.pos[0], pos[1] - self.pos[1])
            self.pos = pos
            motion = {"pos": pos, "rel": rel, "buttons": (1, 0, 0), "touch": True}
            return [pygame.event.Event(pygame.MOUSEMOTION, motion)], presses, releases
        self.finger = None  # FINGERUP of the pointer's finger
        if not self.made_here and releases:
            return [], presses, releases - 1
        if not self.made_here:
            pos = self.pos  # SDL made the press but lost the release: where the press was
        return [_event(pygame.MOUSEBUTTONUP, pos)], presses, releases

    def _touched(self) -> None:
        self.touch_until = self.clock + EMULATED_WINDOW


def _touch_made(event: pygame.event.Event, kind: int) -> bool:
    return event.type == kind and bool(getattr(event, "touch", False))


def _coord(fraction: float, length: int) -> int:
    """A finger's 0..1 coordinate in frame pixels, as SDL maps it for its mouse events."""
    return min(max(int(fraction * length), 0), max(0, length - 1))


def _event(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=1, touch=True)


def _press(pos: tuple[int, int]) -> list[pygame.event.Event]:
    motion = {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0), "touch": True}
    return [pygame.event.Event(pygame.MOUSEMOTION, motion), _event(pygame.MOUSEBUTTONDOWN, pos)]
