"""Teams that did not play or missed rounds, in the pure core (issue 31): stub entries, no Django.

A team that did not play is listed after every team that did, in the order given, never "by lot";
``missed_rounds`` "apart" ranks teams that missed a round after those that took part in every one;
(The prizes' pure rule, the booby prize only for a team that took part in every round: tests/test_prizes.py.)
"""

from __future__ import annotations

import pytest

from scoring.standings import APART, NO_PRIZES, RANKED, Entry, rank

SEED = 20261121


def keys(standings) -> list[str]:
    return [standing.key for standing in standings]


def test_a_team_that_did_not_play_is_listed_last_and_never_by_lot():
    """The issue's case: after round 1 the absent team tied with the bye team's 0 "by lot", 10th."""
    entries = [Entry("T1", "a", (26,)), Entry("T2", "b", (8,)),
               Entry("T3", "bye", (0,)),  # a bye with no played round yet: 0, but the team is here
               Entry("T9", "gone", (None,), played=False, missed=(1,)),
               Entry("T4", "never", (None,), played=False, missed=(1,))]
    standings = rank(entries, SEED)
    assert keys(standings) == ["T1", "T2", "T3", "T9", "T4"]  # the absent ones in the order given
    assert [s.rank for s in standings] == [1, 2, 3, 4, 5]  # ranks stay unique (scoring.md)
    assert [s.did_not_play for s in standings] == [False, False, False, True, True]
    assert not any(s.lot for s in standings)  # two teams on 0 points, one of them absent: no lot
    assert standings[3].points == 0


def test_a_team_that_did_not_play_is_last_even_with_points_of_a_forfeit():
    """The absent team of a forfeit scores 0 at a table: still "did not play", after a team on 0."""
    entries = [Entry("A", "a", (0, 0)), Entry("B", "b", (0, 0), played=False, missed=(1, 2)), Entry("C", "c", (5, 0))]
    standings = rank(entries, SEED)
    assert keys(standings) == ["C", "A", "B"] and standings[2].did_not_play and not standings[1].lot


def test_before_round_one_nobody_did_not_play():
    entries = [Entry(key, key, (), played=False) for key in ("T1", "T2", "T3")]
    standings = rank(entries, SEED)
    assert not any(s.did_not_play for s in standings) and all(s.lot for s in standings)


@pytest.mark.parametrize("mode", [RANKED, NO_PRIZES])
def test_teams_that_missed_rounds_are_ranked_with_the_others_by_default(mode):
    entries = [Entry("full", "f", (10, 10, 10)), Entry("late", "l", (None, 30, 30), missed=(1,)),
               Entry("low", "w", (1, 1, 1))]
    standings = rank(entries, SEED, mode)
    assert keys(standings) == ["late", "full", "low"] and not any(s.apart for s in standings)
    assert standings[0].missed == (1,)


def test_apart_ranks_teams_that_missed_a_round_after_the_teams_that_played_every_round():
    entries = [Entry("late", "l", (None, 30, 30), missed=(1,)), Entry("full", "f", (10, 10, 10)),
               Entry("later", "r", (None, None, 40), missed=(1, 2)), Entry("low", "w", (1, 1, 1)),
               Entry("gone", "g", (None, None, None), played=False, missed=(1, 2, 3))]
    standings = rank(entries, SEED, APART)
    assert keys(standings) == ["full", "low", "late", "later", "gone"]  # each group by its own merit
    assert [s.apart for s in standings] == [False, False, True, True, False]
    assert standings[4].did_not_play and [s.rank for s in standings] == [1, 2, 3, 4, 5]


def test_apart_groups_keep_their_own_lot():
    entries = [Entry("A", "a", (10, None), missed=(2,)), Entry("B", "b", (10, None), missed=(2,)),
               Entry("C", "c", (1, 1))]
    standings = rank(entries, SEED, APART)
    assert keys(standings)[0] == "C" and not standings[0].lot and standings[1].lot and standings[2].lot


def test_normal_data_rank_exactly_as_before():
    """Without missed rounds the order, points and lot marks do not depend on the setting."""
    entries = [Entry(key, key, (100,)) for key in ("T1", "T2", "T3", "T4")] + [Entry("T5", "e", (200,))]
    assert rank(entries, SEED) == rank(entries, SEED, APART) == rank(entries, SEED, NO_PRIZES)
    assert rank(entries, SEED)[0].key == "T5"


def test_an_unknown_setting_is_refused():
    with pytest.raises(ValueError, match="missed rounds"):
        rank([Entry("A", "a", (1,))], SEED, "maybe")
