"""What the commands of the contracts share: reading a file given on the command line (or ``-``,
standard input) within a size limit, and printing a table of standings as CSV or aligned text.

Why here: ``import_tournament``, ``restore_tournament`` and ``import_competition`` read their file
the same way, and ``standings`` and ``competition_standings`` print their rows the same way; one
place keeps their errors and their layout alike.
"""

from __future__ import annotations

import csv
import io
import sys
from collections.abc import Collection, Sequence
from pathlib import Path

from django.core.management.base import CommandError, OutputWrapper


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
        writer.writerow(header)
        writer.writerows(rows)
        stdout.write(buffer.getvalue(), ending="")
        return
    widths = [max(len(str(x)) for x in column) for column in zip(header, *rows)]
    stdout.write(title)
    for line in [header, *rows]:
        stdout.write("  ".join(str(x).ljust(w) if i in left else str(x).rjust(w)
                               for i, (x, w) in enumerate(zip(line, widths))).rstrip())
