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

from .types import ActionInput

# A bot's thought: yields between slices, returns its action (checked by the engine like any).
Think = Generator[None, None, ActionInput]
LEVELS = ("easy", "normal", "hard")


def run(thought: Think) -> ActionInput:
    """Drive a thinking generator to its answer in one go."""
    try:
        while True:
            next(thought)
    except StopIteration as done:
        action: ActionInput = done.value
        return action


class Thinking:
    """A bot's thought in progress, advanced a time slice at a time by the frame loop."""

    def __init__(self, thought: Think, clock: Callable[[], float] = time.perf_counter):
        self._thought = thought
        self._clock = clock
        self.action: ActionInput | None = None

    @property
    def done(self) -> bool:
        return self.action is not None

    @property
    def answer(self) -> ActionInput:
        """The action, once :meth:`step` returned True (asking earlier is a bug)."""
        if self.action is None:
            raise RuntimeError("the bot is still thinking")
        return self.action

    def step(self, slice_seconds: float = 0.004) -> bool:
        """Think for at most about ``slice_seconds``; True once the action is ready."""
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


def bot_rng(seed: int | None) -> random.Random:
    """A bot's own generator (never the global one, which pygbag seeds with 1)."""
    return random.Random(seed if seed is not None else random.SystemRandom().getrandbits(63))
