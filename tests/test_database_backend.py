"""The suite runs on the database that ``DATABASE_URL`` names: SQLite by default, PostgreSQL in CI.

Guards against a CI run that believes it tested PostgreSQL while Django quietly used SQLite.
"""

from __future__ import annotations

import os
import time

import pytest
from django.db import connection


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


@pytest.mark.django_db(transaction=True)
def test_a_connection_the_server_dropped_is_replaced_before_the_next_request():
    """Django's connection pool (settings: OPTIONS["pool"]) checks a connection when a request takes
    it: after PostgreSQL has closed every connection of the pool (as a restart does), the next
    request's query runs on a new one instead of failing."""
    if connection.vendor != "postgresql":
        pytest.skip("the PostgreSQL connection pool")
    import psycopg

    assert connection.pool is not None and connection.settings_dict["CONN_HEALTH_CHECKS"]
    connection.ensure_connection()
    pid = connection.connection.info.backend_pid
    connection.close()  # the request ends: the connection goes back to the pool
    with psycopg.connect(**connection.get_connection_params()) as other:  # outside the pool
        other.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    time.sleep(0.2)  # the server's goodbye reaches the sockets
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
    assert connection.connection.info.backend_pid != pid
