"""Size of the web bundle in build/web (run ./majlis web first). Target: apk <= 640 KiB
(why: tests/test_web_bundle.py).

Prints the apk's size and file count, the compressed size per folder and the biggest files,
so the next thing to trim is obvious.
"""

import zipfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APK = ROOT / "build" / "web" / "majlis.apk"
TARGET_KIB = 640
BIGGEST = 12


def main() -> None:
    if not APK.exists():
        print("no build/web/majlis.apk: run ./majlis web first")
        return
    by_folder: Counter = Counter()
    with zipfile.ZipFile(APK) as apk:
        infos = [i for i in apk.infolist() if not i.is_dir()]
    for info in infos:
        parts = info.filename.split("/")
        by_folder["/".join(parts[1:3][: len(parts) - 2]) or parts[-1]] += info.compress_size
    size = APK.stat().st_size / 1024
    verdict = "ok" if size <= TARGET_KIB else "OVER"
    print(f"apk {size:.0f} KiB, {len(infos)} files (target <= {TARGET_KIB} KiB: {verdict})")
    for folder, packed in by_folder.most_common():
        print(f"  {folder:<18} {packed / 1024:7.1f} KiB compressed")
    print(f"biggest {BIGGEST} files (compressed / raw KiB):")
    for info in sorted(infos, key=lambda i: -i.compress_size)[:BIGGEST]:
        print(f"  {info.compress_size / 1024:6.1f} {info.file_size / 1024:6.1f}  {info.filename}")
    extra = sorted(
        p.name
        for p in APK.parent.iterdir()
        if p.name not in ("index.html", "favicon.png", APK.name)
    )
    print("other files in build/web:", ", ".join(extra) or "none")


if __name__ == "__main__":
    main()
