"""The one list of games: every ``game/games/<name>/spec.py`` that declares a ``SPEC``.

A folder is a game when it holds a ``spec.py`` (see :class:`game.core.spec.GameSpec`); nothing
else has to name it. The list is found once, in the order the specs ask for (``order``, then
name), and everything else — the wire protocol, the server, the menu, the lobby, statistics,
help, strings and screenshots — reads it from here. Pure Python (the server imports it).
Under pygbag the whole ``game/`` tree is in the bundle, so discovery works the same there.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from game.core.spec import GameSpec

_specs: dict[str, GameSpec] | None = None
_folders: dict[str, Path] = {}


def _discover() -> dict[str, GameSpec]:
    import game.games as package

    found: list[GameSpec] = []
    for entry in pkgutil.iter_modules(package.__path__):
        if not entry.ispkg:
            continue
        module_name = f"{package.__name__}.{entry.name}.spec"
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as missing:
            if missing.name == module_name:
                continue  # a folder without a spec is not (yet) a game
            raise
        spec = getattr(module, "SPEC", None)
        if not isinstance(spec, GameSpec):
            raise TypeError(f"{module_name} must define SPEC = GameSpec(...).")
        if spec.name != entry.name:
            raise ValueError(f"{module_name} declares {spec.name!r}; it must be {entry.name!r}.")
        found.append(spec)
        _folders[spec.name] = Path(str(module.__file__)).parent
    found.sort(key=lambda s: (s.order, s.name))
    return {s.name: s for s in found}


def specs() -> tuple[GameSpec, ...]:
    """Every game, in menu order."""
    global _specs
    if _specs is None:
        _specs = _discover()
    return tuple(_specs.values())


def names() -> tuple[str, ...]:
    return tuple(s.name for s in specs())


def get(name: str) -> GameSpec:
    """The spec of game ``name``; KeyError for a game that does not exist."""
    specs()
    assert _specs is not None
    try:
        return _specs[name]
    except KeyError:
        raise KeyError(f"No game {name!r}.") from None


def exists(name: object) -> bool:
    return isinstance(name, str) and name in names()


def player_counts() -> dict[str, tuple[int, ...]]:
    """TB-5: the seat counts each game's tables may have."""
    return {s.name: s.players for s in specs()}


def online() -> tuple[GameSpec, ...]:
    """The games that can be played at the server's tables."""
    return tuple(s for s in specs() if s.online)


def folder(name: str) -> Path:
    """The folder of game ``name`` (where its spec, catalog and modules are)."""
    get(name)
    return _folders[name]


def strings_path(name: str) -> Path | None:
    """The game's gettext catalog (None: it declares none, or the file is missing)."""
    strings = get(name).strings
    if strings is None:
        return None
    path = folder(name) / strings
    return path if path.exists() else None


def rediscover() -> None:
    """Look for games again (a test that adds a game folder at run time)."""
    global _specs
    _specs = None
