"""Rulings as players read them, for the public pages: colours and card names in words (rood, boer,
vrouw, heer / red, jack, queen, king), holes as places on the board — no position code, seat
number or engine letter (``J``, ``t62``). The director's pages keep the codes
(``templates/tournaments/disputes/_ruling.html``).

Why it asks the engine again: a ruling keeps the verdict as the director read it (hole names, seat
numbers). The words for players are made from the kept position, seat, card and claim, in the
page's language, each time the page is shown; the kept verdict (legal or not, the rule) stays the
answer. A ruling the engine no longer reads (a hand-edited file) is still shown, with its rule only.

Each game puts its own rulings in words (:meth:`~tournaments.games.GamePlugin.ruling_words`; a
Klaverjassen ruling by :func:`tournaments.services.card_rulings.card_ruling_words`): the same list
holds every kind, and ``_public_ruling.html`` shows each with its game's template.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from engine.api import claim_verdict
from engine.describe import card_name, describe_move_text
from engine.errors import EngineError
from engine.explain import explain
from engine.position import Position, parse_position
from tournaments.models import Ruling
from tournaments.services.disputes import language
from tournaments.services.seating import COLOURS

UNREADABLE = (EngineError, KeyError, TypeError, ValueError, IndexError)
"""What a kept position or move that the engine cannot read raises."""


@dataclass(frozen=True)
class RulingWords:
    """One ruling in players' words."""

    ruling: Ruling
    turn: str  # "Rood is aan de beurt, met een boer."
    claim: str = ""  # the claimed move as a sentence; "" without a claim (or one that cannot be read)
    legal: bool | None = None  # the verdict on the claim; None: the ruling lists the legal moves
    rule: str = ""
    explanation: str = ""  # why the claim is not allowed, in words
    moves: list[str] = field(default_factory=list)  # without a claim: every legal move, in words
    move_count: int = 0  # without a claim: how many legal moves the verdict kept
    may_fold: bool = False


def _position(ruling: Ruling) -> Position | None:
    try:
        return parse_position(ruling.position)
    except UNREADABLE:
        return None


def _colour(seat: int) -> str:
    name = str(COLOURS[seat]) if 0 <= seat < len(COLOURS) else "?"
    return name[:1].upper() + name[1:]


def _card(card: str, lang: str) -> str:
    try:
        return card_name(card, lang)
    except UNREADABLE:
        return card


def _sentence(position: Position | None, move: str, seat: int, lang: str) -> str:
    if position is None:
        return ""
    try:
        return describe_move_text(position, move, lang, seat, plain=True)
    except UNREADABLE:
        return ""


def _explanation(position: Position | None, ruling: Ruling, verdict_saved: dict, lang: str) -> str:
    """Why the claim is not allowed, asked again in words; "" when the engine now answers otherwise."""
    if position is None:
        return ""
    try:
        verdict = claim_verdict(position, ruling.seat, ruling.card, ruling.claim)
    except UNREADABLE:
        return ""
    if verdict is None or verdict.reason != verdict_saved.get("reason"):
        return ""
    return explain(verdict, lang, plain=True)


def ruling_words(ruling: Ruling) -> RulingWords:
    """``ruling`` in the active language's words."""
    lang = language()
    verdict = ruling.verdict if isinstance(ruling.verdict, dict) else {}
    position = _position(ruling)
    turn = _("%(colour)s is to play, with %(card)s.") % {"colour": _colour(ruling.seat),
                                                         "card": _card(ruling.card, lang)}
    if ruling.claim:
        legal = verdict.get("legal") is True
        return RulingWords(ruling=ruling, turn=turn, claim=_sentence(position, ruling.claim, ruling.seat, lang),
                           legal=legal, rule=str(verdict.get("rule", "")),
                           explanation="" if legal else _explanation(position, ruling, verdict, lang))
    kept = [move for move in verdict.get("moves") or [] if isinstance(move, str)]
    moves = [_sentence(position, move, ruling.seat, lang) for move in kept]
    return RulingWords(ruling=ruling, turn=turn, moves=[move for move in moves if move], move_count=len(kept),
                       may_fold=verdict.get("may_fold") is True)


def public_rulings(rulings: Iterable[Ruling]) -> list[Any]:
    """Each ruling in players' words, in the given order, each in its game's words."""
    return [ruling.plugin.ruling_words(ruling) for ruling in rulings]
