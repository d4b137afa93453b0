"""The round clock: the director's buttons, and the JSON every countdown on every screen reads."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from tournaments.models import Round
from tournaments.numbers import whole_or
from tournaments.permissions import director_required
from tournaments.services import clock as clock_services
from tournaments.views.lookups import act, public_tournament_or_404, round_or_404


def _act(request: HttpRequest, slug: str, number: int, action: Callable[[Round], None], done: str) -> HttpResponse:
    round_ = round_or_404(slug, number)
    return act(request, lambda: action(round_), done, "director:round_detail", slug, number)


@director_required
@require_POST
def start(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _act(request, slug, number, clock_services.start, _("The clock is running."))


@director_required
@require_POST
def pause(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _act(request, slug, number, clock_services.pause, _("The clock is paused."))


@director_required
@require_POST
def resume(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    return _act(request, slug, number, clock_services.resume, _("The clock runs again."))


@director_required
@require_POST
def extend(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    raw = request.POST.get("minutes", "")
    minutes = whole_or(raw, 0, 0, 10_000)
    return _act(request, slug, number, lambda round_: clock_services.extend(round_, minutes),
                _("The round is %(minutes)s minutes longer.") % {"minutes": minutes})


@never_cache
def clock_json(request: HttpRequest, slug: str) -> JsonResponse:
    """The current round's clock: ``{"round", "state", "remaining", "total", "ends_at", "server_time"}``.
    With its ETag (:meth:`Clock.tag`): a phone that sends it back (If-None-Match, static/js/clock.js)
    while the clock's state holds gets 304 Not Modified and counts on."""
    tournament = public_tournament_or_404(slug)
    now = timezone.now()
    round_ = clock_services.current_round(tournament.pk)
    if round_ is None:
        response = JsonResponse({"round": None, "state": "none", "remaining": 0, "total": 0,
                                 "ends_at": None, "server_time": now.isoformat()})
        response["ETag"] = '"clock-none"'
        return response
    state = clock_services.clock(round_, now)
    response = JsonResponse(state.as_json(now))
    response["ETag"] = state.tag(now)
    return response
