"""Standings as A4 PDF (WeasyPrint), from Django templates; the prize list (:mod:`prizes.exporters`)
is laid out with the same pages, columns and parts.

The HTML is rendered with Django (so ``{% translate %}`` and the active language apply) and
laid out by WeasyPrint. Nothing is fetched: the fetcher only accepts ``data:`` URLs, the fonts
are the system's (DejaVu Sans; WenQuanYi Micro Hei for Chinese, Japanese and Korean names, Noto
Color Emoji and Noto's other scripts by the system's fallback; templates/tournaments/pdf/base.html,
docs/printing.md), so a venue without internet prints
the same PDF.

Why pages are cut here and columns are blocks: WeasyPrint spends its time per box and per line,
in Python; a table cell costs about three lines of text. So each page is one table with one
row, and each column of that row is one preformatted block with a line per place (a long name
printed a size smaller, or on two half-height lines inside its place, before it is cut off with
"…": :func:`fitted`; so every place is one line high). Because
every place is one line high, this module knows which places go on which page, and a long file
is rendered in parts on every core (:mod:`common.pdf`), each part with its pages'
own "page X of Y". The prize list does the same with two lines per place (:mod:`prizes.exporters`).
"""

from __future__ import annotations

import base64
import math
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import weasyprint
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from common import pdf
from tournaments.models import Tournament
from tournaments.services.public_names import shown_standings
from tournaments.services.standings import Standings, standings

STANDINGS_TEMPLATE = "tournaments/pdf/standings.html"
# More round columns than this do not fit across a portrait A4 page.
PORTRAIT_MAX_ROUNDS = 8

# Page geometry (mm), as base.html sets it: A4 with margins of 16 mm (top) and 18 mm (bottom).
PAGE_HEIGHT = {False: 297, True: 210}
PAGE_WIDTH = {False: 210, True: 297}
PAGE_MARGINS = 16 + 18
SIDE_MARGINS = 2 * 14
# A line is kept free under every table for the mark of a bye.
LEGEND = 6
STANDINGS_LINE = 6.1  # height of one place in the standings (the old table's row)
STANDINGS_HEAD = 8.5  # the column headings
PARALLEL_FROM_PAGES = 3  # fewer pages per process than this are not worth another process


def css_string(text: str) -> str:
    """``text`` as a quoted CSS string, safe inside a <style> element."""
    escaped = re.sub(r'[\\"<>\n\r]', lambda m: "\\%X " % ord(m.group()), text)
    return f'"{escaped}"'


def page_counter_css() -> str:
    """The CSS ``content`` of the footer: the translated “Page X of Y” with live counters."""
    parts = re.split(r"(%\(page\)s|%\(pages\)s)", _("Page %(page)s of %(pages)s"))
    out = []
    for part in parts:
        if part == "%(page)s":
            out.append("counter(page)")
        elif part == "%(pages)s":
            out.append("counter(pages)")
        elif part:
            out.append(css_string(part))
    return " ".join(out) or 'counter(page) " / " counter(pages)'


def page_context(tournament: Tournament, landscape: bool = False) -> dict:
    """What every PDF's base template needs: the tournament, its system, the page footer."""
    printed = _("Printed %(when)s") % {"when": date_format(timezone.localtime(), "SHORT_DATETIME_FORMAT")}
    return {
        "tournament": tournament,
        "tournament_css": mark_safe(css_string(tournament.name)),  # escaped by css_string
        "scoring_system": tournament.get_scoring_system_display(),
        "landscape": landscape,
        "page_counter": mark_safe(page_counter_css()),  # built from our own message, escaped above
        "printed": mark_safe(css_string(printed)),
        "printed_text": printed,  # the same, for the page itself (table cards)
    }


# --- pages ----------------------------------------------------------------------------------


@dataclass
class Column:
    """One column of a page: its heading, width (mm, None: what is left), CSS class and lines."""

    heading: str
    width: float | None
    css: str
    lines: SafeString
    th_class: str = ""


@dataclass
class Page:
    number: int
    count: int
    rows: list
    columns: list[Column]
    has_bye: bool = False

    @property
    def label(self) -> str:
        """“Page X of Y” as a CSS string, for a file rendered in parts (see the module docstring);
        HTML-escaped where the template puts it in an attribute."""
        return (css_string(_("Page %(page)s of %(pages)s") % {"page": self.number, "pages": self.count}))


MM_PER_PT = 25.4 / 72

# DejaVu Sans's advance widths of " " to "~" in 1/2048 em (read from the fonts' hmtx tables), regular
# and bold: a name's printed width is the sum of its characters' (an accented letter as its letter).
_ASCII = {
    False: (651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690, 1303, 1303,
            1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087, 2048, 1401, 1405,
            1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612, 1235, 1612, 1423, 1300,
            1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024, 1024, 1255, 1300, 1126, 1300,
            1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253, 1300, 1300, 842, 1067, 803, 1298, 1212,
            1675, 1212, 1212, 1075, 1303, 690, 1303, 1716),
    True: (713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, 778, 850, 778, 748, 1425, 1425,
           1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 819, 819, 1716, 1716, 1716, 1188, 2048, 1585, 1561,
           1503, 1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741, 1501, 1741, 1577, 1475,
           1397, 1663, 1585, 2259, 1579, 1483, 1485, 936, 748, 936, 1716, 1024, 1024, 1382, 1466, 1214, 1466,
           1389, 891, 1466, 1458, 702, 702, 1362, 702, 2134, 1458, 1407, 1466, 1466, 1010, 1219, 979, 1458, 1335,
           1892, 1321, 1335, 1192, 1458, 748, 1458, 1716),
}
_OTHERS = {  # Latin letters that are no ASCII letter with an accent (æ, ø, ł, ß…), and signs the files print
    "æ": (2011, 2146), "Æ": (1995, 2222), "œ": (2095, 2241), "Œ": (2191, 2390), "ø": (1253, 1407),
    "Ø": (1612, 1741), "ł": (582, 760), "Ł": (1151, 1315), "ß": (1290, 1473), "đ": (1300, 1466),
    "Đ": (1587, 1716), "ı": (569, 702), "ĳ": (1138, 1404), "Ĳ": (1208, 1524), "þ": (1300, 1466),
    "Þ": (1239, 1511), "ð": (1253, 1407), "‘": (651, 778), "’": (651, 778), "“": (1061, 1346),
    "”": (1061, 1346), "„": (1061, 1346), "…": (2048, 2048), "·": (651, 778), "–": (1024, 1024),
    "—": (2048, 2048),
}
PLAIN_EM, CAPITAL_EM = 0.64, 0.79
"""Another script's letters (Greek, Cyrillic, Arabic…: DejaVu Sans too), at about the widest of a
Latin small letter and capital."""
WIDE_EM = 1.0
"""A Chinese, Japanese or Korean character (WenQuanYi Micro Hei) is 1 em wide."""
EMOJI_EM = 1.25
"""An emoji (Noto Color Emoji) is about 1.25 em wide."""
BOLD = 1.13
"""Bold is about 13 % wider, where the widths above are not a bold font's own."""
_JOINERS = frozenset("\u200d\ufe0e\ufe0f")  # zero-width joiner, text and emoji presentation


def char_width(char: str, bold: bool = False) -> float:
    """How wide ``char`` prints, in em: 0 for what joins or modifies the character before it (accents,
    the zero-width joiner of emoji sequences, skin tones, variation selectors); DejaVu Sans's own width
    for a Latin letter (an accented one as its letter: "é" as "e"), digit or sign; 1 for CJK, 1.25
    for an emoji; about the widest Latin small letter or capital for another script's."""
    if unicodedata.combining(char) or char in _JOINERS or "\U0001f3fb" <= char <= "\U0001f3ff" \
            or "\U000e0020" <= char <= "\U000e007f":
        return 0.0
    if unicodedata.east_asian_width(char) in ("W", "F"):
        return EMOJI_EM if unicodedata.category(char) == "So" else WIDE_EM * (BOLD if bold else 1)
    base = unicodedata.normalize("NFD", char)[0]
    if " " <= base <= "~":
        return _ASCII[bold][ord(base) - 32] / 2048
    if base in _OTHERS:
        return _OTHERS[base][bold] / 2048
    width = CAPITAL_EM if unicodedata.category(base) == "Lu" else PLAIN_EM
    return width * BOLD if bold else width


def text_width(text: str, bold: bool = False) -> float:
    """``text``'s width in em (:func:`char_width`)."""
    return sum(char_width(char, bold) for char in text)


def text_mm(text: str, font_pt: float, bold: bool = False) -> float:
    """``text``'s printed width in mm at ``font_pt``."""
    return text_width(text, bold) * font_pt * MM_PER_PT


def fit_text(text: str, width_mm: float, font_pt: float, bold: bool = False) -> str:
    """``text`` cut off with "…" where it would not fit on one line of ``width_mm``, reckoning
    with each character's width (:func:`char_width`), never inside an emoji
    sequence or a flag. Cut here rather than by CSS ``text-overflow``: WeasyPrint maps its "…" glyph
    to whatever text it first replaced, so the PDF's text would read wrongly; the column also clips
    (``overflow: hidden``) should an estimate ever be short."""
    if text_mm(text, font_pt, bold) <= width_mm:
        return text
    room = max(width_mm / (font_pt * MM_PER_PT) - char_width("…", bold), 2.5)  # em, the "…" kept free
    used, cut = 0.0, 0
    for index, char in enumerate(text):
        width = char_width(char, bold)
        if used + width > room:
            break
        used, cut = used + width, index + 1
    kept = text[:cut]
    while kept and kept[-1] == "\u200d":  # half an emoji sequence (👩‍👧 → 👩)
        kept = kept[:-1]
    flags = len(kept) - len(kept.rstrip("".join(map(chr, range(0x1F1E6, 0x1F200)))))
    if flags % 2:  # half a flag: a lone regional indicator prints as a letter in a box
        kept = kept[:-1]
    return kept.rstrip() + "…"


def wrap_text(text: str, width_mm: float, font_pt: float, bold: bool = False, lines: int = 2) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width_mm`` (whole words where they fit, reckoned as
    :func:`fit_text` does), the last cut off with "…" when the rest does not fit."""
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines - 1:
        line = words.pop(0)
        while words and text_mm(f"{line} {words[0]}", font_pt, bold) <= width_mm:
            line = f"{line} {words.pop(0)}"
        out.append(fit_text(line, width_mm, font_pt, bold))
    if words:
        out.append(fit_text(" ".join(words), width_mm, font_pt, bold))
    return out


def fitted(text: str, width_mm: float, sizes: tuple[float, ...], bold: bool = False,
           line_mm: float | None = None) -> SafeString:
    """``text`` escaped for a line of ``width_mm`` whose font is ``sizes[0]`` pt, using the room it has
    before it is cut: as it is when it fits; else in the first of the smaller ``sizes`` it fits in;
    else, for a line ``line_mm`` high, on two lines of half that height in the smallest size (an
    inline block: the line keeps its height, a preformatted column its places); only then cut off
    with "…" (:func:`fit_text`)."""
    if text_mm(text, sizes[0], bold) <= width_mm:
        return conditional_escape(text)
    for size in sizes[1:]:
        if text_mm(text, size, bold) <= width_mm:
            return _sized(text, size)
    smallest = sizes[-1]
    if line_mm is not None:
        two = wrap_text(text, width_mm, smallest, bold)
        if len(two) == 2:
            return mark_safe(f'<span style="display: inline-block; vertical-align: top; white-space: pre; '
                             f'font-size: {smallest:g}pt; line-height: {line_mm / 2:.2f}mm">'
                             f'{conditional_escape(two[0])}\n{conditional_escape(two[1])}</span>')
    return _sized(fit_text(text, width_mm, smallest, bold), smallest)


def _sized(text: str, size: float) -> SafeString:
    return mark_safe(f'<span style="font-size: {size:g}pt">{conditional_escape(text)}</span>')


def lines(values) -> SafeString:
    """A column's preformatted block: one escaped value a line."""
    return mark_safe("\n".join(str(conditional_escape(value)) for value in values))


def is_landscape(report: Standings) -> bool:
    """Whether the file is printed across: more rounds than fit a portrait page."""
    return len(report.round_numbers) > PORTRAIT_MAX_ROUNDS


def paginate(rows: list, first: int, other: int) -> list[list]:
    """``rows`` cut into pages: ``first`` on the first page, ``other`` on each next one."""
    pages = [list(rows[:first])]
    for start in range(first, len(rows), other):
        pages.append(list(rows[start:start + other]))
    return pages


def _lines_of(text: str, font_pt: float, width_mm: float, bold: bool) -> int:
    """How many lines ``text`` takes at most: a tenth more than its width, for the room a line
    broken between words leaves at its end."""
    return max(1, math.ceil(text_mm(text, font_pt, bold) * 1.1 / width_mm))


def first_page_header(report: Standings, heading: str, meta_pt: float, heading_pt: float) -> float:
    """Height (mm) of the title, the date line and the heading above the first page's places
    (base.html: h1 18 pt; margins and line heights rounded up)."""
    tournament = report.tournament
    width = PAGE_WIDTH[is_landscape(report)] - SIDE_MARGINS
    meta = f"{date_format(tournament.date, 'j F Y')} · {tournament.venue} · {tournament.get_scoring_system_display()}"
    return (_lines_of(tournament.name, 18, width, True) * 8.6 + _lines_of(meta, meta_pt, width, False) * meta_pt * 0.5
            + _lines_of(heading, heading_pt, width, True) * heading_pt * 0.5 + 12)


def per_page(line: float, head: float, landscape: bool, header: float) -> tuple[int, int]:
    """How many places of ``line`` mm fit on the first page (under its ``header``) and on each next one."""
    body = PAGE_HEIGHT[landscape] - PAGE_MARGINS - head - LEGEND
    return int((body - header) // line), int(body // line)


def heading(report: Standings, title: str) -> str:
    """The file's heading: its title and the round the standings are after."""
    after = _("After round %(n)s") % {"n": report.after_round} if report.after_round else _("No results yet.")
    return f"{title} · {after}"


def beside(report: Standings, row) -> str:
    """What goes beside the name of a place: the player's team, a team's players, or an individual
    entrant's club."""
    if report.tournament.individual:
        return row.team.club
    return row.team.name if report.per_player else " & ".join(row.players)


def name_cell(text: str, column_mm: float) -> SafeString:
    """A name in a standings column of ``column_mm`` (9.5 pt, 1.5 mm padding each side): smaller or
    on two lines before it is cut (:func:`fitted`)."""
    return fitted(text, column_mm - 3, (9.5, 8, 7), line_mm=STANDINGS_LINE)


def small_cell(text: str, column_mm: float) -> SafeString:
    """The players or the club beside a name (8 pt), as :func:`name_cell`."""
    return fitted(text, column_mm - 3, (8, 7), line_mm=STANDINGS_LINE)


def standings_pages(report: Standings) -> list[Page]:
    landscape = is_landscape(report)
    header = first_page_header(report, heading(report, _("Standings")), 9.5, 13)
    first, other = per_page(STANDINGS_LINE, STANDINGS_HEAD, landscape, header)
    chunks = paginate(list(report.rows), first, other) if report.rows else []
    width = PAGE_WIDTH[landscape] - SIDE_MARGINS
    rounds = report.round_numbers
    # The marks' column: 19 mm ("by lot"), wider for "did not play" or "missed a round" (8 pt italic).
    marks = [row.mark for row in report.rows]
    mark_width = max([19.0, *(text_mm(mark, 8) + 3 for mark in marks if mark)])
    fixed = 12 + 10 + 16 + mark_width
    round_width = max(9.5, min(12.5, (width - fixed - 70) / max(len(rounds), 1)))
    # What is left goes to the names and the players, as their longest entries ask (9.5 and 8 pt).
    left = width - fixed - round_width * len(rounds)
    rows_all = report.rows
    individual = report.tournament.individual
    names = max((text_width(row.name if report.per_player or individual else row.team.name) for row in rows_all),
                default=1) * 9.5
    others = max((text_width(beside(report, row)) for row in rows_all), default=1) * (9.5 if report.per_player else 8)
    name_width = min(max(25.0, left * names / (names + others)), max(25.0, left - 25))
    rest = left - name_width - (10 if report.per_player else 0)  # the column without a set width
    pages = []
    for number, rows in enumerate(chunks, start=1):
        columns = [Column(_("Rank"), 12, "num", lines(row.place or "–" for row in rows), "num")]
        if individual:  # a place is a player: their number, name and club
            columns.append(Column("", 10, "num muted", lines(row.team.number for row in rows)))
            columns.append(Column(_("Player"), name_width, "name", lines(
                name_cell(row.name, name_width) for row in rows)))
            columns.append(Column(_("Club"), None, "name small", lines(
                small_cell(row.team.club, rest) for row in rows)))
        elif report.per_player:
            columns.append(Column(_("Player"), name_width, "name", lines(
                name_cell(row.player, name_width) for row in rows)))
            columns.append(Column("", 10, "num muted", lines(row.team.number for row in rows)))
            columns.append(Column(_("Team"), None, "name", lines(name_cell(row.team.name, rest) for row in rows)))
        elif not any(row.players for row in rows_all):  # team names only (the privacy setting)
            columns.append(Column("", 10, "num muted", lines(row.team.number for row in rows)))
            columns.append(Column(_("Team"), None, "name", lines(
                name_cell(row.team.name, name_width + rest) for row in rows)))
        else:
            columns.append(Column("", 10, "num muted", lines(row.team.number for row in rows)))
            columns.append(Column(_("Team"), name_width, "name", lines(
                name_cell(row.team.name, name_width) for row in rows)))
            columns.append(Column(_("Players"), None, "name small", lines(
                small_cell(" & ".join(row.players), rest) for row in rows)))
        has_bye = False
        for index, n in enumerate(rounds):
            values = []
            for row in rows:
                cell = row.cells[index]
                text = "–" if cell["points"] is None else str(cell["points"])
                if cell["bye"]:
                    has_bye = True
                    values.append(mark_safe(f'<span class="bye">{conditional_escape(text)}*</span>'))
                else:
                    values.append(text)
            columns.append(Column(_("R%(n)s") % {"n": n}, round_width, "num", lines(values), "num"))
        columns.append(Column(_("Total"), 16, "num total", lines(
            mark_safe(f"<span>{row.points}</span>") for row in rows), "num"))
        lots = [row.mark for row in rows]
        columns.append(Column("", mark_width, "lot", lines(lots) if any(lots) else mark_safe("")))
        pages.append(Page(number, len(chunks), rows, columns, has_bye))
    return pages


@lru_cache(maxsize=8)
def rule_under(colour: str, line_pt: float, pitch_mm: float) -> str:
    """A ``data:`` URI of an SVG ``pitch_mm`` high with a line of ``line_pt`` at its bottom:
    repeated down a page, the line under every place (one background per page instead of a
    border per cell)."""
    width = line_pt * 25.4 / 72 / pitch_mm * 100  # in the 100 units of the SVG's height
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 100" preserveAspectRatio="none">'
           f'<path d="M0 {100 - width / 2:.3f}H10" stroke="{colour}" stroke-width="{width:.3f}"/></svg>')
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


# --- rendering ------------------------------------------------------------------------------


def pdf_context(report: Standings, pages: list[Page] | None = None, part: int = 0) -> dict:
    """What a standings-shaped file's template needs (this one's, and the prize list's:
    :mod:`prizes.exporters`); ``pages``: only these pages (a part of the file, numbered in the
    footer by their labels)."""
    return {
        **page_context(report.tournament, landscape=is_landscape(report)),
        "report": report,
        "rows": report.rows,
        "per_player": report.per_player,
        "line": STANDINGS_LINE,
        "rule": rule_under("#bbb", 0.4, STANDINGS_LINE),
        "pages": pages,
        "in_parts": part > 0 or pages is not None,
        "continued": part > 0,  # not the first part: no title
    }


def standings_html(report: Standings) -> str:
    return render_to_string(STANDINGS_TEMPLATE, {**pdf_context(report), "pages": standings_pages(report),
                                                 "in_parts": False})


def document(html: str, base_url: str | None) -> weasyprint.document.Document:
    return pdf.document(html, base_url or str(settings.BASE_DIR))


def write(template: str, report: Standings, pages: list[Page], base_url: str | None,
          extra: dict | None = None) -> bytes:
    """The file, in parts on every core when it is long enough (each part its own pages);
    ``extra``: more of the template's context."""
    extra = extra or {}
    parts = min(pdf.cpu_count(), max(len(pages) // PARALLEL_FROM_PAGES, 1))
    base_url = base_url or str(settings.BASE_DIR)
    if parts == 1:
        return pdf.write_pdf(render_to_string(template, {**pdf_context(report), **extra, "pages": pages,
                                                              "in_parts": False}), base_url)
    # The first part carries the title, so it gets a little less than its share.
    size = -(-len(pages) // parts)
    cuts = [0] + [max(1, size * k - 1) for k in range(1, parts)] + [len(pages)]
    chunks = [render_to_string(template, {**pdf_context(report, pages[a:b], part), **extra})
              for part, (a, b) in enumerate(zip(cuts, cuts[1:])) if a < b]
    return pdf.write_joined_pdf(chunks, base_url)


def shown_report(tournament: Tournament, after_round: int | None) -> Standings:
    """The standings as the file shows them: with the names of the tournament's privacy setting,
    since the file goes on the wall and leaves the laptop."""
    return shown_standings(standings(tournament, after_round))


def standings_document(tournament: Tournament, after_round: int | None = None,
                       base_url: str | None = None) -> weasyprint.document.Document:
    """The laid-out standings (``document.pages`` tells how many pages); ``write_pdf()`` makes the file."""
    return document(standings_html(shown_report(tournament, after_round)), base_url)


def standings_pdf(tournament: Tournament, after_round: int | None = None, base_url: str | None = None) -> bytes:
    report = shown_report(tournament, after_round)
    return write(STANDINGS_TEMPLATE, report, standings_pages(report), base_url)
