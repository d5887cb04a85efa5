"""``python main.py --screenshots DIR``: a PNG of every scene and phase, both languages, both
orientations, from fixed seeds and scripted actions, through the real scenes and frame loop.

This is the harness and the shots of the screens every game shares (menu, settings, rules,
statistics, the online lobby). Each game's table phases are shot by the function its spec names
(``screenshots``, a ``scene_shots.py`` beside the game's table scene), and the lobby's by
:mod:`game.ui.scenes.lobby_shots`; they drive a :class:`Shooter`.

The run never touches the player's own settings: it works in a temporary MAJLIS_HOME.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pygame

from game.client import stats, stats_record
from game.ui import games
from game.ui.app import App, Modal, Options
from game.ui.layout_probe import Finding
from game.ui.scenes.check_shots import check_screens
from game.ui.scenes.stats_shots import replay_screens, stats_sample

PLAY_SEED = 11  # the app's seed (and Hareeja's match against the bots)
DT = 1 / 60
S = TypeVar("S")


class Shooter:
    """Steps one app frame by frame and saves named screenshots."""

    def __init__(self, app: App, out: Path, prefix: str):
        self.app = app
        self.out = out
        self.prefix = prefix
        self.saved: list[Path] = []
        # Each shot's layout findings (game/ui/layout_probe.py), when a check asks for them.
        self.layouts: list[tuple[str, list[Finding]]] | None = None

    def frames(self, n: int) -> None:
        for _ in range(n):
            self.app.step(DT)

    def until(
        self, pred: Callable[[], bool], limit: int = 3000, each: Callable[[], None] | None = None
    ) -> bool:
        for _ in range(limit):
            if pred():
                return True
            if each:
                each()
            self.app.step(DT)
        return pred()

    def click(self, pos: tuple[int, int]) -> None:
        """A real left click at ``pos`` (button down and up), then one frame."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(1)

    def menu_for(self, game: str) -> None:
        """``game``'s setup sheet (its option rows showing)."""
        self.app.settings["game"] = game
        self.app.go("setup", game=game)
        self.frames(2)

    def rules_page(self, game: str) -> None:
        """The rules screen open on ``game``'s page."""
        self.app.go("help", game=game)
        self.frames(2)

    def scene_as(self, kind: type[S]) -> S:
        """The app's scene now, which the script expects to be a ``kind`` (else it stops here,
        saying which scene it found)."""
        scene: object = self.app.scene  # (App.scene is not annotated yet)
        if not isinstance(scene, kind):
            raise TypeError(f"expected a {kind.__name__}, found {type(scene).__name__}")
        return scene

    def top_overlay(self) -> Modal:
        """The overlay open on top, which the script expects (else it stops here)."""
        top = self.app.overlay
        if top is None:
            raise LookupError("no overlay is open")
        return top

    def shot(self, name: str) -> None:
        path = self.out / f"{self.prefix}_{name}.png"
        pygame.image.save(self.app.screen, str(path))
        self.saved.append(path)
        if self.layouts is not None:
            self.layouts.append((name, self.app.painter.probe_layout().findings))

    # ----- the scenes ----------------------------------------------------------------------------
    def menus(self) -> None:
        """Home (without and with a saved match), every game's setup sheet and rules page,
        settings, the confirmations, and the message about a saved match kept aside."""
        from game.client import storage
        from game.ui.scenes.help import HelpScene
        from game.ui.scenes.settings import SettingsScene

        for g in games.available():
            storage.clear_match(g.key)
        self.app.go("menu")
        self.frames(2)
        self.shot("home_01_home")
        for g in games.available():
            self.menu_for(g.key)
            self.shot(f"home_02_setup_{g.key}")
            self.rules_page(g.key)
            self.shot(f"home_03_rules_{g.key}")
            if self.scene_as(HelpScene).scroll.max_offset:  # the end of the page, by End
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0))
                self.frames(2)
                self.shot(f"home_03_rules_{g.key}_end")
        self.app.go("settings")
        self.frames(2)
        self.shot("home_04_settings")
        self.scene_as(SettingsScene).avatar_button.on_click()  # the grid of faces
        self.frames(2)
        self.shot("home_04a_settings_avatar")
        self.top_overlay().close()
        self._saved_match_screens()

    def _saved_match_screens(self) -> None:
        """A match in progress: the Continue card, Play over it (asks), the pause menu at its
        table, Leave (asks), the settings and rules panels over the table."""
        from game.client import storage
        from game.ui.scenes.setup import SetupScene

        key = games.available()[-1].key
        table = games.new_match(self.app, key, seed=PLAY_SEED)
        table.saver.enabled = True
        self.app.switch(table)
        self.until(table.idle, 3000)
        self.frames(30)
        table.saver.write()
        table.open_pause()
        self.frames(2)
        self.shot("home_05_pause")
        self.top_overlay().button("leave").on_click()
        self.frames(2)
        self.shot("home_06_leave_confirm")
        self.top_overlay().close()
        self.top_overlay().button("settings").on_click()
        self.frames(2)
        self.shot("home_07_pause_settings")
        self.top_overlay().close()
        self.top_overlay().button("rules").on_click()
        self.frames(2)
        self.shot("home_08_pause_rules")
        self.app.go("menu")
        self.frames(2)
        self.shot("home_09_home_continue")
        other = games.new_match(self.app, games.DEFAULT_GAME, seed=PLAY_SEED)
        other.saver.enabled = True
        other.saver.write()  # a second game's match: each keeps its own Continue card
        self.app.go("menu")
        self.frames(2)
        self.shot("home_09_home_continue_two")
        self.menu_for(games.DEFAULT_GAME)
        self.scene_as(SetupScene).play()
        self.frames(2)
        self.shot("home_10_new_match_confirm")
        storage.write("match", "{not a match")
        self.app.go("menu")
        self.frames(2)
        self.shot("home_11_saved_match_kept_aside")
        for g in games.available():
            storage.clear_match(g.key)
        self.app.go("menu")
        self.frames(1)

    def stats_screens(self) -> None:
        """The statistics screen: empty, then filled from real bot matches (every game tab),
        and the reset question."""
        from game.ui.scenes.stats import StatsScene

        stats_record.save(stats.empty())
        self.app.go("stats", game=games.DEFAULT_GAME)
        self.frames(2)
        self.shot("stats_01_empty")
        stats_record.save(stats_sample())  # whole bot matches of every game (stats_shots)
        shown = games.available()
        for i, g in enumerate(shown):
            self.app.go("stats", game=g.key)
            self.frames(2)
            self.shot(f"stats_{i + 2:02d}_{g.key}")
        self.app.go("stats", game=games.DEFAULT_GAME)
        self.scene_as(StatsScene).ask_reset()
        self.frames(2)
        self.shot(f"stats_{len(shown) + 2:02d}_reset_confirm")
        stats_record.save(stats.empty())


async def take_all(out_dir: str, options: Options | None = None) -> list[Path]:
    """Every scene, in Arabic and English, landscape and portrait; ``options.game`` (when set)
    limits the tables to that game's."""
    from game.ui.scenes.lobby_shots import screenshot_lobby

    only = getattr(options, "game", None) if options is not None else None
    keys = [g.key for g in games.available() if only in (None, g.key)]
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    os.environ["MAJLIS_HOME"] = tempfile.mkdtemp(prefix="majlis-shots-")
    saved: list[Path] = []
    for portrait in (False, True):
        for lang in ("ar", "en"):
            app = App(
                Options(
                    portrait=portrait,
                    lang=lang,
                    screenshots=str(out),
                    seed=PLAY_SEED,
                    scale=options.scale if options is not None else None,
                )
            )
            shooter = Shooter(app, out, f"{'portrait' if portrait else 'landscape'}_{lang}")
            shooter.menus()
            shooter.stats_screens()
            replay_screens(shooter)
            check_screens(shooter)  # "Check this match" of an online match
            screenshot_lobby(shooter)
            for key in keys:
                script = games.screenshot_script(key)
                if script is not None:
                    script(shooter)
            saved.extend(shooter.saved)
            await asyncio.sleep(0)
    print(f"{len(saved)} screenshots in {out}")
    return saved
