"""Hint think time in each game: what the Hint button / H key costs the frame loop.

Usage: python bench/bench_hints.py [--matches N]
Positions come from seeded easy-bot matches (seat 0's own view, every third of its turns); each
hint is stepped as the client steps it, 4 ms slices a frame (game.core.bots.Thinking). Prints
per game the hint's whole think time p50/p95 (target p95 <= 250 ms), how many frames it spans
(p95) and the longest single slice (a step between two yields of the bot; the frame pays it).
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core import registry
from game.core.bots import Thinking, bot_rng, run

SLICE = 0.004  # as game.client.local.SLICE


def measure(game: str, matches: int) -> tuple[list[float], list[int], float]:
    spec = registry.get(game)
    engine, bots = spec.engine_class(), spec.bots_module()
    totals, frames, longest = [], [], 0.0
    for seed in range(matches):
        match = engine.new(2 if game == "ronda" else 4, {}, seed=seed)
        rng = bot_rng(seed)
        moves = 0
        while match.phase != "over" and moves < 60:
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            if seat == 0 and moves % 3 == 0:
                thinking = Thinking(bots.hint_think(match.view(0), legal))
                start, count = time.perf_counter(), 0
                while True:
                    t0 = time.perf_counter()
                    done = thinking.step(SLICE)
                    longest = max(longest, time.perf_counter() - t0)
                    count += 1
                    if done:
                        break
                totals.append(time.perf_counter() - start)
                frames.append(count)
            match.apply(seat, run(bots.think(match.view(seat), legal, "easy", rng)))
            moves += 1
    return totals, frames, longest


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=8)
    args = parser.parse_args()
    for game in ("hareeja", "ronda", "hand_rummy"):
        totals, frames, longest = measure(game, args.matches)
        totals.sort()
        frames.sort()
        p95 = totals[int(0.95 * (len(totals) - 1))]
        print(
            f"{game}: {len(totals)} hints, think p50 {statistics.median(totals) * 1000:.1f} ms,"
            f" p95 {p95 * 1000:.1f} ms, frames p95 {frames[int(0.95 * (len(frames) - 1))]},"
            f" longest slice {longest * 1000:.1f} ms"
        )


if __name__ == "__main__":
    main()
