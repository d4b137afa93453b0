"""Lookups on the hottest path with their SQL compiled once per process.

Why: on the day every phone's request finds its tournament, or its table, first, hundreds of
times a second. Django compiles a query's SQL anew each time, and for a model of forty fields that
costs more than running it (the public tournament lookup: 0.68 ms, of which 0.08 ms is the
database). The SQL of such a lookup never changes, so it is compiled once, from the very queryset
the code would run, and each call runs it with its own value through that compiler: the same model
instances, the same field conversions, ``select_related`` included. Prefetches are not compiled
once (Django builds their querysets itself): a lookup that needs related lists runs one
:class:`Precompiled` per list and hands them over with :func:`attach` (``link_table``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Model, QuerySet

M = TypeVar("M", bound=Model)

MARKER = "\x00precompiled-value\x00"
"""The value a text lookup is compiled with, to find where each call's value goes."""
NUMBER_MARKER = -2_147_480_011
"""The same for a lookup by a number (an id): no row has it, and it fits every integer column."""


class Precompiled(Generic[M]):
    """``lookup(value)``: the objects of ``build(value)`` (``lookup.first(value)``: the first, or
    None). ``build`` runs once per database vendor (the tests run on SQLite and PostgreSQL), with
    :data:`MARKER` as the value (``number=True``: :data:`NUMBER_MARKER`), to compile the SQL; every
    call after that runs the compiled SQL with its own value."""

    def __init__(self, build: Callable[[str], QuerySet[M]], number: bool = False):
        self.build = build
        self.marker = NUMBER_MARKER if number else MARKER
        self._compiled: dict[str, tuple[QuerySet[M], object, str, list, int]] = {}

    def _ready(self) -> tuple[QuerySet[M], object, str, list, int]:
        vendor = connections[DEFAULT_DB_ALIAS].vendor
        found = self._compiled.get(vendor)
        if found is None:
            queryset = self.build(self.marker)
            if queryset._prefetch_related_lookups:
                raise ValueError("A precompiled lookup cannot prefetch: precompile each list and attach() it.")
            compiler = queryset.query.get_compiler(using=DEFAULT_DB_ALIAS)
            sql, params = compiler.as_sql()  # fills compiler.select, klass_info, annotation_col_map
            params = list(params)
            if params.count(self.marker) != 1:
                raise ValueError("A precompiled lookup takes its value in exactly one place.")
            found = self._compiled[vendor] = (queryset, compiler, sql, params, params.index(self.marker))
        return found

    def __call__(self, value: str | int) -> list[M]:
        queryset, compiled, sql, params, place = self._ready()
        values = list(params)
        values[place] = value
        # A fresh compiler on this thread's connection that answers with the compiled SQL; Django's
        # own iterable then builds the instances from it as for any queryset.
        compiler = copy.copy(compiled)
        compiler.connection = connections[DEFAULT_DB_ALIAS]
        compiler.as_sql = lambda *args, **kwargs: (sql, tuple(values))
        query = copy.copy(queryset.query)
        query.get_compiler = lambda *args, **kwargs: compiler
        run = queryset._chain()
        run.query = query
        return list(run)

    def first(self, value: str | int) -> M | None:
        found = self(value)
        return found[0] if found else None


def attach(instance: Model, name: str, objects: Iterable[Model]) -> None:
    """``objects`` as ``instance.<name>.all()``, as ``prefetch_related(name)`` would have left it."""
    manager = getattr(instance, name)
    objects = list(objects)
    field = getattr(manager, "field", None)  # a reverse foreign key: each object knows its instance
    if field is not None:
        for found in objects:
            field.set_cached_value(found, instance)
    queryset = manager.all()
    queryset._result_cache = objects
    queryset._prefetch_done = True
    if not hasattr(instance, "_prefetched_objects_cache"):
        instance._prefetched_objects_cache = {}
    instance._prefetched_objects_cache[name] = queryset
