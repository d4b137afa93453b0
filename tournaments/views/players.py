"""Pages for players at the venue: a table's own page (reached from "find my table"),
"find my table" and the projector. Only published rounds are shown; every page carries the round
clock, which counts down in the browser from the server's remaining time. Player names follow the
tournament's privacy setting (``public_names``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.services.clock import clock, current_round
from tournaments.services.places import find_places, not_in_round, round_tables
from tournaments.services.round_sheets import public_sheet
from tournaments.services.ruling_words import public_rulings
from tournaments.services.seating import sides
from tournaments.services.sheet_states import is_open
from tournaments.views.lookups import public_table_or_404, public_tournament_or_404, search_text


def table_page(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    found = public_table_or_404(slug, number, table)
    return render(request, "tournaments/public/table.html", {
        "tournament": found.round.tournament, "round": found.round, "table": found,
        "seats": sides(found, found.round.tournament.public_names),
        "clock": clock(found.round),
        # It counts (as it stood at the freeze while the standings are frozen).
        "has_result": not is_open(public_sheet(found), found.round.tournament.confirmed_counts),
        "rulings": public_rulings(found.rulings.order_by("created_at")),
    })


def find_table(request: HttpRequest, slug: str) -> HttpResponse:
    """Type a team name, player name or team number; see table, seat and opponents this round."""
    tournament = public_tournament_or_404(slug)
    round_ = current_round(tournament.pk)
    query = search_text(request)
    places = find_places(round_, query, tournament.public_names) if round_ is not None and query else []
    # Nobody seated matches: a team that is registered but not drawn is sent to the desk.
    absent = not_in_round(round_, query, tournament.public_names) if round_ is not None and query and not places else []
    context = {"tournament": tournament, "round": round_, "query": query, "places": places, "absent": absent,
               "clock": clock(round_) if round_ else None}
    template = "tournaments/public/_places.html" if request.htmx else "tournaments/public/find.html"
    return render(request, template, context)


def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """Full screen for the beamer: the countdown and every table of the current round."""
    tournament = public_tournament_or_404(slug)
    round_ = current_round(tournament.pk)
    return render(request, "tournaments/public/projector.html", {
        "tournament": tournament, "round": round_, "clock": clock(round_) if round_ else None,
        "tables": round_tables(round_, tournament.public_names) if round_ else [],
    })
