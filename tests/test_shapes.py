"""The shapes that make code hard to hold in one's head stay bounded: how many of the project's
classes a class is made of (its method resolution order), how many names (attributes and
methods) and how many methods it has, and how long a function is. A file may take the length
its one job needs; only a sanity bound stays.

The limits were set from the tree as it stood when they were introduced (219 classes, 2,133
functions under game/ and tools/; ``python tests/test_shapes.py`` prints the distribution):

- **project classes in an MRO ≤ 4**: 95 % of classes have 1 or 2; the deepest well-shaped chains
  have 3 (a home-screen tile is a button is a widget). The table scenes' mixin chains have 7
  to 13 and the lobby's 5.
- **names per class ≤ 100** (attributes and methods over the class's own MRO, dunders
  included): the median class has 9, 95 % have 58 or fewer; the biggest cohesive ones are the
  rules engines' ``Match`` (58, 75 and 83). The mixin-built scenes have 192 to 302, the lobby 105.
- **methods per class ≤ 50**: median 4, 95 % have 36 or fewer; the engines' ``Match`` up to
  45. The scenes built of mixins have 140 to 214.
- **lines per function ≤ 80** (its docstring included; about a screen and a half): median 6,
  99 % have 54 or fewer. Long ones are the command-line parser of the server and screenshot
  scripts and score panels drawn in one go.
- **lines per file ≤ 1,000**: a sanity bound, twice the longest file today.

Every class and function is within these limits now (the table scenes came down from 130-178
names and 84-106 methods once their drawing, seats, buttons, messages, input and match-making
were parts). :data:`ALLOWED` is where one over a limit would be listed with its figure, as a
ratchet: the test fails when one grows past its figure, when one shrinks (so that its entry is
lowered to the new figure) and when one is back under the limit (or gone), so that its entry
is deleted and the list only shrinks.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MEASURED = ("game", "tools")  # the product and its tools; tests and benchmarks are scripts

MRO_LIMIT = 4
NAMES_LIMIT = 100
METHODS_LIMIT = 50
FUNCTION_LIMIT = 80
FILE_LIMIT = 1000

# (measure, class or function): its figure today, for what is over a limit while it is being
# taken apart. Empty since the table scenes are made of parts (their frame, seat places,
# painters, buttons, messages, input, making a match) as the lobby is: a new entry needs a
# reason beside it, and the ratchet below makes it shrink.
ALLOWED: dict[tuple[str, str], int] = {}
LIMITS = {"mro": MRO_LIMIT, "names": NAMES_LIMIT, "methods": METHODS_LIMIT}
LIMITS["lines"] = FUNCTION_LIMIT


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources(folders: tuple[str, ...] = MEASURED) -> list[Path]:
    return sorted(
        p for f in folders for p in (ROOT / f).rglob("*.py") if "__pycache__" not in p.parts
    )


# The chain of each class is read from the running classes (the exact MRO, bases resolved as
# Python resolves them) in a fresh interpreter, so that importing every module of the game
# leaves this test process as it was.
MRO_SCRIPT = r"""
import importlib, inspect, json, os, sys
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
chains = {}
for name in sys.argv[1:]:
    module = importlib.import_module(name)
    for value in vars(module).values():
        if inspect.isclass(value) and value.__module__ == name:
            chains[f"{name}.{value.__qualname__}"] = [
                f"{k.__module__}.{k.__qualname__}" for k in value.__mro__
                if k.__module__.split(".")[0] == "game"
            ]
print(json.dumps(chains))
"""


def class_chains() -> dict[str, list[str]]:
    """Each class of game/ and the project's classes in its MRO (itself first)."""
    names = [module_name(p) for p in sources(("game",))]
    done = subprocess.run(
        [sys.executable, "-c", MRO_SCRIPT, *names],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    chains: dict[str, list[str]] = json.loads(done.stdout.splitlines()[-1])
    return chains


@dataclass(frozen=True)
class OwnNames:
    """What one class body defines: its methods and its attributes (assigned in the body or
    on ``self`` in any of its methods)."""

    methods: frozenset[str]
    attributes: frozenset[str]


def own_names(node: ast.ClassDef) -> OwnNames:
    methods = {n.name for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    attributes: set[str] = set()
    for statement in node.body:
        if isinstance(statement, ast.Assign):
            attributes |= {t.id for t in statement.targets if isinstance(t, ast.Name)}
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            attributes.add(statement.target.id)
    attributes |= {
        inner.attr
        for inner in ast.walk(node)
        if isinstance(inner, ast.Attribute)
        and isinstance(inner.ctx, ast.Store)
        and isinstance(inner.value, ast.Name)
        and inner.value.id == "self"
    }
    return OwnNames(frozenset(methods), frozenset(attributes))


def class_bodies(folders: tuple[str, ...] = ("game",)) -> dict[str, OwnNames]:
    """Every class statement under ``folders``, by its qualified name."""
    found: dict[str, OwnNames] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                found[prefix + node.name] = own_names(node)
                visit(node.body, f"{prefix}{node.name}.")

    for path in sources(folders):
        visit(ast.parse(path.read_text(encoding="utf-8")).body, module_name(path) + ".")
    return found


def class_figures() -> dict[tuple[str, str], int]:
    """("mro" | "names" | "methods", class) for every class of game/."""
    bodies = class_bodies()
    figures: dict[tuple[str, str], int] = {}
    for name, chain in class_chains().items():
        parts = [bodies[k] for k in chain if k in bodies]  # classes made at run time: none
        methods = frozenset().union(*(p.methods for p in parts))
        attributes = frozenset().union(*(p.attributes for p in parts))
        figures["mro", name] = len(chain)
        figures["names", name] = len(methods | attributes)
        figures["methods", name] = len(methods)
    return figures


def function_lengths(paths: list[Path]) -> dict[tuple[str, str], int]:
    """("lines", "path:Qualified.name") for every function (methods and nested ones too)."""
    lengths: dict[tuple[str, str], int] = {}

    def visit(node: ast.AST, prefix: str, rel: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = prefix + child.name
                if not isinstance(child, ast.ClassDef):
                    size = (child.end_lineno or child.lineno) - child.lineno + 1
                    key = ("lines", f"{rel}:{name}")
                    lengths[key] = max(size, lengths.get(key, 0))
                visit(child, f"{name}.", rel)
            else:
                visit(child, prefix, rel)

    for path in paths:
        rel = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
        visit(ast.parse(path.read_text(encoding="utf-8")), "", rel)
    return lengths


@pytest.fixture(scope="module")
def figures() -> dict[tuple[str, str], int]:
    return class_figures() | function_lengths(sources())


def over_the_limits(
    figures: dict[tuple[str, str], int], allowed: dict[tuple[str, str], int]
) -> list[str]:
    """What breaks a limit beyond its allowance, and allowances no longer needed."""
    problems = [
        f"{measure} of {name} is {value} (limit {LIMITS[measure]}"
        + (f", allowed {allowed[measure, name]})" if (measure, name) in allowed else ")")
        for (measure, name), value in sorted(figures.items())
        if value > max(LIMITS[measure], allowed.get((measure, name), 0))
    ]
    problems += [
        f"{measure} of {name} is {figures[measure, name]}, under its allowance "
        f"{allowed[measure, name]}: lower its entry in ALLOWED to that"
        for (measure, name) in sorted(allowed)
        if LIMITS[measure] < figures.get((measure, name), 0) < allowed[measure, name]
    ]
    problems += [
        f"{measure} of {name} is {figures.get((measure, name), 'gone')}, within the limit "
        f"{LIMITS[measure]}: delete its entry from ALLOWED"
        for (measure, name) in sorted(allowed)
        if figures.get((measure, name), 0) <= LIMITS[measure]
    ]
    return problems


def test_classes_and_functions_keep_to_their_limits(figures):
    assert over_the_limits(figures, ALLOWED) == []


def test_the_measures_see_what_they_count(figures):
    """Checked against classes whose shape is known: a three-deep widget chain, an engine."""
    assert figures["mro", "game.ui.scenes.home.GameTile"] == 3
    assert figures["mro", "game.core.errors.IllegalAction"] == 1  # Exception is not counted
    assert figures["methods", "game.games.hareeja.rules.Match"] >= 20
    assert (
        figures["names", "game.games.hareeja.rules.Match"]
        > figures["methods", "game.games.hareeja.rules.Match"]
    )
    assert figures["lines", "game/core/registry.py:names"] == 2


def test_a_mixin_chain_and_a_long_function_are_caught(tmp_path):
    """The counting itself: names over a chain, nested functions, and the ratchet both ways."""
    tree = ast.parse(
        "class A:\n    x = 1\n    def f(self):\n        self.y = 2\n"
        "    def g(self):\n        def inner():\n            pass\n"
    )
    own = own_names(tree.body[0])  # type: ignore[arg-type]
    assert own == OwnNames(frozenset({"f", "g"}), frozenset({"x", "y"}))
    script = tmp_path / "long.py"
    script.write_text("def long():\n" + "    pass\n" * FUNCTION_LIMIT)
    assert function_lengths([script]) == {("lines", "long.py:long"): FUNCTION_LIMIT + 1}
    figures = {("mro", "Big"): 9, ("mro", "Small"): 2}
    assert len(over_the_limits(figures, {})) == 1
    assert over_the_limits(figures, {("mro", "Big"): 9}) == []
    assert len(over_the_limits(figures, {("mro", "Big"): 8})) == 1  # it grew
    assert len(over_the_limits(figures, {("mro", "Big"): 10})) == 1  # it shrank: lower it
    assert len(over_the_limits(figures, {("mro", "Big"): 9, ("mro", "Small"): 2})) == 1
    assert len(over_the_limits(figures, {("mro", "Big"): 9, ("mro", "Gone"): 7})) == 1


def test_no_file_is_beyond_the_sanity_bound():
    long = {
        str(p.relative_to(ROOT)): n
        for p in sources()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > FILE_LIMIT
    }
    assert not long, long


def distribution() -> str:
    """The figures' spread and the largest of each measure (to re-justify a limit)."""
    all_figures = class_figures() | function_lengths(sources())
    lines = []
    for measure in LIMITS:
        values = sorted((v, n) for (m, n), v in all_figures.items() if m == measure)
        count = len(values)
        spread = {q: values[min(count - 1, int(count * q / 100))][0] for q in (50, 90, 95, 99)}
        lines.append(f"{measure}: {count} measured, percentiles {spread}, largest:")
        lines += [f"    {v:4d}  {n}" for v, n in reversed(values[-12:])]
    return "\n".join(lines)


if __name__ == "__main__":
    print(distribution())
