"""The New tournament form's presets: one choice fills rounds, minutes, scoring system, house rules
and the forfeit rule for a kind of day the clubs run (issue 35). A preset only fills the form: the
director sees every value and may change it before saving; nothing is stored of the preset itself.

Why data here rather than in a game's plug-in: a preset names a scoring system and fields of the
form, as the director would type them; the form checks them as it checks typed values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Preset:
    name: str  # the URL's ?preset=…
    label: str | Promise
    note: str | Promise
    values: dict[str, Any] = field(default_factory=dict)


PRESETS: tuple[Preset, ...] = (
    Preset("nk-keezen", _("NK Keezen"),
           _("5 rounds of 50 minutes, 2 points a pawn and 10 for a win within time, an absent team scored as "
             "a lost game of 8 pawns against 4"),
           {"scoring_system": "pawns-2pt", "rounds": 5, "round_minutes": 50, "absent_pawns": 4, "entry": "teams"}),
    Preset("club-evening", _("Club evening Keezen"),
           _("3 rounds of 45 minutes, points by the order pawns come home (150 down to 10, 200 for the win)"),
           {"scoring_system": "pawn-order", "rounds": 3, "round_minutes": 45, "absent_pawns": 0, "entry": "teams"}),
    Preset("klaverjasdrive", _("Klaverjasdrive"),
           _("4 rounds of 16 deals, 90 minutes each"),
           {"scoring_system": "klaverjas", "rounds": 4, "round_minutes": 90, "deals": 16, "absent_pawns": 0,
            "entry": "teams"}),
    Preset("individual-evening", _("Individual evening"),
           _("players alone, a new partner every round: 3 rounds of 45 minutes, all drawn at once"),
           {"scoring_system": "pawn-order", "rounds": 3, "round_minutes": 45, "absent_pawns": 0,
            "entry": "individual", "draw_mode": "planned"}),
)
BY_NAME = {preset.name: preset for preset in PRESETS}


def preset_named(name: str) -> Preset | None:
    return BY_NAME.get(name)
