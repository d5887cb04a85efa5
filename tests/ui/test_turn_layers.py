"""A table's still layer of the shape it turned from is kept for when it turns back
(game/ui/turn_layers.py): turning back repaints only what changed meanwhile, and every frame
still equals a full redraw (tests/ui/test_static_layer.py's check); one layer is kept, and a
new drawing factor forgets it."""

from __future__ import annotations

import pytest
from test_static_layer import checked

from game.ui import games, scale, turn_layers
from game.ui.app import App, Options


@pytest.mark.parametrize("game", [g.key for g in games.available()])
def test_turning_back_puts_the_kept_layer_back_and_repaints_only_what_changed(game):
    app = App(Options(autoplay=True, seed=7, lang="en", portrait=True))
    check = checked(app)
    games.start_autoplay(app, game)
    for _ in range(240):
        app.step(1 / 60)
    still = app.scene.frame.still
    portrait = still.layer
    assert portrait is not None
    for _ in range(3):
        app.set_portrait(False)
        assert turn_layers.kept(still) is portrait  # kept for turning back
        for _ in range(30):
            app.step(1 / 60)
        landscape = still.layer
        full = portrait.full_paints
        app.set_portrait(True)
        assert still.layer is portrait and turn_layers.kept(still) is landscape  # one kept
        for _ in range(30):
            app.step(1 / 60)
        assert portrait.full_paints == full  # its parts repainted, not the whole picture
    assert check.frames > 100 and check.differ == []
    scale.set_factor(1.25)
    assert turn_layers.kept(still) is None
    scale.set_factor(1.0)
