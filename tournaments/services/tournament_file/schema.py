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

The kinds of value (strict: ``true`` is not a number, a time carries its offset from UTC) and the
places their messages name are :mod:`.kinds`'. Fields the schema does not name are ignored (and not
read). The optional sections of the club's apps bring their own schema (:mod:`.sections`), and the
results and ``rules`` of a game come from its plug-in (:class:`FileKinds`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.core.validators import MaxValueValidator, MinValueValidator, validate_slug
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext_lazy

from scoring.sheets import PLAYERS_PER_TEAM, TEAMS_PER_TABLE
from tournaments.games import GAMES
from tournaments.models import NAME_MAX_LENGTH, Club, Player, Result, ResultEvent, Round, Ruling, Table, TableSeat, Team, Tournament
from tournaments.models.registration import BACKUP_KEY_PATTERN
from tournaments.services.tournament_file.spec import (
    CODE_PATTERN,
    FORMAT,
    ID_MAX_LENGTH,
    JSON_INT_MAX,
    PLAYER_ID_PATTERN,
    READS,
    RESULT_FIELDS,
    TEXT_MAX_LENGTH,
    TOKEN_PATTERN,
    file_game,
)
from tournaments.services.tournament_file.kinds import (
    JSON_INT,
    TEAM_ID,
    ByNumber,
    ByTeam,
    Cases,
    Choice,
    Date,
    Flag,
    Int,
    Json,
    Kind,
    List,
    Misplaced,
    Moment,
    Named,
    Number,
    Obj,
    Row,
    Text,
)
from tournaments.services.tournament_file.sections import keyed, player_ref

SLUG_FORM = gettext_lazy("a short name of letters, digits, hyphens and underscores")
TOKEN_FORM = gettext_lazy("a private link of 16 to 32 letters, digits, hyphens and underscores")
BACKUP_KEY_FORM = gettext_lazy("a backup key of 16 to 32 digits and letters a to f")
CODE_FORM = gettext_lazy("six digits")
PLAYER_ID = Text(ID_MAX_LENGTH, blank=False, pattern=re.compile(PLAYER_ID_PATTERN, re.ASCII),
                 form=gettext_lazy("a player id: P and the player's number, like P12"))
PAIR_INDEX = Int(0, max(TEAMS_PER_TABLE) - 1)
"""A pair of an individual file's table, by its index in the table's ``pairs``."""


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


@dataclass(frozen=True)
class FileKinds:
    """What a game's plug-in builds the kinds of its result fields and ``rules`` from
    (:meth:`~tournaments.games.GamePlugin.file_result_kinds`): the schema's kinds, and how the file
    names a side — a team by its id, or in an individual file a pair by its index (``side``), and a
    value per side keyed by team id or as a list in pair order (``by_side``)."""

    individual: bool
    side: Kind
    by_side: Callable[[Kind], Kind]
    List: type = field(default=List, repr=False)
    Json: type = field(default=Json, repr=False)
    Obj: type = field(default=Obj, repr=False)
    Flag: type = field(default=Flag, repr=False)
    Choice: type = field(default=Choice, repr=False)
    Int: type = field(default=Int, repr=False)
    JSON_INT: Kind = field(default=JSON_INT, repr=False)


@cache
def file_schema(version: int, individual: bool = False, game: str = "") -> Obj:
    """The whole file of ``version`` (1 or 2), field by field (``docs/tournament-file.md``).
    ``individual``: the file of an individual tournament (``"entry": "individual"``): ``players``
    instead of ``teams``, tables of ``pairs`` with results as lists in pair order, a pair named by
    its index. ``game``: the file's ``"game"`` (none: the default game, :data:`.spec.DEFAULT_GAME`),
    whose plug-in gives the kinds of its results and of ``rules`` (a Klaverjassen file writes score
    cards where Keezen writes pawns); then every registered section (:mod:`.sections`)."""
    plugin = file_game({"game": game})
    round_number, table_number = column(Round, "number"), column(Table, "number")
    user = get_user_model()
    by = column(user, user.USERNAME_FIELD, blank=False)
    if individual:
        side: Kind = PAIR_INDEX
        kinds = FileKinds(individual=True, side=side, by_side=List)
        seats = {"pairs": List(List(TEAM_ID, PLAYERS_PER_TEAM, PLAYERS_PER_TEAM), min(TEAMS_PER_TABLE), max(TEAMS_PER_TABLE))}
        other = "teams", Misplaced(gettext_lazy('a table of "teams" belongs to a team tournament; the tables of an '
                                                'individual file seat "pairs" of players'))
    else:
        side = TEAM_ID
        kinds = FileKinds(individual=False, side=side, by_side=ByTeam)
        seats = {"teams": List(TEAM_ID, min(TEAMS_PER_TABLE), max(TEAMS_PER_TABLE))}
        other = "pairs", Misplaced(gettext_lazy('"pairs" belong to an individual tournament, and this file has no '
                                                '"entry": "individual"'))
    result = plugin.file_result_kinds(kinds)
    # Another game's results (a Klaverjassen card in a Keezen file, pawns in a Klaverjassen one): refused.
    result = {**{key: Misplaced(plugin.file_foreign_result) for key in RESULT_FIELDS if key not in result}, **result}
    table = Cases(*other, Obj({"round": round_number, "table": table_number, **seats, **result},
                              required=("round", "table", *seats)))
    bye = Obj({"round": round_number, "bye": TEAM_ID}, required=("round", "bye"))
    refs = player_ref()  # the person of the club's register (competition.md), when an app keeps one
    person = refs.kind if refs is not None else Misplaced(gettext_lazy("this program keeps no register of people"))
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
    rules: Kind = plugin.file_rules_kind(kinds)
    top: dict[str, Kind] = {
        "game": Choice(tuple(str(name) for name in GAMES)), "deals": column(Tournament, "deals"),
        "format": Choice((FORMAT,)), "version": Choice(READS), "name": column(Tournament, "name"),
        "date": column(Tournament, "date"), "scoring": column(Tournament, "scoring_system"),
        "rounds": column(Tournament, "rounds"), "round_minutes": column(Tournament, "round_minutes"),
        "teams_per_table": column(Tournament, "teams_per_table"), "venue": column(Tournament, "venue"),
        "seed": column(Tournament, "seed"), "points": List(Int(0, JSON_INT_MAX), 1, 100), "rules": rules,
        "absent_pawns": Int(0, 7),
        "entry": column(Tournament, "entry"), **entrants, "tables": List(Cases("bye", bye, table)),
    }
    # A file of a game of one system (Klaverjassen) may leave out "scoring".
    required = ("format", "version", "name", *(("scoring",) if plugin.file_names_system else ()),
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
    # Once the knock-out finals were over (docs/tournament-file.md, "finals"): every place in the final order.
    final_row = Obj({"rank": JSON_INT, "team": TEAM_ID, "name": Text(NAME_MAX_LENGTH), "lot": Flag(), "bracket": Flag()},
                    required=("rank", "team"))
    frozen = Json(kinds=(dict,), shape=Obj({"after_round": after_round, "standings": List(standings_row),
                                            "sheets": frozen_sheets, "final_ranking": List(final_row)},
                                           required=("standings",)), null=True)
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
    token = re.compile(TOKEN_PATTERN, re.ASCII)
    team_details = List(Obj(
        {"team": TEAM_ID, **{key: column(Team, key) for key in (
            "number", "checked_in", "checked_in_at", "withdrawn", "registered_at")},
         "pass": column(Team, "pass_token", pattern=token, form=TOKEN_FORM)},  # optional: files of before the pass
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
         "token": column(Table, "token", pattern=token, form=TOKEN_FORM),
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
    optional = {section.key: section.schema(individual, by) for section in keyed() if section.schema is not None}
    return Obj({**top, "exported_at": Moment(), **sections, **optional}, required=(*required, *sections))


def check_schema(data: dict, version: int, individual: bool, errors: list[str]) -> None:
    """Every value of ``data`` (a file of ``version``, of an individual tournament or not, of its
    game) against the schema: a message per problem."""
    file_schema(version, individual, file_game(data).game).check(data, None, 1, errors)
