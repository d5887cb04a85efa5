"""Work done ahead, on frames that draw nothing, so that no whole redraw pays for it (issue 24).

A new table is a whole redraw: the step that takes the tap on Play builds the scene and draws
its first frame. Measured in the real browser (bench/bench_redraw.py, throttle 4), most of that
step was work that does not depend on the match at all: compiling the table's modules on their
first import (the web bundle ships sources, 1-2 s for a game's ~30 modules), painting the felt
for the frame's size (0.5-0.7 s; again for the other orientation when the phone turns), and
decoding and scaling the card faces (0.6-1 s). The app runs :func:`steps` one step per quiet
frame (``App.step``), after the fonts (game/ui/text.py: ``warm_fonts``), so all of that is
ready before a player leaves the home screen:

1. the modules a table needs, imported one at a time, each after the project modules it
   imports (so a step compiles one module, not a chain of thirty);
2. the table's felt for the frame's size, then the card faces of every game's deck at the
   layout's sizes, then the felt of the other orientation.

Every step is also what the code would do later on first use, with the same arguments, into
the same caches: a step that is skipped or fails (a module missing in a build) changes nothing
but when the work is done.
"""

from __future__ import annotations

import contextlib
import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from game.games import registry
from game.ui import assets, draw, text
from game.ui.layout import make_layout

if TYPE_CHECKING:
    from game.ui.app import App

ROOT = Path(__file__).resolve().parents[2]  # holds the ``game`` package
EXTRA_ROOTS = ("game.ui.scenes.pause",)  # imported when a table first opens its menu
_IMPORT = re.compile(
    r"^[ \t]*(?:from[ \t]+(game(?:\.\w+)*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]+)"
    r"|import[ \t]+(game(?:\.\w+)*))",
    re.M,
)


def steps(app: App) -> Iterator[None]:
    """Everything to do ahead, one short step a ``next``."""
    yield from text.warm_fonts()
    yield from import_steps(table_modules())
    yield from picture_steps(app)


# ----- modules -----------------------------------------------------------------------------
def module_file(name: str) -> Path | None:
    """The source of project module ``name`` (a package's ``__init__.py``), if it has one."""
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def imports_of(name: str) -> list[str]:
    """The project modules ``name``'s source imports (at its top or inside functions), read
    from the text: cheap next to compiling it."""
    path = module_file(name)
    if path is None:
        return []
    out: list[str] = []
    for found in _IMPORT.finditer(path.read_text(encoding="utf-8")):
        package, names, plain = found.groups()
        if plain:
            out.append(plain)
            continue
        out.append(package)
        for word in re.findall(r"\w+", names):
            if module_file(f"{package}.{word}") is not None:
                out.append(f"{package}.{word}")
    return [m for m in out if module_file(m) is not None]


def table_modules() -> list[str]:
    """The modules every game's table, engine and bots need that are not loaded yet, each
    after those it imports (a cycle is cut where it is met)."""
    roots = list(EXTRA_ROOTS)
    for spec in registry.specs():
        for path in (spec.scene, spec.engine, spec.bots):
            if path:
                roots.append(path.partition(":")[0])
    order: list[str] = []
    seen: set[str] = set()

    def visit(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        for dep in imports_of(name):
            visit(dep)
        if name not in sys.modules:
            order.append(name)

    for root in roots:
        visit(root)
    return order


def import_steps(names: list[str]) -> Iterator[None]:
    for name in names:
        if name in sys.modules:
            continue
        # (a module that fails here, e.g. one a build leaves out, says so at its first use)
        with contextlib.suppress(Exception):
            importlib.import_module(name)
        yield


# ----- pictures ----------------------------------------------------------------------------
def decks() -> list[tuple[str, tuple[str, ...]]]:
    """(deck folder, card codes) of every game with a table (its class is imported by now)."""
    from game.ui import games
    from game.ui.plates import deck_codes

    out: dict[str, tuple[str, ...]] = {}
    for info in games.available():
        try:
            table = games.table_class(info.key)
        except Exception:
            continue
        codes = tuple(sorted(set(table.CARDS))) or tuple(deck_codes(table.DECK))
        out[table.DECK] = tuple(sorted(set(out.get(table.DECK, ()) + codes)))
    return list(out.items())


def picture_steps(app: App) -> Iterator[None]:
    """The felt at the frame's size, every deck's faces at the layout's card sizes (as
    ``CardTable.preload`` makes them), then the felt of the other orientation."""
    layout = app.layout
    draw.felt(layout.w, layout.h, True)
    yield
    four = bool(app.settings.get("four_color", False))
    for deck, codes in decks():
        for size in (layout.card, layout.trick_card, layout.small):
            assets.card_back(size)
            for code in codes:
                assets.card_face(code, size, four, deck)
                yield
    other = make_layout(not layout.portrait)
    draw.felt(other.w, other.h, True)
    yield
