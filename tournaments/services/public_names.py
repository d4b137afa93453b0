"""Player names as the public sees them: the one place that applies the tournament's privacy
setting, ``Tournament.public_names`` (AVG/GDPR).

Why one module: the public pages, the standings JSON, the PDFs for the wall and the exported
standings all show player names, and each of them takes its names from :func:`shown_name` (or
the helpers built on it) where it builds what it shows, so no page can forget the setting:

- ``full``: names as registered.
- ``first-initial``: the first name and initials, "Anna de Vries" → "Anna de V." (see
  :func:`initialled` for the exact rule).
- ``teams-only``: no player names at all. Where a place in the standings belongs to a player
  (``individual-11``), the player is shown as the team's name and the seat: "De Kezers (1)"
  (:func:`seat_name`).

In an individual tournament an entrant's team name *is* the person's name, so there the setting
applies to it too (:func:`shown_entrant`): "Anna de V.", or under ``teams-only`` "Player 12".

What keeps full names: every director page, the tournament file (the backup) and the teams Excel
for re-import — the director's own files. docs/privacy.md says what is stored and for how long.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from tournaments.models import PublicNames
from tournaments.names import PREFIXES, search_key

if TYPE_CHECKING:  # the seating (which the standings' results read) names players through this module
    from tournaments.services.standings import Standings, StandingsRow, TeamInfo

def _initial(part: str) -> str:
    """``Vries`` → ``V.``; a number stays as it is (``Player 17`` is no one's surname)."""
    if part.isdigit():
        return part
    letter = next((char for char in part if char.isalnum()), "")
    return f"{letter.upper()}." if letter else ""


def initialled(name: str) -> str:
    """The name as ``first-initial`` shows it: the first word as typed, then every later word as its
    initial, except the *tussenvoegsels* (:data:`tournaments.names.PREFIXES`, whatever the
    apostrophe: ``'t`` and ``’t``), which stay, in lower case.

    - ``Anna de Vries`` → ``Anna de V.``; ``Jan van der Berg`` → ``Jan van der B.``;
      ``Kees van 't Hek`` → ``Kees van 't H.``; ``Piet Jansen`` → ``Piet J.``
    - ``Anna Maria de Vries`` → ``Anna M. de V.`` (later first names are initials too).
    - ``Anna De Vries`` → ``Anna de V.``: a *tussenvoegsel* is written in lower case.
    - A *tussenvoegsel* as the last word is the surname itself: ``Jan Van`` → ``Jan V.``
    - Double surnames keep their hyphen: ``Sanne de Vries-van Dam`` → ``Sanne de V.-van D.``
    - A single word stays as it is (``Mo``), a number stays (``Player 17``), spaces are
      normalised, and the rule is idempotent (``Anna de V.`` stays ``Anna de V.``).
    """
    words = name.split()
    if len(words) <= 1:
        return words[0] if words else ""
    shown = [words[0]]
    for index, word in enumerate(words[1:], start=1):
        parts = word.split("-")
        kept = []
        for place, part in enumerate(parts):
            final = index == len(words) - 1 and place == len(parts) - 1  # the surname itself
            kept.append(part.casefold() if not final and search_key(part) in PREFIXES else _initial(part))
        initials = "-".join(part for part in kept if part)
        if initials:
            shown.append(initials)
    return " ".join(shown)


def shown_name(name: str, setting: str) -> str:
    """How a player called ``name`` appears in public under ``setting`` (``Tournament.public_names``);
    an empty string under ``teams-only``."""
    if setting == PublicNames.TEAMS_ONLY:
        return ""
    if setting == PublicNames.FIRST_INITIAL:
        return initialled(name)
    return name


def shown_players(names: Iterable[str], setting: str) -> list[str]:
    """A team's player names as the public sees them; an empty list under ``teams-only``."""
    return [shown for name in names if (shown := shown_name(name, setting))]


def seat_name(team_name: str, seat: int) -> str:
    """Who holds a player's place under ``teams-only``: the team and the seat, "De Kezers (1)".
    Without words, so the same in every language (the standings JSON is one file for all)."""
    return f"{team_name} ({seat})" if seat else team_name


def shown_entrant(name: str, number: int, setting: str) -> str:
    """An entrant of an individual tournament (a team of one player, named after the person) as the
    public sees them: the name under ``setting``, and under ``teams-only`` "Player 12" (the number)."""
    return shown_name(name, setting) or _("Player %(number)s") % {"number": number}


def _player(row: StandingsRow, setting: str, individual: bool) -> str | None:
    if row.player is None:
        return None
    if individual:
        return shown_entrant(row.player, row.team.number, setting)
    if setting == PublicNames.TEAMS_ONLY:
        seat = row.key.rpartition("/")[2]
        return seat_name(row.team.name, int(seat) if seat.isdigit() else 0)
    return shown_name(row.player, setting)


def shown_standings(report: Standings) -> Standings:
    """``report`` with the names its tournament's setting shows: every public page, the public
    JSON, the standings and prize PDFs and the standings Excel read their standings through this."""
    setting = report.tournament.public_names
    if setting == PublicNames.FULL:
        return report
    individual = report.tournament.individual
    teams: dict[str, TeamInfo] = {}

    def team(info: TeamInfo) -> TeamInfo:
        if info.key not in teams:
            # An individual entrant's team name is the person's name: shown as the player is.
            name = shown_entrant(info.name, info.number, setting) if individual else info.name
            teams[info.key] = dataclasses.replace(info, name=name, players=tuple(shown_players(info.players, setting)))
        return teams[info.key]

    rows, final_rows = (tuple(dataclasses.replace(row, team=team(row.team), player=_player(row, setting, individual))
                              for row in shown) for shown in (report.rows, report.final_rows))
    return dataclasses.replace(report, rows=rows, final_rows=final_rows)
