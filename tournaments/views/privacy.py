"""Removing one person's personal data (AVG/GDPR): a confirmation page that names the person, and
the POST that does it. Thin: the rules are :mod:`tournaments.services.privacy`.

Allowed on an archived tournament too: an archive is read-only for the day's work, not for a
person's right to have their name removed.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.models import Player
from tournaments.permissions import allowed_when_archived, director_required
from tournaments.services import privacy

TEMPLATE = "tournaments/director/remove_personal_data.html"


@director_required
@allowed_when_archived()
@require_http_methods(["GET", "POST"])
def remove_personal_data(request: HttpRequest, slug: str, pk: int, seat: int) -> HttpResponse:
    """GET: what will happen to whom (or why it cannot happen yet); POST: do it. A POST for a
    tournament that is not finished gets 409 and changes nothing."""
    player = get_object_or_404(Player.objects.select_related("team__tournament", "team__club"),
                               team__tournament__slug=slug, team__pk=pk, seat=seat)
    team = player.team
    context = {"tournament": team.tournament, "team": team, "player": player}
    try:
        privacy.check_removable(team.tournament)
    except privacy.PrivacyError as error:
        return render(request, TEMPLATE, {**context, "refused": str(error)},
                      status=409 if request.method == "POST" else 200)
    if request.method == "POST":
        try:
            removed = privacy.remove_personal_data(player)
        except privacy.PrivacyError as error:  # reopened since the check above
            return render(request, TEMPLATE, {**context, "refused": str(error)}, status=409)
        if removed.changed:
            messages.success(request, _("Personal data removed: the player is now “%(new)s”.") % {"new": removed.name})
        else:
            messages.info(request, _("Nothing left to remove: the player is already “%(new)s”.") % {"new": removed.name})
        return redirect("director:team_edit", slug, team.pk)
    return render(request, TEMPLATE, {**context, "new_name": privacy.anonymous_name(player)})
