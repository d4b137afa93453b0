"""Klaverjassen's score cards in the tournament core (``shared/spec/klaverjas.md``).

A table of two teams plays the round's deals (16 by default, ``Tournament.deals``) and keeps one
card: per deal the playing team, each team's card points, roem and a pit; or, for a club that
keeps paper cards, only the two totals. The card is checked and scored by the pure ``klaverjas``
package (:mod:`klaverjas.score_card`); here its problems become messages in the director's
language, naming the deal and the team; the tournament file's side is :mod:`.klaverjas_file`.

The game also says its house rules in words for the table cards (the play rules of
:func:`~tournaments.services.house_rules.card_rule_lines`, then what roem and a pit are worth), a
card in a few words for the standings workbook ("16 deals, 3 nat, 1 pit; roem 3: 120, 5: 80"), and
draws random but valid cards deal by deal for practice runs and the demo (:func:`random_card`).

Stored (seat-indexed, side 0 deals first): ``{"deals": [{"playing": 0, "points": [90, 72],
"roem": [20, 0], "pit": null}, …]}``, ``{"totals": [1520, 1130]}`` or ``{"forfeit": 1}``. A team
file names the sides by team id (``"playing": "T1"``, ``"points": {"T1": 90, "T2": 72}``), an
individual file by pair index, as the stored card does.
"""

from __future__ import annotations

import random
import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

import klaverjas
import scoring
from klaverjas.cards import TOTAL_POINTS
from klaverjas.score_card import RESULTS
from scoring.points import TableScore
from scoring.systems import Game
from tournaments.games import klaverjas_file
from tournaments.games.base import GamePlugin, Scoring, Unfinished, read_forfeit
from tournaments.games.klaverjas_rules import CARD_FLAGS, card_rule_fields, card_rules_of_form
from tournaments.models import Ruling, Tournament
from tournaments.numbers import whole_or
from tournaments.services.card_rulings import CardRulingWords, card_ruling_words
from tournaments.services.deal_rulings import DealRulingWords, deal_ruling_words, is_deal_ruling
from tournaments.services.house_rules import card_rule_lines, revoke_penalty_words

RESULT_FIELDS = RESULTS
SIDES = klaverjas_file.SIDES


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
        "bad-format-missing": _("“%(field)s” is missing"),
        "bad-format-value": _("“%(field)s” cannot be %(value)s"),
    }


def _message(problem: klaverjas.CardProblem, names: list[str]) -> str:
    key = problem.problem
    if key == "bad-format" and "field" in problem.params:  # the card's own words, not the rules' English
        key = "bad-format-missing" if problem.params.get("missing") else "bad-format-value"
    text = _messages().get(key)
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
    rules_helper_url_name = "public:card_rules"
    dispute_desk_url_name = "director:card_rules"
    dispute_desk_label = gettext_lazy("Dispute: card rules")
    keeps_card_rulings = True
    site_name = gettext_lazy("Klaverjas Tournament")
    seats_two_only = gettext_lazy("A Klaverjassen table seats two teams.")
    plays_deals = True
    ruling_template = "tournaments/card_rules/_ruling.html"
    public_ruling_template = "tournaments/card_rules/_public_ruling.html"
    score_sheet_template = "tournaments/pdf/_sheet_klaverjas.html"
    score_sheet_style_template = "tournaments/pdf/_sheet_klaverjas_style.html"
    rules_legend = gettext_lazy("Klaverjassen")
    rules_fieldset_extra = ("deals",)

    def house_rules(self, flags: Any) -> klaverjas.HouseRules:
        try:
            return klaverjas.parse_house_rules(dict(flags) if isinstance(flags, dict) else {})
        except klaverjas.KlaverjasError:
            return klaverjas.DEFAULTS

    def rule_fields(self) -> dict[str, forms.Field]:
        return card_rule_fields()

    def rules_initial(self, rules: klaverjas.HouseRules) -> dict[str, Any]:
        # every flag, not as_json's: that one leaves out a revoke_penalty at its default
        return {f"card_{flag}": getattr(rules, flag) for flag in CARD_FLAGS}

    def rules_of_form(self, data: dict[str, Any], fields: dict[str, forms.Field]) -> tuple[dict[str, Any] | None, list[tuple[str | None, str]]]:
        return card_rules_of_form(data, fields, str(self.seats_two_only))

    def ruling_words(self, ruling: Ruling) -> CardRulingWords | DealRulingWords:
        return deal_ruling_words(ruling) if is_deal_ruling(ruling) else card_ruling_words(ruling)

    def check(self, scoring: Scoring, names: list[str], data: dict[str, Any]) -> list[str]:
        if len(names) != SIDES:
            return [_("A Klaverjassen table seats two teams, not %(count)s.") % {"count": len(names)}]
        problems = klaverjas.check_card(_card(data), scoring.deals, rules_of(scoring))
        return list(dict.fromkeys(_message(problem, names) for problem in problems))

    def scores(self, scoring: Scoring, seat_count: int, data: dict[str, Any]) -> list[TableScore]:
        # A stored card was checked against the round's deals when it was saved; it is scored as
        # written (deals_on), so a later change of the deals per round never stops the standings.
        card = _card(data)
        found = klaverjas.score_card(card, deals_on(card, scoring.deals), rules_of(scoring))
        totals = found.totals
        return [TableScore(points=totals[side], pawns_home=0, won=totals[side] > totals[1 - side],
                           forfeit=found.forfeit is not None)
                for side in range(SIDES)]

    def to_file(self, keys: list[Any], sheet: dict[str, Any]) -> dict[str, Any]:
        return klaverjas_file.card_to_file(keys, sheet)

    def from_file(self, keys: list[Any], entry: dict[str, Any]) -> dict[str, Any]:
        return klaverjas_file.card_of_file(keys, entry)

    def read_entry(self, scoring: Scoring, names: list[str], players: list[list[str]],
                   fields: Any) -> tuple[dict[str, Any], list[str]]:
        return read_card(fields, scoring.deals, len(names))

    def sheet_fields(self, sheet: dict[str, Any]) -> dict[str, str]:
        return card_fields(sheet)

    def unfinished(self, scoring: Scoring, sheet: dict[str, Any], points: list[TableScore]) -> Unfinished | None:
        played = len(sheet.get("deals") or ())
        if not sheet.get("deals") or played >= scoring.deals:  # totals, a forfeit, or every deal
            return None
        values = {"played": played, "deals": scoring.deals}
        return Unfinished(
            _("The card has %(played)s of the round's %(deals)s deals and the round's clock has not been started. "
              "Is the round really over?") % values,
            _("The card has %(played)s of the round's %(deals)s deals and the clock is still running. "
              "Is the round really over?") % values,
            _("%(played)s of %(deals)s deals: saving asks whether the round is really over.") % values)

    def file_rules(self, tournament: Tournament) -> dict[str, Any]:
        return rules_of(Scoring.of(tournament)).as_json()

    def file_problems(self, scoring: Scoring, keys: list[Any], entry: dict[str, Any], by_index: bool = False) -> list[str]:
        card = _card(entry) if by_index else klaverjas_file.card_of_file(keys, _card(entry))
        problems = klaverjas.check_card(card, scoring.deals, rules_of(scoring))
        return [_message(problem, [str(key) for key in keys]) for problem in problems]

    def rules_in_words(self, tournament: Tournament) -> list[str]:
        rules = rules_of(Scoring.of(tournament))
        return card_rule_lines(rules) + card_score_lines(rules)

    def as_written(self, scoring: Scoring, keys: list[str], sheet: dict[str, Any]) -> str:
        return card_as_written(scoring, keys, sheet)

    def random_sheet(self, scoring: Scoring, seats: int, rng: random.Random, stopped: bool | None = None) -> dict[str, Any]:
        return random_card(scoring.deals, rng, stopped)

    def practice_notes(self) -> tuple[str, str]:
        return (_("Practice run: the desk typed a deal's roem for the wrong team and corrected it."),
                _("Practice run: our roem is missing in one deal."))

    # The tournament file (shared/spec/klaverjas.md): the game has one system, so "scoring" may be left out.
    file_system = scoring.KLAVERJAS
    file_names_system = False
    file_writes_deals = True
    file_foreign_result = gettext_lazy('this is a result of Keezen, and the file says "game": "klaverjas"')

    def file_result_kinds(self, kinds: Any) -> dict[str, Any]:
        return klaverjas_file.result_kinds(kinds)

    def file_rules_kind(self, kinds: Any) -> Any:
        return klaverjas_file.rules_kind(kinds)

    def file_flags(self, rules: Any) -> dict[str, Any] | None:
        return rules

    def check_file_rules(self, data: dict[str, Any]) -> None:
        klaverjas_file.check_rules(data)


def card_score_lines(rules: klaverjas.HouseRules) -> list[str]:
    """What roem and a pit are worth under the tournament's house rules, and the penalty for a revoke,
    one sentence each (the play rules are :func:`~tournaments.services.house_rules.card_rule_lines`)."""
    roem = _("Roem: three in a row 20, four in a row 50, stuk (king and queen of trump) 20, four of a kind "
             "%(four)s, four jacks %(jacks)s.") % {"four": rules.four_of_a_kind, "jacks": rules.four_jacks}
    pit = (_("Pit (every trick won): %(bonus)s points more.") % {"bonus": rules.pit_bonus} if rules.pit_bonus
           else _("Pit (every trick won): no bonus."))
    revoke = _("A card against the rules (revoked): %(penalty)s") % {
        "penalty": revoke_penalty_words(rules.revoke_penalty)}
    return [roem, pit, revoke]


def card_as_written(scoring: Scoring, keys: list[str], sheet: dict[str, Any]) -> str:
    """A stored card in a few words, teams named by ``keys``: "16 deals, 3 nat, 1 pit; roem 3: 120,
    5: 80", "Totals 3: 1520, 5: 1130" or "Forfeit: 5"."""
    if sheet.get("forfeit") is not None:
        return f"{_('Forfeit')}: {keys[sheet['forfeit']]}"
    if sheet.get("totals") is not None:
        totals = ", ".join(f"{key}: {total}" for key, total in zip(keys, sheet["totals"]))
        return _("Totals %(totals)s") % {"totals": totals}
    played = len(sheet.get("deals") or ())
    text = ngettext("%(count)s deal", "%(count)s deals", played) % {"count": played}
    try:
        found = klaverjas.score_card(_card(sheet), scoring.deals, rules_of(scoring))
    except klaverjas.InvalidCard:  # the round's deals were changed since: the card as it is
        return text
    pits = sum(found.pits)
    text += ", " + _("%(count)s nat") % {"count": sum(found.nat)}
    text += ", " + ngettext("%(count)s pit", "%(count)s pits", pits) % {"count": pits}
    if any(found.roem):
        roem = ", ".join(f"{key}: {points}" for key, points in zip(keys, found.roem))
        text += "; " + _("roem %(roem)s") % {"roem": roem}
    return text


# Random cards for practice runs and the demo: the playing team mostly makes its deal (about one in
# six goes nat), one deal in thirty is a pit, roem as the tricks give it (20 most often).
PIT_SHARE = 0.03
SHORT_SHARE = 0.1
"""About this share of random cards stops before the round's last deal (the clock ran out)."""
ROEM = (0, 20, 40, 50, 70, 100)
ROEM_WEIGHTS = (60, 22, 5, 8, 3, 2)


def random_card(deals: int, rng: random.Random, stopped: bool | None = None) -> dict[str, Any]:
    """A valid card of ``deals`` deals, or (``stopped``, else about :data:`SHORT_SHARE` of the cards)
    one to three deals short; drawn from ``rng`` alone."""
    if stopped is None:
        stopped = rng.random() < SHORT_SHARE
    played = max(1, deals - rng.randint(1, 3)) if stopped and deals > 1 else deals
    return {"deals": [random_deal(rng) for _deal in range(played)]}


def random_deal(rng: random.Random) -> dict[str, Any]:
    """One valid deal as the card stores it: the playing team's card points around 104 of 162 (with
    its roem not more than half of 162 plus all roem, it goes nat), roem in multiples of 10, now and
    then a pit for the playing team."""
    playing = rng.randrange(SIDES)
    roem = [0, 0]
    if rng.random() < PIT_SHARE:
        pit: int | None = playing
        own = TOTAL_POINTS
        roem[playing] = rng.choices(ROEM, ROEM_WEIGHTS)[0] + 20 * rng.randrange(2)
    else:
        pit = None
        own = min(max(round(rng.gauss(104, 24)), 0), TOTAL_POINTS - 10)
        for side, points in ((playing, own), (1 - playing, TOTAL_POINTS - own)):
            roem[side] = rng.choices(ROEM, ROEM_WEIGHTS)[0] if points else 0  # no trick, no roem
    a = own if playing == 0 else TOTAL_POINTS - own
    return {"playing": playing, "points": [a, TOTAL_POINTS - a], "roem": roem, "pit": pit}


# Typing a card at the desk or on the table's phone (templates/tournaments/sheets/_fields_klaverjas.html):
# per deal the playing team (A or B, or 1 or 2), team A's card points (B's follow from 162), each
# team's roem (empty: none) and the pit (A, B or nothing; a pit may leave the points empty); or
# only the two totals, for a club that keeps paper cards.
SIDE_OF = {"A": 0, "B": 1, "1": 0, "2": 1}


def _side(text: str) -> int | None:
    return SIDE_OF.get(text.strip().upper())


def read_card(fields: Any, deals: int, sides: int) -> tuple[dict[str, Any], list[str]]:
    """The stored card of the form's fields, and the typing errors (the card is checked later)."""
    forfeit = read_forfeit(fields, sides)
    if forfeit is not None:
        return forfeit
    errors: list[str] = []
    rows, gap = [], None
    for number in range(1, deals + 1):
        typed = {key: (fields.get(f"deal_{number}_{key}") or "").strip()
                 for key in ("playing", "points", "roem_0", "roem_1", "pit")}
        if not any(typed.values()):
            gap = gap or number
            continue
        if gap is not None:
            errors.append(_("Deal %(gap)s is empty, but deal %(number)s is filled in: fill in the deals in order.")
                          % {"gap": gap, "number": number})
            gap = None
        rows.append(_read_deal(number, typed, errors))
    totals = [(fields.get(f"total_{side}") or "").strip() for side in range(SIDES)]
    if rows and any(totals):
        errors.append(_("Type the deals or only the two totals, not both."))
    if errors:
        return {}, errors
    if rows:
        return {"deals": rows}, []
    if any(totals):
        values = [whole_or(total, None, 0, 99_999) for total in totals]
        if None in values:
            return {}, [_("Each team's total must be a whole number from 0 to 99,999.")]
        return {"totals": values}, []
    return {}, []


def _read_deal(number: int, typed: dict[str, str], errors: list[str]) -> dict[str, Any]:
    where = {"deal": number}
    playing, pit = _side(typed["playing"]), _side(typed["pit"]) if typed["pit"] else None
    if playing is None:
        errors.append(_("Deal %(deal)s: choose the team that played (A or B).") % where)
    if typed["pit"] and pit is None:
        errors.append(_("Deal %(deal)s: the pit is team A or team B.") % where)
    points = whole_or(typed["points"], None, 0, TOTAL_POINTS) if typed["points"] else None
    if points is None and not typed["points"] and pit is not None:
        points = TOTAL_POINTS if pit == 0 else 0  # a pit: every card point to the pit team
    if points is None:
        errors.append(_("Deal %(deal)s: type team A's card points, a number from 0 to 162.") % where)
    roem = []
    for side in range(SIDES):
        value = whole_or(typed[f"roem_{side}"], None, 0, 9_990) if typed[f"roem_{side}"] else 0
        if value is None:
            errors.append(_("Deal %(deal)s: the roem of team %(team)s must be a whole number.")
                          % {**where, "team": "AB"[side]})
        roem.append(value or 0)
    a = points or 0
    return {"playing": playing, "points": [a, TOTAL_POINTS - a], "roem": roem, "pit": pit}


def card_fields(sheet: dict[str, Any]) -> dict[str, str]:
    """The form's fields of a stored card (the forfeit aside)."""
    fields: dict[str, str] = {}
    for number, deal in enumerate(sheet.get("deals") or (), start=1):
        fields[f"deal_{number}_playing"] = "AB"[deal["playing"]]
        fields[f"deal_{number}_points"] = str(deal["points"][0])
        for side in range(SIDES):
            if deal["roem"][side]:
                fields[f"deal_{number}_roem_{side}"] = str(deal["roem"][side])
        if deal.get("pit") is not None:
            fields[f"deal_{number}_pit"] = "AB"[deal["pit"]]
    for side, total in enumerate(sheet.get("totals") or ()):
        fields[f"total_{side}"] = str(total)
    return fields


def deals_on(card: dict[str, Any], deals: int) -> int:
    """The deals a stored card is scored against: the round's, or more when it holds more."""
    written = card.get("deals")
    return max(deals, len(written)) if isinstance(written, list) else deals


def _card(data: dict[str, Any]) -> dict[str, Any]:
    """The score card's fields of a stored sheet."""
    return {key: data[key] for key in RESULT_FIELDS if data.get(key) is not None}


KLAVERJAS = Klaverjas()
