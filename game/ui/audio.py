"""Sound cues: tolerant of a missing audio device and of missing files; one volume, one mute.

In the browser the page's audio context may be suspended (made before the first tap, or by
the browser while the tab was away): the page resumes it on every gesture (web/majlis.tmpl,
``majlis.resumeAudio``), and a cue asks it again, since a page that had a gesture once may
resume without another one."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pygame

from game.ui import window
from game.ui.assets import path

CUES = ("deal", "play", "trick", "chime", "bid", "turn", "tick", "round", "win")


class Audio:
    """Plays short cues. Silently does nothing when there is no device or no file."""

    def __init__(self, enabled: bool = True, volume: float = 0.7):
        self.enabled = enabled
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound | None] = {}  # None: no device or no file
        self.ok = False
        try:
            # pygame-ce's stub says get_init() is always a tuple; it is None before init.
            if not pygame.mixer.get_init():
                pygame.mixer.init()  # type: ignore[unreachable]  # stub gap, see above
            self.ok = True
        except pygame.error:
            self.ok = False
        self.played: list[str] = []  # the cues asked for, newest last (tests, screenshots)

    def _sound(self, cue: str) -> pygame.mixer.Sound | None:
        if cue not in self.sounds:
            snd = None
            p = path("sounds", f"{cue}.ogg")
            if self.ok and p.exists():
                try:
                    snd = pygame.mixer.Sound(str(p))
                except pygame.error:
                    snd = None
            self.sounds[cue] = snd
        return self.sounds[cue]

    def warm(self) -> Iterator[None]:
        """Load every cue's sound, one per step (the app's warm-up takes these on frames it
        does not draw: decoding a cue at its first play took 30-80 ms in the browser at CPU
        throttling 4, inside a frame with cards moving)."""
        for cue in CUES:
            if cue not in self.sounds:
                self._sound(cue)
                yield

    def play(self, cue: str, volume: float = 1.0) -> None:
        self.played.append(cue)
        del self.played[:-50]
        if not (self.enabled and self.ok) or self.volume <= 0:
            return
        wake_page_audio()
        snd = self._sound(cue)
        if snd is not None:
            snd.set_volume(self.volume * volume)
            snd.play()

    def rest(self) -> bool:
        """The game is resting (game/ui/pacing.py): unless a sound still plays, suspend the
        page's audio context, whose callback would otherwise mix silence on the page's one
        thread about 86 times a second; the next cue or gesture resumes it. True if asked."""
        busy = self.ok and bool(pygame.mixer.get_init()) and pygame.mixer.get_busy()
        return not busy and suspend_page_audio()

    def configure(self, enabled: bool, volume: float) -> None:
        self.enabled = enabled
        self.volume = volume


def wake_page_audio() -> bool:
    """In the browser, ask the page to resume its audio context if it is not running (a
    no-op on the JS side when it runs); False natively or on a page without it."""
    page = window.browser()
    majlis = getattr(page, "majlis", None) if page is not None else None
    if majlis is None:
        return False
    with contextlib.suppress(Exception):  # an older page: sound as the browser allows
        majlis.resumeAudio()
        return True
    return False


def suspend_page_audio() -> bool:
    """In the browser, suspend the page's running audio contexts (web/majlis.tmpl's
    ``majlis.audioContexts``); False natively or on a page without them."""
    page = window.browser()
    majlis = getattr(page, "majlis", None) if page is not None else None
    if majlis is None:
        return False
    with contextlib.suppress(Exception):  # an older page: the context keeps running
        for context in majlis.audioContexts():
            if context.state == "running":
                context.suspend()
        return True
    return False
