"""The director's small snags: withdrawing a team asks first (without JavaScript too), and the
arrangement editor shows every problem at once, each beside its line."""

from __future__ import annotations

import pytest

from tournaments.services.draft import arrangement_problems, arrangement_text, current_seating
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import add_round

pytestmark = pytest.mark.usefixtures("english")
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def test_withdrawing_a_team_asks_first(director_client, tournament, make_teams):
    team = make_teams(tournament, 3)[0]
    listing = director_client.get(f"/director/t/{tournament.slug}/teams/", **EN).content.decode()
    url = f"/director/t/{tournament.slug}/teams/{team.pk}/withdraw/"
    assert f'href="{url}"' in listing and f'action="{url}"' not in listing  # a link to the question, not the act
    question = director_client.get(url, **EN)
    html = question.content.decode()
    assert question.status_code == 200 and f"Withdraw team {team.number}, {team.name}?" in html
    assert "Yes, withdraw the team" in html and "Cancel" in html
    team.refresh_from_db()
    assert not team.withdrawn  # asking changes nothing
    assert director_client.post(url).status_code == 302
    team.refresh_from_db()
    assert team.withdrawn
    assert "already withdrawn" in director_client.get(url, **EN).content.decode()


def test_withdrawing_a_team_of_another_tournament_is_not_found(director_client, tournament, make_teams):
    import datetime

    from tournaments.models import Tournament

    other = Tournament.objects.create(name="Other", slug="other", date=datetime.date(2026, 1, 1))
    foreign = make_teams(other, 1)[0]
    assert director_client.get(f"/director/t/{tournament.slug}/teams/{foreign.pk}/withdraw/").status_code == 404


@pytest.fixture
def drawn(tournament, make_teams):
    make_teams(tournament, 8)
    round_ = add_round(tournament)
    pair_round(round_)
    return round_


def test_every_problem_of_an_arrangement_beside_its_line(director_client, tournament, drawn):
    before = current_seating(drawn)
    text = "\n".join([
        "1: 1 2 3",   # line 1: three teams at a table of two
        "2: 4 99",    # line 2: no team 99
        "three: 5",   # line 3: not a line of the arrangement
        "4: 6 1",     # line 4: team 1 twice
        "1: 7 8",     # line 5: table 1 twice
    ])
    problems = arrangement_problems(drawn, text)
    lines = {line for line, _message in problems}
    assert {1, 2, 3, 4, 5} <= lines
    response = director_client.post(f"/director/t/{tournament.slug}/rounds/1/arrangement/", {"arrangement": text}, **EN)
    html = response.content.decode()
    assert response.status_code == 422 and f"{len(problems)} problems: nothing was saved." in html
    rows = {row.split('"', 1)[0]: row.split("</tr>", 1)[0] for row in html.split('<tr data-line="')[1:]}
    assert set(rows) == {"1", "2", "3", "4", "5"}
    assert "Table 1 would seat 3 teams; a table seats 2." in rows["1"] and "1: 1 2 3" in rows["1"]
    assert "there is no team 99" in rows["2"]
    assert "write “table: team numbers”" in rows["3"]
    assert "would be placed twice" in rows["4"]
    assert "table 1 is written twice" in rows["5"]
    assert current_seating(drawn) == before


def test_a_readable_arrangement_also_names_the_teams_left_out(director_client, tournament, drawn):
    lines = arrangement_text(drawn).splitlines()
    first = lines[0].split(": ")
    lines[0] = first[0] + ": " + first[1].split()[0]  # one team left at table 1
    html = director_client.post(f"/director/t/{tournament.slug}/rounds/1/arrangement/",
                                {"arrangement": "\n".join(lines)}, **EN).content.decode()
    assert "Table 1 would seat 1 teams" in html and "would lose its place in this round" in html
    assert 'id="arrangement-general-errors"' in html


def test_table_sizes_name_the_typed_table_number(drawn):
    text = "\n".join(f"{number * 10}: {line.split(': ')[1]}" for number, line in
                     enumerate(arrangement_text(drawn).splitlines(), start=1))
    assert arrangement_problems(drawn, text) == []
    merged = text.splitlines()
    merged[0] = merged[0] + " " + merged[1].split(": ")[1]
    del merged[1]
    messages = [message for _line, message in arrangement_problems(drawn, "\n".join(merged))]
    assert messages == ["Table 10 would seat 4 teams; a table seats 2."]
