"""House rules that keep the product portable (DESIGN.md "Layers", WEB.md)."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def is_game_client_side(path):
    """A game's pygame side: its table scene (table.py) and what drives it (table_*.py, e.g. the
    screenshot script beside it)."""
    return path.name == "table.py" or path.name.startswith("table_")


def pure_files():
    files = list((ROOT / "game" / "core").rglob("*.py"))
    files += list((ROOT / "game" / "table").rglob("*.py"))
    files += list((ROOT / "game" / "net").rglob("*.py"))
    for game in (ROOT / "game" / "games").iterdir():
        files += [p for p in (game / "rules.py", game / "bots.py") if p.exists()]
    files += [p for p in (ROOT / "game" / "games").rglob("*.py")
              if not is_game_client_side(p) and p not in files]
    return files


def imported_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_pure_layers_never_import_pygame():
    offenders = [str(p.relative_to(ROOT)) for p in pure_files()
                 if any(m.split(".")[0] == "pygame" for m in imported_modules(p))]
    assert offenders == []


def test_pure_layers_import_with_pygame_unavailable():
    modules = sorted({".".join(p.relative_to(ROOT).with_suffix("").parts) for p in pure_files()})
    code = ("import sys; sys.modules['pygame'] = None\n"
            f"import importlib\nfor m in {modules!r}: importlib.import_module(m)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr


def test_nothing_calls_the_global_random_module():
    """pygbag seeds the global random with 1: every page load would repeat its shuffles."""
    banned = {"shuffle", "choice", "choices", "randint", "random", "sample", "randrange", "seed"}
    offenders = []
    for path in list((ROOT / "game").rglob("*.py")) + [ROOT / "main.py"]:
        if not path.exists():
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "random"
                    and node.func.attr in banned):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_client_code_never_blocks_the_frame_loop():
    client = [*(ROOT / "game" / "ui").rglob("*.py"),
              *(p for p in (ROOT / "game" / "games").rglob("*.py") if is_game_client_side(p))]
    client += [ROOT / "main.py"] if (ROOT / "main.py").exists() else []
    offenders = []
    for path in client:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = ast.unparse(node.func)
                if name in ("time.sleep", "input", "threading.Thread"):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
    assert offenders == []
