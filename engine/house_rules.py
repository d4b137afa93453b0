"""House-rule flags and their defaults, as the rules spec defines them.

Tournaments store a choice for every flag; positions may leave any flag out and get these
defaults. One definition, so the engine and the tournament settings never disagree.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from engine.errors import EngineError

SelfCapture = Literal["forced", "optional"]
HomeEntry = Literal["forced", "optional"]


@dataclass(frozen=True)
class HouseRules:
    jack_partner: bool = True
    jack_own_start: bool = True
    self_capture: SelfCapture = "forced"
    home_entry: HomeEntry = "forced"
    seven_partner_remainder: bool = True
    seven_max_pawns: int = 2

    def as_json(self) -> dict[str, object]:
        """The flags as the position JSON writes them."""
        return asdict(self)


DEFAULTS = HouseRules()
FORCED_OR_OPTIONAL: tuple[str, ...] = ("forced", "optional")


def parse_house_rules(raw: Any) -> HouseRules:
    """Flags as a position or a tournament file gives them (any may be left out); EngineError names a bad one."""
    if raw is None:
        return HouseRules()
    if not isinstance(raw, dict):
        raise EngineError("rules must be an object of house-rule flags")
    known = {f.name: f for f in fields(HouseRules)}
    for key, value in raw.items():
        if key not in known:
            raise EngineError(f"unknown house-rule flag “{key}” (known: {', '.join(known)})")
        if key in ("self_capture", "home_entry"):
            if value not in FORCED_OR_OPTIONAL:
                raise EngineError(f"house rule {key} must be \"forced\" or \"optional\", not {value!r}")
        elif key == "seven_max_pawns":
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 7:
                raise EngineError(f"house rule seven_max_pawns must be a whole number from 1 to 7, not {value!r}")
        elif not isinstance(value, bool):
            raise EngineError(f"house rule {key} must be true or false, not {value!r}")
    return HouseRules(**raw)
