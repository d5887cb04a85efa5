""" "Check this match" as ``main.py --screenshots`` shows it: the record a client keeps of a
whole online Ronda match (fixed secret, contributions and bot moves), once as it was and once
with the server's log changed after the fact."""

from __future__ import annotations

import copy
from typing import Any, Protocol

from game.client.fair_check import view_digest
from game.core import registry
from game.core.bots import bot_rng, run
from game.core.fair import FairDeal


class Shots(Protocol):
    """What the screenshot script needs of game.ui.screenshots.Shooter."""

    app: Any

    def frames(self, n: int) -> None: ...

    def shot(self, name: str) -> None: ...


def sample_record() -> dict[str, Any]:
    """A whole Ronda match of bots as seat 0's client kept it (fixed values throughout)."""
    deal = FairDeal(bytes(range(32)))
    mine = bytes(range(100, 132))
    deal.contribute(0, mine)
    deal.contribute(1, bytes(range(7, 39)))
    spec = registry.get("ronda")
    match = spec.engine_class().new(2, {"rules": "quick"}, 0, None, deal.rng(2))
    bots = spec.bots_module()
    rngs = [bot_rng(11), bot_rng(12)]
    seen = [[0, view_digest(match.view(0))]]
    while match.phase != "over":
        seat = match.to_act()[0]
        action = run(bots.think(match.view(seat), match.legal_actions(seat), "easy", rngs[seat]))
        match.apply(seat, action)
        seen.append([len(match.log), view_digest(match.view(0))])
    stored = deal.record(2)
    return {
        "v": 1,
        "code": "K7QMX4PA",
        "game": "ronda",
        "players": 2,
        "options": {"rules": "quick"},
        "seat": 0,
        "names": ["Sara", "Omar"],
        "commitment": stored["commitment"],
        "contribution": mine.hex(),
        "contributions": stored["contributions"],
        "secret": stored["secret"],
        "log": copy.deepcopy(match.log),
        "seen": seen,
        "over": True,
    }


def check_screens(shooter: Shots) -> None:
    """The check of an honest record, then of one whose log was changed."""
    record = sample_record()
    shooter.app.go("check_match", record=record, back="menu")
    shooter.frames(2)
    shooter.shot("check_01_ok")
    changed = copy.deepcopy(record)
    changed["log"][5], changed["log"][7] = changed["log"][7], changed["log"][5]
    shooter.app.go("check_match", record=changed, back="menu")
    shooter.frames(2)
    shooter.shot("check_02_mismatch")
