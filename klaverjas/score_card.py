"""One table's Klaverjassen score card for one round, as the Django app stores it: checked and scored.

Why: a table writes its round on a card, deal by deal as on paper, or (a club that keeps paper
cards) only the two totals, or the director records that one side did not show up. The app shows
*every* problem of a card at once, each beside the deal and team it is in, and scores the card
only when there are none. Each deal is checked and scored by :mod:`klaverjas.deals`, so a card
can never score a deal differently from ``python -m klaverjas batch``.

The stored card is seat-indexed — side 0 is team A, side 1 team B — and holds exactly one of::

    {"deals": [{"playing": 0, "points": [90, 72], "roem": [20, 0], "pit": null}, ...]}
    {"totals": [1505, 1787]}
    {"forfeit": 1}          # side 1 (team B) did not show up

Other keys of the card and of a deal are ignored. Every problem has a stable key (``problem``)
and the values its message names (``params``) for the app to translate; the English message
names the deal ("Deal 3: ") and the team.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from klaverjas.cards import TOTAL_POINTS
from klaverjas.deals import TEAMS, DealScore, score_deal
from klaverjas.errors import KlaverjasError, shown
from klaverjas.house_rules import DEFAULTS, HouseRules

MAX_DEALS_IN_ROUND = 64
MAX_TOTAL = 99_999  # a total above it is a typing slip: 64 deals of 162 + roem stay far below
RESULTS: tuple[str, ...] = ("deals", "totals", "forfeit")
DEAL_FIELDS: tuple[str, ...] = ("playing", "points", "roem", "pit")
SIDE_OF = {"A": 0, "B": 1}
_NOT_A_TEAM = "?"  # handed to check_deal for a side that is not 0 or 1, so it finds the problem in its order

_MISSING = {
    "playing": "the playing team is missing (playing: 0 for team A, 1 for team B)",
    "points": "the card points are missing (points: [team A's, team B's])",
    "roem": "the roem is missing (roem: [team A's, team B's], [0, 0] when none was called)",
    "pit": "pit is missing (null, or the side that won every trick: 0 for team A, 1 for team B)",
}
_EXAMPLE = {"points": "[80, 82]", "roem": "[20, 0]"}
_WORDS = {"points": "card points", "roem": "roem"}


@dataclass(frozen=True)
class CardProblem:
    problem: str  # stable key: the deal keys of klaverjas.deals.check_deal, or a card-level one
    deal: int | None  # 1-based number of the deal the problem is in, else None
    side: int | None  # 0 or 1 where the problem names a team, else None
    params: dict  # the values the message names (teams "A"/"B", as the message writes them)
    message: str  # English, names the deal and team: "Deal 3: team B's roem 15 is not a multiple of 10"


@dataclass(frozen=True)
class CardScore:
    totals: tuple[int, int]  # points per side for the round
    deals: tuple[DealScore, ...]  # each scored deal; () for totals or a forfeit
    roem: tuple[int, int]  # roem called per side (written on the card, summed over the deals)
    nat: tuple[int, int]  # deals each side played and went nat
    pits: tuple[int, int]  # pits each side made
    forfeit: int | None  # the absent side, or None
    played: int  # deals written (0 for totals or a forfeit)


class InvalidCard(ValueError):
    """The card cannot be scored: ``problems`` lists every :class:`CardProblem`, in deal order."""

    def __init__(self, problems: list[CardProblem]):
        self.problems = list(problems)
        super().__init__("; ".join(problem.message for problem in self.problems))


def forfeit_points(deals_in_round: int) -> int:
    """What the present side scores against an absent one: 81 × the round's deals (the absent side: 0).

    Half of all card points of the round's deals: what an evenly matched table gives each side on
    average, roem left out, since no roem was played for. Keezen's "full win" would be the whole
    162 × deals, a score no table reaches (the other side always takes some tricks): the team whose
    opponents stayed away would rank above every team that played.
    """
    _check_deals_in_round(deals_in_round)
    return TOTAL_POINTS // 2 * deals_in_round


def check_card(card: Any, deals_in_round: int, rules: HouseRules = DEFAULTS) -> list[CardProblem]:
    """Every problem of the card, in deal order (the card's own first); ``[]`` when it can be scored.

    Never raises on any JSON value for ``card``. Each deal gets its first problem, in the order of
    :func:`klaverjas.deals.check_deal`. ``deals_in_round`` (1–64) comes from the tournament, not the
    table: a bad one raises ``ValueError``. ``rules`` does not change any check today; it is taken
    so the two functions are called alike.
    """
    return _examine(card, deals_in_round, rules)[0]


def score_card(card: dict, deals_in_round: int, rules: HouseRules = DEFAULTS) -> CardScore:
    """The round's score of the card; raises :class:`InvalidCard` when :func:`check_card` finds anything."""
    problems, score = _examine(card, deals_in_round, rules)
    if problems or score is None:
        raise InvalidCard(problems)
    return score


def _check_deals_in_round(deals_in_round: Any) -> None:
    if type(deals_in_round) is not int or not 1 <= deals_in_round <= MAX_DEALS_IN_ROUND:
        raise ValueError(f"a round has 1 to {MAX_DEALS_IN_ROUND} deals, not {deals_in_round!r}")


def _problem(problem: str, message: str, deal: int | None = None, side: int | None = None,
             params: dict | None = None) -> CardProblem:
    return CardProblem(problem, deal, side, params or {}, message)


def _examine(card: Any, deals_in_round: int, rules: HouseRules) -> tuple[list[CardProblem], CardScore | None]:
    _check_deals_in_round(deals_in_round)
    if type(card) is not dict:
        return [_problem("bad-format", f"The score card must be an object with deals, totals or forfeit, "
                         f"not {shown(card)}", params={"field": "card", "value": shown(card)})], None
    given = [name for name in RESULTS if name in card]
    if not given:
        return [_problem("empty", "The score card gives no deals, totals or forfeit")], None
    if len(given) > 1:
        return [_problem("two-results", f"The score card gives {' and '.join(given)}: it gives one of deals, "
                         f"totals or forfeit", params={"fields": given})], None
    if given == ["totals"]:
        return _totals(card["totals"])
    if given == ["forfeit"]:
        return _forfeit(card["forfeit"], deals_in_round)
    return _deals(card["deals"], deals_in_round, rules)


def _totals(totals: Any) -> tuple[list[CardProblem], CardScore | None]:
    if type(totals) is not list or len(totals) != 2:
        return [_problem("bad-format", f"totals must be a list of two whole numbers, team A's then team B's, "
                         f"such as [1505, 1787], not {shown(totals)}", params={"field": "totals", "value": shown(totals)})], None
    problems = []
    for side, (team, total) in enumerate(zip(TEAMS, totals)):
        if type(total) is not int:
            problems.append(_problem("bad-format", f"Team {team}'s total {shown(total)} is not a whole number",
                                     side=side, params={"field": "total", "side": side, "team": team,
                                                        "value": shown(total)}))
        elif not 0 <= total <= MAX_TOTAL:
            problems.append(_problem("totals-range", f"Team {team}'s total {total} is not from 0 to {MAX_TOTAL:,}",
                                     side=side, params={"side": side, "team": team, "total": total}))
    if problems:
        return problems, None
    return [], CardScore((totals[0], totals[1]), (), (0, 0), (0, 0), (0, 0), None, 0)


def _forfeit(absent: Any, deals_in_round: int) -> tuple[list[CardProblem], CardScore | None]:
    if type(absent) is not int or absent not in (0, 1):
        return [_problem("forfeit-side", f"forfeit must be the side that did not show up, 0 (team A) or 1 "
                         f"(team B), not {shown(absent)}", params={"value": shown(absent)})], None
    totals = [0, 0]
    totals[1 - absent] = forfeit_points(deals_in_round)
    return [], CardScore((totals[0], totals[1]), (), (0, 0), (0, 0), (0, 0), absent, 0)


def _deals(deals: Any, deals_in_round: int, rules: HouseRules) -> tuple[list[CardProblem], CardScore | None]:
    if type(deals) is not list:
        return [_problem("bad-format", f"deals must be a list of the deals played, not {shown(deals)}",
                         params={"field": "deals", "value": shown(deals)})], None
    if not deals:
        return [_problem("no-deals", "The score card has no deals: write at least one, or the two totals")], None
    problems = []
    if len(deals) > deals_in_round:
        problems.append(_problem("too-many-deals", f"The score card has {len(deals)} deals, but the round has "
                                 f"{deals_in_round}", params={"deals": len(deals), "most": deals_in_round}))
    scored: list[DealScore] = []
    roem = [0, 0]
    nat = [0, 0]
    pits = [0, 0]
    for number, deal in enumerate(deals, 1):
        problem, score = _deal(number, deal, rules)
        if problem is not None:
            problems.append(problem)
            continue
        assert score is not None
        scored.append(score)
        for side in (0, 1):
            roem[side] += deal["roem"][side]
        if score.nat:
            nat[deal["playing"]] += 1
        if score.pit is not None:
            pits[SIDE_OF[score.pit]] += 1
    if problems:
        return problems, None
    totals = (sum(score.a for score in scored), sum(score.b for score in scored))
    return [], CardScore(totals, tuple(scored), (roem[0], roem[1]), (nat[0], nat[1]), (pits[0], pits[1]), None,
                         len(scored))


def _deal(number: int, deal: Any, rules: HouseRules) -> tuple[CardProblem | None, DealScore | None]:
    """The deal's first problem, or its score."""
    prefix = f"Deal {number}: "
    if type(deal) is not dict:
        return _problem("bad-format", f"{prefix}a deal must be an object with playing, points, roem and pit, "
                        f"not {shown(deal)}", deal=number, params={"field": "deal", "value": shown(deal)}), None
    for name in DEAL_FIELDS:
        if name not in deal:
            return _problem("bad-format", prefix + _MISSING[name], deal=number,
                            params={"field": name, "missing": True}), None
    raw = {name: deal[name] for name in DEAL_FIELDS}
    playing = _team_of(raw["playing"])
    pit = None if raw["pit"] is None else _team_of(raw["pit"])
    points, roem = _per_team(raw["points"]), _per_team(raw["roem"])
    try:
        return None, score_deal(playing, points, roem, pit, rules)
    except KlaverjasError as error:
        return _deal_problem(prefix, number, error, raw), None


def _team_of(side: Any) -> str:
    """"A" for side 0, "B" for side 1; anything else becomes a team check_deal refuses."""
    return TEAMS[side] if type(side) is int and side in (0, 1) else _NOT_A_TEAM


def _per_team(pair: Any) -> Any:
    """``[a, b]`` as check_deal's ``{"A": a, "B": b}``; anything else None, which check_deal refuses."""
    if type(pair) is list and len(pair) == 2:
        return {"A": pair[0], "B": pair[1]}
    return None


def _deal_problem(prefix: str, number: int, error: KlaverjasError, raw: dict[str, Any]) -> CardProblem:
    """check_deal's problem in the card's terms: sides 0/1 where the card writes them, "Deal N: " first."""
    problem = error.problem or "bad-format"
    params = dict(error.params)
    if problem == "playing-team":
        params["value"] = shown(raw["playing"])
        message = f"the playing team must be 0 (team A) or 1 (team B), not {params['value']}"
    elif problem == "pit-team":
        params["value"] = shown(raw["pit"])
        message = (f"pit must be null, 0 (team A) or 1 (team B) (the side that won every trick), "
                   f"not {params['value']}")
    elif problem == "not-numbers" and "team" not in params:
        what = params["what"]
        params["value"] = shown(raw[what])
        message = (f"{_WORDS[what]} must be a list of two whole numbers, team A's then team B's, such as "
                   f"{_EXAMPLE[what]}, not {params['value']}")
    else:
        message = error.message
        if message.startswith("Team "):
            message = "team " + message[len("Team "):]
    team = params.get("team")
    side = SIDE_OF.get(team) if type(team) is str else None
    return _problem(problem, prefix + message, deal=number, side=side, params=params)
