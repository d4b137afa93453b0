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
from tournaments.models import PublicNames, Result, ResultEvent, Round, Table
from tournaments.services.results import seat_scores
from tournaments.services.seating import Side, side_count, sides
from tournaments.services.sheet_states import result_counts, status_of


@dataclass(frozen=True)
class TableSheet:
    """One table, its current sheet (the latest version), its state and its points per seat."""

    table: Table
    sheet: Result | None
    status: str  # missing, submitted, confirmed, disputed, corrected, approved, entered
    counts: bool  # the sheet is in the standings
    scores: tuple[scoring.TableScore, ...] = ()  # per side, in sheet order (empty without a sheet)
    names: str = PublicNames.FULL  # how the sides' players are named (public pages: the tournament's setting)

    @property
    def sides(self) -> list[Side]:
        return sides(self.table, self.names)

    @property
    def corrected(self) -> bool:
        return self.sheet is not None and self.sheet.version > 1

    @property
    def rows(self) -> list[tuple[Side, scoring.TableScore | None]]:
        """Each side with its points when the sheet counts (None while it does not)."""
        scores = self.scores if self.counts else ()
        return [(side, scores[i] if i < len(scores) else None) for i, side in enumerate(self.sides)]


def table_sheet(table: Table, names: str = PublicNames.FULL) -> TableSheet:
    """The state of one table (``table.round.tournament`` and ``with_sheets()`` loaded)."""
    tournament = table.round.tournament
    current = table.current_sheet
    if current is None:
        return TableSheet(table, None, status_of(None), False, names=names)
    return TableSheet(table, current, status_of(current), result_counts(current.state, tournament.confirmed_counts),
                      tuple(seat_scores(tournament, side_count(table), current.sheet)), names)


def round_sheets(round_: Round, *, with_disputes: bool = False, names: str = PublicNames.FULL) -> list[TableSheet]:
    """Every table of the round in number order; ``with_disputes`` adds ``table.disputes`` (the
    dispute events, newest first) for the director's overview; ``names``: see :func:`.seating.sides`."""
    tables = round_.tables.order_by("number").with_sheets()
    if with_disputes:
        disputes = ResultEvent.objects.filter(kind=ResultEvent.Kind.DISPUTED).order_by("-created_at")
        tables = tables.prefetch_related(Prefetch("events", queryset=disputes, to_attr="disputes"))
    out = []
    for table in tables:
        table.round = round_  # already loaded: no query per table
        out.append(table_sheet(table, names))
    return out


def status_counts(sheets: list[TableSheet]) -> Counter:
    return Counter(sheet.status for sheet in sheets)
