"""The round clock. The server is the one source of time.

Why store an end time rather than a running count: every page (projector, phones, director)
computes the same remaining time from ``clock_ends_at`` and the server's now, so a reload, a
second projector or a phone that slept all show the same countdown. Pausing stores the seconds
left instead; resuming turns them back into an end time. At zero the round is not closed: time
is up and the sheets stand as they are (scoring.md: ``stopped_by_clock``).

Every action takes ``now`` so that tests can step through time without mocking the clock.
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Round, RoundStatus


class ClockState:
    WAITING = "waiting"  # published, not started
    RUNNING = "running"
    PAUSED = "paused"
    TIME_UP = "time-up"


@dataclass(frozen=True)
class Clock:
    round: int
    state: str
    remaining: int  # whole seconds, rounded up while running (0:00 only when time is up)
    total: int  # seconds the round was planned for (its minutes)
    ends_at: datetime.datetime | None

    def as_json(self, now: datetime.datetime) -> dict:
        return {
            "round": self.round, "state": self.state, "remaining": self.remaining, "total": self.total,
            "ends_at": self.ends_at.isoformat() if self.ends_at else None, "server_time": now.isoformat(),
        }

    @property
    def display(self) -> str:
        return f"{self.remaining // 60}:{self.remaining % 60:02d}"

    def tag(self, now: datetime.datetime) -> str:
        """What a phone that polls the clock already knows while this holds (its ETag): the round,
        the state and the end time, and the minute, so that a countdown that drifted is set right
        within a minute. ``remaining`` counts down every second: not part of it."""
        ends = self.ends_at.timestamp() if self.ends_at else ""
        paused = self.remaining if self.state == ClockState.PAUSED else ""
        return f'"clock-{self.round}-{self.state}-{ends}-{paused}-{self.total}-{int(now.timestamp()) // 60}"'


def clock(round_: Round, now: datetime.datetime | None = None) -> Clock:
    now = now or timezone.now()
    total = round_.minutes * 60
    if round_.clock_ends_at is not None:
        left = (round_.clock_ends_at - now).total_seconds()
        if left <= 0:
            return Clock(round_.number, ClockState.TIME_UP, 0, total, round_.clock_ends_at)
        return Clock(round_.number, ClockState.RUNNING, math.ceil(left), total, round_.clock_ends_at)
    if round_.clock_paused_left is not None:
        return Clock(round_.number, ClockState.PAUSED, round_.clock_paused_left, total, None)
    return Clock(round_.number, ClockState.WAITING, total, total, None)


def _locked(round_: Round) -> Round:
    return Round.objects.select_for_update().get(pk=round_.pk)


def _save(locked: Round, round_: Round) -> None:
    locked.save(update_fields=["status", "started_at", "clock_ends_at", "clock_paused_left"])
    round_.refresh_from_db()


def start(round_: Round, now: datetime.datetime | None = None) -> None:
    now = now or timezone.now()
    with transaction.atomic():
        locked = _locked(round_)
        if locked.status == RoundStatus.DRAFT:
            raise ValidationError(_("Publish round %(number)s before starting its clock.") % {"number": locked.number})
        if locked.clock_ends_at is not None or locked.clock_paused_left is not None:
            raise ValidationError(_("The clock of round %(number)s has already started.") % {"number": locked.number})
        locked.status = RoundStatus.RUNNING
        locked.started_at = now
        locked.clock_ends_at = now + datetime.timedelta(minutes=locked.minutes)
        _save(locked, round_)


def pause(round_: Round, now: datetime.datetime | None = None) -> None:
    now = now or timezone.now()
    with transaction.atomic():
        locked = _locked(round_)
        state = clock(locked, now)
        if state.state != ClockState.RUNNING:
            raise ValidationError(_("The clock is not running."))
        locked.clock_paused_left = state.remaining
        locked.clock_ends_at = None
        _save(locked, round_)


def resume(round_: Round, now: datetime.datetime | None = None) -> None:
    now = now or timezone.now()
    with transaction.atomic():
        locked = _locked(round_)
        if locked.clock_paused_left is None:
            raise ValidationError(_("The clock is not paused."))
        locked.clock_ends_at = now + datetime.timedelta(seconds=locked.clock_paused_left)
        locked.clock_paused_left = None
        _save(locked, round_)


def extend(round_: Round, minutes: int, now: datetime.datetime | None = None) -> None:
    """Add minutes: to the end time while running, to the time left while paused, from now once time is up."""
    now = now or timezone.now()
    if not 1 <= minutes <= 60:
        raise ValidationError(_("Extend by 1 to 60 minutes."))
    extra = datetime.timedelta(minutes=minutes)
    with transaction.atomic():
        locked = _locked(round_)
        state = clock(locked, now).state
        if state == ClockState.WAITING:
            raise ValidationError(_("Start the clock first; to make the round longer, change its minutes."))
        if state == ClockState.PAUSED:
            locked.clock_paused_left += minutes * 60
        elif state == ClockState.TIME_UP:
            locked.clock_ends_at = now + extra
        else:
            locked.clock_ends_at += extra
        _save(locked, round_)


def current_round(tournament_id: int) -> Round | None:
    """The round players are playing: the highest published one."""
    return (
        Round.objects.filter(tournament_id=tournament_id, status__in=Round.PUBLIC_STATUSES)
        .order_by("-number").first()
    )
