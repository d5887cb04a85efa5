"""What every bot shares: the choose() entry point and slice-by-slice thinking.

A bot's ``think(view, legal, level, rng)`` is a generator: it yields between slices of work
and returns its action. Natively or in tests, :func:`run` drives it to the end; the client
drives it with :class:`Thinking` a few milliseconds per frame, so animation never stalls
(no threads exist in the browser).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from typing import Generic, TypeVar

from .types import ActionInput, ViewBase

T = TypeVar("T")
# A search thought in slices: yields between slices of work, returns its answer (a card, a bid,
# an action...), so the frame loop or the server can stop it after any slice.
Slices = Generator[None, None, T]
# A bot's thought: yields between slices, returns its action (checked by the engine like any).
Think = Slices[ActionInput]
LEVELS = ("easy", "normal", "hard")


def run(thought: Slices[T]) -> T:
    """Drive a thinking generator to its answer in one go."""
    try:
        while True:
            next(thought)
    except StopIteration as done:
        answer: T = done.value
        return answer


class Sliced(Generic[T]):
    """A thought in progress (its answer a ``T``), advanced a time slice at a time by the
    frame loop."""

    def __init__(self, thought: Slices[T], clock: Callable[[], float] = time.perf_counter):
        self._thought = thought
        self._clock = clock
        self.action: T | None = None  # the answer, once ready

    @property
    def done(self) -> bool:
        return self.action is not None

    @property
    def answer(self) -> T:
        """The answer, once :meth:`step` returned True (asking earlier is a bug)."""
        if self.action is None:
            raise RuntimeError("the bot is still thinking")
        return self.action

    def step(self, slice_seconds: float = 0.004) -> bool:
        """Think for at most about ``slice_seconds``; True once the answer is ready."""
        if self.action is not None:
            return True
        end = self._clock() + slice_seconds
        try:
            while True:
                next(self._thought)
                if self._clock() >= end:
                    return False
        except StopIteration as done:
            self.action = done.value
            return True


class Thinking(Sliced[ActionInput]):
    """A bot's thought in progress: its answer is the action it plays."""


def seat_of(view: ViewBase) -> int:
    """The seat a bot plays: its view's ``you`` (a spectator's view has none; a bot is never
    asked to play one)."""
    seat = view["you"]
    if seat is None:
        raise ValueError("A bot plays a seat; this is a spectator's view.")
    return seat


def bot_rng(seed: int | None) -> random.Random:
    """A bot's own generator (never the global one, which pygbag seeds with 1)."""
    return random.Random(seed if seed is not None else random.SystemRandom().getrandbits(63))
