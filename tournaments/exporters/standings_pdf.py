"""Standings and the prize list as A4 PDF (WeasyPrint), from Django templates.

The HTML is rendered with Django (so ``{% translate %}`` and the active language apply) and
laid out by WeasyPrint. Nothing is fetched: the fetcher only accepts ``data:`` URLs, the fonts
are the system's (DejaVu Sans, else any sans-serif), so a venue without internet prints the
same PDF.
"""

from __future__ import annotations

import re

import weasyprint
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from keezen_site import pdf_pool
from tournaments.exporters import StandingsReport, standings_report
from tournaments.models import Tournament

STANDINGS_TEMPLATE = "tournaments/pdf/standings.html"
PRIZES_TEMPLATE = "tournaments/pdf/prizes.html"
# More round columns than this do not fit across a portrait A4 page.
PORTRAIT_MAX_ROUNDS = 8


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
    return {
        "tournament": tournament,
        "scoring_system": tournament.get_scoring_system_display(),
        "landscape": landscape,
        "page_counter": mark_safe(page_counter_css()),  # built from our own message, escaped above
        "printed": mark_safe(css_string(
            _("Printed %(when)s") % {"when": date_format(timezone.localtime(), "SHORT_DATETIME_FORMAT")}
        )),
    }


def _context(report: StandingsReport) -> dict:
    return {
        **page_context(report.tournament, landscape=len(report.round_numbers) > PORTRAIT_MAX_ROUNDS),
        "report": report,
        "rows": report.rows,
        "per_player": report.per_player,
    }


def standings_html(report: StandingsReport) -> str:
    return render_to_string(STANDINGS_TEMPLATE, _context(report))


def prizes_html(report: StandingsReport) -> str:
    return render_to_string(PRIZES_TEMPLATE, _context(report))


def _document(html: str, base_url: str | None) -> weasyprint.document.Document:
    return pdf_pool.document(html, base_url or str(settings.BASE_DIR))


def standings_document(tournament: Tournament, after_round: int | None = None,
                       base_url: str | None = None) -> weasyprint.document.Document:
    """The laid-out standings (``document.pages`` tells how many pages); ``write_pdf()`` makes the file."""
    return _document(standings_html(standings_report(tournament, after_round)), base_url)


def prizes_document(tournament: Tournament, after_round: int | None = None,
                    base_url: str | None = None) -> weasyprint.document.Document:
    return _document(prizes_html(standings_report(tournament, after_round)), base_url)


def standings_pdf(tournament: Tournament, after_round: int | None = None, base_url: str | None = None) -> bytes:
    return standings_document(tournament, after_round, base_url).write_pdf()


def prizes_pdf(tournament: Tournament, after_round: int | None = None, base_url: str | None = None) -> bytes:
    return prizes_document(tournament, after_round, base_url).write_pdf()
