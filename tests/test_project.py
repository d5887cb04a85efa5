"""The project's engineering habits hold: one place for tool settings, the `majlis` command runs
the game, the tree is lint-clean under the pinned ruff (so ./majlis test catches it too). The
shapes of classes and functions (not the length of files) are bounded in tests/test_shapes.py."""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_tool_settings_live_in_pyproject_only():
    assert "pytest" in PYPROJECT["tool"] and "ruff" in PYPROJECT["tool"]
    strays = [
        n
        for n in (
            "pytest.ini",
            "setup.cfg",
            "tox.ini",
            "ruff.toml",
            ".ruff.toml",
            "mypy.ini",
            ".mypy.ini",
        )
        if (ROOT / n).exists()
    ]
    assert not strays


def test_dev_requirements_pin_the_linter_and_type_checker_exactly():
    pins = dict(
        line.split("==")
        for line in (ROOT / "requirements-dev.txt").read_text().split("\n")
        if "==" in line
    )
    assert {"ruff", "mypy"} <= pins.keys()


def test_majlis_command_runs_main_py():
    module, _, func = PYPROJECT["project"]["scripts"]["majlis"].partition(":")
    assert callable(getattr(importlib.import_module(module), func))
    code = f"import sys; sys.argv[0] = 'majlis'; import {module}; {module}.{func}()"
    done = subprocess.run(
        [sys.executable, "-c", code, "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Majlis card table" in done.stdout and "--autoplay" in done.stdout


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip(f"{name} is not installed (pip install -r requirements-dev.txt)")
    return found


def test_tree_is_lint_clean():
    done = subprocess.run(
        [_tool("ruff"), "check", "--no-cache", "--output-format", "concise", "."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_pure_layers_type_check_strictly():
    """mypy --strict over the files pyproject.toml lists (the engines, core, table, ...)."""
    assert PYPROJECT["tool"]["mypy"]["strict"] is True
    done = subprocess.run(
        [_tool("mypy")], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_module_of_the_game_is_let_off_the_type_check():
    """Every module under game/ is strict: no override turns the errors off for one."""
    overrides = PYPROJECT["tool"]["mypy"].get("overrides", [])
    assert [o["module"] for o in overrides if o.get("ignore_errors")] == []
