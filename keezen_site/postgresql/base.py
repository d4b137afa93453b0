"""Django's PostgreSQL backend with a health check that costs no round trip.

Why: the server keeps its database connections between requests (``CONN_MAX_AGE``), and Django's
health check (``CONN_HEALTH_CHECKS``) asks PostgreSQL ``SELECT 1`` before each request's first
query, so that a connection the server has dropped (a restart) is replaced instead of failing the
request. The public standings need one query, so that check doubled their round trips to the
database on the day's hottest page. A connection the server has closed has its goodbye (an error
message, then the end of the stream) waiting on the socket, while a healthy idle connection has
nothing to read: looking at the socket tells the same without asking the server. After an error
in a request Django still checks with ``SELECT 1`` (``is_usable``), as before.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql.base import DatabaseWrapper as PostgreSQLDatabaseWrapper


class DatabaseWrapper(PostgreSQLDatabaseWrapper):
    def close_if_health_check_failed(self) -> None:
        if self.connection is None or not self.health_check_enabled or self.health_check_done:
            return
        if self.pool is None and not self.still_open():
            self.close()
        self.health_check_done = True

    def still_open(self) -> bool:
        """Whether the idle connection is open at both ends: nothing from the server waits on it."""
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        try:
            readable, _, _ = select.select([connection.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable
