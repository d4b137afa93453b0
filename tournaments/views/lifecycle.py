"""The director's page for the tournament as a whole: its status (reopen when finished), hiding it
from the public pages, archiving it (read-only) and deleting it after a confirmation. Thin: the
rules are in :mod:`tournaments.services.lifecycle`; the archive itself is enforced for every
director view by :mod:`tournaments.permissions`."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.permissions import allowed_when_archived, director_required
from tournaments.services import lifecycle
from tournaments.views.lookups import act, tournament_or_404


@director_required
def page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    return render(request, "tournaments/director/lifecycle.html", {"tournament": tournament})


@director_required
@require_POST
@allowed_when_archived()  # visibility is not the tournament's content
def visibility(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    hidden = request.POST.get("hidden") == "1"
    lifecycle.set_hidden(tournament, hidden)
    messages.success(request, _("“%(name)s” is hidden from the public pages.") % {"name": tournament.name} if hidden
                     else _("“%(name)s” is on the public pages again.") % {"name": tournament.name})
    return redirect("director:tournament_lifecycle", slug)


@director_required
@require_POST
@allowed_when_archived()  # how the archive is lifted
def archive(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    archived = request.POST.get("archived") == "1"
    lifecycle.set_archived(tournament, archived)
    messages.success(request, _("“%(name)s” is archived: it can be read but not changed.") % {"name": tournament.name}
                     if archived else _("“%(name)s” can be changed again.") % {"name": tournament.name})
    return redirect("director:tournament_lifecycle", slug)


@director_required
@require_POST
def reopen(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    return act(request, lambda: lifecycle.reopen(tournament), _("The tournament is running again."),
               "director:tournament_lifecycle", slug)


@director_required
def delete(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: what would be deleted, and a box for the short name; POST: delete (after a backup)."""
    tournament = tournament_or_404(slug)
    if tournament.practice:  # deleted on its own page, without the backup a real day gets first
        return redirect("director:practice_run_delete", slug)
    context = {"tournament": tournament, "contents": lifecycle.contents(tournament), "errors": []}
    if request.method == "POST":
        name = tournament.name
        try:
            backup = lifecycle.delete_tournament(tournament, request.POST.get("confirmation", ""))
        except ValidationError as error:
            context["errors"] = error.messages
            return render(request, "tournaments/director/tournament_delete.html", context, status=400)
        messages.success(request, _("Tournament “%(name)s” deleted. Its backup, written just before: %(file)s")
                         % {"name": name, "file": backup.name})
        return redirect("director:tournament_list")
    return render(request, "tournaments/director/tournament_delete.html", context)
