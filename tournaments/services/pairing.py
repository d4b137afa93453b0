"""The database side of pairing a round: turn teams, standings and history into plain ``TeamRecord``
values for the pure generators in :mod:`tournaments.pairing`, and write what they return as the
round's draft tables and bye.

Why a separate module (Tabbycat's "manager"): the generators stay free of Django and are
tested with stub teams; this module only gathers their input in a fixed number of queries and
writes their output in one transaction.

Who is drawn: every team that has not withdrawn; once check-in has begun (any team checked in),
only the checked-in teams. A team that registers late is drawn when the director redraws the
draft, or placed by hand; a published round is never redrawn.

An individual tournament (issue 17) draws its players with :mod:`tournaments.pairing.individual`:
its rounds are read back as :class:`~tournaments.pairing.individual.IndividualRound` values (who
partnered and met whom, who sat out) and written as tables whose sides are the pairs. Everywhere a
round is a list of tables, a table here is its entrants in seat order; in an individual tournament
consecutive entrants are partners (``12 7 4 9``: 12 with 7 against 4 with 9).
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
    DrawMode,
    Round,
    RoundStatus,
    Ruling,
    Table,
    TableSeat,
    Team,
    Tournament,
)
from tournaments.services.seating import new_seats
from tournaments.services.sheet_states import open_tables
from tournaments.pairing import individual
from tournaments.services.standings import standings, team_key
from tournaments.signals import changed

MIN_PLAYERS = 4


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
    if round_.final:
        errors.append(_("Round %(number)s is a finals round: its tables come from the bracket (the finals page), "
                        "not from the draw.") % {"number": round_.number})
    if round_.status != RoundStatus.DRAFT:
        errors.append(_("Round %(number)s is published; return it to draft before changing its tables.")
                      % {"number": round_.number})
    if round_.tables.with_sheet().exists():
        errors.append(_("Round %(number)s already has results; its tables cannot change.") % {"number": round_.number})
    if Ruling.objects.filter(table__round=round_).exists():
        errors.append(_("Round %(number)s has rulings kept with its tables; its tables cannot change.")
                      % {"number": round_.number})
    return errors


def _missing_errors(round_: Round) -> list[str]:
    missing = _missing_before(round_)
    if not missing:
        return []
    listed = ", ".join(_("round %(round)s table %(table)s") % {"round": r, "table": t} for r, t in missing[:10])
    return [ngettext(
        "A result of an earlier round is missing or does not count yet (%(tables)s): "
        "enter, approve or settle it before drawing.",
        "%(count)s results of earlier rounds are missing or do not count yet (%(tables)s): "
        "enter, approve or settle them before drawing.",
        len(missing),
    ) % {"count": len(missing), "tables": listed + (" …" if len(missing) > 10 else "")}]


def make_pairing(round_: Round, teams: list[Team]) -> pairing.Pairing:
    """The generator's draw for ``round_``: random in round 1, Swiss after it."""
    tournament = round_.tournament
    errors = _missing_errors(round_)
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
    write_tables(round_, [(paired.number, paired.teams) for paired in result.tables],
                 [result.bye] if result.bye is not None else [], team_by_id)


def write_tables(round_: Round, tables: list[tuple[int, tuple[str, ...]]], byes: list[str],
                 team_by_id: dict[str, Team]) -> None:
    """Replace the round's tables and byes (caller holds the transaction). ``tables``: (number,
    entrant ids in seat order); in an individual tournament consecutive entrants are a pair."""
    pairs = round_.tournament.individual
    round_.tables.all().delete()
    round_.byes.all().delete()
    created = Table.objects.bulk_create([Table(round=round_, number=number) for number, _ids in tables])
    TableSeat.objects.bulk_create([
        seat for table, (_number, ids) in zip(created, tables)
        for seat in new_seats(table, [team_by_id[team_id] for team_id in ids], pairs)
    ])
    Bye.objects.bulk_create([Bye(round=round_, team=team_by_id[team_id]) for team_id in byes])
    changed(round_.tournament_id)  # bulk_create sends no post_save for the backups' receivers


def write_individual(round_: Round, drawn: individual.IndividualRound, team_by_id: dict[str, Team]) -> None:
    """Write an individual round: each table's pairs as its sides, every player sitting out a bye."""
    write_tables(round_, [(table.number, table.players) for table in drawn.tables], list(drawn.byes), team_by_id)


def individual_history(tournament: Tournament, except_round: int) -> list[individual.IndividualRound]:
    """Every round of the tournament but round ``except_round`` as the individual draw reads them
    (players are entrant pks as text), in two queries. The rounds after it count too: a round of a
    planned day drawn again must keep clear of the partners and byes of the later rounds drawn already."""
    seats: dict[int, dict[int, dict[int, list[str]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for round_number, table_number, position, team_id in TableSeat.objects.filter(
        round__tournament=tournament,
    ).exclude(round__number=except_round).order_by("round__number", "table__number", "position", "member").values_list(
        "round__number", "table__number", "position", "team_id",
    ):
        seats[round_number][table_number][position].append(str(team_id))
    byes: dict[int, list[str]] = defaultdict(list)
    for round_number, team_id in Bye.objects.filter(round__tournament=tournament).exclude(
        round__number=except_round,
    ).values_list("round__number", "team_id"):
        byes[round_number].append(str(team_id))
    rounds = []
    for number in sorted(set(seats) | set(byes)):
        tables = tuple(
            individual.IndividualTable(table, tuple(tuple(pair) for pair in sides.values() if len(pair) == 2))
            for table, sides in seats[number].items()
        )
        rounds.append(individual.IndividualRound(tables, tuple(sorted(byes[number]))))
    return rounds


def check_individual_rounds(tournament: Tournament, players: int, *, rounds_left: int | None = None,
                            sat_out: int = 0) -> list[str]:
    """Why ``players`` present players cannot play the tournament's rounds (said before drawing).

    ``rounds_left``: the rounds still to draw, the one being drawn included, when the day has begun
    (None: the whole day, nothing drawn yet); ``sat_out``: how many of the players sat out already.
    """
    if players < MIN_PLAYERS:
        return [_("At least %(least)s present players are needed to draw a round of an individual "
                  "tournament; there are %(count)s.") % {"least": MIN_PLAYERS, "count": players}]
    six = tournament.three_team_table
    if rounds_left is None:
        most = individual.max_rounds(players, six)
        if tournament.rounds <= most:
            return []
        values = {"count": players, "most": most, "rounds": tournament.rounds}
        if six:
            return [_("%(count)s players can play at most %(most)s rounds with a new partner every round and "
                      "nobody sitting out twice, not %(rounds)s: lower the number of rounds in the tournament's "
                      "settings.") % values]
        return [_("%(count)s players can play at most %(most)s rounds with a new partner every round and nobody "
                  "sitting out twice, not %(rounds)s: lower the number of rounds in the tournament's settings, "
                  "or allow six-player boards.") % values]
    _sizes, out = individual.table_plan(players, six)
    if out * rounds_left <= players - sat_out:
        return []
    values = {"count": players, "left": rounds_left, "needed": out * rounds_left, "free": players - sat_out}
    return [_("%(count)s players are present and %(left)s rounds are left to draw: %(needed)s times a player "
              "sits out, but only %(free)s players have not sat out yet and nobody sits out twice. Lower the "
              "number of rounds in the tournament's settings, or allow six-player boards.") % values]


def draw_individual(round_: Round, teams: list[Team]) -> individual.IndividualRound:
    """The individual draw of ``round_``: by standings (the best together at table 1) or, in a
    planned tournament, as the next planned round; a ValidationError with every reason it cannot."""
    tournament = round_.tournament
    by_standings = tournament.draw_mode == DrawMode.STANDINGS and round_.number > 1
    # A planned day needs no standings: its later rounds are drawn before the earlier are played.
    others = individual_history(tournament, round_.number)
    present = {str(team.pk) for team in teams}
    sat_out = {player for other in others for player in other.byes}
    later = tournament.round_set.filter(number__gt=round_.number, tables__isnull=False).distinct().count()
    rounds_left = None if not others else max(1, tournament.rounds - round_.number + 1 - later)
    errors = (_missing_errors(round_) if by_standings else []) + check_individual_rounds(
        tournament, len(teams), rounds_left=rounds_left, sat_out=len(present & sat_out))
    if errors:
        raise ValidationError(errors)
    ranks: dict[str, int] = {}
    if by_standings:
        ranks = {row.key: row.rank for row in standings(tournament, round_.number - 1).rows}
    records = [individual.PlayerRecord(str(team.pk), ranks.get(team_key(team, individual=True), 0))
               for team in teams]
    try:
        drawn = individual.draw_round(records, others, _round_seed(tournament, round_.number),
                                      tournament.three_team_table, by_standings=by_standings)
    except ValueError:
        raise ValidationError(_("No draw gives every present player a new partner in round %(number)s: "
                                "the players have partnered everyone they can. Play fewer rounds.")
                              % {"number": round_.number}) from None
    twice = sorted(set(drawn.byes) & sat_out)
    if twice:  # the byes have run out (a withdrawal mid-day): say so rather than break the rule
        names = {str(team.pk): str(team) for team in teams}
        raise ValidationError([_("%(team)s has had a bye already; nobody sits out twice.") % {"team": names[pk]}
                               for pk in twice])
    return drawn


def pair_round(round_: Round) -> pairing.Pairing | individual.IndividualRound:
    """Pair (draw or redraw) a draft round: random in round 1, Swiss after it (an individual
    tournament: :func:`draw_individual`); one transaction."""
    errors = check_can_redraw(round_)
    if errors:
        raise ValidationError(errors)
    teams = teams_to_draw(round_.tournament)
    if round_.tournament.individual:
        result = draw_individual(round_, teams)
    else:
        result = make_pairing(round_, teams)
    with transaction.atomic():
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        errors = check_can_redraw(locked)
        if errors:
            raise ValidationError(errors)
        team_by_id = {str(team.pk): team for team in teams}
        if isinstance(result, individual.IndividualRound):
            write_individual(locked, result, team_by_id)
        else:
            write_pairing(locked, result, team_by_id)
    return result


def plan_all_rounds(tournament: Tournament) -> list[Round]:
    """Every round of the tournament drawn at once, without rematches, as drafts (no results needed).
    An individual tournament that has rounds already draws its remaining draft rounds again (after a
    withdrawal or a late arrival): :func:`redraw_remaining`."""
    if tournament.individual and tournament.round_set.exists():
        return redraw_remaining(tournament)
    if tournament.round_set.exists():
        raise ValidationError(_("This tournament already has rounds; plan every round only before the first."))
    teams = teams_to_draw(tournament)
    if tournament.individual:
        return _plan_individual(tournament, teams)
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
    return _create_rounds(tournament, [lambda round_, drawn=drawn: write_pairing(round_, drawn, team_by_id)
                                       for drawn in draws])


def _create_rounds(tournament: Tournament, writers: list) -> list[Round]:
    """A draft round per writer, numbered from 1, each written by its writer; one transaction."""
    rounds = []
    with transaction.atomic():
        for number, write in enumerate(writers, start=1):
            round_ = Round.objects.create(tournament=tournament, number=number, minutes=tournament.round_minutes)
            write(round_)
            rounds.append(round_)
    return rounds


def _plan_individual(tournament: Tournament, teams: list[Team]) -> list[Round]:
    """Every round of an individual tournament at once (its route cards can be printed)."""
    if tournament.draw_mode == DrawMode.STANDINGS:
        raise ValidationError(_("This tournament draws each round from the standings; set its draw to "
                                "planned to draw every round at once."))
    errors = check_individual_rounds(tournament, len(teams))
    if errors:
        raise ValidationError(errors)
    try:
        plan = individual.planned_rounds([str(team.pk) for team in teams], tournament.rounds, tournament.seed,
                                         tournament.three_team_table)
    except ValueError:
        raise ValidationError(_("Could not draw %(rounds)s rounds with a new partner for each of %(count)s players "
                                "every round: plan fewer rounds.") % {"rounds": tournament.rounds,
                                                                       "count": len(teams)}) from None
    team_by_id = {str(team.pk): team for team in teams}
    return _create_rounds(tournament, [lambda round_, drawn=drawn: write_individual(round_, drawn, team_by_id)
                                       for drawn in plan])


def remaining_drafts(tournament: Tournament) -> list[Round]:
    """The draft rounds after the last round that was published: what a planned day can draw again."""
    rounds = list(tournament.round_set.order_by("number"))
    published = [round_.number for round_ in rounds if round_.status != RoundStatus.DRAFT]
    return [round_ for round_ in rounds if round_.number > max(published, default=0)]


def redraw_remaining(tournament: Tournament) -> list[Round]:
    """Draw the remaining draft rounds of a planned individual day again, in order, for the players
    present now (a player withdrew or came late): each keeps every earlier round's partners in mind."""
    if tournament.draw_mode == DrawMode.STANDINGS:
        raise ValidationError(_("This tournament draws each round from the standings; set its draw to "
                                "planned to draw every round at once."))
    drafts = remaining_drafts(tournament)
    if not drafts:
        raise ValidationError(_("Every round is published already: there is no draft round left to draw again."))
    with transaction.atomic():  # the old draws go first: each round is drawn again knowing only the new ones
        for round_ in drafts:
            errors = check_can_redraw(round_)
            if errors:
                raise ValidationError(errors)
            round_.tables.all().delete()
            round_.byes.all().delete()
        for round_ in drafts:
            pair_round(round_)
    return drafts
