"""Build the static web site into build/web/ with pygbag, offline.

Usage: python tools/build_web.py

Only what the game needs at run time goes into the bundle: main.py, game/, fonts, card
sprites and sounds. Tests, benchmarks, asset scripts and docs stay out. The files are staged in
build/stage/majlis first, so pygbag never touches the source tree (it may reformat a folder in
place and writes *-pygbag.* files), then its output is copied to build/web/.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STAGE = ROOT / "build" / "stage" / "majlis"
OUT = ROOT / "build" / "web"
APK = "majlis.apk"
TEMPLATE = "web/majlis.tmpl"
ICON = "sprites/favicon.png"
BUILD_SECONDS = 300

# (folder, file name patterns) that the game loads at run time.
RUNTIME = [
    ("game", ("*.py", "*.po")),        # the code and its gettext catalogs
    ("fonts", ("*.ttf", "OFL.txt")),
    ("sprites", ("*.png",)),
    ("sounds", ("*.ogg",)),
]


def runtime_files() -> list[Path]:
    """Project-relative paths of every file the bundle must hold."""
    files = [Path("main.py")]
    for folder, patterns in RUNTIME:
        for pattern in patterns:
            for path in sorted((ROOT / folder).rglob(pattern)):
                if "__pycache__" not in path.parts:
                    files.append(path.relative_to(ROOT))
    return sorted(set(files))


def stage() -> None:
    if STAGE.exists():
        shutil.rmtree(STAGE)
    for rel in runtime_files():
        target = STAGE / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, target)


def run_pygbag() -> None:
    command = [sys.executable, "-m", "pygbag", "--build", "--no_opt", "--can_close", "1",
               "--title", "Majlis", "--template", TEMPLATE, "--icon", ICON, str(STAGE)]
    subprocess.run(command, cwd=ROOT, check=True, timeout=BUILD_SECONDS,
                   stdout=subprocess.DEVNULL)


def publish() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
    shutil.copytree(STAGE / "build" / "web", OUT)


def main() -> int:
    stage()
    run_pygbag()
    publish()
    apk = OUT / APK
    with zipfile.ZipFile(apk) as bundle:
        count = len(bundle.namelist())
    print(f"build/web ready: {APK} {apk.stat().st_size / 1024:.0f} KiB, {count} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
