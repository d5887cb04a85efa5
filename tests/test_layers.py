"""House rules that keep the product portable (docs/DESIGN.md "Layers", docs/WEB.md).

Which modules are pure is derived from the tree, not listed: every module under game/ whose
imports (read from its source, lazy ones included, followed through game/) reach no pygame must
import with pygame unavailable, as the server and the tests do where there is no screen. The
pure layers themselves (game/core, game/table, game/net, game/client, each game's modules but its
table scene, and everything they import) never import pygame or the screens (game.ui) at all.
A module of game/ui without pygame is one whose job is the screen's (see UI_WITHOUT_PYGAME);
any other pygame-free client module lives in game/client.
"""

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
PURE_PACKAGES = ("game.core", "game.table", "game.net", "game.client")
# The modules of game/ui that import no pygame and stay there, each for the screen's sake.
UI_WITHOUT_PYGAME = {
    "game.ui": "the package",
    "game.ui.scenes": "the package",
    "game.ui.drawing_factor": "which drawing factor the screen is drawn at",
    "game.ui.factor_policy": "when to step that factor (drawn frames' times)",
    "game.ui.games": "the menu's side of a table scene: finds, starts and resumes scene classes",
    "game.ui.routes": "the route names of the scenes, importing each scene module",
    "game.ui.table_online": "a table scene's part: rebuilds the scene as its connection comes back",
    "game.ui.event_player": "a table scene's part: the pace at which the screen shows events",
    "game.ui.table_saver": "a table scene's part: when its match is written (on quiet frames)",
    "game.ui.table_making": "a table scene's match made: new, autoplay or rebuilt from a save",
    "game.ui.table_messages": "a table scene's part: the hint line and banner it shows a while",
    "game.ui.tween": "animation easing of what is drawn",
    "game.ui.pacing": "when the frame loop may rest between steps (the app's loop, in the browser)",
    "game.ui.gc_pacing": "when the frame loop collects garbage (its quiet frames, in the browser)",
    "game.ui.quiet_work": "what the frame loop does on frames that draw nothing, and in what order",
    "game.ui.scenes.stats_shots": "the statistics screen's screenshot script",
    "game.ui.scenes.check_shots": "the check screen's screenshot script (and its sample record)",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(GAME.rglob("*.py")) if "__pycache__" not in p.parts}


@cache
def imported(name: str) -> frozenset[str]:
    """The modules ``name`` imports, absolute, relative imports resolved (each ``from x import
    y`` also counts ``x.y``, which is a module when y is one)."""
    path = modules()[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            if node.level == 0:
                base = node.module or ""
            elif node.module:
                base = f"{base}.{node.module}"
            out.add(base)
            out |= {f"{base}.{alias.name}" for alias in node.names}
    return frozenset(out)


def imports_pygame(name: str) -> bool:
    return any(m.split(".")[0] == "pygame" for m in imported(name))


def closure(names: set[str]) -> set[str]:
    """``names`` and every module of game/ they import, directly or not."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen or name not in modules():
            continue
        seen.add(name)
        todo += [m for m in imported(name) if m in modules()]
    return seen


def is_game_client_side(path: Path) -> bool:
    """A game's pygame side: its table scene (scene.py) and what drives it (scene_*.py, e.g. the
    screenshot script beside it)."""
    return path.name == "scene.py" or path.name.startswith("scene_")


def pure_layer() -> set[str]:
    """game/core, game/table, game/net, game/client, every module of a game but its table scene,
    and all they import."""
    roots = {m for m in modules() if m.startswith(PURE_PACKAGES)}
    roots |= {
        m
        for m, path in modules().items()
        if m.startswith("game.games.") and not is_game_client_side(path)
    }
    return closure(roots)


def pygame_free() -> list[str]:
    """Every module of game/ that imports no pygame, itself or through any module of game/ it
    imports (lazy imports inside functions count too)."""
    return sorted(m for m in modules() if not any(imports_pygame(i) for i in closure({m})))


def test_the_derived_sets_cover_what_they_must():
    pure, free = pure_layer(), set(pygame_free())
    for must in (
        "game.core.engine",
        "game.table.table",
        "game.net.server",
        "game.games.hareeja.rules",
        "game.games.ronda.bots",
        "game.games.hand_rummy.melds",
        "game.client.online",
    ):
        assert must in pure
    assert {"game.ui.tween", "game.client.storage", "game.i18n"} <= free
    assert "game.ui.app" not in free


def test_pure_layers_never_import_pygame_or_the_client():
    offenders = sorted(
        m
        for m in pure_layer()
        if imports_pygame(m) or any(i.startswith("game.ui") for i in imported(m))
    )
    assert offenders == []


def test_pygame_free_client_modules_live_in_game_client():
    """A module of game/ui that needs no pygame either draws nothing because its job is the
    screen's (listed, with why) or belongs to game/client."""
    strays = sorted({m for m in pygame_free() if m.startswith("game.ui")} - set(UI_WITHOUT_PYGAME))
    assert strays == [], "pygame-free: move to game/client or say why it is the screen's"
    assert set(UI_WITHOUT_PYGAME) <= set(modules()), "an entry names a module that is gone"


def test_every_pygame_free_module_imports_without_pygame():
    """Derived: no hidden (dynamic) way to pygame in a module whose imports never reach it."""
    code = (
        "import importlib, sys, traceback\nsys.modules['pygame'] = None\nbad = []\n"
        f"for m in {pygame_free()!r}:\n"
        "    try:\n        importlib.import_module(m)\n"
        "    except Exception as exc:\n        bad.append(f'{m}: {exc!r}')\n"
        "print('\\n'.join(bad)); sys.exit(1 if bad else 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_nothing_calls_the_global_random_module():
    """pygbag seeds the global random with 1: every page load would repeat its shuffles."""
    banned = {"shuffle", "choice", "choices", "randint", "random", "sample", "randrange", "seed"}
    offenders = []
    for path in [*modules().values(), ROOT / "main.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "random"
                and node.func.attr in banned
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_client_code_never_blocks_the_frame_loop():
    """Every module that is not in the pure layers, and game/client, runs in the client's one
    thread."""
    client = [
        modules()[m] for m in modules() if m not in pure_layer() or m.startswith("game.client")
    ]
    client.append(ROOT / "main.py")
    offenders = []
    for path in client:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = ast.unparse(node.func)
                if name in ("time.sleep", "input", "threading.Thread"):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
    assert offenders == []


TABLE_SCENES = [
    ROOT / "game" / "ui" / name for name in ("cardtable.py", "table_drawing.py", "sprites.py")
]
TABLE_SCENES += [
    p for p in (ROOT / "game" / "games").rglob("scene*.py") if p.name != "scene_shots.py"
]  # scripts build engines; scenes don't


def engine_references(path):
    """What a table scene module names of an engine: imports of the table layer, of bots or of
    a class from a rules module, and any ``.match`` (the engine object) it reaches for."""
    import importlib
    import inspect

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            module = node.module
            if (
                module == "game.table"
                or module.startswith("game.table.")
                or module.endswith(".bots")
                or module == "game.core.engine"
            ):
                found.append(f"{node.lineno}: from {module}")
            elif module.endswith(".rules"):
                rules = importlib.import_module(module)
                found += [
                    f"{node.lineno}: {module}.{a.name} (a class)"
                    for a in node.names
                    if inspect.isclass(getattr(rules, a.name, None))
                ]
            found += [f"{node.lineno}: bots" for a in node.names if a.name == "bots"]
        elif isinstance(node, ast.Import):
            found += [
                f"{node.lineno}: import {a.name}"
                for a in node.names
                if a.name.endswith((".rules", ".bots")) or a.name.startswith("game.table")
            ]
        elif isinstance(node, ast.Attribute) and node.attr == "match":
            found.append(f"{node.lineno}: .match")
    return found


def test_table_scenes_never_reach_an_engine():
    """Table scenes see only the session (game.client.session.TableSession): its view, legal
    actions and events — never an engine class, the table layer, bots or a ``.match``."""
    assert len(TABLE_SCENES) >= 9
    offenders = {
        str(p.relative_to(ROOT)): refs for p in TABLE_SCENES if (refs := engine_references(p))
    }
    assert offenders == {}


def test_the_engine_check_catches_what_it_looks_for(tmp_path):
    """The check above really finds an engine class import, the table layer and ``.match``."""
    scene = tmp_path / "scene.py"
    scene.write_text(
        "from game.games.ronda.rules import Match, sort_hand\n"
        "from game.table import Table\n"
        "def f(self):\n    return self.match.phase\n"
    )
    refs = engine_references(scene)
    assert len(refs) == 3 and "sort_hand" not in " ".join(refs)
