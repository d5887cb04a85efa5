"""Hareeja figures: engine speed (random full rounds/s on one core, through apply()) and bot
think time p50/p95 per level, with each level's exact-bid rate in self-play.

Run: /work/venv/bin/python bench/bench_hareeja.py [--seconds 3] [--matches 12]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.games.hareeja import bots
from game.games.hareeja.rules import Match


def engine_rounds_per_second(seconds: float) -> tuple[float, float, float]:
    """Random legal play (the driver's own cost included).

    Returns (rounds per wall-clock second, rounds per CPU second, actions per CPU second):
    on a busy machine the CPU-time figure is the one-core speed of the engine itself.
    """
    rnd = random.Random(1)
    rounds = actions = 0
    seed = 0
    end = time.perf_counter() + seconds
    start, cpu_start = time.perf_counter(), time.process_time()
    while time.perf_counter() < end:
        match = Match.new(4, seed=seed)
        seed += 1
        while match.phase != "over":
            seat = rnd.choice(match.to_act())
            events = match.apply(seat, rnd.choice(match.legal_actions(seat)))
            actions += 1
            rounds += sum(1 for e in events if e.type == "round_scored")
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return rounds / elapsed, rounds / cpu, actions / cpu


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bot_match(seed: int, levels: list[str], times: list[float]) -> Match:
    """A whole match with ``levels[seat]`` at each seat; every think time goes into ``times``."""
    match = Match.new(4, seed=seed)
    rnd = random.Random(seed)
    while match.phase != "over":
        seat = rnd.choice(match.to_act())
        view, legal = match.view(seat), match.legal_actions(seat)
        t0 = time.perf_counter()
        action = bots.choose(view, legal, level=levels[seat], seed=rnd.getrandbits(32))
        times.append(time.perf_counter() - t0)
        match.apply(seat, action)
    return match


def bot_figures(level: str, matches: int) -> dict:
    """All four seats at ``level``; think time of every decision, and the exact-bid rate."""
    times: list[float] = []
    exact = total = 0
    for seed in range(matches):
        match = bot_match(1000 + seed, [level] * 4, times)
        for entry in match.view(None)["history"]:
            exact += sum(b == t for b, t in zip(entry["bids"], entry["tricks"]))
            total += 4
    return {
        "p50": percentile(times, 0.5) * 1e3,
        "p95": percentile(times, 0.95) * 1e3,
        "max": max(times) * 1e3,
        "decisions": len(times),
        "exact": exact / total,
    }


def hard_against_normal(matches: int) -> tuple[float, float]:
    """Average match total of hard seats (0, 2) and normal seats (1, 3)."""
    hard = normal = 0.0
    for seed in range(matches):
        match = bot_match(5000 + seed, ["hard", "normal", "hard", "normal"], [])
        hard += (match.totals[0] + match.totals[2]) / 2
        normal += (match.totals[1] + match.totals[3]) / 2
    return hard / matches, normal / matches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--matches", type=int, default=12)
    args = parser.parse_args()
    wall, cpu, actions = engine_rounds_per_second(args.seconds)
    print(
        f"engine: {cpu:,.0f} random full rounds per CPU second ({actions:,.0f} actions/s) "
        f"on one core; {wall:,.0f} per wall-clock second"
    )
    for level in ("easy", "normal", "hard"):
        f = bot_figures(level, args.matches)
        print(
            f"bot {level:6}: think p50 {f['p50']:.2f} ms, p95 {f['p95']:.2f} ms, "
            f"max {f['max']:.1f} ms over {f['decisions']} decisions; "
            f"exact bids {f['exact']:.0%}"
        )
    hard, normal = hard_against_normal(args.matches)
    print(
        f"hard vs normal (2 seats each, {args.matches} matches): "
        f"average match total {hard:+.1f} vs {normal:+.1f}"
    )


if __name__ == "__main__":
    main()
