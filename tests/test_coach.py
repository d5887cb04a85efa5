"""The guided first rounds: each game's lesson walks to its end when the
player takes the actions its steps ask for, the bots' moves are the same every time, and any
other action is refused without changing anything."""

import pytest

from game import i18n
from game.client.coach import (
    COACH_REFUSAL,
    CoachedSession,
    games_with_lessons,
    legal_match,
    lesson_of,
    step_words,
)
from game.client.local import bots_module
from game.core import registry

GAMES = [spec.name for spec in registry.specs()]


def walk(game: str, limit: int = 4000) -> CoachedSession:
    """Play ``game``'s lesson to its last step the way the coach asks (bots think in slices
    as the scene lets them; taps on "Got it" lines)."""
    session = CoachedSession.lesson(lesson_of(game))
    coach = session.coach
    for _ in range(limit):
        if coach.done:
            return session
        session.pace(True)
        step = coach.step
        if step.expect is None:
            assert coach.tapped()
            continue
        if session.me in session.to_act():
            action = legal_match(session.legal(), step) or meld_for(session, game)
            assert action is not None, f"{game}: step {coach.index} ({step.say}) is not legal"
            assert session.act(dict(action))
        else:
            session.think(1.0, lambda view, legal: 0.0)
    raise AssertionError(f"{game}: the lesson stalled at step {coach.index}")


def meld_for(session: CoachedSession, game: str):
    """Melds are not listed among legal actions (docs/DESIGN.md): the normal bot's, the same each
    time for the seed."""
    return bots_module(game).choose(session.view(), session.legal(), level="normal")


def test_every_game_has_a_lesson():
    assert games_with_lessons() == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_lesson_walks_to_its_end(game):
    session = walk(game)
    assert session.coach.done and not session.coach.skipped
    assert 5 <= len(session.coach.lesson.steps) <= 8
    assert session.saved() is None  # a lesson is replayed, never continued


@pytest.mark.parametrize("game", GAMES)
def test_the_bots_play_the_same_moves_every_time(game):
    assert walk(game).match.log == walk(game).match.log


@pytest.mark.parametrize("game", GAMES)
def test_another_action_is_refused_and_changes_nothing(game):
    session = CoachedSession.lesson(lesson_of(game))
    for _ in range(400):
        if session.me in session.to_act() and session.coach.step.expect is not None:
            break
        session.pace(True)
        session.think(1.0, lambda view, legal: 0.0)
    step = session.coach.step
    other = [a for a in session.legal() if not step.wants(a)]
    assert other, f"{game}: the first step leaves no other choice"
    log = list(session.match.log)
    assert not session.act(dict(other[0]))
    assert session.match.log == log and session.coach.index == 0
    assert [r.code for r in session.take_refusals()] == [COACH_REFUSAL]


@pytest.mark.parametrize("game", GAMES)
def test_skip_leaves_an_ordinary_match(game):
    session = CoachedSession.lesson(lesson_of(game))
    session.coach.skip()
    assert session.coach.done and session.coach.step is None
    for _ in range(400):
        if session.me in session.to_act():
            break
        session.pace(True)
        session.think(1.0, lambda view, legal: 0.0)
    step0 = lesson_of(game).steps[0]
    other = [a for a in session.legal() if not step0.wants(a)]
    assert session.act(dict(other[0]))


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("game", GAMES)
def test_every_line_reads_in_both_languages(game, lang):
    i18n.set_language(lang)
    try:
        for step in lesson_of(game).steps:
            words = step_words(step, game)
            assert words != step.say and "{" not in words
            if lang == "ar":
                assert any("\u0600" <= ch <= "\u06ff" for ch in words)
    finally:
        i18n.set_language("ar")
