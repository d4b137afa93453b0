"""Pages for players at the venue: a table's own page (reached from "find my table"),
"find my table" and the projector. Only published rounds are shown; every page carries the round
clock, which counts down in the browser from the server's remaining time."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import Round, Table
from tournaments.services.clock import clock, current_round
from tournaments.services.places import find_places, round_tables
from tournaments.services.seating import seat_views
from tournaments.views.lookups import tournament_or_404


def table_page(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    found = get_object_or_404(
        Table.objects.select_related("round__tournament").with_sheets(),
        round__tournament__slug=slug, round__number=number, number=table, round__status__in=Round.PUBLIC_STATUSES,
    )
    return render(request, "tournaments/public/table.html", {
        "tournament": found.round.tournament, "round": found.round, "table": found, "seats": seat_views(found),
        "clock": clock(found.round), "has_result": found.current_sheet is not None,
        "rulings": found.rulings.select_related("table__round", "created_by").order_by("created_at"),
    })


def find_table(request: HttpRequest, slug: str) -> HttpResponse:
    """Type a team name, player name or team number; see table, seat and opponents this round."""
    tournament = tournament_or_404(slug)
    round_ = current_round(tournament.pk)
    query = request.GET.get("q", "").strip()
    places = find_places(round_, query) if round_ is not None and query else []
    context = {"tournament": tournament, "round": round_, "query": query, "places": places,
               "clock": clock(round_) if round_ else None}
    template = "tournaments/public/_places.html" if request.htmx else "tournaments/public/find.html"
    return render(request, template, context)


def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """Full screen for the beamer: the countdown and every table of the current round."""
    tournament = tournament_or_404(slug)
    round_ = current_round(tournament.pk)
    return render(request, "tournaments/public/projector.html", {
        "tournament": tournament, "round": round_, "clock": clock(round_) if round_ else None,
        "tables": round_tables(round_) if round_ else [],
    })
