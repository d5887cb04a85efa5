"""Cards, decks, the seeded RNG, the engine protocol, events and views. No pygame here."""

from .engine import TIMEOUT, Match
from .errors import IllegalAction
from .events import Event, redact
from .rng import MatchRng, fresh_seed

__all__ = ["TIMEOUT", "Event", "IllegalAction", "Match", "MatchRng", "fresh_seed", "redact"]
