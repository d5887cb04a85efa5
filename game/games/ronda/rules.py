"""Ronda: the Moroccan capture game with the Spanish 40-card deck, 2-4 players.

docs/RULES.md section 2 (RO-1 ... RO-22) and TB-7. A *deal* plays the whole deck out in *batches*
of 3 cards per player (RO-4, RO-7); the first batch also lays 4 cards face up (RO-5).
A played card captures the table card of its rank and the ascending run after it (RO-9, RO-10);
caida and mesa score at once (RO-12..RO-15); declarations are made on a player's first turn of a
batch, kept secret (kind only) and scored with the card points when the deal ends
(RO-16..RO-19, RO-21). Totals are checked only at the end of a deal (RO-22).

Everything happens inside ``apply()``: the play that ends a deal sweeps the table, reveals and
scores declarations and cards, checks the match end and deals the next deal, reporting it all
as events. The first deal's events wait in ``start_events``.

Decisions made here (besides those in docs/RULES.md):
- Timeout (TB-7): no declaration; the card taking the most table cards; ties, and the case where
  nothing captures, go to the lowest card in Ronda order, then suit order oros, copas, espadas,
  bastos (the first suit of that order wins).
- RO-17: when the strongest valid declaration of a batch is a ronda held by two opposing sides
  at the same rank, nobody scores a declaration in that batch.
- RO-18: the penalty is known, like the declaration's truth, only when the deal ends; it is
  scored then. ``penalty_to`` and the score breakdowns are indexed by side.
- Caida and mesa points go into ``totals`` at once (RO-12, RO-14 "at once"); the match end is
  still checked only at the end of a deal (RO-22).
- ``captured_ranks`` in the view counts, per rank, the cards captured this deal: every capture
  is shown face up to everybody as it happens, so this is the memory a careful player keeps,
  not a look into the face-down piles (whose split per seat stays hidden).
"""

from __future__ import annotations

from typing import Any, TypedDict

from game.core.actions import action_type, card_field, only_keys, str_field
from game.core.engine import Match as BaseMatch
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.types import ActionInput, Phase

from .cards import DECK, LOW_KEY, RANK, RANK_ORDER, is_card, rank_name, sort_hand
from .types import (
    BatchDeclaration,
    DealEntry,
    Kind,
    Result,
    RevealedDeclaration,
    RondaAction,
    RondaView,
)
from .views import copy_record, seat_view, seat_views, shown_history

GAME = "ronda"
RULE_SETS = {"maghribi": 41, "quick": 25}  # RO-1: only the target differs
BATCHES = {2: 6, 3: 4, 4: 3}  # RO-7
BATCH_SIZE = 3
TABLE_SIZE = 4
KINDS: tuple[Kind, ...] = ("ronda", "tringa")
KIND_POINTS = {"ronda": 1, "tringa": 5}  # RO-16, RO-18
CARDS_FREE = {2: 20, 3: 13, 4: 20}  # RO-21: points per card above this
OPTION_KEYS = ("rules", "first_dealer")


def capture_run(table: list[str], code: str) -> list[str]:
    """RO-9, RO-10: the table cards ``code`` takes, in order: the card of its rank, then the
    next ranks up while present. Empty when no table card shares its rank."""
    by_rank = {RANK[c]: c for c in table}
    rank = RANK[code]
    run: list[str] = []
    while rank in by_rank:
        run.append(by_rank[rank])
        rank += 1
    return run


def first_table_ok(cards: list[str]) -> bool:
    """RO-5: no two cards of one rank and not four consecutive ranks in Ronda order."""
    ranks = sorted(RANK[c] for c in cards)
    if len(set(ranks)) != len(ranks):
        return False
    return not (len(ranks) == TABLE_SIZE and ranks[-1] - ranks[0] == TABLE_SIZE - 1)


def combination(hand: list[str], kind: str) -> int | None:
    """RO-16: the rank index of the ronda (a pair, a tringa also counts) or tringa in ``hand``,
    or None when the hand does not hold it."""
    counts: dict[int, int] = {}
    for code in hand:
        counts[RANK[code]] = counts.get(RANK[code], 0) + 1
    need = 3 if kind == "tringa" else 2
    held = [r for r, n in counts.items() if n >= need]
    return max(held) if held else None


def timeout_card(hand: list[str], table: list[str]) -> str:
    """TB-7: the card taking the most table cards; ties and no capture -> lowest card (LOW_KEY)."""
    return min(hand, key=lambda c: (-len(capture_run(table, c)), LOW_KEY[c]))


class _Declaration(TypedDict):
    """A declaration as the engine keeps it until the deal ends: with its truth (rank)."""

    batch: int
    seat: int
    kind: str
    rank: int | None


class Match(BaseMatch[RondaAction, RondaView]):
    """One Ronda match. See the module docstring and docs/DESIGN.md for the protocol."""

    GAME = GAME
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    OPTIONS = OPTION_KEYS

    # ----- setup ---------------------------------------------------------------------------
    def _start(self) -> None:
        self._read_options()
        n = self.players
        self.teams = n == 4
        self.nsides = 2 if self.teams else n
        self.batches = BATCHES[n]
        self._totals = [0] * self.nsides
        self._history: list[DealEntry] = []
        self._shown_history: list[DealEntry] = []  # seat_views' copies of it
        self._result: Result | None = None
        self._phase: Phase = "play"
        self.deal_no = 0
        self.dealer = (self.first_dealer - 1) % n  # _new_deal moves it on to first_dealer
        self.start_events: list[Event] = self._new_deal(self._check_deck(list(DECK)))

    def _read_options(self) -> None:
        rules = self.options.get("rules", "maghribi")
        if not isinstance(rules, str) or rules not in RULE_SETS:
            raise IllegalAction('"rules" must be "maghribi" or "quick".')
        first = self.options.get("first_dealer", 0)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < self.players:
            raise IllegalAction(
                f'"first_dealer" must be a seat number from 0 to {self.players - 1}.'
            )
        self.rules = rules
        self.target = RULE_SETS[rules]
        self.first_dealer = first

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def _new_deal(self, deck: list[str]) -> list[Event]:
        """RO-4, RO-5, RO-8: the dealer moves on; first batch and the four table cards."""
        n = self.players
        self.dealer = (self.dealer + 1) % n
        self.deal_no += 1
        self.stock = deck
        self.table: list[str] = []
        self.piles: list[list[str]] = [[] for _ in range(n)]
        self.last_capturer: int | None = None
        self.deal_points = [0] * self.nsides
        self.caidas = [0] * self.nsides
        self.mesas = [0] * self.nsides
        self.deal_declarations: list[_Declaration] = []  # this deal's, with their truth
        self.captured_ranks = [0] * len(RANK_ORDER)
        self.batch = 0
        return self._deal_batch()

    def _deal_batch(self) -> list[Event]:
        """RO-4, RO-7: 3 cards as a block to each player from the one after the dealer; the
        first batch then lays 4 cards (RO-5 redeals them until valid)."""
        n = self.players
        self.batch += 1
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        self.hands: list[list[str]] = [[] for _ in range(n)]
        for i, seat in enumerate(order):
            self.hands[seat] = sort_hand(self.stock[i * BATCH_SIZE : (i + 1) * BATCH_SIZE])
        self.stock = self.stock[n * BATCH_SIZE :]
        data: dict[str, Any] = {
            "deal": self.deal_no,
            "batch": self.batch,
            "dealer": self.dealer,
            "batches": self.batches,
            "last_batch": self.last_batch,
        }
        if self.batch == 1:
            data["table"], data["redeals"] = self._lay_first_table()
        data["counts"] = [len(h) for h in self.hands]
        data["deck_count"] = len(self.stock)
        self.declared = [False] * n
        self.batch_declarations: list[BatchDeclaration] = []
        self.caida_card: str | None = None  # RO-13: no caida on a batch's first card
        self.turn = order[0]  # RO-8
        events = [Event("deal", data, {s: {"hand": list(self.hands[s])} for s in range(n)})]
        if self.last_batch:
            events.append(Event("last_batch", {}))
        return events

    def _lay_first_table(self) -> tuple[list[str], int]:
        """RO-5 (revised): lay 4; while invalid, they go to the bottom of the undealt stock in
        the order they lay and the next four are laid, so a rejected card is not laid again.
        Should every undealt card have been laid once (rare, with 3 or 4 players), the stock is
        shuffled by the match's generator before the next four are laid."""
        redeals = 0
        fresh = len(self.stock) - TABLE_SIZE  # cards never laid, at the top of the stock
        table, self.stock = self.stock[:TABLE_SIZE], self.stock[TABLE_SIZE:]
        while not first_table_ok(table):
            redeals += 1
            self.stock += table
            if fresh < TABLE_SIZE:
                self.rng.shuffle(self.stock)
            fresh -= TABLE_SIZE
            table, self.stock = self.stock[:TABLE_SIZE], self.stock[TABLE_SIZE:]
        self.table = list(table)
        return list(table), redeals

    @property
    def last_batch(self) -> bool:
        return self.batch == self.batches

    # ----- the protocol ----------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self._phase

    def to_act(self) -> list[int]:
        return [] if self._phase == "over" else [self.turn]

    def can_declare(self, seat: int) -> bool:
        """RO-16: before the first card of the batch (3 cards in hand), once per batch."""
        return (
            self._phase == "play"
            and seat == self.turn
            and not self.declared[seat]
            and len(self.hands[seat]) == BATCH_SIZE
        )

    def legal_actions(self, seat: int) -> list[RondaAction]:
        if self._phase == "over" or seat != self.turn:
            return []
        actions: list[RondaAction] = []
        if self.can_declare(seat):
            actions = [{"type": "declare", "kind": k} for k in KINDS]
        return actions + [{"type": "play", "card": c} for c in self.hands[seat]]

    def continues_turn(self, seat: int, action: ActionInput) -> bool:
        """A declaration is followed by the same player's card (docs/DESIGN.md)."""
        return isinstance(action, dict) and action.get("type") == "declare"

    @property
    def totals(self) -> list[int]:
        return list(self._totals)

    @property
    def result(self) -> Result | None:
        if self._result is None:
            return None
        return {
            "totals": list(self._totals),
            "winner": self._result["winner"],
            "draw": self._result["draw"],
        }

    # ----- actions ----------------------------------------------------------------------------
    def _apply(self, seat: int, action: ActionInput) -> list[Event]:
        kind = action_type(action, ("declare", "play"))
        if kind == "declare":
            only_keys(action, "kind")
            what = str_field(action, "kind", KINDS)
            if not self.can_declare(seat):
                if self.declared[seat]:
                    raise IllegalAction(
                        "You have already declared in this batch.", "already_declared"
                    )
                raise IllegalAction(
                    "You may declare only before your first card of a batch.", "declare_first_card"
                )
            return self._declare(seat, what)
        only_keys(action, "card")
        code = card_field(action, "card", is_card)
        if code not in self.hands[seat]:
            raise IllegalAction(f"You do not hold {code}.", "not_in_hand")
        return self._play(seat, code, False)

    def _timeout(self, seat: int) -> list[Event]:
        """TB-7: no declaration; see timeout_card."""
        return self._play(seat, timeout_card(self.hands[seat], self.table), True)

    def _declare(self, seat: int, kind: str) -> list[Event]:
        """RO-16, RO-19: everybody learns the kind; the truth waits for the deal's end."""
        self.declared[seat] = True
        rank = combination(self.hands[seat], kind)
        self.batch_declarations.append({"seat": seat, "kind": kind})
        self.deal_declarations.append(
            {"batch": self.batch, "seat": seat, "kind": kind, "rank": rank}
        )
        return [Event("declared", {"seat": seat, "kind": kind})]

    def _play(self, seat: int, code: str, timed_out: bool) -> list[Event]:
        self.hands[seat].remove(code)
        events = [Event("played", {"seat": seat, "card": code, "timeout": timed_out})]
        deal_ends = not self.stock and not any(self.hands)
        run = capture_run(self.table, code)
        if run:
            events.append(self._capture(seat, code, run, deal_ends))
        else:
            self.table.append(code)  # RO-10
            self.caida_card = code
            events.append(Event("laid", {"seat": seat, "card": code}))
        self.turn = (seat + 1) % self.players
        if deal_ends:
            events.extend(self._end_deal())
        elif not any(self.hands):
            events.extend(self._deal_batch())
        return events

    def _capture(self, seat: int, code: str, run: list[str], deal_ends: bool) -> Event:
        """RO-9 capture with RO-12 caida and RO-14 mesa, scored at once."""
        caida = self.caida_card is not None and run[0] == self.caida_card
        taken = set(run)
        self.table = [c for c in self.table if c not in taken]
        mesa = not self.table and not deal_ends
        side = self.side_of(seat)
        points = int(caida) + int(mesa)
        self.caidas[side] += int(caida)
        self.mesas[side] += int(mesa)
        self.deal_points[side] += points
        self._totals[side] += points
        self.piles[seat].append(code)
        self.piles[seat].extend(run)
        for c in run:
            self.captured_ranks[RANK[c]] += 1
        self.captured_ranks[RANK[code]] += 1
        self.last_capturer = seat
        self.caida_card = None
        return Event(
            "captured",
            {
                "seat": seat,
                "card": code,
                "run": list(run),
                "caida": caida,
                "mesa": mesa,
                "points": points,
            },
        )

    # ----- the end of a deal ------------------------------------------------------------------
    def _end_deal(self) -> list[Event]:
        events = [self._sweep()]
        revealed, declared, penalties = self._score_declarations()
        events.append(Event("declarations_revealed", {"declarations": revealed}))
        cards = [0] * self.nsides
        for seat, pile in enumerate(self.piles):
            cards[self.side_of(seat)] += len(pile)
        free = CARDS_FREE[self.players]
        card_points = [max(0, c - free) for c in cards]  # RO-21
        late = [a + b + c for a, b, c in zip(card_points, declared, penalties)]
        self._totals = [t + p for t, p in zip(self._totals, late)]
        points = [d + p for d, p in zip(self.deal_points, late)]
        entry: DealEntry = {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "cards": cards,
            "card_points": card_points,
            "caidas": list(self.caidas),
            "mesas": list(self.mesas),
            "declarations": declared,
            "penalties": penalties,
            "points": points,
            "totals": list(self._totals),
        }
        self._history.append(entry)
        events.append(Event("deal_scored", dict(copy_record(entry))))
        if max(self._totals) >= self.target:  # RO-22
            self._phase = "over"
            ordered = sorted(self._totals, reverse=True)
            draw = ordered[0] == ordered[1]
            winner = None if draw else self._totals.index(ordered[0])
            self._result = {"totals": list(self._totals), "winner": winner, "draw": draw}
            events.append(Event("match_over", dict(self._result, totals=list(self._totals))))
            return events
        events.extend(self._new_deal(self.rng.shuffled(list(DECK))))
        return events

    def _sweep(self) -> Event:
        """RO-20: the table goes to the last capturer (never a mesa); to nobody if none."""
        cards, self.table = self.table, []
        if self.last_capturer is not None:
            self.piles[self.last_capturer].extend(cards)
            for c in cards:
                self.captured_ranks[RANK[c]] += 1
        return Event("sweep", {"seat": self.last_capturer if cards else None, "cards": cards})

    def _score_declarations(self) -> tuple[list[RevealedDeclaration], list[int], list[int]]:
        """RO-17 best valid declaration per batch; RO-18 penalties (first false one per player)."""
        declared = [0] * self.nsides
        penalties = [0] * self.nsides
        revealed: list[RevealedDeclaration] = []
        penalised: set[int] = set()
        winners = self._batch_winners()
        for d in self.deal_declarations:
            seat, kind, rank = d["seat"], d["kind"], d["rank"]
            valid = rank is not None
            scored = valid and winners.get(d["batch"]) == (seat, kind, rank)
            if scored:
                declared[self.side_of(seat)] += KIND_POINTS[kind]
            penalty_to = None
            if not valid and seat not in penalised:
                penalised.add(seat)
                penalty_to = self._penalty_side(seat)
                penalties[penalty_to] += KIND_POINTS[kind]
            revealed.append(
                {
                    "batch": d["batch"],
                    "seat": seat,
                    "kind": kind,
                    "rank": None if rank is None else rank_name(rank),
                    "valid": valid,
                    "scored": scored,
                    "penalty_to": penalty_to,
                }
            )
        return revealed, declared, penalties

    def _batch_winners(self) -> dict[int, tuple[int, str, int | None]]:
        """RO-17: per batch, the (seat, kind, rank) of the one declaration that scores.
        Same-rank rondas of two opposing sides as the strongest: nobody (rounded-down split).
        Two partners' equal declarations count once: the first declared scores."""
        winners: dict[int, tuple[int, str, int | None]] = {}
        for batch in {d["batch"] for d in self.deal_declarations}:
            valid = [
                d for d in self.deal_declarations if d["batch"] == batch and d["rank"] is not None
            ]
            if not valid:
                continue
            strength = [(d["kind"] == "tringa", d["rank"]) for d in valid]
            best = max(strength)
            top = [d for d, s in zip(valid, strength) if s == best]
            if len({self.side_of(d["seat"]) for d in top}) > 1:
                continue
            winners[batch] = (top[0]["seat"], top[0]["kind"], top[0]["rank"])
        return winners

    def _penalty_side(self, seat: int) -> int:
        """RO-18: 3 players -> the next player; 2 players or teams -> the other side."""
        if self.players == 3:
            return (seat + 1) % 3
        return 1 - self.side_of(seat)

    # ----- views ------------------------------------------------------------------------------
    def view(self, seat: int | None) -> RondaView:
        if seat is not None:
            self._check_seat(seat)
        return seat_view(self, seat, [copy_record(e) for e in self._history])

    def seat_views(self) -> list[RondaView]:
        """Every seat's :meth:`view` at once, the public part shared, the history's copies
        kept from call to call (:func:`.views.seat_views`): the server's fast path."""
        self._shown_history = shown_history(self._shown_history, self._history)
        return seat_views(self, self._shown_history)
