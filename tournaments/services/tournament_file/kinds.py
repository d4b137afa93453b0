"""The kinds of value of the tournament file's schema (:mod:`.schema`): each checks a value and adds a
message per problem, naming its place.

Kinds are strict: ``true`` is not a number (Python's ``bool`` is an ``int``), ``2.0`` is not a
whole number, ``NaN`` and ``Infinity`` (which Python's json reads) are no numbers, a time carries
its offset from UTC. A place is a path into the file, lists counted from 0: ``tables[3]: "table"``
is the field ``table`` of the fourth entry of ``tables``.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from tournaments.services.tournament_file.spec import ID_MAX_LENGTH, JSON_INT_MAX, MAX_DEPTH, TEXT_MAX_LENGTH

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
"""Characters no database keeps: NUL (PostgreSQL refuses it in text and JSON) and half a surrogate pair."""


def is_int(value: Any) -> bool:
    """A whole number, and not ``True`` or ``False``."""
    return isinstance(value, int) and not isinstance(value, bool)


def moment(value: Any) -> datetime.datetime | None:
    """A time of the file (ISO 8601 with its UTC offset, that UTC can hold), or None when it is not one."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        parsed = datetime.datetime.fromisoformat(value)
        parsed.astimezone(datetime.timezone.utc)  # year 1 or 9999 may fall off the calendar in UTC
    except (ValueError, OverflowError):
        return None
    return parsed if parsed.tzinfo is not None else None


def shown(value: Any) -> str:
    """A value of the file as a message quotes it: JSON, cut short."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return str(value) if value.bit_length() <= 128 else _("a number of %(digits)s digits") % {
            "digits": int(value.bit_length() * math.log10(2)) + 1}
    if isinstance(value, float):
        return json.dumps(value)  # NaN and Infinity as Python writes them
    if isinstance(value, str):
        ascii_only = UNSTORABLE.search(value) is not None  # a lone surrogate cannot be sent in a page
        if len(value) <= 40:
            return json.dumps(value, ensure_ascii=ascii_only)
        return _("%(start)s… (%(length)s characters)") % {
            "start": json.dumps(value[:30], ensure_ascii=ascii_only)[:-1], "length": len(value)}
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    return type(value).__name__


At = tuple | None
"""Where a value is: ``(where its container is, its key or index there)``; ``None`` is the file itself.
A chain of pairs costs nothing to make; it is written out only for a message (:func:`where`)."""


def where(at: At) -> str:
    """The place as a message names it: ``tables[3]: "table"``, or ``teams[0].players[1]``."""
    steps: list = []
    while at is not None:
        at, step = at
        steps.append(step)
    steps.reverse()
    key = steps.pop() if steps and isinstance(steps[-1], str) else None
    path = ""
    for step in steps:
        if isinstance(step, int):
            path += f"[{step}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", step):
            path += f".{step}" if path else step
        else:
            path += f"[{shown(step)}]"
    if key is None:
        return path
    return f"{path}: {shown(key)}" if path else shown(key)


@dataclass(frozen=True)
class Kind:
    """One kind of value. ``check`` adds a message per problem; ``depth`` is how deep the value is
    nested (the file's object is at depth 1)."""

    null: bool = field(default=False, kw_only=True)

    def check(self, value: Any, at: At, depth: int, errors: list[str]) -> None:
        if value is None and self.null:
            return
        self._check(value, at, depth, errors)

    def _check(self, value: Any, at: At, depth: int, errors: list[str]) -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Kind):
    low: int
    high: int

    def _check(self, value, at, depth, errors):
        if not (is_int(value) and self.low <= value <= self.high):
            errors.append(_("%(at)s must be a whole number from %(low)s to %(high)s, not %(found)s")
                          % {"at": where(at), "low": self.low, "high": self.high, "found": shown(value)})


@dataclass(frozen=True)
class Number(Kind):
    """A whole number in the range every JSON reader keeps, or a finite decimal number."""

    def _check(self, value, at, depth, errors):
        if is_int(value):
            JSON_INT.check(value, at, depth, errors)
        elif not (isinstance(value, float) and math.isfinite(value)):
            errors.append(_("%(at)s must be a number, not %(found)s") % {"at": where(at), "found": shown(value)})


@dataclass(frozen=True)
class Text(Kind):
    max_length: int
    blank: bool = True
    """Whether an empty text (or spaces only) is allowed."""
    pattern: re.Pattern | None = None
    form: Any = None
    """What ``pattern`` asks for, in words."""

    def fits(self, value: Any) -> bool:
        return (isinstance(value, str) and len(value) <= self.max_length and (self.blank or bool(value.strip()))
                and "\x00" not in value and (value.isascii() or not UNSTORABLE.search(value))
                and (self.pattern is None or self.pattern.fullmatch(value) is not None))

    def _check(self, value, at, depth, errors):
        if self.fits(value):
            return
        if not isinstance(value, str) or len(value) > self.max_length or not (self.blank or value.strip()):
            message = (_("%(at)s must be a text of at most %(max)s characters, not %(found)s") if self.blank else
                       _("%(at)s must be a text of 1 to %(max)s characters (not only spaces), not %(found)s"))
            errors.append(message % {"at": where(at), "max": self.max_length, "found": shown(value)})
        elif "\x00" in value or (not value.isascii() and UNSTORABLE.search(value)):
            errors.append(_("%(at)s holds a character that cannot be stored (NUL, or half of a surrogate pair)")
                          % {"at": where(at)})
        elif self.pattern is not None and not self.pattern.fullmatch(value):
            errors.append(_("%(at)s must be %(form)s, not %(found)s") % {"at": where(at), "form": self.form, "found": shown(value)})


@dataclass(frozen=True)
class Flag(Kind):
    def _check(self, value, at, depth, errors):
        if not isinstance(value, bool):
            errors.append(_("%(at)s must be true or false, not %(found)s") % {"at": where(at), "found": shown(value)})


@dataclass(frozen=True)
class Choice(Kind):
    values: tuple

    def _check(self, value, at, depth, errors):
        # By kind as well: True == 1 and 2.0 == 2 in Python, but neither is a choice of whole numbers.
        if not any(value == allowed and isinstance(value, type(allowed)) and isinstance(value, bool) == isinstance(allowed, bool)
                   for allowed in self.values):
            errors.append(_("%(at)s must be one of %(values)s, not %(found)s") % {
                "at": where(at), "values": ", ".join(str(allowed) for allowed in self.values), "found": shown(value)})


@dataclass(frozen=True)
class Moment(Kind):
    def _check(self, value, at, depth, errors):
        if moment(value) is None:
            errors.append(_("%(at)s must be a time with its offset from UTC, like 2026-11-21T14:30:00+00:00, "
                            "not %(found)s") % {"at": where(at), "found": shown(value)})


@dataclass(frozen=True)
class Date(Kind):
    def _check(self, value, at, depth, errors):
        try:
            good = isinstance(value, str) and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value) is not None \
                and datetime.date.fromisoformat(value) is not None
        except ValueError:
            good = False
        if not good:
            errors.append(_("%(at)s must be a date like 2026-11-21, not %(found)s") % {"at": where(at), "found": shown(value)})


def _not_an_object(value: Any, at: At, errors: list[str]) -> bool:
    if isinstance(value, dict):
        return False
    errors.append(_("%(at)s must be an object {…}, not %(found)s") % {"at": where(at), "found": shown(value)})
    return True


@dataclass(frozen=True)
class Obj(Kind):
    """An object with named fields; ``strict``: no other field is allowed."""

    fields: dict[str, Kind]
    required: tuple[str, ...] = ()
    strict: bool = False

    def _check(self, value, at, depth, errors):
        if _not_an_object(value, at, errors):
            return
        for key in self.required:
            if key not in value:
                errors.append(_("%(at)s is missing") % {"at": where((at, key))})
        for key, kind in self.fields.items():
            if key in value:
                kind.check(value[key], (at, key), depth + 1, errors)
        if self.strict:
            for key in value:
                if key not in self.fields:
                    errors.append(_("%(at)s is not known here (known: %(known)s)")
                                  % {"at": where((at, str(key))), "known": ", ".join(self.fields)})


@dataclass(frozen=True)
class Cases(Kind):
    """An object of one of two shapes: ``present`` when it has the field ``key``, else ``absent``."""

    key: str
    present: Kind
    absent: Kind

    def _check(self, value, at, depth, errors):
        shape = self.present if isinstance(value, dict) and self.key in value else self.absent
        shape.check(value, at, depth, errors)


@dataclass(frozen=True)
class Named(Kind):
    """A name as a text, or an object holding it with more (``{"name": …, "person": …}``)."""

    text: Kind
    named: Kind

    def _check(self, value, at, depth, errors):
        (self.named if isinstance(value, dict) else self.text).check(value, at, depth, errors)


@dataclass(frozen=True)
class List(Kind):
    item: Kind
    low: int = 0
    high: int | None = None

    def _check(self, value, at, depth, errors):
        if not isinstance(value, list):
            errors.append(_("%(at)s must be a list […], not %(found)s") % {"at": where(at), "found": shown(value)})
            return
        if len(value) < self.low or (self.high is not None and len(value) > self.high):
            if self.high is None:
                message = _("%(at)s must hold at least %(low)s entries, not %(count)s")
            elif self.low == self.high:
                message = _("%(at)s must hold %(low)s entries, not %(count)s")
            else:
                message = _("%(at)s must hold %(low)s to %(high)s entries, not %(count)s")
            errors.append(message % {"at": where(at), "low": self.low, "high": self.high, "count": len(value)})
        for index, item in enumerate(value):
            self.item.check(item, (at, index), depth + 1, errors)


@dataclass(frozen=True)
class ByTeam(Kind):
    """An object keyed by team ids (``{"T1": …, "T2": …}``)."""

    value: Kind

    def _check(self, value, at, depth, errors):
        if _not_an_object(value, at, errors):
            return
        for key, item in value.items():
            if TEAM_ID.fits(key):
                self.value.check(item, (at, key), depth + 1, errors)
            else:
                errors.append(_("%(at)s: %(found)s is not a team id (a text of 1 to %(max)s characters)")
                              % {"at": where(at), "found": shown(key), "max": ID_MAX_LENGTH})


@dataclass(frozen=True)
class ByNumber(Kind):
    """An object keyed by whole numbers written as text (``{"1": …, "12": …}``: rounds, tables)."""

    number: Int
    value: Kind

    def _check(self, value, at, depth, errors):
        if _not_an_object(value, at, errors):
            return
        for key, item in value.items():
            fits = key.isascii() and key.isdigit() and len(key) <= len(str(self.number.high))
            number = int(key) if fits else None
            if number is not None and key == str(number) and self.number.low <= number <= self.number.high:
                self.value.check(item, (at, key), depth + 1, errors)
            else:
                errors.append(_("%(at)s: %(found)s is not a number from %(low)s to %(high)s")
                              % {"at": where(at), "found": shown(key), "low": self.number.low,
                                 "high": self.number.high})


@dataclass(frozen=True)
class Row(Kind):
    """A list of fixed length with a kind per place (``[2, "approved"]``)."""

    items: tuple[Kind, ...]

    def _check(self, value, at, depth, errors):
        if not isinstance(value, list) or len(value) != len(self.items):
            errors.append(_("%(at)s must be a list of %(count)s values, not %(found)s")
                          % {"at": where(at), "count": len(self.items), "found": shown(value)})
            return
        for index, (item, kind) in enumerate(zip(value, self.items)):
            kind.check(item, (at, index), depth + 1, errors)


@dataclass(frozen=True)
class Misplaced(Kind):
    """A field that belongs to the other kind of file (``"pairs"`` in a team tournament's file):
    refused with ``reason``, whatever its value."""

    reason: Any

    def _check(self, value, at, depth, errors):
        errors.append(_("%(at)s: %(reason)s") % {"at": where(at), "reason": self.reason})


@dataclass(frozen=True)
class Json(Kind):
    """A JSON value kept as it is (a ruling's position, the frozen standings): any nesting up to the
    file's depth limit, texts and numbers a database keeps; of the ``kinds`` given and, when a
    ``shape`` is given, of that shape as well."""

    kinds: tuple[type, ...] = ()
    shape: Kind | None = None

    def _check(self, value, at, depth, errors):
        if self.kinds and not isinstance(value, self.kinds):
            names = {dict: _("an object {…}"), list: _("a list […]")}
            errors.append(_("%(at)s must be %(kinds)s, not %(found)s") % {
                "at": where(at), "kinds": _(" or ").join(str(names[kind]) for kind in self.kinds), "found": shown(value)})
            return
        before = len(errors)
        _storable(value, at, depth, errors)
        if self.shape is not None and len(errors) == before:
            self.shape.check(value, at, depth, errors)


def _storable(value: Any, at: At, depth: int, errors: list[str]) -> None:
    if isinstance(value, (list, dict)) and depth > MAX_DEPTH:
        errors.append(_("%(at)s nests deeper than %(max)s levels") % {"at": where(at), "max": MAX_DEPTH})
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _storable(item, (at, index), depth + 1, errors)
    elif isinstance(value, dict):
        for key, item in value.items():
            if JSON_TEXT.fits(key):
                _storable(item, (at, key), depth + 1, errors)
            else:
                errors.append(_("%(at)s: the key %(found)s cannot be stored") % {"at": where(at), "found": shown(key)})
    elif isinstance(value, str):
        JSON_TEXT.check(value, at, depth, errors)
    elif not (value is None or isinstance(value, bool)):
        Number().check(value, at, depth, errors)


JSON_INT = Int(-JSON_INT_MAX, JSON_INT_MAX)
JSON_TEXT = Text(TEXT_MAX_LENGTH)
TEAM_ID = Text(ID_MAX_LENGTH, blank=False)
