"""The application: window, frame loop, current scene, settings, language, audio, layout.

One frame = input events → ``scene.update(dt)`` → ``scene.draw`` → flip → ``await
asyncio.sleep(0)`` (the browser tab has one thread: the loop must yield every frame, WEB.md).
``step(dt)`` does one frame without the await, so tests drive the app synchronously.
"""
from __future__ import annotations

import asyncio
import os
import sys
from dataclasses import dataclass

import pygame

from game import i18n
from game.ui import draw, storage
from game.ui.audio import Audio
from game.ui.layout import Layout, make_layout
from game.ui.tween import Speed

WEB = sys.platform == "emscripten"


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


class App:
    """Owns the window and the loop; scenes ask it for settings, layout, audio and switching."""

    def __init__(self, options: Options | None = None):
        self.options = options or Options()
        pygame.init()
        self.layout: Layout = make_layout(self.options.portrait)
        self.screen = pygame.display.set_mode(self.layout.size)
        pygame.display.set_caption("Majlis")
        from game.ui.assets import icon
        img = icon()
        if img is not None:
            pygame.display.set_icon(img)
        self.settings, message = storage.load_settings()
        if self.options.lang in i18n.LANGUAGES:
            self.settings["language"] = self.options.lang
        if self.options.level:
            self.settings["level"] = self.options.level
        i18n.set_language(self.settings["language"])
        self.audio = Audio(self.settings["sound"], self.settings["volume"])
        if self.options.autoplay:
            self.audio.configure(False, 0.0)
        self._apply_speed()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame = 0
        self.exit_code = 0
        self.toasts: list[list] = []          # [message key, seconds left]
        if message:
            self.toast(message)
        self.scene = None
        from game.ui.scenes.menu import MenuScene
        self.switch(MenuScene(self))

    # ----- scenes, settings ---------------------------------------------------------------
    def switch(self, scene) -> None:
        self.scene = scene

    def set_setting(self, key: str, value) -> None:
        """Change one setting, apply it at once and save it."""
        self.settings[key] = value
        if key == "language":
            i18n.set_language(value)
        if key in ("sound", "volume"):
            self.audio.configure(self.settings["sound"], self.settings["volume"])
        if key in ("speed", "reduced_motion"):
            self._apply_speed()
        storage.save_settings(self.settings)

    def _apply_speed(self) -> None:
        Speed.set(self.settings["speed"], self.settings["reduced_motion"], self.options.speed)

    def toast(self, key: str, seconds: float = 4.0) -> None:
        self.toasts.append([key, seconds])

    def finish_autoplay(self, game: str, match, result: dict) -> None:
        """End of an --autoplay match: print the result and stop the loop."""
        if not self.running:
            return
        print(f"{game} seed {match.seed}: {len(match.log)} actions")
        print("totals", result["totals"])
        print("result", {k: v for k, v in result.items() if k not in ("totals", "type")})
        self.autoplay_result = result
        self.running = False

    # ----- the loop ---------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        """One frame: input, update, draw, flip."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
                continue    # touch also arrives as mouse events (event.touch): handle those
            else:
                self.scene.handle(event)
        self.scene.update(dt)
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        self.scene.draw(self.screen)
        self._draw_toasts()
        pygame.display.flip()
        self.frame += 1
        if self.options.frames is not None and self.frame >= self.options.frames:
            self.running = False

    def _draw_toasts(self) -> None:
        if not self.toasts:
            return
        key = self.toasts[-1][0]
        s = i18n.t(key)
        width = self.layout.w - 64 if self.layout.portrait else 560
        size = draw.fit_text(s, 22, width - 32)
        img = draw.label(s, size, draw.INK)
        rect = pygame.Rect(0, 0, min(width, img.get_width() + 40), img.get_height() + 20)
        rect.center = (self.layout.w // 2, self.layout.extras.get("toast_y", 60))
        draw.panel(self.screen, rect, (60, 24, 20), 235, 12, draw.GOLD)
        self.screen.blit(img, img.get_rect(center=rect.center))

    async def run(self) -> int:
        """The frame loop. Autoplay uses a fixed time step and no frame-rate cap."""
        while self.running:
            if self.options.autoplay:
                self.clock.tick()
                dt = 1 / 60
            else:
                dt = min(0.1, self.clock.tick(60) / 1000)
            self.step(dt)
            await asyncio.sleep(0)
        if not WEB:
            pygame.quit()
        return self.exit_code


def headless_env() -> None:
    """No screen or sound device needed (autoplay, screenshots, tests)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
