"""Klaverjassen in the tournament file (``shared/spec/klaverjas.md``): the kinds of a card's fields
and of the file's ``rules``, the check of those rules, and a card converted between the stored,
seat-indexed form and the file's (a team file names the sides by team id, an individual file by
pair index). Plain functions the plug-in (:mod:`.klaverjas`) delegates its ``file_*`` hooks to, so
the game's module keeps to the score card itself.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

import klaverjas
from klaverjas.score_card import DEAL_FIELDS

SIDES = 2
FILE_DEALS_MAX = 64
"""The most deals a tournament file's card may hold (``Tournament.deals`` at most; the card's own check
names a round's count)."""


def result_kinds(kinds: Any) -> dict[str, Any]:
    """The kinds of a card's fields in the file (``kinds``: the schema's ``FileKinds``)."""
    # the kinds; what can be on a card is klaverjas.check_card's to say
    return {"deals": kinds.List(kinds.Json(kinds=(dict,)), 0, FILE_DEALS_MAX), "forfeit": kinds.side,
            "totals": kinds.by_side(kinds.JSON_INT)}


def rules_kind(kinds: Any) -> Any:
    """The kind of the file's ``rules``: the flags of ``shared/spec/klaverjas.md``, read by :func:`check_rules`."""
    return kinds.Json(kinds=(dict,), null=True)


def check_rules(data: dict[str, Any]) -> None:
    """The card game's flags checked by its rules, and a table of two teams; :class:`ValueError` says why not."""
    if data.get("teams_per_table", SIDES) != SIDES:
        raise ValueError(_('"teams_per_table": a Klaverjassen table seats two teams'))
    try:
        klaverjas.parse_house_rules(data.get("rules") or {})
    except klaverjas.KlaverjasError as error:
        raise ValueError(_('"rules": %(error)s') % {"error": error.message}) from None


def card_to_file(keys: list[Any], sheet: dict[str, Any]) -> dict[str, Any]:
    """The file's fields of a stored card, the sides named by ``keys``."""
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


def card_of_file(keys: list[Any], entry: dict[str, Any]) -> dict[str, Any]:
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
        convert = {"playing": side, "points": pair, "roem": pair, "pit": side}
        out["deals"] = [({key: convert[key](deal[key]) for key in DEAL_FIELDS if key in deal}
                         if isinstance(deal, dict) else deal) for deal in deals] if isinstance(deals, list) else deals
    if "totals" in entry:
        out["totals"] = pair(entry["totals"])
    if "forfeit" in entry:
        out["forfeit"] = side(entry["forfeit"])
    return out
