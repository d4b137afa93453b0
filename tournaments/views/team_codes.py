"""The desk's list of a round's team codes: every team, its table, its code and the table's link,
by team name, for the team that lost its slip. Director only and never public (a code confirms a
table's sheet); the same list prints through the download view (``team-codes-pdf``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from common.https import phones_url
from tournaments.permissions import director_required
from tournaments.services.search import matching_team_ids
from tournaments.views.lookups import round_or_404, search_text


@director_required
def round_codes(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    # Imported here: the exporters load WeasyPrint (some 35 MB), which a web process loads only to make a PDF.
    from tournaments.exporters.round_pdfs import code_lines

    round_ = round_or_404(slug, number)
    query = search_text(request)
    lines = code_lines(round_, phones_url(request))
    if query:  # the desk's search, as the check-in's: team, player or number
        found = set(matching_team_ids(round_.tournament_id, query, clubs=True))
        lines = [line for line in lines if line.team.pk in found]
    return render(request, "tournaments/director/team_codes.html", {
        "tournament": round_.tournament, "round": round_, "lines": lines, "query": query,
    })
