"""The house-rule flags that Klaverjassen clubs differ on, their defaults, and their checks: the six of
``shared/spec/klaverjas.md`` and our addition ``revoke_penalty`` (issue 35, ``docs/klaverjas.md``).

Why: one definition for the command line and the tournament settings, so the two never disagree.
A question may leave any flag out and get its default; an unknown flag or a value of the wrong
type is ``invalid-rules``. Booleans are JSON ``true``/``false`` only and numbers JSON integers only —
Python's ``bool`` is an ``int``, so the checks compare exact types: ``1`` is not ``true`` and
``true`` is not ``50``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from klaverjas.errors import KlaverjasError, shown

Undertrump = Literal["free", "only-when-forced"]
UNDERTRUMP_VALUES: tuple[str, ...] = ("free", "only-when-forced")
RevokePenalty = Literal["nat", "roem-stays", "director"]
REVOKE_PENALTIES: tuple[str, ...] = ("nat", "roem-stays", "director")
"""How a deal is scored when a card was played against the rules (:mod:`klaverjas.penalty`)."""
DEFAULT_REVOKE_PENALTY: RevokePenalty = "nat"


@dataclass(frozen=True)
class HouseRules:
    trump_lead_overtrump: bool = True  # trump led: a higher trump must be played if held
    partner_winning_free: bool = True  # false: Rotterdam, trump and overtrump even when the partner wins
    undertrump: Undertrump = "free"  # "only-when-forced": a lower trump only when the hand holds nothing else
    four_of_a_kind: int = 50  # positive multiple of 10
    four_jacks: int = 50  # positive multiple of 10
    pit_bonus: int = 100  # multiple of 10, 0 or more
    revoke_penalty: RevokePenalty = DEFAULT_REVOKE_PENALTY  # our addition: a deal with a breach scored so

    def as_json(self) -> dict[str, Any]:
        """The flags as a question writes them. ``revoke_penalty`` only when it is not the default:
        every tournament file, ruling and answer written before the flag existed (and every one
        since with the default) stays the same byte for byte, and a reader that knows only the
        spec's six flags still reads it."""
        flags = asdict(self)
        if self.revoke_penalty == DEFAULT_REVOKE_PENALTY:
            del flags["revoke_penalty"]
        return flags


DEFAULTS = HouseRules()
FLAGS: tuple[str, ...] = tuple(f.name for f in fields(HouseRules))
BOOLEAN_FLAGS: tuple[str, ...] = ("trump_lead_overtrump", "partner_winning_free")


def parse_house_rules(raw: Any) -> HouseRules:
    """The flags of a question's ``rules`` object (any may be left out); raises ``invalid-rules``.

    A question without ``rules`` gets :data:`DEFAULTS`; a ``rules`` that is given must be an object —
    ``null`` is not one.
    """
    if type(raw) is not dict:
        raise KlaverjasError("invalid-rules", "rules must be an object of house-rule flags, "
                             f"such as {{\"undertrump\": \"only-when-forced\"}}, not {shown(raw)}")
    if not raw:
        return DEFAULTS
    for key, value in raw.items():
        check_flag(key, value)
    return HouseRules(**raw)


def check_flag(key: Any, value: Any) -> None:
    """Raise ``invalid-rules`` naming the problem unless ``value`` is allowed for flag ``key``."""
    if key not in FLAGS:
        raise KlaverjasError("invalid-rules", f"unknown house-rule flag {shown(key)} (known: {', '.join(FLAGS)})")
    if key in BOOLEAN_FLAGS:
        if type(value) is not bool:
            raise KlaverjasError("invalid-rules", f"house rule {key} must be true or false, not {shown(value)}")
    elif key == "undertrump":
        if type(value) is not str or value not in UNDERTRUMP_VALUES:
            raise KlaverjasError("invalid-rules",
                                 f"house rule undertrump must be \"free\" or \"only-when-forced\", not {shown(value)}")
    elif key == "revoke_penalty":
        if type(value) is not str or value not in REVOKE_PENALTIES:
            raise KlaverjasError("invalid-rules", "house rule revoke_penalty must be \"nat\", \"roem-stays\" or "
                                 f"\"director\", not {shown(value)}")
    elif key == "pit_bonus":
        if type(value) is not int or value < 0 or value % 10:
            raise KlaverjasError("invalid-rules", f"house rule pit_bonus must be a whole multiple of 10, "
                                 f"0 or more, not {shown(value)}")
    elif type(value) is not int or value <= 0 or value % 10:  # four_of_a_kind, four_jacks
        raise KlaverjasError("invalid-rules", f"house rule {key} must be a whole multiple of 10 above 0, "
                             f"not {shown(value)}")

