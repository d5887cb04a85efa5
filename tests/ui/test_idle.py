"""Idle costs nothing: a frame with no input and nothing moving is not drawn; input, motion,
toasts and time shown on screen (a turn clock) are. Frames are counted with ``app.painter.draws``;
time is the frames' own dt, never the wall clock."""

from __future__ import annotations

import pygame
from ui_helpers import click, run_until

from game.games.hareeja.scene import HareejaTable
from game.ui.table_making import TableMaker

DT = 1 / 60


def frames(app, n: int) -> int:
    """Run ``n`` frames with no input; how many of them were drawn."""
    before = app.painter.draws
    for _ in range(n):
        app.step(DT)
    return app.painter.draws - before


def at_rest(scene) -> bool:
    return scene.idle() and not scene.animating()


def test_an_idle_menu_is_not_drawn_but_input_is(make_app):
    app = make_app()
    frames(app, 5)
    assert frames(app, 120) == 0
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))
    )
    assert frames(app, 1) == 1
    assert frames(app, 60) == 0


def test_a_setting_changed_by_a_tap_redraws_and_a_toast_comes_and_goes(make_app):
    app = make_app()
    frames(app, 5)
    click(app, app.scene.widget("lang").rect.center)
    assert app.settings["language"] == "ar"
    frames(app, 2)
    app.toast("storage.corrupt", seconds=0.5)
    assert frames(app, 1) == 1  # the toast appears
    assert frames(app, 20) == 0  # and stays without redrawing
    assert frames(app, 20) == 1  # it goes: one frame to clear it


def hareeja_waiting_for_bid(make_app, turn_seconds=None) -> tuple:
    app = make_app()
    scene = TableMaker(HareejaTable).new_match(app, "easy", seed=5, turn_seconds=turn_seconds)
    app.switch(scene)
    # The bots bid on their own: wait until they have, and nothing moves.
    assert run_until(
        app, lambda: scene.can_bid() and all(scene.bidding.confirmed[1:]) and at_rest(scene), 3000
    )
    frames(app, 2)
    return app, scene


def test_a_table_waiting_for_you_is_not_drawn_until_you_act(make_app):
    app, scene = hareeja_waiting_for_bid(make_app)
    assert frames(app, 180) == 0
    click(app, scene.widget("bid:3").rect.center)  # the tap shows at once
    assert scene.bidding.pick == 3 and app.painter.draws > 0
    assert frames(app, 60) == 0


def test_cards_in_motion_are_drawn_every_frame(make_app):
    app, scene = hareeja_waiting_for_bid(make_app)
    click(app, scene.widget("bid:2").rect.center)
    click(app, scene.widget("confirm").rect.center)
    # The bots bid and the bids turn up, then cards fly: every such frame is drawn.
    assert run_until(app, lambda: not scene.idle(), 600)
    moving = 0
    for _ in range(30):
        before = app.painter.draws
        app.step(DT)
        if scene.animating():
            moving += 1
            assert app.painter.draws == before + 1
    assert moving > 0


def test_a_turn_clock_redraws_four_times_a_second(make_app):
    app, scene = hareeja_waiting_for_bid(make_app, turn_seconds=60)
    assert scene.redraw_every() == 0.25
    drawn = frames(app, 120)  # two seconds of frames
    assert 7 <= drawn <= 9


def test_a_scene_with_a_cadence_is_drawn_at_that_cadence(make_app):
    """E.g. the lobby's connecting dots and typing caret (``redraw_every`` 0.1 s)."""
    from game.ui.scene import Scene

    class Blinking(Scene):
        def redraw_every(self) -> float | None:
            return 0.1

    app = make_app()
    app.switch(Blinking(app))
    frames(app, 1)
    assert frames(app, 60) in (9, 10)  # one second of frames
