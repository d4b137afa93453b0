"""The worst files an upload can bring, built in memory: Excel workbooks for the team import and
tournament files for **Restore a tournament**.

Why: the limits of :mod:`tournaments.excel.limits` and of the tournament file
(:mod:`tournaments.services.tournament_file.spec`, ``tournaments/views/restore.py``) promise that no
upload takes more than about 200 MB of memory or 10 s. That promise is only as good as the files it
is tried on, so they are made here, once, for the benchmark (``manage.py bench_uploads``) and the
tests (``tests/test_upload_limits.py``) alike:

- compressed bombs: a workbook whose sheet or shared strings unpack to hundreds of MB
  (:func:`sheet_bomb`, :func:`strings_bomb`), a zip of thousands of parts (:func:`many_parts`);
- the costliest workbook the limits let through (:func:`costliest_workbook`): 2,000 rows of teams
  as Excel writes them, the styles at their own limit of tags, the rest of the tag limit in defined
  names, and text up to the unpacked limit;
- a real sheet of teams as Excel writes it (:func:`excel_like`);
- tournament files: the densest JSON under a size limit (:func:`densest_file`) and deep-nesting
  bombs (:func:`deep_bomb`, :func:`staircase_bomb`).

Every builder is deterministic (random parts come from a fixed seed) and writes nothing to disk.
"""

from __future__ import annotations

import io
import json
import random
import zipfile

from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from tournaments.excel import limits
from tournaments.services.tournament_file import FORMAT, VERSION

MB = 1024 * 1024
HEADINGS = ["Team number", "Team name", "Player 1", "Player 2", "Club"]
EXAMPLE_ROWS = [[1, "De Kezers", "Anna de Vries", "Bram Jansen", "KC Noord"], [2, "Pionnen", "Carla Smit", "Dirk Bos"]]
MAIN = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
SHEET = "xl/worksheets/sheet1.xml"
SHARED_STRINGS = "xl/sharedStrings.xml"
SHARED_STRINGS_TYPE = b"application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
EXCEL_ROW_ATTRIBUTES = (b' xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'
                        b' xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"'
                        b' mc:Ignorable="x14ac"')

# --- workbooks -------------------------------------------------------------------------------


def workbook(rows: list[list] = EXAMPLE_ROWS, headings: list[str] | None = HEADINGS) -> bytes:
    """A workbook as openpyxl saves it: ``headings`` (none when empty) and ``rows`` on its one sheet."""
    book = Workbook()
    if headings:
        book.active.append(headings)
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def rezip(content: bytes, parts: dict[str, bytes] | None = None,
          streamed: dict[str, tuple[bytes, bytes, int, bytes]] | None = None,
          extra: int = 0, method: int = zipfile.ZIP_DEFLATED) -> bytes:
    """The workbook ``content`` with ``parts`` replaced or added, ``streamed`` parts written chunk by
    chunk without holding them (name → (head, unit, megabytes, tail): ``unit`` repeated to fill that
    many MB), and ``extra`` tiny parts more."""
    parts = dict(parts or {})
    streamed = streamed or {}
    source = zipfile.ZipFile(io.BytesIO(content))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method, compresslevel=1 if method == zipfile.ZIP_DEFLATED else None) as target:
        for name in source.namelist():
            if name not in parts and name not in streamed:
                target.writestr(name, source.read(name))
        for name, data in parts.items():
            target.writestr(name, data)
        for name, (head, unit, megabytes, tail) in streamed.items():
            chunk = unit * (MB // len(unit))
            with target.open(name, "w", force_zip64=True) as part:
                part.write(head)
                for _ in range(megabytes):
                    part.write(chunk)
                part.write(tail)
        for number in range(extra):
            target.writestr(f"customXml/item{number}.xml", b"<a/>")
    return buffer.getvalue()


def with_shared_strings(content: bytes, strings: bytes) -> dict[str, bytes]:
    """The parts that make ``strings`` the workbook's shared strings (``xl/sharedStrings.xml``), as
    Excel writes them."""
    source = zipfile.ZipFile(io.BytesIO(content))
    types = source.read("[Content_Types].xml").replace(
        b"</Types>", b'<Override PartName="/xl/sharedStrings.xml" ContentType="' + SHARED_STRINGS_TYPE + b'"/></Types>')
    return {"[Content_Types].xml": types, SHARED_STRINGS: strings}


def sheet_xml(rows: bytes, dimension: bytes = b"") -> bytes:
    return b"<worksheet " + MAIN + b">" + dimension + b"<sheetData>" + rows + b"</sheetData></worksheet>"


def cells(number: int, values: list[str], start: int = 0) -> bytes:
    """Inline-string cells of row ``number``, from column ``start`` (0 is A)."""
    return b"".join(
        b'<c r="%s%d" t="inlineStr"><is><t>%s</t></is></c>' % (get_column_letter(start + index + 1).encode(), number,
                                                               value.encode())
        for index, value in enumerate(values))


def inline_row(number: int, values: list[str], start: int = 0) -> bytes:
    return b'<row r="%d">%s</row>' % (number, cells(number, values, start))


HEADING_ROW = inline_row(1, HEADINGS[1:4])


def markup(content: bytes) -> int:
    """Tags and attributes in every part, counted as :func:`tournaments.excel.limits.archive_problem` counts them."""
    archive = zipfile.ZipFile(io.BytesIO(content))
    return sum(archive.read(name).count(b"<") + archive.read(name).count(b"=") for name in archive.namelist())


def unpacked(content: bytes) -> int:
    """The unpacked size of every part together, in bytes."""
    return sum(info.file_size for info in zipfile.ZipFile(io.BytesIO(content)).infolist())


def random_names(count: int, seed: int = 15) -> bytes:
    """The workbook part with ``count`` defined names of random values: dense markup that does not
    pack well, so only its count can refuse it (3 tags and attributes each)."""
    generator = random.Random(seed)
    names = b"".join(b'<definedName name="n%d">Sheet!$A$%d</definedName>' % (generator.randrange(10**6),
                                                                           generator.randrange(10**6))
                     for _ in range(count))
    part = zipfile.ZipFile(io.BytesIO(workbook())).read("xl/workbook.xml")
    return part.replace(b"</workbook>", b"<definedNames>" + names + b"</definedNames></workbook>")


def bare_styles(count: int, seed: int = 15) -> bytes:
    """A styles part of ``count`` bare cell formats with random white space between them (so that
    they do not pack too well): what costs openpyxl most per tag."""
    generator = random.Random(seed)
    elements = b"".join(b"<xf/>" + bytes(generator.choices(b" \t\r\n", k=6)) for _ in range(count))
    return b"<styleSheet " + MAIN + b"><cellXfs>" + elements + b"</cellXfs></styleSheet>"


def prose(size: int, seed: int = 15) -> bytes:
    """About ``size`` bytes of words from a small vocabulary: text that packs a few times, as text
    does, never the hundred times of a bomb."""
    generator = random.Random(seed)
    words = [bytes(generator.choices(b"abcdefghijklmnopqrstuvwxyz", k=generator.randint(3, 9))) for _ in range(2000)]
    text = b" ".join(generator.choices(words, k=size // 6 + 1))
    return text[:size]


def sheet_bomb(megabytes: int = 300) -> bytes:
    """A valid workbook whose sheet unpacks to ``megabytes`` MB of rows of repeated cells (300 MB
    packs to about 2 MB)."""
    row = b"<row>" + b'<c t="inlineStr"><is><t>Keezen</t></is></c>' * 100 + b"</row>"
    return rezip(workbook(), streamed={SHEET: (b"<worksheet " + MAIN + b"><sheetData>" + HEADING_ROW, row, megabytes,
                                               b"</sheetData></worksheet>")})


def strings_bomb(megabytes: int = 300) -> bytes:
    """A valid workbook whose shared strings unpack to ``megabytes`` MB."""
    base = workbook()
    parts = with_shared_strings(base, b"")
    del parts[SHARED_STRINGS]
    return rezip(base, parts, streamed={SHARED_STRINGS: (b"<sst " + MAIN + b">", b"<si><t>Keezen</t></si>",
                                                         megabytes, b"</sst>")})


def many_parts(extra: int = 5000) -> bytes:
    """A valid workbook with ``extra`` tiny parts more."""
    return rezip(workbook(), extra=extra)


def excel_like(teams: int, strings: list[str] | None = None) -> bytes:
    """A sheet of ``teams`` teams as Excel writes it: shared strings, a style and Excel's row
    attributes on every row (more markup than openpyxl's export); ``strings`` are shared strings
    more that no cell uses (Excel keeps them after a cell is cleared)."""
    table: list[str] = []

    def shared(text: str) -> int:
        table.append(text)
        return len(table) - 1

    rows = [[shared(heading) for heading in HEADINGS]] + [
        [n, shared(f"Team {n}"), shared(f"Speler {n}a met een lange naam"), shared(f"Speler {n}b"),
         shared(f"Club {n % 40}")] for n in range(1, teams + 1)]
    xml = b"".join(
        b'<row r="%d" spans="1:5" x14ac:dyDescent="0.25">' % number + b"".join(
            (b'<c r="%s%d" s="1"><v>%d</v></c>' if number > 1 and index == 0 else b'<c r="%s%d" s="1" t="s"><v>%d</v></c>')
            % (get_column_letter(index + 1).encode(), number, value) for index, value in enumerate(row)) + b"</row>"
        for number, row in enumerate(rows, start=1))
    sheet = b"<worksheet " + MAIN + EXCEL_ROW_ATTRIBUTES + b"><sheetData>" + xml + b"</sheetData></worksheet>"
    sst = b"<sst " + MAIN + b">" + b"".join(b"<si><t>%s</t></si>" % text.encode()
                                            for text in table + (strings or [])) + b"</sst>"
    return rezip(workbook(), {SHEET: sheet, **with_shared_strings(workbook(), sst)})


def costliest_workbook(teams: int = limits.MAX_ROWS) -> bytes:
    """The costliest workbook every limit lets through: ``teams`` rows of valid teams as Excel writes
    them (:func:`excel_like`), the styles at their own limit of tags and attributes (bare cell
    formats: what costs openpyxl most per tag), the rest of the file's limit in defined names, and
    shared strings that no cell uses, of plain words, up to the unpacked limit (openpyxl keeps every
    shared string in memory)."""
    styles = bare_styles(limits.MAX_STYLES_MARKUP - 20)
    rows = rezip(excel_like(teams), {"xl/styles.xml": styles, "xl/workbook.xml": random_names(0)})
    names = (limits.MAX_MARKUP - markup(rows)) // 3
    # Shared strings of 50 KB each fill the unpacked limit; their 4 tags apiece come off the names.
    room = limits.MAX_UNPACKED_BYTES - unpacked(rezip(rows, {"xl/workbook.xml": random_names(names)})) - 32 * 1024
    strings = [prose(50_000, seed).decode() for seed in range(room // 50_009)]
    names -= -(-4 * len(strings) // 3)
    return rezip(excel_like(teams, strings), {"xl/styles.xml": styles, "xl/workbook.xml": random_names(names)})


# --- tournament files ------------------------------------------------------------------------


def densest_file(max_bytes: int) -> bytes:
    """A tournament file of at most ``max_bytes`` that is nothing but empty teams (``{}``): the JSON
    that costs most memory once decoded (an empty object is 64 bytes of Python for 3 of text), within
    the depth limit, and with a problem to name in every entry."""
    head = b'{"format": "%s", "version": %d, "teams": [' % (FORMAT.encode(), VERSION)
    count = (max_bytes - len(head) - 3) // 3
    return head + b"{}," * count + b"{}]}"


def deep_bomb(max_bytes: int) -> bytes:
    """``[`` nested as deep as ``max_bytes`` allows, then closed: what a recursive parser dies of."""
    return b"[" * (max_bytes // 2) + b"]" * (max_bytes // 2)


def staircase_bomb(max_bytes: int) -> bytes:
    """Deep nesting that never opens more than two in a row (``[[]`` repeated, then closed): the depth
    check cannot stop at the first run of openings, it has to count the whole file."""
    steps = max_bytes // 4
    return b"[[]" * steps + b"]" * steps


def densest_accepted_file(max_bytes: int) -> bytes:
    """A tournament file of at most ``max_bytes`` that every check accepts: one team, and a ruling
    whose position (JSON kept as it is, checked value by value) is a list of empty objects."""
    moment = "2026-11-21T10:00:00+00:00"
    data = {
        "format": FORMAT, "version": VERSION, "name": "Dense", "scoring": "pawn-order",
        "teams": [{"id": "T1", "name": "Team 1", "players": ["Anna", "Bram"]}], "tables": [],
        "tournament": {"slug": "dense", "status": "planned", "hidden": True, "archived": False, "created_at": moment,
                       "public_names": "full", "three_team_table": False, "avoid_same_club": False,
                       "entry_grace_minutes": 15, "confirmed_counts": True},
        "clubs": [], "round_details": [], "table_details": [],
        "team_details": [{"team": "T1", "number": 1, "checked_in": False, "withdrawn": False, "registered_at": moment}],
        "rulings": [{"at": moment, "position": {"pawns": "@"}, "code": "K4:-|-|-|-", "seat": 0, "card": "7",
                     "claim": "", "verdict": {"legal": False}, "note": ""}],
    }
    head, tail = json.dumps(data).encode().split(b'"@"')
    count = (max_bytes - len(head) - len(tail) - 3) // 3
    return head + b"[" + b"{}," * count + b"{}]" + tail
