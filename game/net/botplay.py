"""Bots at the tables: a bot's ``think`` generator is driven :data:`THINK_SLICE` seconds at a
time by :meth:`Bots.think` (the server calls it with a short rest between slices), so one hard
bot never stalls the other tables; a move may take at most :data:`THINK_CAP` seconds of
thinking, then the easy bot's move is played.

Pure Python, server side (the worker processes' entry points are here too)."""

from __future__ import annotations

import contextlib
import ctypes
import functools
import inspect
import logging
import os
import signal
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from game.core.bots import Thinking, bot_rng, run
from game.core.types import ActionInput

from .guard import network_key
from .model import Room, Thought, engine
from .pacing import Pacer, PinnableClock
from .peers import Peers
from .schedule import Schedule

THINK_SLICE = 0.002  # seconds a bot thinks before the server serves everyone else
THINK_REST = 0.001  # ... and the pause after each slice, so that a message needing
# several loop turns (read, handle, write) never waits a slice
# at each turn: bots get at most ~2/3 of the process
THINK_CAP = 0.5  # seconds of thinking one bot move may take (then the easy move)
BOT_TURN_SECONDS = 0.3  # under load: a bot's move should come back within about this long,
# its wait behind the other bots' moves included (a person waits for three of them; the
# slowest waits are ~3 times the median, so 0.3 keeps them within 3 s at 200 busy tables)
MIN_BUDGET = 0.002  # ... but a hard search never gets less than this (at least one sample)
PEOPLE_TURNS = 3  # of every 4 bot turns while both wait, 3 go to tables a person watches
PR_SET_PDEATHSIG = 1  # linux/prctl.h: the signal a process gets when its parent dies
log = logging.getLogger("majlis.lobby")


def think_budget(waiting: int, workers: int) -> float | None:
    """Seconds of search for the next bot move when ``waiting`` bot moves (this one included)
    share ``workers`` thinkers: None (the full, reproducible search, capped at
    :data:`THINK_CAP`) while each has a thinker of its own; beyond that each move gets its
    share of :data:`BOT_TURN_SECONDS`, so under load hard bots search less deeply instead of
    making the people wait."""
    if waiting <= max(1, workers):
        return None
    return max(MIN_BUDGET, BOT_TURN_SECONDS * max(1, workers) / waiting)


@functools.cache
def _takes_budget(think: Any) -> bool:
    """Whether a game's ``think`` accepts a search ``budget`` (Hand rummy's thinks fast)."""
    return "budget" in inspect.signature(think).parameters


def start_thinking(
    game: str, view: Any, legal: list[Any], level: str, rng: Any, budget: float | None
) -> Any:
    """The bot's ``think`` generator, with ``budget`` when the game's bots take one."""
    _, bots = engine(game)
    think: Any = bots.think  # the spec's think has no budget; Hareeja's and Ronda's take one
    if budget is not None and _takes_budget(think):
        return think(view, legal, level, rng, budget)
    return think(view, legal, level, rng)


def worker_init(parent: int, niceness: int) -> None:
    """In each bot worker process, first: a lower priority than the server's loop, and an
    exit as soon as the server process is gone (killed with ``kill -9`` or by the OOM killer,
    it cannot stop its workers): Linux's ``PR_SET_PDEATHSIG`` kills the worker with its
    parent, and a watchdog thread that checks the parent every second does it elsewhere."""
    os.nice(niceness)
    if sys.platform == "linux":
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # gone before the line above took effect
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def think_whole(
    game: str,
    view: Mapping[str, Any],
    legal: list[Any],
    level: str,
    seed: int,
    cap: float = THINK_CAP,
    budget: float | None = None,
) -> ActionInput:
    """A bot's move thought to the end (in a worker process): at most ``cap`` seconds, then
    the easy move, as in the sliced way; ``budget`` (:func:`think_budget`) cuts a hard search
    short under load. Without a budget the same seed gives the same move."""
    _, bots = engine(game)
    rng = bot_rng(seed)
    thinking = Thinking(start_thinking(game, view, legal, level, rng, budget))
    if thinking.step(cap):
        return thinking.answer
    return run(bots.think(view, legal, "easy", rng))


class FairQueue:
    """Rooms whose bot waits for its turn to think (a slice here, or a worker process), in the
    order they are served, so that bot search cannot starve people:

    - tables where a person is connected first: they get :data:`PEOPLE_TURNS` of every
      ``PEOPLE_TURNS + 1`` turns while tables nobody watches also wait (those still finish);
    - within each kind, the networks (:func:`~game.net.guard.network_key` of the address that
      created the table) one after another, each network's rooms in turn: a person's bot waits
      behind one move of each other network's, however many tables a network holds.

    A room is queued once (queuing it again puts it back at the end, kind and network as they
    are then)."""

    def __init__(self) -> None:
        self._kinds: tuple[OrderedDict[str, OrderedDict[str, Room]], ...] = (
            OrderedDict(),  # people's tables: network -> rooms
            OrderedDict(),  # tables nobody is connected to
        )
        self._where: dict[str, tuple[int, str]] = {}  # code -> (kind, network)
        self._people_served = 0  # people's turns since the last turn of a table nobody watches

    def push(self, room: Room) -> None:
        self.discard(room.code)
        kind = 0 if room.anyone_connected() else 1
        network = network_key(room.address) if room.address is not None else ""
        self._kinds[kind].setdefault(network, OrderedDict())[room.code] = room
        self._where[room.code] = (kind, network)

    def pop(self) -> Room | None:
        """The room whose turn it is, taken out of the queue (None: none waits). A room whose
        kind changed since it was queued (its person left, or came back) goes to the end of
        its kind now instead."""
        while True:
            people, nobody = self._kinds
            if not people and not nobody:
                return None
            kind = 0 if people and (not nobody or self._people_served < PEOPLE_TURNS) else 1
            room = self._take(kind)
            if (0 if room.anyone_connected() else 1) != kind:
                self.push(room)
                continue
            self._people_served = self._people_served + 1 if kind == 0 else 0
            return room

    def _take(self, kind: int) -> Room:
        """The first room of the first network of ``kind``; that network goes to the end."""
        networks = self._kinds[kind]
        network, rooms = next(iter(networks.items()))
        code, room = rooms.popitem(last=False)
        del self._where[code]
        if rooms:
            networks.move_to_end(network)  # the next network's turn
        else:
            del networks[network]
        return room

    def discard(self, code: str) -> None:
        where = self._where.pop(code, None)
        if where is None:
            return
        networks = self._kinds[where[0]]
        rooms = networks[where[1]]
        del rooms[code]
        if not rooms:
            del networks[where[1]]

    def __len__(self) -> int:
        return len(self._where)

    def __contains__(self, code: object) -> bool:
        return code in self._where


class Bots:
    """The bots of every table: who thinks next (:class:`FairQueue`), their thoughts started,
    sliced, handed to worker processes and played."""

    def __init__(
        self,
        rooms: Mapping[str, Room],
        pacer: Pacer,
        schedule: Schedule,
        peers: Peers,
        think_slice: float | None = THINK_SLICE,
        think_clock: Callable[[], float] = time.perf_counter,
    ):
        """``rooms``: the lobby's open tables (a thought for a closed one is dropped);
        ``think_slice`` None thinks each bot move to the end at once (the old blocking way,
        for benchmarks); ``think_clock`` measures thinking."""
        self.rooms = rooms
        self.pacer = pacer
        self.clock: PinnableClock = pacer.clock
        self.schedule = schedule
        self.peers = peers
        self.think_slice = think_slice
        self.think_clock = think_clock
        self.think_cap = THINK_CAP  # seconds of thinking per bot move
        self.busy = FairQueue()  # rooms whose bot is thinking, in turn (people's first)
        self.wake: Callable[[], None] = lambda: None  # the server's "bots have work" signal
        self.offload: Callable[[Room, Thought], bool] | None = None  # the server's workers

    def forget(self, room: Room) -> None:
        """``room`` left the lobby: its bot stops thinking."""
        self.busy.discard(room.code)
        room.thought = None

    def advance(self, room: Room, limit: int = 1000) -> None:
        """Bots move (bot seats, assisted seats, seats whose player left) when their pacing
        delay is over; they think during it, so a hard bot's search does not add to it.
        Sliced (the default): the bot's thought is started here and thought out by
        :meth:`think`. Blocking (``think_slice`` None): bots think to the end at once and
        play until a person must act or a pacing delay starts."""
        for _ in range(limit):
            ready = self._play_ready(room)
            if ready is False:
                self.schedule.touch(room)  # thought out, not yet due: tick plays it when it is
                return
            if ready:
                continue
            if not self._start_thought(room):
                self.schedule.touch(room)  # no bot to move
                return
            if (
                self.offload is not None
                and room.thinking.level != "easy"
                and self.offload(room, room.thinking)
            ):
                return  # a worker process thinks (the server's)
            if self.think_slice is not None:
                self.busy.push(room)
                self.wake()
                return
            thinking = room.thinking.thinking
            thinking.step(float("inf"))
            self._finish_thought(room, thinking.answer)

    def _play_ready(self, room: Room) -> bool | None:
        """A move thought out during the pacing delay: played (True) once the delay is over,
        False while it is not; None when there is no such move (or it is stale: dropped)."""
        thought = room.thought
        if thought is None or thought.answer is None:
            return None
        if self._stale(room, thought):
            room.thought = None
            return None
        if self.peers.paused or self.clock.now() < room.bot_due:
            return False  # not yet due, or play paused (outage.py)
        self._finish_thought(room, thought.answer)
        return True

    def _stale(self, room: Room, thought: Thought) -> bool:
        """Whether the table moved on since ``thought`` began (its move no longer wanted)."""
        table = room.live
        return (
            room.code not in self.rooms
            or room.over
            or len(table.match.log) != thought.log
            or thought.seat not in table.automated_to_act()
        )

    def _start_thought(self, room: Room) -> bool:
        """Start a bot's thought for the next automated seat, at once (its pacing delay runs
        meanwhile). True if started."""
        table = room.table
        if table is None or room.thought is not None or room.code not in self.rooms:
            return False
        seats = table.automated_to_act()
        if not seats:
            return False
        seat = seats[0]
        view, legal = table.bot_view(seat)
        # The bot's generator is seeded from the match seed and the log length, so a table
        # resumed from its log makes the same bot moves as one that never stopped.
        seed = table.match.seed * 7919 + len(table.match.log) * 8 + seat
        rng = bot_rng(seed)
        level = table.seats[seat].level
        room.thought = Thought(
            seat,
            len(table.match.log),
            view,
            legal,
            rng,
            Thinking(
                start_thinking(room.game, view, legal, level, rng, self._sliced_budget()),
                self.think_clock,
            ),
            seed=seed,
            level=level,
        )
        return True

    def _sliced_budget(self) -> float | None:
        """The search budget of a bot thinking here, in slices, behind the others waiting
        (none when worker processes think: the server gives theirs)."""
        if self.offload is not None:
            return None
        return think_budget(len(self.busy) + 1, 1)

    def thought_done(self, room: Room, thought: Thought, action: ActionInput | None) -> None:
        """A worker process finished ``thought`` with ``action`` (None: it failed, so think
        here in slices). Played if the table still waits for exactly that move."""
        if room.thought is not thought:
            return
        if action is None:
            self.busy.push(room)
            self.wake()
            return
        if self._stale(room, thought):
            room.thought = None  # the table moved on: think again
        else:
            try:
                self._finish_thought(room, action)
            except Exception:  # one broken table must not stop the others
                log.exception("bot at table %s failed", room.code)
                room.thought = None
        self.advance(room)

    def think(self) -> bool:
        """Think one slice (:data:`THINK_SLICE`) for the next room whose bot is thinking, in
        the :class:`FairQueue`'s order; a finished thought is played. True while some bot
        still has work: the caller lets the others run (``await asyncio.sleep(0)``) and calls
        again."""
        room = self.busy.pop()
        if room is None:
            return False
        try:
            self._think_slice(room)
        except Exception:  # one broken table must not stop the others
            log.exception("bot at table %s failed", room.code)
            room.thought = None
            self.schedule.touch(room)  # the next tick starts its thought again
        if room.thought is not None and room.thought.answer is None:
            self.busy.push(room)  # to the back of the queue (its network's turn is over)
        return bool(self.busy)

    def pump(self) -> None:
        """Think until no bot has work (tests driving the lobby without a server)."""
        while self.think():
            pass

    def _think_slice(self, room: Room) -> None:
        thought = room.thought
        if thought is None:
            return
        if thought.answer is not None:
            return  # thought out; played when its pacing delay is over
        if self._stale(room, thought):
            room.thought = None  # the table moved on: think again
            self.advance(room)
            return
        begun = self.think_clock()
        slice_seconds = self.think_slice if self.think_slice is not None else float("inf")
        done = thought.thinking.step(slice_seconds)
        thought.spent += self.think_clock() - begun
        if done:
            self._finish_thought(room, thought.thinking.answer)
        elif thought.spent >= self.think_cap:  # enough: the quick move of an easy bot
            _, bots = engine(room.game)
            log.warning("bot at table %s thought %.2f s; easy move", room.code, thought.spent)
            self._finish_thought(
                room, run(bots.think(thought.view, thought.legal, "easy", thought.rng))
            )
        else:
            return
        self.advance(room)

    def _finish_thought(self, room: Room, action: ActionInput) -> None:
        """Play the bot's move, or keep it until its pacing delay is over."""
        thought = room.thinking
        if self.peers.paused or self.clock.now() < room.bot_due:
            thought.answer = action
            self.schedule.touch(room)
            return
        seat = thought.seat
        room.thought = None
        with self.pacer.acting(room, seat):
            room.live.act(seat, action, human=False)
