"""What an operator watches: Prometheus metrics and JSON-lines logs (server only; stdlib only).

``GET /metrics`` on the metrics address (:mod:`.metrics_http`, never the game port) gives the
Prometheus text format: tables by state, sockets, players, moves (a counter
and a per-second rate over the last :data:`RATE_WINDOW` seconds), the time to handle one client
message (a histogram), the store's queue, thinking bots, the process's CPU and memory, and
the full garbage collections made (:mod:`.collector`: how many, their seconds).
``GET /health`` answers ``ok`` while the loop turns and the store keeps up.
"""

from __future__ import annotations

import bisect
import json
import logging
import os
import resource
import sys
import time
from collections import deque
from typing import Any

RATE_WINDOW = 10.0
BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)


class Histogram:
    """Cumulative buckets of seconds, Prometheus style."""

    def __init__(self, buckets: tuple[float, ...] = BUCKETS):
        self.buckets = buckets
        self.counts = [0] * (len(buckets) + 1)
        self.total = 0.0
        self.n = 0

    def observe(self, seconds: float) -> None:
        self.counts[bisect.bisect_left(self.buckets, seconds)] += 1
        self.total += seconds
        self.n += 1

    def lines(self, name: str) -> list[str]:
        out, running = [], 0
        for bound, count in zip(self.buckets, self.counts):
            running += count
            out.append(f'{name}_bucket{{le="{bound}"}} {running}')
        out.append(f'{name}_bucket{{le="+Inf"}} {self.n}')
        out.append(f"{name}_sum {self.total:.6f}")
        out.append(f"{name}_count {self.n}")
        return out


class Metrics:
    """Counters the server feeds; :meth:`render` reads the rest from the lobby and store."""

    def __init__(self, clock: Any = time.monotonic):
        self.clock = clock
        self.moves = 0
        self.messages = 0
        self.handle = Histogram()
        self.bots_full = 0  # bot moves thought in workers with the full search ...
        self.bots_cut = 0  # ... and with a budget cut for load (bot_budget: their seconds)
        self.bot_budget = 0.0
        self._recent: deque[tuple[float, int]] = deque()

    def moved(self, count: int = 1) -> None:
        self.moves += count
        now = self.clock()
        self._recent.append((now, count))
        while self._recent and now - self._recent[0][0] > RATE_WINDOW:
            self._recent.popleft()

    def bot_thought(self, budget: float | None) -> None:
        """A bot move sent to a worker, with its search budget (None: the full search)."""
        if budget is None:
            self.bots_full += 1
        else:
            self.bots_cut += 1
            self.bot_budget += budget

    def handled(self, seconds: float) -> None:
        self.messages += 1
        self.handle.observe(seconds)

    def moves_per_second(self) -> float:
        now = self.clock()
        recent = sum(n for at, n in self._recent if now - at <= RATE_WINDOW)
        return recent / RATE_WINDOW

    def render(self, lobby: Any, store: Any, collector: Any = None) -> str:
        rooms = list(lobby.rooms.values())
        states = {"unstarted": 0, "playing": 0, "over": 0}
        for room in rooms:
            states["over" if room.over else "playing" if room.started else "unstarted"] += 1
        usage = resource.getrusage(resource.RUSAGE_SELF)
        lines = ["# TYPE majlis_tables gauge"]
        lines += [f'majlis_tables{{state="{k}"}} {v}' for k, v in states.items()]
        lines += [
            "# TYPE majlis_sockets gauge",
            f"majlis_sockets {len(lobby.guests)}",
            "# TYPE majlis_players gauge",
            f"majlis_players {len(lobby.players)}",
            "# TYPE majlis_moves_total counter",
            f"majlis_moves_total {self.moves}",
            "# TYPE majlis_moves_per_second gauge",
            f"majlis_moves_per_second {self.moves_per_second():.3f}",
            "# TYPE majlis_messages_total counter",
            f"majlis_messages_total {self.messages}",
            "# TYPE majlis_handle_seconds histogram",
            *self.handle.lines("majlis_handle_seconds"),
            "# TYPE majlis_store_queue gauge",
            f"majlis_store_queue {store.queued - store.durable if store else 0}",
            "# TYPE majlis_bots_thinking gauge",
            f"majlis_bots_thinking {len(lobby.bots.busy)}",
            "# TYPE majlis_bot_moves_total counter",
            f'majlis_bot_moves_total{{search="full"}} {self.bots_full}',
            f'majlis_bot_moves_total{{search="cut"}} {self.bots_cut}',
            "# TYPE majlis_bot_budget_seconds_total counter",
            f"majlis_bot_budget_seconds_total {self.bot_budget:.3f}",
            "# TYPE process_cpu_seconds_total counter",
            f"process_cpu_seconds_total {usage.ru_utime + usage.ru_stime:.3f}",
            "# TYPE process_resident_memory_bytes gauge",
            f"process_resident_memory_bytes {resident_bytes()}",
        ]
        if collector is not None:  # the server's (collector.py); not in tests' servers
            lines += [
                "# TYPE majlis_gc_full_total counter",
                f"majlis_gc_full_total {collector.collections}",
                "# TYPE majlis_gc_full_seconds_total counter",
                f"majlis_gc_full_seconds_total {collector.seconds:.3f}",
                "# TYPE majlis_gc_closed_connections gauge",
                f"majlis_gc_closed_connections {collector.closed}",
                "# TYPE majlis_heap_blocks gauge",
                f"majlis_heap_blocks {sys.getallocatedblocks()}",
                "# TYPE majlis_heap_blocks_after_full gauge",
                f"majlis_heap_blocks_after_full {collector.baseline}",
            ]
        return "\n".join(lines) + "\n"


def resident_bytes() -> int:
    """This process's resident memory (Linux /proc; else the peak from getrusage)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


class JsonLines(logging.Formatter):
    """One JSON object per line: time, level, logger, message and any ``extra`` fields."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD:
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def log_json(level: int = logging.INFO) -> None:
    """Root logging as JSON lines on stderr."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLines())
    logging.basicConfig(level=level, handlers=[handler], force=True)
