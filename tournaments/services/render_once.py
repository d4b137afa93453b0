"""Render a page once per change of results, and share it with every server process.

Why: on the day, phones poll the public standings all the time while a sheet is confirmed every
few seconds. When each process (and each thread in it) rendered the ~100 KB standings itself
after every change, a change made them all render at once, and the page fell from ~670 to ~80
requests a second with a 14 s tail. Now:

1. A value is named by a base key (tournament, what, language) and the tournament's
   ``results_version``, which every change of a sheet, bye, team or player raises
   (tournaments/signals.py). A value of the current version is never stale.
2. Threads of one process share a small in-memory copy of the latest version of each base key,
   and a lock per base key: one thread renders, the others wait for it.
3. Processes share Django's cache (the database cache by default: no extra server on the laptop;
   Redis or Memcached for a large event, see the README). The first process to ``add`` the
   render lock renders and stores the value; the others wait for it (polling the cache), or
   serve the previous version while the change is less than :data:`STALE_SECONDS` old.
4. A cache that is down, full or slow never serves a wrong page: every cache error falls back to
   rendering here, and a wait that lasts longer than :data:`WAIT_SECONDS` renders too.

``renders`` counts the renders of this process per base key (what tests and benchmarks read).
"""

from __future__ import annotations

import contextvars
import datetime
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import cache
from django.utils import timezone

logger = logging.getLogger(__name__)

T = TypeVar("T")

CACHE_SECONDS = 120
"""How long a rendered version stays in the shared cache: only the current version and, for a
moment, the previous one are ever read, so a short life keeps Redis or the cache table small."""
LOCAL_MAX = 200
"""Base keys this process keeps a copy of (tournaments × languages × kinds); the oldest go first."""
LOCK_SECONDS = 30
"""A render lock older than this is forgotten (its process died while rendering)."""
WAIT_SECONDS = 10
"""How long a request waits for another process's render before rendering itself."""
STALE_SECONDS = 2
"""For this long after a change, a request may get the previous version while the new one renders."""
POLL_SECONDS = 0.02

renders: Counter = Counter()
_local: dict[str, tuple[int, Any]] = {}  # base key → (version, value): this process's latest
_local_locks: dict[str, threading.Lock] = {}
_guard = threading.Lock()
# Whether the render running in this context used another value's previous version: set by
# ``rendered`` when it serves one, read by ``_render_and_share`` around each render.
_built_on_stale: contextvars.ContextVar[bool] = contextvars.ContextVar("built_on_stale", default=False)


def _lock_for(base: str) -> threading.Lock:
    with _guard:
        return _local_locks.setdefault(base, threading.Lock())


def _cache_call(method: str, *args, **kwargs) -> Any:
    """A call to the shared cache; ``None`` (as if missing) when the cache fails."""
    try:
        return getattr(cache, method)(*args, **kwargs)
    except Exception:  # any backend's error: the page is computed instead
        logger.warning("cache %s failed; rendering without the shared cache", method, exc_info=True)
        return None


def rendered(base: str, version: int, changed_at: datetime.datetime | None, render: Callable[[], T]) -> T:
    """The value of ``render()`` for ``version`` of ``base``, rendered once for all processes."""
    local = _local.get(base)
    if local is not None and local[0] == version:
        return local[1]
    with _lock_for(base):  # the other threads of this process wait here for the one that renders
        local = _local.get(base)
        if local is not None and local[0] == version:
            return local[1]
        value, current = _shared(base, version, changed_at, render)
        if current:  # a previous version served for a moment is never kept as this one
            _keep(base, version, value)
        else:
            _built_on_stale.set(True)  # nor is anything built on it (the page around a fragment)
        return value


def _keep(base: str, version: int, value: Any) -> None:
    with _guard:
        known = _local.get(base)
        if known is not None and known[0] > version:
            return
        _local.pop(base, None)
        _local[base] = (version, value)  # the newest last
        while len(_local) > LOCAL_MAX:
            _local.pop(next(iter(_local)))


def _shared(base: str, version: int, changed_at: datetime.datetime | None,
            render: Callable[[], T]) -> tuple[T, bool]:
    """(value, whether it is of ``version``): the previous version only while another process renders."""
    key = f"{base}:v{version}"
    value = _cache_call("get", key)
    if value is not None:
        return value, True
    lock = f"{key}:rendering"
    if _cache_call("add", lock, 1, LOCK_SECONDS):
        try:
            return _render_and_share(base, key, version, render)
        finally:
            _cache_call("delete", lock)
    # Another process renders this version: serve the previous one for a moment, else wait for it.
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        if _recent(changed_at):
            previous = _cache_call("get", f"{base}:latest")
            if previous is not None and previous[0] < version:
                return previous[1], False
        time.sleep(POLL_SECONDS)
        value = _cache_call("get", key)
        if value is not None:
            return value, True
        if not _cache_call("get", lock):  # it gave up (or the cache is down): render here
            break
    return _render_and_share(base, key, version, render)


def _render_and_share(base: str, key: str, version: int, render: Callable[[], T]) -> tuple[T, bool]:
    """(value, whether it is of ``version``): a value built on another one's previous version
    (``_built_on_stale``) is served but neither shared nor kept."""
    token = _built_on_stale.set(False)
    try:
        value = render()
    finally:
        built_on_stale = _built_on_stale.get()
        _built_on_stale.reset(token)
    renders[base] += 1
    if built_on_stale:
        _built_on_stale.set(True)
        return value, False
    _cache_call("set", key, value, CACHE_SECONDS)
    previous = _cache_call("get", f"{base}:latest")
    if previous is None or previous[0] < version:  # a slower render of an older version never wins
        _cache_call("set", f"{base}:latest", (version, value), CACHE_SECONDS)
    return value, True


def _recent(changed_at: datetime.datetime | None) -> bool:
    return changed_at is not None and (timezone.now() - changed_at).total_seconds() < STALE_SECONDS


def forget_local() -> None:
    """Drop this process's copies (tests that change the cache backend between requests)."""
    with _guard:
        _local.clear()
