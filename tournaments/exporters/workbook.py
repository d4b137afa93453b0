"""One way to write an Excel workbook (openpyxl): sheets of rows of plain values.

In the manner of pretix's exporters: a workbook names its sheets and yields each sheet's rows
(headings first) as plain values; :meth:`WorkbookRows.render` alone knows about openpyxl. The
rows can therefore be tested, or written as CSV, without a workbook. Text stays text, even when
it starts with ``=`` (no formula injection from a team's name).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

MAX_SHEET_TITLE = 31  # Excel's limit


@dataclass(frozen=True)
class SheetSpec:
    name: str  # stable identifier
    title: str  # shown on the tab
    widths: tuple[int, ...] = ()
    headings: bool = True  # the first row is headings: bold, and frozen while scrolling


class WorkbookRows:
    """Rows per sheet; subclasses name the sheets and yield their rows."""

    def sheets(self) -> list[SheetSpec]:
        raise NotImplementedError

    def iterate_sheet(self, sheet: SheetSpec) -> Iterator[list]:
        raise NotImplementedError

    def render(self) -> bytes:
        workbook = Workbook()
        workbook.remove(workbook.active)
        for spec in self.sheets():
            sheet = workbook.create_sheet(spec.title[:MAX_SHEET_TITLE])
            for number, row in enumerate(self.iterate_sheet(spec), start=1):
                _append(sheet, number, row)
            for column, width in enumerate(spec.widths, start=1):
                sheet.column_dimensions[get_column_letter(column)].width = width
            if spec.headings:
                for cell in sheet[1]:
                    cell.font = Font(bold=True)
                sheet.freeze_panes = "A2"
        if not workbook.worksheets:
            workbook.create_sheet()
        buffer = io.BytesIO()
        workbook.save(buffer)
        return buffer.getvalue()


def _append(sheet, row_number: int, values: list) -> None:
    """Text stays text, even when it starts with '=' (no formula injection from team names)."""
    for column, value in enumerate(values, start=1):
        if value is None or value == "":
            continue
        cell = sheet.cell(row=row_number, column=column, value=value)
        if isinstance(value, str):
            cell.data_type = "s"
