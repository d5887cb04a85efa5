"""main.py's PEP 723 block names what pygbag 0.9.3 must find in its own package repo

pygbag reads the block (``support/cross/aio/pep0723.py``: ``read_dependency_block_723``), lower-
cases each name and turns ``-`` into ``_`` (``parse_code``), then looks the result up as an
*import* name: ``importlib.util.find_spec``, then its repo keyed by import name. A name that is
not an import name ("python-bidi" -> "python_bidi") misses and is fetched from the public index
on every page load. So every normalised name must be an importable top-level module here.
"""

import importlib.util
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pep723_dependencies(code: str) -> list[str]:
    """The dependency list exactly as pygbag 0.9.3's read_dependency_block_723 reads it."""
    content, in_block = [], False
    for line in code.split("\n"):
        if not in_block:
            in_block = line.rstrip() in ("# /// pyproject", "# /// script")
            continue
        if not line.startswith("#") or line.strip() == "# ///":
            break
        content.append(line[2:])
    struct = tomllib.loads("\n".join(content))
    struct = struct.get("project", struct)
    return list(struct.get("dependencies", []))


def pygbag_name(dependency: str) -> str:
    """pygbag 0.9.3's parse_code: ``pkg.lower().replace("-", "_")``."""
    return dependency.lower().replace("-", "_")


def test_main_has_a_dependency_block_with_bidi():
    deps = pep723_dependencies((ROOT / "main.py").read_text(encoding="utf-8"))
    assert "bidi" in [pygbag_name(d) for d in deps]


def test_every_dependency_name_is_an_importable_top_level_module():
    deps = pep723_dependencies((ROOT / "main.py").read_text(encoding="utf-8"))
    assert deps
    for dep in deps:
        name = pygbag_name(dep)
        assert name.isidentifier(), f"{dep!r}: not a bare import name (no versions, no extras)"
        assert importlib.util.find_spec(name) is not None, (
            f"{dep!r} -> {name!r} is not importable: pygbag would fetch it from the public index"
        )


def test_the_reader_matches_pygbag_on_a_sample():
    sample = '# /// script\n# dependencies = ["Python-Bidi", "six"]\n# ///\nimport x\n'
    assert [pygbag_name(d) for d in pep723_dependencies(sample)] == ["python_bidi", "six"]
    assert importlib.util.find_spec("python_bidi") is None  # the miss the first browser build found


def test_pygbag_still_normalises_names_this_way():
    spec = importlib.util.find_spec("pygbag")
    if spec is None:
        import pytest

        pytest.skip("pygbag not installed (requirements-dev.txt)")
    source = (Path(spec.origin).parent / "support/cross/aio/pep0723.py").read_text()
    assert 'maybe_missing.append(pkg.lower().replace("-", "_"))' in source
    assert "importlib.util.find_spec(dep)" in source
