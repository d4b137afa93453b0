"""The director's finals page: start the knock-out finals after the Swiss rounds, follow the bracket,
draw each next stage (or the replays). Thin: the work is :mod:`tournaments.services.finals`."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.forms import FinalsForm
from tournaments.permissions import director_required
from tournaments.services import finals as finals_services
from tournaments.services.bracket import bracket, level_rule_text
from tournaments.services.standings import standings
from tournaments.views.lookups import REFUSED, act, tournament_or_404


SEEDS_SHOWN = 24
"""The seeds the finals page lists before the finals start: the most a bracket of 8 and two consolation
brackets of 8 take."""


@director_required
def finals_page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    form = FinalsForm(request.POST or None, tournament=tournament)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                round_ = finals_services.start_finals(tournament, form.setup())
            except ValidationError as error:
                for message in error.messages:
                    form.add_error(None, message)
            else:
                return redirect("director:round_detail", slug, round_.number)
        status = REFUSED
    found = bracket(tournament)
    report = standings(tournament) if found is not None and found.complete else None
    problems = finals_services.swiss_problems(tournament) if found is None else []
    return render(request, "tournaments/director/finals.html", {
        "tournament": tournament, "form": form, "bracket": found, "final_rows": report.bracket_rows if report else (),
        "swiss_problems": problems, "seeds": finals_services.seeding(tournament)[:SEEDS_SHOWN]
        if found is None and not problems else [],
        "next_problems": finals_services.advance_problems(found) if found is not None else [],
        "level_rule": level_rule_text(found.finals, tournament) if found is not None else "",
    }, status=status)


@director_required
@require_POST
def finals_next(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    made = []
    response = act(request, lambda: made.append(finals_services.advance(tournament)),
                   _("The next finals round is drawn: check it, then publish."), "director:finals", slug)
    return redirect("director:round_detail", slug, made[0].number) if made else response


@director_required
@require_POST
def finals_take_back(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    return act(request, lambda: finals_services.take_back(tournament), _("The last finals round is taken back."),
               "director:finals", slug)
