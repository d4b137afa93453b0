"""The score-entry form's template helpers (templates/tournaments/sheets/), for the desk and the
table's phone alike: a field's typed or prefilled value by its numbered name, and the question a
sheet that cannot be a finished game asks (services/sheet_entry.py)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.games import Scoring
from tournaments.games.klaverjas import rules_of

register = template.Library()


@register.simple_tag
def sheet_value(fields: Any, *parts: Any) -> str:
    """The value of the field named by ``parts`` joined with "_" (``pawns_1``, ``home_0_1``), as
    typed (the posted form) or prefilled (a correction); empty when there is none."""
    getter = getattr(fields, "get", None)
    if getter is None:
        return ""
    value = getter("_".join(str(part) for part in parts))
    return value if isinstance(value, str) else ""


@register.filter
def card_rule(tournament: Any, flag: str) -> Any:
    """A Klaverjassen house rule of ``tournament`` as the rules read it (``pit_bonus``: what the card shows)."""
    return getattr(rules_of(Scoring.of(tournament)), flag)


@register.filter
def upto(count: Any) -> range:
    """1 to ``count``: the numbered rows of a form (a Klaverjassen card's deals)."""
    return range(1, int(count or 0) + 1)


@register.filter
def question(errors: Any) -> Any:
    """The question among ``errors`` (a :class:`~tournaments.services.sheet_entry.Question`), or ""."""
    for error in errors or ():
        if getattr(error, "asks", False):
            return error
    return ""


@register.filter
def refusals(errors: Any) -> list:
    """``errors`` without the question: what the page lists as refused."""
    return [error for error in errors or () if not getattr(error, "asks", False)]
