"""The prize list as an A4 PDF (``prizes-pdf``, beside the standings in the director's downloads):
the tournament's prizes with their winners in the order they are handed out — what and why, who,
two lines a prize —, or without prizes every place in rank order, two lines a place. A long name
is printed smaller, then on two lines of its place, before it is cut; a list a place or two longer
than its pages is printed a little tighter rather than with those places alone on a page
(:func:`place_height`).

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
    fitted,
    heading,
    is_landscape,
    lines,
    paginate,
    pdf_context,
    per_page,
    rule_under,
    shown_report,
    wrap_text,
    write,
)
from tournaments.models import Tournament
from tournaments.services.standings import Standings

PRIZES_TEMPLATE = "prizes/pdf/prizes.html"
PRIZES_PLACE = 23  # height of one place in the prize list: name and players
PRIZES_NAME_WIDTH = 182 - 18 - 30 - 4  # mm: the page less the place and points columns and the padding
PRIZE_WHAT_WIDTH = 54  # mm: what is given (two lines) and why, beside the winner (a tournament with prizes)
AWARD_POINTS_WIDTH = 30
AWARD_NAME_WIDTH = 182 - (PRIZE_WHAT_WIDTH + 4) - AWARD_POINTS_WIDTH - 4  # mm: the winner's name and players


WITH_PT = {"": 14, "award": 12, "small": 10, "problem": 10}
"""The size of the line under a name in the prize list, by its class: the players of a place; of a
prize's winner (beside what is given: less room); a club's teams; why nobody wins a prize."""
NAME_SIZES = (20, 14, 12)
"""A name's sizes (pt, bold): as it is, a long one smaller, a longer one on two lines of its place."""
PLACE_MIN = 20.0
"""mm: the tightest a place gets (the names' two lines and the prize's four still fit) when that
saves a page: a list a place or two over a page prints on one."""


def _who(name: str, with_: str, width: float, place: float, mark: str = "", note: str = "") -> SafeString:
    """A place's two lines: the name (a long one smaller or on two lines of its line, before it is
    cut off: :func:`~tournaments.exporters.standings_pdf.fitted`), and beside it the players, the
    team or the club, in the size of its ``note`` class, smaller or on two lines when long."""
    lot_mark = f' <span class="lot">{conditional_escape(mark)}</span>' if mark else ""
    size = WITH_PT[note]
    with_ = fitted(with_, width - (20 if mark else 0), (size, size - 2, size - 2), line_mm=place / 2)
    return mark_safe(f'<span class="who">{fitted(name, width, NAME_SIZES, bold=True, line_mm=place / 2)}</span>\n'
                     f'<span class="{" ".join(("with", note)).strip()}">{with_}</span>{lot_mark}')


def _award_cells(report: Standings, award: PrizeAward, place: float) -> tuple[SafeString, SafeString, SafeString]:
    """What is given (two lines) and why; who wins it and with whom (or why nobody does); the points
    and the winner's place. The prize column has four lines per prize, the others two."""
    given = wrap_text(award.what, PRIZE_WHAT_WIDTH, 12, bold=True) + [""]
    why = fit_text(award.why, PRIZE_WHAT_WIDTH, 8.5)
    what = mark_safe(f'<span class="what">{conditional_escape(given[0])}</span>\n'
                     f'<span class="what">{conditional_escape(given[1])}</span>\n'
                     f'<span class="why">{conditional_escape(why)}</span>\n')
    if award.place is not None:
        row = award.place.row
        who = _who(row.name, beside(report, row), AWARD_NAME_WIDTH, place, note="award")
        rank = _("place %(rank)s") % {"rank": row.rank}
        points = mark_safe(f'{row.points}\n<span class="rank">{conditional_escape(rank)}</span>')
    elif award.club is not None:
        counted = " + ".join(f"{found.name} ({found.points})" for found in award.club.counted)
        who = _who(award.club.club, counted, AWARD_NAME_WIDTH, place, note="small")
        points = mark_safe(f"{award.club.points}\n")
    else:
        who = _who(_("No winner"), award.problem, AWARD_NAME_WIDTH, place, note="problem")
        points = mark_safe("\n")
    return what, who, points


def place_height(report: Standings, count: int) -> float:
    """The height (mm) of each of ``count`` places: :data:`PRIZES_PLACE`; or, when places a little
    lower (down to :data:`PLACE_MIN`) print the list on a page less, the highest of those, so that a
    place or two never stand alone on a last page."""
    header = first_page_header(report, heading(report, _("Prize list")), 12, 20)
    landscape = is_landscape(report)

    def pages(place: float) -> int:
        return len(paginate(range(count), *per_page(place, 0, landscape, header)))

    full = pages(PRIZES_PLACE)
    tighter = PRIZES_PLACE
    while tighter - 0.5 >= PLACE_MIN:
        tighter -= 0.5
        if pages(tighter) < full:
            return tighter
    return PRIZES_PLACE


def _entries(report: Standings, awards: list[PrizeAward] | None) -> list:
    """What the list has a place for: each prize, or without prizes each place of the standings."""
    return list(awards) if awards else list(report.placed_rows)


def prizes_pages(report: Standings, awards: list[PrizeAward] | None = None) -> list[Page]:
    """The prize list: the tournament's prizes with their winners (``awards``,
    :func:`prizes.services.prize_awards`) in handing-out order, or without prizes every place in
    rank order; two lines each, in places of :func:`place_height`."""
    entries = _entries(report, awards)
    place = place_height(report, len(entries))
    header = first_page_header(report, heading(report, _("Prize list")), 12, 20)
    chunks = paginate(entries, *per_page(place, 0, is_landscape(report), header)) if entries else []
    pages = []
    for number, chunk in enumerate(chunks, start=1):
        if awards:
            what, who, points = zip(*(_award_cells(report, award, place) for award in chunk), strict=True)
            columns = [
                Column("", PRIZE_WHAT_WIDTH + 4, "prize", lines(what)),
                Column("", None, "name", lines(who)),
                Column("", AWARD_POINTS_WIDTH, "points", lines(points)),
            ]
        else:
            who = [_who(row.name if report.per_player or report.tournament.individual else row.team.name,
                        beside(report, row), PRIZES_NAME_WIDTH, place, mark=row.mark) for row in chunk]
            columns = [
                Column("", 18, "place", lines(f"{row.place or '–'}\n" for row in chunk)),
                Column("", None, "name", lines(who)),
                Column("", 30, "points", lines(f"{row.points}\n" for row in chunk)),
            ]
        pages.append(Page(number, len(chunks), chunk, columns))
    return pages


def _extra(report: Standings, awards: list[PrizeAward] | None) -> dict:
    """The prize list's own measures in its template's context (:func:`place_height`)."""
    place = place_height(report, len(_entries(report, awards)))
    return {
        "place": place / 2,
        "prize_line": place / 4,  # the prize column of a tournament with prizes: four lines a prize
        "prize_row": place,
        "prize_rule": rule_under("#999", 0.6, place),
    }


def prizes_html(report: Standings, awards: list[PrizeAward] | None = None) -> str:
    """The prize list's HTML, in one part (the standings ``report``, and who wins which prize)."""
    return render_to_string(PRIZES_TEMPLATE, {**pdf_context(report), **_extra(report, awards),
                                              "pages": prizes_pages(report, awards), "in_parts": False})


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
    awards = prize_awards(report)
    return write(PRIZES_TEMPLATE, report, prizes_pages(report, awards), base_url, _extra(report, awards))


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
