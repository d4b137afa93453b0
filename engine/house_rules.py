"""House-rule flags and their defaults, as the rules spec defines them.

Tournaments store a choice for every flag; positions may leave any flag out and get these
defaults. One definition, so the engine and the tournament settings never disagree.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Literal

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
