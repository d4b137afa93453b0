"""Standings pages: the players' (phones, refreshed in place by htmx at most every 30 s, and JSON),
the director's (with the freeze switch and the downloads) and a round's results. Thin: the
standings are :mod:`tournaments.services.standings`, the shared rendering
:mod:`tournaments.services.published_standings`."""

from __future__ import annotations

import re

from django.contrib import messages
from django.db.models import Max
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.exporters.base import director_downloads
from tournaments.permissions import director_required
from tournaments.services import published_standings
from tournaments.services.bracket import match_names
from tournaments.services.round_sheets import round_sheets
from tournaments.services.standings import (
    AfterRoundError,
    after_round_of,
    set_frozen,
    standings,
)
from tournaments.views.lookups import public_round_or_404, public_tournament_or_404, tournament_or_404


def public_page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = public_tournament_or_404(slug)
    if request.htmx:
        response = _shared(request, published_standings.fragment(tournament)[0])
    else:
        page = published_standings.page(request, tournament)
        response = _shared(request, page) if isinstance(page, published_standings.Body) else HttpResponse(page)
    # One address, two answers (htmx gets the fragment); the shared page is for browsers without
    # a session, and the language may come from a cookie.
    patch_vary_headers(response, ("HX-Request", "Cookie"))
    return response


def public_json(request: HttpRequest, slug: str) -> HttpResponse:
    """The public standings as JSON (scoring.md's shape, plus ``frozen``)."""
    tournament = public_tournament_or_404(slug)
    return _shared(request, published_standings.json_body(tournament), content_type="application/json")


_ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def _shared(request: HttpRequest, body: published_standings.Body, **kwargs) -> HttpResponse:
    """A shared answer, compressed when the browser takes gzip (every phone does), with its ETag:
    a phone that sends it back (If-None-Match) while nothing changed gets 304 Not Modified and no
    body (``ConditionalGetMiddleware``). ``no-cache``: the browser may keep the answer but asks
    every time, so each poll is a conditional request."""
    if _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
        response = HttpResponse(body.gzipped, **kwargs)
        response["Content-Encoding"] = "gzip"
        response["ETag"] = f'"{body.tag}-gzip"'  # another representation, another tag
    else:
        response = HttpResponse(body.plain, **kwargs)
        response["ETag"] = f'"{body.tag}"'
    patch_vary_headers(response, ("Accept-Encoding",))
    patch_cache_control(response, no_cache=True)
    return response


def public_round(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Every table's result in a round, with the points of the sheets that count (as they stood at
    the freeze while the standings are frozen)."""
    round_ = public_round_or_404(slug, number)
    # Shared as the standings are (no one's CSRF token: the same bytes for every anonymous phone),
    # so that a phone asking again while nothing changed hears 304 (ConditionalGetMiddleware).
    return render(request, "tournaments/public/round.html", {
        "tournament": round_.tournament, "round": round_,
        "tables": round_sheets(round_, names=round_.tournament.public_names, public=True),
        "final_names": match_names(round_),
        "shared_page": published_standings.same_for_everyone(request),
    })


@director_required
def director_page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    try:
        after_round = after_round_of(tournament, request.GET.get("after_round"))
    except AfterRoundError as error:
        return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
    return render(request, "tournaments/director/standings.html", {
        "tournament": tournament, "standings": standings(tournament, after_round),
        "played_rounds": range(1, (tournament.round_set.filter(final=False).aggregate(last=Max("number"))["last"] or 0) + 1),
        "downloads": director_downloads(tournament),
    })


@director_required
@require_POST
def freeze(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    frozen = request.POST.get("frozen") == "1"
    set_frozen(tournament, frozen)
    messages.info(request, _("Public standings frozen.") if frozen else _("Public standings live again."))
    return redirect("director:standings", slug)
