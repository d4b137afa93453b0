"""A whole Klaverjassen deal in dispute kept as a ruling with a table (issue 35), and such a ruling in
players' words.

Why the same :class:`~tournaments.models.Ruling` as a single card's (:mod:`.card_rulings`): every
ruling of the day is then listed per round, printed in the one rulings PDF, shown on the table's
public page and written to the tournament file alike, with no new column. A deal ruling fills its
fields so:

- ``position``: the ``replay`` question of ``python -m klaverjas batch`` as the page asked it, plus
  ``"game": "klaverjas"`` and ``"kind": "deal"`` — ``trump``, ``leader`` (seat 0–3), ``tricks`` (the
  cards as played, ``[["AS", "7C", "7S", "8S"], …]``), ``hands`` (four lists of eight, or null),
  ``rules`` (the house rules that applied), and ``playing`` and ``roem`` (``{"A": 20, "B": 0}``) when
  the team that played was typed;
- ``code``: the question on one line, ``KJD:H|0|AS.7C.7S.8S/KS.10S.8D.9S|-|A|20.0`` (trump | leader |
  the tricks | the hands or ``-`` [| playing | roem A.roem B]): at most 219 characters, within the
  column's 300 (every card a ten, the hands given, roem 9990 each);
- ``seat``: the breaching seat as the page numbers it, 1–4, or 0 when no card broke a rule (0–3
  would make seat 0 and "none" the same); ``card``: the breaching card (``10H``: three characters),
  or ""; ``claim``: empty;
- ``verdict``: the ``replay`` answer (``leaders``, ``breach``, ``possible``) with every breach's
  sentence in English and Dutch (``explanation``, ``explanation_nl``), and ``penalty`` (the deal's
  score under the revoke penalty, the rule in both languages) when the deal was scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils.translation import gettext as _

from klaverjas.cards import CARD_CODES, CARDS, SUITS, parse_suit
from klaverjas.explain import sentence
from klaverjas.replay import Breach, Replay
from klaverjas.words import suit_name
from tournaments.models import GameChoice, Ruling, Table, Tournament
from tournaments.services.card_deals import DealQuestion
from tournaments.services.card_rules import named
from tournaments.services.card_rulings import RulingRefused
from tournaments.services.dispute_desk import chosen_table
from tournaments.services.disputes import language
from tournaments.services.notes import checked_note

KIND = "deal"


def is_deal_ruling(ruling: Ruling) -> bool:
    """Whether a Klaverjassen ruling is of a whole deal (else of one card in dispute)."""
    return isinstance(ruling.position, dict) and ruling.position.get("kind") == KIND


def ruling_table(tournament: Tournament, value: Any) -> Table | None:
    """The table the ruling is kept with: none when none is chosen; a table that is not one of this
    tournament's is refused, not quietly dropped (the ruling would lose its table)."""
    if not str(value or "").strip():
        return None
    table = chosen_table(tournament, str(value))
    if table is None:
        raise RulingRefused(_("That table is not in this tournament."))
    return table


def deal_code(trump: str, leader: int, tricks: Sequence[Sequence[str]], hands: Sequence[Sequence[str]] | None,
              playing: str = "", roem: dict[str, int] | None = None) -> str:
    """The question on one line: ``KJD:H|0|AS.7C.7S.8S/KS.10S.8D.9S|-|A|20.0``."""
    def cards(groups: Sequence[Sequence[str]] | None) -> str:
        return "/".join(".".join(group) for group in groups) if groups else "-"

    code = f"KJD:{trump}|{leader}|{cards(tricks)}|{cards(hands)}"
    if playing:
        code += f"|{playing}|{(roem or {}).get('A', 0)}.{(roem or {}).get('B', 0)}"
    return code


def _breach(breach: Breach, trump: int) -> dict[str, Any]:
    """A breach as the ``replay`` answer writes it, with its sentence in English and Dutch."""
    return {**breach.as_json(), **{key: sentence(breach.reason, trump, breach.before, breach.held, breach.card, lang)
                                   for key, lang in (("explanation", "en"), ("explanation_nl", "nl"))}}


def deal_verdict(question: DealQuestion, found: Replay) -> dict[str, Any]:
    """The verdict JSON of a deal answered (:func:`tournaments.services.card_deals.answer`) as ``found``."""
    trump = parse_suit(question.trump)
    verdict: dict[str, Any] = {"leaders": list(found.leaders),
                               "breach": _breach(found.first, trump) if found.first else None,
                               "possible": [_breach(breach, trump) for breach in found.possible]}
    if question.answer and question.answer.get("penalty"):
        verdict["penalty"] = question.answer["penalty"]
    return verdict


def save_deal_ruling(tournament: Tournament, table: Table | None, question: DealQuestion, note: str,
                     user: AbstractBaseUser | AnonymousUser | None) -> Ruling:
    """Keep the deal, the replay's answer and the deal's score now, with the director's note. Raises
    :class:`~tournaments.services.card_rulings.RulingRefused` (or a ValidationError for the note);
    everything is checked before the one write."""
    if not tournament.plugin.keeps_card_rulings:
        raise RulingRefused(_("This tournament plays %(game)s: its rulings are made at the dispute desk.")
                            % {"game": GameChoice(tournament.game).label})
    if question.errors:
        raise RulingRefused(" ".join(question.errors))
    found = question.found
    if found is None or question.answer is None:
        raise RulingRefused(_("Replay the deal before keeping the ruling."))
    if table is not None and table.round.tournament_id != tournament.pk:
        raise RulingRefused(_("That table is not in this tournament."))
    note = checked_note((note or "").replace("\x00", ""))
    tricks = [[CARDS[card] for card in trick] for trick in question.tricks]
    hands = [[CARDS[card] for card in hand] for hand in question.hands] if question.hands is not None else None
    position: dict[str, Any] = {"game": tournament.game.value, "kind": KIND, "trump": question.trump,
                                "leader": question.leader, "tricks": tricks, "hands": hands,
                                "rules": question.rules.as_json()}
    if question.playing:
        position.update(playing=question.playing, roem=question.roem)
    first = found.first
    verdict = deal_verdict(question, found)
    with transaction.atomic():
        return Ruling.objects.create(
            tournament=tournament, table=table, position=position,
            code=deal_code(question.trump, question.leader, tricks, hands, question.playing, question.roem),
            seat=first.seat + 1 if first else 0, card=CARDS[first.card] if first else "", claim="",
            verdict=verdict, note=note, created_by=user if user is not None and user.is_authenticated else None,
        )


# --------------------------------------------------------------------------- in players' words


@dataclass(frozen=True)
class DealRulingWords:
    """A deal ruling as players read it: cards and suits in words, no codes."""

    ruling: Ruling
    kind: str = KIND  # the Klaverjassen public template picks the deal's part by it
    trump: str = ""  # "harten"; "" when the kept question names none
    tricks: int = 0  # how many tricks were laid out
    breach: dict[str, Any] | None = None  # trick, seat (1–4), team, card in words, explanation
    possible: list[dict[str, Any]] = field(default_factory=list)
    penalty: dict[str, Any] | None = None  # the kept score (templates/.../card_rules/_deal_score.html)


def _in_words(entry: Any, lang: str) -> dict[str, Any] | None:
    """A kept breach in the active language; None when a hand-edited file made it unreadable."""
    if not isinstance(entry, dict) or type(entry.get("seat")) is not int or entry.get("card") not in CARD_CODES:
        return None
    text = entry.get("explanation_nl" if lang == "nl" else "explanation")
    return {"trick": entry.get("trick"), "seat": entry["seat"] + 1, "team": entry.get("team"),
            "card": named(entry["card"], lang), "explanation": text if isinstance(text, str) else ""}


def deal_ruling_words(ruling: Ruling) -> DealRulingWords:
    """``ruling`` (a deal's) in the active language's words."""
    lang = language()
    position = ruling.position if isinstance(ruling.position, dict) else {}
    verdict = ruling.verdict if isinstance(ruling.verdict, dict) else {}
    trump, tricks = position.get("trump"), position.get("tricks")
    possible = verdict.get("possible") if isinstance(verdict.get("possible"), list) else []
    return DealRulingWords(
        ruling=ruling, trump=suit_name(trump, lang) if isinstance(trump, str) and trump in SUITS else "",
        tricks=len(tricks) if isinstance(tricks, list) else 0, breach=_in_words(verdict.get("breach"), lang),
        possible=[words for words in (_in_words(entry, lang) for entry in possible) if words],
        penalty=verdict.get("penalty") if isinstance(verdict.get("penalty"), dict) else None,
    )
