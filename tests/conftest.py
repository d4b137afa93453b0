"""Shared fixtures: a tournament, teams, a director and a logged-in non-director.

Everything runs against the real database (SQLite locally, PostgreSQL in CI): nothing of our
own is mocked.
"""

from __future__ import annotations

import datetime
import fcntl
import json
import os
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from tournaments.models import Tournament
from tournaments.permissions import directors_group
from tournaments.services.teams import TeamData, register_teams

concurrent_writers = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="the in-memory SQLite test database refuses concurrent writers instead of queueing them; "
           "CI runs this on PostgreSQL")
"""A test of real concurrent requests, each on its own database connection: run on PostgreSQL."""

PASSWORD = "keezen-test-password"


# The fixtures through which a test reaches the configured database (pytest-django's).
DATABASE_FIXTURES = frozenset({"db", "transactional_db", "live_server", "django_db_reset_sequences",
                               "django_db_serialized_rollback"})
BROWSER_TESTS = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(config, items) -> None:
    """Marks what a test reaches, so that a run can choose: ``database`` for every test that uses the
    configured database (through one of :data:`DATABASE_FIXTURES` or ``django_db``; a test whose own
    process reads ``DATABASE_URL`` says ``@pytest.mark.database``), ``browser`` for everything under
    tests/browser. ``.ci/run``'s PostgreSQL run is ``-m "database and not browser and not
    same_on_every_database"``: a test that cannot reach the database (pytest-django refuses it) passes
    or fails the same on either, and one marked ``same_on_every_database`` checks what Python makes of
    the rows (a PDF's layout, its fonts, a page's words and language, a redirect) while other tests
    run its queries on PostgreSQL."""
    for item in items:
        if DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())) or item.get_closest_marker("django_db"):
            item.add_marker(pytest.mark.database)
        if BROWSER_TESTS in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)


def pytest_collection_finish(session) -> None:
    """The garbage collector skips what every test shares: the modules, Django and the test modules
    are collected, imported and kept for the whole run, so they are frozen out of its full passes
    (``gc.freeze``), and it runs every 10,000 new objects instead of every 700 (Django's templates
    and querysets make many short-lived ones). About a tenth of the suite's CPU time went to it."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 50, 50)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_rendering(settings):
    """Each test starts without this process's copies of rendered pages (the shared cache is the
    database's, rolled back with each test), and print files are made inside the request: a
    background thread must not outlive a test's transaction."""
    from tournaments.services import render_once

    settings.PRINT_FILES_RUN = "inline"
    render_once.forget_local()
    yield
    render_once.forget_local()


@pytest.fixture(autouse=True)
def _phones_follow_the_request(settings):
    """QR codes hold the address the test's request uses (``testserver``), not this machine's LAN
    address: the tests' files are the same on every machine. tests/test_printing_address.py sets
    ``PUBLIC_URL`` where it tests it."""
    settings.PUBLIC_URL = ""


@pytest.fixture(autouse=True, scope="session")
def _backup_dir_of_servers(tmp_path_factory):
    """A server or command a test starts as another process writes its backups outside the repository too."""
    os.environ.setdefault("KEEZEN_BACKUP_DIR", str(tmp_path_factory.mktemp("server-backups")))


@pytest.fixture(autouse=True)
def _backups_off(settings, tmp_path):
    """No automatic backups unless a test asks (tests/test_backups.py), and every backup that is
    written (``backup_now`` before a delete or a restore) goes to the test's own folder, never
    into the repository."""
    settings.BACKUPS_RUN = "off"
    settings.BACKUP_DIR = tmp_path / "backups"


@contextmanager
def _quiet_build():
    """What the autouse fixtures above set for a test, for data built before any test runs: fast
    passwords, no automatic backups, print files inside the request."""
    from django.test import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
                           BACKUPS_RUN="off", PRINT_FILES_RUN="inline"):
        yield


@pytest.fixture(scope="module")
def module_transaction(django_db_setup, django_db_blocker):
    """One transaction around a whole test module, rolled back after its last test: what a module
    fixture builds inside it (with :func:`built_for_the_module`) is there for every test of the
    module, built once instead of once per test, and each test's own transaction is a savepoint
    inside it, rolled back after the test as always. Django's ``TestCase.setUpTestData`` for pytest.
    Not for modules with transactional tests (``transaction=True``, ``live_server``): they commit."""
    with rolled_back(django_db_blocker):
        yield


@contextmanager
def rolled_back(django_db_blocker):
    """A transaction around the tests inside it, rolled back at its end (:func:`module_transaction`;
    a class fixture inside it for data only the class's tests see)."""
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
    try:
        yield
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@contextmanager
def built_for_the_module(django_db_blocker):
    """Database access for a module fixture that builds data inside :func:`module_transaction`."""
    with django_db_blocker.unblock(), _quiet_build():
        yield


@contextmanager
def connection_pool(**options):
    """A new connection pool for the test, psycopg_pool's ``options`` over settings.py's (PostgreSQL
    only), and settings.py's pool again after it. Yields the pool, not yet opened."""
    from django.db import connection

    settings = connection.settings_dict["OPTIONS"]
    kept = settings["pool"]
    connection.close()
    connection.close_pool()
    settings["pool"] = {**kept, **options}
    try:
        yield connection.pool
    finally:
        connection.close()
        connection.close_pool()
        settings["pool"] = kept


def _shared_folder(tmp_path_factory) -> Path:
    """A folder every test worker of this run sees (pytest-xdist gives each worker its own temporary
    folder inside the run's): data built once for the run is kept here."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@dataclass(frozen=True)
class StoredDay:
    """A tournament file built once per test run, and how long building it took."""

    text: str
    build_seconds: float

    def load(self) -> Tournament:
        """The tournament of the file, imported into this test's database."""
        from tournaments.services.tournament_file import import_file

        return import_file(json.loads(self.text))


@pytest.fixture(scope="session")
def busy_day_file(tmp_path_factory, django_db_setup, django_db_blocker) -> StoredDay:
    """devtools' busy day (250 teams in the middle of round 3) built once per test run — by the first
    worker that needs it, the others wait and read its file — and loaded from its tournament file in
    each test that needs it (an import takes a fraction of the build; the file's round trip is exact)."""
    from django.db import transaction

    from devtools.busy_day import build_busy_day
    from tournaments.services.tournament_file import dumps, export_file

    stored = _shared_folder(tmp_path_factory) / "busy-day-250.json"
    with (stored.with_suffix(".lock")).open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one worker builds; the others wait for its file
        if not stored.exists():
            with django_db_blocker.unblock(), _quiet_build(), transaction.atomic():
                started = time.monotonic()
                day = build_busy_day(teams=250, seed=3)
                seconds = time.monotonic() - started
                text = dumps(export_file(day))
                transaction.set_rollback(True)  # the file is what is kept, not the rows
            stored.write_text(json.dumps({"build_seconds": seconds, "file": text}), encoding="utf-8")
    kept = json.loads(stored.read_text(encoding="utf-8"))
    return StoredDay(kept["file"], kept["build_seconds"])


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory):
    """``migrated_sqlite(path)`` puts a freshly migrated SQLite database (``manage.py migrate``, run
    once per test run in a process of its own) at ``path``, for a server or command a test starts
    as another process: a copy instead of migrating again for each of them."""
    import shutil
    import subprocess
    import sys

    from django.conf import settings as django_settings

    stored = _shared_folder(tmp_path_factory) / "migrated.sqlite3"
    with (stored.with_suffix(".lock")).open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not stored.exists():
            building = stored.with_suffix(".building")
            env = {**os.environ, "DATABASE_URL": f"sqlite:///{building}", "BACKUPS_RUN": "off"}
            subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=django_settings.BASE_DIR,
                           env=env, check=True, timeout=300)
            building.rename(stored)

    def copy_to(path: Path) -> Path:
        shutil.copyfile(stored, path)
        return path

    return copy_to


@pytest.fixture
def worker():
    """A background worker (tournaments/services/task_workers.py: the engine's loop per queue and the
    heartbeat) in threads of this test, stopped after it. For ``transaction=True`` tests: it reads
    what the test commits."""
    import threading

    from tournaments.services import task_workers

    workers = task_workers.Workers()
    thread = threading.Thread(target=workers.run, name="test-worker", daemon=True)
    thread.start()
    yield workers
    workers.stop()
    thread.join(timeout=60)


@pytest.fixture
def inline(settings, django_capture_on_commit_callbacks):
    """Backups written at commit, in this thread; ``inline()`` is a block whose commits run."""
    settings.BACKUPS_RUN = "inline"

    def commits():
        return django_capture_on_commit_callbacks(execute=True)

    return commits


@pytest.fixture
def english():
    """Messages in English (the site's default language is Dutch); a module that asserts English
    texts says ``pytestmark = pytest.mark.usefixtures("english")``."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture
def tournament(db) -> Tournament:
    return new_tournament()


def new_tournament(**fields) -> Tournament:
    """The tests' tournament (``fields`` over its defaults): for the ``tournament`` fixture and for data
    a module fixture builds once."""
    return Tournament.objects.create(**{
        "name": "Keezen Cup 2026", "slug": "keezen-cup-2026", "date": datetime.date(2026, 11, 21),
        "venue": "De Kwakel", "seed": 20261121, **fields})


def new_teams(tournament: Tournament, count: int, start: int = 1):
    """``count`` teams of two numbered from ``start`` (``make_teams``)."""
    return register_teams(tournament, [
        TeamData(name=f"Team {n}", players=(f"Speler {n}a", f"Speler {n}b"), club=f"Club {n % 3}")
        for n in range(start, start + count)
    ])


def new_director():
    """A director who logs in with :data:`PASSWORD` (the ``director`` fixture)."""
    user = get_user_model().objects.create_user("director", password=PASSWORD)
    user.groups.add(directors_group())
    return user


@pytest.fixture
def make_teams():
    return new_teams


@pytest.fixture
def published_round(make_teams):
    """A new round of ``count`` new teams, drawn and published (players see it)."""
    from tournaments.services.draft import publish
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import add_round

    def make(tournament: Tournament, count: int):
        make_teams(tournament, count)
        round_ = add_round(tournament)
        pair_round(round_)
        publish(round_)
        return round_

    return make


@pytest.fixture
def director(db):
    return new_director()


@pytest.fixture
def player_user(db):
    """Logged in, but not a director."""
    return get_user_model().objects.create_user("speler", password=PASSWORD)


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client
