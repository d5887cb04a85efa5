"""tools/server_mutants.py stays current: each mutant's text still stands exactly once in its
file, so the sample always mutates live code (running the sample itself takes ~2 minutes and
is not part of the suite)."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("server_mutants", ROOT / "tools/server_mutants.py")
assert spec is not None and spec.loader is not None
server_mutants = importlib.util.module_from_spec(spec)
spec.loader.exec_module(server_mutants)


@pytest.mark.parametrize(("path", "before", "after"), server_mutants.MUTANTS)
def test_each_mutant_changes_one_place_of_live_code(path, before, after):
    text = (ROOT / path).read_text()
    assert text.count(before) == 1, f"{path}: the mutant's text is gone; update MUTANTS"
    assert before != after


def test_the_tests_the_sample_runs_exist():
    assert all((ROOT / test).is_file() for test in server_mutants.TESTS)
