"""A played trick of four cards: who wins it, its card points and its roem.

Why: the ``trick`` question of ``shared/spec/klaverjas.md`` and, later, a score sheet's check of
what a team called. Roem follows the contract's "Roem" section: three cards in sequence in one
suit 20, four 50 (never 50 + 20), in the natural order ``7 8 9 10 J Q K A`` in every suit; four of
a rank ``four_of_a_kind`` (four jacks ``four_jacks``); stuk (king and queen of trump) 20 added to
the larger of the two. The longest run of every set of ranks in one suit is a table built once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from klaverjas.cards import (
    CARDS,
    JACK,
    KING,
    LAST_TRICK,
    PLAIN_POINTS,
    QUEEN,
    TRUMP_POINTS,
    parse_cards,
    parse_suit,
)
from klaverjas.errors import KlaverjasError, shown
from klaverjas.house_rules import DEFAULTS, HouseRules
from klaverjas.play import listed, winning_index

TRICK_SIZE = 4
SEQUENCE_ROEM = {3: 20, 4: 50}  # cards in sequence in one suit -> roem
STUK = 20


def _longest_run(mask: int) -> int:
    best = run = 0
    for rank in range(8):
        run = run + 1 if mask >> rank & 1 else 0
        best = max(best, run)
    return best


LONGEST_RUN: tuple[int, ...] = tuple(_longest_run(mask) for mask in range(256))  # ranks of one suit -> run


@dataclass(frozen=True)
class TrickResult:
    winner: int  # index (0–3) of the winning card
    points: int  # card points, +10 for the last trick
    roem: int

    def as_json(self) -> dict[str, int]:
        return {"winner": self.winner, "points": self.points, "roem": self.roem}


def card_points(trump: int, cards: Sequence[int]) -> int:
    return sum((TRUMP_POINTS if card >> 3 == trump else PLAIN_POINTS)[card & 7] for card in cards)


def roem(trump: int, cards: Sequence[int], rules: HouseRules = DEFAULTS) -> int:
    """The roem of four cards: the larger of sequence and four-of-a-kind points, plus stuk."""
    masks = [0, 0, 0, 0]
    for card in cards:
        masks[card >> 3] |= 1 << (card & 7)
    sequence = SEQUENCE_ROEM.get(max(LONGEST_RUN[mask] for mask in masks), 0)
    rank = cards[0] & 7
    same = 0
    if len(cards) == TRICK_SIZE and all(card & 7 == rank for card in cards):
        same = rules.four_jacks if rank == JACK else rules.four_of_a_kind
    stuk = STUK if masks[trump] >> KING & 1 and masks[trump] >> QUEEN & 1 else 0
    return max(sequence, same) + stuk


def score_trick(trump: int, cards: Sequence[int], last: bool, rules: HouseRules = DEFAULTS) -> TrickResult:
    """Winner, points and roem of four checked card codes (:func:`parse_full_trick`)."""
    return TrickResult(winning_index(trump, cards), card_points(trump, cards) + (LAST_TRICK if last else 0),
                       roem(trump, cards, rules))


def parse_full_trick(value: Any) -> list[int]:
    """Exactly four distinct cards, leader first; ``invalid-trick`` or ``invalid-card``."""
    if type(value) is not list or len(value) != TRICK_SIZE:
        raise KlaverjasError("invalid-trick", f"cards must be a list of exactly {TRICK_SIZE} cards, the whole trick, "
                             f"not {shown(value)}")
    cards = parse_cards(value)
    if len(set(cards)) != TRICK_SIZE:
        twice = next(card for index, card in enumerate(cards) if card in cards[:index])
        raise KlaverjasError("invalid-trick", f"the trick holds {CARDS[twice]} twice")
    return cards


def trick_result(trump: str, cards: Sequence[str], last: bool, rules: HouseRules = DEFAULTS) -> TrickResult:
    """The ``trick`` question on text: winner, points and roem of four cards. Raises KlaverjasError."""
    if type(last) is not bool:
        raise KlaverjasError("invalid-question", f"last must be true or false, not {shown(last)}")
    return score_trick(parse_suit(trump), parse_full_trick(listed(cards)), last, rules)
