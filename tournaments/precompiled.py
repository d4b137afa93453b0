"""Lookups on the hottest path with their SQL compiled once per process.

Why: on the day every phone's request finds its tournament first, hundreds of times a second.
Django compiles a query's SQL anew each time, and for a model of forty fields that costs more
than running it (the public tournament lookup: 0.68 ms, of which 0.08 ms is the database). The
SQL of such a lookup never changes, so it is compiled once, from the very queryset the code would
run, and then run with each request's value through ``raw()``: the same model instances, the same
field conversions. Only plain lookups (no ``select_related``, no prefetch) qualify.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from django.db import connections
from django.db.models import Model, QuerySet

M = TypeVar("M", bound=Model)

MARKER = "\x00precompiled-value\x00"
"""The value the queryset is compiled with, to find where each request's value goes."""


class Precompiled(Generic[M]):
    """``lookup(value)``: the first object of ``build(value)``, or None. ``build`` runs once, with
    :data:`MARKER` as the value, to compile the SQL (per database vendor: the tests run on SQLite
    and PostgreSQL); every call after that runs the SQL raw with its own value."""

    def __init__(self, build: Callable[[str], QuerySet[M]]):
        self.build = build
        self._compiled: dict[str, tuple[str, list, int, type[M]]] = {}

    def __call__(self, value: str) -> M | None:
        vendor = connections["default"].vendor
        found = self._compiled.get(vendor)
        if found is None:
            queryset = self.build(MARKER)
            sql, params = queryset.query.sql_with_params()
            found = self._compiled[vendor] = (sql, list(params), list(params).index(MARKER), queryset.model)
        sql, params, place, model = found
        values = list(params)
        values[place] = value
        return next(iter(model.objects.raw(sql, values)), None)
