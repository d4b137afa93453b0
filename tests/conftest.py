"""Shared fixtures: a tournament, teams, a director and a logged-in non-director.

Everything runs against the real database (SQLite locally, PostgreSQL in CI): nothing of our
own is mocked.
"""

from __future__ import annotations

import datetime
import os

import pytest
from django.contrib.auth import get_user_model

from tournaments.models import Tournament
from tournaments.permissions import directors_group
from tournaments.services.teams import TeamData, register_teams

PASSWORD = "keezen-test-password"


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


@pytest.fixture
def english():
    """Messages in English (the site's default language is Dutch); a module that asserts English
    texts says ``pytestmark = pytest.mark.usefixtures("english")``."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture
def tournament(db) -> Tournament:
    return Tournament.objects.create(
        name="Keezen Cup 2026", slug="keezen-cup-2026", date=datetime.date(2026, 11, 21),
        venue="De Kwakel", seed=20261121,
    )


@pytest.fixture
def make_teams():
    def make(tournament: Tournament, count: int, start: int = 1):
        return register_teams(tournament, [
            TeamData(name=f"Team {n}", players=(f"Speler {n}a", f"Speler {n}b"), club=f"Club {n % 3}")
            for n in range(start, start + count)
        ])

    return make


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
    user = get_user_model().objects.create_user("director", password=PASSWORD)
    user.groups.add(directors_group())
    return user


@pytest.fixture
def player_user(db):
    """Logged in, but not a director."""
    return get_user_model().objects.create_user("speler", password=PASSWORD)


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client
