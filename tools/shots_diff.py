"""Compare two screenshot folders (``main.py --screenshots DIR``) pixel by pixel.

    python tools/shots_diff.py BEFORE AFTER [--worst N] [--diff-dir DIR]

For every PNG in both folders: the largest difference of a colour channel (0-255), the mean
difference over all channels, and how many pixels differ at all and by more than 8 levels.
Prints a summary and the ``--worst`` shots (by largest difference, then pixels over 8); with
``--diff-dir``, writes for each of those a picture of where they differ (white: more than 8
levels, grey: less). Exit status 1 when a shot is missing on one side or has another size.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame

pygame.display.init()
pygame.display.set_mode((1, 1))

BIG = 8  # a difference above this many levels is more than rounding


def compare(a: pygame.Surface, b: pygame.Surface) -> tuple[int, float, int, int, pygame.Surface]:
    """(max channel difference, mean channel difference, pixels differing, pixels differing by
    more than BIG, the per-channel differences as a picture)."""
    a, b = a.convert(), b.convert()
    d = a.copy()
    d.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # a - b, clamped at 0
    other = b.copy()
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # b - a
    d.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |a - b| per channel
    raw = pygame.image.tobytes(d, "RGB")
    worst = max(raw)
    if not worst:
        return 0, 0.0, 0, 0, d
    n = d.get_width() * d.get_height()
    same = pygame.mask.from_threshold(d, (0, 0, 0), (1, 1, 1, 255)).count()
    small = pygame.mask.from_threshold(d, (0, 0, 0), (BIG + 1, BIG + 1, BIG + 1, 255)).count()
    return worst, sum(raw) / len(raw), n - same, n - small, d


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--worst", type=int, default=15)
    parser.add_argument("--diff-dir", type=Path)
    args = parser.parse_args()
    names = sorted(
        {p.name for p in args.before.glob("*.png")} | {p.name for p in args.after.glob("*.png")}
    )
    rows, bad = [], 0
    for name in names:
        pa, pb = args.before / name, args.after / name
        if not (pa.exists() and pb.exists()):
            print(f"{name}: only in {'after' if pb.exists() else 'before'}")
            bad += 1
            continue
        a, b = pygame.image.load(str(pa)), pygame.image.load(str(pb))
        if a.get_size() != b.get_size():
            print(f"{name}: {a.get_size()} against {b.get_size()}")
            bad += 1
            continue
        worst, mean, differ, big, diff = compare(a, b)
        rows.append((worst, big, mean, differ, name, a.get_size(), diff))
    same = sum(1 for r in rows if r[0] == 0)
    print(f"{len(rows)} shots compared: {same} identical, {len(rows) - same} differ")
    if rows:
        print(
            f"largest difference {max(r[0] for r in rows)}; mean difference per shot at most "
            f"{max(r[2] for r in rows):.4f}; pixels over {BIG} levels in a shot at most "
            f"{max(r[1] for r in rows)}"
        )
    rows.sort(key=lambda r: (-r[0], -r[1]))
    for worst, big, mean, differ, name, _size, diff in rows[: args.worst]:
        print(f"  {name}: max {worst}, mean {mean:.4f}, {differ} px differ, {big} over {BIG}")
        if args.diff_dir and worst:
            args.diff_dir.mkdir(parents=True, exist_ok=True)
            scaled = diff.copy()
            for _ in range(5):  # brighten: a difference of 8 levels shows as 256
                scaled.blit(scaled, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
            pygame.image.save(scaled, str(args.diff_dir / name))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
