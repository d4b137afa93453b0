"""``{% final_note table round %}``: on the score sheet (phone and desk) and the table card of a knock-out
final, which match it is and how a level result is decided — chosen before the finals started, so the
players know it before they play.

Why a tag: the sheet form and the card are shared by every round; a Swiss round's table asks nothing
(no query), a final's reads its match and the finals' settings.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.games import Scoring
from tournaments.models import FinalMatch, Finals, Round, Table
from tournaments.services.bracket import level_rule_text, match_name

register = template.Library()


@register.simple_tag
def final_note(table: Table | None, round_: Round | None) -> str:
    if table is None or round_ is None or not getattr(round_, "final", False):
        return ""
    match = FinalMatch.objects.filter(table_id=table.pk).first()
    finals = Finals.objects.filter(tournament_id=round_.tournament_id).first()
    if match is None or finals is None:
        return ""
    deals = (ngettext(" · a final of %(count)s deal", " · a final of %(count)s deals", finals.deals)
             % {"count": finals.deals}) if finals.deals else ""
    return format_html(
        '<p class="final-note alert alert-warning py-2" data-testid="final-note"><strong>{}</strong>{}{} · {}</p>',
        match_name(match.low, match.high),
        _(" (replay)") if match.replay_of_id else "", deals,
        _("Level: %(rule)s") % {"rule": level_rule_text(finals, round_.tournament)})


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
