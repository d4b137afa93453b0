"""The suite runs on the database that ``DATABASE_URL`` names: SQLite by default, PostgreSQL in CI.

Guards against a CI run that believes it tested PostgreSQL while Django quietly used SQLite.
"""

from __future__ import annotations

import os
import time

import pytest
from django.db import connection

from tests.conftest import connection_pool


def test_runs_on_the_database_named_by_database_url(db):
    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres://", "postgresql://", "pgsql://")) else "sqlite"
    assert connection.vendor == expected
    if expected == "postgresql":
        assert connection.settings_dict["NAME"].startswith("test_")
    major = os.environ.get("KEEZEN_EXPECT_POSTGRES")
    if major:
        assert connection.vendor == "postgresql", "KEEZEN_EXPECT_POSTGRES is set but DATABASE_URL is not PostgreSQL"
        assert connection.pg_version // 10000 == int(major)


@pytest.fixture
def pool_of_one():
    """The test's pool keeps one connection instead of the server's one per thread (settings.py): the
    same check and replacement, without the waits between dead connections. The pool checks a
    connection when a request takes it and, after each dead one, waits before taking the next
    (psycopg_pool backs off 1, 2, 4, 8… s): with the server's four all dropped, the request waited
    7 to 15 s."""
    with connection_pool(min_size=1):
        yield


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL connection pool")
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("pool_of_one")
def test_a_connection_the_server_dropped_is_replaced_before_the_next_request():
    """Django's connection pool (settings: OPTIONS["pool"]) checks a connection when a request takes
    it: after PostgreSQL has closed every connection of the pool (as a restart does), the next
    request's query runs on a new one instead of failing."""
    import psycopg

    assert connection.pool is not None and connection.settings_dict["CONN_HEALTH_CHECKS"]
    connection.ensure_connection()
    pid = connection.connection.info.backend_pid
    connection.close()  # the request ends: the connection goes back to the pool
    with psycopg.connect(**{**connection.get_connection_params(), "autocommit": True}) as other:  # outside the pool
        other.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        deadline = time.monotonic() + 10
        while other.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [pid]).fetchone():
            assert time.monotonic() < deadline, "the server did not end the pool's connection"
            time.sleep(0.01)  # the backend has gone: its goodbye is on the pool's socket
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
    assert connection.connection.info.backend_pid != pid
