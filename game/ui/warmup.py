"""Work done ahead, one step per frame that draws nothing (``App.step``), so that no whole
redraw (a new table, the first turn) and no first cue pays for it: the fonts, the sound cues,
then the tables' modules (one
import a step, after those it imports), the felt, the avatars and every table's card faces at
the layout's sizes, the other orientation's felt, its frame in the browser and the faces at its
sizes (a phone turned at a table scales none). Each step is what first use would do, into
the same caches. Why and figures: docs/WEB.md."""

from __future__ import annotations

import contextlib
import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import pygame

from game.core import registry
from game.ui import assets, avatars, draw, text
from game.ui.layout import Layout, make_layout
from game.ui.plates import avatar_radius


class App(Protocol):
    """What the warm-up reads of the app (game.ui.app.App, which runs it): the layout now,
    the saved settings (the table options that set card sizes), its sounds and its painter
    (in the browser, the presenter makes the other shape's frame ahead)."""

    layout: Layout
    settings: dict[str, Any]

    @property
    def audio(self) -> Sounds: ...

    @property
    def painter(self) -> Painter: ...


class Painter(Protocol):
    """The app's frame painter (game.ui.frame_painter.FramePainter): its presenter in the
    browser, natively None."""

    @property
    def presenter(self) -> FramesAhead | None: ...


class FramesAhead(Protocol):
    """The browser's presenter (game.ui.presenter.Presenter): the other shape made ahead."""

    def make_ahead(self, size: tuple[int, int], screen: pygame.Surface) -> None: ...


class Sounds(Protocol):
    """The app's sound cues (game.ui.audio.Audio): loaded ahead, one a step."""

    def warm(self) -> Iterator[None]: ...


class FacedTable(Protocol):
    """What the warm-up reads of a game's table scene class (game.ui.cardtable.CardTable
    has them all): the card faces it shows, and at which sizes."""

    DEFAULT_PLAYERS: int
    DECK: str  # the card sprites' folder
    CARDS: tuple[str, ...]  # the codes the game deals (none: every face in DECK's folder)

    def face_sizes(self, layout: Layout, players: int) -> tuple[tuple[int, int], ...]: ...


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
    yield from app.audio.warm()
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
    """The project modules ``name`` imports (also inside functions), read from its text."""
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
    """The modules the tables, engines and bots need, not loaded yet, each after those it
    imports (a cycle is cut where it is met)."""
    roots = list(EXTRA_ROOTS)
    for spec in registry.specs():
        for path in (spec.scene, spec.engine, spec.bots):
            if path:
                roots.append(path.partition(":")[0])
        if spec.engine:  # (the scoreboard imports the game's scoresheet by name)
            sheet = spec.engine.partition(":")[0].rpartition(".")[0] + ".scoresheet"
            if module_file(sheet) is not None:
                roots.append(sheet)
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
        with contextlib.suppress(Exception):
            importlib.import_module(name)
        yield


# ----- pictures ----------------------------------------------------------------------------
def face_jobs(
    app: App, layout: Layout | None = None
) -> list[tuple[str, tuple[int, int], tuple[str, ...]]]:
    """(deck, size, codes) of the faces each table shows at ``layout`` (default: the app's)."""
    from game.ui import games
    from game.ui.plates import deck_codes

    jobs: dict[tuple[str, tuple[int, int]], set[str]] = {}
    for info in games.available():
        try:
            table: FacedTable = info.spec.scene_class()
            players = int(games.options_for(app.settings, info.key).get("players", 0))
            sizes = table.face_sizes(layout or app.layout, players or table.DEFAULT_PLAYERS)
        except Exception:
            continue
        codes = set(table.CARDS) or set(deck_codes(table.DECK))
        for width, height in sizes:
            jobs.setdefault((table.DECK, (width, height)), set()).update(codes)
    return [(deck, size, tuple(sorted(codes))) for (deck, size), codes in jobs.items()]


def picture_steps(app: App) -> Iterator[None]:
    layout = app.layout
    draw.felt(layout.w, layout.h, True)
    yield
    screen = pygame.display.get_surface()
    if screen is not None:
        draw.warm_dim(screen.get_size())
        yield
    for look in range(len(avatars.LOOKS)):
        avatars.avatar(look, 2 * avatar_radius())
        yield
    four = bool(app.settings.get("four_color", False))
    yield from face_steps(face_jobs(app), four)
    other = make_layout(not layout.portrait)
    draw.felt(other.w, other.h, True)
    yield
    presenter = app.painter.presenter  # (the browser's frame and canvas of the other shape)
    if presenter is not None and screen is not None:
        presenter.make_ahead(other.size, screen)
        yield
    done = {(deck, size) for deck, size, _codes in face_jobs(app)}
    yield from face_steps(
        [job for job in face_jobs(app, other) if (job[0], job[1]) not in done], four
    )


def face_steps(
    jobs: list[tuple[str, tuple[int, int], tuple[str, ...]]], four: bool
) -> Iterator[None]:
    """Each card face of ``jobs`` scaled (into assets' caches), one a step."""
    for deck, size, codes in jobs:
        assets.card_back(size)
        for code in codes:
            assets.card_face(code, size, four, deck)
            yield
