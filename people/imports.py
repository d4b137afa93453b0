"""The register's part of the Excel import of teams: who each imported player is, what the preview
asks when unsure, and the people the import adds to the register on confirm.

Why here and not in the importer: reading a sheet (:mod:`tournaments.excel.teams`) knows cells and
rows; who a player is follows the register's rules (:mod:`people.matching`), the same as the team
form's. The preview and the confirm match the same rows again, so a register changed between the two
is noticed: a player who became unsure must be answered, a choice no longer offered is refused, and
nothing is written until every player is known. Every function reads a fixed number of queries,
whatever the number of rows. The people the import adds join the register by :func:`add_people`, as
the team form's new players do.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from people.matching import Match, Matching, describe, match_players
from people.models import Person
from tournaments.club_register import ImportRow
from tournaments.models import Player, Tournament
from tournaments.names import clean_name, person_key
from tournaments.services.teams import TeamData, clubs_by_name, whole_batches

NEW = "new"
"""The answer "a new person" to an unsure player's question."""


@dataclass(frozen=True)
class ImportPlayer:
    """A player of the sheet and who of the register they are (``match``); when unsure, the question
    ``field`` with its ``choices`` (value, label), a new person last."""

    row: int
    seat: int
    name: str
    member_number: str
    match: Match
    person: str = ""  # the person found, described, when sure
    choices: tuple[tuple[str, str], ...] = ()
    number_owned: bool = False  # the member number is another person's in the register
    answer: str = ""  # the director's answer so far, shown again when the confirm is refused

    @property
    def field(self) -> str:
        return f"person-{self.row}-{self.seat}"


@dataclass(frozen=True)
class PreviewRow:
    """A row of the sheet with who each of its players is."""

    row: int
    team: TeamData
    players: tuple[ImportPlayer, ...]


def _taken(tournament: Tournament) -> set[int]:
    """The people who play in the tournament already. One query."""
    return set(Player.objects.filter(team__tournament=tournament, person__isnull=False)
               .values_list("person_id", flat=True))


def preview_people(tournament: Tournament, rows: Sequence[ImportRow],
                   choices: Mapping[str, str] | None = None) -> list[PreviewRow]:
    """Who every player of the rows is, and what to ask where unsure, with the answers in ``choices``
    so far. Writes nothing; three queries."""
    entries = [(row, seat, name, row.members[seat - 1] if seat <= len(row.members) else "")
               for row in rows for seat, name in enumerate(row.team.players, start=1)]
    matching = match_players([(name, number) for _row, _seat, name, number in entries], _taken(tournament))
    players: dict[int, list[ImportPlayer]] = {}
    for (row, seat, name, number), match in zip(entries, matching.matches):
        player = _player(row.row, seat, name, number, match, matching)
        if player.choices and choices:
            player = dataclasses.replace(player, answer=str(choices.get(player.field, "")))
        players.setdefault(row.row, []).append(player)
    return [PreviewRow(row.row, row.team, tuple(players.get(row.row, ()))) for row in rows]


def _player(row: int, seat: int, name: str, number: str, match: Match, matching: Matching) -> ImportPlayer:
    if not match.unsure:
        person = describe(matching.people[match.person]) if match.person is not None else ""
        return ImportPlayer(row, seat, name, number, match, person=person)
    choices = [(str(pk), describe(matching.people[pk])) for pk in match.candidates]
    owner = matching.member_number_owner(number)
    if owner is not None:
        new = _("A new person, without member number %(number)s (it stays %(person)s's)") % {
            "number": number, "person": owner.name}
    else:
        new = _("A new person: %(name)s") % {"name": name}
    return ImportPlayer(row, seat, name, number, match, choices=(*choices, (NEW, new)),
                        number_owned=owner is not None)


def people_for_import(tournament: Tournament, rows: Sequence[ImportRow],
                      choices: Mapping[str, str]) -> tuple[list[TeamData], list[str]]:
    """The rows' teams with their people (``TeamData.people``), the director's ``choices`` (question →
    person pk or :data:`NEW`) answering the unsure players; and the problems, by row, when a player is
    unanswered, answered with a person not offered, or would hold a second place in the tournament.

    With problems nothing is written. Else the people new to the register are created (with the
    team's club and their member number) and the member numbers the sheet gives people found by name
    are added: in the caller's transaction, in a fixed number of queries."""
    preview = preview_people(tournament, rows, choices)
    used = _taken(tournament)
    problems: list[str] = []
    linked: dict[tuple[int, int], int] = {}
    new: list[ImportPlayer] = []
    numbers: dict[int, str] = {}
    for player in (player for row in preview for player in row.players):
        answer = _answer(player, choices)
        if isinstance(answer, str):
            problems.append(answer)
        elif answer is None:
            new.append(player)
        elif answer in used:
            problems.append(_("Row %(row)s: %(name)s is linked to a person who already plays in this tournament; "
                              "choose another person or a new one.") % {"row": player.row, "name": player.name})
        else:
            used.add(answer)
            linked[(player.row, player.seat)] = answer
            if player.match.adds_member_number and player.match.person == answer:
                numbers[answer] = player.member_number
    if problems:
        return [], problems
    linked.update(_create(preview, new))
    if numbers:
        people = list(Person.objects.filter(pk__in=list(numbers), member_number=""))
        for person in people:
            person.member_number = numbers[person.pk]
        with whole_batches():
            Person.objects.bulk_update(people, ["member_number"])
    return [dataclasses.replace(row.team, people=tuple(linked[(row.row, player.seat)] for player in row.players))
            for row in preview], []


def _answer(player: ImportPlayer, choices: Mapping[str, str]) -> int | str | None:
    """The person a player is: the match when sure; the director's answer when unsure (None: a new
    person); a problem (text) when unanswered or answered with a person not offered."""
    if not player.match.unsure:
        return player.match.person
    answer = str(choices.get(player.field, "")).strip()
    if not answer:
        return _("Row %(row)s: choose who %(name)s is.") % {"row": player.row, "name": player.name}
    if answer not in {value for value, _label in player.choices}:
        return _("Row %(row)s: the answer for %(name)s is not one of the people offered; the register may have "
                 "changed. Choose again.") % {"row": player.row, "name": player.name}
    return None if answer == NEW else int(answer)


def _create(preview: Sequence[PreviewRow], new: Sequence[ImportPlayer]) -> dict[tuple[int, int], int]:
    """Create the people new to the register: (row, seat) → pk (:func:`add_people`)."""
    teams = {row.row: row.team for row in preview}
    created = add_people([(player.name, teams[player.row].club,
                           "" if player.number_owned else player.member_number)  # someone else's stays theirs
                          for player in new])
    return {(player.row, player.seat): pk for player, pk in zip(new, created)}


def add_people(people: Sequence[tuple[str, str, str]]) -> list[int]:
    """Add players whom nobody of the register is (name, club name, member number) as new people: their
    pks, in order. The one way a player joins the register, for the import and the team form alike
    (:meth:`tournaments.club_register.ClubRegister.add_people`). In the caller's transaction; two queries
    and one insert at most (the clubs by :func:`clubs_by_name`, as the teams' own)."""
    if not people:
        return []
    clubs = clubs_by_name(club for _name, club, _number in people)
    new = []
    for name, club, number in people:
        club = clean_name(club)
        new.append(Person(name=name, key=person_key(name), club=clubs.get(club.casefold()) if club else None,
                          member_number=number))
    with whole_batches():
        created = Person.objects.bulk_create(new)
    return [person.pk for person in created]
