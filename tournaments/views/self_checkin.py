"""The director's switch of self check-in on the check-in page: open the door (now or at a time,
until a time or until closed) and close it (services/door_window.py). Teams then check themselves
in from their pass (views/team_pass.py); the check-in list follows by itself."""

from __future__ import annotations

import datetime
import re

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.permissions import director_required
from tournaments.services import door_window
from tournaments.views.lookups import act, refused, tournament_or_404


TIME = re.compile(r"(?P<hour>[0-9]{1,2}):(?P<minute>[0-9]{2})", re.ASCII)  # a time field's value, 09:30


def _time(value: str, what: str) -> datetime.time | None:
    """A time of day as the director types it (``09:30``); empty: none."""
    value = (value or "").strip()
    if not value:
        return None
    found = TIME.fullmatch(value)
    if found is None or int(found["hour"]) > 23 or int(found["minute"]) > 59:
        raise ValidationError(_("%(what)s: “%(value)s” is not a time; type it as 09:30.")
                              % {"what": what, "value": value[:20]})
    return datetime.time(int(found["hour"]), int(found["minute"]))


@director_required
@require_POST
def door_switch(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    if request.POST.get("open") != "1":
        return act(request, lambda: door_window.close_door(tournament), _("Self check-in is closed."),
                   "director:checkin", slug)
    try:  # times that cannot be, or a closing before the opening: the form's fault (400)
        opens = _time(request.POST.get("opens", ""), _("Opens at"))
        closes = _time(request.POST.get("closes", ""), _("Closes at"))
        door_window.check_window(opens, closes)
    except ValidationError as error:
        return refused(request, error.messages, "director:checkin", slug, status=400)
    return act(request, lambda: door_window.open_door(tournament, opens, closes),
               _("Self check-in is open: teams check themselves in from their pass."), "director:checkin", slug)
