"""Server mode and the settings a host cannot do without (issue 33): ``KEEZEN_MODE=server`` needs
every setting the hosts share from the environment; a cache the product cannot use stops the start
in every mode; ``serve`` refuses to start while the database or the cache does not answer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError

from common import server
from tests.test_https import free_port

ROOT = Path(__file__).resolve().parent.parent

SHARED_ENVIRONMENT = {
    "DJANGO_SECRET_KEY": "k" * 50, "DIRECTOR_PASSWORD": "plum-tram-harbour-42", "PUBLIC_URL": "https://nk.example/",
    "DATABASE_URL": "postgres://keezen@db.example/keezen", "CACHE_URL": "redis://cache.example:6379/0",
    "KEEZEN_BACKUP_DIR": "/srv/shared/backups", "HTTPS": "proxy",
}


def test_the_mode_comes_from_the_environment():
    assert [server.mode_from(value) for value in (None, "", "laptop", " Server ")] == \
        [server.Mode.LAPTOP, server.Mode.LAPTOP, server.Mode.LAPTOP, server.Mode.SERVER]
    with pytest.raises(ImproperlyConfigured, match="KEEZEN_MODE='cluster': use laptop"):
        server.mode_from("cluster")


def test_server_mode_names_every_missing_setting_at_once():
    server.check_server_environment(SHARED_ENVIRONMENT)  # all there: no complaint
    with pytest.raises(ImproperlyConfigured) as refused:
        server.check_server_environment({"PUBLIC_URL": "https://nk.example/"})
    message = str(refused.value)
    assert all(f"{name} is not set" in message for name in server.SHARED if name != "PUBLIC_URL")
    assert "HTTPS is not proxy" in message
    assert "PUBLIC_URL" not in message


@pytest.mark.parametrize("change, problem", [
    ({"DATABASE_URL": "sqlite:///db.sqlite3"}, "DATABASE_URL is sqlite: several hosts share one PostgreSQL"),
    ({"CACHE_URL": "locmem://"}, "CACHE_URL must be a cache every host reaches"),
    ({"DJANGO_SECRET_KEY": "  "}, "DJANGO_SECRET_KEY is not set"),
    ({"HTTPS": "1"}, "HTTPS is not proxy: .*HTTPS=1 would make a certificate on each host"),
    ({"HTTPS": ""}, "HTTPS is not proxy: the load balancer does HTTPS"),
])
def test_server_mode_refuses_what_the_hosts_cannot_share(change, problem):
    with pytest.raises(ImproperlyConfigured, match=problem):
        server.check_server_environment({**SHARED_ENVIRONMENT, **change})


def test_a_cache_the_product_cannot_use_stops_the_start(monkeypatch):
    assert server.cache_from("")["BACKEND"].endswith("DatabaseCache")
    assert server.cache_from("redis://127.0.0.1:6379/0") == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:6379/0"}
    with pytest.raises(ImproperlyConfigured, match="'memcache://x': use redis://"):
        server.cache_from("memcache://x")
    with pytest.raises(ImproperlyConfigured, match=r"CACHE_URL='mem://…@cache.example:1': use") as shown:
        server.cache_from("mem://:s3cret@cache.example:1")
    assert "s3cret" not in str(shown.value)
    real_find_spec = server.importlib.util.find_spec
    monkeypatch.setattr(server.importlib.util, "find_spec",
                        lambda name, *args: None if name in ("redis", "pymemcache") else real_find_spec(name, *args))
    with pytest.raises(ImproperlyConfigured, match=r"needs the redis package.*keezen-toernooi\[server\]"):
        server.cache_from("redis://127.0.0.1:6379/0")
    with pytest.raises(ImproperlyConfigured, match="needs the pymemcache package.*pip install pymemcache"):
        server.cache_from("pymemcache://127.0.0.1:11211")


def test_a_host_started_without_the_shared_settings_stops_naming_them(tmp_path):
    environment = {key: value for key, value in os.environ.items()
                   if not key.startswith(("DATABASE_URL", "CACHE_URL", "DJANGO_", "DIRECTOR_", "PUBLIC_URL",
                                          "KEEZEN_BACKUP_DIR", "HTTPS"))}
    done = subprocess.run([sys.executable, "manage.py", "serve"], cwd=ROOT, capture_output=True, text=True,
                          env={**environment, "KEEZEN_MODE": "server", "PUBLIC_URL": "https://nk.example/",
                               "KEEZEN_HOME": str(tmp_path)}, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.startswith("Cannot start: KEEZEN_MODE=server, but:")
    assert "DJANGO_SECRET_KEY is not set" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / ".secret_key").exists()  # never a key made on this host


def test_a_background_setting_it_cannot_use_stops_the_start(tmp_path):
    """The old values of the thread mechanisms (``thread``, ``queue``) are gone: named, not ignored."""
    done = subprocess.run([sys.executable, "-m", "keezen_site.cli", "worker"], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "PRINT_FILES_RUN": "thread", "KEEZEN_HOME": str(tmp_path)},
                          timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.strip() == "Cannot start: PRINT_FILES_RUN='thread': use one of task, inline."


def test_serve_refuses_to_start_while_the_cache_does_not_answer(settings, db):
    from django.core.cache import caches

    from tournaments.management.commands.serve import refuse_unless_answering

    settings.CACHES = {"default": server.cache_from(f"redis://127.0.0.1:{free_port()}/0")}
    try:
        with pytest.raises(CommandError, match=r"The cache \(CACHE_URL\) does not answer: .*onnect"):
            refuse_unless_answering()
    finally:
        caches["default"].close()
    settings.CACHES = {"default": server.cache_from("")}
    refuse_unless_answering()  # the database cache: the database answers


@pytest.mark.parametrize("database, refused", [
    ("empty.sqlite3", "migration(s) to apply: run 'keezen run' (or 'make migrate' in a checkout) first."),
    ("no/such/folder/db.sqlite3", "The database (sqlite3, DATABASE_URL) does not answer: unable to open database file"),
])
def test_serve_refuses_a_database_it_cannot_serve(tmp_path, database, refused):
    """One that does not answer, and one with migrations to apply (a fresh install, an upgrade)."""
    (tmp_path / "empty.sqlite3").touch()
    done = subprocess.run([sys.executable, "manage.py", "serve", "--port", str(free_port())], cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / database}",
                               "KEEZEN_BACKUP_DIR": str(tmp_path / "backups")})
    assert done.returncode == 1 and refused in done.stderr, done.stderr
