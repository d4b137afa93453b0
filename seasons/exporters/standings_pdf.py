"""A competition's standings as an A4 PDF for the club's notice board (WeasyPrint).

Why it borrows the tournament's standings PDF: the same page, fonts, footer and the same trick
that keeps a long list fast (:mod:`tournaments.exporters.standings_pdf`: one table per page, one
preformatted block per column, one line per person). A column per evening while they fit across
the page (landscape past eight), each evening's result struck through and grey when it is dropped
and marked * when it is an excused absence; names under the competition's privacy setting.
"""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import date_format, localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from common import pdf
from scoring.competition import parse_rules
from seasons.models import Competition
from seasons.services.evenings import game_name
from seasons.services.rules_input import rules_in_words
from seasons.services.shown import ShownLine, movement_text, shown_lines
from seasons.services.standings import CompetitionStandings, competition_standings
from tournaments.exporters.standings_pdf import (
    PAGE_HEIGHT,
    PAGE_MARGINS,
    PAGE_WIDTH,
    SIDE_MARGINS,
    STANDINGS_HEAD,
    STANDINGS_LINE,
    Column,
    css_string,
    name_cell,
    page_counter_css,
    paginate,
    rule_under,
    text_mm,
)

TEMPLATE = "seasons/pdf/standings.html"
PORTRAIT_MAX_EVENINGS = 8
MAX_EVENING_COLUMNS = 20
"""More evenings than this do not fit across a landscape page: the workbook has every one."""
NAME_MIN = 40  # mm: the narrowest name column beside the evenings' columns
EVENING_PT = 8  # the evenings' results, smaller than the names and the total
LEGEND = 10  # mm kept under every page's table for the legend


def _lines(values) -> SafeString:
    return mark_safe("\n".join(str(conditional_escape(value)) for value in values))


def _cell(line: ShownLine, evening: int) -> SafeString | str:
    mark = line.by_evening().get(evening)
    if mark is None:
        return "–"
    text = f"{localize(mark.points)}{'*' if mark.excused else ''}"
    return text if mark.counted else mark_safe(f'<span class="dropped">{conditional_escape(text)}</span>')


def _evening_width(lines: list[ShownLine], evenings: list[int]) -> float:
    """Wide enough for the widest result of an evening ("2740*": five characters at 8 pt)."""
    widest = max((text_mm(f"{localize(mark.points)}{'*' if mark.excused else ''}", EVENING_PT) for line in lines
                  for mark in line.marks if mark.evening in evenings), default=2)
    return max(8.0, widest + 3.2)


def pages(report: CompetitionStandings, lines: list[ShownLine], words: list[str]) -> tuple[list[dict], bool]:
    """The pages' columns, and whether the page is landscape: a column per evening while they fit
    beside a name of at least :data:`NAME_MIN` mm (the workbook has every evening)."""
    evenings = report.held if len(report.held) <= MAX_EVENING_COLUMNS else []
    evening_width = _evening_width(lines, evenings)
    fixed = 12 + 10 + 14 + 16 + 14  # rank, movement, evenings played, points, lot
    if PAGE_WIDTH[True] - SIDE_MARGINS - fixed - evening_width * len(evenings) < NAME_MIN:
        evenings = []
    landscape = len(evenings) > PORTRAIT_MAX_EVENINGS or (
        bool(evenings) and PAGE_WIDTH[False] - SIDE_MARGINS - fixed - evening_width * len(evenings) < NAME_MIN)
    width = PAGE_WIDTH[landscape] - SIDE_MARGINS
    header = 8.6 + 5 + 7 + 4.2 * len(words) + 12  # title, meta line, heading, the rules in words, margins
    body = PAGE_HEIGHT[landscape] - PAGE_MARGINS - STANDINGS_HEAD - LEGEND
    first, other = max(int((body - header) // STANDINGS_LINE), 1), int(body // STANDINGS_LINE)
    chunks = paginate(lines, first, other) if lines else []
    name_width = width - fixed - evening_width * len(evenings)
    out = []
    for number, chunk in enumerate(chunks, start=1):
        columns = [
            Column(_("Rank"), 12, "num", _lines("–" if line.rank is None else line.rank for line in chunk), "num"),
            Column("", 10, "num muted", _lines(movement_text(line) for line in chunk), "num"),
            Column(_("Name"), name_width, "name", _lines(name_cell(line.name, name_width) for line in chunk)),
            Column(_("Evenings"), 14, "num muted", _lines(line.row.evenings for line in chunk), "num"),
        ]
        columns += [Column(str(evening), evening_width, "num small", _lines(_cell(line, evening) for line in chunk), "num")
                    for evening in evenings]
        columns.append(Column(_("Points"), 16, "num total", _lines(localize(line.points) for line in chunk), "num"))
        lots = [_("by lot") if line.row.lot else "" for line in chunk]
        columns.append(Column("", 14, "lot", _lines(lots) if any(lots) else mark_safe("")))
        out.append({"number": number, "count": len(chunks), "columns": columns, "per_evening": bool(evenings)})
    return out, landscape


def context(competition: Competition, after: int | None, report: CompetitionStandings | None = None) -> dict:
    report = report or competition_standings(competition, after, movement=True)
    lines = shown_lines(report, public=True)
    rules = parse_rules(competition.rules)
    words = rules_in_words(rules)
    page_list, landscape = pages(report, lines, words)
    printed = _("Printed %(when)s") % {"when": date_format(timezone.localtime(), "SHORT_DATETIME_FORMAT")}
    return {
        "tournament": competition,  # the base template's title and footer
        "competition": competition,
        "tournament_css": mark_safe(css_string(competition.name)),
        "page_counter": mark_safe(page_counter_css()),
        "printed": mark_safe(css_string(printed)),
        "landscape": landscape,
        "continued": True,  # the base template's tournament header is replaced by the competition's
        "in_parts": False,
        "report": report,
        "game": game_name(competition.game),
        "planned": rules.of,
        "words": words,
        "pages": page_list,
        "minimum": rules.minimum_evenings,
        "unranked": any(line.rank is None for line in lines),
        "excused": any(mark.excused for line in lines for mark in line.marks),
        "dropped": any(not mark.counted for line in lines for mark in line.marks),
        "per_evening": bool(page_list) and page_list[0]["per_evening"],
        "line": STANDINGS_LINE,
        "rule": rule_under("#bbb", 0.4, STANDINGS_LINE),
    }


def standings_html(competition: Competition, after: int | None = None,
                   report: CompetitionStandings | None = None) -> str:
    return render_to_string(TEMPLATE, context(competition, after, report))


def standings_pdf(competition: Competition, after: int | None = None,
                  report: CompetitionStandings | None = None) -> bytes:
    """The PDF's bytes: the standings after evening ``after`` (default: the last held); ``report``:
    those standings when the caller has them (with movement)."""
    return pdf.write_pdf(standings_html(competition, after, report), str(settings.BASE_DIR))
