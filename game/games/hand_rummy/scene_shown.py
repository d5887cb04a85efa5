"""What the Hand rummy table shows of the match while the animations catch up with the session:
your displayed hand, the cards in the air during the deal, the round's end with the others'
hands face up.

:class:`RummyShown` belongs to :class:`game.games.hand_rummy.scene.RummyTable`; its motion part
(:class:`~game.games.hand_rummy.scene_events.RummyMotion`) moves it on as it shows each event,
and the drawing reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.ui.sprites import Sprite

JSON = dict[str, Any]


@dataclass
class RummyShown:
    """The match as shown now (see the module docstring)."""

    variant: str  # "majlis" or "classic": how staged points count (game/games/hand_rummy/melds.py)
    # your displayed hand, engine order (not "hand": the shared table calls its dict of card
    # sprites so); your workspace is synced with it after every event
    my_cards: list[str] = field(default_factory=list)
    dealing: list[Sprite] = field(default_factory=list)  # the cards being dealt, in the air
    ended: JSON | None = None  # the round's end, shown before the score panel
    ended_t: float = 0.0  # how long the hands have been up

    def dealt_at_rest(self) -> list[Sprite]:
        """The cards being dealt from the first up to the first still in the air: yours that
        have landed (the others' leave ``dealing`` as they land, and the cards land in the
        order they were dealt). They lie in the still layer until your hand turns face up;
        the rest are drawn over it each frame."""
        for n, sprite in enumerate(self.dealing):
            if sprite.motion is not None or sprite.flip_t is not None:
                return self.dealing[:n]
        return list(self.dealing)
