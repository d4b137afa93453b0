"""The laptop or several servers: what the settings read from the environment, and refuse.

Why refuse: a host of a large event that starts without a setting it must share with the other
hosts (the secret key, the director's password, the address phones open, one database, one cache,
one backup folder) does not fail; it makes its own: its own key, so sessions and form tokens fail
on the other hosts; its own SQLite file; its own cache, so the others never see a standings page
rendered here. ``KEEZEN_MODE=server`` makes every such setting required, and a cache the product
cannot use (a driver not installed, a scheme it does not know) stops the start in every mode,
instead of falling back to the database cache in silence (README, *Settings*: `KEEZEN_MODE`).
"""

from __future__ import annotations

import enum
import importlib.util
from collections.abc import Mapping

from django.core.exceptions import ImproperlyConfigured

from common import https

CACHE_TABLE = "keezen_cache"


class Mode(enum.StrEnum):
    LAPTOP = "laptop"  # one machine: what it needs it makes itself (a key, a password, SQLite)
    SERVER = "server"  # several hosts: everything they share comes from the environment


SHARED = {
    "DJANGO_SECRET_KEY": "the secret key every host signs sessions, form tokens and table cookies with",
    "DIRECTOR_PASSWORD": "the director's password, the same on every host",
    "PUBLIC_URL": "the address phones open (the load balancer's), printed in the QR codes",
    "DATABASE_URL": "the one PostgreSQL database of every host (postgres://…)",
    "CACHE_URL": "the cache every host shares (redis://…)",
    "KEEZEN_BACKUP_DIR": "the backup folder every host writes to (shared storage)",
}
"""What ``KEEZEN_MODE=server`` requires, each with why."""

DRIVERS = {"redis://": "redis", "rediss://": "redis", "pymemcache://": "pymemcache"}


def shown_url(url: str) -> str:
    """``url`` as a message may show it: without a password (``redis://:secret@host`` → ``redis://…@host``)."""
    scheme, separator, rest = url.partition("://")
    if separator and "@" in rest:
        return f"{scheme}://…@{rest.rpartition('@')[2]}"
    return url


def mode_from(value: str | None) -> Mode:
    """``KEEZEN_MODE``: unset or ``laptop``, or ``server``."""
    text = (value or "").strip().lower()
    if text in ("", Mode.LAPTOP):
        return Mode.LAPTOP
    if text == Mode.SERVER:
        return Mode.SERVER
    raise ImproperlyConfigured(f"KEEZEN_MODE={value!r}: use laptop (the default) or server.")


def check_server_environment(environ: Mapping[str, str]) -> None:
    """In server mode, every shared setting set, PostgreSQL and a shared cache; all that is wrong at once."""
    problems = [f"{name} is not set: {why}" for name, why in SHARED.items() if not environ.get(name, "").strip()]
    database = environ.get("DATABASE_URL", "").strip()
    if database and not database.startswith(("postgres://", "postgresql://", "pgsql://")):
        problems.append(f"DATABASE_URL is {database.split(':', 1)[0]}: several hosts share one PostgreSQL database")
    cache = environ.get("CACHE_URL", "").strip()
    if cache and not cache.startswith(tuple(DRIVERS)):
        problems.append("CACHE_URL must be a cache every host reaches (redis://… or pymemcache://…)")
    if https.mode_from(environ.get("HTTPS")) != https.Mode.PROXY:
        problems.append("HTTPS is not proxy: the load balancer does HTTPS and says so (X-Forwarded-Proto); "
                        "HTTPS=1 would make a certificate on each host, and without it every form is refused")
    if problems:
        raise ImproperlyConfigured("KEEZEN_MODE=server, but:\n- " + "\n- ".join(problems))


def cache_from(url: str) -> dict:
    """The ``CACHES["default"]`` of ``CACHE_URL``: Redis or Memcached when their driver is installed,
    the database cache when unset; anything else stops the start."""
    url = url.strip()
    shown = shown_url(url)
    if not url:
        return {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": CACHE_TABLE,
                "OPTIONS": {"MAX_ENTRIES": 2000}}
    scheme = next((prefix for prefix in DRIVERS if url.startswith(prefix)), None)
    if scheme is None:
        raise ImproperlyConfigured(f"CACHE_URL={shown!r}: use redis://host:6379/0, rediss://… or "
                                   "pymemcache://host:11211, or leave it unset for the database cache.")
    driver = DRIVERS[scheme]
    if importlib.util.find_spec(driver) is None:
        how = "pip install 'keezen-toernooi[server]'" if driver == "redis" else f"pip install {driver}"
        raise ImproperlyConfigured(f"CACHE_URL={shown!r} needs the {driver} package, which is not installed: "
                                   f"{how} (in a checkout: .venv/bin/uv pip install {driver}).")
    if driver == "redis":
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    return {"BACKEND": "django.core.cache.backends.memcached.PyMemcacheCache",
            "LOCATION": url.removeprefix("pymemcache://")}
