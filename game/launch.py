"""The ``majlis`` console command (``pip install -e .`` puts it on the PATH): the same as
``./majlis play`` / ``python main.py``, with the same options.

main.py stays the one program: pygbag runs only that file in the browser, so the command runs it
rather than holding a second copy of the start-up code. The assets (fonts, sprites, sounds) are
found beside main.py, so the command runs from the source tree (an editable install).
"""

from __future__ import annotations

import runpy
from pathlib import Path

MAIN = Path(__file__).resolve().parents[1] / "main.py"


def run() -> None:
    """Run main.py as the program; its options come from the command line."""
    if not MAIN.exists():
        raise SystemExit(
            f"majlis: {MAIN} is missing; install with `pip install -e .` from a "
            "checkout of the project."
        )
    runpy.run_path(str(MAIN), run_name="__main__")
