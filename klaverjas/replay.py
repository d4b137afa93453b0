"""A whole deal replayed from the cards as played: the first card that broke a rule, by whom, and
whether the cards alone prove it (issue 35: "you revoked three tricks ago").

Why: the argument at the table is rarely "may I play this card now?" (:func:`klaverjas.play.assess`
answers that); it is about a card played tricks ago, with the tricks laid out on the table. The
replay walks the tricks in order and asks :func:`~klaverjas.play.assess` of every card:

- **Given the hands**, each player's hand at each trick is known: every breach is certain.
- **From the cards alone**, a player's hand at a trick holds at least the cards that player plays
  from that trick on. A refusal that holds for that part holds for the whole hand — each refusal
  needs a card the hand holds (the suit led, a trump, a higher trump, a card that is no trump), and
  more cards never lift one — so it is **certain**: "you did not follow hearts, and you played the
  ace of hearts two tricks later". With all eight tricks laid out, that part *is* the hand.
- With fewer tricks laid out (the deal stopped at the dispute), a card that is refused only with a
  card nobody has shown yet is a **possible** breach: it needs the hands. The unseen cards that would
  make it one are named.

Seats are numbered in playing order, 0–3; seats 0 and 2 are team A, 1 and 3 team B. The first trick
is led by ``leader``; each later trick by the winner of the one before. Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from klaverjas.cards import CARDS, parse_cards
from klaverjas.errors import KlaverjasError, shown
from klaverjas.house_rules import DEFAULTS, HouseRules
from klaverjas.play import REFUSALS, assess, winning_index

TRICKS = 8
SEATS = 4
TEAMS = ("A", "B")


@dataclass(frozen=True)
class Breach:
    """A card played against the rules: in trick ``trick`` (1–8), by ``seat`` (0–3), with the reason
    (a code of :data:`klaverjas.play.REFUSALS`); ``certain`` from what is known, else it needs the
    hands, and ``needs`` names unseen cards that would make it a breach."""

    trick: int
    seat: int
    card: int
    reason: str
    certain: bool
    needs: tuple[int, ...] = ()
    held: tuple[int, ...] = ()  # the player's cards as known then (for the sentence that explains it)
    before: tuple[int, ...] = ()  # the cards of the trick played before it

    @property
    def team(self) -> str:
        return TEAMS[self.seat % 2]

    def as_json(self) -> dict:
        found = {"trick": self.trick, "seat": self.seat, "team": self.team, "card": CARDS[self.card],
                 "reason": self.reason, "certain": self.certain}
        if self.needs:
            found["needs"] = [CARDS[card] for card in self.needs]
        return found


@dataclass(frozen=True)
class Replay:
    """What the replay found: who led each trick (``leaders``), the first certain breach (None: the
    deal as laid out broke no rule that can be shown), and the possible breaches before it."""

    leaders: tuple[int, ...]
    first: Breach | None
    possible: tuple[Breach, ...]

    def as_json(self) -> dict:
        return {"leaders": list(self.leaders), "breach": self.first.as_json() if self.first else None,
                "possible": [breach.as_json() for breach in self.possible]}


def check_deal(tricks: Sequence[Sequence[int]], hands: Sequence[Sequence[int]] | None) -> None:
    """Refuse, naming the problem, 0 or more than 8 tricks, a trick that is not four cards (only the
    last one laid out may have fewer: the dispute stopped it), a card played twice
    (``invalid-trick``); hands, when given, that are not four of eight cards each with every card
    once (``invalid-hand``; each card played from its player's hand is checked in :func:`replay`)."""
    if not 1 <= len(tricks) <= TRICKS:
        raise KlaverjasError("invalid-trick", f"a deal has 1 to {TRICKS} tricks laid out, not {len(tricks)}")
    for number, trick in enumerate(tricks, start=1):
        full = number < len(tricks)
        if (full and len(trick) != SEATS) or not 1 <= len(trick) <= SEATS:
            raise KlaverjasError("invalid-trick", f"trick {number} has {len(trick)} cards: a trick has four "
                                 "(only the last one laid out may have fewer)")
    seen: set[int] = set()
    for card in (card for trick in tricks for card in trick):
        if card in seen:
            raise KlaverjasError("invalid-trick", f"{CARDS[card]} is played twice")
        seen.add(card)
    if hands is None:
        return
    if len(hands) != SEATS or any(len(hand) != TRICKS for hand in hands):
        raise KlaverjasError("invalid-hand", f"the hands are {SEATS} lists of {TRICKS} cards, one per seat")
    dealt = [card for hand in hands for card in hand]
    if len(set(dealt)) != len(dealt):
        twice = next(card for card in dealt if dealt.count(card) > 1)
        raise KlaverjasError("invalid-hand", f"{CARDS[twice]} is dealt twice")


def replay(trump: int, leader: int, tricks: Sequence[Sequence[int]],
           hands: Sequence[Sequence[int]] | None = None, rules: HouseRules = DEFAULTS) -> Replay:
    """The deal's tricks (cards in playing order, leader first) replayed under ``rules``."""
    check_deal(tricks, hands)
    if type(leader) is not int or not 0 <= leader < SEATS:
        raise KlaverjasError("invalid-question", f"leader is the seat (0 to 3) that led the first trick, not {shown(leader)}")
    leaders, played_by = _seats(trump, leader, tricks)
    if hands is not None:
        for (number, position), seat in played_by.items():
            card = tricks[number][position]
            if card not in hands[seat]:
                raise KlaverjasError("invalid-hand", f"{CARDS[card]} in trick {number + 1} is played by seat {seat}, "
                                     "whose hand did not hold it")
    complete = len(tricks) == TRICKS and len(tricks[-1]) == SEATS
    unseen = [] if complete or hands is not None else sorted(set(range(32)) - {c for t in tricks for c in t})
    plays: list[list[tuple[int, int]]] = [[] for _ in range(SEATS)]  # per seat: (trick, card) in order
    for (number, position), seat in sorted(played_by.items()):
        plays[seat].append((number, tricks[number][position]))
    possible: list[Breach] = []
    for number, trick in enumerate(tricks):
        for position, card in enumerate(trick):
            seat = played_by[number, position]
            so_far = trick[:position]
            if hands is not None:  # the hand as dealt, less what the seat played before
                gone = {played for earlier, played in plays[seat] if earlier < number}
                held = [held_card for held_card in hands[seat] if held_card not in gone]
            else:  # what the cards show: everything the seat plays from this trick on
                held = [played for later, played in plays[seat] if later >= number]
            at = held.index(card)
            reason = assess(trump, so_far, held, rules)[at]
            if reason in REFUSALS:
                breach = Breach(number + 1, seat, card, reason, True, held=tuple(held), before=tuple(so_far))
                return Replay(tuple(leaders), breach, tuple(possible))
            refusals = {extra: assess(trump, so_far, [*held, extra], rules)[at] for extra in unseen}
            needs = tuple(extra for extra, code in refusals.items() if code in REFUSALS)
            if needs:
                possible.append(Breach(number + 1, seat, card, refusals[needs[0]], False, needs,
                                       held=(*held, needs[0]), before=tuple(so_far)))
    return Replay(tuple(leaders), None, tuple(possible))


def _seats(trump: int, leader: int, tricks: Sequence[Sequence[int]]) -> tuple[list[int], dict[tuple[int, int], int]]:
    """Who led each trick, and which seat played each card ((trick, position) → seat)."""
    leaders, played_by = [], {}
    for number, trick in enumerate(tricks):
        leaders.append(leader)
        for position in range(len(trick)):
            played_by[number, position] = (leader + position) % SEATS
        if len(trick) == SEATS:
            leader = (leader + winning_index(trump, trick)) % SEATS
    return leaders, played_by


def parse_tricks(value: Any) -> list[list[int]]:
    """The ``tricks`` of a ``replay`` question: a list of tricks, each a list of cards in playing order."""
    if type(value) is not list or any(type(trick) is not list for trick in value):
        raise KlaverjasError("invalid-trick", "tricks must be a list of tricks, each a list of the cards in the "
                             f"order they were played, such as [[\"AS\", \"7C\", \"7S\", \"8S\"]], not {shown(value)}")
    return [parse_cards(trick) for trick in value]


def parse_hands(value: Any) -> list[list[int]]:
    """The ``hands`` of a ``replay`` question: four lists of eight cards, seat 0 first."""
    if type(value) is not list or len(value) != SEATS or any(type(hand) is not list for hand in value):
        raise KlaverjasError("invalid-hand", f"hands must be {SEATS} lists of the cards each seat was dealt, "
                             f"seat 0 first, not {shown(value)}")
    return [parse_cards(hand) for hand in value]
