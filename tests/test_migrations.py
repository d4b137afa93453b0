"""The committed migrations are the schema: they match the models and build a fresh database of the
configured kind.

The test databases are made from the models directly (``--no-migrations`` in pyproject.toml: a
worker's database in a few seconds instead of replaying every migration on every worker of every
run), so these tests are what checks the migrations themselves: ``makemigrations --check`` finds a
model change without its migration, and ``manage.py migrate`` on an empty database (SQLite, or
PostgreSQL in CI's second run) must give every table and column the models have.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import urllib.parse
import uuid
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection

ROOT = Path(__file__).resolve().parent.parent


def test_every_model_change_has_its_migration(db):
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)  # SystemExit(1) when one is missing


def expected_columns() -> dict[str, set[str]]:
    """Every table the models have, with its columns (many-to-many tables included)."""
    tables: dict[str, set[str]] = {}
    for model in apps.get_models(include_auto_created=True):
        if model._meta.managed and not model._meta.proxy:
            tables[model._meta.db_table] = {field.column for field in model._meta.local_concrete_fields}
    return tables


def sqlite_columns(path: Path) -> dict[str, set[str]]:
    with sqlite3.connect(path) as db:
        names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {name: {row[1] for row in db.execute(f'PRAGMA table_info("{name}")')} for name in names}


def postgres_columns(url: str) -> dict[str, set[str]]:
    import psycopg

    with psycopg.connect(url) as db:
        rows = db.execute("SELECT table_name, column_name FROM information_schema.columns "
                          "WHERE table_schema = 'public'").fetchall()
    tables: dict[str, set[str]] = {}
    for table, column in rows:
        tables.setdefault(table, set()).add(column)
    return tables


def migrate(url: str) -> None:
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True,
                   timeout=300, env={**os.environ, "DATABASE_URL": url, "BACKUPS_RUN": "off"})


@pytest.fixture
def scratch_postgres(transactional_db):
    """An empty database on the tests' PostgreSQL server, dropped again after the test."""
    import psycopg

    params = connection.get_connection_params()
    name = f"scratch_{uuid.uuid4().hex[:12]}"
    admin = {key: params[key] for key in ("host", "port", "user", "password") if params.get(key)}
    with psycopg.connect(dbname="postgres", autocommit=True, **admin) as server:
        server.execute(f'CREATE DATABASE "{name}"')
    auth = urllib.parse.quote(params.get("user") or "postgres")
    if params.get("password"):
        auth += ":" + urllib.parse.quote(params["password"])
    try:
        yield f"postgres://{auth}@{params.get('host') or '127.0.0.1'}:{params.get('port') or 5432}/{name}"
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **admin) as server:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.database  # a database of the configured kind, migrated by a process of its own
def test_the_migrations_build_every_table_and_column_of_the_models(request, tmp_path):
    if connection.vendor == "postgresql":
        url = request.getfixturevalue("scratch_postgres")
        migrate(url)
        built = postgres_columns(url)
    else:
        built = sqlite_columns(request.getfixturevalue("migrated_sqlite")(tmp_path / "fresh.sqlite3"))
    missing = {table: sorted(columns - built.get(table, set())) for table, columns in expected_columns().items()
               if columns - built.get(table, set())}
    assert not missing, f"the migrations do not build these tables or columns: {missing}"
