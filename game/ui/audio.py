"""Sound cues: tolerant of a missing audio device and of missing files; one volume, one mute."""

from __future__ import annotations

import pygame

from game.ui.assets import path

CUES = ("deal", "play", "trick", "chime", "bid", "turn", "tick", "round", "win")


class Audio:
    """Plays short cues. Silently does nothing when there is no device or no file."""

    def __init__(self, enabled: bool = True, volume: float = 0.7):
        self.enabled = enabled
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.ok = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
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

    def play(self, cue: str, volume: float = 1.0) -> None:
        self.played.append(cue)
        del self.played[:-50]
        if not (self.enabled and self.ok) or self.volume <= 0:
            return
        snd = self._sound(cue)
        if snd is not None:
            snd.set_volume(self.volume * volume)
            snd.play()

    def configure(self, enabled: bool, volume: float) -> None:
        self.enabled = enabled
        self.volume = volume
