"""``{% dispute_badge tournament %}``: "2 disputed sheets" on every director page, and it follows.

Why a template tag, as ``backup_status``: every director page shares the tab bar
(``_tournament_nav.html``), so no view has to remember it. The badge polls its own URL
(``director:dispute_badge``, one query); ``static/js/dispute_badge.js`` beeps on the pages that
ask for it (the round page, the sheets from the tables) when a new dispute comes in.
"""

from __future__ import annotations

from django import template

from tournaments.models import Tournament
from tournaments.services.sheet_states import disputes_waiting

register = template.Library()


@register.inclusion_tag("tournaments/director/_dispute_badge.html")
def dispute_badge(tournament: Tournament) -> dict:
    return disputes_waiting(tournament)
