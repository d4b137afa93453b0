"""Public pages: read-only, no login, made for phones."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Tournament
from tournaments.services.clock import clock, current_round
from tournaments.services.public_names import shown_entrant, shown_players
from tournaments.views.lookups import public_tournament_or_404


def tournament_list(request):
    tournaments = Tournament.objects.listed()
    return render(request, "tournaments/public/tournament_list.html", {"tournaments": tournaments})


def tournament_detail(request, slug: str):
    tournament = public_tournament_or_404(slug)
    # Each team with its players as the tournament's privacy setting shows them (an individual
    # entrant: its one name, shown as the setting says).
    names = tournament.public_names
    teams = [(team, [shown_entrant(team.name, team.number, names)] if tournament.individual
              else shown_players(team.player_names, names))
             for team in tournament.teams.active().with_people()]
    round_ = current_round(tournament.pk)
    return render(request, "tournaments/public/tournament_detail.html", {
        "tournament": tournament, "teams": teams, "round": round_, "clock": clock(round_) if round_ else None,
    })


# With search engines allowed, only the public pages: never a director's page, a table's
# private link, the admin or the login.
ROBOTS_PUBLIC_ONLY = "User-agent: *\nDisallow: /director/\nDisallow: /s/\nDisallow: /admin/\nDisallow: /login/\n"
ROBOTS_NONE = "User-agent: *\nDisallow: /\n"


def robots_txt(request: HttpRequest) -> HttpResponse:
    """Search engines keep out unless ``SEARCH_ENGINES_ALLOWED`` (players' names are public here)."""
    text = ROBOTS_PUBLIC_ONLY if settings.SEARCH_ENGINES_ALLOWED else ROBOTS_NONE
    return HttpResponse(text, content_type="text/plain; charset=utf-8")
