"""Registering, editing, withdrawing and checking in teams.

Every change goes through here, so the form, the Excel import, the tournament file and the demo
loader all keep the same rules: exactly two players (one in an individual tournament, where each
entrant is a team of one named after the player), clubs matched by name whatever the case,
numbers handed out in order when none is given (:func:`team_numbers`, which the import's preview
shows too). A player typed on the team form whom nobody of the club's register is joins the register
(:data:`TeamData.new_people`), in the transaction that writes the team, as an imported one does.

Imports write in bulk, in one transaction: all clubs of a batch are looked up in one query, the
missing ones made in one insert, then one insert for the teams and one for the players — a fixed
number of queries however many teams, instead of a few per team. ``bulk_create`` sends no
``post_save`` signals, so :func:`register_teams` raises ``Tournament.results_version`` itself
(once, in the same transaction), as the signals would have.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.db.models import Value
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.club_register import club_register
from tournaments.models import Club, Player, Team, Tournament
from tournaments.names import clean_name
from tournaments.signals import bump, changed


@dataclass(frozen=True)
class TeamData:
    """One team as typed at the door or read from a sheet, already validated: two players, or in an
    individual tournament one, whose name is also the team's."""

    name: str
    players: tuple[str, ...]
    club: str = ""
    number: int | None = None
    people: tuple[int | None, ...] = ()
    """The person of the club's register each player is (their pks, in seat order), where known."""
    new_people: tuple[bool, ...] = ()
    """The seats (True, in seat order) whose player nobody of the club's register is yet: the register adds
    them as new people, with the team's club, in the transaction that writes the team (the team form;
    the Excel import adds its new people itself, with their member numbers)."""


def name_taken_message(tournament: Tournament, name: str) -> str:
    """Why ``name`` cannot be registered again: names are unique per tournament, whatever the case
    (the database's constraint). Two players of the same name must be told apart by hand."""
    if tournament.individual:
        return _("There is already a player called “%(name)s”; add an initial or a town to tell them apart, "
                 "for example “%(name)s (Utrecht)”.") % {"name": name}
    return _("A team named “%(name)s” is already registered.") % {"name": name}


def entry_change_problem(tournament: Tournament) -> str:
    """Why the tournament's entry (teams of two, or players alone) cannot change now; "" when it can:
    before anyone is registered and before any round is drawn. A registered team of two cannot
    become a player alone, nor the other way round."""
    registered = tournament.teams.count()
    if registered:
        if tournament.individual:
            what = ngettext("%(count)d player is registered", "%(count)d players are registered", registered)
        else:
            what = ngettext("%(count)d team is registered", "%(count)d teams are registered", registered)
        return _("The entry cannot change now: %(what)s. It can only change before anyone is registered; "
                 "make a new tournament for the other kind of entry.") % {"what": what % {"count": registered}}
    if tournament.round_set.exists():
        return _("The entry cannot change now: a round is drawn already. Make a new tournament for the other "
                 "kind of entry.")
    return ""


@contextmanager
def whole_batches() -> Iterator[None]:
    """Let ``bulk_create`` write each list in one statement on SQLite too.

    Django 5.2 assumes SQLite's old compile-time default of 999 parameters per statement and
    splits a bulk insert of a thousand teams into nine; the SQLite this runs on allows far more
    (SQLITE_LIMIT_VARIABLE_NUMBER, 32,766 by default since SQLite 3.32). Inside this block the
    connection's own limit is used, so the number of queries of an import does not grow with its
    size. Other databases are left alone (Django does not split for PostgreSQL).
    """
    if connection.vendor != "sqlite":
        yield
        return
    connection.ensure_connection()
    features = connection.features
    limit = connection.connection.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)
    missing = object()
    saved = features.__dict__.get("max_query_params", missing)
    features.max_query_params = max(limit, type(features).max_query_params)
    try:
        yield
    finally:
        if saved is missing:
            del features.max_query_params
        else:
            features.max_query_params = saved


def _clubs_named(names: Iterable[str]) -> dict[str, Club]:
    """Existing clubs matching any of these names, compared as the unique constraint compares them
    (``Lower(name)``, in the database); casefolded name → club, the oldest first. One query."""
    found: dict[str, Club] = {}
    matches = Club.objects.alias(key=Lower("name")).filter(key__in=[Lower(Value(name)) for name in names])
    for club in matches.order_by("pk"):
        found.setdefault(club.name.casefold(), club)
    return found


def clubs_by_name(names: Iterable[str]) -> dict[str, Club]:
    """The clubs of these names (any case), the missing ones created; casefolded name → club.

    One query when every club exists, three when some are new (look up, insert, look up again for
    their ids and for any club another import added at the same moment), whatever the number of
    names. Empty names are skipped; a name spelled in two cases is one club, as the first spelling.
    """
    wanted: dict[str, str] = {}
    for name in names:
        name = clean_name(name)
        if name:
            wanted.setdefault(name.casefold(), name)
    if not wanted:
        return {}
    found = _clubs_named(wanted.values())
    missing = [Club(name=name) for key, name in wanted.items() if key not in found]
    if missing:
        with whole_batches():
            Club.objects.bulk_create(missing, ignore_conflicts=True)
        found = _clubs_named(wanted.values())
    absent = [name for key, name in wanted.items() if key not in found]
    if absent:  # refused by the database for another reason than an existing club of that name
        raise IntegrityError(f"clubs not created: {', '.join(absent)}")
    return found


def club_by_name(name: str, cache: dict[str, Club] | None = None) -> Club | None:
    """The club with this name (any case), created when new; None for no name."""
    name = clean_name(name)
    if not name:
        return None
    key = name.casefold()
    if cache is not None and key in cache:
        return cache[key]
    club = clubs_by_name([name])[key]
    if cache is not None:
        cache[key] = club
    return club


def team_numbers(registered: Iterable[int], asked: Sequence[int | None]) -> list[int]:
    """The number each new team gets, in the order of ``asked`` (the numbers the teams ask for, None
    for none): its own when given, else the next free one after the highest ``registered``, never a
    number asked for anywhere in the batch. Reads nothing: :func:`register_teams` numbers so, and the
    import's preview shows these numbers before anything is written (:func:`next_numbers`)."""
    registered = set(registered)
    number = max(registered, default=0) + 1
    taken = registered | {wanted for wanted in asked if wanted is not None}
    numbers = []
    for wanted in asked:
        if wanted is None:
            while number in taken:
                number += 1
            wanted = number
        taken.add(wanted)
        numbers.append(wanted)
    return numbers


def next_numbers(tournament: Tournament, teams: Sequence[TeamData]) -> list[int]:
    """The numbers :func:`register_teams` would give these teams now, after the teams registered. One query."""
    return team_numbers(tournament.teams.values_list("number", flat=True), [data.number for data in teams])


def _with_new_people(teams: list[TeamData]) -> list[TeamData]:
    """The teams with their players new to the club's register added to it (``TeamData.new_people``):
    each seat's person is then the new person. In the caller's transaction; nothing asked of the register
    when no seat is new (or no register is plugged in)."""
    wanted = [(index, seat) for index, data in enumerate(teams)
              for seat, new in enumerate(data.new_people) if new]
    register = club_register()
    if not wanted or register is None:
        return teams
    added = dict(zip(wanted, register.add_people([(teams[index].players[seat], teams[index].club)
                                                  for index, seat in wanted])))
    linked = []
    for index, data in enumerate(teams):
        if any(data.new_people):
            data = dataclasses.replace(data, new_people=(), people=tuple(
                added.get((index, seat), data.people[seat] if seat < len(data.people) else None)
                for seat in range(len(data.players))))
        linked.append(data)
    return linked


@transaction.atomic
def register_teams(tournament: Tournament, teams: Iterable[TeamData]) -> list[Team]:
    """Create teams with their players in one transaction; numbers follow on when not given
    (:func:`team_numbers`), and players new to the club's register join it (``TeamData.new_people``).

    Returns the created teams, with their ids, in the order given. A fixed number of queries
    (see the module's docstring); the data must be valid already (forms and importers check it).
    """
    teams = list(teams)
    if not teams:
        return []
    numbers = next_numbers(tournament, teams)
    clubs = clubs_by_name(data.club for data in teams)
    teams = _with_new_people(teams)
    new_teams = []
    for data, team_number in zip(teams, numbers):
        club_name = clean_name(data.club)
        new_teams.append(Team(
            tournament=tournament, number=team_number, name=data.name,
            club=clubs[club_name.casefold()] if club_name else None,
        ))
    with whole_batches():
        created = Team.objects.bulk_create(new_teams)
        Player.objects.bulk_create([
            Player(team=team, seat=seat, name=name, person_id=data.people[seat - 1] if data.people else None)
            for team, data in zip(created, teams) for seat, name in enumerate(data.players, start=1)
        ])
    bump(pk=tournament.pk)  # bulk_create sends no post_save: what tournaments/signals.py would do
    changed(tournament.pk)  # and what the backups' receivers would do
    return created


def register_team(tournament: Tournament, data: TeamData) -> Team:
    return register_teams(tournament, [data])[0]


def register_numbered_teams(tournament: Tournament, count: int) -> list[Team]:
    """``count`` teams "Team 001" … with players "Player 1a", "Player 1b" …, from 25 clubs; in an
    individual tournament ``count`` players "Player 001" … (a fresh practice run's teams, and the
    benchmarks' and test data's)."""
    if tournament.individual:
        return register_teams(tournament, [
            TeamData(name=f"Player {n:03d}", players=(f"Player {n:03d}",), club=f"Club {n % 25 + 1}")
            for n in range(1, count + 1)
        ])
    return register_teams(tournament, [
        TeamData(name=f"Team {n:03d}", players=(f"Player {n}a", f"Player {n}b"), club=f"Club {n % 25 + 1}")
        for n in range(1, count + 1)
    ])


@transaction.atomic
def update_team(team: Team, data: TeamData) -> Team:
    """Save a team as edited; players new to the club's register join it (``TeamData.new_people``)."""
    [data] = _with_new_people([data])
    team.name = data.name
    if data.number is not None:
        team.number = data.number
    team.club = club_by_name(data.club)
    team.save()
    for seat, name in enumerate(data.players, start=1):  # and who of the register each player is, when given
        person = {"person_id": data.people[seat - 1]} if data.people else {}
        Player.objects.update_or_create(team=team, seat=seat, defaults={"name": name, **person})
    return team


def set_withdrawn(team: Team, withdrawn: bool) -> Team:
    """Withdraw a team (it keeps its number and results) or reinstate it."""
    team.withdrawn = withdrawn
    team.save(update_fields=["withdrawn"])
    return team


def set_checked_in(team: Team, checked_in: bool) -> Team:
    team.checked_in = checked_in
    team.checked_in_at = timezone.now() if checked_in else None
    team.save(update_fields=["checked_in", "checked_in_at"])
    return team
