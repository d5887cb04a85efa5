"""Seeded bot matches of every game through the engines and the table layer, as a JSON digest.

The same file runs natively (tests/wasm/test_wasm_pure.py imports it) and under real
WebAssembly CPython (pyodide in Node: tests/wasm/run_pyodide.mjs copies game/ and this file into
pyodide's file system and runs it). Equal digests for the same seeds mean the pure layers
(game/core, game/games/*/rules.py and bots.py, game/table) behave the same in the browser.

    python tests/wasm/pure_digest.py digest SEED [SEED ...]   -> {"<game>/<players>p/s<seed>": …}
    python tests/wasm/pure_digest.py bench SECONDS            -> engine speed, bot think times

Games are found, not listed: every package under game/games with rules.py and bots.py. Every
match seats bots of all levels (seat i plays BOT_LEVELS[(i + seed) % 3]) and is driven to the
end by ``game.table.drive_bots`` with each bot's seeded generator; no wall clock is read.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2] if (HERE.parents[2] / "game").is_dir() else HERE.parent
sys.path.insert(0, str(ROOT))

from game.table import BOT_LEVELS, FakeClock, Seat, Table, drive_bots, thinker  # noqa: E402


def games() -> list[str]:
    folder = ROOT / "game" / "games"
    return sorted(
        p.name for p in folder.iterdir() if (p / "rules.py").exists() and (p / "bots.py").exists()
    )


def modules(game: str):
    rules = importlib.import_module(f"game.games.{game}.rules")
    bots = importlib.import_module(f"game.games.{game}.bots")
    return rules.Match, bots


def seat_counts(match_class) -> list[int]:
    """The fewest and the most seats the game takes with its default options."""
    from game.core.errors import IllegalAction

    most = match_class.MAX_PLAYERS
    while most > match_class.MIN_PLAYERS:
        try:
            match_class.new(most, None, 0)
            break
        except IllegalAction:
            most -= 1
    return sorted({match_class.MIN_PLAYERS, most})


def play(game: str, players: int, seed: int) -> dict:
    """One whole match of bots (all levels) through the table layer; its digest."""
    match_class, bots = modules(game)
    match = match_class.new(players, None, seed)
    seats = [
        Seat(kind="bot", name=f"b{i}", level=BOT_LEVELS[(i + seed) % len(BOT_LEVELS)])
        for i in range(players)
    ]
    table = Table(match, seats, clock=FakeClock())
    events = drive_bots(table, thinker(table, bots.think, seed))
    record = match.record()
    again = match_class.replay(record)  # the log replays to the same state
    same = json.dumps(again.view(None), sort_keys=True) == json.dumps(
        match.view(None), sort_keys=True
    )
    text = json.dumps(
        {
            "record": record,
            "view": match.view(None),
            "totals": match.totals,
            "result": match.result,
        },
        sort_keys=True,
        default=str,
    )
    return {
        "phase": match.phase,
        "actions": len(record["log"]),
        "events": len(events),
        "totals": list(match.totals),
        "replays": same,
        "sha256": hashlib.sha256(text.encode()).hexdigest(),
    }


def digest(seeds: list[int]) -> dict:
    return {
        f"{game}/{players}p/s{seed}": play(game, players, seed)
        for game in games()
        for players in seat_counts(modules(game)[0])
        for seed in seeds
    }


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def bench(seconds: float) -> dict:
    """Per game, ``seconds`` each: engine actions per second for a uniformly random legal
    player (a match restarts after MAX_RANDOM_ACTIONS, as random rummy play may not end), then
    bot think times by level over seeded matches of bots of all levels (p50 / p95, ms)."""
    out = {}
    for game in games():
        match_class, bots = modules(game)
        players = seat_counts(match_class)[-1]
        rng, actions, matches = random.Random(1), 0, 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            match, matches = match_class.new(players, None, rng.randrange(1 << 30)), matches + 1
            for _ in range(MAX_RANDOM_ACTIONS):
                if match.phase == "over":
                    break
                seat = match.to_act()[0]
                match.apply(seat, rng.choice(match.legal_actions(seat)))
                actions += 1
        spent = seconds + (time.perf_counter() - end)
        out[game] = {
            "actions_per_s": actions / spent,
            "matches": matches,
            "think_ms": _think_times(match_class, bots, players, seconds),
        }
    return out


MAX_RANDOM_ACTIONS = 2000


def _think_times(match_class, bots, players: int, seconds: float) -> dict:
    thinks: dict[str, list[float]] = {level: [] for level in BOT_LEVELS}
    end, seed = time.perf_counter() + seconds, 0
    while time.perf_counter() < end:
        seed += 1
        match = match_class.new(players, None, seed)
        seats = [Seat(kind="bot", level=BOT_LEVELS[(i + seed) % 3]) for i in range(players)]
        table = Table(match, seats, clock=FakeClock())
        choose = thinker(table, bots.think, seed)
        while time.perf_counter() < end and table.automated_to_act():
            seat = table.automated_to_act()[0]
            view, legal = table.bot_view(seat)
            start = time.perf_counter()
            action = choose(seat, view, legal)
            thinks[seats[seat].level].append((time.perf_counter() - start) * 1000)
            table.act(seat, action, human=False)
    return {
        level: {"p50": _percentile(v, 0.5), "p95": _percentile(v, 0.95), "n": len(v)}
        for level, v in thinks.items()
    }


def main(argv: list[str]) -> None:
    if argv[:1] == ["bench"]:
        print(json.dumps(bench(float(argv[1]) if len(argv) > 1 else 1.0)))
    else:
        print(json.dumps(digest([int(s) for s in argv[1:]] or [1]), sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1:])
