"""Rate limits kept in the database, so every server process counts the same attempts.

Why not the cache: with several gunicorn workers a process-local cache would let every worker
allow its own five tries. A row per key, locked while it is counted, is exact and cheap at the
scale of a tournament (a few hundred tables).
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from tournaments.models import Attempt


def _current(key: str, window: int, now: datetime.datetime) -> Attempt:
    attempt, _created = Attempt.objects.select_for_update().get_or_create(
        key=key, defaults={"count": 0, "window_started_at": now})
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


def clear(key: str) -> None:
    Attempt.objects.filter(key=key).delete()
