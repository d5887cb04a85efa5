"""Frame-sized surfaces handed on from a table let go to the next one
(game/ui/spare_surfaces.py): after the warm-up (whose rehearsals build every table at both
shapes), a new table's still layer and its first turn make no surface of their own, every
frame still equals a full redraw, and no surface is ever held by two owners."""

from __future__ import annotations

import gc

import pygame

from game.ui import games, spare_surfaces
from game.ui.app import App, Options


class Owner:
    pass


def test_a_surface_goes_back_once_and_to_one_owner_at_a_time():
    like = pygame.Surface((8, 8))
    a, b = Owner(), Owner()
    first = spare_surfaces.take(a, (40, 30), like)
    assert spare_surfaces.take(a, (40, 30), like) is first  # (a layer painting itself again)
    spare_surfaces.take(a, (30, 40), like)  # a's first surface is a spare now ...
    assert spare_surfaces.take(b, (40, 30), like) is first  # ... and b's
    del a
    gc.collect()  # a goes: its second surface is a spare, never its first (b holds it)
    c = Owner()
    assert spare_surfaces.take(c, (40, 30), like) is not first
    assert spare_surfaces.take(Owner(), (30, 40), like).get_size() == (30, 40)


def test_after_the_warm_up_a_new_table_and_its_first_turn_make_no_layer_surface():
    app = App(Options(lang="en", portrait=True))
    app.quiet.warm_up()
    app.quiet.ahead.clear()  # (the rehearsed tables' jobs, run on quiet frames)
    gc.collect()  # (the browser's collector does this when the warm-up ends)
    assert spare_surfaces.spares() >= 2  # one for each shape
    for game in ("hareeja", "hand_rummy"):
        made = spare_surfaces.made
        app.switch(games.new_match(app, game, seed=5))
        app.painter.paint()
        app.set_portrait(False)
        app.painter.paint()
        assert spare_surfaces.made == made, game
        app.set_portrait(True)
        app.go("menu")
        app.transition.cancel()
        app.painter.paint()
        app.quiet.ahead.clear()
        gc.collect()
