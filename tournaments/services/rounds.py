"""Rounds and tables made by hand, and what the director's round pages show.

Every check happens before anything is written; a table is created with its seats in one
transaction, and the database's constraints (one table per team per round) back the checks up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, F, Max, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import (
    Bye,
    Round,
    RoundStatus,
    Table,
    TableSeat,
    Team,
    Tournament,
)
from tournaments.services import lifecycle
from tournaments.services.clock import Clock, ClockState, clock
from tournaments.services.round_sheets import TableSheet, round_sheets
from tournaments.services.seating import Side, new_seats
from tournaments.services.sheet_states import open_tables

if TYPE_CHECKING:
    from tournaments.services.draft import Flag


def add_round(tournament: Tournament, *, final: bool = False, minutes: int | None = None) -> Round:
    """The next round, with the tournament's minutes per round (or ``minutes``); ``final``: a round of
    the knock-out finals (:mod:`.finals`)."""
    number = (tournament.round_set.aggregate(m=Max("number"))["m"] or 0) + 1
    return Round.objects.create(tournament=tournament, number=number, minutes=minutes or tournament.round_minutes,
                                final=final)


def check_table_teams(round_: Round, teams: list[Team], table: Table | None = None) -> list[str]:
    """Every reason these teams cannot sit together at a table of this round."""
    errors = []
    tournament = round_.tournament
    if round_.final:
        errors.append(_("Round %(number)s is a finals round: its tables come from the bracket.")
                      % {"number": round_.number})
    allowed = tournament.sides_per_table
    if tournament.individual:
        if len(teams) not in [2 * sides for sides in allowed]:
            errors.append(_("A table seats two pairs (4 players) in this tournament.") if allowed == (2,)
                          else _("A table seats two or three pairs (4 or 6 players)."))
    else:
        if len(teams) not in allowed:
            errors.append(
                _("A table seats 2 teams in this tournament.") if allowed == (2,)
                else _("A table seats 2 or 3 teams.")
            )
    seen = set()
    for team in teams:
        if team.pk in seen:
            errors.append(_("Team %(team)s is chosen twice.") % {"team": team})
        seen.add(team.pk)
        if team.tournament_id != tournament.pk:
            errors.append(_("Team %(team)s plays in another tournament.") % {"team": team})
        if team.withdrawn:
            errors.append(_("Team %(team)s has withdrawn.") % {"team": team})
    seated = (TableSeat.objects.filter(round=round_, team__in=teams).select_related("table", "team")
              .order_by("table__number", "position"))
    if table is not None:
        seated = seated.exclude(table=table)
    for seat in seated:
        errors.append(
            _("Team %(team)s already sits at table %(table)s in this round.")
            % {"team": seat.team, "table": seat.table.number}
        )
    if round_.byes.filter(team__in=teams).exists():
        errors.append(_("A team with a bye in this round cannot sit at a table."))
    return errors


def add_table(round_: Round, teams: list[Team], number: int | None = None) -> Table:
    """A new table seating ``teams`` in sheet order; raises ValidationError listing every problem."""
    errors = check_table_teams(round_, teams)
    if number is not None and round_.tables.filter(number=number).exists():
        errors.append(_("Table %(number)s already exists in this round.") % {"number": number})
    if errors:
        raise ValidationError(errors)
    try:
        with transaction.atomic():
            if number is None:
                number = (round_.tables.aggregate(m=Max("number"))["m"] or 0) + 1
            table = Table.objects.create(round=round_, number=number)
            TableSeat.objects.bulk_create(new_seats(table, teams, round_.tournament.individual))
            lifecycle.update_status(round_.tournament)  # a table without a sheet in a published round
    except IntegrityError:
        raise ValidationError(_("Someone else changed this round at the same moment; nothing was saved.")) from None
    return table


def rounds_with_counts(tournament: Tournament) -> QuerySet:
    """The tournament's rounds, each with ``table_count``, ``missing_count`` (tables without any
    sheet), ``open_count`` (tables whose sheet does not count yet: missing, waiting for
    confirmation or approval, disputed — see :mod:`.sheet_states`) and ``unsettled_count`` (the
    open tables that have a sheet)."""
    open_in_round = (open_tables(Table.objects.filter(round=OuterRef("pk")), tournament.confirmed_counts)
                     .order_by().values("round").annotate(count=Count("pk")).values("count"))
    return tournament.round_set.annotate(
        table_count=Count("tables", distinct=True),
        missing_count=Count("tables", filter=Q(tables__results__isnull=True), distinct=True),
        open_count=Coalesce(Subquery(open_in_round), 0),
    ).annotate(unsettled_count=F("open_count") - F("missing_count"))  # in, but not counting yet


@dataclass(frozen=True)
class RoundTable:
    """A table as the round page lists it: its seats, whether a flag names it, and its sheet as the
    sheets overview reads it (:class:`.round_sheets.TableSheet`: one place decides its state and
    what it gives each side)."""

    sheet: TableSheet
    seats: list[Side]
    flagged: bool

    @property
    def table(self) -> Table:
        return self.sheet.table

    @property
    def status(self) -> str:
        """missing, submitted, confirmed, disputed, corrected, approved or entered (sheet_states.status_of)."""
        return self.sheet.status

    @property
    def open(self) -> bool:
        """The sheet does not count yet (sheet_states.is_open)."""
        return not self.sheet.counts


@dataclass
class RoundPage:
    """What the director's round page shows: tables with seats, flags and sheets, byes, the clock."""

    round: Round
    tables: list[RoundTable]
    byes: list[Bye]
    flags: list[Flag]
    clock: Clock

    @property
    def is_draft(self) -> bool:
        return self.round.status == RoundStatus.DRAFT

    @property
    def open_count(self) -> int:
        return sum(row.open for row in self.tables)

    @property
    def has_sheets(self) -> bool:
        return any(row.status != "missing" for row in self.tables)

    @property
    def can_return_to_draft(self) -> bool:
        """Published, clock not started, no sheet in: what :func:`.draft.unpublish` allows."""
        return self.round.status == RoundStatus.PUBLISHED and self.clock.state == ClockState.WAITING \
            and not self.has_sheets

    @property
    def can_close(self) -> bool:
        """Being played and every table in: what :func:`close_round` allows."""
        return self.round.status in (RoundStatus.PUBLISHED, RoundStatus.RUNNING) and bool(self.tables) \
            and self.open_count == 0

    @property
    def swap_teams(self) -> list[Team]:
        """Every team (or player of an individual tournament) with a place in the round (tables, then
        byes): what a swap can choose from."""
        return [team for row in self.tables for side in row.seats for team in side.teams] + [bye.team for bye in self.byes]


def round_page(round_: Round) -> RoundPage:
    from tournaments.services.draft import (
        round_flags,  # draft builds on this module's checks
    )

    flags = round_flags(round_)
    flagged = {flag.table for flag in flags if flag.table}
    return RoundPage(
        round=round_,
        tables=[RoundTable(sheet, sheet.sides, sheet.table.number in flagged) for sheet in round_sheets(round_)],
        byes=list(round_.byes.select_related("team").order_by("team__number")), flags=flags, clock=clock(round_),
    )


def delete_table(table: Table) -> None:
    """Remove a table made by mistake — only in a draft and while it has no result or ruling."""
    round_ = table.round
    if round_.final:
        raise ValidationError(_("Round %(number)s is a finals round: its tables come from the bracket.")
                              % {"number": round_.number})
    if round_.status != RoundStatus.DRAFT:
        raise ValidationError(_("Round %(number)s is published; return it to draft before changing its tables.")
                              % {"number": round_.number})
    if table.results.exists() or table.rulings.exists():
        raise ValidationError(_("Table %(number)s has a result or a ruling and cannot be removed.")
                              % {"number": table.number})
    table.delete()


def close_round(round_: Round) -> Round:
    """The director closes a round whose tables are all in (every sheet counts): it says finished,
    and its table links take nothing more (the desk still corrects). Refused, with nothing changed,
    while a table is open or the round is a draft or closed already."""
    with transaction.atomic():
        locked = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
        lifecycle.check_not_archived(locked.tournament)
        if locked.status not in (RoundStatus.PUBLISHED, RoundStatus.RUNNING):
            raise ValidationError(_("Round %(number)s is not being played: there is nothing to close.")
                                  % {"number": locked.number})
        missing = open_tables(locked.tables.all(), locked.tournament.confirmed_counts).count()
        if missing:
            raise ValidationError(ngettext("Round %(number)s still has %(count)s open table: close it when every "
                                           "table is in.",
                                           "Round %(number)s still has %(count)s open tables: close it when every "
                                           "table is in.", missing) % {"number": locked.number, "count": missing})
        locked.status = RoundStatus.FINISHED
        locked.save(update_fields=["status"])
        lifecycle.update_status(locked.tournament)
    return locked


def reopen_round(round_: Round) -> Round:
    """A closed round takes sheets again (its clock as it was): running once its clock was started."""
    with transaction.atomic():
        locked = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
        lifecycle.check_not_archived(locked.tournament)
        if locked.status != RoundStatus.FINISHED:
            raise ValidationError(_("Round %(number)s is not closed.") % {"number": locked.number})
        locked.status = RoundStatus.RUNNING if locked.started_at else RoundStatus.PUBLISHED
        locked.save(update_fields=["status"])
        lifecycle.update_status(locked.tournament)
    return locked
