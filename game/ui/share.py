"""Hand a link to the player: share it, copy it, or show it to copy (the room's invite link;
on a phone a link drawn on the canvas cannot be selected).

In the browser, through ``platform.window.eval`` (the page's JavaScript; nothing blocks the
frame loop): ``navigator.share`` where the browser offers it (a phone's share sheet), else
``navigator.clipboard.writeText``, else ``document.execCommand("copy")`` on a hidden text
area, else ``prompt()`` with the link in its box, selected, to copy by hand. The JavaScript
keeps the outcome in ``window.majlisShare[id]``; :meth:`Sharer.poll` reads it once a frame
until it is settled (a share sheet stays open as long as the player likes).

Natively: ``pygame.scrap`` (SDL's clipboard), read back to be sure; where that does not work
the link is shown in a message (and printed on the console, where it can be selected).

Every outcome is said: the button itself says "Shared" / "Link copied" for a few seconds, or
the link is shown (the browser's prompt, else a message); a share the player cancelled says
nothing. The app watches a hand-over each frame (``App.watch``) while the browser has not
answered and while its confirmation shows.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import sys
import warnings
from typing import Any

WEB = sys.platform == "emscripten"
SHARED, COPIED, SHOWN, CANCELLED, FAILED = "shared", "copied", "shown", "cancelled", "failed"

JS_START = """
(function (id, text, title) {
  var box = window.majlisShare = window.majlisShare || {};
  var n = box[id] = {state: "pending", how: ""};
  function done(how) { n.state = "done"; n.how = how; }
  function show() {
    try { window.prompt(title, text); done("shown"); }
    catch (e) { done("failed"); n.error = String(e); }
  }
  function hiddenCopy() {
    try {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var ok = document.execCommand && document.execCommand("copy");
      document.body.removeChild(area);
      return !!ok;
    } catch (e) { return false; }
  }
  function copy() {
    var clip = navigator.clipboard;
    if (clip && clip.writeText) {
      clip.writeText(text).then(function () { done("copied"); },
                                function () { if (hiddenCopy()) done("copied"); else show(); });
    } else if (hiddenCopy()) { done("copied"); } else { show(); }
  }
  try {
    if (navigator.share) {
      navigator.share({url: text}).then(function () { done("shared"); }, function (e) {
        if (e && e.name === "AbortError") done("cancelled"); else copy();
      });
    } else { copy(); }
  } catch (e) { copy(); }
  if (n.state !== "pending") { delete box[id]; }   // settled at once: nothing to poll
  return n.state + "|" + n.how;
})(__ID__, __TEXT__, __TITLE__)
"""
JS_POLL = (
    "(function(){var b=window.majlisShare||{}, n=b[__ID__];"
    "if(!n){return 'done|failed';} if(n.state!=='pending'){delete b[__ID__];}"
    "return n.state + '|' + n.how;})()"
)
JS_CAN_SHARE = "(typeof navigator !== 'undefined' && !!navigator.share) ? 1 : 0"

_ids = itertools.count(1)


def page_window() -> Any:
    """pygbag's ``platform.window`` (only in the browser)."""
    from game.client.page_links import browser_window

    return browser_window()


class Sharer:
    """One link handed over at a time: :meth:`start`, then :meth:`poll` each frame until it
    returns the outcome (one of ``SHARED``, ``COPIED``, ``SHOWN``, ``CANCELLED``,
    ``FAILED``). ``window`` is the page's (a test's stand-in), None natively."""

    def __init__(self, window: Any = None, web: bool = WEB) -> None:
        self.web = web
        self.window = window if window is not None or not web else _or_none(page_window)
        self.id = 0
        self.pending = False
        self._can_share: bool | None = None

    def can_share(self) -> bool:
        """Whether the browser offers a share sheet (the button then says "Share")."""
        if self._can_share is None:
            self._can_share = False
            if self.web and self.window is not None:
                with contextlib.suppress(Exception):
                    self._can_share = bool(int(self.window.eval(JS_CAN_SHARE) or 0))
        return self._can_share

    def start(self, text: str, title: str) -> str | None:
        """Hand ``text`` over; the outcome now, or None while the browser has not answered."""
        if not self.web:
            return copy_natively(text)
        if self.window is None:
            return FAILED
        self.id = next(_ids)
        code = (
            JS_START.replace("__ID__", str(self.id))
            .replace("__TEXT__", json.dumps(text))
            .replace("__TITLE__", json.dumps(title))
        )
        try:
            answer = str(self.window.eval(code))
        except Exception:
            return FAILED
        return self._settled(answer)

    def poll(self) -> str | None:
        """The outcome once the browser answered; None while it has not (or nothing waits)."""
        if not self.pending:
            return None
        try:
            answer = str(self.window.eval(JS_POLL.replace("__ID__", str(self.id))))
        except Exception:
            answer = "done|failed"
        return self._settled(answer)

    def _settled(self, answer: str) -> str | None:
        state, _, how = answer.partition("|")
        self.pending = state == "pending"
        if self.pending:
            return None
        return how if how in (SHARED, COPIED, SHOWN, CANCELLED) else FAILED


def _or_none(get: Any) -> Any:
    try:
        return get()
    except Exception:
        return None


def copy_natively(text: str) -> str:
    """``text`` on the system clipboard (pygame.scrap, read back): ``COPIED``, else ``SHOWN``
    (printed on the console; the caller shows it too)."""
    import pygame

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            if not pygame.scrap.get_init():
                pygame.scrap.init()
        pygame.scrap.put_text(text)
        if pygame.scrap.get_text() == text:
            return COPIED
    except (pygame.error, AttributeError, NotImplementedError):
        pass
    print(f"Majlis invite link: {text}")
    return SHOWN


# ----- the app side: the outcome said to the player -------------------------------------------
CONFIRMATIONS = {SHARED: "share.shared", COPIED: "share.copied"}
CONFIRM_SECONDS = 3.0  # the button says "Link copied" / "Shared" this long
_can_share: bool | None = None  # asked of the browser once


def confirmation(app: Any) -> str | None:
    """The i18n key of the confirmation showing now ("Link copied", "Shared"), or None."""
    for watcher in reversed(app.watchers):
        if isinstance(watcher, Handover) and watcher.said is not None:
            return watcher.said
    return None


def button_label(app: Any) -> str:
    """What the share button says: the confirmation of the last hand-over for a few seconds,
    else "Share link" where the browser has a share sheet, else "Copy link"."""
    from game.i18n import t

    global _can_share
    said = confirmation(app)
    if said is not None:
        return t(said)
    if _can_share is None:
        _can_share = Sharer().can_share()
    return t("share.button_share") if _can_share else t("share.button_copy")


class Handover:
    """A link being handed over for ``app``, watched by the app each frame (``app.watch``)
    until the browser answered and its confirmation has been shown."""

    def __init__(self, app: Any, link: str, sharer: Sharer | None = None) -> None:
        self.app = app
        self.link = link
        self.sharer = sharer or Sharer()
        self.outcome: str | None = None
        self.said: str | None = None  # the confirmation's i18n key while it shows
        self.said_left = 0.0

    def start(self) -> None:
        from game.i18n import t

        outcome = self.sharer.start(self.link, t("share.prompt"))
        if outcome is not None:
            self.say(outcome)
        if outcome is None or self.said is not None:
            self.app.watch(self)

    def __call__(self, dt: float) -> bool:
        if self.outcome is None:
            outcome = self.sharer.poll()
            if outcome is None:
                return self.sharer.pending
            self.say(outcome)
            return self.said is not None
        self.said_left -= dt
        if self.said_left > 0:
            return True
        self.said = None
        self.app.invalidate()  # the button says "Share link" again
        return False

    def say(self, outcome: str) -> None:
        """The button says "Shared" / "Link copied" for a while; the link itself is shown
        when it could not be handed over (natively, or at all: the browser's prompt already
        showed it); a share the player cancelled says nothing."""
        from game.i18n import t
        from game.ui import overlay

        self.outcome = outcome
        if outcome in CONFIRMATIONS:
            self.said, self.said_left = CONFIRMATIONS[outcome], CONFIRM_SECONDS
            self.app.invalidate()
        elif outcome == FAILED or (outcome == SHOWN and not self.sharer.web):
            link = self.link
            overlay.message(self.app, "share.copy_title", lambda: t("share.copy_body", link=link))


def hand_over(app: Any, link: str, sharer: Sharer | None = None) -> Handover | None:
    """Share or copy ``link`` for the player (see the module docstring); None while an
    earlier hand-over still waits for the browser (a second tap does not open a second one)."""
    if any(isinstance(w, Handover) and w.sharer.pending for w in app.watchers):
        return None
    handover = Handover(app, link, sharer)
    handover.start()
    return handover
