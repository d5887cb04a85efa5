"""Ronda engine and bot speed.

Usage: python bench/bench_ronda.py [--seconds S] [--positions N]
Prints random full two-player deals per second on one core (target >= 1,000: random legal
play through the full protocol, apply() with its checks, events and action log) and the
think time p50/p95 of each bot level on positions from bot-vs-bot play (target p95 <= 100 ms).
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.games.ronda import bots
from game.games.ronda.rules import Match


def deals_per_second(seconds: float) -> tuple[float, float]:
    """Random legal play of two-player maghribi matches; counts finished deals."""
    rng = random.Random(1)
    deals = actions = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        match = Match.new(2, seed=seed)
        seed += 1
        while match.phase != "over":
            seat = match.turn
            for event in match.apply(seat, rng.choice(match.legal_actions(seat))):
                if event.type == "deal_scored":
                    deals += 1
            actions += 1
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed


def think_times(level: str, positions: int) -> list[float]:
    """Think time of ``level`` at every decision of bot-vs-bot games (2, 3 and 4 players)."""
    times: list[float] = []
    seed = 0
    while len(times) < positions:
        players = 2 + seed % 3
        match = Match.new(players, seed=seed)
        while match.phase != "over" and len(times) < positions:
            seat = match.turn
            view, legal = match.view(seat), match.legal_actions(seat)
            start = time.perf_counter()
            action = bots.choose(view, legal, level=level, seed=seed)
            times.append(time.perf_counter() - start)
            match.apply(seat, action)
        seed += 1
    return sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()
    deals, actions = deals_per_second(args.seconds)
    print(
        f"random two-player deals: {deals:,.0f} deals/s ({actions:,.0f} actions/s), target >= 1,000"
    )
    for level in bots.LEVELS:
        t = think_times(level, args.positions)
        p50, p95 = t[len(t) // 2], t[int(len(t) * 0.95)]
        print(
            f"bot {level:6s} think: p50 {p50 * 1e3:.2f} ms, p95 {p95 * 1e3:.2f} ms, "
            f"max {t[-1] * 1e3:.2f} ms over {len(t)} decisions (target p95 <= 100 ms)"
        )


if __name__ == "__main__":
    main()
