"""A guided first round: a fixed deal, a few steps, each a short line that
points at what to do and why, advancing when the player does it. Pure Python (no pygame).

A game's lesson (``game/games/<name>/coach.py``: ``LESSON``, a :class:`game.core.lesson.Lesson`)
is the match it is played on (players, options, seed; the seeded deal and the bots at
:data:`LEVEL`, deterministic, make every move of the others the same each time, so no rule is
bent and no move is scripted for them) and its steps, each waiting for one action of the
player or a tap on its line.

:class:`CoachedSession` is a :class:`LocalSession` that holds the lesson's progress
(:class:`Coach`): while a step waits, the player's other actions are refused (code
``"coach"``: the scene shows it like any refusal and nothing changes), and the step's action
moves the lesson on. Skip ends the lesson and leaves an ordinary match. A lesson is never
saved (``saved`` is None): it is replayed from the home screen, from its start.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import registry
from game.core.lesson import Lesson, Step
from game.table import Seat, SystemClock, Table

from .local import LocalSession, engine_class
from .session import JSON, Refusal

COACH_REFUSAL = "coach"  # the refusal code of an action the current step does not ask for
LEVEL = "normal"  # the bots' level in a lesson: deterministic for a seed (no time budget)


class Coach:
    """How far the player is in a lesson."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.skipped = False

    @property
    def step(self) -> Step | None:
        """The step waiting, None once the lesson is over (done or skipped)."""
        if self.skipped or self.index >= len(self.lesson.steps):
            return None
        return self.lesson.steps[self.index]

    @property
    def done(self) -> bool:
        return self.step is None

    def took(self, action: Mapping[str, Any]) -> bool:
        """The player's ``action`` was taken: the lesson moves on if it was the step's."""
        step = self.step
        if step is None or not step.wants(action):
            return False
        self.index += 1
        return True

    def tapped(self) -> bool:
        """A tap on the line: moves on from a step that waits for one."""
        step = self.step
        if step is None or step.expect is not None:
            return False
        self.index += 1
        return True

    def allows(self, action: Mapping[str, Any]) -> bool:
        """Whether the player may take ``action`` now (anything, once the lesson is over;
        a timeout always: the table's own safe move)."""
        step = self.step
        return step is None or action.get("type") == "timeout" or step.wants(action)

    def skip(self) -> None:
        self.skipped = True


def lesson_of(game: str) -> Lesson | None:
    """``game``'s lesson, None when it has none."""
    import importlib

    try:
        module = importlib.import_module(f"game.games.{game}.coach")
    except ModuleNotFoundError:
        return None
    lesson = getattr(module, "LESSON", None)
    return lesson if isinstance(lesson, Lesson) else None


def games_with_lessons() -> list[str]:
    """The games (in the registry's order) that have a guided first round."""
    return [spec.name for spec in registry.specs() if lesson_of(spec.name) is not None]


class CoachedSession(LocalSession):
    """A local match played as a lesson (see the module docstring)."""

    coach: Coach

    @classmethod
    def lesson(cls, lesson: Lesson) -> CoachedSession:
        """The lesson's match: you at seat 0 against bots at :data:`LEVEL`, no turn clock."""
        game = lesson.game
        match = engine_class(game).new(lesson.players, dict(lesson.options), seed=lesson.seed)
        names = registry.get(game).bot_names
        seats = [Seat("human", "seat.you", LEVEL)]
        seats += [Seat("bot", names.format(i=i), LEVEL) for i in range(1, lesson.players)]
        session = cls(Table(match, seats, SystemClock(), None), bot_seed=lesson.seed, game=game)
        session._events = [e.for_seat(session.me) for e in match.start_events]
        session.coach = Coach(lesson)
        return session

    def act(self, action: JSON, seat: int | None = None, human: bool = True) -> bool:
        mine = (self.me if seat is None else seat) == self.me
        if human and mine and not self.coach.allows(action):
            self._refusals.append(Refusal(COACH_REFUSAL, "Follow the coach's step, or skip it."))
            return False
        done = super().act(action, seat=seat, human=human)
        if done and mine:
            self.coach.took(action)
        return done

    def saved(self) -> dict[str, Any] | None:  # type: ignore[override]
        return None  # a lesson is replayed from its start, never continued


def legal_match(legal: list[JSON], step: Step) -> JSON | None:
    """The legal action that ``step`` waits for (the first, when several would do)."""
    for action in legal:
        if step.wants(action):
            return action
    return None


__all__ = [
    "COACH_REFUSAL",
    "LEVEL",
    "Coach",
    "CoachedSession",
    "Lesson",
    "Step",
    "games_with_lessons",
    "legal_match",
    "lesson_of",
]


def step_words(step: Step, game: str) -> str:
    """The step's line in the current language, its figures in words (cards, ranks, numbers
    as the hints say them)."""
    from game.i18n import t

    from .hint_words import field_words

    words = {k: field_words(k, v, game, str) for k, v in step.figures.items()}
    return t(step.say, **words)
