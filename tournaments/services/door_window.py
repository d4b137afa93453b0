"""Self check-in: while the director has the door open, a team checks itself in from its pass.

Why a window rather than a switch alone: the director opens the door when the hall opens and may
set when it closes (the draw of round 1 needs the list settled); a team that comes later checks in
at the desk, where someone sees it arrive. The window is ``door_opens_at`` (set by *Open the door*:
now, or a time typed for later) and an optional ``door_closes_at``; *Close the door* closes it now.
Outside it a pass's "we are here" is refused with the time the door opens or closed. The director
checks in (and undoes) by hand as always.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Team, Tournament
from tournaments.services.teams import set_checked_in


@dataclass(frozen=True)
class Door:
    """The self check-in window of a tournament at ``now``."""

    opens_at: datetime.datetime | None
    closes_at: datetime.datetime | None
    now: datetime.datetime

    @property
    def open(self) -> bool:
        return (self.opens_at is not None and self.opens_at <= self.now
                and (self.closes_at is None or self.now < self.closes_at))

    @property
    def why_not(self) -> str:
        """Why a team cannot check itself in now ("" while the door is open)."""
        if self.open:
            return ""
        if self.opens_at is not None and self.now < self.opens_at:
            return _("Self check-in opens at %(time)s. Until then, check in at the desk.") % {"time": _hhmm(self.opens_at)}
        if self.closes_at is not None and self.closes_at <= self.now:
            return _("Self check-in closed at %(time)s: check in at the desk.") % {"time": _hhmm(self.closes_at)}
        return _("Self check-in is not open: check in at the desk.")


def _hhmm(moment: datetime.datetime) -> str:
    return timezone.localtime(moment).strftime("%H:%M")


def door(tournament: Tournament, now: datetime.datetime | None = None) -> Door:
    """The tournament's self check-in window as it stands at ``now``."""
    return Door(tournament.door_opens_at, tournament.door_closes_at, now or timezone.now())


def at_today(time: datetime.time | None, now: datetime.datetime | None = None) -> datetime.datetime | None:
    """``time`` (as the director types it, in the venue's time zone) on today's date."""
    if time is None:
        return None
    today = timezone.localtime(now or timezone.now()).date()
    return timezone.make_aware(datetime.datetime.combine(today, time))


def check_window(opens: datetime.time | None, closes: datetime.time | None,
                 now: datetime.datetime | None = None) -> tuple[datetime.datetime, datetime.datetime | None]:
    """The window of ``opens`` (now, when none is given) and ``closes`` today; a closing time that is
    not after the opening is refused."""
    now = now or timezone.now()
    opens_at, closes_at = at_today(opens, now) or now, at_today(closes, now)
    if closes_at is not None and closes_at <= opens_at:
        raise ValidationError(_("The door must close after it opens (%(opens)s): choose a later closing time.")
                              % {"opens": _hhmm(opens_at)})
    return opens_at, closes_at


def open_door(tournament: Tournament, opens: datetime.time | None = None, closes: datetime.time | None = None,
              now: datetime.datetime | None = None) -> Tournament:
    """Open self check-in now (or at ``opens`` today), until ``closes`` today (or until the director
    closes it). A closing time that is not after the opening is refused."""
    opens_at, closes_at = check_window(opens, closes, now)
    tournament.door_opens_at, tournament.door_closes_at = opens_at, closes_at
    tournament.save(update_fields=["door_opens_at", "door_closes_at"])
    return tournament


def close_door(tournament: Tournament, now: datetime.datetime | None = None) -> Tournament:
    """Close self check-in now (a door never opened stays as it was)."""
    if tournament.door_opens_at is not None:
        tournament.door_closes_at = now or timezone.now()
        tournament.save(update_fields=["door_closes_at"])
    return tournament


def check_in_self(team: Team, now: datetime.datetime | None = None) -> Team:
    """The team says it is here, from its pass: checked in while the door is open; refused outside
    the window (with its time), for a withdrawn team, and in an archived tournament."""
    with transaction.atomic():
        locked = Team.objects.select_for_update().select_related("tournament").get(pk=team.pk)
        tournament = locked.tournament
        if tournament.archived:
            raise ValidationError(_("This tournament is archived: nothing can change."))
        if locked.withdrawn:
            raise ValidationError(_("This team is withdrawn: ask the desk."))
        state = door(tournament, now)
        if not state.open:
            raise ValidationError(state.why_not)
        if not locked.checked_in:
            set_checked_in(locked, True)
    return locked
