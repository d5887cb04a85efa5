"""Does every scene draw the same picture at a higher scale? (game.ui.scale)

Renders the screenshots (``main.py --screenshots``) at scale 1 and at ``--scale`` (1.5 by
default), shrinks each scaled shot back to the frame's logical size and compares it with the
scale-1 shot block by block. A length written without ``px()`` draws in the wrong place or at
the wrong size at scale 1.5, and the blocks there differ a lot; antialiasing and font hinting
differ a little everywhere. Prints the worst shots first, with the worst block's place::

    python tools/scale_check.py [--game ronda] [--only portrait_en] [--base DIR] [--scaled DIR]

``--base`` / ``--scaled`` reuse (or keep) rendered folders, so a fix can be checked again by
rendering only the scaled side. Exit status 1 when a shot's worst block differs by more than
``--limit`` (mean of the absolute channel differences in a block, 0–255).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

BLOCK = 32  # logical pixels per side of a compared block


def render(out: Path, factor: float, game: str | None) -> None:
    """The screenshots at ``factor`` into ``out`` (a fresh process: one scale per run)."""
    cmd = [sys.executable, str(ROOT / "main.py"), "--screenshots", str(out), "--scale", str(factor)]
    if game:
        cmd += ["--game", game]
    subprocess.run(cmd, check=True, cwd=ROOT)


def difference(
    base: pygame.Surface, scaled: pygame.Surface
) -> tuple[float, float, tuple[int, int]]:
    """(mean difference, worst block's difference, worst block's logical top-left)."""
    small = pygame.transform.smoothscale(scaled, base.get_size()).convert(base)
    ahead = base.copy()
    ahead.blit(small, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(base - small, 0)
    behind = small.copy()
    behind.blit(base, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    ahead.blit(behind, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |base - small|
    w, h = base.get_size()
    worst, where, total, blocks = 0.0, (0, 0), 0.0, 0
    for y in range(0, h, BLOCK):
        for x in range(0, w, BLOCK):
            r, g, b, *_ = pygame.transform.average_color(ahead, pygame.Rect(x, y, BLOCK, BLOCK))
            value = (r + g + b) / 3
            total += value
            blocks += 1
            if value > worst:
                worst, where = value, (x, y)
    return total / max(1, blocks), worst, where


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.5)
    parser.add_argument("--game", help="only this game's table shots (menus always)")
    parser.add_argument("--only", default="", help="only shots whose name contains this")
    parser.add_argument("--base", help="folder of scale-1 shots (rendered there when empty)")
    parser.add_argument("--scaled", help="folder of scaled shots (rendered there when empty)")
    parser.add_argument("--limit", type=float, default=40.0)
    parser.add_argument("--show", type=int, default=25, help="print this many worst shots")
    args = parser.parse_args()
    base = Path(args.base or tempfile.mkdtemp(prefix="majlis-scale1-"))
    scaled = Path(args.scaled or tempfile.mkdtemp(prefix="majlis-scaled-"))
    if not any(base.glob("*.png")):
        render(base, 1.0, args.game)
    if not any(scaled.glob("*.png")):
        render(scaled, args.scale, args.game)
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    rows = []
    for path in sorted(base.glob("*.png")):
        other = scaled / path.name
        if args.only not in path.name or not other.exists():
            continue
        mean, worst, where = difference(pygame.image.load(str(path)), pygame.image.load(str(other)))
        rows.append((worst, mean, where, path.name))
    rows.sort(reverse=True)
    for worst, mean, where, name in rows[: args.show]:
        print(f"{worst:6.1f} worst block at {where!s:12} mean {mean:5.2f}  {name}")
    bad = [r for r in rows if r[0] > args.limit]
    print(f"{len(rows)} shots compared ({base} vs {scaled}); {len(bad)} over {args.limit}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
