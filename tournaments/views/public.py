"""Public pages: read-only, no login, made for phones."""

from django.shortcuts import render

from tournaments.models import Tournament
from tournaments.services.clock import clock, current_round
from tournaments.views.lookups import tournament_or_404


def tournament_list(request):
    tournaments = Tournament.objects.all()
    return render(request, "tournaments/public/tournament_list.html", {"tournaments": tournaments})


def tournament_detail(request, slug: str):
    tournament = tournament_or_404(slug)
    teams = tournament.teams.active().with_people()
    round_ = current_round(tournament.pk)
    return render(request, "tournaments/public/tournament_detail.html", {
        "tournament": tournament, "teams": teams, "round": round_, "clock": clock(round_) if round_ else None,
    })
