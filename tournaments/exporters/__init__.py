"""Files for the director: every PDF and Excel download, each an exporter registered once.

The standings files read :class:`tournaments.services.standings.Standings`, the one shape the pages
and ``manage.py standings`` read too, so a file never disagrees with the pages.
"""

from __future__ import annotations

from tournaments.services.standings import Standings, StandingsRow, standings

# The names the standings files used before the one shape; kept until they read it by its own name.
StandingsReport = Standings
standings_report = standings

__all__ = ["Standings", "StandingsReport", "StandingsRow", "standings", "standings_report"]
