"""Every table of a round with its current sheet: what the round's public results, the director's
sheets overview and the round's files read.

Why here: whether a sheet counts, what state it is in and what each team scored are decided once
(:mod:`.sheet_states`, :func:`.results.seat_scores`); the pages only lay this out. The tables
come from ``Table.objects.with_sheets()``, so a round costs a fixed number of queries.

Frozen is frozen: while the director has frozen the public standings, every public page reads a
table's sheet through :func:`public_sheet` — the version that was the latest at the freeze, in
the state it had then — so a correction, a confirmation or an approval after the freeze shows on
no public page until the unfreeze, and the round pages agree with the frozen standings. Sheets are
versioned, never overwritten, so the version of the freeze is still among the prefetched ones:
no query more than a live page.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass

from django.db.models import Prefetch

import scoring
from tournaments.games import Scoring
from tournaments.models import PublicNames, Result, ResultEvent, Round, Table
from tournaments.services.results import seat_scores
from tournaments.services.seating import Side, side_count, sides
from tournaments.services.sheet_states import result_counts, status_of, waits_for_approval


@dataclass(frozen=True)
class TableSheet:
    """One table, its current sheet (the latest version), its state and its points per seat."""

    table: Table
    sheet: Result | None
    status: str  # missing, submitted, confirmed, disputed, corrected, approved, entered
    counts: bool  # the sheet is in the standings
    scores: tuple[scoring.TableScore, ...] = ()  # per side, in sheet order (empty without a sheet)
    names: str = PublicNames.FULL  # how the sides' players are named (public pages: the tournament's setting)
    waits: bool = False  # confirmed, counting only once the director approves it (sheet_states.waits_for_approval)

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

    @property
    def sheet_rows(self) -> list[tuple[Side, scoring.TableScore | None]]:
        """Each side with the points its sheet gives it, counting or not: what the director reads
        before approving or correcting (the public pages read :attr:`rows`)."""
        return [(side, self.scores[i] if i < len(self.scores) else None) for i, side in enumerate(self.sides)]

    @property
    def written(self) -> str:
        """The sheet in the game's few words, sides named by their letters ("A A B …", "16 deals,
        3 nat, 1 pit"): what the director approves (empty without a sheet)."""
        if self.sheet is None:
            return ""
        setup = Scoring.of(self.table.round.tournament)
        return setup.game.as_written(setup, [side.letter for side in self.sides], self.sheet.sheet)


def public_sheet(table: Table) -> Result | None:
    """The version of the table's sheet the public sees (``table.round.tournament`` and
    ``with_sheets()`` loaded): the latest, or while the standings are frozen the one that was the
    latest at the freeze, in the state it had then (None: no sheet had come in). A snapshot made
    before the freeze kept the sheets (no ``sheets``: before issue 31) shows the latest."""
    frozen = table.round.tournament.frozen_standings
    if not frozen or "sheets" not in frozen:
        return table.current_sheet
    kept = frozen["sheets"].get(str(table.round.number), {}).get(str(table.number))
    if kept is None:
        return None
    version, state = kept
    sheet = next((sheet for sheet in table.sheet_versions if sheet.version == version), None)
    if sheet is None or sheet.state == state:
        return sheet
    then = copy.copy(sheet)  # confirmed, disputed or approved since: the state of the freeze
    then.state = state
    return then


def table_sheet(table: Table, names: str = PublicNames.FULL, *, public: bool = False) -> TableSheet:
    """The state of one table (``table.round.tournament`` and ``with_sheets()`` loaded); ``public``:
    as players see it (:func:`public_sheet`), else the latest sheet."""
    tournament = table.round.tournament
    current = public_sheet(table) if public else table.current_sheet
    if current is None:
        return TableSheet(table, None, status_of(None), False, names=names)
    return TableSheet(table, current, status_of(current), result_counts(current.state, tournament.confirmed_counts),
                      tuple(seat_scores(tournament, side_count(table), current.sheet)), names,
                      waits_for_approval(current, tournament.confirmed_counts))


def round_sheets(round_: Round, *, with_disputes: bool = False, names: str = PublicNames.FULL,
                 public: bool = False) -> list[TableSheet]:
    """Every table of the round in number order; ``with_disputes`` adds ``table.disputes`` (the
    dispute events, newest first) for the director's overview; ``names``: see :func:`.seating.sides`;
    ``public``: the sheets as players see them (:func:`public_sheet`)."""
    tables = round_.tables.order_by("number").with_sheets()
    if with_disputes:
        disputes = ResultEvent.objects.filter(kind=ResultEvent.Kind.DISPUTED).order_by("-created_at")
        tables = tables.prefetch_related(Prefetch("events", queryset=disputes, to_attr="disputes"))
    out = []
    for table in tables:
        table.round = round_  # already loaded: no query per table
        out.append(table_sheet(table, names, public=public))
    return out


def status_counts(sheets: list[TableSheet]) -> Counter:
    return Counter(sheet.status for sheet in sheets)
