"""The database side of pairing a round: turn teams, standings and history into plain ``TeamRecord``
values for the pure generators in :mod:`tournaments.pairing`, and write what they return as the
round's draft tables and bye.

Why a separate module (Tabbycat's "manager"): the generators stay free of Django and are
tested with stub teams; this module only gathers their input in a fixed number of queries and
writes their output in one transaction.

Who is drawn: every team that has not withdrawn; once check-in has begun (any team checked in),
only the checked-in teams. A team that registers late is drawn when the director redraws the
draft, or placed by hand; a published round is never redrawn.
"""

from __future__ import annotations

from collections import defaultdict

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import pairing
from tournaments.models import (
    Bye,
    Round,
    RoundStatus,
    Ruling,
    Table,
    TableSeat,
    Team,
    Tournament,
)
from tournaments.services import backups
from tournaments.services.sheet_states import open_tables
from tournaments.services.standings import standings, team_key


def teams_to_draw(tournament: Tournament) -> list[Team]:
    """The teams a new round seats: active ones, and only the checked-in once check-in began."""
    teams = list(tournament.teams.active().select_related("club").order_by("number"))
    if any(team.checked_in for team in teams):
        teams = [team for team in teams if team.checked_in]
    return teams


def opponents_before(round_: Round) -> dict[int, set[int]]:
    """Team pk → pks of the teams it met at a table in the tournament's other rounds before this one."""
    tables: dict[int, list[int]] = defaultdict(list)
    for table_id, team_id in TableSeat.objects.filter(
        round__tournament_id=round_.tournament_id, round__number__lt=round_.number
    ).values_list("table_id", "team_id"):
        tables[table_id].append(team_id)
    met: dict[int, set[int]] = defaultdict(set)
    for team_ids in tables.values():
        for team_id in team_ids:
            met[team_id].update(other for other in team_ids if other != team_id)
    return met


def team_records(round_: Round, teams: list[Team]) -> list[pairing.TeamRecord]:
    """What the generator needs: standings after the previous round, opponents, club, earlier bye."""
    tournament = round_.tournament
    previous = round_.number - 1
    ranks: dict[str, tuple[int, int]] = {}
    if previous >= 1:
        ranks = {row.key: (row.rank, row.points) for row in standings(tournament, previous, per_player=False).rows}
    met = opponents_before(round_)
    had_bye = set(Bye.objects.filter(team__tournament=tournament).exclude(round=round_).values_list("team_id", flat=True))
    records = []
    for team in teams:
        rank, points = ranks.get(team_key(team), (0, 0))
        records.append(pairing.TeamRecord(
            id=str(team.pk), points=points, rank=rank,
            club=str(team.club_id) if team.club_id else "",
            opponents=frozenset(str(pk) for pk in met.get(team.pk, ())),
            had_bye=team.pk in had_bye,
        ))
    return records


def _round_seed(tournament: Tournament, number: int) -> int:
    return tournament.seed * 100 + number


def _missing_before(round_: Round) -> list[tuple[int, int]]:
    """(round, table) numbers of earlier tables that are open (sheet_states: no sheet that counts —
    missing, waiting for confirmation or approval, or disputed): the standings would leave them out."""
    earlier = Table.objects.filter(round__tournament_id=round_.tournament_id, round__number__lt=round_.number)
    return list(open_tables(earlier, round_.tournament.confirmed_counts)
                .order_by("round__number", "number").values_list("round__number", "number"))


def check_can_redraw(round_: Round) -> list[str]:
    errors = []
    if round_.status != RoundStatus.DRAFT:
        errors.append(_("Round %(number)s is published; return it to draft before changing its tables.")
                      % {"number": round_.number})
    if round_.tables.with_sheet().exists():
        errors.append(_("Round %(number)s already has results; its tables cannot change.") % {"number": round_.number})
    if Ruling.objects.filter(table__round=round_).exists():
        errors.append(_("Round %(number)s has rulings kept with its tables; its tables cannot change.")
                      % {"number": round_.number})
    return errors


def make_pairing(round_: Round, teams: list[Team]) -> pairing.Pairing:
    """The generator's draw for ``round_``: random in round 1, Swiss after it."""
    tournament = round_.tournament
    errors = []
    missing = _missing_before(round_)
    if missing:
        listed = ", ".join(_("round %(round)s table %(table)s") % {"round": r, "table": t} for r, t in missing[:10])
        errors.append(ngettext(
            "A result of an earlier round is missing or does not count yet (%(tables)s): "
            "enter, approve or settle it before drawing.",
            "%(count)s results of earlier rounds are missing or do not count yet (%(tables)s): "
            "enter, approve or settle them before drawing.",
            len(missing),
        ) % {"count": len(missing), "tables": listed + (" …" if len(missing) > 10 else "")})
    if len(teams) < 2:
        errors.append(_("At least two teams are needed to draw a round."))
    records = team_records(round_, teams) if not errors else []
    per_table = tournament.teams_per_table
    allow_three = per_table == 2 and tournament.three_team_table
    if per_table == 2 and len(records) % 2 and not allow_three and all(r.had_bye for r in records):
        errors.append(_("There is an odd number of teams and every team has had its bye already: "
                        "allow a table of three in the tournament settings, or seat the teams by hand."))
    if errors:
        raise ValidationError(errors)
    seed = _round_seed(tournament, round_.number)
    first = round_.number == 1 or all(r.rank == 0 for r in records)
    if first and not tournament.avoid_same_club:
        return pairing.random_round(records, seed, teams_per_table=per_table, allow_three=allow_three)
    # Swiss with no standings yet (every rank 0) pairs along a seeded random order: a random
    # round that also keeps clubs apart.
    return pairing.swiss_round(records, seed, avoid_same_club=tournament.avoid_same_club,
                            teams_per_table=per_table, allow_three=allow_three)


def write_pairing(round_: Round, result: pairing.Pairing, team_by_id: dict[str, Team]) -> None:
    """Replace the round's tables and byes by ``result`` (caller holds the transaction)."""
    round_.tables.all().delete()
    round_.byes.all().delete()
    tables = Table.objects.bulk_create([Table(round=round_, number=t.number) for t in result.tables])
    TableSeat.objects.bulk_create([
        TableSeat(table=table, round=round_, team=team_by_id[team_id], position=position)
        for table, paired in zip(tables, result.tables)
        for position, team_id in enumerate(paired.teams, start=1)
    ])
    if result.bye is not None:
        Bye.objects.create(round=round_, team=team_by_id[result.bye])
    backups.schedule(round_.tournament_id)  # bulk_create sends no post_save for the backups' receivers


def pair_round(round_: Round) -> pairing.Pairing:
    """Pair (draw or redraw) a draft round: random in round 1, Swiss after it; one transaction."""
    errors = check_can_redraw(round_)
    if errors:
        raise ValidationError(errors)
    teams = teams_to_draw(round_.tournament)
    result = make_pairing(round_, teams)
    with transaction.atomic():
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        errors = check_can_redraw(locked)
        if errors:
            raise ValidationError(errors)
        write_pairing(locked, result, {str(team.pk): team for team in teams})
    return result


def plan_all_rounds(tournament: Tournament) -> list[Round]:
    """Every round of the tournament drawn at once, without rematches, as drafts (no results needed)."""
    if tournament.round_set.exists():
        raise ValidationError(_("This tournament already has rounds; plan every round only before the first."))
    teams = teams_to_draw(tournament)
    if len(teams) < 2:
        raise ValidationError(_("At least two teams are needed to draw a round."))
    ids = [str(team.pk) for team in teams]
    try:
        if tournament.teams_per_table == 3:
            draws = pairing.planned_schedule(ids, tournament.rounds, tournament.seed, teams_per_table=3)
        else:
            draws = pairing.planned_schedule(ids, tournament.rounds, tournament.seed)
    except ValueError:
        raise ValidationError(
            _("%(teams)s teams cannot play %(rounds)s rounds without meeting a team twice.")
            % {"teams": len(teams), "rounds": tournament.rounds}
        ) from None
    team_by_id = {str(team.pk): team for team in teams}
    rounds = []
    with transaction.atomic():
        for number, planned in enumerate(draws, start=1):
            round_ = Round.objects.create(tournament=tournament, number=number, minutes=tournament.round_minutes)
            write_pairing(round_, planned, team_by_id)
            rounds.append(round_)
    return rounds
