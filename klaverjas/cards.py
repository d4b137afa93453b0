"""The 32 cards: their exact spelling, their order in trump and in the other suits, and their points.

Why: every question names cards as text (``JH``, ``10S``), and the rules compare and count them
thousands of times a second. A card is therefore a small number — ``suit * 8 + rank``, the rank in
the natural order ``7 8 9 10 J Q K A`` used for roem sequences — and everything about it is a
look-up in a table built once here: no string work after parsing, and parsing itself is one
dictionary look-up (:data:`CARD_CODES`), which also fixes the exact spelling of
``shared/spec/klaverjas.md`` (upper case, no spaces, ``10`` never ``T``).
"""

from __future__ import annotations

from typing import Any

from klaverjas.errors import KlaverjasError, shown

SUITS: tuple[str, ...] = ("S", "H", "D", "C")  # schoppen, harten, ruiten, klaveren
RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")  # natural order: roem sequences
SUIT_INDEX: dict[str, int] = {suit: index for index, suit in enumerate(SUITS)}

# By natural rank index (7 8 9 10 J Q K A). Strength: higher beats lower within a suit.
TRUMP_STRENGTH: tuple[int, ...] = (0, 1, 6, 4, 7, 2, 3, 5)  # J 9 A 10 K Q 8 7
PLAIN_STRENGTH: tuple[int, ...] = (0, 1, 2, 6, 3, 4, 5, 7)  # A 10 K Q J 9 8 7
TRUMP_POINTS: tuple[int, ...] = (0, 0, 14, 10, 20, 3, 4, 11)  # J 20, nel 14, A 11, 10 10, K 4, Q 3
PLAIN_POINTS: tuple[int, ...] = (0, 0, 0, 10, 2, 3, 4, 11)  # A 11, 10 10, K 4, Q 3, J 2

JACK, QUEEN, KING = RANKS.index("J"), RANKS.index("Q"), RANKS.index("K")
TOTAL_POINTS = 162  # every card's points plus the last trick's 10
LAST_TRICK = 10

CARDS: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)  # index = the card's code
CARD_CODES: dict[str, int] = {text: code for code, text in enumerate(CARDS)}


def suit_of(card: int) -> int:
    return card >> 3


def rank_of(card: int) -> int:
    return card & 7


def strength(card: int, trump: int) -> int:
    """How high the card ranks in its own suit (0–7), trump order in the trump suit."""
    return (TRUMP_STRENGTH if card >> 3 == trump else PLAIN_STRENGTH)[card & 7]


def points(card: int, trump: int) -> int:
    return (TRUMP_POINTS if card >> 3 == trump else PLAIN_POINTS)[card & 7]


def parse_card(value: Any) -> int:
    """The code of a card written exactly as the contract spells it; ``invalid-card`` otherwise."""
    code = CARD_CODES.get(value) if type(value) is str else None
    if code is None:
        raise KlaverjasError("invalid-card", _bad_card(value))
    return code


def parse_suit(value: Any) -> int:
    """The index of a trump suit given as exactly ``S``, ``H``, ``D`` or ``C`` (``invalid-question``)."""
    index = SUIT_INDEX.get(value) if type(value) is str else None
    if index is None:
        raise KlaverjasError("invalid-question", f"trump must be \"S\", \"H\", \"D\" or \"C\", not {shown(value)}")
    return index


def parse_cards(values: list) -> list[int]:
    """The codes of a list of cards; ``invalid-card`` for the first one misspelled or not text.

    One C-level look-up per card: a value that is not a string finds nothing (or cannot be a key),
    and only then are the cards looked at one by one for the message.
    """
    try:
        codes = list(map(CARD_CODES.get, values))
    except TypeError:  # an unhashable element (a list or an object)
        codes = [None]
    if None in codes:
        return [parse_card(value) for value in values]  # raises for the first bad one
    return codes


def _bad_card(value: Any) -> str:
    if type(value) is not str:
        return f"a card is written as text such as \"JH\" or \"10S\", not {shown(value)}"
    hint = ""
    upper = value.strip().upper().replace(" ", "")
    if upper[:1] == "T":
        upper = "10" + upper[1:]
    if upper in CARD_CODES:
        hint = f" (did you mean \"{upper}\"?)"
    return (f"{shown(value)} is not a card: write the rank (7 8 9 10 J Q K A) then the suit (S H D C), "
            f"upper case, such as \"JH\" or \"10S\"{hint}")
