"""The repository stands alone: the rule ids the tests prove are defined in docs/RULES.md, the
docs the code points to are in docs/ rather than outside the checkout, and the code names no
issue numbers."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULE_ID = re.compile(r"\b(?:HJ|RO|HR|TB)-\d+[a-z]?\b")
# A rule is defined where docs/RULES.md writes it in bold at the start of a list item.
DEFINED = re.compile(r"^- \*\*((?:HJ|RO|HR|TB)-\d+[a-z]?)\*\*", re.MULTILINE)


def ids_named_by_tests() -> set[str]:
    """Every rule id written anywhere under tests/ (docstrings, comments, names)."""
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        if "node_modules" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        found.update(RULE_ID.findall(text))
        for line in text.splitlines():
            found.update(f"{m[0]}-{m[1]}" for m in _ids_in_test_name(line))
    return found


def _ids_in_test_name(line: str) -> list[tuple[str, str]]:
    """Every id in a test function's name (test_TB_6_TB_7_… names two), as (prefix, number)."""
    name = re.match(r"\s*(?:async\s+)?def (test_\w+)", line)
    if not name:
        return []
    return re.findall(r"(?<![A-Za-z])(HJ|RO|HR|TB)_(\d+[a-z]?)(?![a-z0-9])", name.group(1))


def ids_defined_in_rules() -> list[str]:
    return DEFINED.findall((ROOT / "docs" / "RULES.md").read_text(encoding="utf-8"))


def test_every_rule_id_a_test_names_is_defined_in_docs_rules():
    defined = set(ids_defined_in_rules())
    missing = sorted(ids_named_by_tests() - defined)
    assert not missing, f"tests name rule ids that docs/RULES.md does not define: {missing}"


def test_each_rule_id_is_defined_once():
    defined = ids_defined_in_rules()
    twice = sorted({i for i in defined if defined.count(i) > 1})
    assert not twice, f"docs/RULES.md defines these ids more than once: {twice}"


def test_rule_ids_no_test_names_are_reported():
    """Not a failure: a rule no test names yet is listed as a warning so that it is seen."""
    untested = sorted(set(ids_defined_in_rules()) - ids_named_by_tests())
    if untested:
        warnings.warn(f"rules no test names yet: {', '.join(untested)}", stacklevel=1)
    assert ids_defined_in_rules(), "docs/RULES.md defines no rule ids at all"


def test_the_docs_the_code_cites_are_in_the_repository():
    for name in ("RULES.md", "DESIGN.md", "LOOK.md", "PERFORMANCE.md", "LICENSES.md"):
        assert (ROOT / "docs" / name).is_file(), f"docs/{name} is missing"
    assert (ROOT / "LICENSE").is_file()


def test_links_between_the_docs_resolve():
    """Every relative Markdown link in README.md and docs/*.md names a file in the checkout."""
    broken = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#\s]+)", page.read_text(encoding="utf-8")):
            if "://" not in target and not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)} -> {target}")
    assert not broken, broken


BARE_DOC = re.compile(r"(?<![\w/])(?:DESIGN|RULES|LOOK)\.md|/work/shared")
# An issue's number in code ("issue 24", "Issue 19, point 6", "#19"): the code says what it
# does instead; the tracker's numbers mean nothing to a reader of the checkout.
ISSUE_NUMBER = re.compile(r"\b[Ii]ssues? ?#?\d+|(?<![\w&])#\d+\b")
CODE_FOLDERS = ("game", "tests", "tools", "bench")
# Files allowed to carry such references for a while, with how many lines do (none today). The
# test fails when one gets more, and when one has none left (delete its entry): it only shrinks.
NOT_YET_CLEAN: dict[str, int] = {}


def code_files() -> list[Path]:
    """main.py and the Python files and gettext catalogs of the game, its tests, tools and
    benchmarks (this file aside: it spells what it looks for)."""
    return [ROOT / "main.py"] + sorted(
        path
        for folder in CODE_FOLDERS
        for pattern in ("*.py", "*.po")
        for path in (ROOT / folder).rglob(pattern)
        if "node_modules" not in path.parts and path.name != "test_docs.py"
    )


def outside_references(text: str) -> list[int]:
    """The lines of ``text`` (1-based) that cite an issue number or a doc outside docs/."""
    return [
        n
        for n, line in enumerate(text.splitlines(), 1)
        if BARE_DOC.search(line) or ISSUE_NUMBER.search(line)
    ]


def test_the_reference_check_finds_what_it_looks_for():
    text = (
        "ok = 1  # see docs/LOOK.md\n"
        "a = 2  # LOOK.md: 60 ms\n"
        '"""Tokens (issue 19)."""\n'
        "# Issue 6, item 3\n"
        "# fixed in #19\n"
        'color = "#1a2b3c"  # one in 14 years\n'
    )
    assert outside_references(text) == [2, 3, 4, 5]


def test_code_cites_no_issue_numbers_and_only_docs_in_the_repository():
    """Comments and docstrings cite docs/RULES.md and friends, never a file outside the
    checkout nor an issue's number. A stray fails; NOT_YET_CLEAN is a shrinking allowance."""
    found = {}
    for path in code_files():
        if lines := outside_references(path.read_text(encoding="utf-8")):
            found[path.relative_to(ROOT).as_posix()] = lines
    worse = {f: lines for f, lines in found.items() if len(lines) > NOT_YET_CLEAN.get(f, 0)}
    assert not worse, f"cites an issue number or a doc outside docs/ (file: lines): {worse}"
    clean = sorted(set(NOT_YET_CLEAN) - set(found))
    assert not clean, f"no longer needed in NOT_YET_CLEAN (delete them): {clean}"
