"""The apk's Python is the browser client's whole module graph and needs no server module
(tools/build_web.py ships an allow-list; this proves the list is right).
"""

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_web  # noqa: E402

# main.py imports the screenshot tour only for --screenshots, which the browser never passes.
NATIVE_ONLY_IMPORTS = {
    ("main.py", "game.ui.screenshots"),
    ("main.py", "game.ui.screenshots.take_all"),
}

IMPORT_ALL = """
import importlib, json, sys
names = json.loads(sys.argv[1])
for name in names:
    importlib.import_module(name)
print(json.dumps(sorted(n for n in sys.modules if n == "game" or n.startswith("game."))
                 + [m for m in ("websockets", "sqlite3") if m in sys.modules]))
"""


def module_name(rel: Path) -> str:
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def shipped_modules() -> set[str]:
    return {
        module_name(p)
        for p in build_web.runtime_files()
        if p.suffix == ".py" and p != Path("main.py")
    }


def test_importing_every_shipped_module_needs_nothing_unshipped():
    shipped = shipped_modules()
    out = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL, json.dumps(sorted(shipped))],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
    )
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "websockets" not in loaded and "sqlite3" not in loaded
    assert loaded <= shipped, f"imported but not in the apk: {sorted(loaded - shipped)}"


def imports_of(rel: Path):
    """Every ``game.*`` module named by an import anywhere in the file (lazy ones too)."""
    tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.split(".")[0] == "game")
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.level == 0
            and node.module.split(".")[0] == "game"
        ):
            yield node.module
            for alias in node.names:  # "from game.client import page_links"
                yield f"{node.module}.{alias.name}"


def test_every_game_import_in_the_apk_points_into_the_apk():
    shipped = shipped_modules()
    packages = {m.rsplit(".", 1)[0] for m in shipped}
    missing = []
    for rel in [p for p in build_web.runtime_files() if p.suffix == ".py"]:
        for name in imports_of(rel):
            if (rel.as_posix(), name) in NATIVE_ONLY_IMPORTS:
                continue
            if name in shipped or name in packages:
                continue
            parent = name.rsplit(".", 1)[0]
            is_file = (ROOT / Path(*name.split("."))).with_suffix(".py").exists()
            if parent in shipped and not is_file:
                continue  # "from game.ui.x import function"
            missing.append(f"{rel}: {name}")
    assert not missing, missing


def test_no_server_module_is_shipped_even_new_ones():
    net = {p.name for p in (ROOT / "game" / "net").glob("*.py")}
    shipped = {p.name for p in build_web.runtime_files() if p.parent == Path("game/net")}
    assert shipped == {Path(m).name for m in build_web.CLIENT_MODULES if m.startswith("game/net/")}
    # links.py: the invite links, one builder for the client and the server's "room" message;
    # numbers.py: the bounds the protocol's decoder puts on every number (pure)
    client_side = {"__init__.py", "protocol.py", "numbers.py", "delta.py", "links.py"}
    assert shipped <= client_side, "review: is it the client's?"
    assert {"server.py", "store.py", "rooms.py"} <= net - shipped


def test_the_screenshot_tour_stays_native():
    tour = [p for p in build_web.python_files() if build_web.native_only(p)]
    assert Path("game/ui/screenshots.py") in tour
    assert not set(tour) & set(build_web.runtime_files())
    source = (ROOT / "main.py").read_text(encoding="utf-8")
    assert "if options.screenshots:" in source  # the only way main.py reaches the tour
