"""What the client keeps of its online matches, and "Check this match" (pure, no pygame).

:class:`Witness` watches the server's messages: before the first deal it answers the
commitment with this client's own random contribution, then it notes every view this seat
was shown (its log position and a digest of the whole view), and finally the secret and the
log the server reveals when the match is over. The record it keeps (at most :data:`KEEP`, in
the client store under ``fair``) holds the commitment and the contribution as this client
saw and sent them, so a check never rests on the server's word for them.

:func:`check` re-derives every deal from the secret and the contributions, replays the log
through the game's engine and compares what this seat was shown with the replay; it returns
plain findings (docs/FAIRNESS.md says what they prove and what not).
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from game.client import storage
from game.client.page_links import browser_window, in_browser
from game.core import registry
from game.core.errors import IllegalAction
from game.core.fair import FairRng, commitment, new_contribution

Record = dict[str, Any]
log = logging.getLogger("majlis.fair")
KEEP = 10  # online matches' records kept
STORE = "fair"
VERSION = 1


def view_digest(view: Any) -> str:
    """A short digest of a view: SHA-256 of its canonical JSON, the first 16 bytes in hex."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _hand(view: Any) -> list[str]:
    hand = view.get("hand") if isinstance(view, dict) else None
    return [str(c) for c in hand] if isinstance(hand, list) else []


# ----- this client's contribution ----------------------------------------------------------------
JS_RANDOM = (
    "(function(){var c=(typeof crypto!=='undefined')?crypto:null;"
    "if(!c||!c.getRandomValues){return '';}"
    "var a=new Uint8Array(32);c.getRandomValues(a);"
    "return Array.from(a,function(b){return ('0'+b.toString(16)).slice(-2);}).join('');})()"
)


def make_contribution(window: Any = None) -> str:
    """This client's random contribution (32 bytes, lower-case hex). In the browser it comes
    from the page's ``crypto.getRandomValues``, checked (64 hex digits, not all zero: a page
    without the call, or a stub, gives nothing usable); if that fails, Python's ``secrets``
    gives it and the reason is logged. Natively: ``secrets``. ``window``: the page's
    (tests pass a stand-in)."""
    if window is None and not in_browser():
        return new_contribution().hex()
    try:
        got = (window if window is not None else browser_window()).eval(JS_RANDOM)
        value = str(got).lower() if isinstance(got, str) else ""
        if len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
            raise ValueError(f"crypto.getRandomValues gave {str(got)[:20]!r}, not 32 bytes")
        if value == "0" * 64:
            raise ValueError("crypto.getRandomValues gave only zeros")
        return value
    except Exception as err:
        log.warning("fair: the contribution comes from secrets: %s", err)
        return new_contribution().hex()


# ----- the records ------------------------------------------------------------------------------
def recent_records() -> list[Record]:
    """The last online matches' records, newest first ([] when the store cannot be read)."""
    try:
        raw = storage.read(STORE)
        records = json.loads(raw) if raw else []
    except Exception:
        return []
    if not isinstance(records, list):
        return []
    return [r for r in records if isinstance(r, dict) and r.get("v") == VERSION]


def keep_record(record: Record) -> bool:
    """Store ``record`` first in the list (replacing the one of the same table and
    commitment); False when the store cannot be written."""
    record["at"] = time.time()
    same = (record.get("code"), record.get("commitment"))
    others = [r for r in recent_records() if (r.get("code"), r.get("commitment")) != same]
    try:
        storage.write(STORE, json.dumps([record, *others][:KEEP], ensure_ascii=False))
        return True
    except Exception:
        return False


def checkable(record: Record) -> bool:
    """Whether the server revealed what a check needs (the match ended or was abandoned)."""
    return (
        isinstance(record.get("secret"), str)
        and isinstance(record.get("log"), list)
        and isinstance(record.get("contributions"), list)
    )


# ----- watching the server ----------------------------------------------------------------------
class Witness:
    """The fairness side of one connection to the server
    (:class:`game.client.server_link.ServerLink` feeds it every message)."""

    def __init__(self, keep: bool = True):
        """``keep`` False: nothing is written to the client store (tests)."""
        self.record: Record | None = None
        self.keep = keep

    def on_room(self, msg: dict[str, Any]) -> str | None:
        """A ``room`` message; returns the contribution to send (hex) when it carries a
        commitment this client has not answered yet."""
        fair, seat = msg.get("fair"), msg.get("you")
        if not isinstance(fair, dict) or not isinstance(seat, int) or isinstance(seat, bool):
            return None
        promised = fair.get("commitment")
        if not isinstance(promised, str):
            return None
        record = self.record
        if record is None or (record["code"], record["commitment"]) != (msg.get("code"), promised):
            record = self._stored(msg.get("code"), promised)
        if record is None:
            if msg.get("started"):
                return None  # a match this client did not see start: nothing to witness
            record = self._new_record(msg, seat, promised)
            self.record = record
            self._save()
            return str(record["contribution"])
        self.record = record
        record["seat"] = seat
        given = fair.get("contributions")
        if msg.get("started") and record["contributions"] is None and isinstance(given, list):
            record["contributions"] = [str(c) for c in given]
            record["names"] = [str(s.get("name", "")) for s in msg.get("seats", [])]
            self._save()
        return None

    def on_rematch(self, offer: dict[str, Any], room: dict[str, Any]) -> str:
        """ "Play again": a new record for the next match's NEW commitment (``rematch_state``)
        at the table ``room`` describes; returns this client's fresh contribution (hex)."""
        seat = room.get("you")
        record = self._new_record(room, seat if isinstance(seat, int) else 0, offer["commitment"])
        record["match"] = offer.get("match")
        self.record = record
        self._save()
        return str(record["contribution"])

    def on_record(self, msg: dict[str, Any]) -> None:
        """A ``record`` reply (asked for after leaving, or from another device): the revealed
        secret and log for the kept record of that match, or, for a match the server says was
        not dealt fairly (``fair`` null), that said plainly."""
        got = msg.get("record")
        if not isinstance(got, dict) or "fair" not in got:
            return
        fair, code = got["fair"], msg.get("code")
        if fair is None:  # the server says: not a fair-deal match
            record = self.record
            if record is not None and record.get("code") == code:
                record["fair_deal"] = False
                self._save()
            return
        promised = fair.get("commitment") if isinstance(fair, dict) else None
        if not isinstance(fair, dict) or not isinstance(promised, str):
            return
        found = self.record
        if found is None or (found.get("code"), found.get("commitment")) != (code, promised):
            found = self._stored(code, promised)
        if found is None or found.get("over"):
            return
        self.record = found
        self.on_reveal({"code": code, **fair, "log": got.get("log")})

    def _new_record(self, msg: dict[str, Any], seat: int, promised: str) -> Record:
        return {
            "v": VERSION,
            "code": str(msg.get("code", "")),
            "game": str(msg.get("game", "")),
            "players": msg.get("players"),
            "options": msg.get("options") or {},
            "seat": seat,
            "names": [],
            "commitment": promised,
            "contribution": make_contribution(),
            "contributions": None,
            "secret": None,
            "log": None,
            "seen": [],
            "over": False,
            "match": msg.get("match", 1),  # the table's match number (a rematch: the next)
        }

    def _stored(self, code: Any, promised: str) -> Record | None:
        if not self.keep:
            return None
        for record in recent_records():
            if record.get("code") == code and record.get("commitment") == promised:
                return record
        return None

    def on_events(self, msg: dict[str, Any]) -> None:
        """An ``events`` message: the view this seat was shown at that point of the log."""
        record = self.record
        if record is None or record["contributions"] is None or record["over"]:
            return
        view, at = msg.get("view"), msg.get("log")
        if isinstance(view, dict) and isinstance(at, int):
            record["seen"].append([at, view_digest(view)])

    def on_reveal(self, msg: dict[str, Any]) -> None:
        """The match is over: the secret, the contributions and the log, kept (a reveal that
        names another commitment is another match's: a rematch)."""
        record = self.record
        if record is None or msg.get("code") != record["code"]:
            return
        if msg.get("commitment", record["commitment"]) != record["commitment"]:
            return
        record["secret"] = msg.get("secret")
        record["log"] = msg.get("log")
        record["revealed_contributions"] = msg.get("contributions")
        record["over"] = True
        self._save()

    def _save(self) -> None:
        if self.keep and self.record is not None:
            keep_record(self.record)


# ----- the check ----------------------------------------------------------------------------------
@dataclass
class Finding:
    """One plain sentence of the check: ``level`` "ok", "note" or "bad"; ``key`` an i18n key
    and ``args`` its fields."""

    level: str
    key: str
    args: dict[str, Any] = field(default_factory=dict)


def passed(findings: list[Finding]) -> bool:
    """Every check passed (a match with no fair deal to check never passes)."""
    if not findings or findings[0].key == "fair.no_fair_deal":
        return False
    return not any(f.level == "bad" for f in findings)


def verdict_key(findings: list[Finding]) -> str:
    """The check's headline: all checks out, something does not match, or (a match that was
    not dealt fairly) nothing to check."""
    if [f.key for f in findings] == ["fair.no_fair_deal"]:
        return "fair.verdict_none"
    return "fair.verdict_ok" if passed(findings) else "fair.verdict_bad"


def check(record: Record) -> list[Finding]:
    """Every check of one record, in order; a check that cannot go on says why and stops."""
    if record.get("fair_deal") is False:  # the server says: no fair deal at this match
        return [Finding("note", "fair.no_fair_deal")]
    if not checkable(record):
        return [Finding("bad", "fair.not_revealed")]
    findings = [_commitment_finding(record)]
    findings += _contribution_findings(record)
    try:
        rng = FairRng.from_hex(record["secret"], record["contributions"])
    except (ValueError, TypeError):
        return [*findings, Finding("bad", "fair.bad_values")]
    findings += _replay_findings(record, rng)
    findings.append(Finding("note", "fair.not_proved"))
    return findings


def _commitment_finding(record: Record) -> Finding:
    try:
        secret = bytes.fromhex(record["secret"])
    except ValueError:
        return Finding("bad", "fair.commitment_bad")
    if commitment(secret).hex() == record.get("commitment"):
        return Finding("ok", "fair.commitment_ok")
    return Finding("bad", "fair.commitment_bad")


def _contribution_findings(record: Record) -> list[Finding]:
    given = record["contributions"]
    out: list[Finding] = []
    revealed = record.get("revealed_contributions")
    if revealed is not None and revealed != given:
        out.append(Finding("bad", "fair.contributions_changed"))
    seat, mine = record.get("seat"), record.get("contribution") or ""
    used = given[seat] if isinstance(seat, int) and 0 <= seat < len(given) else None
    if used == mine and mine:
        out.append(Finding("ok", "fair.contribution_ok"))
    elif used == "":
        out.append(Finding("note", "fair.contribution_late"))
    else:
        out.append(Finding("bad", "fair.contribution_bad"))
    return out


def _replay_findings(record: Record, rng: FairRng) -> list[Finding]:
    """Replay the log on the re-derived deals; compare each view this seat was shown."""
    game, seat = record.get("game"), record.get("seat")
    if not isinstance(game, str) or not registry.exists(game) or not isinstance(seat, int):
        return [Finding("bad", "fair.bad_values")]
    engine = registry.get(game).engine_class()
    seen: dict[int, list[str]] = {}
    for at, digest, *_ in record.get("seen", []):
        seen.setdefault(at, []).append(digest)
    try:
        match = engine.new(record["players"], record.get("options"), 0, None, rng)
    except (IllegalAction, TypeError, ValueError):
        return [Finding("bad", "fair.bad_values")]
    views, cards = 0, 0
    log = record["log"]
    for at in range(len(log) + 1):
        if at > 0:
            try:
                match.apply(*log[at - 1])
            except (IllegalAction, TypeError, ValueError):
                return [Finding("bad", "fair.log_bad", {"move": at})]
        for digest in seen.pop(at, []):
            replayed = json.loads(json.dumps(match.view(seat)))
            if view_digest(replayed) != digest:
                return [Finding("bad", "fair.view_bad", {"move": at})]
            views, cards = views + 1, cards + len(_hand(replayed))
    if seen:
        return [Finding("bad", "fair.log_short", {"move": min(seen)})]
    return [
        Finding("ok", "fair.deals_ok", {"deals": rng.draws}),
        Finding("ok", "fair.views_ok", {"views": views, "cards": cards}),
    ]
