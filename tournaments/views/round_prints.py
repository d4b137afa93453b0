"""A round on paper for the director: table cards with score sheets, the wall lists by table and
by team name, and the tables whose result is still missing — all A4 PDFs, shown inline.

The QR codes on the table cards point at the tables' private sheet links on the address the director
uses (``request.build_absolute_uri``), so the printout works on the venue's own network.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from tournaments.exporters import round_pdfs
from tournaments.models import Round
from tournaments.permissions import director_required
from tournaments.views.lookups import round_or_404


def _pdf(round_: Round, content: bytes, what: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    filename = f"{round_.tournament.slug}-round-{round_.number}-{what}.pdf"
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@director_required
def table_cards(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """One A4 page per table: teams, colours, house rules, score sheet, signatures, QR code."""
    round_ = round_or_404(slug, number)
    return _pdf(round_, round_pdfs.table_cards_pdf(round_, request.build_absolute_uri("/")), "table-cards")


@director_required
def wall_by_table(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The wall list by table number: teams with numbers, names and colours."""
    round_ = round_or_404(slug, number)
    return _pdf(round_, round_pdfs.wall_by_table_pdf(round_, request.build_absolute_uri("/")), "wall-by-table")


@director_required
def wall_by_team(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The wall list by team name: table and opponents of every team, byes included."""
    round_ = round_or_404(slug, number)
    return _pdf(round_, round_pdfs.wall_by_team_pdf(round_, request.build_absolute_uri("/")), "wall-by-team")


@director_required
def missing_results(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The tables of the round without any result yet, with their teams."""
    round_ = round_or_404(slug, number)
    return _pdf(round_, round_pdfs.missing_results_pdf(round_, request.build_absolute_uri("/")), "missing-results")
