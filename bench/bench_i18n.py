"""The cost of the gettext catalogs: reading every .po at start (parse, compile to .mo in memory,
gettext.GNUTranslations) and a lookup with t() / tn(). Prints figures; a few seconds."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import i18n


def main() -> None:
    runs = []
    for _ in range(30):
        start = time.perf_counter()
        i18n.load_strings()
        runs.append(time.perf_counter() - start)
    entries = len(i18n._TABLES["en"])
    print(
        f"load every catalog ({len(i18n.catalogs())} files, {entries} keys): "
        f"median {statistics.median(runs) * 1000:.1f} ms, best {min(runs) * 1000:.1f} ms"
    )
    n = 200_000
    start = time.perf_counter()
    for _ in range(n):
        i18n.t("menu.play")
    print(f"t(): {(time.perf_counter() - start) / n * 1e6:.2f} us a call")
    i18n.set_language("ar")
    start = time.perf_counter()
    for k in range(n // 10):
        i18n.tn("hr.rounds_n", k % 30)
    print(f"tn() in Arabic: {(time.perf_counter() - start) / (n // 10) * 1e6:.2f} us a call")


if __name__ == "__main__":
    main()
