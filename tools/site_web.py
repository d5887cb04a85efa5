"""The site around the game: installable, offline after the first visit, and
optionally with pygbag's runtime hosted beside it. Called by tools/build_web.py.

* ``manifest.webmanifest`` and ``icons/``: drawn by sprites/make_sprites.py's ``icon`` (the
  same two fanned cards as the window icon) at 192 and 512 px, and a maskable 512 px one (full
  bleed felt, the cards inside the central safe circle).
* The page's own words (loading, failure, "updated", the install offer): entries "page.*" of
  game/i18n/ar.po, written into index.html (``@@page.KEY.ar@@`` spots, the ``TEXT`` table of
  web/majlis.tmpl) and site.js, so that they are translated and checked as the game's are.
* ``present.js`` from web/ as it is (the page's presenter: game/ui/presenter.py).
* ``site.js`` and ``sw.js`` from web/, with this build's values written in: its version (a
  hash of every file the worker keeps at install), the files to keep, the origins whose
  replies may be kept, and where the runtime's package index is.
* ``--runtime DIR`` (``runtime/`` of the site): pygbag 0.9.3's loader, interpreter, data files
  and the wheels the game needs, each checked against web/runtime-0.9.3.sha256, plus a package
  index pointing home. The build stops before anything is written, naming each file missing or
  different and the version it expects. A file the list cannot pin (main.wasm: no published
  SHA-256 of it matches the pinned main.js) is taken only when the operator pins it once
  (``--runtime-wasm-sha256``); the site's ``runtime-0.9.3.sha256`` records every sum used.
* ``--runtime URL``: pygbag's loader, interpreter and data are at URL. Its files cannot be
  fetched here, so what can be is checked (https, or http for this machine only; a folder, not
  a file; not another pygbag version's folder) and the build says what players' browsers will
  fetch from where.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
PYGBAG_VERSION = "0.9.3"
SUMS_NAME = f"runtime-{PYGBAG_VERSION}.sha256"  # the pins, and the built site's record
SUMS = WEB / SUMS_NAME
RUNTIME_DIR = "runtime"  # the runtime's folder in the built site
PYGBAG_CDN = f"https://pygame-web.github.io/cdn/{PYGBAG_VERSION}/"
PYGBAG_INDEX_BASE = "https://pygame-web.github.io/cdn/"  # aio/pep0723.py's PKG_BASE_DEFAULT
INDEX = f"index-{PYGBAG_VERSION}-cp312.json"
PYGBAG_HOST = "https://pygame-web.github.io/"
# The wheels of the game's imports, by import name (pygbag's index is keyed so).
WHEELS = {
    "pygame": "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl",
    "bidi": "pkg/python_bidi-0.4.2-py2.py3-none-any.whl",
    "six": "pkg/six-1.17.0-py2.py3-none-any.whl",
}
FELT = (13, 43, 38)  # the page's background (web/majlis.tmpl: #0d2b26)
THEME = "#0d2b26"
ICONS = (("majlis-192.png", 192, "any"), ("majlis-512.png", 512, "any"),
         ("majlis-maskable-512.png", 512, "maskable"))  # fmt: skip
SITE_FILES = ("index.html", "present.js", "site.js", "manifest.webmanifest", "favicon.png",
              "majlis.apk")  # fmt: skip
SCRIPTS = ("present.js", "site.js")  # web/: the page's own scripts (site.js written, not copied)


# What pygbag's loader fetches from its --cdn folder (pythons.js: config.cdn is the address
# up to "pythons.js"; the interpreter is cdn + "cpython312/main.js" and its .wasm/.data).
LOADER_FILES = ("pythons.js", "browserfs.min.js", "empty.ogg", "cpython312/main.js",
                "cpython312/main.wasm", "cpython312/main.data")  # fmt: skip
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
SHA256 = re.compile(r"[0-9a-f]{64}")
VERSION_SEGMENT = re.compile(r"\d+\.\d+\.\d+")


# The page's own words (outside the game: loading, failure, "updated", the install offer) are
# entries "page.*" of the game's catalog, written into index.html and site.js at build time.
CATALOG = ROOT / "game" / "i18n" / "ar.po"
TEXT_BLOCK = re.compile(r"/\*@TEXT@\*/.*?/\*@END@\*/", re.S)  # a script's table of words
TEXT_SPOT = re.compile(r"@@page\.(\w+)\.(ar|en)@@")  # one word in the page's HTML


class RuntimeRefused(RuntimeError):
    """The runtime given to the build cannot be used (the build writes nothing)."""


class RuntimeMissing(RuntimeRefused):
    """The runtime folder lacks files, or has files that are not pygbag 0.9.3's."""


@dataclass
class Runtime:
    """Where the page gets pygbag's runtime: ``cdn`` for pygbag, and for a folder, the files
    to copy (site path -> source) and their SHA-256s."""

    cdn: str = PYGBAG_CDN
    files: dict[str, Path] = field(default_factory=dict)
    sums: dict[str, str] = field(default_factory=dict)  # path -> SHA-256 of the copied file
    operator_pinned: dict[str, str] = field(default_factory=dict)  # path -> SHA-256 given

    @property
    def hosted(self) -> bool:
        return bool(self.files)

    def report(self) -> list[str]:
        """What the players' browsers will fetch, from where (for the build's output)."""
        if self.hosted:
            lines = [f"runtime hosted in {RUNTIME_DIR}/: {len(self.files)} files, each pinned"]
            lines += [f"  {path} sha256 {digest} (pinned by --runtime-wasm-sha256)"
                      for path, digest in self.operator_pinned.items()]  # fmt: skip
            return lines
        wheels = ", ".join(WHEELS)
        return [
            f"runtime from {self.cdn} (not fetched nor checked by the build): players' "
            f"browsers fetch {', '.join(LOADER_FILES)} there",
            f"  and pygbag's package index {PYGBAG_INDEX_BASE}{INDEX} with the wheels it "
            f"names for {wheels}",
        ]


def expected_files() -> list[tuple[str | None, str]]:
    """(SHA-256 or None when not known here, path) of every runtime file, from SUMS."""
    out = []
    for line in SUMS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            digest, path = line.split()
            out.append((None if digest == "?" else digest, path))
    return out


def find_runtime(sources: list[str], wasm_sha256: str | None = None) -> Runtime:
    """The runtime for ``--runtime`` values: none (pygbag's CDN), one URL, or folders where each
    expected file is looked for at its path or by its bare name. ``wasm_sha256``: the SHA-256
    the operator pins for the files the list has none for (main.wasm)."""
    if wasm_sha256 is not None:
        wasm_sha256 = wasm_sha256.strip().lower()
        if not SHA256.fullmatch(wasm_sha256):
            raise RuntimeRefused(f"--runtime-wasm-sha256: {wasm_sha256!r} is not a SHA-256 "
                                 "(64 hexadecimal digits)")  # fmt: skip
    urls = [s for s in sources if "://" in s]
    if urls and (len(sources) > 1 or wasm_sha256):
        raise RuntimeRefused("--runtime URL is one address, without other --runtime values nor "
                             "--runtime-wasm-sha256 (those are for a folder)")  # fmt: skip
    if urls:
        return Runtime(cdn=runtime_address(urls[0]))
    if not sources:
        if wasm_sha256:
            raise RuntimeRefused("--runtime-wasm-sha256 pins a file of --runtime DIR: give DIR")
        return Runtime()
    return runtime_folder([Path(s).expanduser().resolve() for s in sources], wasm_sha256)


def runtime_address(url: str) -> str:
    """``url`` as pygbag's ``--cdn`` (ending in "/"), once it can be one: https (http only on
    this machine, for a test), a host, no user, query or fragment, the folder of pythons.js
    rather than the file, and not another pygbag version's folder."""
    parts = urlsplit(url)
    problems = []
    if parts.scheme not in ("https", "http"):
        problems.append(f"it is {parts.scheme or 'no'} address: https:// is needed")
    elif parts.scheme == "http" and parts.hostname not in LOCAL_HOSTS:
        problems.append("http:// is refused but for this machine (localhost): players' "
                        "browsers would load the interpreter unprotected, and an https page "
                        "may not load it at all; use https://")  # fmt: skip
    if not parts.hostname:
        problems.append("it names no host")
    if parts.username or parts.password:
        problems.append("it holds a user or password (every player would see it)")
    if parts.query or parts.fragment:
        problems.append("it has a query or a fragment (pygbag appends file names to it)")
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    last = path.rstrip("/").rsplit("/", 1)[-1]
    if last in LOADER_FILES or last.endswith((".js", ".html", ".wasm")):
        problems.append(f"it names a file ({last}): give the folder that holds pythons.js")
    versions = [v for v in path.split("/") if VERSION_SEGMENT.fullmatch(v)]
    if versions and versions[-1] != PYGBAG_VERSION:
        problems.append(f"it is the folder of pygbag {versions[-1]}; this build is pygbag "
                        f"{PYGBAG_VERSION}'s (its page and its loader must match)")  # fmt: skip
    if problems:
        raise RuntimeRefused(f"--runtime {url}: not usable as pygbag's runtime address:\n  "
                             + "\n  ".join(problems))  # fmt: skip
    return f"{parts.scheme}://{parts.netloc}{path}"


def runtime_folder(folders: list[Path], wasm_sha256: str | None) -> Runtime:
    """The runtime's files from ``folders``, each checked against its pinned SHA-256."""
    runtime, problems = Runtime(cdn=RUNTIME_DIR + "/"), []
    for digest, path in expected_files():
        found = next(
            (f / p for f in folders for p in (path, Path(path).name) if (f / p).is_file()), None
        )
        if found is None:
            problems.append(f"missing: {path}")
            continue
        actual = hashlib.sha256(found.read_bytes()).hexdigest()
        if digest is None and wasm_sha256 is None:
            problems.append(
                f"not pinned: {path} (no SHA-256 of pygbag {PYGBAG_VERSION}'s {path} is "
                f"known to this build; compare this copy's, sha256 {actual}, with a trusted "
                f"copy's and give it once: --runtime-wasm-sha256 SHA256; docs/DEPLOY.md)"
            )
        elif digest is None and actual != wasm_sha256:
            problems.append(f"not the pinned {path}: {found} has sha256 {actual}, "
                            f"--runtime-wasm-sha256 says {wasm_sha256}")  # fmt: skip
        elif digest is not None and actual != digest:
            problems.append(f"not pygbag {PYGBAG_VERSION}'s: {path} ({found}: sha256 {actual})")
        if digest is None:
            runtime.operator_pinned[path] = actual
        runtime.files[path] = found
        runtime.sums[path] = actual
    if problems:
        where = ", ".join(str(f) for f in folders)
        raise RuntimeMissing(
            f"the runtime in {where} is not the pinned pygbag {PYGBAG_VERSION} runtime "
            f"(expected: the files of web/{SUMS_NAME}, from {PYGBAG_CDN} and the "
            f"wheels its index names; docs/DEPLOY.md says how to fetch them once):\n  "
            + "\n  ".join(problems)
        )
    return runtime


# ----- icons and manifest --------------------------------------------------------------------
def draw_icons(folder: Path) -> None:
    """The app icons, drawn by the sprite script from its own card art."""
    import sys

    import pygame

    sys.path.insert(0, str(ROOT / "sprites"))
    import make_sprites as art

    pygame.init()
    cards = (art.back_card((232, 325)), art.french_card("A", "H", art.FRENCH_COLOURS, (232, 325)))
    folder.mkdir(parents=True, exist_ok=True)
    for name, size, purpose in ICONS:
        picture = art.icon(size, *cards)
        if purpose == "maskable":  # full bleed; the icon within the 80 % safe circle
            full = pygame.Surface((size, size))
            full.fill(FELT)
            inner = pygame.transform.smoothscale(picture, (size * 7 // 10, size * 7 // 10))
            full.blit(inner, inner.get_rect(center=(size // 2, size // 2)))
            picture = full
        pygame.image.save(picture, str(folder / name))


def manifest() -> dict:
    """The web app manifest. Arabic is the default (``lang``/``dir``, the players' language);
    the English name is in ``translations`` (read by browsers that support manifest
    localisation) and in the description. No ``orientation``: the game lays itself out for
    both and turns with the phone, and any value there would lock it in standalone mode."""
    return {
        "id": "./",
        "name": "المجلس · Majlis",
        "short_name": "المجلس",
        "description": "طاولة ورق: الحريجة والروندة والرمي · A card table: Hareeja, Ronda, "
        "Hand rummy",
        "lang": "ar",
        "dir": "rtl",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": THEME,
        "theme_color": THEME,
        "categories": ["games"],
        "icons": [
            {
                "src": f"icons/{name}",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for name, size, purpose in ICONS
        ],
        "translations": {
            "en": {
                "name": "Majlis",
                "short_name": "Majlis",
                "description": "A card table: Hareeja, Ronda, Hand rummy",
            }
        },
    }


# ----- the runtime beside the game -----------------------------------------------------------
def copy_runtime(out: Path, runtime: Runtime) -> None:
    """The runtime's files into out/runtime/, and a package index whose wheels are there."""
    for path, source in runtime.files.items():
        target = out / RUNTIME_DIR / path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    # "-CDN-" + "/" + wheel is fetched relative to the page (aio/pep0723.py, check_list)
    index = {"-CDN-": RUNTIME_DIR, **WHEELS}
    (out / RUNTIME_DIR / INDEX).write_text(json.dumps(index, indent=1), encoding="utf-8")
    (out / SUMS_NAME).write_text(pinned_sums(runtime), encoding="utf-8")


def pinned_sums(runtime: Runtime) -> str:
    """The sums the build checked the hosted runtime against, and who pinned each."""
    lines = [f"# pygbag {PYGBAG_VERSION}'s runtime in {RUNTIME_DIR}/, as checked by the build"]
    for path, digest in runtime.sums.items():
        who = "  # --runtime-wasm-sha256" if path in runtime.operator_pinned else ""
        lines.append(f"{digest}  {path}{who}")
    return "\n".join(lines) + "\n"


# ----- the page's words ----------------------------------------------------------------------
def page_texts() -> dict[str, list[str]]:
    """The catalog's "page.*" entries: key -> [Arabic, English]."""
    import sys

    sys.path.insert(0, str(ROOT))
    from game.i18n.catalog import parse_po

    entries = parse_po(CATALOG.read_text(encoding="utf-8"), str(CATALOG))
    return {
        e.context[len("page.") :]: [e.strs.get(0) or e.msgid, e.msgid]
        for e in entries
        if e.context and e.context.startswith("page.")
    }


def with_texts(text: str, name: str, texts: dict[str, list[str]]) -> str:
    """``text`` (a page or script) with the catalog's words written in; a word the catalog
    lacks stops the build, naming it."""
    table = json.dumps(texts, ensure_ascii=False, sort_keys=True)
    text = TEXT_BLOCK.sub(lambda _: f"/*@TEXT@*/{table}/*@END@*/", text)

    def word(spot: re.Match[str]) -> str:
        if spot[1] not in texts:
            raise RuntimeError(f"{name}: the catalog {CATALOG.name} has no entry page.{spot[1]}")
        return html.escape(texts[spot[1]][0 if spot[2] == "ar" else 1], quote=False)

    return TEXT_SPOT.sub(word, text)


def write_page_texts(page: Path) -> None:
    """The built page's words from the catalog."""
    text = page.read_text(encoding="utf-8")
    page.write_text(with_texts(text, page.name, page_texts()), encoding="utf-8")


# ----- site.js, sw.js ------------------------------------------------------------------------
def kept_files(out: Path) -> list[str]:
    """The files the worker keeps at install, relative to the site ("./" is the page)."""
    files = ["./"] + [f for f in SITE_FILES[1:] if f in SCRIPTS or (out / f).exists()]
    files += [f"icons/{name}" for name, _, _ in ICONS]
    files += sorted(p.relative_to(out).as_posix() for p in (out / RUNTIME_DIR).rglob("*")
                    if p.is_file())  # fmt: skip
    return files


def version(out: Path, files: list[str]) -> str:
    """A hash of every kept file and of the worker itself: a new build, a new cache."""
    digest = hashlib.sha256((WEB / "sw.js").read_bytes())
    for rel in files:
        digest.update(
            rel.encode() + b"\0" + (out / ("index.html" if rel == "./" else rel)).read_bytes()
        )
    return digest.hexdigest()[:16]


def digests(out: Path, files: list[str]) -> dict[str, str | None]:
    """Each kept file's SHA-256, which the worker checks before keeping it (the page, "./",
    has none: a server may serve it changed, as the browser harness does)."""
    return {
        f: None if f == "./" else hashlib.sha256((out / f).read_bytes()).hexdigest() for f in files
    }


def write_site_scripts(out: Path, runtime: Runtime) -> str:
    """The page's scripts: present.js as it is, site.js and sw.js with this build's values;
    returns the version."""
    shutil.copyfile(WEB / "present.js", out / "present.js")
    index_map = {PYGBAG_INDEX_BASE + "index-": f"{runtime.cdn}index-"} if runtime.hosted else None
    site = with_texts((WEB / "site.js").read_text(encoding="utf-8"), "site.js", page_texts())
    head, rest = site.split("/*@SITE@*/", 1)
    tail = rest.split("/*@END@*/", 1)[1]
    files = kept_files(out)

    def write(build: str) -> None:
        config = {"version": build, "runtime": index_map}
        (out / "site.js").write_text(head + json.dumps(config) + tail, encoding="utf-8")

    write("unbuilt")  # the version hashes site.js without itself in it
    build = version(out, files)
    write(build)
    # pygbag's host: its CDN, its package index, and the wheels the index names (its "-CDN-")
    keep_origins = [] if runtime.hosted else sorted({runtime.cdn, PYGBAG_HOST})
    worker = (WEB / "sw.js").read_text(encoding="utf-8")
    worker = (
        worker.replace('"@VERSION@"', json.dumps(build))
        .replace('"@PRECACHE@"', json.dumps(digests(out, files)))
        .replace('"@KEEP_ORIGINS@"', json.dumps(keep_origins))
    )
    (out / "sw.js").write_text(worker, encoding="utf-8")
    return build


def finish(out: Path, runtime: Runtime) -> str:
    """Everything of the site beside pygbag's output in ``out``; a line for the build's report."""
    write_page_texts(out / "index.html")
    draw_icons(out / "icons")
    (out / "manifest.webmanifest").write_text(
        json.dumps(manifest(), ensure_ascii=False, indent=1), encoding="utf-8"
    )
    if runtime.hosted:
        copy_runtime(out, runtime)
    build = write_site_scripts(out, runtime)
    size = sum((out / ("index.html" if f == "./" else f)).stat().st_size for f in kept_files(out))
    lines = [f"site {build}: the worker keeps {size / 1024:.0f} KiB at install", *runtime.report()]
    return "\n".join(lines)
