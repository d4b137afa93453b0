"""Keezen's score sheets in the tournament core: the sheets of ``shared/spec/scoring.md``
(``pawn-order``, ``pawns-2pt``, ``individual-11``), checked and scored by the pure ``scoring``
package, which speaks of teams by key; here the stored, seat-indexed sheet is converted, once.

Typing is made for speed: ``pawn-order`` is one key per pawn in arrival order — the team's letter
(A, B, C) or its place (1, 2, 3); ``pawns-2pt`` is one number per team; ``individual-11`` is the
home holes of each player as digits (``4321``).

Also Keezen's house rules in words for the table cards, a sheet in a few words for the standings
workbook (``1 1 2 …``), and the random sheets of practice runs (drawn exactly as they always were,
so a seed gives the same day).
"""

from __future__ import annotations

import random
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from engine.errors import EngineError
from engine.house_rules import DEFAULTS, FORCED_OR_OPTIONAL, HouseRules, parse_house_rules
from scoring.sheets import HOLES, PAWNS_PER_PLAYER, PAWNS_PER_TEAM, PLAYERS_PER_TEAM
from scoring.systems import Game
from tournaments.games.base import GamePlugin, Scoring, Unfinished, read_forfeit
from tournaments.games.keezen_rules import keezen_rule_fields
from tournaments.models import Ruling, Tournament
from tournaments.numbers import whole_or
from tournaments.services.house_rules import house_rule_lines
from tournaments.services.ruling_words import RulingWords, ruling_words
from tournaments.services.seating import LETTERS

RESULT_FIELDS = ("arrivals", "pawns_home", "home", "forfeit")
STOPPED_SHARE = 0.3
"""About this share of the random games is stopped by the clock (no team complete)."""


def to_sheet(keys: list[str], data: dict[str, Any]) -> scoring.Sheet:
    """The scoring sheet of a seat-indexed sheet; ``keys`` name the seated teams in seat order.

    Seat numbers that do not exist become their own text, so validation names them.
    """

    count = len(keys)

    def key(seat: Any) -> str:
        return keys[seat] if type(seat) is int and 0 <= seat < count else str(seat)

    sheet: dict[str, Any] = {"teams": tuple(keys), "stopped_by_clock": bool(data.get("stopped_by_clock"))}
    if data.get("arrivals") is not None:
        sheet["arrivals"] = tuple(key(seat) for seat in data["arrivals"])
    if data.get("pawns_home") is not None:
        sheet["pawns_home"] = {key(seat): count for seat, count in enumerate(data["pawns_home"])}
    if data.get("home") is not None:
        sheet["home"] = {key(seat): holes for seat, holes in enumerate(data["home"])}
    if data.get("forfeit") is not None:
        sheet["forfeit"] = key(data["forfeit"])
    return scoring.Sheet(**sheet)


def from_sheet(keys: list[str], sheet: dict[str, Any]) -> dict[str, Any]:
    """The seat-indexed sheet of a team-keyed one (as the tournament file writes it)."""
    seat = {key: index for index, key in enumerate(keys)}
    out: dict[str, Any] = {}
    if "arrivals" in sheet:
        out["arrivals"] = [seat[key] for key in sheet["arrivals"]]
    if "pawns_home" in sheet:
        out["pawns_home"] = [sheet["pawns_home"][key] for key in keys]
    if "home" in sheet:
        out["home"] = [sheet["home"][key] for key in keys]
    if "forfeit" in sheet:
        out["forfeit"] = seat[sheet["forfeit"]]
    if sheet.get("stopped_by_clock"):
        out["stopped_by_clock"] = True
    return out


def team_sheet(keys: list[Any], sheet: dict[str, Any]) -> dict[str, Any]:
    """The result fields of a stored (seat-indexed) sheet, keyed by the seated teams' ids."""
    out: dict[str, Any] = {}
    if sheet.get("arrivals") is not None:
        out["arrivals"] = [keys[seat] for seat in sheet["arrivals"]]
    if sheet.get("pawns_home") is not None:
        out["pawns_home"] = dict(zip(keys, sheet["pawns_home"]))
    if sheet.get("home") is not None:
        out["home"] = dict(zip(keys, sheet["home"]))
    if sheet.get("forfeit") is not None:
        out["forfeit"] = keys[sheet["forfeit"]]
    if sheet.get("stopped_by_clock"):
        out["stopped_by_clock"] = True
    return out


def _message(error: scoring.SheetError) -> str:
    """The message of a sheet error in the active language; ``scoring`` itself speaks English."""
    team = error.team or ""
    messages = {
        "too-many-pawns": _("Team %(team)s has more than 8 pawns home; a team has 8."),
        "arrivals-after-win": _("Pawns came home after team %(team)s had all 8 home; the game ended there."),
        "two-complete": _("Two teams cannot both have all 8 pawns home."),
        "player-too-many-pawns": _("A player of team %(team)s has more than 4 pawns home; a player has 4."),
        "hole-twice": _("A player of team %(team)s has two pawns in the same home hole."),
        "hole-out-of-range": _("A player of team %(team)s has a hole that does not exist; the holes are 1 to 4."),
        "negative-pawns": _("Team %(team)s cannot have fewer than 0 pawns home."),
        "not-seated": _("Team %(team)s does not sit at this table."),
        "no-result": _("The sheet is empty: type the result or choose the absent team."),
    }
    if error.code in messages:
        return messages[error.code] % {"team": team}
    return error.message


# Typing a Keezen sheet at the desk or on the table's phone (templates/tournaments/sheets/_fields_<system>.html).

def parse_arrivals(text: str, seats: int) -> tuple[list[int], list[str]]:
    seats_of = {LETTERS[i]: i for i in range(seats)} | {str(i + 1): i for i in range(seats)}
    arrivals, errors = [], []
    for char in text.upper():
        if char in " ,.-/":
            continue
        if char not in seats_of:
            errors.append(_("“%(char)s” is not a team: type %(letters)s (or %(digits)s) for each pawn home.")
                          % {"char": char, "letters": ", ".join(LETTERS[:seats]),
                             "digits": ", ".join(str(i + 1) for i in range(seats))})
            continue
        arrivals.append(seats_of[char])
    return arrivals, errors


def parse_count(text: str, team: str) -> tuple[int | None, list[str]]:
    text = (text or "").strip()
    if whole_or(text, None, 0, 8) is None:
        return None, [_("Pawns home for %(team)s must be a number from 0 to 8.") % {"team": team}]
    return int(text), []


def parse_holes(text: str, player: str) -> tuple[list[int], list[str]]:
    holes, errors = [], []
    for char in (text or "").strip():
        if char in " ,.-/h":
            continue
        if char not in "1234":
            errors.append(_("%(player)s: “%(char)s” is not a home hole (1 to 4).") % {"player": player, "char": char})
            continue
        holes.append(int(char))
    return holes, errors


def keezen_entry(system: str, teams: list[str], players: list[list[str]], fields: Any) -> tuple[dict[str, Any], list[str]]:
    """The seat-indexed Keezen sheet of the form's fields, and the typing errors (the sheet is checked later)."""
    errors: list[str] = []
    data: dict[str, Any] = {}
    forfeit = read_forfeit(fields, len(teams))
    if forfeit is not None:
        return forfeit
    if system == scoring.PAWN_ORDER:
        data["arrivals"], errors = parse_arrivals(fields.get("arrivals", ""), len(teams))
    elif system == scoring.PAWNS_2PT:
        counts = []
        for index, team in enumerate(teams):
            count, problems = parse_count(fields.get(f"pawns_{index}", ""), team)
            counts.append(count)
            errors += problems
        data["pawns_home"] = counts
    else:
        home = []
        for index, team in enumerate(teams):
            per_player = []
            for player_index, player in enumerate(players[index]):
                holes, problems = parse_holes(fields.get(f"home_{index}_{player_index}", ""), player)
                per_player.append(holes)
                errors += problems
            home.append(per_player)
        data["home"] = home
    if fields.get("stopped_by_clock"):
        data["stopped_by_clock"] = True
    return data, errors


def keezen_fields(sheet: dict[str, Any]) -> dict[str, str]:
    """The Keezen form's fields of a stored sheet (the forfeit aside: :func:`sheet_fields`)."""
    fields: dict[str, str] = {}
    if sheet.get("arrivals") is not None:
        fields["arrivals"] = "".join(LETTERS[seat] for seat in sheet["arrivals"])
    for index, count in enumerate(sheet.get("pawns_home") or ()):
        fields[f"pawns_{index}"] = str(count)
    for index, players in enumerate(sheet.get("home") or ()):
        for player_index, holes in enumerate(players):
            fields[f"home_{index}_{player_index}"] = "".join(str(hole) for hole in holes)
    if sheet.get("stopped_by_clock"):
        fields["stopped_by_clock"] = "1"
    return fields


def keezen_unfinished(points: list) -> Unfinished | None:
    """A Keezen sheet is unfinished while no team won (all 8 pawns home, or the other team absent)."""
    if any(score.won for score in points):
        return None
    return Unfinished(
        _("No team has all 8 pawns home and the round's clock has not been started. Is the game really over?"),
        _("No team has all 8 pawns home and the clock is still running. Is the game really over?"),
        _("No team has all 8 pawns home yet: saving asks whether the game is really over."))


def sheet_as_written(sheet: scoring.Sheet) -> str:
    """What the paper says, with the teams as ``sheet`` names them (the workbook gives their numbers):
    ``1 1 2 …``, ``3: 8, 4: 6``, ``5: 4 3 / 4; …``."""
    if sheet.forfeit is not None:
        text = f"{_('Forfeit')}: {sheet.forfeit}"
    elif sheet.arrivals is not None:
        text = " ".join(sheet.arrivals)
    elif sheet.pawns_home is not None:
        text = ", ".join(f"{team}: {sheet.pawns_home[team]}" for team in sheet.teams)
    elif sheet.home is not None:
        text = "; ".join(
            f"{team}: " + " / ".join(" ".join(str(hole) for hole in holes) or "–" for holes in sheet.home[team])
            for team in sheet.teams
        )
    else:
        text = ""
    if sheet.stopped_by_clock:
        text += f" · {_('Stopped by the clock')}"
    return text


def random_sheet(system: str, seats: int, rng: random.Random, stopped: bool | None = None) -> dict:
    """A valid sheet by seat (``scoring.md``) for ``seats`` teams under ``system``: a team completes
    and wins, or (``stopped``, else about :data:`STOPPED_SHARE` of the games) the clock stops the
    game before any team is complete."""
    if stopped is None:
        stopped = rng.random() < STOPPED_SHARE
    sheet: dict = {"stopped_by_clock": True} if stopped else {}
    if system == scoring.PAWN_ORDER:
        pawns = [seat for seat in range(seats) for _pawn in range(PAWNS_PER_TEAM)]
        rng.shuffle(pawns)
        home = [0] * seats
        arrivals = []
        for seat in pawns:  # the game ends with the first team to bring its last pawn home
            home[seat] += 1
            arrivals.append(seat)
            if home[seat] == PAWNS_PER_TEAM:
                break
        if stopped:  # before the winning pawn: nobody is complete
            arrivals = arrivals[: rng.randint(max(1, len(arrivals) // 3), len(arrivals) - 1)]
        sheet["arrivals"] = arrivals
        return sheet
    winner = None if stopped else rng.randrange(seats)
    if system == scoring.PAWNS_2PT:
        sheet["pawns_home"] = [PAWNS_PER_TEAM if seat == winner else rng.randint(0, PAWNS_PER_TEAM - 1)
                               for seat in range(seats)]
        return sheet
    full = sorted(HOLES, reverse=True)
    teams = []
    for seat in range(seats):
        if seat == winner:
            teams.append([list(full) for _player in range(PLAYERS_PER_TEAM)])
            continue
        players = [sorted(rng.sample(HOLES, rng.randint(0, PAWNS_PER_PLAYER)), reverse=True)
                   for _player in range(PLAYERS_PER_TEAM)]
        if all(len(holes) == PAWNS_PER_PLAYER for holes in players):  # complete would be a win: one short
            players[-1] = players[-1][:-1]
        teams.append(players)
    sheet["home"] = teams
    return sheet


class Keezen(GamePlugin):
    game = Game.KEEZEN
    result_fields = RESULT_FIELDS
    sides_per_table = (2, 3)  # a six-player board seats three
    rules_helper_url_name = "public:rules_helper"
    dispute_desk_url_name = "director:dispute_desk"
    dispute_desk_label = gettext_lazy("Dispute: rules engine")
    site_name = gettext_lazy("Keezen Tournament")
    has_clock_stop = True
    seat_colours = True
    counts_pawns = True
    ruling_template = "tournaments/disputes/_keezen_ruling.html"
    public_ruling_template = "tournaments/disputes/_keezen_public_ruling.html"
    score_sheet_template = "tournaments/pdf/_sheet_keezen.html"
    rules_legend = gettext_lazy("House rules")

    def house_rules(self, flags: Any) -> HouseRules:
        try:
            return parse_house_rules(flags or None)
        except EngineError:
            return DEFAULTS

    def rule_fields(self) -> dict[str, forms.Field]:
        return keezen_rule_fields()

    def rules_initial(self, rules: HouseRules) -> dict[str, Any]:
        return rules.as_json()

    def rules_of_form(self, data: dict[str, Any], fields: dict[str, forms.Field]) -> tuple[dict[str, Any] | None, list[tuple[str | None, str]]]:
        flags = {name: data.get(name) for name in fields}
        if any(value is None for value in flags.values()):  # a field refused already says why
            return None, []
        try:
            return parse_house_rules(flags).as_json(), []
        except EngineError as error:  # the fields' own checks come first: a safety net
            return None, [(None, str(error))]

    def ruling_words(self, ruling: Ruling) -> RulingWords:
        return ruling_words(ruling)

    def check(self, scoring_: Scoring, names: list[str], data: dict[str, Any]) -> list[str]:
        return list(dict.fromkeys(_message(error) for error in scoring.validate(scoring_.system, to_sheet(names, data))))

    def scores(self, scoring_: Scoring, seat_count: int, data: dict[str, Any]) -> list[scoring.TableScore]:
        keys = [str(seat) for seat in range(seat_count)]
        found = scoring.score(scoring_.system, to_sheet(keys, data), scoring_.points_list, scoring_.absent_pawns)
        return [found[key] for key in keys]

    def to_file(self, keys: list[Any], sheet: dict[str, Any]) -> dict[str, Any]:
        return team_sheet(keys, sheet)

    def from_file(self, keys: list[Any], entry: dict[str, Any]) -> dict[str, Any]:
        return from_sheet(keys, entry)

    def read_entry(self, scoring_: Scoring, names: list[str], players: list[list[str]],
                   fields: Any) -> tuple[dict[str, Any], list[str]]:
        return keezen_entry(scoring_.system, names, players, fields)

    def sheet_fields(self, sheet: dict[str, Any]) -> dict[str, str]:
        return keezen_fields(sheet)

    def unfinished(self, scoring_: Scoring, sheet: dict[str, Any], points: list[scoring.TableScore]) -> Unfinished | None:
        return keezen_unfinished(points)

    def file_rules(self, tournament: Tournament) -> dict[str, Any]:
        return tournament.house_rules.as_json()

    def rules_in_words(self, tournament: Tournament) -> list[str]:
        return house_rule_lines(tournament.house_rules)

    def as_written(self, scoring_: Scoring, keys: list[str], sheet: dict[str, Any]) -> str:
        return sheet_as_written(to_sheet(keys, sheet))

    def random_sheet(self, scoring_: Scoring, seats: int, rng: random.Random, stopped: bool | None = None) -> dict[str, Any]:
        return random_sheet(scoring_.system, seats, rng, stopped)

    def practice_notes(self) -> tuple[str, str]:
        return (_("Practice run: the desk typed the arrivals in the wrong order and corrected them."),
                _("Practice run: we had one pawn more home."))

    def file_problems(self, scoring_: Scoring, keys: list[Any], entry: dict[str, Any],
                      by_index: bool = False) -> list[str]:
        if by_index:
            return [problem.message for problem in scoring.validate(scoring_.system, to_sheet(keys, entry))]
        sheet = scoring.Sheet(
            teams=tuple(keys), arrivals=entry.get("arrivals"), pawns_home=entry.get("pawns_home"),
            home=entry.get("home"), forfeit=entry.get("forfeit"), stopped_by_clock=bool(entry.get("stopped_by_clock")),
        )
        return [problem.message for problem in scoring.validate(scoring_.system, sheet)]

    # The tournament file (shared/spec/scoring.md): a file without "game" is Keezen's.
    file_default = True
    file_system = scoring.PAWN_ORDER
    file_foreign_result = gettext_lazy('this is a result of Klaverjassen, and the file has no "game": "klaverjas"')

    def file_result_kinds(self, kinds: Any) -> dict[str, Any]:
        # the kinds; what can happen at a table is scoring.validate's to say
        return {"arrivals": kinds.List(kinds.side), "pawns_home": kinds.by_side(kinds.JSON_INT),
                "home": kinds.by_side(kinds.List(kinds.List(kinds.JSON_INT))), "forfeit": kinds.side,
                "stopped_by_clock": kinds.Flag()}

    def file_rules_kind(self, kinds: Any) -> Any:
        # each flag as the engine reads it (engine.house_rules); the engine has the last word (check_file_rules)
        choice = kinds.Choice(FORCED_OR_OPTIONAL)
        flags = {"jack_partner": kinds.Flag(), "jack_own_start": kinds.Flag(), "self_capture": choice,
                 "home_entry": choice, "seven_partner_remainder": kinds.Flag(), "seven_max_pawns": kinds.Int(1, 7)}
        return kinds.Obj(flags, strict=True, null=True)

    def file_flags(self, rules: Any) -> dict[str, Any] | None:
        return rules  # kept in Tournament.game_rules, as every game's flags

    def check_file_rules(self, data: dict[str, Any]) -> None:
        try:
            parse_house_rules(data.get("rules"))
        except EngineError as error:  # the schema checks each flag against its column; the engine has the last word
            raise ValueError(_('"rules": %(error)s') % {"error": error}) from None


KEEZEN = Keezen()
