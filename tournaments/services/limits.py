"""Rate limits kept in the database, so every server process counts the same attempts.

Why not the cache: with several gunicorn workers a process-local cache would let every worker
allow its own five tries. A row per key, locked while it is counted, is exact and cheap at the
scale of a tournament (a few hundred tables).

Two kinds of limit share the ``Attempt`` rows (each key is one kind):

- a fixed window (``blocked``, ``count``): ``limit`` attempts per ``window`` seconds; the row's
  time is when the window started.
- growing waits (``Backoff``: ``take_turn``, ``turn_succeeded``), for logins: after
  ``threshold`` failures each further try waits, twice as long each time. The row's time is the
  last failure. A try counts as a failure the moment it is let through, under the row's lock, and
  is given back when it succeeds: so any number of parallel tries get no more checks than the
  limit allows, a process that dies mid-check has counted it, and successes never count.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournaments.models import Attempt


def _locked(key: str, now: datetime.datetime) -> Attempt:
    """The key's row, locked until the transaction ends (created with no attempts when missing)."""
    attempt, _created = Attempt.objects.select_for_update().get_or_create(
        key=key, defaults={"count": 0, "window_started_at": now})
    return attempt


def _current(key: str, window: int, now: datetime.datetime) -> Attempt:
    attempt = _locked(key, now)
    if now - attempt.window_started_at >= datetime.timedelta(seconds=window):
        attempt.count, attempt.window_started_at = 0, now
    return attempt


def blocked(key: str, limit: int, window: int, now: datetime.datetime | None = None) -> int:
    """Seconds until ``key`` may try again (0: it may)."""
    now = now or timezone.now()
    found = Attempt.objects.filter(key=key).first()
    if found is None or found.count < limit:
        return 0
    left = (found.window_started_at + datetime.timedelta(seconds=window) - now).total_seconds()
    return max(0, int(left) + 1) if left > 0 else 0


def count(key: str, window: int, now: datetime.datetime | None = None) -> int:
    """Count one more attempt for ``key`` in its window; returns the attempts in the window."""
    now = now or timezone.now()
    with transaction.atomic():
        attempt = _current(key, window, now)
        attempt.count += 1
        attempt.save()
        return attempt.count


def used(key: str) -> bool:
    """Whether ``key`` has counted an attempt since it was last cleared, in any window (a phone
    that has typed a wrong code at a table, say)."""
    return Attempt.objects.filter(key=key, count__gt=0).exists()


def clear(key: str) -> None:
    Attempt.objects.filter(key=key).delete()


@dataclass(frozen=True)
class Backoff:
    """Growing waits: after ``threshold`` failures a key waits ``first`` seconds from its last
    failure, twice as long after each further failure, at most ``longest``. The failures are
    forgotten once ``forget`` seconds pass without one after the wait has ended."""

    threshold: int
    first: int = 30
    longest: int = 15 * 60
    forget: int = 15 * 60

    def wait_after(self, failures: int) -> int:
        """Seconds to wait after the last of ``failures`` failures."""
        if failures < self.threshold:
            return 0
        return min(self.first * 2 ** min(failures - self.threshold, 30), self.longest)


def _wait_left(attempt: Attempt, policy: Backoff, now: datetime.datetime) -> float:
    """Seconds ``attempt`` still waits (0 or less: it may try); forgets failures long past."""
    wait = policy.wait_after(attempt.count)
    until = attempt.window_started_at + datetime.timedelta(seconds=wait)
    if now - until >= datetime.timedelta(seconds=policy.forget):
        attempt.count, attempt.window_started_at = 0, now
        return 0
    if not wait:  # below the threshold: never a wait (a parallel try may have written a later time)
        return 0
    return (until - now).total_seconds()


def take_turn(policies: Mapping[str, Backoff], now: datetime.datetime | None = None) -> int:
    """Ask to try once for every key (an account and an address, say) at the same time.

    Returns the seconds to wait when any key must wait (nothing is counted then), else 0: the try
    is counted as a failure for every key now, before it is checked; a try that succeeds is given
    back with ``turn_succeeded`` (or ``clear``)."""
    now = now or timezone.now()
    with transaction.atomic():
        attempts = {key: _locked(key, now) for key in sorted(policies)}  # one lock order: no deadlock
        wait = max(_wait_left(attempt, policies[key], now) for key, attempt in attempts.items())
        if wait > 0:
            return math.ceil(wait)
        for attempt in attempts.values():
            attempt.count += 1
            attempt.window_started_at = now
            attempt.save()
    return 0


def turn_succeeded(key: str, policy: Backoff, now: datetime.datetime | None = None) -> None:
    """The try counted by ``take_turn`` succeeded: give it back, and leave the key free to try
    (its earlier failures stay counted, their wait over)."""
    now = now or timezone.now()
    with transaction.atomic():
        attempt = Attempt.objects.select_for_update().filter(key=key).first()
        if attempt is None:
            return
        if attempt.count <= 1:
            attempt.delete()
            return
        attempt.count -= 1
        free_from = now - datetime.timedelta(seconds=policy.wait_after(attempt.count))
        attempt.window_started_at = min(attempt.window_started_at, free_from)
        attempt.save(update_fields=["count", "window_started_at"])


def clear_family(key: str) -> None:
    """Forget ``key`` and every key under it (``key:…``): a table's counter and its phones'."""
    Attempt.objects.filter(Q(key=key) | Q(key__startswith=f"{key}:")).delete()


def counts_under(prefix: str, window: int, now: datetime.datetime | None = None) -> dict[str, int]:
    """Every key that starts with ``prefix`` and its attempts in a window that is still running."""
    now = now or timezone.now()
    rows = Attempt.objects.filter(key__startswith=prefix, window_started_at__gt=now - datetime.timedelta(seconds=window))
    return dict(rows.values_list("key", "count"))
