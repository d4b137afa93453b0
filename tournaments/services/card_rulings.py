"""Klaverjassen rulings: the card rules helper's question kept with a table, as the Keezen dispute
desk keeps its rulings (:mod:`.disputes`), and a kept ruling in players' words.

Why the same :class:`~tournaments.models.Ruling`: the rulings of both games are then listed per
round, printed in the one rulings PDF, shown on the table's public page and written to the
tournament file alike. A Klaverjassen ruling fills its fields so:

- ``position``: ``{"game": "klaverjas", "trump": "H", "trick": ["7S", "AS"], "hand": [...],
  "card": "10S", "rules": {the six house-rule flags}}`` — the whole question, the house rules that
  applied included (:attr:`Ruling.game` reads ``"game"``);
- ``code``: the question on one line, ``KJ:H|7S.AS|JH.9H.10S`` (trump | trick, ``-`` when empty | hand);
- ``seat``: how many cards of the trick were played before the player's; ``card``: the card in
  dispute; ``claim``: empty;
- ``verdict``: the card in dispute's ``legal``, ``reason``, ``explanation`` and ``explanation_nl``
  (the shape of a Keezen claim's verdict), and ``cards``: the same for every card of the hand.

The verdict keeps both languages' sentences as they were at the time, so the rulings list, the PDF
and the public page read them in either language without asking the rules again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils.translation import gettext as _

import klaverjas
from klaverjas.cards import CARD_CODES, SUITS
from klaverjas.words import suit_name
from tournaments.models import GameChoice, Ruling, Table, Tournament
from tournaments.services.card_rules import Question, named
from tournaments.services.disputes import language
from tournaments.services.notes import checked_note


class RulingRefused(Exception):
    """A ruling that cannot be kept; the message says why (translated)."""


def question_code(trump: str, trick: Sequence[str], hand: Sequence[str]) -> str:
    """The question on one line: ``KJ:H|7S.AS|JH.9H.10S``."""
    return f"KJ:{trump}|{'.'.join(trick) or '-'}|{'.'.join(hand)}"


def card_verdicts(question: Question) -> dict[str, Any]:
    """The verdict JSON of a complete question with a card in dispute, in English and Dutch."""
    english = klaverjas.explain_hand(question.trump, question.trick, question.hand, question.rules, "en")
    dutch = klaverjas.explain_hand(question.trump, question.trick, question.hand, question.rules, "nl")
    cards = [{"card": en.card, "legal": en.legal, "reason": en.reason, "explanation": en.sentence,
              "explanation_nl": nl.sentence} for en, nl in zip(english, dutch)]
    disputed = next(entry for entry in cards if entry["card"] == question.card)
    return {**{key: value for key, value in disputed.items() if key != "card"}, "cards": cards}


def save_card_ruling(tournament: Tournament, table: Table | None, question: Question, note: str,
                     user: AbstractBaseUser | AnonymousUser | None) -> Ruling:
    """Keep the question and the rules' answer now, with the director's note. Raises
    :class:`RulingRefused` (or a ValidationError for the note)."""
    if not tournament.plugin.keeps_card_rulings:
        raise RulingRefused(_("This tournament plays %(game)s: its rulings are made at the dispute desk.")
                            % {"game": GameChoice(tournament.game).label})
    if question.errors or question.missing:
        raise RulingRefused(" ".join(question.errors + question.missing))
    if not question.card:
        raise RulingRefused(_("Choose the card in dispute before saving the ruling."))
    if table is not None and table.round.tournament_id != tournament.pk:
        raise RulingRefused(_("That table is not in this tournament."))
    note = checked_note((note or "").replace("\x00", ""))
    try:
        verdict = card_verdicts(question)
    except (klaverjas.KlaverjasError, StopIteration) as error:  # checked by the helper; a guard
        raise RulingRefused(_("This question cannot be answered: %(detail)s") % {"detail": error}) from None
    position = {"game": tournament.game.value, "trump": question.trump, "trick": list(question.trick),
                "hand": list(question.hand), "card": question.card, "rules": question.rules.as_json()}
    with transaction.atomic():
        return Ruling.objects.create(
            tournament=tournament, table=table, position=position,
            code=question_code(question.trump, question.trick, question.hand), seat=len(question.trick),
            card=question.card, claim="", verdict=verdict, note=note,
            created_by=user if user is not None and user.is_authenticated else None,
        )


# --------------------------------------------------------------------------- in players' words


@dataclass(frozen=True)
class CardRulingWords:
    """A Klaverjassen ruling as players read it: cards and suits in words, no codes."""

    ruling: Ruling
    trump: str = ""  # "harten"; "" when the kept question names none
    trick: list[str] = field(default_factory=list)  # card names, the led card first
    hand: list[str] = field(default_factory=list)
    card: str = ""  # the card in dispute, in words
    legal: bool | None = None  # None: the kept verdict cannot be read
    explanation: str = ""
    allowed: list[str] = field(default_factory=list)  # every card of the hand that was allowed


def _names(value: Any, lang: str) -> list[str]:
    """The card names of a kept list; what a hand-edited file holds that is no card is left out."""
    if not isinstance(value, list):
        return []
    return [named(card, lang) for card in value if isinstance(card, str) and card in CARD_CODES]


def _sentence(entry: dict, lang: str) -> str:
    text = entry.get("explanation_nl" if lang == "nl" else "explanation")
    return text if isinstance(text, str) else ""


def card_ruling_words(ruling: Ruling) -> CardRulingWords:
    """``ruling`` (a Klaverjassen one) in the active language's words."""
    lang = language()
    position = ruling.position if isinstance(ruling.position, dict) else {}
    verdict = ruling.verdict if isinstance(ruling.verdict, dict) else {}
    trump = position.get("trump")
    entries = [entry for entry in verdict.get("cards") or [] if isinstance(entry, dict)] \
        if isinstance(verdict.get("cards"), list) else []
    legal = verdict.get("legal")
    return CardRulingWords(
        ruling=ruling,
        trump=suit_name(trump, lang) if isinstance(trump, str) and trump in SUITS else "",
        trick=_names(position.get("trick"), lang), hand=_names(position.get("hand"), lang),
        card=named(ruling.card, lang) if ruling.card in CARD_CODES else ruling.card,
        legal=legal if isinstance(legal, bool) else None, explanation=_sentence(verdict, lang),
        allowed=_names([entry.get("card") for entry in entries if entry.get("legal") is True], lang),
    )
