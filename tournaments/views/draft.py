"""Director actions on a round before it is played: draw it, plan every round, swap teams, edit
the arrangement, publish and return to draft. Thin: the rules live in services/pairing.py and
services/draft.py; every refusal comes back as a message naming the problem."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from common.https import phones_url
from tournaments.numbers import is_whole
from tournaments.permissions import director_required
from tournaments.services import draft as draft_services
from tournaments.services import pairing as pairing_services
from tournaments.views.lookups import REFUSED, act, refused, round_or_404, tournament_or_404


@director_required
@require_POST
def draw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = round_or_404(slug, number)
    return act(request, lambda: pairing_services.pair_round(round_),
               _("Round %(number)s drawn. Check the flags, then publish.") % {"number": number},
               "director:round_detail", slug, number)


@director_required
@require_POST
def plan(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    try:
        planned = pairing_services.plan_all_rounds(tournament)
    except ValidationError as error:
        return refused(request, error.messages, "director:round_list", slug)
    if planned[0].number > 1:  # a planned individual day: its remaining rounds drawn again
        messages.success(request, _("Rounds %(first)s to %(last)s drawn again for the players present now. "
                                    "Print their route cards again.")
                         % {"first": planned[0].number, "last": planned[-1].number})
        return redirect("director:round_detail", slug, planned[0].number)
    if tournament.individual:
        messages.success(request, ngettext("%(count)s round planned: every player has a new partner every round.",
                                           "%(count)s rounds planned: every player has a new partner every round.",
                                           tournament.rounds) % {"count": tournament.rounds})
    else:
        messages.success(request, ngettext("%(count)s round planned without rematches.",
                                           "%(count)s rounds planned without rematches.", tournament.rounds)
                         % {"count": tournament.rounds})
    return redirect("director:round_detail", slug, 1)


@director_required
@require_POST
def publish(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = round_or_404(slug, number)
    return act(request, lambda: draft_services.publish(round_, phones_url(request)),
               _("Round %(number)s is published: players see their tables.") % {"number": number},
               "director:round_detail", slug, number)


@director_required
@require_POST
def unpublish(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = round_or_404(slug, number)
    return act(request, lambda: draft_services.unpublish(round_),
               _("Round %(number)s is a draft again; players no longer see it.") % {"number": number},
               "director:round_detail", slug, number)


@director_required
@require_POST
def swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    round_ = round_or_404(slug, number)
    teams = {str(team.pk): team for team in round_.tournament.teams.filter(
        pk__in=[value for value in (request.POST.get("first"), request.POST.get("second")) if is_whole(value)]
    )}
    first, second = teams.get(request.POST.get("first", "")), teams.get(request.POST.get("second", ""))
    if first is None or second is None:
        return refused(request, [_("Choose two teams to swap.")], "director:round_detail", slug, number, status=REFUSED)
    return act(request, lambda: draft_services.swap_teams(round_, first, second),
               _("%(first)s and %(second)s swapped places.") % {"first": first, "second": second},
               "director:round_detail", slug, number)


@director_required
def arrangement(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The whole arrangement as text (``3: 12 7`` per table, ``bye: 5``): fast for big changes.
    Every problem is shown at once, each beside the line it is on."""
    round_ = round_or_404(slug, number)
    text = request.POST.get("arrangement") if request.method == "POST" else draft_services.arrangement_text(round_)
    problems: list[tuple[int | None, str]] = []
    if request.method == "POST":
        problems = draft_services.arrangement_problems(round_, text or "")
        if not problems:
            try:
                draft_services.set_seating(round_, draft_services.parse_arrangement(round_, text or ""))
            except ValidationError as error:  # changed by someone else meanwhile
                problems = [(None, message) for message in error.messages]
            else:
                messages.success(request, _("The arrangement of round %(number)s is saved.") % {"number": number})
                return redirect("director:round_detail", slug, number)
    by_line: dict[int, list[str]] = {}
    for line, message in problems:
        if line is not None:
            by_line.setdefault(line, []).append(message)
    lines = [(line, typed, by_line[line]) for line, typed in enumerate((text or "").splitlines(), start=1)
             if line in by_line]
    return render(request, "tournaments/director/arrangement.html", {
        "tournament": round_.tournament, "round": round_, "text": text,
        "errors": [message for _line, message in problems],
        "general_errors": [message for line, message in problems if line is None], "error_lines": lines,
    }, status=REFUSED if problems else 200)
