"""A JSON field that is parsed when it is read, not when its row is loaded.

Why: every public request loads its tournament's row (the standings every phone polls, every
table link, with ``select_related``), and after the director freezes the standings that row holds
the frozen snapshot: 35 KB of JSON for 250 teams, 140 KB for 1,000. Parsing it with every load
doubled the cost of the tournament lookup at the moment phones poll most (the prize-giving),
while only the render of a new standings version reads it. Here the row's text is kept as it
came from the database and parsed on the first read of the attribute; a row never read costs no
parsing at all. Everything that reads the attribute (the standings, the tournament file, the
privacy setting, ``save()``) gets the parsed value as before.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from django.db import models
from django.db.models.query_utils import DeferredAttribute
from django.utils.functional import SimpleLazyObject, empty


class _Unparsed(SimpleLazyObject):
    """The column's JSON text, parsed on first use. It stands in for the value wherever one gets
    it without the attribute (``values()``, ``values_list()``: compared, indexed, iterated, it
    parses itself); the attribute replaces it with the parsed value itself."""

    def parsed(self) -> Any:
        if self._wrapped is empty:
            self._setup()
        return self._wrapped


class _ParseOnRead(DeferredAttribute):
    """A data descriptor (it has ``__set__``), so it is asked even when the row put the text in
    the instance's ``__dict__``."""

    def __set__(self, instance: models.Model, value: Any) -> None:
        instance.__dict__[self.field.attname] = value

    def __get__(self, instance: models.Model | None, cls: type | None = None) -> Any:
        value = super().__get__(instance, cls)
        if isinstance(value, _Unparsed):
            value = instance.__dict__[self.field.attname] = value.parsed()
        return value


class LazyJSONField(models.JSONField):
    """:class:`~django.db.models.JSONField` whose value is parsed on its first read."""

    descriptor_class = _ParseOnRead

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if isinstance(value, str) and isinstance(expression, models.expressions.Col):
            return _Unparsed(functools.partial(self.parse, value))
        return super().from_db_value(value, expression, connection)

    def parse(self, text: str) -> Any:
        try:
            return json.loads(text, cls=self.decoder)
        except json.JSONDecodeError:  # as JSONField does
            return text
