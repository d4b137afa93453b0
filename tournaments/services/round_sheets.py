"""Every table of a round with its current sheet: what the round's public results, the director's
sheets overview and the round's files read.

Why here: whether a sheet counts, what state it is in and what each team scored are decided once
(:mod:`.sheet_states`, :func:`.results.seat_scores`); the pages only lay this out. The tables
come from ``Table.objects.with_sheets()``, so a round costs a fixed number of queries.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import Prefetch

import scoring
from tournaments.models import Result, ResultEvent, Round, Table, TableSeat, Team
from tournaments.services.results import seat_scores
from tournaments.services.sheet_states import result_counts, status_of


@dataclass(frozen=True)
class TableSheet:
    """One table, its current sheet (the latest version), its state and its points per seat."""

    table: Table
    sheet: Result | None
    status: str  # missing, submitted, confirmed, disputed, corrected, approved, entered
    counts: bool  # the sheet is in the standings
    scores: tuple[scoring.TableScore, ...] = ()  # per seat, in sheet order (empty without a sheet)

    @property
    def seats(self) -> list[TableSeat]:
        return list(self.table.seats.all())

    @property
    def corrected(self) -> bool:
        return self.sheet is not None and self.sheet.version > 1

    @property
    def rows(self) -> list[tuple[Team, scoring.TableScore | None]]:
        """Each team with its points when the sheet counts (None while it does not)."""
        scores = self.scores if self.counts else ()
        return [(seat.team, scores[i] if i < len(scores) else None) for i, seat in enumerate(self.seats)]


def table_sheet(table: Table) -> TableSheet:
    """The state of one table (``table.round.tournament`` and ``with_sheets()`` loaded)."""
    tournament = table.round.tournament
    current = table.current_sheet
    if current is None:
        return TableSheet(table, None, status_of(None), False)
    return TableSheet(table, current, status_of(current), result_counts(current.state, tournament.confirmed_counts),
                      tuple(seat_scores(tournament, len(table.seats.all()), current.sheet)))


def round_sheets(round_: Round, *, with_disputes: bool = False) -> list[TableSheet]:
    """Every table of the round in number order; ``with_disputes`` adds ``table.disputes`` (the
    dispute events, newest first) for the director's overview."""
    tables = round_.tables.order_by("number").with_sheets()
    if with_disputes:
        disputes = ResultEvent.objects.filter(kind=ResultEvent.Kind.DISPUTED).order_by("-created_at")
        tables = tables.prefetch_related(Prefetch("events", queryset=disputes, to_attr="disputes"))
    out = []
    for table in tables:
        table.round = round_  # already loaded: no query per table
        out.append(table_sheet(table))
    return out


def status_counts(sheets: list[TableSheet]) -> Counter:
    return Counter(sheet.status for sheet in sheets)
