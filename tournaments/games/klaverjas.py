"""Klaverjassen's score cards in the tournament core (``shared/spec/klaverjas.md``).

A table of two teams plays the round's deals (16 by default, ``Tournament.deals``) and keeps one
card: per deal the playing team, each team's card points, roem and a pit; or, for a club that
keeps paper cards, only the two totals. The card is checked and scored by the pure ``klaverjas``
package (:mod:`klaverjas.score_card`); here its problems become messages in the director's
language, naming the deal and the team, and the card is converted to and from the tournament file.

Stored (seat-indexed, side 0 deals first): ``{"deals": [{"playing": 0, "points": [90, 72],
"roem": [20, 0], "pit": null}, …]}``, ``{"totals": [1520, 1130]}`` or ``{"forfeit": 1}``. A team
file names the sides by team id (``"playing": "T1"``, ``"points": {"T1": 90, "T2": 72}``), an
individual file by pair index, as the stored card does.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _

import klaverjas
from klaverjas.score_card import RESULTS
from scoring.points import TableScore
from scoring.systems import Game
from tournaments.games.base import GamePlugin, Scoring

RESULT_FIELDS = RESULTS
SIDES = 2


def rules_of(scoring: Scoring) -> klaverjas.HouseRules:
    """The tournament's house-rule flags as the rules take them (checked when they were saved)."""
    try:
        return klaverjas.parse_house_rules(dict(scoring.rules))
    except klaverjas.KlaverjasError:
        return klaverjas.DEFAULTS


def _messages() -> dict[str, str]:
    return {
        "playing-team": _("the playing team must be one of the two teams at the table"),
        "not-numbers": _("card points and roem must be whole numbers for both teams"),
        "points-range": _("%(team)s's card points %(points)s are not from 0 to 162"),
        "points-sum": _("the card points add up to %(sum)s, not 162"),
        "roem-negative": _("%(team)s's roem %(roem)s is negative"),
        "roem-multiple": _("%(team)s's roem %(roem)s is not a multiple of 10"),
        "pit-team": _("the pit must be one of the two teams at the table"),
        "pit-points": _("%(team)s has a pit, so it has all 162 card points, not %(points)s"),
        "pit-roem": _("%(other)s won every trick (pit), so %(team)s cannot have roem"),
        "too-many-deals": _("the card has %(deals)s deals; a round has %(most)s"),
        "no-deals": _("the card has no deals"),
        "totals-range": _("%(team)s's total %(total)s must be a whole number from 0 to 99,999"),
        "forfeit-side": _("choose the absent team"),
        "two-results": _("write the deals, or only the totals, or the absent team: not more than one"),
        "empty": _("The card is empty: type the deals, the two totals or choose the absent team."),
        "bad-format": _("the card cannot be read: %(what)s"),
    }


def _message(problem: klaverjas.CardProblem, names: list[str]) -> str:
    text = _messages().get(problem.problem)
    if text is None:
        return problem.message
    params = dict(problem.params)

    def name(value: Any) -> str:
        if value in ("A", "B"):
            value = "AB".index(value)
        return names[value] if type(value) is int and 0 <= value < len(names) else str(value)

    for key in ("team", "other"):
        if key in params:
            params[key] = name(params[key])
    if "team" not in params and problem.side is not None:
        params["team"] = name(problem.side)
    params.setdefault("what", re.sub(r"^Deal \d+: ", "", problem.message))
    try:
        text = text % params
    except (KeyError, TypeError, ValueError):
        text = problem.message
    if problem.deal is not None:
        return _("Deal %(deal)s: %(problem)s") % {"deal": problem.deal, "problem": text}
    return text[:1].upper() + text[1:]


class Klaverjas(GamePlugin):
    game = Game.KLAVERJAS
    result_fields = RESULT_FIELDS

    def check(self, scoring: Scoring, names: list[str], data: dict[str, Any]) -> list[str]:
        if len(names) != SIDES:
            return [_("A Klaverjassen table seats two teams, not %(count)s.") % {"count": len(names)}]
        problems = klaverjas.check_card(_card(data), scoring.deals, rules_of(scoring))
        return list(dict.fromkeys(_message(problem, names) for problem in problems))

    def scores(self, scoring: Scoring, seat_count: int, data: dict[str, Any]) -> list[TableScore]:
        found = klaverjas.score_card(_card(data), scoring.deals, rules_of(scoring))
        totals = found.totals
        return [TableScore(points=totals[side], pawns_home=0, won=totals[side] > totals[1 - side],
                           forfeit=found.forfeit is not None)
                for side in range(SIDES)]

    def to_file(self, keys: list[Any], sheet: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if sheet.get("deals") is not None:
            out["deals"] = [{
                "playing": keys[deal["playing"]],
                "points": dict(zip(keys, deal["points"])),
                "roem": dict(zip(keys, deal["roem"])),
                "pit": None if deal.get("pit") is None else keys[deal["pit"]],
            } for deal in sheet["deals"]]
        if sheet.get("totals") is not None:
            out["totals"] = dict(zip(keys, sheet["totals"]))
        if sheet.get("forfeit") is not None:
            out["forfeit"] = keys[sheet["forfeit"]]
        return out

    def from_file(self, keys: list[Any], entry: dict[str, Any]) -> dict[str, Any]:
        return _indexed(keys, entry)

    def read_entry(self, system: str, names: list[str], players: list[list[str]],
                   fields: Any) -> tuple[dict[str, Any], list[str]]:
        # The score card on the table's phone and at the desk comes next (issue 18); until then a
        # drive's cards come in through the tournament file, and the form says so.
        return {}, [_("Klaverjassen score cards cannot be typed here yet: load them with the tournament file.")]

    def file_rules(self, tournament: Any) -> dict[str, Any]:
        return rules_of(Scoring.of(tournament)).as_json()

    def file_problems(self, scoring: Scoring, keys: list[Any], entry: dict[str, Any], by_index: bool = False) -> list[str]:
        card = _card(entry) if by_index else _indexed(keys, _card(entry))
        problems = klaverjas.check_card(card, scoring.deals, rules_of(scoring))
        return [_message(problem, [str(key) for key in keys]) for problem in problems]


def _card(data: dict[str, Any]) -> dict[str, Any]:
    """The score card's fields of a stored sheet."""
    return {key: data[key] for key in RESULT_FIELDS if data.get(key) is not None}


def _indexed(keys: list[Any], entry: dict[str, Any]) -> dict[str, Any]:
    """A team file's card seat-indexed; what names no seated team stays as it is, so the card's
    checks name it."""
    seat = {key: index for index, key in enumerate(keys)}

    def side(value: Any) -> Any:
        return seat.get(value, value) if isinstance(value, str) else value

    def pair(value: Any) -> Any:
        if isinstance(value, dict) and set(value) == set(keys):
            return [value[key] for key in keys]
        return value

    out: dict[str, Any] = {}
    if "deals" in entry:
        deals = entry["deals"]
        out["deals"] = [({**deal, "playing": side(deal.get("playing")), "points": pair(deal.get("points")),
                          "roem": pair(deal.get("roem")), "pit": side(deal.get("pit"))}
                         if isinstance(deal, dict) else deal) for deal in deals] if isinstance(deals, list) else deals
    if "totals" in entry:
        out["totals"] = pair(entry["totals"])
    if "forfeit" in entry:
        out["forfeit"] = side(entry["forfeit"])
    return out


KLAVERJAS = Klaverjas()
