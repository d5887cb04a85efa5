"""Size of the web bundle in build/web (run ./majlis web first). Target: apk <= 3 MB."""
import zipfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APK = ROOT / "build" / "web" / "majlis.apk"


def main() -> None:
    if not APK.exists():
        print("no build/web/majlis.apk: run ./majlis web first")
        return
    by_folder: Counter = Counter()
    with zipfile.ZipFile(APK) as apk:
        for info in apk.infolist():
            parts = info.filename.split("/")
            by_folder[parts[1] if len(parts) > 2 else parts[-1]] += info.compress_size
        count = len(apk.infolist())
    print(f"apk {APK.stat().st_size / 1024:.0f} KiB ({count} files; target <= 3072 KiB)")
    for folder, size in by_folder.most_common():
        print(f"  {folder:<12} {size / 1024:7.0f} KiB compressed")


if __name__ == "__main__":
    main()
