"""A scripted stretch of a table, the same for every bench and guard that needs one:
bots in every seat play from the deal through card flights, a bid or declaration (Hareeja's
bids, Ronda's declarations) or a meld (Hand rummy) to the round's score panel; an overlay (the
pause menu) is opened and closed on the way. Every frame is the real ``App.step``.

``play(app, game)`` returns what the stretch showed (``Seen``); tests assert it showed all of it,
so a guard over the stretch's frames cannot pass by drawing less.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.ui import games
from game.ui.app import App

DT = 1 / 60
OVERLAY_FRAMES = 20  # the pause menu stays open this long


@dataclass
class Seen:
    """What the stretch showed (each at least once)."""

    deal: bool = False
    flights: bool = False
    call: bool = False  # a bid revealed, a declaration said, or a meld laid
    score: bool = False
    overlay: bool = False
    frames: int = 0
    drawn: int = 0
    missing: list[str] = field(default_factory=list)

    def complete(self) -> bool:
        self.missing = [
            k for k in ("deal", "flights", "call", "score", "overlay") if not getattr(self, k)
        ]
        return not self.missing


def called(scene, game: str) -> bool:
    """The game's own call is on the table: bids revealed, a declaration said, a meld laid."""
    if game == "hareeja":
        return bool(scene.bidding.revealed)
    if game == "ronda":
        return bool(scene.callouts.seat_banners)
    meld_rows = getattr(scene, "meld_rows", None)  # Hand rummy's melds on the table
    return bool(meld_rows and meld_rows.melds)


def play(
    app: App,
    game: str,
    seed: int = 2024,
    limit: int = 20000,
    each: Callable[[App], None] | None = None,
) -> Seen:
    """Run the stretch on ``app`` (made with ``autoplay=True``); ``each(app)`` after every
    frame. Stops once the first score panel has been shown and closed (or after ``limit``
    frames)."""
    scene = games.maker(game).start_autoplay(app, games.info(game).defaults())
    seen = Seen()
    overlay_left: int | None = None
    draws = app.painter.draws
    for _ in range(limit):
        if not app.running:
            break
        app.step(DT)
        seen.frames += 1
        if each is not None:
            each(app)
        seen.deal = seen.deal or scene.phase == "deal"
        seen.flights = seen.flights or any(s.moving for s in scene.flying)
        seen.call = seen.call or called(scene, game)
        if scene.score is not None:
            seen.score = True
        if overlay_left is None and seen.call and seen.flights:
            scene.open_pause()  # the pause menu over the table (an Overlay)
            overlay_left = OVERLAY_FRAMES
            seen.overlay = app.overlay is not None
        elif overlay_left is not None and overlay_left > 0:
            overlay_left -= 1
            if overlay_left == 0 and app.overlay is not None:
                app.overlay.close()
        if seen.score and scene.score is None and overlay_left == 0:
            break
    seen.drawn = app.painter.draws - draws
    return seen
