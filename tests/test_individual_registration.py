"""Issue 17, entry by player: an individual tournament registers players alone (a team of one,
named after the player) through the tournament form, the team form and the Excel import; the
privacy setting reaches the entrant's name (removal, search, standings), and every standings shape
(pages, PDFs, Excel, ``manage.py standings``) shows one row per player: rank, name, club, rounds,
total, lot.

Everything against the real database; a small individual day is built directly in the database
(8 players, one round of two tables, pairs at each), as the draw would leave it.
"""

from __future__ import annotations

import datetime
import io
import json

import pypdf
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation
from openpyxl import Workbook, load_workbook

from tournaments.excel.teams import export_xlsx, read_teams, template_xlsx
from prizes.exporters import prizes_html
from tournaments.exporters.standings_pdf import standings_html
from tournaments.exporters.standings_xlsx import StandingsWorkbook
from tournaments.models import (
    Club, DrawMode, Entry, Player, PublicNames, Result, Round, Table, TableSeat, Team, Tournament,
)
from tournaments.services import privacy
from tournaments.services.public_names import shown_standings
from tournaments.services.search import matching_team_ids
from tournaments.services.standings import set_frozen, standings
from tournaments.services.teams import TeamData, register_teams

pytestmark = pytest.mark.usefixtures("english")
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
PLAYERS = [  # number order; the club of each
    ("Anna de Vries", "KC Noord"), ("Bram Jansen", "KC Noord"), ("Carla Smit", "De Pion"), ("Dirk Bos", ""),
    ("Eva Visser", "De Pion"), ("Frank de Boer", ""), ("Gert van Dam", "KC Noord"), ("Hanna Kok", ""),
]
PLAYER_HEADINGS = ["Number", "Player", "Club"]


def html_of(response) -> str:
    return response.content.decode()


def counts() -> tuple[int, int, int]:
    return Team.objects.count(), Player.objects.count(), Club.objects.count()


def form_data(**changes) -> dict:
    """What the new-tournament form sends (test_team_pages.py's, with the entry)."""
    return {
        "name": "Solo Cup", "slug": "solo-cup", "date": "2026-12-05", "venue": "Utrecht",
        "scoring_system": "pawns-2pt", "rounds": 4, "round_minutes": 45, "teams_per_table": 2,
        "status": "planned", "self_capture": "forced", "home_entry": "forced", "seven_max_pawns": 2,
        "seed": 5, "entry_grace_minutes": 10, "entry": "individual", "draw_mode": "standings", **changes,
    }


@pytest.fixture
def solo(db) -> Tournament:
    """An individual tournament, nobody registered yet."""
    return Tournament.objects.create(name="Solo Cup", slug="solo-cup", date=datetime.date(2026, 12, 5),
                                     scoring_system="pawns-2pt", rounds=3, seed=5, entry=Entry.INDIVIDUAL)


def register_players(tournament: Tournament) -> list[Team]:
    return register_teams(tournament, [TeamData(name=name, players=(name,), club=club) for name, club in PLAYERS])


@pytest.fixture
def played(solo) -> Tournament:
    """Round 1 played: at each table the pair of the first two players takes 8 pawns home, the other 5
    (pawns-2pt: 26 against 10, so 13 and 5 points a player)."""
    teams = register_players(solo)
    round_ = Round.objects.create(tournament=solo, number=1, status="published")
    for number, four in enumerate((teams[:4], teams[4:]), start=1):
        table = Table.objects.create(round=round_, number=number)
        for index, team in enumerate(four):
            TableSeat.objects.create(table=table, round=round_, team=team, position=index // 2 + 1,
                                     member=index % 2 + 1)
        Result.objects.create(table=table, version=1, sheet={"pawns_home": [8, 5]}, state="entered")
    solo.refresh_from_db()
    return solo


def set_names(tournament: Tournament, setting: str) -> Tournament:
    tournament.public_names = setting
    tournament.save()
    tournament.refresh_from_db()
    return tournament


# --- the tournament form -------------------------------------------------------------------------


def test_the_form_creates_an_individual_tournament(director_client):
    page = html_of(director_client.get("/director/new/", **EN))
    assert 'name="entry"' in page and 'name="draw_mode"' in page and "Individual tournaments only" in page
    response = director_client.post("/director/new/", form_data(), **EN)
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get(slug="solo-cup")
    assert tournament.individual and tournament.draw_mode == DrawMode.STANDINGS
    assert not tournament.per_player


def test_a_form_without_the_entry_keeps_it(director_client, solo):
    data = form_data()
    del data["entry"], data["draw_mode"]
    assert director_client.post(f"/director/t/{solo.slug}/edit/", data).status_code == 302
    solo.refresh_from_db()
    assert solo.entry == Entry.INDIVIDUAL and solo.draw_mode == DrawMode.PLANNED


def test_the_entry_changes_only_before_anyone_registers(director_client, solo):
    url = f"/director/t/{solo.slug}/edit/"
    assert director_client.post(url, form_data(entry="teams"), **EN).status_code == 302
    solo.refresh_from_db()
    assert solo.entry == Entry.TEAMS
    assert director_client.post(url, form_data(), **EN).status_code == 302  # and back
    register_players(solo)
    version = Tournament.objects.get(pk=solo.pk).results_version
    response = director_client.post(url, form_data(entry="teams", venue="Elsewhere"), **EN)
    assert response.status_code == 422
    assert "8 players are registered" in " ".join(response.context["form"].errors["entry"])
    solo.refresh_from_db()
    assert (solo.entry, solo.venue, solo.results_version) == (Entry.INDIVIDUAL, "Utrecht", version)


def test_the_entry_does_not_change_once_a_round_is_drawn(director_client, db):
    tournament = Tournament.objects.create(name="Cup", slug="cup", date=datetime.date(2026, 12, 5))
    Round.objects.create(tournament=tournament, number=1)
    response = director_client.post("/director/t/cup/edit/", form_data(slug="cup"), **EN)
    assert response.status_code == 422 and "a round is drawn" in " ".join(response.context["form"].errors["entry"])
    assert Tournament.objects.get(pk=tournament.pk).entry == Entry.TEAMS


# --- registering a player ------------------------------------------------------------------------


def add_url(tournament: Tournament) -> str:
    return f"/director/t/{tournament.slug}/teams/add/"


def test_the_form_registers_one_player(director_client, solo):
    page = html_of(director_client.get(add_url(solo), **EN))
    assert "Add player" in page and "Player&#x27;s name" in page and 'name="player_1"' not in page
    response = director_client.post(add_url(solo), {"name": "  Anna  de Vries ", "club": "KC Noord"}, **EN)
    assert response.status_code == 302
    team = Team.objects.get(tournament=solo)
    assert (team.number, team.name, team.club.name, team.player_names) == (1, "Anna de Vries", "KC Noord",
                                                                           ["Anna de Vries"])
    response = director_client.post(f"/director/t/{solo.slug}/teams/{team.pk}/edit/",
                                    {"name": "Anna de Vries-Smit", "number": 4}, **EN)
    assert response.status_code == 302
    team.refresh_from_db()
    assert (team.number, team.name, team.player_names, team.club) == (4, "Anna de Vries-Smit", ["Anna de Vries-Smit"],
                                                                      None)


@pytest.mark.parametrize("name", ["Anna de Vries", "ANNA DE VRIES"])
def test_a_second_player_of_the_same_name_is_refused(director_client, solo, name):
    register_players(solo)
    before = (counts(), Tournament.objects.get(pk=solo.pk).results_version)
    response = director_client.post(add_url(solo), {"name": name, "club": "Elders"}, **EN)
    assert response.status_code == 422
    error = " ".join(response.context["form"].errors["name"])
    assert "There is already a player called" in error and "add an initial or a town" in error
    assert (counts(), Tournament.objects.get(pk=solo.pk).results_version) == before


def test_an_empty_name_is_refused(director_client, solo):
    response = director_client.post(add_url(solo), {"name": "   "}, **EN)
    assert response.status_code == 422 and response.context["form"].errors["name"]
    assert counts() == (0, 0, 0)


def test_the_list_speaks_of_players(director_client, solo):
    register_players(solo)
    page = html_of(director_client.get(f"/director/t/{solo.slug}/teams/", **EN))
    assert "Add player" in page and "0 of 8 players present." in page and "Add team" not in page
    assert 'href="/director/t/solo-cup/teams/">Players</a>' in page and "Anna de Vries" in page  # the tab too
    page = html_of(director_client.get(f"/director/t/{solo.slug}/teams/", {"sort": "-name"}, **EN))
    assert page.index("Hanna Kok") < page.index("Anna de Vries")


# --- Excel ---------------------------------------------------------------------------------------


def xlsx_upload(rows, headings=PLAYER_HEADINGS) -> SimpleUploadedFile:
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(headings)
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return SimpleUploadedFile("players.xlsx", buffer.getvalue())


def first_rows(content: bytes) -> list[tuple]:
    return list(load_workbook(io.BytesIO(content)).worksheets[0].iter_rows(values_only=True))


def test_the_template_and_the_export_have_a_player_a_row(solo):
    template = first_rows(template_xlsx(solo))
    assert template[0] == tuple(PLAYER_HEADINGS)
    register_players(solo)
    export = first_rows(export_xlsx(solo))
    assert export[:3] == [tuple(PLAYER_HEADINGS), (1, "Anna de Vries", "KC Noord"), (2, "Bram Jansen", "KC Noord")]
    other = Tournament.objects.create(name="Again", slug="again", date=solo.date, entry=Entry.INDIVIDUAL)
    result = read_teams(SimpleUploadedFile("export.xlsx", export_xlsx(solo)), other)  # exported today, imported again
    assert result.ok, result.errors
    assert result.teams[0] == TeamData(name="Anna de Vries", players=("Anna de Vries",), club="KC Noord", number=1)


def test_the_template_download_of_an_individual_tournament(director_client, solo):
    response = director_client.get(reverse("director:team_template", args=[solo.slug]), **EN)
    assert response.status_code == 200
    assert first_rows(response.content)[0] == tuple(PLAYER_HEADINGS)


def test_a_good_sheet_imports_every_player(director_client, solo):
    rows = [[None, "Anna de Vries", "KC Noord"], [5, "Bram Jansen", None], [None, "Carla Smit", "kc noord"]]
    preview = director_client.post(reverse("director:team_import", args=[solo.slug]),
                                   {"file": xlsx_upload(rows)}, **EN)
    assert preview.status_code == 200 and preview.context["result"].ok
    page = html_of(preview)
    assert "holds 3 players" in page and "Import these players" in page and "Carla Smit" in page
    assert counts() == (0, 0, 0), "the preview writes nothing"
    response = director_client.post(reverse("director:team_import_confirm", args=[solo.slug]), **EN)
    assert response.status_code == 302
    teams = list(solo.teams.with_people().order_by("number"))
    assert [(team.number, team.name, team.player_names, team.club.name if team.club else None) for team in teams] == [
        (1, "Anna de Vries", ["Anna de Vries"], "KC Noord"), (2, "Carla Smit", ["Carla Smit"], "KC Noord"),
        (5, "Bram Jansen", ["Bram Jansen"], None),
    ]


def test_a_bad_sheet_is_refused_by_row_and_writes_nothing(director_client, solo):
    register_teams(solo, [TeamData(name="Hanna Kok", players=("Hanna Kok",), number=3)])
    before = counts()
    rows = [
        [None, "Anna de Vries", "KC Noord"],
        [None, "", "KC Noord"],  # row 3: no name
        [None, "anna de vries", None],  # row 4: twice in the file
        [3, "Dirk Bos", None],  # row 5: number taken
        ["x", "Eva Visser", None],  # row 6: not a number
        [None, "HANNA KOK", None],  # row 7: registered already
        [None, "Frank de Boer", None, "extra"],  # row 8: a value without a heading
    ]
    response = director_client.post(reverse("director:team_import", args=[solo.slug]),
                                    {"file": xlsx_upload(rows)}, **EN)
    assert response.status_code == 422
    errors = response.context["result"].errors
    assert [error.split(":")[0] for error in errors] == [f"Row {n}" for n in (3, 4, 5, 6, 7, 8)]
    assert "the player's name is empty" in errors[0]
    assert "also appears in row 2" in errors[1] and "add an initial or a town" in errors[1]
    assert "number 3 is already taken" in errors[2]
    assert "“x” is not a whole number" in errors[3]
    assert "there is already a player called “HANNA KOK” (number 3)" in errors[4]
    assert "Nothing will be imported" in html_of(response)
    assert counts() == before
    # Nothing previewed, so nothing to confirm.
    assert director_client.post(reverse("director:team_import_confirm", args=[solo.slug]), **EN).status_code == 410
    assert counts() == before


def test_a_sheet_of_teams_is_refused_by_an_individual_tournament(solo):
    headings = ["Team number", "Team name", "Player 1", "Player 2", "Club"]
    result = read_teams(xlsx_upload([[1, "De Kezers", "Anna", "Bram", ""]], headings=headings), solo)
    assert not result.ok
    assert any("unknown column “Team name”" in error and "Number, Player, Club" in error for error in result.errors)


# --- privacy -------------------------------------------------------------------------------------


def test_removing_the_personal_data_renames_the_entrant(director_client, played):
    set_frozen(played, True)
    Tournament.objects.filter(pk=played.pk).update(status="finished")
    played.refresh_from_db()
    team = Team.objects.get(tournament=played, name="Carla Smit")
    player = team.players.get()
    before = [(row.rank, row.key, row.points) for row in standings(played).rows]
    removed = privacy.remove_personal_data(player)
    assert removed.changed and removed.name == "Player 3"
    team.refresh_from_db()
    assert team.name == "Player 3" and team.player_names == ["Player 3"]
    assert [(row.rank, row.key, row.points) for row in standings(played).rows] == before
    played.refresh_from_db()
    assert "Carla Smit" not in json.dumps(played.frozen_standings, ensure_ascii=False)
    for url in (f"/t/{played.slug}/", f"/t/{played.slug}/standings/", f"/t/{played.slug}/standings.json"):
        page = html_of(Client().get(url, **EN))
        assert "Carla" not in page and "Player 3" in page, url
    assert not privacy.remove_personal_data(player).changed  # nothing left to remove


def test_the_anonymous_name_of_an_entrant_is_unique(played):
    Team.objects.filter(tournament=played, name="Hanna Kok").update(name="player 3")
    player = Player.objects.get(team__tournament=played, name="Carla Smit")
    assert privacy.anonymous_name(player) == "Player 3 (2)"


def test_find_my_table_searches_an_entrant_as_shown(played):
    anna = Team.objects.get(tournament=played, name="Anna de Vries").pk

    def found(query: str, names: str) -> bool:
        return anna in matching_team_ids(played.pk, query, names=names)

    assert found("vries", PublicNames.FULL) and found("anna", PublicNames.FULL)
    assert found("anna de v", PublicNames.FIRST_INITIAL) and not found("vries", PublicNames.FIRST_INITIAL)
    assert not found("anna", PublicNames.TEAMS_ONLY) and found("1", PublicNames.TEAMS_ONLY)
    assert found("player 1", PublicNames.TEAMS_ONLY)


def test_the_public_find_page_under_first_initial(client, played):
    set_names(played, PublicNames.FIRST_INITIAL)
    url = f"/t/{played.slug}/find/"
    assert "Anna de V." in html_of(client.get(url, {"q": "anna"}, **EN))
    assert "Anna de V." not in html_of(client.get(url, {"q": "vries"}, **EN))


@pytest.mark.parametrize("setting, shown", [
    (PublicNames.FULL, "Anna de Vries"), (PublicNames.FIRST_INITIAL, "Anna de V."), (PublicNames.TEAMS_ONLY, "Player 1"),
])
def test_shown_standings_name_the_entrant_as_the_setting_says(played, setting, shown):
    set_names(played, setting)
    row = next(row for row in shown_standings(standings(played)).rows if row.key == "P1")
    assert row.player == row.team.name == row.name == shown
    assert shown in html_of(Client().get(f"/t/{played.slug}/", **EN))
    if setting != PublicNames.FULL:
        everything = "".join(html_of(Client().get(url, **EN)) for url in (
            f"/t/{played.slug}/", f"/t/{played.slug}/standings/", f"/t/{played.slug}/standings.json"))
        assert "Vries" not in everything


# --- standings, one row per player ---------------------------------------------------------------


def test_every_player_gets_their_share(played):
    points = {row.player: row.points for row in standings(played).rows}
    assert points == {name: 13 if index % 4 < 2 else 5 for index, (name, _club) in enumerate(PLAYERS)}
    rows = standings(played).as_json()["standings"]
    assert {row["id"] for row in rows[:4]} == {"P1", "P2", "P5", "P6"} and rows[0]["points"] == 13


def test_the_standings_pages_show_players(director_client, played):
    page = html_of(director_client.get(f"/director/t/{played.slug}/standings/", **EN))
    assert "<th>Player</th><th>Club</th>" in page and "<th>Players</th>" not in page
    assert "<td>Anna de Vries</td><td>KC Noord</td>" in page
    public = html_of(Client().get(f"/t/{played.slug}/standings/", **EN))
    assert "Anna de Vries" in public and "KC Noord" in public and 'data-testid="total-P1">13<' in public


def test_the_pdfs_show_players(director_client, played):
    report = shown_standings(standings(played))
    html = standings_html(report)
    assert ">Player<" in html and ">Club<" in html and ">Team<" not in html and "Anna de Vries" in html
    prizes = prizes_html(report)
    assert "Anna de Vries" in prizes and "KC Noord" in prizes
    for url in (f"/director/t/{played.slug}/standings.pdf", f"/director/t/{played.slug}/prizes.pdf"):
        response = director_client.get(url, **EN)
        assert response.status_code == 200
        content = b"".join(response.streaming_content) if response.streaming else response.content
        text = "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages)
        assert "Anna de Vries" in text and "Hanna Kok" in text


def test_the_excel_shows_players(played):
    rows = list(load_workbook(io.BytesIO(StandingsWorkbook(played).render()))["Standings"].iter_rows(values_only=True))
    assert rows[0] == ("Rank", "Number", "Player", "Club", "R1", "Total", "Lot")
    by_name = {row[2]: row for row in rows[1:]}
    assert by_name["Anna de Vries"][1:6] == (1, "Anna de Vries", "KC Noord", 13, 13)
    assert by_name["Eva Visser"][3:6] == ("De Pion", 13, 13) and by_name["Dirk Bos"][4:6] == (5, 5)
    set_names(played, PublicNames.TEAMS_ONLY)
    with translation.override("en"):
        rows = list(load_workbook(io.BytesIO(StandingsWorkbook(played).render()))["Standings"].iter_rows(
            values_only=True))
    assert "Player 1" in {row[2] for row in rows[1:]} and "Anna de Vries" not in str(rows)


def test_the_command_prints_players(played):
    out = io.StringIO()
    call_command("standings", played.slug, "--format", "csv", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "rank,id,player,round 1,points,lot"
    assert any(line.endswith(",P1,Anna de Vries,13,13,lot") for line in lines[1:])
    out = io.StringIO()
    call_command("standings", played.slug, stdout=out)
    assert "Anna de Vries" in out.getvalue() and "player" in out.getvalue().splitlines()[1]


def test_the_json_names_players_in_the_tournaments_language(played):
    """One JSON for every visitor: under team names only a player is "Player 12" in the tournament's
    language, whoever asked first."""
    played.language = "en"
    set_names(played, PublicNames.TEAMS_ONLY)
    first = Client().get(f"/t/{played.slug}/standings.json", HTTP_ACCEPT_LANGUAGE="nl").content
    assert first == Client().get(f"/t/{played.slug}/standings.json", HTTP_ACCEPT_LANGUAGE="en").content
    assert {row["player"] for row in json.loads(first)["standings"]} == {f"Player {n}" for n in range(1, 9)}
