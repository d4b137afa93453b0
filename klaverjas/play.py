"""Which cards of a hand may be played to a trick, and why each other card may not.

Why: this is the question players argue about at the table, and the one a test suite asks by the
hundred thousand. :func:`assess` answers it once for the whole hand — every card gets a code, a
refusal of the contract (:data:`REFUSALS`, the first reason that applies, in the contract's
order) or the reason it is allowed (:data:`ALLOWANCES`, for the dispute helper's "why may I?") —
from the rules of ``shared/spec/klaverjas.md`` ("Which cards may be played"), numbered here as
there:

1. leading: any card;
2. trump led: trump if held, a higher trump than every trump in the trick if held and
   ``trump_lead_overtrump`` (the partner's trump too);
3. another suit led and held: follow suit;
4. that suit not held: any card without trump; any card when the partner is winning and
   ``partner_winning_free``; else a trump (none in the trick yet), a higher trump (if held), else
   ``undertrump`` decides.

Cards are the codes of :mod:`klaverjas.cards`; :func:`legal_cards` takes and gives text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from klaverjas.cards import (
    CARDS,
    PLAIN_STRENGTH,
    TRUMP_STRENGTH,
    parse_cards,
    parse_suit,
)
from klaverjas.errors import KlaverjasError, shown
from klaverjas.house_rules import DEFAULTS, HouseRules

# Refusals, in the contract's order: a refused card gets the first that applies.
FOLLOW_SUIT = "follow-suit"  # holds the suit led (trump when trump is led), plays another suit
MUST_OVERTRUMP = "must-overtrump"  # a higher trump is required and this card is not one
MUST_TRUMP = "must-trump"  # a trump is required, none in the trick yet, this card is not trump
NO_UNDERTRUMP = "no-undertrump"  # only-when-forced: a lower trump while the hand holds a non-trump
REFUSALS: tuple[str, ...] = (FOLLOW_SUIT, MUST_OVERTRUMP, MUST_TRUMP, NO_UNDERTRUMP)

# Why an allowed card is allowed (not part of the batch contract: for the explanations).
LEAD = "lead"  # rule 1: the trick is empty, any card may be led
FOLLOWS = "follows"  # rule 2/3: plays the suit led (a trump when trump is led, any trump will do)
OVERTRUMPS = "overtrumps"  # rule 2/4: plays a trump higher than every trump in the trick, as required
NO_TRUMP = "no-trump"  # rule 2/4: cannot follow and holds no trump: any card
PARTNER_WINNING = "partner-winning"  # rule 4: the partner is winning the trick (Amsterdam): any card
TRUMPS = "trumps"  # rule 4: cannot follow, no trump in the trick yet: plays a trump as required
CANNOT_OVERTRUMP = "cannot-overtrump"  # rule 4, undertrump free: holds no higher trump: any card
DISCARDS = "discards"  # rule 4, only-when-forced: holds no higher trump, plays a card that is not trump
ONLY_TRUMPS = "only-trumps"  # rule 4, only-when-forced: a lower trump, the hand holds nothing else
ALLOWANCES: tuple[str, ...] = (LEAD, FOLLOWS, OVERTRUMPS, NO_TRUMP, PARTNER_WINNING, TRUMPS, CANNOT_OVERTRUMP,
                               DISCARDS, ONLY_TRUMPS)

MAX_TRICK = 3  # cards already played when a player is still to play
MAX_HAND = 8


def winning_index(trump: int, cards: Sequence[int]) -> int:
    """Index of the card winning the trick so far: the highest trump, else the highest card of the suit led."""
    best = 0
    first = cards[0]
    best_suit = first >> 3
    best_strength = (TRUMP_STRENGTH if best_suit == trump else PLAIN_STRENGTH)[first & 7]
    for index in range(1, len(cards)):
        card = cards[index]
        suit = card >> 3
        if suit == best_suit:
            value = (TRUMP_STRENGTH if suit == trump else PLAIN_STRENGTH)[card & 7]
            if value > best_strength:
                best, best_strength = index, value
        elif suit == trump:  # the first trump on another suit led
            best, best_suit, best_strength = index, suit, TRUMP_STRENGTH[card & 7]
    return best


def assess(trump: int, trick: Sequence[int], hand: Sequence[int], rules: HouseRules = DEFAULTS) -> list[str]:
    """For each card of ``hand``, in order: a code of :data:`REFUSALS` or of :data:`ALLOWANCES`.

    The input is taken as checked (:func:`parse_trick`, :func:`parse_hand`).
    """
    count = len(hand)
    if not trick:
        return [LEAD] * count
    led = trick[0] >> 3
    top = -1  # strength of the highest trump in the trick, -1 when there is none
    for card in trick:
        if card >> 3 == trump:
            top = max(top, TRUMP_STRENGTH[card & 7])
    if led == trump:  # rule 2
        if not any(card >> 3 == trump for card in hand):
            return [NO_TRUMP] * count
        if rules.trump_lead_overtrump and any(card >> 3 == trump and TRUMP_STRENGTH[card & 7] > top for card in hand):
            return [(OVERTRUMPS if TRUMP_STRENGTH[card & 7] > top else MUST_OVERTRUMP) if card >> 3 == trump
                    else FOLLOW_SUIT for card in hand]
        return [FOLLOWS if card >> 3 == trump else FOLLOW_SUIT for card in hand]
    if any(card >> 3 == led for card in hand):  # rule 3
        return [FOLLOWS if card >> 3 == led else FOLLOW_SUIT for card in hand]
    if not any(card >> 3 == trump for card in hand):  # rule 4
        return [NO_TRUMP] * count
    played = len(trick)
    if played >= 2 and rules.partner_winning_free and winning_index(trump, trick) == played - 2:
        return [PARTNER_WINNING] * count
    if top < 0:
        return [TRUMPS if card >> 3 == trump else MUST_TRUMP for card in hand]
    if any(card >> 3 == trump and TRUMP_STRENGTH[card & 7] > top for card in hand):
        return [OVERTRUMPS if card >> 3 == trump and TRUMP_STRENGTH[card & 7] > top else MUST_OVERTRUMP
                for card in hand]
    if rules.undertrump == "free":
        return [CANNOT_OVERTRUMP] * count
    if all(card >> 3 == trump for card in hand):
        return [ONLY_TRUMPS] * count
    return [NO_UNDERTRUMP if card >> 3 == trump else DISCARDS for card in hand]


def parse_trick(value: Any) -> list[int]:
    """The cards already played to a trick (0–3, leader first); ``invalid-trick`` or ``invalid-card``."""
    if type(value) is not list:
        raise KlaverjasError("invalid-trick", f"trick must be a list of the cards already played, not {shown(value)}")
    if len(value) > MAX_TRICK:
        raise KlaverjasError("invalid-trick", f"a trick still to be played to holds at most {MAX_TRICK} cards, "
                             f"not {len(value)}")
    cards = parse_cards(value)
    if len(set(cards)) != len(cards):
        raise KlaverjasError("invalid-trick", f"the trick holds {_twice(cards)} twice")
    return cards


def parse_hand(value: Any, trick: Sequence[int] = ()) -> list[int]:
    """A hand of 1–8 distinct cards, none of them in ``trick``; ``invalid-hand`` or ``invalid-card``."""
    if type(value) is not list:
        raise KlaverjasError("invalid-hand", f"hand must be a list of the player's cards, not {shown(value)}")
    if not value:
        raise KlaverjasError("invalid-hand", "the hand is empty: the player must hold at least one card")
    if len(value) > MAX_HAND:
        raise KlaverjasError("invalid-hand", f"a hand holds at most {MAX_HAND} cards, not {len(value)}")
    cards = parse_cards(value)
    if len(set(cards)) != len(cards):
        raise KlaverjasError("invalid-hand", f"the hand holds {_twice(cards)} twice")
    for card in cards if trick else ():
        if card in trick:
            raise KlaverjasError("invalid-hand", f"{CARDS[card]} is in the hand and in the trick: "
                                 "a card is in one place only")
    return cards


def listed(value: Any) -> Any:
    """A tuple as a list (callers in Python may pass either); anything else as it is, to be checked."""
    return list(value) if isinstance(value, tuple) else value


def _twice(cards: Sequence[int]) -> str:
    seen = set()
    for card in cards:
        if card in seen:
            return CARDS[card]
        seen.add(card)
    return ""


def legal_cards(trump: str, trick: Sequence[str], hand: Sequence[str],
                rules: HouseRules = DEFAULTS) -> tuple[list[str], dict[str, str]]:
    """``(cards, refused)`` as the ``legal`` question answers: the legal cards in the hand's order,
    every other card with its reason. Raises :class:`~klaverjas.errors.KlaverjasError` for bad input."""
    suit = parse_suit(trump)
    played = parse_trick(listed(trick))
    held = parse_hand(listed(hand), played)
    legal: list[str] = []
    refused: dict[str, str] = {}
    for card, code in zip(held, assess(suit, played, held, rules)):
        if code in REFUSALS:
            refused[CARDS[card]] = code
        else:
            legal.append(CARDS[card])
    return legal, refused
