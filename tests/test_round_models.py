"""Constraints of rounds, tables, byes and results: the database keeps the schedule sound."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tournaments.models import Bye, Result, Round, Table, TableSeat


@pytest.fixture
def round1(tournament):
    return Round.objects.create(tournament=tournament, number=1)


def seat(table, team, position):
    return TableSeat.objects.create(table=table, round=table.round, team=team, position=position)


def test_round_numbers_unique_per_tournament(tournament, round1):
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(tournament=tournament, number=1)


def test_a_team_sits_at_one_table_per_round(round1, make_teams):
    a, b, c = make_teams(round1.tournament, 3)
    first = Table.objects.create(round=round1, number=1)
    second = Table.objects.create(round=round1, number=2)
    seat(first, a, 1)
    seat(first, b, 2)
    with pytest.raises(IntegrityError), transaction.atomic():
        seat(second, a, 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        seat(first, c, 2)  # place 2 taken
    with pytest.raises(IntegrityError), transaction.atomic():
        seat(first, c, 4)  # places are 1 … 3
    seat(first, c, 3)
    assert first.seats.count() == 3


def test_a_team_gets_at_most_one_bye(tournament, round1, make_teams):
    team = make_teams(tournament, 1)[0]
    Bye.objects.create(round=round1, team=team)
    round2 = Round.objects.create(tournament=tournament, number=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        Bye.objects.create(round=round2, team=team)


def test_result_versions_are_unique_and_kept(round1, director):
    table = Table.objects.create(round=round1, number=1)
    Result.objects.create(table=table, version=1, sheet={"arrivals": [0, 1]}, created_by=director)
    Result.objects.create(table=table, version=2, sheet={"arrivals": [1, 0]}, reason="typo")
    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.create(table=table, version=2, sheet={})
    assert table.results.latest().sheet == {"arrivals": [1, 0]}
    assert list(table.results.values_list("version", flat=True)) == [2, 1]
