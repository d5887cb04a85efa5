"""The bot worker processes, fed in the order of a :class:`~game.net.botplay.FairQueue`
(server only).

At most one move per worker, and one more ready for the first worker to finish (as the
executor's own queue would keep them fed), is in the workers' hands; the others wait here, so
the order in which they are thought is the queue's (tables a person watches first, the
networks in turn) and not the order they came in: 500 bot tables of a few networks cannot
line up ahead of one person's bots. Each move gets :func:`~game.net.botplay.think_budget` for
everything waiting, as before: under load hard bots search less deeply rather than make the
people wait.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
from collections.abc import Callable

from game.core.types import ActionInput

from .botplay import Bots, FairQueue, think_budget, think_whole, worker_init
from .model import Room, Thought

BOT_NICENESS = 10  # bot workers yield the cores to the server's loop: people's moves first
READY_AHEAD = 1  # moves handed over beyond one per worker, so no worker waits for the loop
log = logging.getLogger("majlis.server")


class BotPool:
    """``workers`` processes thinking the lobby's bot moves above "easy" (``offload``)."""

    def __init__(self, workers: int, bots: Bots, on_submit: Callable[[float | None], None]) -> None:
        """``on_submit(budget)`` is told each move handed to a worker (metrics)."""
        self.workers = workers
        self.bots = bots
        self.on_submit = on_submit
        self.waiting = FairQueue()
        self._thoughts: dict[str, Thought] = {}  # room code -> its queued thought
        self.in_hands = 0  # moves the workers are thinking
        self._pool = concurrent.futures.ProcessPoolExecutor(
            workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=worker_init,
            initargs=(os.getpid(), BOT_NICENESS),
        )
        self._closed = False

    def offload(self, room: Room, thought: Thought) -> bool:
        """Queue ``thought``; it is played when a worker has thought it
        (:meth:`Bots.thought_done`). False once shut down (the lobby thinks in slices then)."""
        if self._closed:
            return False
        self._thoughts[room.code] = thought
        self.waiting.push(room)
        self._feed()
        return True

    def _feed(self) -> None:
        """Hand the workers the queue's next moves while they have room for them."""
        while self.in_hands < self.workers + READY_AHEAD and not self._closed:
            room = self.waiting.pop()
            if room is None:
                return
            thought = self._thoughts.pop(room.code, None)
            if thought is None or room.thought is not thought or room.code not in self.bots.rooms:
                continue  # the table closed or thinks something else now
            self._submit(room, thought)

    def _submit(self, room: Room, thought: Thought) -> None:
        budget = think_budget(self.in_hands + len(self.waiting) + 1, self.workers)
        try:
            job = self._pool.submit(
                think_whole,
                room.game,
                thought.view,
                thought.legal,
                thought.level,
                thought.seed,
                self.bots.think_cap,
                budget,
            )
        except RuntimeError:  # the pool is shut down or broken: think it in slices
            self.bots.thought_done(room, thought, None)
            return
        self.in_hands += 1
        self.on_submit(budget)

        def done(future: asyncio.Future[ActionInput]) -> None:
            self.in_hands -= 1
            action = None if future.cancelled() or future.exception() else future.result()
            if action is None and not future.cancelled():
                log.warning("bot worker failed: %s", future.exception())
            self.bots.thought_done(room, thought, action)
            self._feed()

        asyncio.wrap_future(job).add_done_callback(done)

    def shutdown(self, wait: bool = False, cancel_futures: bool = True) -> None:
        self._closed = True
        self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)
