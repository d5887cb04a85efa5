"""High card: a trivial fourth game that shows what a new game needs (tests/test_fourth_game.py).

Each round every player gets three cards; in turn each plays one, and the highest rank of the
trick (ties: the first played) scores a point for its player. ``rounds`` rounds (1 or 2) make a
match; the highest total wins. 2–4 players, one French deck."""

from __future__ import annotations

from game.core.cards import french_deck
from game.core.engine import Match as BaseMatch
from game.core.errors import IllegalAction
from game.core.events import Event

HAND = 3
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def rank(card: str) -> int:
    return RANKS.index(card[:-1])


class Match(BaseMatch):
    GAME = "high_card"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4

    def _start(self) -> None:
        rounds = self.options.get("rounds", 1)
        if rounds not in (1, 2):
            raise IllegalAction("rounds must be 1 or 2.")
        self.rounds = rounds
        self.round_no = 0
        self.scores = [0] * self.players
        self.history: list[dict] = []
        self.start_events = self._deal()

    def _deal(self) -> list[Event]:
        deck = (
            self._check_deck(french_deck())
            if self.round_no == 0
            else self.rng.shuffled(french_deck())
        )
        self.round_no += 1
        self.hands = [deck[i * HAND : (i + 1) * HAND] for i in range(self.players)]
        self.trick: list[list] = []
        self.turn = 0
        self.won = [0] * self.players
        return [
            Event(
                "deal",
                {"round": self.round_no},
                {s: {"hand": list(h)} for s, h in enumerate(self.hands)},
            )
        ]

    @property
    def phase(self) -> str:
        return "over" if self.round_no > self.rounds else "play"

    def to_act(self) -> list[int]:
        return [] if self.phase == "over" else [self.turn]

    def legal_actions(self, seat: int) -> list[dict]:
        if seat not in self.to_act():
            return []
        return [{"type": "play", "card": c} for c in self.hands[seat]]

    def view(self, seat: int | None) -> dict:
        hand = self.hands[seat] if seat is not None and self.phase != "over" else []
        return {
            "you": seat,
            "phase": self.phase,
            "to_act": self.to_act(),
            "totals": self.totals,
            "hand": list(hand),
            "trick": [list(p) for p in self.trick],
            "round": self.round_no,
            "history": [dict(h) for h in self.history],
            "result": self.result,
        }

    @property
    def totals(self) -> list[int]:
        return list(self.scores)

    @property
    def result(self) -> dict | None:
        if self.phase != "over":
            return None
        best = max(self.scores)
        return {
            "totals": self.totals,
            "winners": [s for s, v in enumerate(self.scores) if v == best],
        }

    def _apply(self, seat: int, action: dict) -> list[Event]:
        if (
            not isinstance(action, dict)
            or action.get("type") != "play"
            or set(action) != {"type", "card"}
        ):
            raise IllegalAction('Play a card: {"type": "play", "card": ...}.')
        if action["card"] not in self.hands[seat]:
            raise IllegalAction("That card is not in your hand.", "not_in_hand")
        return self._play(seat, action["card"])

    def _timeout(self, seat: int) -> list[Event]:
        return self._play(seat, self.hands[seat][0])

    def _play(self, seat: int, card: str) -> list[Event]:
        self.hands[seat].remove(card)
        self.trick.append([seat, card])
        events = [Event("card_played", {"seat": seat, "card": card})]
        if len(self.trick) < self.players:
            self.turn = (seat + 1) % self.players
            return events
        winner = max(self.trick, key=lambda p: (rank(p[1]), -self.trick.index(p)))[0]
        self.scores[winner] += 1
        self.won[winner] += 1
        self.trick = []
        self.turn = winner
        events.append(Event("trick_won", {"winner": winner}))
        if self.hands[0]:
            return events
        self.history.append({"round": self.round_no, "tricks": list(self.won)})
        events.append(Event("round_scored", {"tricks": list(self.won), "totals": self.totals}))
        if self.round_no < self.rounds:
            return events + self._deal()
        self.round_no += 1
        return events + [Event("match_over", {"result": self.result})]
