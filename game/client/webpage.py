"""What the game tells the web page, and asks it (the page side is web/site.js).

* :func:`scene_shown`: the page offers "Add to home screen" only on the home screen, never over
  a table, so it is told the name of each scene shown (``window.majlis.scene``).
* :func:`browser_offline`: the browser says it has no network (``navigator.onLine`` false):
  the online lobby says so at once instead of trying to connect.

Natively both do nothing (and a page without these members is not an error).
"""

from __future__ import annotations

import contextlib
import sys

from game.client.page_links import browser_window as _window  # pygbag's bridge to the page

WEB = sys.platform == "emscripten"


def scene_shown(name: str) -> None:
    """Tell the page which scene is on screen."""
    if not WEB:
        return
    with contextlib.suppress(Exception):  # a page without window.majlis: nothing to tell
        _window().majlis.scene = name


def browser_offline() -> bool:
    """True when the browser knows it has no network; natively, never."""
    if not WEB:
        return False
    try:
        return _window().navigator.onLine is False
    except Exception:  # no navigator.onLine: assume the network is there
        return False
