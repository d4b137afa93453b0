"""Standings as files: PDF (WeasyPrint, A4) and Excel (openpyxl), see :mod:`tournaments.exporters`.

``?after_round=N`` gives the standings after round N (0 up to the tournament's rounds); without
it, after the last round with a result.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.exporters import standings_pdf as pdf
from tournaments.exporters.standings_xlsx import XLSX_CONTENT_TYPE, StandingsExporter
from tournaments.models import Tournament
from tournaments.permissions import director_required


class _BadAfterRound(ValueError):
    pass


def _after_round(request: HttpRequest, tournament: Tournament) -> int | None:
    value = request.GET.get("after_round", "").strip()
    if not value:
        return None
    if not (value.isascii() and value.isdigit() and int(value) <= tournament.rounds):
        raise _BadAfterRound(
            _("after_round must be a round number from 0 to %(rounds)s.") % {"rounds": tournament.rounds}
        )
    return int(value)


def _bad_request(view):
    """A wrong ``after_round`` is answered with 400 and the reason, as plain text."""

    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except _BadAfterRound as error:
            return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")

    wrapper.__name__, wrapper.__doc__ = view.__name__, view.__doc__
    return wrapper


def _file(content: bytes, content_type: str, disposition: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    return response


@director_required
@_bad_request
def standings_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    content = pdf.standings_pdf(tournament, _after_round(request, tournament), request.build_absolute_uri("/"))
    return _file(content, "application/pdf", "inline", f"{tournament.slug}-standings.pdf")


@director_required
@_bad_request
def prizes_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    content = pdf.prizes_pdf(tournament, _after_round(request, tournament), request.build_absolute_uri("/"))
    return _file(content, "application/pdf", "inline", f"{tournament.slug}-prizes.pdf")


@director_required
@_bad_request
def standings_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    exporter = StandingsExporter(tournament, _after_round(request, tournament))
    return _file(exporter.render(), XLSX_CONTENT_TYPE, "attachment", exporter.filename)
