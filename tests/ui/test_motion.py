"""Motion, driven headless with real events: the slide between scenes (game/ui/transition.py),
the riffle before a deal (game/ui/shuffle.py) and what reduced motion skips."""

import pygame
from ui_helpers import click, run_until

from game.ui.presenter import DamageSurface, Presenter


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def settle(app, frames: int = 20) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def open_settings(app) -> None:
    click(app, app.scene.widget("settings").rect.center)
    assert app.scene.name == "settings"


def test_a_scene_switch_slides_the_old_picture_off_and_ends_on_the_new_one(make_app):
    app = make_app()
    app.transition.enabled = True
    settle(app)
    menu = pixels(app.screen)
    open_settings(app)
    assert app.transition.active and app.transition.started == 1
    offsets, frames = [], []
    while app.transition.active:
        app.step(1 / 60)
        frames.append(pixels(app.screen))
        if app.transition.active:
            offsets.append(app.transition.offset())
        assert len(frames) < 60, "the slide never ends"
    assert 8 <= len(frames) <= 20  # ~0.22 s at 60 frames a second
    moved = [abs(o) for o in offsets]
    assert moved == sorted(moved) and moved[0] < app.layout.w // 2
    assert app.transition.direction == -1  # English reads from the left: it goes left
    mid = frames[len(frames) // 2]
    assert mid != menu  # mid-way: part old, part new
    settle(app)
    with_slide = pixels(app.screen)

    # the same switch without the slide draws the same final picture
    plain = make_app()
    settle(plain)
    open_settings(plain)
    assert not plain.transition.active
    settle(plain, 30)
    assert pixels(plain.screen) == with_slide
    assert mid != with_slide


def test_arabic_slides_the_other_way(make_app):
    app = make_app(lang="ar")
    app.transition.enabled = True
    settle(app)
    open_settings(app)
    assert app.transition.active and app.transition.direction == 1
    app.step(1 / 60)
    app.step(1 / 60)
    assert app.transition.offset() > 0


def test_reduced_motion_skips_the_slide(make_app):
    app = make_app()
    app.transition.enabled = True
    app.set_setting("reduced_motion", True)
    settle(app)
    open_settings(app)
    assert not app.transition.active and app.transition.started == 0


def test_headless_runs_have_no_slide_unless_turned_on(make_app):
    app = make_app()
    assert not app.transition.enabled
    settle(app)
    open_settings(app)
    assert not app.transition.active


def test_turning_the_table_mid_slide_stops_it(make_app):
    app = make_app()
    app.transition.enabled = True
    settle(app)
    open_settings(app)
    assert app.transition.active
    app.set_portrait(True)
    assert not app.transition.active
    settle(app)


def test_the_presenter_shows_every_frame_of_the_slide_whole(make_app, monkeypatch):
    """In the browser the presenter shows only what changed: a slide changes everything."""
    app = make_app()
    app.transition.enabled = True
    app.presenter = Presenter(None)
    taken: list = []
    real_take = DamageSurface.take

    def take(self):
        rects = real_take(self)
        taken.append(rects)
        return rects

    monkeypatch.setattr(DamageSurface, "take", take)
    settle(app)
    open_settings(app)
    taken.clear()
    while app.transition.active:
        app.step(1 / 60)
    sliding = len(taken)
    app.step(1 / 60)  # the frame after the slide is whole too (the old picture is gone)
    assert sliding >= 8 and all(r is None for r in taken[: sliding + 1])
    assert pixels(app.presenter.frame) == pixels(app.screen)
    assert run_until(app, lambda: True)
