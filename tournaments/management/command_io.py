"""What the commands of the contracts share: reading a file given on the command line (or ``-``,
standard input) within a size limit, and printing a table of standings as CSV or aligned text.

Why here: ``import_tournament``, ``restore_tournament`` and ``import_competition`` read their file
the same way, and ``standings`` and ``competition_standings`` print their rows the same way; one
place keeps their errors and their layout alike.

Why CSV cells are escaped (:func:`csv_cell`): a CSV opened in a spreadsheet runs a cell that starts
with ``=`` (or ``+``, ``-``, ``@``, a tab or a carriage return) as a formula, and names are typed by
anyone who registers a team: ``=HYPERLINK("http://x/","y")`` would become a link on the director's
laptop. As OWASP recommends, such a text is written with a single quote in front, which the
spreadsheet shows as text. Numbers stay numbers (``-5`` is a number, not a formula), so the
contracts' CSV of normal data is exactly as before.
"""

from __future__ import annotations

import csv
import io
import re
import sys
from collections.abc import Collection, Sequence
from pathlib import Path

from django.core.management.base import CommandError, OutputWrapper

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet takes for the start of a formula (OWASP, "CSV Injection")."""
_PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def csv_cell(value: object) -> object:
    """``value`` as a CSV cell that a spreadsheet shows and never runs: a text that would start a
    formula gets a single quote in front; numbers, and texts that are plain numbers, stay as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def read_input(file: str | Path, max_bytes: int) -> bytes:
    """The bytes of ``file`` (``-``: standard input), one byte over ``max_bytes`` at most: enough for
    the reader to refuse a file that is too large. :class:`CommandError` when it cannot be read."""
    try:
        if str(file) == "-":
            return sys.stdin.buffer.read(max_bytes + 1)
        with open(file, "rb") as stream:
            return stream.read(max_bytes + 1)
    except OSError as error:
        raise CommandError(f"cannot read {file}: {error.strerror}") from None


def write_table(stdout: OutputWrapper, format: str, title: str, header: Sequence[str], rows: Sequence[Sequence],
                left: Collection[int]) -> None:
    """``rows`` under ``header`` as CSV (``format`` "csv"), or as text under ``title`` with its columns
    aligned: the columns numbered in ``left`` to the left, the others (numbers) to the right."""
    if format == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow([csv_cell(cell) for cell in header])
        writer.writerows([csv_cell(cell) for cell in row] for row in rows)
        stdout.write(buffer.getvalue(), ending="")
        return
    widths = [max(len(str(x)) for x in column) for column in zip(header, *rows)]
    stdout.write(title)
    for line in [header, *rows]:
        stdout.write("  ".join(str(x).ljust(w) if i in left else str(x).rjust(w)
                               for i, (x, w) in enumerate(zip(line, widths))).rstrip())
