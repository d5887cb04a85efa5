"""The guided first rounds through the real UI: Learn to play on the home
screen, each lesson played to its end with real taps on what the coach points at and the
round then finished; Skip; the first match's offer, once."""

import pygame
import pytest
from ui_helpers import click, run_until

from game.client.coach import CoachedSession, games_with_lessons
from game.ui import coach_marks
from game.ui.scale import px

GAMES = games_with_lessons()


def learn(app, game):
    """Home → Learn to play → the game's button: the lesson's table."""
    app.go("menu")
    app.step(1 / 60)
    click(app, app.scene.widget("learn").rect.center)
    panel = app.overlays[-1]
    click(app, panel.button(f"learn:{game}").rect.center)
    scene = app.scene
    assert isinstance(scene.session, CoachedSession) and scene.name == game
    return scene


def tap_point(rect: pygame.Rect) -> tuple[int, int]:
    """A point of ``rect`` no neighbour covers (a fanned card shows its left edge)."""
    return (rect.x + min(px(16), rect.w // 2), rect.centery)


def follow(app, scene, limit: int = 20000) -> None:
    """Do what each coach mark points at, with real clicks, until the lesson is over."""
    coach = scene.session.coach
    for _ in range(limit):
        if coach.done:
            return
        marks = coach_marks.marks_of(scene)
        if marks is not None and marks.bubble is not None and coach_marks.ready(scene, coach):
            step = coach.step
            if step.expect is None:
                click(app, marks.ok.rect.center)
                continue
            aim = coach_marks.target(scene, step.point, step.expect)
            if aim is not None:
                click(app, tap_point(aim))
                for _ in range(3):
                    app.step(1 / 60)
                continue
        app.step(1 / 60)
    raise AssertionError(f"stalled at step {coach.index}")


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_is_played_to_its_end_with_real_taps(game, make_app):
    app = make_app(speed=8.0)
    scene = learn(app, game)
    follow(app, scene)
    assert scene.session.coach.done and not scene.session.coach.skipped
    assert coach_marks.marks_of(scene) is None  # no bubble once it is over
    scene.session.seats[scene.me].kind = "bot"  # then the round plays to its end
    assert run_until(app, lambda: scene.score is not None or scene.over is not None, 60000)


@pytest.mark.parametrize("game", GAMES)
def test_skip_ends_the_lesson_and_the_match_goes_on(game, make_app):
    app = make_app(speed=8.0)
    scene = learn(app, game)
    assert run_until(app, lambda: coach_marks.marks_of(scene).bubble is not None, 2000)
    click(app, coach_marks.marks_of(scene).skip.rect.center)
    coach = scene.session.coach
    assert coach.skipped and coach_marks.marks_of(scene) is None
    first = coach.lesson.steps[1 if coach.lesson.steps[0].expect is None else 0]
    assert run_until(app, lambda: scene.me in scene.session.to_act() and scene.idle(), 8000)
    other = [a for a in scene.session.legal() if not first.wants(a)]
    assert scene.act(scene.me, dict(other[0]), human=True)  # anything legal now


def test_a_refused_move_changes_nothing_and_says_why(make_app):
    app = make_app(speed=8.0)
    scene = learn(app, "ronda")
    assert run_until(app, lambda: coach_marks.ready(scene, scene.session.coach), 4000)
    log = list(scene.session.match.log)
    wrong = next(c for c in scene.hand_order if c != "6C")
    click(app, tap_point(scene.hand[wrong].rect()))
    app.step(1 / 60)
    assert scene.session.match.log == log and scene.session.coach.index == 0
    assert scene.messages.hint is not None and "coach" in scene.messages.hint[0]


def test_the_first_match_offers_the_lesson_once(make_app):
    app = make_app()
    app.go("setup", game="ronda")
    app.step(1 / 60)
    click(app, app.scene.widget("play").rect.center)
    table = app.scene
    assert run_until(app, lambda: coach_marks.marks_of(table) is not None, 100)
    offer = coach_marks.marks_of(table)
    assert run_until(app, lambda: offer.bubble is not None, 600)  # (after a passing banner)
    click(app, offer.ok.rect.center)  # Guide me
    assert isinstance(app.scene.session, CoachedSession) and app.scene.name == "ronda"
    assert app.settings[coach_marks.OFFERED] == ["ronda"]
    app.go("setup", game="ronda")
    app.step(1 / 60)
    click(app, app.scene.widget("play").rect.center)
    click(app, app.overlays[-1].button("yes").rect.center)  # over the match it left
    assert app.scene.name == "ronda" and not isinstance(app.scene.session, CoachedSession)
    assert coach_marks.marks_of(app.scene) is None  # asked once
