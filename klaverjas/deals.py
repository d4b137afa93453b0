"""Scoring one deal from its score-sheet line: the playing team, card points, roem and pit.

Why: the Django app scores every deal a table enters, and shows what is wrong with a line beside
it, so :func:`score_deal` checks the line first (every ``invalid-deal`` case of
``shared/spec/klaverjas.md``, each message naming the team) and then scores it as the contract's
"Scoring a deal" says: the playing team needs **more than half** of 162 plus both teams' roem
(exactly half is nat); nat gives the other team 162 plus both roems; a pit adds ``pit_bonus``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from klaverjas.cards import TOTAL_POINTS
from klaverjas.errors import KlaverjasError, shown
from klaverjas.house_rules import DEFAULTS, HouseRules

TEAMS: tuple[str, str] = ("A", "B")
OTHER = {"A": "B", "B": "A"}


@dataclass(frozen=True)
class DealScore:
    a: int  # team A's score for the deal
    b: int  # team B's score for the deal
    nat: bool  # the playing team did not get more than half: it scores 0
    pit: str | None  # the team that won every trick, or None

    @property
    def score(self) -> dict[str, int]:
        return {"A": self.a, "B": self.b}

    def as_json(self) -> dict[str, Any]:
        """The ``deal`` answer's fields."""
        return {"score": {"A": self.a, "B": self.b}, "nat": self.nat, "pit": self.pit}


def check_team(value: Any) -> str:
    """The playing team, "A" or "B" (problem ``playing-team``): the deal's and the replay's check."""
    if type(value) is not str or value not in OTHER:
        raise KlaverjasError("invalid-deal", f"the playing team must be team \"A\" or \"B\", not {shown(value)}",
                             problem="playing-team", params={"value": shown(value)})
    return value


def _per_team(value: Any, what: str) -> tuple[int, int]:
    """``(A, B)`` of a points or roem object; each a JSON integer (not true, "81" or 80.5).

    Problem ``not-numbers``, params ``what`` ("points" or "roem"), ``team`` when one is to blame and
    ``value`` (the offending JSON, as the message shows it).
    """
    key = "points" if what == "card points" else "roem"
    if type(value) is not dict:
        raise KlaverjasError("invalid-deal", f"{what} must be an object with a whole number for team A and for "
                             f"team B, such as {{\"A\": 80, \"B\": 82}}, not {shown(value)}",
                             problem="not-numbers", params={"what": key, "value": shown(value)})
    numbers = []
    for team in TEAMS:
        if team not in value:
            raise KlaverjasError("invalid-deal", f"{what} gives nothing for team {team}",
                                 problem="not-numbers", params={"what": key, "team": team})
        number = value[team]
        if type(number) is not int:
            raise KlaverjasError("invalid-deal", f"Team {team}'s {what}: {shown(number)} is not a whole number",
                                 problem="not-numbers", params={"what": key, "team": team, "value": shown(number)})
        numbers.append(number)
    return numbers[0], numbers[1]


def check_roem(roem: Any) -> dict[str, int]:
    """``{"A": …, "B": …}`` of a roem object: whole numbers, not negative, multiples of 10 (problems
    ``not-numbers``, ``roem-negative``, ``roem-multiple``): the deal's and the replay's check."""
    roem_a, roem_b = _per_team(roem, "roem")
    for team, number in (("A", roem_a), ("B", roem_b)):
        if number < 0:
            raise KlaverjasError("invalid-deal", f"Team {team}'s roem {number} is negative",
                                 problem="roem-negative", params={"team": team, "roem": number})
        if number % 10:
            raise KlaverjasError("invalid-deal", f"Team {team}'s roem {number} is not a multiple of 10",
                                 problem="roem-multiple", params={"team": team, "roem": number})
    return {"A": roem_a, "B": roem_b}


def check_deal(playing: Any, points: Any, roem: Any,
               pit: Any) -> tuple[str, dict[str, int], dict[str, int], str | None]:
    """The checked line ``(playing, points, roem, pit)``; ``invalid-deal`` names the first problem.

    Order: the playing team, the card points (numbers, range, sum), the roem, the pit. The error's
    ``problem`` is a stable key and ``params`` the values its message names, for the app to translate:
    ``playing-team`` {value}; ``not-numbers`` {what, team?, value?}; ``points-range`` {team, points};
    ``points-sum`` {sum, a, b}; ``roem-negative`` and ``roem-multiple`` {team, roem}; ``pit-team``
    {value}; ``pit-points`` {team, points} (the pit team); ``pit-roem`` {team, other, roem} (``team``
    called ``roem`` although ``other`` won every trick). Teams are "A" or "B"; a ``value`` is the JSON
    text the message shows.
    """
    playing = check_team(playing)
    a, b = _per_team(points, "card points")
    for team, number in (("A", a), ("B", b)):
        if not 0 <= number <= TOTAL_POINTS:
            raise KlaverjasError("invalid-deal", f"Team {team}'s card points {number} are not from 0 to {TOTAL_POINTS}",
                                 problem="points-range", params={"team": team, "points": number})
    if a + b != TOTAL_POINTS:
        raise KlaverjasError("invalid-deal", f"the card points add up to {a + b} ({a} for team A, {b} for team B), "
                             f"not {TOTAL_POINTS}", problem="points-sum", params={"sum": a + b, "a": a, "b": b})
    roem_of = check_roem(roem)
    points_of = {"A": a, "B": b}
    if pit is not None:
        if type(pit) is not str or pit not in OTHER:
            raise KlaverjasError("invalid-deal", f"pit must be null, \"A\" or \"B\" (the team that won every "
                                 f"trick), not {shown(pit)}", problem="pit-team", params={"value": shown(pit)})
        if points_of[pit] != TOTAL_POINTS:
            raise KlaverjasError("invalid-deal", f"Team {pit} has a pit but {points_of[pit]} card points: a team "
                                 f"that wins every trick has all {TOTAL_POINTS}",
                                 problem="pit-points", params={"team": pit, "points": points_of[pit]})
        if roem_of[OTHER[pit]]:
            raise KlaverjasError("invalid-deal", f"Team {OTHER[pit]} called {roem_of[OTHER[pit]]} roem, but team "
                                 f"{pit} won every trick (pit): a team without a trick has no roem",
                                 problem="pit-roem", params={"team": OTHER[pit], "other": pit,
                                                             "roem": roem_of[OTHER[pit]]})
    return playing, points_of, roem_of, pit


def score_deal(playing: Any, points: Any, roem: Any, pit: Any = None, rules: HouseRules = DEFAULTS) -> DealScore:
    """Score one deal. ``points`` and ``roem``: ``{"A": int, "B": int}``; ``pit``: None, "A" or "B".

    Raises :class:`~klaverjas.errors.KlaverjasError` with code ``invalid-deal`` and a message that
    names the team, for the app to show beside the deal.
    """
    playing, points, roem, pit = check_deal(playing, points, roem, pit)
    other = OTHER[playing]
    everything = TOTAL_POINTS + roem["A"] + roem["B"]
    nat = 2 * (points[playing] + roem[playing]) <= everything  # exactly half is not enough
    if nat:
        score = {playing: 0, other: everything}
    else:
        score = {team: points[team] + roem[team] for team in TEAMS}
    if pit is not None:
        score[pit] += rules.pit_bonus
    return DealScore(score["A"], score["B"], nat, pit)
