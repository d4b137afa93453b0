"""The register plugged into the tournament core (:mod:`tournaments.club_register`): what the team form
and the Excel import of teams ask of it, answered by the register's one set of rules
(:mod:`people.matching`, :mod:`people.imports`). Plugged in by ``apps.py``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from django.urls import reverse

from people import imports, matching
from people.models import Person
from tournaments.club_register import ImportRow, use_register
from tournaments.models import Tournament
from tournaments.services.teams import TeamData


class Register:
    """The club's register as the core sees it (:class:`tournaments.club_register.ClubRegister`)."""

    def suggest_url(self) -> str:
        return reverse("people:suggest")

    def labels(self, pks: Collection[int]) -> dict[int, str]:
        return {person.pk: matching.describe(person)
                for person in Person.objects.select_related("club").filter(pk__in=list(pks))}

    def link_seats(self, names: Sequence[str], chosen: Sequence[int | None], *, tournament_id: int,
                   team_id: int | None = None, unchanged: Sequence[bool] = ()) -> matching.SeatLinks:
        return matching.link_seats(names, chosen, tournament_id=tournament_id, team_id=team_id, unchanged=unchanged)

    def preview_import(self, tournament: Tournament, rows: Sequence[ImportRow],
                       choices: Mapping[str, str] | None = None) -> list[imports.PreviewRow]:
        return imports.preview_people(tournament, rows, choices)

    def people_for_import(self, tournament: Tournament, rows: Sequence[ImportRow],
                          choices: Mapping[str, str]) -> tuple[list[TeamData], list[str]]:
        return imports.people_for_import(tournament, rows, choices)

    def add_people(self, people: Sequence[tuple[str, str]]) -> list[int]:
        return imports.add_people([(name, club, "") for name, club in people])


use_register(Register())
