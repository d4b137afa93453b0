"""A competition's standings as an Excel workbook (openpyxl, through
:class:`tournaments.exporters.workbook.WorkbookRows`): one sheet, a row per person, a column per
evening held.

Why numbers stay numbers: a club adds up and sorts in its own sheet, so each evening's cell holds
the points that evening gave (counted or not) and two text columns say which evenings were
dropped and which were excused absences. Names under the competition's privacy setting: the file
leaves the laptop.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.utils.translation import gettext as _

from seasons.models import Competition
from seasons.services.shown import ShownLine, movement_text, shown_lines
from seasons.services.standings import CompetitionStandings, competition_standings
from tournaments.exporters.workbook import SheetSpec, WorkbookRows


class CompetitionWorkbook(WorkbookRows):
    """The standings after evening ``after`` (default: the last held); ``report``: those standings
    when the caller has them (with movement)."""

    def __init__(self, competition: Competition, after: int | None = None,
                 report: CompetitionStandings | None = None):
        self.competition = competition
        self.report: CompetitionStandings = report or competition_standings(competition, after, movement=True)
        self.lines: list[ShownLine] = shown_lines(self.report, public=True)

    def sheets(self) -> list[SheetSpec]:
        evenings = len(self.report.held)
        return [SheetSpec("standings", _("Standings"), (8, 30, 10, 10, 10) + (8,) * evenings + (16, 16, 10))]

    def iterate_sheet(self, sheet: SheetSpec) -> Iterator[list]:
        held = self.report.held
        yield [_("Rank"), _("Name"), _("Movement"), _("Evenings"), _("Points"),
               *(_("Evening %(n)s") % {"n": n} for n in held), _("Dropped"), _("Excused"), _("Lot")]
        for line in self.lines:
            marks = line.by_evening()
            yield [line.rank, line.name, movement_text(line), line.row.evenings, line.points,
                   *(marks[n].points if n in marks else None for n in held),
                   ", ".join(str(mark.evening) for mark in line.marks if not mark.counted),
                   ", ".join(str(mark.evening) for mark in line.marks if mark.excused),
                   _("by lot") if line.row.lot else ""]


def standings_xlsx(competition: Competition, after: int | None = None,
                   report: CompetitionStandings | None = None) -> bytes:
    """The workbook's bytes (:class:`CompetitionWorkbook`)."""
    return CompetitionWorkbook(competition, after, report).render()
