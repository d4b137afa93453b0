"""Practice runs in the director area: the button that makes and plays one, the practice run's page
(what was played, the standings, the files) and deleting it after a confirmation. Thin: the
rehearsal is :mod:`tournaments.services.rehearsal`."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from common.https import phones_url
from tournaments.exporters.base import exporter
from tournaments.permissions import allowed_when_archived, director_required
from tournaments.services import rehearsal
from tournaments.services.standings import standings
from tournaments.views.lookups import act, refused, tournament_or_404

SHOWN_PLACES = 3
"""The places the practice run's page shows (the whole standings are one click away)."""


def _practice_section(slug: str) -> HttpResponse:
    """Where a tournament's practice runs are made and listed: its “Visibility, archive, delete” page."""
    return redirect(reverse("director:tournament_lifecycle", args=[slug]) + "#practice")


@director_required
@require_POST
def start(request: HttpRequest, slug: str) -> HttpResponse:
    """Make the practice copy and play it; the director lands on its page. Refused (an archived
    tournament, a practice run itself, a day that cannot be drawn): the tournament's page with why."""
    tournament = tournament_or_404(slug)
    try:
        summary = rehearsal.start(tournament, site_url=phones_url(request))  # its PDFs made in the background
    except ValidationError as error:
        return refused(request, error.messages, "director:tournament_lifecycle", slug)
    messages.success(request, _("Practice run made and played in %(seconds)s s: nothing of it is public.")
                     % {"seconds": f"{summary.seconds:.1f}"})
    return redirect("director:practice_run", summary.tournament.slug)


@director_required
@require_GET
def page(request: HttpRequest, slug: str) -> HttpResponse:
    """What the practice day held, its winners, and its files; of a real tournament: where its
    practice runs are."""
    tournament = tournament_or_404(slug)
    if not tournament.practice:
        return _practice_section(slug)
    last = tournament.round_set.filter(tables__isnull=False).order_by("-number").first()
    return render(request, "tournaments/director/rehearsal.html", {
        "tournament": tournament, "summary": rehearsal.summary(tournament),
        "places": standings(tournament).rows[:SHOWN_PLACES], "last_round": last,
        "files": [exporter(identifier) for identifier in rehearsal.PDFS],
        "cards": exporter(rehearsal.ROUND_PDF),
    })


@director_required
@allowed_when_archived()  # deleting a practice run is not a change of a day's results
def delete(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: what goes; POST: delete the practice run (the original tournament stays as it is). A
    real tournament is not deleted here (404; a GET goes to where its practice runs are)."""
    tournament = tournament_or_404(slug)
    if not tournament.practice:
        if request.method == "POST":
            raise Http404("not a practice run")
        return _practice_section(slug)
    if request.method != "POST":
        return render(request, "tournaments/director/rehearsal_delete.html", {"tournament": tournament})
    original = tournament.practice_of
    to = ("director:tournament_lifecycle", original.slug) if original else ("director:tournament_list",)
    return act(request, lambda: rehearsal.delete(tournament),
               _("Practice run “%(name)s” deleted.") % {"name": tournament.name}, *to)
