"""Starting the knock-out finals after the Swiss rounds and drawing each next stage (issue 35).

Why rounds and tables: a final is a table of a finals round (``Round.final``), so its sheet, table
link, team codes, table card, projector and desk are the ones of every round. This module only
decides who sits where: the first stage from the Swiss standings (:func:`start_finals`), each next
stage from the winners (:func:`advance`, via :mod:`.bracket` and :mod:`tournaments.pairing.knockout`),
or a round of replays for level matches under the replay rule. Every check comes first; a stage is
written in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import FinalMatch, Finals, LevelRule, Round, RoundStatus, Table, TableSeat, Team, Tournament
from tournaments.pairing import knockout
from tournaments.services import lifecycle
from tournaments.services.bracket import Bracket, MatchState, bracket
from tournaments.services.rounds import add_round
from tournaments.services.seating import new_seats
from tournaments.services.sheet_states import open_tables
from tournaments.services.standings import StandingsRow, standings


@dataclass(frozen=True)
class FinalsSetup:
    """What the director chooses before the finals start."""

    size: int
    playoffs: bool = True
    consolation_size: int = 4
    consolation_count: int = 0
    level_rule: str = LevelRule.PAWNS_THEN_LOT
    deals: int | None = None

    @property
    def teams_needed(self) -> int:
        return self.size + self.consolation_size * self.consolation_count


def swiss_problems(tournament: Tournament) -> list[str]:
    """Why the Swiss rounds are not complete yet (empty: the finals may start)."""
    swiss = Round.objects.filter(tournament=tournament, final=False)
    problems = []
    count = swiss.count()
    if count < tournament.rounds:
        problems.append(ngettext("The finals come after the Swiss round; drawn so far: %(count)s of %(rounds)s.",
                                 "The finals come after the %(rounds)s Swiss rounds; drawn so far: %(count)s of "
                                 "%(rounds)s.", tournament.rounds) % {"count": count, "rounds": tournament.rounds})
    drafts = list(swiss.filter(status=RoundStatus.DRAFT).values_list("number", flat=True))
    if drafts:
        problems.append(_("Round %(number)s is a draft: publish and play it before the finals.")
                        % {"number": drafts[0]})
    open_count = open_tables(Table.objects.filter(round__in=swiss), tournament.confirmed_counts).count()
    if open_count:
        problems.append(ngettext("%(count)s table of the Swiss rounds is still open: the finals start once every "
                                 "sheet counts.",
                                 "%(count)s tables of the Swiss rounds are still open: the finals start once every "
                                 "sheet counts.", open_count) % {"count": open_count})
    return problems


def setup_problems(tournament: Tournament, setup: FinalsSetup, ranked_count: int | None) -> list[str]:
    """Every reason these finals cannot be played in ``tournament`` (``ranked_count`` teams played
    the Swiss rounds; None: not known yet, the Swiss rounds are not over)."""
    problems = []
    if tournament.individual or tournament.per_player:
        problems.append(_("Finals are played by teams; this tournament ranks players."))
    if 2 not in tournament.sides_per_table:
        problems.append(_("A final seats two teams; this tournament's tables seat three."))
    if setup.size not in knockout.SIZES:
        problems.append(_("A bracket has 2, 4 or 8 teams."))
    if setup.consolation_size not in (4, 8) or not 0 <= setup.consolation_count <= 8:
        problems.append(_("A consolation bracket has 4 or 8 teams, and there are at most 8 of them."))
    if setup.level_rule not in LevelRule.values:
        problems.append(_("Choose how a level final is decided."))
    if setup.deals is not None and tournament.plugin.plays_deals and not 1 <= setup.deals <= tournament.deals:
        problems.append(_("A final has from 1 to %(deals)s deals (the rounds' deals).") % {"deals": tournament.deals})
    if not problems and ranked_count is not None and setup.teams_needed > ranked_count:
        problems.append(ngettext(
            "The bracket and its consolation brackets need %(needed)s teams, but only %(count)s team played the "
            "Swiss rounds.",
            "The bracket and its consolation brackets need %(needed)s teams, but only %(count)s teams played the "
            "Swiss rounds.", ranked_count) % {"needed": setup.teams_needed, "count": ranked_count})
    return problems


def seeding(tournament: Tournament) -> list[StandingsRow]:
    """The places of the Swiss standings that may play the finals, in order (ties broken as the
    standings break them): withdrawn teams and teams that did not play left out. The finals page
    shows them as the seeds before the finals start."""
    return [row for row in standings(tournament, per_player=False).rows
            if not row.did_not_play and not row.team.withdrawn]


def ranked_teams(tournament: Tournament) -> list[int]:
    """The teams of :func:`seeding` (pks)."""
    return [row.team.pk for row in seeding(tournament)]


def first_matches(ranked: list[int], setup: FinalsSetup) -> list[knockout.Match]:
    """The bracket's first stage and each consolation bracket's."""
    matches = knockout.first_stage(ranked, setup.size)
    for index in range(setup.consolation_count):
        start = setup.size + index * setup.consolation_size
        matches += knockout.first_stage(ranked[start:], setup.consolation_size, first_place=start + 1)
    return matches


def start_finals(tournament: Tournament, setup: FinalsSetup) -> Round:
    """The finals' settings and their first round (a draft, to check and publish like any round);
    raises ValidationError naming every problem, with nothing written."""
    lifecycle.check_not_archived(tournament)
    if Finals.objects.filter(tournament=tournament).exists():
        raise ValidationError(_("The finals have started already."))
    problems = swiss_problems(tournament)
    ranked = ranked_teams(tournament) if not problems else None
    problems += setup_problems(tournament, setup, len(ranked) if ranked is not None else None)
    if problems:
        raise ValidationError(problems)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        if Finals.objects.filter(tournament=tournament).exists():
            raise ValidationError(_("The finals have started already."))
        Finals.objects.create(tournament=tournament, size=setup.size, playoffs=setup.playoffs,
                              consolation_size=setup.consolation_size, consolation_count=setup.consolation_count,
                              level_rule=setup.level_rule,
                              deals=setup.deals if tournament.plugin.plays_deals else None)
        return _finals_round(tournament, [(match, None) for match in first_matches(ranked, setup)])


def advance(tournament: Tournament) -> Round:
    """The next finals round: the replays of level matches under the replay rule, else the next stage
    of the bracket. Refused while a final is still to be played, and once the finals are over."""
    lifecycle.check_not_archived(tournament)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        found = bracket(tournament)
        if found is None:
            raise ValidationError(_("The finals have not started."))
        problems = advance_problems(found)
        if problems:
            raise ValidationError(problems)
        if found.replays_due:
            return _finals_round(tournament, [(_again(match), match) for match in found.replays_due])
        seed = {pk: index for index, pk in enumerate(ranked_teams(tournament))}
        return _finals_round(tournament, [(_better_first(match, seed), None) for match in found.next_matches() or []])


def advance_problems(found: Bracket) -> list[str]:
    """Why no next finals round can be drawn now (empty: it can)."""
    if found.problems:
        return list(found.problems)
    if not found.stages:
        return [_("The finals have no round: take them back and start them again.")]
    if found.waiting:
        count = len(found.waiting)
        return [ngettext("%(count)s final is still to be played (or its sheet does not count yet).",
                         "%(count)s finals are still to be played (or their sheets do not count yet).",
                         count) % {"count": count}]
    if not found.replays_due and found.complete:
        return [_("The finals are over: every place of the bracket is decided.")]
    return []


def take_back(tournament: Tournament) -> int:
    """Remove the latest finals round while none of its tables has a sheet or a ruling (a wrong size,
    a wrong rule, a round drawn after a correction); the finals themselves go with their first round.
    Returns the number of the round removed."""
    lifecycle.check_not_archived(tournament)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        last = Round.objects.filter(tournament=tournament, final=True).order_by("-number").first()
        if last is None:
            raise ValidationError(_("The finals have not started."))
        if last.tables.filter(results__isnull=False).exists() or last.tables.filter(rulings__isnull=False).exists():
            raise ValidationError(_("Round %(number)s has a sheet or a ruling: it cannot be taken back. Correct "
                                    "the sheet at the desk instead.") % {"number": last.number})
        number = last.number
        last.delete()
        if not Round.objects.filter(tournament=tournament, final=True).exists():
            Finals.objects.filter(tournament=tournament).delete()
        lifecycle.update_status(tournament)
    return number


def _better_first(match: knockout.Match, seed: dict[int, int]) -> knockout.Match:
    """The match with the better seed of the Swiss standings first on the sheet (it deals first), as in
    the first finals round."""
    if seed.get(match.second, len(seed)) < seed.get(match.first, len(seed)):
        return knockout.Match(match.second, match.first, match.places)
    return match


def _again(match: MatchState) -> knockout.Match:
    return knockout.Match(match.teams[0], match.teams[1], match.places)


def _finals_round(tournament: Tournament, matches: list[tuple[knockout.Match, MatchState | None]]) -> Round:
    """A draft finals round with a table per match (better seed first on the sheet), in the
    transaction of the caller."""
    deals = Finals.objects.filter(tournament=tournament).values_list("deals", flat=True).first()
    minutes = tournament.round_minutes  # a final of fewer deals than a round: its share of a round's time
    if deals and tournament.plugin.plays_deals and tournament.deals:
        minutes = max(1, -(-tournament.round_minutes * deals // tournament.deals))
    round_ = add_round(tournament, final=True, minutes=minutes)
    teams = Team.objects.in_bulk([pk for match, _replayed in matches for pk in (match.first, match.second)])
    seats = []
    for table_number, (match, replayed) in enumerate(matches, start=1):
        table = Table.objects.create(round=round_, number=table_number)
        seats += new_seats(table, [teams[match.first], teams[match.second]], pairs=False)
        replay_of = replayed.table.final_match if replayed is not None else None
        FinalMatch.objects.create(table=table, low=match.places[0], high=match.places[1], replay_of=replay_of)
    TableSeat.objects.bulk_create(seats)
    lifecycle.update_status(tournament)
    return round_
