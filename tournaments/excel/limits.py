"""What an uploaded Excel workbook may hold, checked before openpyxl opens it.

Why: an ``.xlsx`` is a zip of XML parts, and a few MB can unpack to gigabytes (a compressed bomb) or
to millions of tiny XML elements that openpyxl turns into Python objects (hundreds of bytes each).
One such upload must not take the laptop down in the middle of a tournament, so every limit here
keeps an upload under about 200 MB of memory and a few seconds, while staying far above what a
real sheet of teams holds (2,000 teams unpack to about 1.5 MB with about 110,000 tags and attributes).

:func:`archive_problem` reads only the zip's directory and then streams each part once, never
keeping more than a chunk in memory; the importer (:mod:`tournaments.excel.teams`) refuses the file
with the message it returns, and then applies :data:`MAX_ROWS` and :data:`MAX_COLUMNS` while it
reads the sheet in openpyxl's read-only mode. The size of the upload itself is
``settings.TEAM_IMPORT_MAX_BYTES`` (5 MB).
"""

from __future__ import annotations

import re
import zipfile
from typing import IO

from django.utils.translation import gettext as _
from openpyxl.xml.constants import ARC_STYLE

MAX_ROWS = 2000
"""Rows of teams read from the sheet (the heading row not counted): far above the largest tournament."""
MAX_COLUMNS = 50
"""Columns a row may reach; the layout has five."""
LAST_EXCEL_ROW = 1_048_576
"""Excel's last row: a sheet that claims a row beyond it is not a sheet Excel wrote."""

MAX_ENTRIES = 200
"""Parts in the zip: a workbook of one sheet has about a dozen, one of forty sheets fewer than 200."""
MAX_UNPACKED_BYTES = 10 * 1024 * 1024
"""The sum of the parts' unpacked sizes (10 MB): a sheet of 2,000 teams is about 1.5 MB."""
MAX_RATIO = 100
"""How many times its packed size a part may unpack to. XML of real sheets packs 5–30 times; a bomb
packs hundreds or a thousand times."""
RATIO_GRACE_BYTES = 100 * 1024
"""Parts smaller than this (100 KB unpacked) are not held to :data:`MAX_RATIO`."""
MAX_MARKUP = 200_000
"""XML tags and attributes (``<`` and ``=``) in all parts together: what bounds openpyxl's memory,
which spends up to about 600 bytes per element and 150 per attribute. A sheet of 2,000 teams as
Excel writes it has about 110,000."""
MAX_STYLES_MARKUP = 30_000
"""Tags and attributes in the styles part (``xl/styles.xml``, where openpyxl always reads them), which
costs openpyxl most: about 75 µs and 750 bytes per element. Excel writes a few hundred to a few
thousand."""

_CHUNK = 1024 * 1024
_DECLARATION = re.compile(rb"""<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
_ENCODINGS = {b"utf-8", b"utf8", b"us-ascii", b"ascii", b"iso-8859-1", b"latin-1", b"latin1"}
_NOT_8_BIT = (b"\xfe\xff", b"\xff\xfe", b"\x00<", b"<\x00")
_DECLARATIONS = (b"<!DOCTYPE", b"<!ENTITY")


def archive_problem(upload: IO[bytes], name: str) -> str | None:
    """Why this upload may not be opened as a workbook, or None when it may.

    Checks, in order: a zip at all; the number of parts; packing methods Excel uses (stored or
    deflated, not encrypted); the unpacked total and each part's ratio, from the zip's directory
    before anything is unpacked (Python's zip reader never unpacks a part beyond the size the
    directory declares, so these sums hold); then each part is unpacked once in chunks: XML in an
    8-bit encoding without a document type (no entity tricks), and its tags and attributes counted.
    """
    unreadable = _("“%(name)s” could not be read as an Excel workbook (.xlsx).") % {"name": name}
    upload.seek(0)
    try:
        archive = zipfile.ZipFile(upload)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
        return unreadable
    with archive:
        entries = archive.infolist()
        if len(entries) > MAX_ENTRIES:
            return _("“%(name)s” holds %(count)s parts; an Excel workbook may hold at most %(max)s. "
                     "Save only the sheet of teams and try again.") % {
                "name": name, "count": len(entries), "max": MAX_ENTRIES}
        if any(entry.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED) or entry.flag_bits & 0x1
               for entry in entries):
            return unreadable
        unpacked = sum(entry.file_size for entry in entries)
        if unpacked > MAX_UNPACKED_BYTES:
            return _("The file unpacks to %(size)s MB, more than the limit of %(max)s MB; a sheet of teams is far "
                     "smaller. Save only the sheet of teams and try again.") % {
                "size": f"{unpacked / 1024 / 1024:.1f}", "max": MAX_UNPACKED_BYTES // 1024 // 1024}
        for entry in entries:
            if entry.file_size > RATIO_GRACE_BYTES and entry.file_size > MAX_RATIO * max(entry.compress_size, 1):
                return _("Part “%(part)s” of the file unpacks to %(ratio)s times its packed size; the limit is "
                         "%(max)s times. This is not a workbook as Excel saves it.") % {
                    "part": entry.filename, "ratio": entry.file_size // max(entry.compress_size, 1),
                    "max": MAX_RATIO}
        try:
            return _stream_problem(archive, entries)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError):
            return unreadable  # a damaged part, a wrong checksum, a size the directory did not declare


def _stream_problem(archive: zipfile.ZipFile, entries: list[zipfile.ZipInfo]) -> str | None:
    markup = 0
    for entry in entries:
        in_part = 0
        with archive.open(entry) as part:
            first = part.read(_CHUNK)
            problem = _encoding_problem(entry.filename, first)
            if problem:
                return problem
            tail, chunk = b"", first
            while chunk:
                window = tail + chunk
                if any(declaration in window for declaration in _DECLARATIONS):
                    return _("Part “%(part)s” of the file declares a document type or entities (<!DOCTYPE>), "
                             "which Excel never writes; the file is refused.") % {"part": entry.filename}
                counted = chunk.count(b"<") + chunk.count(b"=")
                markup, in_part = markup + counted, in_part + counted
                if entry.filename == ARC_STYLE and in_part > MAX_STYLES_MARKUP:
                    return _("The file's styles (%(part)s) hold more than %(max)s XML tags and attributes; Excel "
                             "writes a few thousand. Copy the teams into a new workbook and try again.") % {
                        "part": ARC_STYLE, "max": MAX_STYLES_MARKUP}
                if markup > MAX_MARKUP:
                    return _("The file holds more than %(max)s XML tags and attributes; a sheet of %(rows)s teams "
                             "needs about half that. Save only the sheet of teams and try again.") % {
                        "max": MAX_MARKUP, "rows": MAX_ROWS}
                tail = window[-len(_DECLARATIONS[0]):]
                chunk = part.read(_CHUNK)
    return None


def _encoding_problem(part: str, start: bytes) -> str | None:
    """XML the parser reads byte for byte as ASCII markup, so the counts and the search above hold:
    UTF-16 and encodings declared other than UTF-8, ASCII or Latin-1 are refused."""
    declared = _DECLARATION.match(start.removeprefix(b"\xef\xbb\xbf")[:500])
    if start.startswith(_NOT_8_BIT) or (declared and declared.group(1).lower() not in _ENCODINGS):
        return _("Part “%(part)s” of the file is XML in an encoding Excel does not write (it writes UTF-8); "
                 "the file is refused.") % {"part": part}
    return None
