"""A whole Klaverjassen deal in dispute, as the director types it (issue 35): trump, who led, the
tricks as played and, when they are known, the hands; answered by :mod:`klaverjas.replay` under the
tournament's house rules, in the director's language.

Why typed text: the tricks lie on the table in order, and a director types them faster than taps
32 cards: one trick per line (or ``/`` between tricks), the cards in the order they were played,
each as the table says it — suit first (``H7 HA H10 S8``) or rank first (``7H AH 10H 8S``), upper or
lower case, ``T`` or ``10`` for the ten.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from klaverjas.cards import CARD_CODES, CARDS, SUITS, parse_suit
from klaverjas.errors import KlaverjasError
from klaverjas.explain import sentence
from klaverjas.house_rules import HouseRules
from klaverjas.replay import Breach, replay

CARD = re.compile(r"(?P<suit>[SHDC])(?P<rank>7|8|9|10|T|J|Q|K|A)|(?P<rank2>7|8|9|10|T|J|Q|K|A)(?P<suit2>[SHDC])",
                  re.IGNORECASE)
SEATS = 4
MAX_TEXT = 400  # a deal's tricks typed: 32 cards and their spaces fit many times over


@dataclass
class DealQuestion:
    trump: str = ""
    leader: int = 0
    tricks_text: str = ""
    hands_text: list[str] = field(default_factory=lambda: [""] * SEATS)
    errors: list[str] = field(default_factory=list)
    answer: dict[str, Any] | None = None


def card_of(token: str) -> int | None:
    """The code of one typed card, or None."""
    found = CARD.fullmatch(token.strip())
    if found is None:
        return None
    suit = (found["suit"] or found["suit2"]).upper()
    rank = (found["rank"] or found["rank2"]).upper().replace("T", "10")
    return CARD_CODES.get(rank + suit)


def _cards(text: str, where: str, errors: list[str]) -> list[int]:
    cards = []
    for token in text.split():
        card = card_of(token)
        if card is None:
            errors.append(_("%(where)s: “%(token)s” is not a card; type the suit and the rank, such as H7, HA, "
                            "S10 (or 7H, AH, 10S).") % {"where": where, "token": token[:12]})
        else:
            cards.append(card)
    return cards


def read_deal(data: Any) -> DealQuestion:
    """The deal as the form sent it, every problem named (nothing is answered while there is one)."""
    question = DealQuestion(trump=str(data.get("trump", ""))[:1], tricks_text=str(data.get("tricks", ""))[:MAX_TEXT],
                            hands_text=[str(data.get(f"hand_{seat}", ""))[:MAX_TEXT] for seat in range(SEATS)])
    leader = str(data.get("leader", "0"))
    question.leader = int(leader) if leader in ("0", "1", "2", "3") else -1
    if question.trump not in SUITS:
        question.errors.append(_("Choose the trump suit."))
    if question.leader < 0:
        question.errors.append(_("Choose who led the first trick."))
    lines = [line for line in re.split(r"[/\n]", question.tricks_text) if line.strip()]
    if not lines:
        question.errors.append(_("Type the tricks as played, one trick per line."))
    tricks = [_cards(line, _("trick %(number)s") % {"number": number}, question.errors)
              for number, line in enumerate(lines, start=1)]
    typed_hands = [text for text in question.hands_text if text.strip()]
    hands = None
    if typed_hands:
        hands = [_cards(text, _("hand of seat %(seat)s") % {"seat": seat + 1}, question.errors)
                 for seat, text in enumerate(question.hands_text)]
    if not question.errors:
        question.answer = {"tricks": tricks, "hands": hands}
    return question


def answer(question: DealQuestion, rules: HouseRules) -> DealQuestion:
    """The replay of a deal read without problems, in words; a deal that cannot be is refused."""
    if question.answer is None:
        return question
    try:
        found = replay(parse_suit(question.trump), question.leader, question.answer["tricks"],
                       question.answer["hands"], rules)
    except KlaverjasError as error:
        question.errors.append(str(error))
        question.answer = None
        return question
    lang = "nl" if (get_language() or "").startswith("nl") else "en"
    question.answer = {
        "leaders": [leader + 1 for leader in found.leaders],
        "breach": _words(found.first, question.trump, lang) if found.first else None,
        "possible": [_words(breach, question.trump, lang) for breach in found.possible],
    }
    return question


def _words(breach: Breach, trump: str, lang: str) -> dict[str, Any]:
    return {"trick": breach.trick, "seat": breach.seat + 1, "team": breach.team, "card": CARDS[breach.card],
            "certain": breach.certain, "needs": [CARDS[card] for card in breach.needs],
            "why": sentence(breach.reason, parse_suit(trump), breach.before, breach.held, breach.card, lang)}
