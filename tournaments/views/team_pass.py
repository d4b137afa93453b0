"""The team pass (``/p/<token>/``, the QR code on the card handed out at the door): a team's own
page for the whole day. Its table and opponents in the current round (the page follows by itself,
and the phone vibrates or beeps when the table changes), its table's sheet with the actions open
to it (no code typed: the pass proves the team), its results and place, the rules helper, and
"we are here" while the door is open. A fourth URL tier next to public, director and table: a
pass reaches its own team and nothing else. Thin: services/team_passes.py, services/door_window.py.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from tournaments.models import Team
from tournaments.services import door_window, team_passes
from tournaments.views.lookups import act, unknown_secret
from tournaments.views.table_entry import FOLLOW, Entrant, answer, sheet_state

UNKNOWN_TEMPLATE = "tournaments/pass/unknown.html"


def _unknown(request: HttpRequest) -> HttpResponse:
    return unknown_secret(request, "team-pass", UNKNOWN_TEMPLATE)


def _context(team: Team, token: str) -> dict:
    now = team_passes.today(team)
    return {
        "team": team, "tournament": team.tournament, "token": token, "today": now, "round": now.round,
        "place": now.place, "lines": team_passes.standing(team), "door": door_window.door(team.tournament),
        "poll_seconds": settings.PASS_POLL_SECONDS,
    }


@require_safe
@never_cache
def page(request: HttpRequest, token: str) -> HttpResponse:
    team = team_passes.team_of_pass(token)
    if team is None:
        return _unknown(request)
    return render(request, "tournaments/pass/page.html", _context(team, token))


@require_safe
def now(request: HttpRequest, token: str) -> HttpResponse:
    """The part of the pass that follows the day (polled): the same answer for every poll while
    nothing changed, so ConditionalGetMiddleware's ETag answers 304 (no CSRF token in it)."""
    team = team_passes.team_of_pass(token)
    if team is None:
        return _unknown(request)
    response = render(request, "tournaments/pass/_now.html", _context(team, token))
    response["Cache-Control"] = "no-cache, private"
    return response


def sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The sheet of the team's table this round, as the table link shows it, for this team (and
    its state, which the page polls)."""
    team = team_passes.team_of_pass(token)
    if team is None:
        return _unknown(request)
    if request.method == "GET" and FOLLOW in request.GET:
        return sheet_state(team_passes.sheet_versions(team))
    return _sheet_page(request, token, team)


@never_cache
def _sheet_page(request: HttpRequest, token: str, team: Team) -> HttpResponse:
    table = team_passes.table_today(team)
    if table is None:
        return redirect("pass:page", token)
    at = Entrant(reverse("pass:sheet", args=[token]), team_passes.own_side(team, table),
                 team_passes.own_code(team, table), guesser=f"pass:{team.pk}", back=reverse("pass:page", args=[token]),
                 who=f"pass{team.pk}")
    return answer(request, table, at)


@require_POST
def here(request: HttpRequest, token: str) -> HttpResponse:
    """"We are here": the team checks itself in while the door is open."""
    team = team_passes.team_of_pass(token)
    if team is None:
        return _unknown(request)
    done = _("You are checked in. Welcome!")
    return act(request, lambda: door_window.check_in_self(team), done, "pass:page", token)
