"""The chosen game's rehearsed still layers handed to its first real table
(game/ui/rehearsed_layers.py): after the warm-up the first frame of a new match of the game
the menu would start repaints only the parts that differ from the rehearsed table, and shows
exactly what a table painting its layer whole shows, at both shapes, for every game (a count
and a picture, never a time). A table of another game lets the kept layers go."""

from __future__ import annotations

import gc

import pygame
import pytest

from game.ui import games, rehearsed_layers
from game.ui.app import App, Options

GAMES = ("hareeja", "ronda", "hand_rummy")


def warmed(game: str, portrait: bool = True) -> App:
    app = App(Options(lang="en", portrait=portrait))
    app.settings["game"] = game
    app.quiet.warm_up()
    app.quiet.ahead.clear()  # (the rehearsed tables' jobs, run on quiet frames)
    return app


def picture(app: App) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def whole_repaint(app: App) -> bytes:
    """The same frame with the table's layer painted whole (nothing kept)."""
    layer = app.scene.frame.still.layer
    layer.forget()
    app.painter.paint()
    return picture(app)


@pytest.mark.parametrize("game", GAMES)
def test_the_first_frame_of_the_chosen_game_starts_from_its_rehearsed_layer(game, majlis_home):
    app = warmed(game)
    assert {kept_game for kept_game, _size in rehearsed_layers.kept()} == {game}
    handed = rehearsed_layers.handed
    rehearsed = dict(rehearsed_layers._kept)[(game, app.layout.size)]
    painted = rehearsed.full_paints  # (its own, in the rehearsal)
    app.switch(games.new_match(app, game, seed=5))  # (another seed than the rehearsal's)
    app.painter.paint()
    assert app.scene.frame.still.layer is rehearsed
    assert rehearsed_layers.handed == handed + 1
    assert rehearsed.full_paints == painted  # only the parts that differ were painted again
    assert picture(app) == whole_repaint(app)


@pytest.mark.parametrize("game", GAMES)
def test_a_turned_first_table_takes_the_other_shapes_rehearsed_layer(game, majlis_home):
    app = warmed(game)
    other = dict(rehearsed_layers._kept)[(game, (1280, 720))]
    painted = other.full_paints
    app.switch(games.new_match(app, game, seed=7))
    app.painter.paint()
    app.set_portrait(False)
    app.painter.paint()
    assert app.scene.frame.still.layer is other
    assert other.full_paints == painted
    assert not rehearsed_layers.kept()
    assert picture(app) == whole_repaint(app)


def test_other_options_and_settings_change_what_the_handed_layer_repaints(majlis_home):
    """A match set up otherwise than the menu's rehearsal (quick Ronda for two, four-colour cards)
    still shows what a whole repaint shows."""
    app = warmed("ronda")
    app.settings["four_color"] = True
    options = {"rules": "quick", "players": 2}
    scene = games.maker("ronda").new_match(app, "normal", None, options, seed=9, save=False)
    app.switch(scene)
    app.painter.paint()
    assert picture(app) == whole_repaint(app)


def test_a_table_of_another_game_lets_the_kept_layers_go(majlis_home):
    app = warmed("ronda")
    assert rehearsed_layers.kept()
    app.switch(games.new_match(app, "hareeja", seed=5))
    app.painter.paint()
    gc.collect()
    assert not rehearsed_layers.kept()
    assert app.scene.frame.still.layer.full_paints == 1  # (a layer of its own, painted whole)
