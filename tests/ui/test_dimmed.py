"""The dimmed table under a score or match-end panel is kept while it stays the same
(game/ui/dimmed.py): whole bot matches of every game, every frame a panel shows
compared pixel for pixel with the same frame drawn without the kept picture."""

import pytest
from ui_helpers import PlainCompared

from game.ui import games
from game.ui.app import App, Options
from game.ui.cardtable import CardTable


def compared(app: App) -> PlainCompared:
    """Each frame with a panel open drawn a second time, without the kept dimmed table."""

    def panel_open(app: App) -> bool:
        scene = app.scene
        return isinstance(scene, CardTable) and (scene.score is not None or scene.over is not None)

    return PlainCompared(app, panel_open, off="frame.DIM_ONCE")


@pytest.mark.parametrize(
    ("game", "portrait"),
    [("hareeja", False), ("ronda", True), ("hand_rummy", False)],
)
def test_every_panel_frame_equals_a_full_redraw(game, portrait):
    app = App(Options(autoplay=True, seed=5, lang="en", portrait=portrait, speed=6.0))
    check = compared(app)
    scene = games.maker(game).start_autoplay(app, games.info(game).defaults())
    for _ in range(60000):
        if not app.running:
            break
        app.step(1 / 60)
    assert not app.running  # the match was played to its end
    backdrop = scene.frame.dimmed
    assert check.frames > 20 and check.differ == []
    assert backdrop.paints < check.frames / 3  # kept, not dimmed again every frame
