"""``{% backup_status tournament %}``: "Last backup 14 s ago" with a download, on every director page.

Why a template tag: the director's pages share one tab bar (``_tournament_nav.html``) rendered by
many views; the tag reads the tournament's backup folder itself (one ``os.scandir``, no database
query), so no view has to remember to pass it.
"""

from __future__ import annotations

from django import template

from tournaments.models import Tournament
from tournaments.services import backups

register = template.Library()


@register.inclusion_tag("tournaments/director/_backup_status.html")
def backup_status(tournament: Tournament) -> dict:
    newest = backups.latest(tournament)
    return {
        "tournament": tournament,
        "backup": newest,
        "age": backups.age_text(newest.age_seconds()) if newest else "",
    }
