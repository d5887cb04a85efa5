"""Last of the browser tests (pytest runs files in name order): over the whole run, no page
had an uncaught exception, a console error or a Python traceback. Prints the figures the
run measured (boot times, rounds, relayout) with ``-s``."""

from __future__ import annotations

import json

import pytest

from conftest import OPENED, TIMES


def test_no_exception_and_no_traceback_in_any_page_of_the_run():
    if not OPENED:
        pytest.skip("no browser page was opened in this run")
    problems = {}
    for index, page in enumerate(OPENED):
        try:
            found = page.problems() + [f"python: {line}" for line in page.python_errors()]
        except Exception:  # a page closed at its module's end: its record stays
            found = [f"exception: {e}" for e in page.exceptions] + [
                f"console.{c['type']}: {c['text']}"
                for c in page.console
                if c["type"] in ("error", "assert")
            ]
        if found:
            problems[f"page {index} ({page.device.width}x{page.device.height})"] = found
    print("\nbrowser figures:", json.dumps(TIMES))
    assert problems == {}
