"""``{% backup_status tournament %}``: "Last backup 14 s ago" with a download, on every director page.

Why a template tag: the director's pages share one tab bar (``_tournament_nav.html``) rendered by
many views; the tag reads the tournament's backup folder itself (one ``os.scandir``), so no view
has to remember to pass it. With backups on the task engine it also asks (one query) whether the
newest backup task failed after the newest file: the director sees why, and "Back up now" retries.
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
        "failure": backups.last_failure(tournament, newest.time if newest else None),
    }
