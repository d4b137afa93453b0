"""The prize list as an A4 PDF (``prizes-pdf``, beside the standings in the director's downloads):
the tournament's prizes with their winners in the order they are handed out — what and why, who,
two lines a prize —, or without prizes every place in rank order, two lines a place.

Why here: the prize list is the prizes app's; the core's exporter registry finds this module as
the admin finds ``admin.py`` (:mod:`tournaments.exporters.base`). The pages, columns and parts are
the standings PDF's (:mod:`tournaments.exporters.standings_pdf`), so both files look alike and a
long list is rendered on every core.
"""

from __future__ import annotations

import weasyprint
from django.template.loader import render_to_string
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from prizes.services import PrizeAward, prize_awards
from tournaments.exporters.base import PDF, Exporter, register
from tournaments.exporters.standings_pdf import (
    Column,
    Page,
    beside,
    document,
    first_page_header,
    fit_text,
    heading,
    is_landscape,
    lines,
    paginate,
    pdf_context,
    per_page,
    rule_under,
    shown_report,
    text_width,
    write,
)
from tournaments.models import Tournament
from tournaments.services.standings import Standings

PRIZES_TEMPLATE = "prizes/pdf/prizes.html"
PRIZES_PLACE = 23  # height of one place in the prize list: name and players
PRIZES_NAME_WIDTH = 182 - 18 - 30 - 4 - 4  # mm: the page less the place and points columns and padding
PRIZE_WHAT_WIDTH = 54  # mm: what is given (two lines) and why, beside the winner (a tournament with prizes)
AWARD_POINTS_WIDTH = 30
AWARD_NAME_WIDTH = 182 - (PRIZE_WHAT_WIDTH + 4) - AWARD_POINTS_WIDTH - 4 - 4  # mm: the winner's name and players


WITH_PT = {"": 14, "award": 12, "small": 10, "problem": 10}
"""The size of the line under a name in the prize list, by its class: the players of a place; of a
prize's winner (beside what is given: less room); a club's teams; why nobody wins a prize."""


def _who(name: str, with_: str, width: float, mark: str = "", note: str = "") -> SafeString:
    """A place's two lines: the name (a long one in a smaller size rather than cut off, as far as it
    goes), and beside it the players, the team or the club, in the size of its ``note`` class."""
    size = "who" if fit_text(name, width, 20, True) == name else "who long"
    name = fit_text(name, width, 20 if size == "who" else 14, True)
    lot_mark = f' <span class="lot">{conditional_escape(mark)}</span>' if mark else ""
    with_ = fit_text(with_, width - (20 if mark else 0), WITH_PT[note])
    return mark_safe(f'<span class="{size}">{conditional_escape(name)}</span>\n'
                     f'<span class="{" ".join(("with", note)).strip()}">{conditional_escape(with_)}</span>{lot_mark}')


def wrap_text(text: str, width_mm: float, font_pt: float, bold: bool = False, lines: int = 2) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width_mm`` (whole words where they fit, reckoned as
    :func:`fit_text` does), the last cut off with "…" when the rest does not fit."""
    fits = max(int(width_mm / (font_pt * 25.4 / 72 * (0.7 if bold else 0.62))), 4)
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines - 1:
        line = words.pop(0)
        while words and text_width(f"{line} {words[0]}") <= fits:
            line = f"{line} {words.pop(0)}"
        out.append(fit_text(line, width_mm, font_pt, bold))
    if words:
        out.append(fit_text(" ".join(words), width_mm, font_pt, bold))
    return out


def _award_cells(report: Standings, award: PrizeAward) -> tuple[SafeString, SafeString, SafeString]:
    """What is given (two lines) and why; who wins it and with whom (or why nobody does); the points
    and the winner's place. The prize column has four lines per prize, the others two."""
    given = wrap_text(award.what, PRIZE_WHAT_WIDTH, 12, bold=True) + [""]
    why = fit_text(award.why, PRIZE_WHAT_WIDTH, 8.5)
    what = mark_safe(f'<span class="what">{conditional_escape(given[0])}</span>\n'
                     f'<span class="what">{conditional_escape(given[1])}</span>\n'
                     f'<span class="why">{conditional_escape(why)}</span>\n')
    if award.place is not None:
        row = award.place.row
        who = _who(row.name, beside(report, row), AWARD_NAME_WIDTH, note="award")
        place = _("place %(rank)s") % {"rank": row.rank}
        points = mark_safe(f'{row.points}\n<span class="rank">{conditional_escape(place)}</span>')
    elif award.club is not None:
        counted = " + ".join(f"{place.name} ({place.points})" for place in award.club.counted)
        who = _who(award.club.club, counted, AWARD_NAME_WIDTH, note="small")
        points = mark_safe(f"{award.club.points}\n")
    else:
        who = _who(_("No winner"), award.problem, AWARD_NAME_WIDTH, note="problem")
        points = mark_safe("\n")
    return what, who, points


def award_pages(report: Standings, awards: list[PrizeAward]) -> list[Page]:
    """The prize list of a tournament with prizes: each prize in handing-out order, two lines each."""
    header = first_page_header(report, heading(report, _("Prize list")), 12, 20)
    first, other = per_page(PRIZES_PLACE, 0, is_landscape(report), header)
    pages = []
    chunks = paginate(awards, first, other)
    for number, chunk in enumerate(chunks, start=1):
        what, who, points = zip(*(_award_cells(report, award) for award in chunk), strict=True)
        columns = [
            Column("", PRIZE_WHAT_WIDTH + 4, "prize", lines(what)),
            Column("", None, "name", lines(who)),
            Column("", AWARD_POINTS_WIDTH, "points", lines(points)),
        ]
        pages.append(Page(number, len(chunks), chunk, columns))
    return pages


def prizes_pages(report: Standings, awards: list[PrizeAward] | None = None) -> list[Page]:
    """The prize list: the tournament's prizes with their winners (``awards``,
    :func:`prizes.services.prize_awards`), or without prizes every place in rank order."""
    if awards:
        return award_pages(report, awards)
    header = first_page_header(report, heading(report, _("Prize list")), 12, 20)
    first, other = per_page(PRIZES_PLACE, 0, is_landscape(report), header)
    chunks = paginate(list(report.rows), first, other) if report.rows else []
    pages = []
    for number, rows in enumerate(chunks, start=1):
        who = [_who(row.name if report.per_player or report.tournament.individual else row.team.name,
                    beside(report, row), PRIZES_NAME_WIDTH, mark=row.mark) for row in rows]
        columns = [
            Column("", 18, "place", lines(f"{row.place or '–'}\n" for row in rows)),
            Column("", None, "name", lines(who)),
            Column("", 30, "points", lines(f"{row.points}\n" for row in rows)),
        ]
        pages.append(Page(number, len(chunks), rows, columns))
    return pages


def _extra() -> dict:
    """The prize list's own measures in its template's context."""
    return {
        "place": PRIZES_PLACE / 2,
        "prize_line": PRIZES_PLACE / 4,  # the prize column of a tournament with prizes: four lines a prize
        "prize_row": PRIZES_PLACE,
        "prize_rule": rule_under("#999", 0.6, PRIZES_PLACE),
    }


def prizes_html(report: Standings, awards: list[PrizeAward] | None = None) -> str:
    """The prize list's HTML, in one part (the standings ``report``, and who wins which prize)."""
    return render_to_string(PRIZES_TEMPLATE, {**pdf_context(report), **_extra(), "pages": prizes_pages(report, awards),
                                              "in_parts": False})


def prizes_document(tournament: Tournament, after_round: int | None = None,
                    base_url: str | None = None) -> weasyprint.document.Document:
    """The laid-out prize list (``document.pages`` tells how many pages); ``write_pdf()`` makes the file."""
    report = shown_report(tournament, after_round)
    return document(prizes_html(report, prize_awards(report)), base_url)


def prizes_pdf(tournament: Tournament, after_round: int | None = None, base_url: str | None = None) -> bytes:
    """The prize list's PDF after ``after_round`` (default: the last round), with the names of the
    tournament's privacy setting: the prizes and their winners, or without prizes every place
    (:func:`prizes_pages`)."""
    report = shown_report(tournament, after_round)
    return write(PRIZES_TEMPLATE, report, prizes_pages(report, prize_awards(report)), base_url, _extra())


@register
class PrizesPdf(Exporter):
    """The prize list for the wall and the prize-giving (:func:`prizes_pdf`), made in the background."""

    identifier = "prizes-pdf"
    name = gettext_lazy("Prize list (PDF)")
    order = 20  # after the standings PDF
    content_type = PDF
    extension = "pdf"
    inline = True
    background = True
    takes_after_round = True
    for_players = True

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        return prizes_pdf(tournament, after_round, site_url)
