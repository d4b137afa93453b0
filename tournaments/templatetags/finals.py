"""``{% final_note table round %}``: on the score sheet (phone and desk) and the table card of a knock-out
final, which match it is and how a level result is decided — chosen before the finals started, so the
players know it before they play.

Why a tag: the sheet form and the card are shared by every round; a Swiss round's table asks nothing
(no query), a final's reads its match and the finals' settings (the table cards read them once for
the round).
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html

from tournaments.games import Scoring
from tournaments.models import Round, Table
from tournaments.services.bracket import final_notes

register = template.Library()


@register.simple_tag
def final_note(table: Table | None, round_: Round | None, notes: dict | None = None) -> str:
    """The note of a finals table (:func:`.bracket.final_notes`; ``notes``: the round's, when a page of
    many tables read them once); nothing for a Swiss round's."""
    if table is None or round_ is None or not getattr(round_, "final", False):
        return ""
    found = (notes if notes is not None else final_notes(round_)).get(table.pk)
    if found is None:
        return ""
    return format_html('<p class="final-note alert alert-warning py-2" data-testid="final-note">'
                       '<strong>{}</strong>{}</p>', *found)


@register.filter
def final_name(names: dict[int, str] | None, table_pk: int) -> str:
    """``{{ final_names|final_name:table.pk }}``: the match a finals table plays (:func:`.bracket.match_names`)."""
    return (names or {}).get(table_pk, "")


@register.simple_tag
def round_deals(round_: Round | None, tournament) -> int:
    """``{% round_deals round tournament as deals %}``: the deals a round's card has — a knock-out
    final's own (:meth:`~tournaments.games.base.Scoring.of_round`), else the tournament's; no query
    for a Swiss round."""
    if round_ is None or not getattr(round_, "final", False):
        return tournament.deals
    return Scoring.of_round(round_).deals
