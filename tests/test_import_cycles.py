"""No import cycle anywhere under game/: scenes reach each other by route name
(game.ui.routes), a game's screenshot script imports its table scene and never the other way.
Outside the games' own packages there is none even through the imports made only for the type
checker (``if TYPE_CHECKING:``): the server's lobby and its cluster know each other through
protocols (game.net.peers.Directory, game.net.cluster.LocalLobby), not by importing.

Every ``import`` / ``from … import`` is counted, at module level or inside a function; those
under ``if TYPE_CHECKING:`` (they never run) only where the test says so. ``from package import
name`` counts as an import of ``package.name`` when that is a module, else of ``package``.
Importing a module also runs its packages' ``__init__``; those edges are not added (a package
importing its own modules would otherwise look like a cycle with each of them)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "game"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in (ROOT / PACKAGE).rglob("*.py")}


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skipped.update(id(n) for n in ast.walk(inner))
    return skipped


def imports_of(
    name: str, path: Path, modules: dict[str, Path], typing_too: bool = False
) -> set[str]:
    """The modules under game/ that ``name`` imports (``typing_too``: also those imported for
    the type checker only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if typing_too else _type_checking_nodes(tree)
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [
                f"{module}.{alias.name}" if f"{module}.{alias.name}" in modules else module
                for alias in node.names
            ]
        else:
            continue
        out.update(t for t in targets if t in modules and t != name)
    return out


def graph(typing_too: bool = False) -> dict[str, set[str]]:
    modules = all_modules()
    return {name: imports_of(name, path, modules, typing_too) for name, path in modules.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle as [a, b, …, a], or None (iterative depth-first search)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in sorted(edges):
        if state.get(start):
            continue
        path = [start]
        stack = [iter(sorted(edges[start]))]
        state[start] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
                continue
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(sorted(edges.get(nxt, ()))))
    return None


def test_the_checker_finds_a_cycle_and_accepts_a_tree():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_the_graph_sees_function_level_and_relative_imports():
    edges = graph()
    assert "game.client.storage" in edges["game.ui.app"]  # module level
    assert "game.core.errors" in edges["game.core"]  # relative, in a package
    assert any("game.ui.screenshots" in targets for targets in edges.values())


def test_no_import_cycle_under_game():
    cycle = find_cycle(graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_type_checking_imports_are_seen_only_when_asked():
    edges, typed = graph(), graph(typing_too=True)
    assert "game.ui.app" not in edges["game.ui.scene"]  # only under TYPE_CHECKING
    assert "game.ui.app" in typed["game.ui.scene"]


# Imports made for the type checker alone that still close a cycle, each with its reason; the
# test fails once one is no longer needed, so this only shrinks.
TYPE_ONLY_EDGES = {
    # A screenshot script is typed against the Shooter that runs it (as each game's
    # scene_shots is); the runner imports the script when it runs it.
    ("game.ui.scenes.lobby_shots", "game.ui.screenshots"),
}


def test_no_import_cycle_even_for_the_type_checker_outside_the_games():
    """The lobby and the cluster (game.net) once imported each other under TYPE_CHECKING;
    the games' packages are left out (each game's rules and views still do, for types)."""
    typed = {
        name: {t for t in targets if not t.startswith("game.games.")}
        for name, targets in graph(typing_too=True).items()
        if not name.startswith("game.games.")
    }
    for source, target in TYPE_ONLY_EDGES:
        assert target in typed[source], f"{source} no longer imports {target}: delete the entry"
        typed[source].discard(target)
    cycle = find_cycle(typed)
    assert cycle is None, "import cycle (type checking included): " + " -> ".join(cycle or [])
