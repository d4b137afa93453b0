"""The tournament file's schema: the kind, range, length and allowed values of every field, checked
before any other check and before anything is read into models.

Why: a value the database cannot keep must be refused here, with a message that names its place —
never by the database. PostgreSQL refuses a number beyond its column or a text longer than its
``max_length`` (a server error) where SQLite keeps it, so the two would disagree. A field written
to a column takes its range, length and choices from the model field (:func:`column`): a column
that changes changes the check with it, and a file exported from either database always passes.
The file's own values (team ids, the points list, JSON kept as it is) have the limits of
:mod:`.spec`. The checks of meaning — a team seated twice, a version that does not exist — come
after, in :mod:`.checks` and :mod:`.day_checks`, on values whose kind is known by then.

Kinds are strict: ``true`` is not a number (Python's ``bool`` is an ``int``), ``2.0`` is not a
whole number, ``NaN`` and ``Infinity`` (which Python's json reads) are no numbers, a time carries
its offset from UTC. Fields the schema does not name are ignored (and not read).

A place is a path into the file, lists counted from 0: ``tables[3]: "table"`` is the field
``table`` of the fourth entry of ``tables``.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from dataclasses import dataclass, field, replace
from dataclasses import fields as dataclass_fields
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.core.validators import MaxValueValidator, MinValueValidator, validate_slug
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.house_rules import HouseRules
from door.models import MAX_REDUCTIONS, Fee, Payment, Reduction
from people.models import Person
from prizes.models import Category, Prize, PrizeSettings
from prizes.text import MAX_PRIZES
from scoring.sheets import PLAYERS_PER_TEAM, TEAMS_PER_TABLE
from scoring.systems import Game
from tournaments.models import NAME_MAX_LENGTH, Club, Player, Result, ResultEvent, Round, Ruling, Table, TableSeat, Team, Tournament
from tournaments.models.registration import BACKUP_KEY_PATTERN
from tournaments.services.tournament_file.spec import (
    CODE_PATTERN,
    FORMAT,
    ID_MAX_LENGTH,
    JSON_INT_MAX,
    MAX_DEPTH,
    PLAYER_ID_PATTERN,
    READS,
    RESULT_FIELDS,
    TEXT_MAX_LENGTH,
    TOKEN_PATTERN,
)

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
SLUG_FORM = gettext_lazy("a short name of letters, digits, hyphens and underscores")
TOKEN_FORM = gettext_lazy("a private link of 16 to 32 letters, digits, hyphens and underscores")
BACKUP_KEY_FORM = gettext_lazy("a backup key of 16 to 32 digits and letters a to f")
CODE_FORM = gettext_lazy("six digits")
PLAYER_ID = Text(ID_MAX_LENGTH, blank=False, pattern=re.compile(PLAYER_ID_PATTERN, re.ASCII),
                 form=gettext_lazy("a player id: P and the player's number, like P12"))
PAIR_INDEX = Int(0, max(TEAMS_PER_TABLE) - 1)
"""A pair of an individual file's table, by its index in the table's ``pairs``."""
DEALS_MAX = 64  # Tournament.deals at most: the card's own check names a round's count


def _integer_range(model_field: models.Field) -> tuple[int, int]:
    """What the column keeps on every database (PostgreSQL's ranges, which SQLite does not enforce),
    narrowed by the field's own minimum and maximum."""
    low, high = BaseDatabaseOperations.integer_field_ranges[model_field.get_internal_type()]
    for validator in model_field.validators:
        if isinstance(validator, MinValueValidator):
            low = max(low, validator.limit_value)
        elif isinstance(validator, MaxValueValidator):
            high = min(high, validator.limit_value)
    return low, high


def column(model: type[models.Model], name: str, **changes: Any) -> Kind:
    """The kind of value the model's field keeps: its range, length, choices, and null when it may be."""
    model_field = model._meta.get_field(name)
    kind: Kind
    if isinstance(model_field, models.BooleanField):
        kind = Flag()
    elif model_field.choices:
        kind = Choice(tuple(value for value, _label in model_field.flatchoices))
    elif isinstance(model_field, models.DateTimeField):
        kind = Moment()
    elif isinstance(model_field, models.DateField):
        kind = Date()
    elif isinstance(model_field, models.IntegerField):
        kind = Int(*_integer_range(model_field))
    elif isinstance(model_field, models.JSONField):
        kind = Json()
    elif isinstance(model_field, (models.CharField, models.TextField)):
        kind = Text(model_field.max_length or TEXT_MAX_LENGTH, blank=model_field.blank)
    else:
        raise TypeError(f"no kind for {model.__name__}.{name} ({type(model_field).__name__})")
    return replace(kind, null=model_field.null, **changes)


@cache
def file_schema(version: int, individual: bool = False, game: str = Game.KEEZEN) -> Obj:
    """The whole file of ``version`` (1 or 2), field by field (``docs/tournament-file.md``).
    ``individual``: the file of an individual tournament (``"entry": "individual"``): ``players``
    instead of ``teams``, tables of ``pairs`` with results as lists in pair order, a pair named by
    its index. ``game``: a Klaverjassen file (``"game": "klaverjas"``) writes score cards (``deals``
    or ``totals``) where Keezen writes pawns, and the card game's flags under ``rules``."""
    round_number, table_number = column(Round, "number"), column(Table, "number")
    user = get_user_model()
    by = column(user, user.USERNAME_FIELD, blank=False)
    if game == Game.KLAVERJAS:  # the kinds; what can be on a card is klaverjas.check_card's to say
        deal = Json(kinds=(dict,))
        result = {"deals": List(deal, 0, DEALS_MAX), "forfeit": PAIR_INDEX if individual else TEAM_ID,
                  "totals": List(JSON_INT) if individual else ByTeam(JSON_INT)}
    if individual:
        side: Kind = PAIR_INDEX
        if game != Game.KLAVERJAS:
            result = {"arrivals": List(PAIR_INDEX), "pawns_home": List(JSON_INT), "home": List(List(List(JSON_INT))),
                      "forfeit": PAIR_INDEX, "stopped_by_clock": Flag()}
        seats = {"pairs": List(List(TEAM_ID, PLAYERS_PER_TEAM, PLAYERS_PER_TEAM), min(TEAMS_PER_TABLE), max(TEAMS_PER_TABLE))}
        other = "teams", Misplaced(gettext_lazy('a table of "teams" belongs to a team tournament; the tables of an '
                                                'individual file seat "pairs" of players'))
    else:
        side = TEAM_ID
        if game != Game.KLAVERJAS:
            result = {  # the kinds; what can happen at a table is scoring.validate's to say
                "arrivals": List(TEAM_ID), "pawns_home": ByTeam(JSON_INT), "home": ByTeam(List(List(JSON_INT))),
                "forfeit": TEAM_ID, "stopped_by_clock": Flag(),
            }
        seats = {"teams": List(TEAM_ID, min(TEAMS_PER_TABLE), max(TEAMS_PER_TABLE))}
        other = "pairs", Misplaced(gettext_lazy('"pairs" belong to an individual tournament, and this file has no '
                                                '"entry": "individual"'))
    # The other game's results: a Klaverjassen card in a file without "game": "klaverjas", or pawns in one with it.
    foreign = gettext_lazy('this is a result of Klaverjassen, and the file has no "game": "klaverjas"') \
        if game != Game.KLAVERJAS else gettext_lazy('this is a result of Keezen, and the file says "game": "klaverjas"')
    result = {**{key: Misplaced(foreign) for key in RESULT_FIELDS if key not in result}, **result}
    table = Cases(*other, Obj({"round": round_number, "table": table_number, **seats, **result},
                              required=("round", "table", *seats)))
    bye = Obj({"round": round_number, "bye": TEAM_ID}, required=("round", "bye"))
    person = column(Person, "ref", blank=False)  # the person of the club's register (competition.md)
    if individual:
        player = Obj({"id": PLAYER_ID, "name": column(Team, "name"), "club": column(Club, "name", blank=True),
                      "person": person}, required=("id", "name"))
        entrants = {"players": List(player, 1),
                    "teams": Misplaced(gettext_lazy('an individual file lists its "players" instead'))}
    else:
        team = Obj({"id": TEAM_ID, "name": column(Team, "name"),
                    "players": List(Named(column(Player, "name"), Obj({"name": column(Player, "name"), "person": person},
                                                                      required=("name",), strict=True)),
                                    PLAYERS_PER_TEAM, PLAYERS_PER_TEAM),
                    "club": column(Club, "name", blank=True)},
                   required=("id", "name", "players"))
        entrants = {"teams": List(team, 1)}
    if game == Game.KLAVERJAS:  # the flags of shared/spec/klaverjas.md: the rules read them (checks.py)
        rules: Kind = Json(kinds=(dict,), null=True)
    else:
        rules = Obj({rule.name: column(Tournament, rule.name) for rule in dataclass_fields(HouseRules)}, strict=True,
                    null=True)
    top: dict[str, Kind] = {
        "game": Choice(tuple(str(game) for game in Game)), "deals": column(Tournament, "deals"),
        "format": Choice((FORMAT,)), "version": Choice(READS), "name": column(Tournament, "name"),
        "date": column(Tournament, "date"), "scoring": column(Tournament, "scoring_system"),
        "rounds": column(Tournament, "rounds"), "round_minutes": column(Tournament, "round_minutes"),
        "teams_per_table": column(Tournament, "teams_per_table"), "venue": column(Tournament, "venue"),
        "seed": column(Tournament, "seed"), "points": List(Int(0, JSON_INT_MAX), 1, 100), "rules": rules,
        "entry": column(Tournament, "entry"), **entrants, "tables": List(Cases("bye", bye, table)),
    }
    # A Klaverjassen file may leave out "scoring": the game has one system.
    required = ("format", "version", "name", *(("scoring",) if game != Game.KLAVERJAS else ()),
                "players" if individual else "teams")
    if version == 1:
        return Obj(top, required=required)

    entrant = {"id": TEAM_ID} if individual else {"team": TEAM_ID}
    standings_row = Obj({"rank": JSON_INT, **entrant, "name": Text(NAME_MAX_LENGTH), "points": Number(),
                         "rounds": List(Number(null=True)), "lot": Flag(), "player": Text(NAME_MAX_LENGTH),
                         "bye_round": replace(round_number, null=True), "corrected": List(round_number),
                         "missed": List(round_number), "did_not_play": Flag()},
                        required=("rank", *entrant, "points", "rounds", "lot"))
    after_round = replace(round_number, low=0, null=True)  # 0: frozen before any round
    # Each table's latest sheet at the freeze, by round and table number: [version, state].
    frozen_sheets = ByNumber(round_number, ByNumber(table_number, Row((column(Result, "version"),
                                                                       column(Result, "state")))))
    frozen = Json(kinds=(dict,), shape=Obj({"after_round": after_round, "standings": List(standings_row),
                                            "sheets": frozen_sheets}, required=("standings",)), null=True)
    settings = ("status", "hidden", "archived", "created_at", "public_names", "three_team_table", "avoid_same_club",
                "entry_grace_minutes", "confirmed_counts")
    tournament = Obj({"slug": column(Tournament, "slug", pattern=validate_slug.regex, form=SLUG_FORM),
                      **{key: column(Tournament, key) for key in settings}, "language": column(Tournament, "language"),
                      "draw_mode": column(Tournament, "draw_mode"), "frozen_standings": frozen,
                      "missed_rounds": column(Tournament, "missed_rounds"),
                      "backup_key": column(Tournament, "backup_key", pattern=re.compile(BACKUP_KEY_PATTERN, re.ASCII),
                                           form=BACKUP_KEY_FORM)},
                     required=("slug", *settings))
    clubs = List(Obj({"name": column(Club, "name"), "town": column(Club, "town")}, required=("name",)))
    team_details = List(Obj(
        {"team": TEAM_ID, **{key: column(Team, key) for key in (
            "number", "checked_in", "checked_in_at", "withdrawn", "registered_at")}},
        required=("team", "number", "checked_in", "withdrawn", "registered_at")))
    round_details = List(Obj(
        {"round": round_number, **{key: column(Round, key) for key in (
            "status", "minutes", "started_at", "clock_ends_at", "clock_paused_left")}},
        required=("round", "status", "minutes")))
    sheet = Obj({"version": column(Result, "version"), "state": column(Result, "state"),
                 "source": column(Result, "source"), "at": column(Result, "created_at"), "by": by,
                 "submitted_by": side, "confirmed_by": side, "reason": column(Result, "reason"), **result},
                required=("version", "state", "source", "at"))
    event = Obj({"kind": column(ResultEvent, "kind"), "source": column(ResultEvent, "source"),
                 "at": column(ResultEvent, "created_at"), "version": column(Result, "version"), "team": side,
                 "by": by, "note": column(ResultEvent, "note")},
                required=("kind", "source", "at"))
    table_details = List(Obj(
        {"round": round_number, "table": table_number,
         "token": column(Table, "token", pattern=re.compile(TOKEN_PATTERN, re.ASCII), form=TOKEN_FORM),
         "codes": ByTeam(column(TableSeat, "code", pattern=re.compile(CODE_PATTERN, re.ASCII), form=CODE_FORM)),
         "sheets": List(sheet), "events": List(event)},
        required=("round", "table", "token", "codes", "sheets", "events")))
    rulings = List(Obj(
        {"at": column(Ruling, "created_at"), "by": by, "round": round_number, "table": table_number,
         "position": column(Ruling, "position", kinds=(dict,)), "verdict": column(Ruling, "verdict", kinds=(dict, list)),
         **{key: column(Ruling, key) for key in ("code", "seat", "card", "claim", "note")}},
        required=("at", "position", "code", "seat", "card", "claim", "verdict", "note")))
    sections = {"tournament": tournament, "clubs": clubs, "team_details": team_details,
                "round_details": round_details, "table_details": table_details, "rulings": rulings}
    return Obj({**top, "exported_at": Moment(), **sections, "door": door_section(by),
                "prizes": prizes_section(individual)},
               required=(*required, *sections))


def door_section(by: Kind) -> Obj:
    """The money at the door (optional, :mod:`door`): the entry fee with its reductions, and every
    payment taken (a team by its id; ``player`` the seat of its player when the fee is per person)."""
    reduction = Obj({"name": column(Reduction, "name", blank=False), "amount": column(Reduction, "amount")},
                    required=("name", "amount"))
    fee = Obj({"per": column(Fee, "per"), "amount": column(Fee, "amount"), "reductions": List(reduction, 0, MAX_REDUCTIONS)},
              required=("per", "amount", "reductions"))
    payment = Obj({"team": TEAM_ID, "player": column(Player, "seat"), "amount": column(Payment, "amount"),
                   "method": column(Payment, "method"), "reduction": column(Payment, "reduction", blank=False),
                   "at": column(Payment, "paid_at"), "by": by},
                  required=("team", "amount", "method", "at"))
    return Obj({"fee": fee, "payments": List(payment)}, required=("fee", "payments"))


def prizes_section(individual: bool) -> Obj:
    """The prizes of the day (optional, :mod:`prizes`): the settings, the categories with who carries
    them (a team by its id, a team's player by its team's id and seat; in an individual file a
    player by their id), and the prizes in handing-out order, each as :class:`prizes.models.Prize`
    keeps it (a category prize names its category)."""
    name = column(Category, "name", blank=False)
    if individual:
        category = Obj({"name": name, "players": List(PLAYER_ID),
                        "teams": Misplaced(gettext_lazy('an individual file lists the "players" of a category'))},
                       required=("name", "players"))
    else:
        player = Obj({"team": TEAM_ID, "player": column(Player, "seat")}, required=("team", "player"))
        category = Obj({"name": name, "teams": List(TEAM_ID), "players": List(player)},
                       required=("name", "teams", "players"))
    prize = Obj({"rule": column(Prize, "rule"), "category": name, "number": column(Prize, "number"),
                 "what": column(Prize, "what", blank=False)},
                required=("rule", "number", "what"))
    return Obj({"one_each": column(PrizeSettings, "one_each"), "club_size": column(PrizeSettings, "club_size"),
                "categories": List(category), "list": List(prize, 0, MAX_PRIZES)},
               required=("one_each", "club_size", "categories", "list"))


def check_schema(data: dict, version: int, individual: bool, errors: list[str]) -> None:
    """Every value of ``data`` (a file of ``version``, of an individual tournament or not, of its
    game) against the schema: a message per problem."""
    game = data.get("game") if data.get("game") in tuple(Game) else Game.KEEZEN
    file_schema(version, individual, game).check(data, None, 1, errors)
