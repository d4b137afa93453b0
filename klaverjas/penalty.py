"""A deal with a card played against the rules, scored under the club's revoke penalty (issue 35).

Why: once the replay (:mod:`klaverjas.replay`) has shown who broke a rule first, the table wants the
deal's score for its card, and clubs differ on it. The house rule ``revoke_penalty``
(:mod:`klaverjas.house_rules`) says which of three the club plays; the team of the first *certain*
breach is the offender (a possible one needs the hands, so it punishes nobody):

- ``"nat"`` (the default): the offending team is nat, whether it played the deal or not — it scores
  0 and the other team scores what a nat deal gives it (``docs/klaverjas.md``, "Deals"): 162 plus
  the roem of both teams.
- ``"roem-stays"``: the other team scores 162 plus its own roem; the offending team keeps only its
  own roem (no card points). Roem stays with the team that called it.
- ``"director"``: no score is given; the director decides, with the deal as played beside it.

No pit bonus under a penalty: the 162 are given, not won trick by trick. The deal **as played**
(:func:`klaverjas.deals.score_deal`: nat and pit as the cards fell) is known when all eight tricks
are laid out; its card points are the tricks' (the last one 10 more) and a team that won all eight
has a pit. Without a certain breach the deal's score is the one as played. Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from klaverjas.cards import LAST_TRICK, TOTAL_POINTS
from klaverjas.deals import OTHER, DealScore, check_roem, check_team, score_deal
from klaverjas.house_rules import DEFAULTS, HouseRules
from klaverjas.play import winning_index
from klaverjas.replay import SEATS, TEAMS, TRICKS, Replay
from klaverjas.tricks import card_points

NO_ROEM = {"A": 0, "B": 0}


@dataclass(frozen=True)
class PenaltyScore:
    """The deal's score: under ``rule`` when ``offender`` (the team of the first certain breach) is
    set, else as played. ``score`` is None when the director decides, or when there is no breach and
    the deal is not all laid out; ``played`` is None when fewer than eight tricks are."""

    rule: str
    offender: str | None
    score: dict[str, int] | None
    played: DealScore | None

    def as_json(self) -> dict[str, Any]:
        """The ``penalty`` field of a ``replay`` answer (``docs/klaverjas.md``)."""
        return {"rule": self.rule, "offender": self.offender, "score": self.score,
                "played": self.played.as_json() if self.played else None}


def played_points(trump: int, leader: int, tricks: Sequence[Sequence[int]]) -> tuple[dict[str, int], str | None] | None:
    """Each team's card points of the eight tricks as played (the last trick 10 more) and the team
    that won them all (a pit), or None while fewer than eight full tricks are laid out."""
    if len(tricks) != TRICKS or any(len(trick) != SEATS for trick in tricks):
        return None
    points = dict(NO_ROEM)
    won = set()
    for number, trick in enumerate(tricks, start=1):
        winner = (leader + winning_index(trump, trick)) % SEATS
        team = TEAMS[winner % 2]
        points[team] += card_points(trump, trick) + (LAST_TRICK if number == TRICKS else 0)
        won.add(team)
        leader = winner
    return points, (won.pop() if len(won) == 1 else None)


def penalty_score(playing: Any, roem: Any, offender: str | None, points: dict[str, int] | None = None,
                  pit: str | None = None, rules: HouseRules = DEFAULTS) -> PenaltyScore:
    """The deal's score under ``rules.revoke_penalty`` when ``offender`` ("A" or "B") broke a rule,
    else as played. ``playing`` is the team that played (went); ``roem`` each team's roem as called,
    ``{"A": int, "B": int}`` (checked as a deal's roem: ``invalid-deal``); ``points`` and ``pit`` the
    deal as played, when known (:func:`played_points`)."""
    playing = check_team(playing)
    roem = check_roem(roem)
    played = score_deal(playing, points, roem, pit, rules) if points is not None else None
    rule = rules.revoke_penalty
    if offender is None:
        return PenaltyScore(rule, None, played.score if played else None, played)
    other = OTHER[offender]
    if rule == "nat":
        score = {offender: 0, other: TOTAL_POINTS + roem["A"] + roem["B"]}
    elif rule == "roem-stays":
        score = {offender: roem[offender], other: TOTAL_POINTS + roem[other]}
    else:  # "director"
        return PenaltyScore(rule, offender, None, played)
    return PenaltyScore(rule, offender, {team: score[team] for team in TEAMS}, played)


def replay_score(trump: int, leader: int, tricks: Sequence[Sequence[int]], found: Replay, playing: Any,
                 roem: Any = None, rules: HouseRules = DEFAULTS) -> PenaltyScore:
    """:func:`penalty_score` of a replayed deal: the offender is the team of its first certain
    breach, the deal as played is its tricks' (``roem`` left out: none called)."""
    offender = found.first.team if found.first is not None else None
    known = played_points(trump, leader, tricks)
    points, pit = known if known is not None else (None, None)
    return penalty_score(playing, NO_ROEM if roem is None else roem, offender, points, pit, rules)
