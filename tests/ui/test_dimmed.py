"""The dimmed table under a score or match-end panel is kept while it stays the same
(game/ui/dimmed.py): whole bot matches of every game, every frame a panel shows
compared pixel for pixel with the same frame drawn without the kept picture."""

import pygame
import pytest

from game.ui import games
from game.ui.app import App, Options
from game.ui.cardtable import CardTable


class Compared:
    """Draws each frame with a panel open a second time, the usual way, and compares."""

    def __init__(self, app: App):
        self.app = app
        self.frames = 0
        self.differ: list[int] = []
        self._draw = app.painter.paint
        app.painter.paint = self.draw  # type: ignore[method-assign]

    def draw(self) -> None:
        self._draw()
        scene = self.app.scene
        if not isinstance(scene, CardTable) or (scene.score is None and scene.over is None):
            return
        screen = self.app.screen
        plain = pygame.Surface(screen.get_size(), 0, screen)
        scene.DIM_ONCE = False
        try:
            scene.draw(plain)
            for overlay in self.app.overlays:
                overlay.draw(plain)
            self.app.painter.draw_toasts(plain)
        finally:
            scene.DIM_ONCE = True
        self.frames += 1
        if pygame.image.tobytes(screen, "RGB") != pygame.image.tobytes(plain, "RGB"):
            self.differ.append(self.app.frame)


@pytest.mark.parametrize(
    ("game", "portrait"),
    [("hareeja", False), ("ronda", True), ("hand_rummy", False)],
)
def test_every_panel_frame_equals_a_full_redraw(game, portrait):
    app = App(Options(autoplay=True, seed=5, lang="en", portrait=portrait, speed=6.0))
    check = Compared(app)
    scene = games.table_class(game).start_autoplay(app, games.info(game).defaults())
    for _ in range(60000):
        if not app.running:
            break
        app.step(1 / 60)
    assert not app.running  # the match was played to its end
    backdrop = scene.__dict__["_dimmed"]
    assert check.frames > 20 and check.differ == []
    assert backdrop.paints < check.frames / 3  # kept, not dimmed again every frame
