"""Who wins which prize (prizes/awarding.py), with stub rows: places, categories, the booby prize,
the best club with N teams, "at most one prize" on and off, rules nobody can satisfy; and the
prize list as typed (prizes/text.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from prizes import awarding
from prizes.awarding import ALL_AWARDED, BEST_CLUB, BOOBY, CATEGORY, PLACE, TOO_FEW, Rule


@dataclass(frozen=True)
class Row:
    rank: int
    key: str
    name: str
    points: int
    club: str = ""
    categories: frozenset = frozenset()
    every_round: bool = True  # took part in every round: only such a team wins the booby prize


@dataclass(frozen=True)
class Prize:
    what: str
    rule: Rule


def rows(*specs) -> list[Row]:
    """``(points, club, categories)`` per place, best first: T1, T2, …"""
    return [Row(rank, f"T{rank}", f"Team {rank}", points, club, frozenset(categories))
            for rank, (points, club, categories) in enumerate(specs, start=1)]


# Six places: two youth teams (3 and 5), a ladies' team (2), clubs A (1, 4, 6) and B (2, 3).
DAY = rows((300, "A", ()), (290, "B", ("ladies",)), (280, "B", ("youth",)), (265, "A", ()),
           (260, "", ("youth",)), (100, "A", ()))


def winners(prizes, found=DAY, one_each=True, club_size=2) -> list[str | None]:
    return [award.winner.key if award.winner else None
            for award in awarding.awards(prizes, found, one_each=one_each, club_size=club_size)]


def test_places_go_to_their_places_in_handing_out_order():
    prizes = [Prize("spoon", Rule(PLACE, 3)), Prize("wine", Rule(PLACE, 2)), Prize("vlaai", Rule(PLACE, 1))]
    assert winners(prizes) == ["T3", "T2", "T1"]


def test_a_category_prize_goes_to_the_best_placed_carrier():
    assert winners([Prize("cake", Rule(CATEGORY, 1, "youth")), Prize("more cake", Rule(CATEGORY, 2, "youth"))]) \
        == ["T3", "T5"]
    assert winners([Prize("roses", Rule(CATEGORY, 1, "ladies"))]) == ["T2"]


def test_the_booby_prize_is_the_last_place_and_counts_up():
    assert winners([Prize("spoon", Rule(BOOBY)), Prize("fork", Rule(BOOBY, 2))]) == ["T6", "T5"]


def test_the_best_club_adds_its_best_n_teams():
    ranking = awarding.club_ranking(DAY, 2)
    assert [(club.rank, club.club, club.points) for club in ranking] == [(1, "B", 570), (2, "A", 565)]
    assert [row.key for row in ranking[0].counted] == ["T2", "T3"]
    assert [(club.club, club.points) for club in awarding.club_ranking(DAY, 3)] == [("A", 665)]  # B has only two
    assert [(club.club, club.points) for club in awarding.club_ranking(DAY, 1)] == [("A", 300), ("B", 290)]
    assert winners([Prize("cup", Rule(BEST_CLUB))]) == ["club:B"]
    assert winners([Prize("cup", Rule(BEST_CLUB))], club_size=3) == ["club:A"]


def test_at_most_one_prize_passes_a_winner_over_to_the_next_in_line():
    """Categories handed out first: the youth winner (3rd) is passed over for place 3, whose prize goes
    to the 4th; the booby prize after "place 6" goes one up."""
    prizes = [Prize("cake", Rule(CATEGORY, 1, "youth")), Prize("roses", Rule(CATEGORY, 1, "ladies")),
              Prize("vlaai", Rule(PLACE, 1)), Prize("wine", Rule(PLACE, 3)), Prize("six", Rule(PLACE, 6)),
              Prize("spoon", Rule(BOOBY)), Prize("cup", Rule(BEST_CLUB))]
    assert winners(prizes, one_each=True) == ["T3", "T2", "T1", "T4", "T6", "T5", "club:B"]
    assert winners(prizes, one_each=False) == ["T3", "T2", "T1", "T3", "T6", "T6", "club:B"]


def test_level_clubs_are_ranked_by_their_better_places_then_by_name():
    level = rows((300, "A", ()), (290, "B", ()), (260, "B", ()), (255, "", ()), (250, "A", ()))
    assert [club.club for club in awarding.club_ranking(level, 2)] == ["B", "A"]  # places 2 + 3 before 1 + 5
    same = rows((300, "b", ()), (290, "A", ()), (290, "A", ()), (280, "b", ()))
    assert [club.club for club in awarding.club_ranking(same, 2)] == ["A", "b"]


def test_a_club_prize_does_not_take_a_prize_from_its_teams():
    assert winners([Prize("cup", Rule(BEST_CLUB)), Prize("vlaai", Rule(PLACE, 2))]) == ["club:B", "T2"]


def test_a_rule_nobody_can_satisfy_says_why():
    prizes = [Prize("far", Rule(PLACE, 7)), Prize("nobody", Rule(CATEGORY, 1, "newcomers")),
              Prize("third youth", Rule(CATEGORY, 3, "youth")), Prize("second club", Rule(BEST_CLUB, 3)),
              Prize("too low", Rule(BOOBY, 7))]
    found = awarding.awards(prizes, DAY, one_each=True, club_size=2)
    assert [(award.problem, award.candidates) for award in found] == [
        (TOO_FEW, 6), (TOO_FEW, 0), (TOO_FEW, 2), (TOO_FEW, 2), (TOO_FEW, 6)]
    assert awarding.unsatisfied(found) == found


def test_with_at_most_one_prize_a_category_can_run_out():
    prizes = [Prize("vlaai", Rule(PLACE, 3)), Prize("wine", Rule(PLACE, 5)), Prize("cake", Rule(CATEGORY, 1, "youth"))]
    found = awarding.awards(prizes, DAY, one_each=True, club_size=2)
    assert [award.problem for award in found] == ["", "", ALL_AWARDED]
    assert awarding.awards(prizes, DAY, one_each=False, club_size=2)[2].winner.key == "T3"


def test_no_standings_no_winners():
    found = awarding.awards([Prize("vlaai", Rule(PLACE, 1)), Prize("cup", Rule(BEST_CLUB))], [], one_each=True,
                            club_size=2)
    assert [(award.winner, award.problem, award.candidates) for award in found] == [(None, TOO_FEW, 0)] * 2


def test_rules_are_checked():
    with pytest.raises(ValueError):
        Rule("raffle")
    with pytest.raises(ValueError):
        Rule(PLACE, 0)
    with pytest.raises(ValueError):
        Rule(CATEGORY)
    with pytest.raises(ValueError):
        Rule(PLACE, 1, "youth")


@given(points=st.lists(st.integers(0, 400), max_size=12),
       prizes=st.lists(st.tuples(st.sampled_from([PLACE, CATEGORY, BOOBY, BEST_CLUB]), st.integers(1, 4)),
                       max_size=10),
       one_each=st.booleans(), club_size=st.integers(1, 3))
def test_every_award_goes_to_a_candidate_and_at_most_once_when_asked(points, prizes, one_each, club_size):
    ordered = sorted(points, reverse=True)
    found = [Row(rank, f"T{rank}", f"Team {rank}", value, "AB"[rank % 2] if rank % 3 else "",
                 frozenset({"youth"}) if rank % 2 else frozenset())
             for rank, value in enumerate(ordered, start=1)]
    typed = [Prize(f"p{n}", Rule(kind, number, "youth" if kind == CATEGORY else None))
             for n, (kind, number) in enumerate(prizes)]
    awards = awarding.awards(typed, found, one_each=one_each, club_size=club_size)
    assert [award.prize for award in awards] == typed  # in handing-out order
    keys = [award.winner.key for award in awards if award.winner is not None]
    if one_each:
        assert len(keys) == len(set(keys))
    for award in awards:
        line = awarding.candidates(award.prize.rule, found, awarding.club_ranking(found, club_size))
        if award.winner is None:
            assert award.problem in (TOO_FEW, ALL_AWARDED)
            assert (award.problem == TOO_FEW) == (len(line) < award.prize.rule.number)
        else:
            assert award.winner in line[award.prize.rule.number - 1:]
            if not one_each:  # without the rule, the rule's own place wins
                assert award.winner == line[award.prize.rule.number - 1]


# --- the prize list as typed -------------------------------------------------------------------


@pytest.fixture
def typed():
    from prizes.text import read_prizes

    return lambda text: read_prizes(text, {"youth": 7, "u 18": 8, "ladies": 9})


@pytest.mark.usefixtures("english")
def test_the_typed_list_reads_places_categories_and_keywords_in_either_language(typed):
    read = typed("1: vlaai\n\n 2 :  a bottle  of wine \nYouth: cake\nyouth 2: small cake\nU 18: shirt\n"
                 "booby: wooden spoon\npoedel 2: fork\nclub: the cup: silver\nbeste club 2: a plate")
    assert read.problems == []
    assert [(prize.line, prize.what, prize.rule) for prize in read.prizes] == [
        (1, "vlaai", Rule(PLACE, 1)), (3, "a bottle of wine", Rule(PLACE, 2)),
        (4, "cake", Rule(CATEGORY, 1, 7)), (5, "small cake", Rule(CATEGORY, 2, 7)), (6, "shirt", Rule(CATEGORY, 1, 8)),
        (7, "wooden spoon", Rule(BOOBY, 1)), (8, "fork", Rule(BOOBY, 2)), (9, "the cup: silver", Rule(BEST_CLUB, 1)),
        (10, "a plate", Rule(BEST_CLUB, 2)),
    ]


@pytest.mark.usefixtures("english")
def test_every_line_that_cannot_be_read_is_named(typed):
    read = typed("vlaai\n1:\n0: nothing\nnewcomers: pen\n²: odd\n" + "99999999: far\n3: " + "x" * 201)
    assert read.prizes == []
    assert read.problems == [
        "Line 1: write what decides the prize, a colon and what is given, e.g. “1: vlaai”.",
        "Line 2: say what is given after the colon.",
        "Line 3: places start at 1.",
        "Line 4: “newcomers” is not a place, a category of this tournament, “booby” or “club”.",
        "Line 5: “²” is not a place, a category of this tournament, “booby” or “club”.",
        "Line 6: 99999999 is more places than any tournament has.",
        "Line 7: the prize is 201 characters long; at most 200 fit.",
    ]


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_typed_list_round_trips(typed, language):
    from django.utils import translation

    from prizes.text import prize_lines

    text = "1: vlaai\nyouth 2: cake\nbooby: spoon\nclub 3: plate"
    with translation.override(language):
        written = prize_lines([(prize.rule, prize.what) for prize in typed(text).prizes], {7: "youth"})
        assert typed(written).prizes == typed(text).prizes
    if language == "en":
        assert written == text


def test_the_booby_prize_goes_to_the_last_team_that_played_every_round():
    rows = [Row(1, "T1", "a", 50), Row(2, "T2", "b", 40), Row(3, "T3", "late", 30, every_round=False),
            Row(4, "T4", "later", 2, every_round=False)]
    [booby, second] = awarding.awards([Prize("prize", Rule(BOOBY)), Prize("prize", Rule(BOOBY, 2))],
                                      rows, one_each=False, club_size=1)
    assert booby.winner.key == "T2" and second.winner.key == "T1" and booby.candidates == 2
    [place] = awarding.awards([Prize("prize", Rule(PLACE, 3))], rows, one_each=False, club_size=1)
    assert place.winner.key == "T3"  # places and categories are the services' to leave out ("no-prizes")
