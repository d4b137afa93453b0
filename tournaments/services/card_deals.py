"""A whole Klaverjassen deal in dispute, as the director types it (issue 35): trump, who led, the
tricks as played and, when they are known, the hands; answered by :mod:`klaverjas.replay` under the
tournament's house rules, in the director's language. When the team that played (and the roem
called) is typed too, the deal's score under the club's revoke penalty (:mod:`klaverjas.penalty`)
stands beside the breach. Kept as a ruling by :mod:`.deal_rulings`.

Why typed text: the tricks lie on the table in order, and a director types them faster than taps
32 cards: one trick per line (or ``/`` between tricks), the cards in the order they were played,
each as the table says it — suit first (``H7 HA H10 S8``) or rank first (``7H AH 10H 8S``), upper or
lower case, ``T`` or ``10`` for the ten.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _

from klaverjas.cards import CARD_CODES, CARDS, RANKS, SUITS, parse_suit
from klaverjas.errors import KlaverjasError
from klaverjas.explain import sentence
from klaverjas.house_rules import DEFAULTS, HouseRules
from klaverjas.penalty import PenaltyScore, replay_score
from klaverjas.replay import Breach, Replay, replay
from klaverjas.words import suit_name
from tournaments.numbers import whole_or
from tournaments.services.card_rules import SYMBOLS, named, short_label
from tournaments.services.disputes import language
from tournaments.services.house_rules import revoke_penalty_words

# The letters a table says a card with, by the page's language. Dutch: schoppen, harten, ruiten,
# klaveren; boer, vrouw, heer, aas. Each language also takes the other's letters where they cannot be
# misread (a Dutch page: J, Q, D and C too; an English page: B, V and R), but K and H keep their own
# language's meaning: klaveren/heer in Dutch, king/hearts in English.
SUIT_LETTERS = {"en": {"S": "S", "H": "H", "D": "D", "C": "C", "R": "D"},
                "nl": {"S": "S", "H": "H", "R": "D", "K": "C", "D": "D", "C": "C"}}
RANK_LETTERS = {"en": {"J": "J", "Q": "Q", "K": "K", "A": "A", "B": "J", "V": "Q"},
                "nl": {"B": "J", "V": "Q", "H": "K", "A": "A", "J": "J", "Q": "Q"}}
NUMBERS = {"7": "7", "8": "8", "9": "9", "10": "10", "T": "10"}
SEPARATORS = re.compile(r"[\s,;]+")
SEATS = 4
TEAMS = ("A", "B")
MAX_TEXT = 400  # a deal's tricks typed: 32 cards and their spaces fit many times over
MAX_ROEM = 9990  # a team's roem in one deal, typed: far above what eight tricks hold


@dataclass
class DealQuestion:
    trump: str = ""
    leader: int = 0
    tricks_text: str = ""
    hands_text: list[str] = field(default_factory=lambda: [""] * SEATS)
    tricks: list[list[int]] = field(default_factory=list)  # the cards' codes, once read without problems
    hands: list[list[int]] | None = None
    playing: str = ""  # the team that played ("went"), "A" or "B"; "": not typed, the deal is not scored
    roem_text: list[str] = field(default_factory=lambda: [""] * len(TEAMS))  # each team's roem called, as typed
    errors: list[str] = field(default_factory=list)
    answer: dict[str, Any] | None = None
    rules: HouseRules = DEFAULTS  # the house rules it was answered under
    found: Replay | None = None  # the replay, once answered

    @property
    def roem_fields(self) -> list[tuple[str, str]]:
        """``(team, roem as typed)`` for the form's fields."""
        return list(zip(TEAMS, self.roem_text))

    @property
    def roem(self) -> dict[str, int]:
        """Each team's roem as read (checked by :func:`read_deal`); empty is none."""
        return {team: whole_or(text.strip(), 0) or 0 for team, text in zip(TEAMS, self.roem_text)}


def tap_cards() -> list[list[tuple[str, str]]]:
    """The 32 cards to tap, a row per suit: each as the page's language types it (``SB`` on a Dutch
    page, ``SJ`` on an English one: what :func:`card_of` reads back) and as it is shown (``♠B``)."""
    lang = language()
    suit_letter = {code: letter for letter, code in reversed(SUIT_LETTERS[lang].items())}
    rows = []
    for suit in SUITS:
        shown = [short_label(rank + suit, lang) for rank in RANKS]
        rows.append([(f"{suit_letter[suit]}{rank}", f"{SYMBOLS[suit]}{rank}") for rank in shown])
    return rows


def suit_choices() -> list[tuple[str, str]]:
    """The trump suits as the page offers them: the code, and the symbol with the suit's name."""
    return [(suit, f"{SYMBOLS[suit]} {suit_name(suit, language())}") for suit in SUITS]


def card_of(token: str, lang: str = "en") -> int | None:
    """The code of one typed card, suit first or rank first, in the letters of ``lang``; or None."""
    text = token.strip().upper()
    suits, ranks = SUIT_LETTERS[lang], {**NUMBERS, **RANK_LETTERS[lang]}
    for suit, rank in ((text[:1], text[1:]), (text[-1:], text[:-1])):  # suit first, then rank first
        if suit in suits and rank in ranks:
            return CARD_CODES.get(ranks[rank] + suits[suit])
    return None


def _cards(text: str, where: str, errors: list[str]) -> list[int]:
    cards = []
    lang = language()
    for token in SEPARATORS.split(text.strip()):
        if not token:
            continue
        card = card_of(token, lang)
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
    _read_score(data, question)
    if not question.errors:
        question.tricks, question.hands = tricks, hands
    return question


def _read_score(data: Any, question: DealQuestion) -> None:
    """The team that played and each team's roem, optional: the deal is scored when a team is chosen."""
    playing = str(data.get("playing", "")).strip().upper()
    question.playing = playing if playing in TEAMS else ""
    question.roem_text = [str(data.get(f"roem_{team.lower()}", "")).strip()[:12] for team in TEAMS]
    if playing and not question.playing:
        question.errors.append(_("Choose the team that played the deal: A or B."))
    for team, text in zip(TEAMS, question.roem_text):
        roem = whole_or(text or "0", low=0, high=MAX_ROEM)
        if roem is None or roem % 10:
            question.errors.append(_("Team %(team)s's roem: type a multiple of 10 from 0 to %(most)s, not “%(text)s”.")
                                   % {"team": team, "most": MAX_ROEM, "text": text})
    if not playing and any(question.roem.values()):
        question.errors.append(_("Choose the team that played the deal to score its roem."))


def answer(question: DealQuestion, rules: HouseRules) -> DealQuestion:
    """The replay of a deal read without problems, in words, and the deal's score under the revoke
    penalty when the team that played is known; a deal that cannot be is refused."""
    question.rules = rules
    if question.errors:
        return question
    trump, tricks = parse_suit(question.trump), question.tricks
    try:
        found = replay(trump, question.leader, tricks, question.hands, rules)
        scored = replay_score(trump, question.leader, tricks, found, question.playing, question.roem, rules) \
            if question.playing else None
    except KlaverjasError as error:
        question.errors.append(str(error))
        return question
    lang = language()
    question.found = found
    question.answer = {
        "leaders": [leader + 1 for leader in found.leaders],
        "breach": _words(found.first, question.trump, lang) if found.first else None,
        "possible": [_words(breach, question.trump, lang) for breach in found.possible],
        "penalty": penalty_verdict(scored) if scored else None,
    }
    return question


def penalty_verdict(scored: PenaltyScore) -> dict[str, Any]:
    """The deal's score as the page shows it and a deal ruling keeps it: the ``replay`` answer's
    ``penalty`` (:meth:`~klaverjas.penalty.PenaltyScore.as_json`) with the rule in English and Dutch,
    as every kept verdict holds its sentences in both (``templates/.../card_rules/_deal_score.html``)."""
    words = {}
    for lang in ("en", "nl"):
        with translation.override(lang):
            words[lang] = revoke_penalty_words(scored.rule)
    return {**scored.as_json(), "explanation": words["en"], "explanation_nl": words["nl"]}


def _words(breach: Breach, trump: str, lang: str) -> dict[str, Any]:
    return {"trick": breach.trick, "seat": breach.seat + 1, "team": breach.team, "card": CARDS[breach.card],
            "card_name": named(CARDS[breach.card], lang), "certain": breach.certain,
            "needs": [CARDS[card] for card in breach.needs],
            "needs_names": [named(CARDS[card], lang) for card in breach.needs],
            "why": sentence(breach.reason, parse_suit(trump), breach.before, breach.held, breach.card, lang)}
