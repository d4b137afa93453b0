"""Cards and suits in words, in English and Dutch, as players say them at the table.

Why: the explanations (:mod:`klaverjas.explain`) and the app's dispute helper name cards for
people — "the jack of hearts", "de hartenboer" — not as the contract writes them (``JH``).
"""

from __future__ import annotations

from collections.abc import Sequence

from klaverjas.cards import CARD_CODES, RANKS, SUITS

LANGUAGES: tuple[str, ...] = ("en", "nl")

SUIT_WORDS: dict[str, dict[str, str]] = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "nl": {"S": "schoppen", "H": "harten", "D": "ruiten", "C": "klaveren"},
}
RANK_WORDS: dict[str, dict[str, str]] = {
    "en": {"7": "seven", "8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"},
    "nl": {"7": "zeven", "8": "acht", "9": "negen", "10": "tien", "J": "boer", "Q": "vrouw", "K": "heer", "A": "aas"},
}
OR = {"en": "or", "nl": "of"}


def _language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    return lang


def suit_name(suit: str | int, lang: str = "en") -> str:
    """``"hearts"`` / ``"harten"`` for ``"H"`` (or its index)."""
    letter = SUITS[suit] if isinstance(suit, int) else suit
    return SUIT_WORDS[_language(lang)][letter]


def card_name(card: str | int, lang: str = "en") -> str:
    """``"the jack of hearts"`` / ``"de hartenboer"`` for ``"JH"`` (or its code)."""
    text = card if isinstance(card, str) else RANKS[card & 7] + SUITS[card >> 3]
    if text not in CARD_CODES:
        raise ValueError(f"not a card: {text!r}")
    rank, suit = text[:-1], text[-1]
    lang = _language(lang)
    if lang == "nl":
        return "de " + SUIT_WORDS["nl"][suit] + RANK_WORDS["nl"][rank]
    return f"the {RANK_WORDS['en'][rank]} of {SUIT_WORDS['en'][suit]}"


def card_list(cards: Sequence[str | int], lang: str = "en") -> str:
    """Card names joined with "or": "the jack of hearts or the nine of hearts"."""
    names = [card_name(card, lang) for card in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {OR[_language(lang)]} " + names[-1]
