"""Rounds and tables made by hand at the director's desk."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import Bye, Round, Table, TableSeat
from tournaments.services.rounds import add_round, add_table


def test_add_round_numbers_in_order_and_takes_the_minutes(tournament):
    tournament.round_minutes = 40
    assert add_round(tournament).number == 1
    second = add_round(tournament)
    assert (second.number, second.minutes) == (2, 40)


def test_add_table_seats_teams_in_sheet_order(tournament, make_teams):
    a, b = make_teams(tournament, 2)
    table = add_table(add_round(tournament), [b, a])
    assert table.number == 1
    assert [(s.position, s.team) for s in table.seats.all()] == [(1, b), (2, a)]


@pytest.mark.parametrize("case", ["one team", "three teams", "twice", "withdrawn", "already seated", "bye"])
def test_bad_tables_are_refused_with_a_reason_and_nothing_saved(tournament, make_teams, case):
    a, b, c = make_teams(tournament, 3)
    round_ = add_round(tournament)
    add_table(round_, [a, b]) if case == "already seated" else None
    if case == "withdrawn":
        c.withdrawn = True
        c.save()
    if case == "bye":
        Bye.objects.create(round=round_, team=c)
    teams = {"one team": [c], "three teams": [a, b, c], "twice": [c, c], "withdrawn": [c, a],
             "already seated": [a, c], "bye": [c, b]}[case]
    before = TableSeat.objects.count(), Table.objects.count()
    with pytest.raises(ValidationError) as error:
        add_table(round_, teams)
    assert error.value.messages
    assert (TableSeat.objects.count(), Table.objects.count()) == before


def test_three_team_tables_on_six_player_boards(tournament, make_teams):
    tournament.teams_per_table = 3
    tournament.save()
    table = add_table(add_round(tournament), make_teams(tournament, 3))
    assert table.seats.count() == 3


def test_round_pages(director_client, tournament, make_teams):
    a, b, c, d = make_teams(tournament, 4)
    add_round(tournament)  # the "draw round" button draws at once; here the tables are made by hand
    url = f"/director/t/{tournament.slug}/rounds/1/"
    page = director_client.get(url)
    assert page.status_code == 200 and set(page.context["form"].fields["team_1"].queryset) == {a, b, c, d}
    response = director_client.post(url, {"team_1": c.pk, "team_2": a.pk, "number": 5})
    assert response.status_code == 302
    table = Table.objects.get(round__tournament=tournament, number=5)
    assert [s.team for s in table.seats.all()] == [c, a]
    page = director_client.get(url)
    assert set(page.context["form"].fields["team_1"].queryset) == {b, d}
    refused = director_client.post(url, {"team_1": b.pk, "team_2": b.pk})
    assert refused.status_code == 422 and refused.context["form"].non_field_errors()
    listing = director_client.get(f"/director/t/{tournament.slug}/rounds/", HTTP_ACCEPT_LANGUAGE="en")
    assert "1 result missing" in listing.content.decode()
    director_client.post(f"/director/t/{tournament.slug}/rounds/1/tables/5/delete/")
    assert not Table.objects.exists()
    assert Round.objects.count() == 1
