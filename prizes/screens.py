"""The prizes app's tabs, panels and downloads on the core's screens, registered in ``apps.py``.

The "Prizes" tab (between the standings and the dispute desk, lit on every prize page) and the club
ranking under the public standings. The ranking is of the standings the page shows — the frozen
ones once frozen — and is rendered with them, once per results version
(:mod:`tournaments.services.published_standings`). The prize list's PDF is :mod:`prizes.exporters`,
the demo tournament's prizes :mod:`prizes.demo`.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from prizes.services import club_ranking
from tournaments import screens
from tournaments.models import Tournament
from tournaments.services.standings import Standings


def standings_data(tournament: Tournament, standings: Standings) -> dict[str, Any]:
    """The club ranking of the standings shown."""
    return {"clubs": club_ranking(standings)}


screens.register_tab(screens.Tab("prizes", 70, _("Prizes"), "prizes:list", within=True))
screens.register_data(screens.STANDINGS, standings_data)
screens.register_extra(screens.PUBLIC_STANDINGS, "prizes/_standings_clubs.html")
