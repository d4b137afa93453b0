"""The desk's list of a round's team codes (for the team that lost its slip): every team with its
table, code and the table link's short address, by team name as people sort names; a director page
and a PDF, never public."""

from __future__ import annotations

import io
import re

import pypdf
import pytest
from django.test import Client

from tournaments.models import Bye, Round, TableSeat, Team
from tournaments.names import entrant_sort_key
from tournaments.services.draft import publish
from tournaments.services.rounds import add_round, add_table

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
NAMES = ["Zwarte Pionnen", "’t Hooft", "van der Berg", "Özdemir & Co", "🎲 Dobbelaars", "appels"]


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages)


@pytest.fixture
def round_1(tournament, make_teams) -> Round:
    """Six named teams at three tables, a seventh with a bye; published."""
    teams = make_teams(tournament, 7)
    for team, name in zip(teams, NAMES):
        team.name = name
        team.save(update_fields=["name"])
    round_ = add_round(tournament)
    by_number = {team.number: team for team in Team.objects.filter(tournament=tournament)}
    for group in ([1, 2], [3, 4], [5, 6]):
        add_table(round_, [by_number[n] for n in group])
    Bye.objects.create(round=round_, team=by_number[7])
    publish(round_)
    return round_


def codes_url(round_: Round) -> str:
    return f"/director/t/{round_.tournament.slug}/rounds/{round_.number}/codes/"


def test_the_page_lists_every_teams_code_by_name(director_client, round_1):
    response = director_client.get(codes_url(round_1), **EN)
    assert response.status_code == 200
    page = response.content.decode()
    seats = list(TableSeat.objects.filter(round=round_1).select_related("team", "table"))
    assert len(seats) == 6
    rows = re.findall(r'<tr data-team="(\d+)">(.*?)</tr>', page, re.DOTALL)
    by_team = {int(number): row for number, row in rows}
    for seat in seats:
        row = by_team[seat.team.number]
        assert f">{seat.code}<" in row, seat.team.name
        assert f"testserver/s/{seat.table.token}" in row
        assert f">{seat.table.number}<" in row
    assert "No table this round" in by_team[7]  # the bye: no table, no code
    # By name as written (a team's name is no surname): "’t Hooft" under T, "van der Berg" under V, the dice under D.
    names = dict(Team.objects.filter(tournament=round_1.tournament).values_list("number", "name"))
    shown = [names[int(number)] for number, _row in rows]
    assert shown == sorted(shown, key=lambda name: entrant_sort_key(name, False))
    assert shown[:4] == ["appels", "🎲 Dobbelaars", "Özdemir & Co", "’t Hooft"]


def test_the_desk_searches_as_the_check_in_does(director_client, round_1):
    found = director_client.get(codes_url(round_1), {"q": "t hooft"}, **EN).content.decode()
    assert re.findall(r'<tr data-team="(\d+)">', found) == ["2"]
    assert re.findall(r'<tr data-team="(\d+)">', director_client.get(
        codes_url(round_1), {"q": "ozdemir"}, **EN).content.decode()) == ["4"]
    assert "No team found." in director_client.get(codes_url(round_1), {"q": "nobody"}, **EN).content.decode()


def test_the_pdf_lists_every_code(director_client, round_1):
    response = director_client.get(f"/director/t/{round_1.tournament.slug}/rounds/1/files/team-codes-pdf/", **EN)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    flat = text.replace("\n", "")
    assert "Team codes for the desk" in text
    for seat in TableSeat.objects.filter(round=round_1).select_related("table"):
        assert seat.code in text and f"testserver/s/{seat.table.token}" in flat


def test_the_round_page_links_the_list_and_its_pdf(director_client, round_1):
    page = director_client.get(f"/director/t/{round_1.tournament.slug}/rounds/1/", **EN).content.decode()
    assert f'href="{codes_url(round_1)}"' in page
    assert 'data-exporter="team-codes-pdf"' in page


def test_the_public_never_reaches_the_codes(client, player_user, round_1):
    slug = round_1.tournament.slug
    urls = [codes_url(round_1), f"/director/t/{slug}/rounds/1/files/team-codes-pdf/"]
    for url in urls:
        response = Client().get(url)
        assert response.status_code == 302 and response["Location"].startswith("/login/"), url
    client.force_login(player_user)
    for url in urls:
        assert client.get(url).status_code == 403, url
    # Nor does any public page of the round show a code.
    codes = list(TableSeat.objects.filter(round=round_1).values_list("code", flat=True))
    public = Client()
    for url in [f"/t/{slug}/", f"/t/{slug}/rounds/1/", f"/t/{slug}/rounds/1/tables/1/", f"/t/{slug}/projector/",
                f"/t/{slug}/find/?q=hooft", f"/t/{slug}/standings/"]:
        response = public.get(url)
        assert response.status_code == 200, url
        body = response.content.decode()
        assert not any(re.search(rf"(?<!\d){code}(?!\d)", body) for code in codes), url
