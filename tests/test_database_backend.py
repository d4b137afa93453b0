"""The suite runs on the database that ``DATABASE_URL`` names: SQLite by default, PostgreSQL in CI.

Guards against a CI run that believes it tested PostgreSQL while Django quietly used SQLite.
"""

from __future__ import annotations

import os
import time

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext


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
    """keezen_site/postgresql: the health check that looks at the socket finds a connection that
    PostgreSQL has closed (as a restart does), and the request's query runs on a new one; a healthy
    connection is kept, without a query."""
    if connection.vendor != "postgresql":
        pytest.skip("the PostgreSQL backend's health check")
    from django.db import connections

    connection.ensure_connection()
    assert connection.settings_dict["CONN_HEALTH_CHECKS"] and connection.still_open()
    kept = connection.connection
    connection.health_check_done = False
    with CaptureQueriesContext(connection) as queries:
        connection.close_if_health_check_failed()
    assert connection.connection is kept and len(queries) == 0
    pid = connection.connection.info.backend_pid
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    finally:
        other.close()
    for _ in range(100):  # the server's goodbye reaches the socket
        if not connection.still_open():
            break
        time.sleep(0.01)
    connection.health_check_done = False
    connection.close_if_health_check_failed()
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
    assert connection.connection.info.backend_pid != pid
