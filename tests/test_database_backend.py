"""The suite runs on the database that ``DATABASE_URL`` names: SQLite by default, PostgreSQL in CI.

Guards against a CI run that believes it tested PostgreSQL while Django quietly used SQLite.
"""

from __future__ import annotations

import os

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
