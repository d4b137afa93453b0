"""Standings pages: the director's (with the freeze switch and downloads) and the players' (phones,
refreshed in place by htmx at most every 30 s)."""

from __future__ import annotations

import re

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.html import strip_spaces_between_tags
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Bye, Result, Round, TableSeat, Tournament
from tournaments.permissions import director_required
from tournaments.services.results import score_sheet
from tournaments.services.standings import (
    players_by_team_key,
    public_standings,
    set_frozen,
    standings_json,
)
from tournaments.tables import StandingsTable
from tournaments.views.lookups import round_or_404

STANDINGS_CACHE_SECONDS = 3600


def _context(tournament: Tournament, data: dict) -> dict:
    players = players_by_team_key(tournament)
    byes = {f"T{number}": round_number for number, round_number in
            Bye.objects.filter(round__tournament=tournament).values_list("team__number", "round__number")}
    corrected: dict[str, list[int]] = {}
    for round_number, team_number in (
        TableSeat.objects.filter(round__tournament=tournament, table__results__version__gt=1)
        .values_list("round__number", "team__number").distinct().order_by("round__number")
    ):
        corrected.setdefault(f"T{team_number}", []).append(round_number)
    for row in data["standings"]:
        row["players"] = players.get(row["team"], [])
        row["bye_round"] = byes.get(row["team"])
        row["corrected"] = corrected.get(row["team"], [])
    return {"tournament": tournament, "data": data, "round_numbers": range(1, data["after_round"] + 1),
            "per_player": tournament.scoring_system == "individual-11", "poll_seconds": settings.PUBLIC_POLL_SECONDS}


def public_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The standings fragment is cached per tournament, results version and language: phones poll it
    all day, and a new version (any sheet, bye or team change) makes every server process render it
    afresh. The page around it is rendered per request (language switch, login state)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    key = (f"public-standings:{tournament.pk}:{tournament.created_at.timestamp()}:{tournament.results_version}:"
           f"{get_language()}")  # created_at: a reused id is another tournament
    cached = cache.get(key)
    if cached is None:
        context = _context(tournament, public_standings(tournament))
        fragment = render_to_string("tournaments/public/_standings.html", context)
        # Whitespace collapsed once per version: the page is polled all day by every phone.
        fragment = re.sub(r"\s+", " ", strip_spaces_between_tags(fragment))
        cached = (fragment, context["data"]["after_round"])
        cache.set(key, cached, STANDINGS_CACHE_SECONDS)
    fragment, after_round = cached
    if request.htmx:
        return HttpResponse(fragment)
    return render(request, "tournaments/public/standings.html", {
        "tournament": tournament, "standings": mark_safe(fragment),  # our own template's output
        "round_numbers": range(1, after_round + 1),
    })


def public_round(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Every table's result in a round, with the points."""
    round_ = round_or_404(slug, number, status__in=Round.PUBLIC_STATUSES)
    seats = TableSeat.objects.select_related("team").order_by("position")
    tables = []
    for table in round_.tables.order_by("number").prefetch_related(
        Prefetch("seats", queryset=seats), Prefetch("results", queryset=Result.objects.order_by("-version"))
    ):
        results = list(table.results.all())
        scores = score_sheet(table, results[0].sheet) if results else {}
        tables.append({"table": table, "corrected": len(results) > 1,
                       "rows": [(seat.team, scores.get(seat.team.name)) for seat in table.seats.all()]})
    return render(request, "tournaments/public/round.html",
                  {"tournament": round_.tournament, "round": round_, "tables": tables,
                   "rounds": round_.tournament.round_set.filter(tables__results__isnull=False).distinct().order_by("number")})


@director_required
def director_page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    after = request.GET.get("after_round")
    data = standings_json(tournament, int(after) if after and after.isdigit() else None)
    context = _context(tournament, data)
    context["all_rounds"] = range(tournament.rounds + 1)
    context["table"] = StandingsTable(data["standings"], rounds=data["after_round"], per_player=context["per_player"])
    return render(request, "tournaments/director/standings.html", context)


@director_required
@require_POST
def freeze(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    frozen = request.POST.get("frozen") == "1"
    set_frozen(tournament, frozen)
    messages.info(request, _("Public standings frozen.") if frozen else _("Public standings live again."))
    return redirect("director:standings", slug)
