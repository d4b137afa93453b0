"""The buttons and small forms of a competition's page: add a tournament as the next evening,
remove or move an evening, excuse a person, withdraw an excuse.

Thin: each is a :mod:`seasons.services.evenings` call. Done, it redirects to the competition's
page with a message; a refused form shows that page at once with its errors and 422, a refused
button with the reason and 409 (the competition's state, not what was typed); nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.competition import MAX_EVENINGS
from seasons.forms import EveningForm, ExcusedForm
from seasons.models import Competition
from seasons.services import evenings
from seasons.views.access import competition_or_404, director_only
from seasons.views.director import detail_page
from tournaments.views.lookups import CONFLICT, REFUSED


def _done(request: HttpRequest, competition: Competition, action: Callable[[], object], success: str) -> HttpResponse:
    try:
        action()
    except ValidationError as error:
        for problem in error.messages:
            messages.error(request, problem)
        return detail_page(request, competition, status=CONFLICT)
    messages.success(request, success)
    return redirect("seasons:detail", competition.slug)


@director_only
@require_POST
def add(request: HttpRequest, slug: str) -> HttpResponse:
    competition = competition_or_404(slug)
    form = EveningForm(request.POST, competition=competition)
    if not form.is_valid():
        return detail_page(request, competition, status=REFUSED, evening_form=form)
    tournament = form.cleaned_data["tournament"]
    return _done(request, competition, lambda: evenings.add_evening(competition, tournament),
                 _("“%(tournament)s” is the competition's next evening.") % {"tournament": tournament.name})


def _evening_or_404(number: int) -> None:
    """An evening's number from the URL: one a competition can have (a number beyond any column is no
    evening, not a database error)."""
    if not 1 <= number <= MAX_EVENINGS:
        raise Http404


@director_only
@require_POST
def remove(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    competition = competition_or_404(slug)
    _evening_or_404(number)
    return _done(request, competition, lambda: evenings.remove_evening(competition, number),
                 _("Evening %(number)s removed; the tournament itself is kept.") % {"number": number})


@director_only
@require_POST
def move(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    competition = competition_or_404(slug)
    _evening_or_404(number)
    direction = request.POST.get("direction")
    if direction not in ("up", "down"):
        return HttpResponseBadRequest(_("Move the evening up or down."), content_type="text/plain; charset=utf-8")
    up = direction == "up"
    return _done(request, competition, lambda: evenings.move_evening(competition, number, up),
                 _("Evening %(number)s moved.") % {"number": number})


@director_only
@require_POST
def excuse(request: HttpRequest, slug: str) -> HttpResponse:
    competition = competition_or_404(slug)
    form = ExcusedForm(request.POST, competition=competition)
    if not form.is_valid():
        return detail_page(request, competition, status=REFUSED, excused_form=form)
    data = form.cleaned_data
    shown = data["person"].name if data["person"] is not None else data["name"]
    return _done(request, competition, lambda: evenings.excuse(competition, data["evening"], data["person"], data["name"]),
                 _("%(person)s is excused on evening %(number)s.") % {"person": shown, "number": data["evening"]})


@director_only
@require_POST
def withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    competition = competition_or_404(slug)
    return _done(request, competition, lambda: evenings.withdraw_excuse(competition, pk),
                 _("Excused absence withdrawn."))
