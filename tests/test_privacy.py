"""Privacy (AVG/GDPR): the tournament's ``public_names`` setting decides how player names appear on
the public pages, the PDFs for the wall and the standings Excel, never on the director's pages; a
director removes one person's personal data from a finished tournament, and the results stay.

PDFs are read with pypdf, Excel with openpyxl, pages as the visitor gets them (test client).
"""

from __future__ import annotations

import datetime
import io
import json
import re

import pypdf
import pytest
from django.test import Client
from django.utils import timezone, translation
from openpyxl import load_workbook

from tests.conftest import new_tournament
from tournaments.exporters import round_pdfs
from tournaments.models import PrintFile, Player, PublicNames, Result, Team, Tournament
from tournaments.services import privacy
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.services.public_names import initialled, seat_name, shown_name, shown_players
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round
from tournaments.services.standings import set_frozen, standings
from tournaments.services.teams import TeamData, register_teams
from tournaments.services.tournament_file import export_file

TEAMS = [
    ("De Kezers", "Anna de Vries", "Bram Jansen"),
    ("Pionnen", "Kees van 't Hek", "Els ter Horst"),
    ("Harten Vrouw", "Jan van der Berg", "Mo"),
    ("Boeren", "Sanne de Vries-van Dam", "Piet Pieters"),
]
FULL_NAMES = [name for _team, *players in TEAMS for name in players]
SHORT_NAMES = ["Anna de V.", "Bram J.", "Kees van 't H.", "Els ter H.", "Jan van der B.", "Mo", "Sanne de V.-van D.",
               "Piet P."]
SURNAMES = ["Vries", "Jansen", "Hek", "Horst", "Berg", "Dam", "Pieters"]
TEAM_NAMES = [team for team, *_players in TEAMS]
FIRST_NAMES = ["Anna", "Bram", "Kees", "Els", "Jan", "Sanne", "Piet"]  # "Mo" is too short to look for


CSRF_TOKEN = re.compile(r'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]*')


def html_of(response) -> str:
    """The page without its CSRF token: 64 random letters and digits may hold "Jan", "Els" or "Dam"."""
    return CSRF_TOKEN.sub(r"\1", response.content.decode())


def pdf_text(content: bytes) -> str:
    assert content.startswith(b"%PDF-")
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages)


def xlsx_rows(content: bytes, sheet: str = "Standings") -> list[tuple]:
    return list(load_workbook(io.BytesIO(content))[sheet].iter_rows(values_only=True))


def set_names(tournament: Tournament, setting: str) -> Tournament:
    tournament.public_names = setting
    tournament.save()  # raises the results version (signals): every cached page renders again
    tournament.refresh_from_db()
    return tournament


def play_round(tournament: Tournament) -> None:
    """Round 1 drawn, published and every table's sheet in."""
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    for table in round_.tables.all():
        if tournament.scoring_system == "individual-11":
            record_result(table, {"home": [[[4, 3, 2, 1], [4, 3]], [[4], []]]})
        else:
            record_result(table, {"arrivals": [0, 1, 0]})


@pytest.fixture(scope="module")
def _cup(module_transaction, django_db_blocker) -> int:
    """The cup, built once for the module's tests: what a test changes (the setting, a removed person,
    the status) is rolled back after it."""
    from tests.conftest import built_for_the_module

    with built_for_the_module(django_db_blocker):
        tournament = new_tournament(rounds=2, language="en")  # the cards and the wall's PDFs speak the tournament's language
        register_teams(tournament, [TeamData(name=team, players=tuple(players), club="Club Oost")
                                    for team, *players in TEAMS])
        play_round(tournament)
        return tournament.pk


@pytest.fixture
def cup(db, _cup) -> Tournament:
    """Four teams of Club Oost, round 1 of 2 played, in English."""
    return Tournament.objects.get(pk=_cup)


@pytest.fixture
def solo(db) -> Tournament:
    """``individual-11``: the standings rank players."""
    tournament = Tournament.objects.create(name="Solo Cup", slug="solo-cup", date=datetime.date(2026, 11, 22),
                                           scoring_system="individual-11", rounds=2, seed=7)
    register_teams(tournament, [TeamData(name=team, players=tuple(players)) for team, *players in TEAMS])
    play_round(tournament)
    tournament.refresh_from_db()
    return tournament


# --- the first-initial rule ---------------------------------------------------------------------


@pytest.mark.parametrize("name, shown", [
    ("Anna de Vries", "Anna de V."),
    ("Jan van der Berg", "Jan van der B."),
    ("Kees van 't Hek", "Kees van 't H."),
    ("Els ter Horst", "Els ter H."),
    ("Lieke in 't Veld", "Lieke in 't V."),
    ("Piet Jansen", "Piet J."),
    ("Anna Maria de Vries", "Anna M. de V."),
    ("Anna De Vries", "Anna de V."),  # a tussenvoegsel is written in lower case
    ("Jan Van", "Jan V."),  # the last word is the surname, whatever it looks like
    ("Sanne de Vries-van Dam", "Sanne de V.-van D."),
    ("Jan-Willem Bakker", "Jan-Willem B."),
    ("Mo", "Mo"),
    ("  anna   de  vries ", "anna de V."),
    ("Player 17", "Player 17"),  # a removed person's name stays readable
    ("Anna de V.", "Anna de V."),  # idempotent
    ("", ""),
])
def test_first_name_and_initial_rule(name, shown):
    assert initialled(name) == shown
    assert shown_name(name, PublicNames.FIRST_INITIAL) == shown


def test_each_setting_shows_a_name_its_way():
    assert shown_name("Anna de Vries", PublicNames.FULL) == "Anna de Vries"
    assert shown_name("Anna de Vries", PublicNames.TEAMS_ONLY) == ""
    assert shown_players(["Anna de Vries", "Mo"], PublicNames.FIRST_INITIAL) == ["Anna de V.", "Mo"]
    assert shown_players(["Anna de Vries", "Mo"], PublicNames.TEAMS_ONLY) == []
    assert seat_name("De Kezers", 2) == "De Kezers (2)"


# --- public pages -------------------------------------------------------------------------------


def public_pages(client: Client, tournament: Tournament) -> dict[str, str]:
    slug = tournament.slug
    return {
        "tournament": html_of(client.get(f"/t/{slug}/", HTTP_ACCEPT_LANGUAGE="en")),
        "standings": html_of(client.get(f"/t/{slug}/standings/", HTTP_ACCEPT_LANGUAGE="en")),
        "standings-fragment": html_of(client.get(f"/t/{slug}/standings/", HTTP_HX_REQUEST="true",
                                                 HTTP_ACCEPT_LANGUAGE="en")),
        "json": html_of(client.get(f"/t/{slug}/standings.json")),
        "table": html_of(client.get(f"/t/{slug}/rounds/1/tables/1/", HTTP_ACCEPT_LANGUAGE="en"))
        + html_of(client.get(f"/t/{slug}/rounds/1/tables/2/", HTTP_ACCEPT_LANGUAGE="en")),
        "find": html_of(client.get(f"/t/{slug}/find/", {"q": "e"}, HTTP_ACCEPT_LANGUAGE="en")),
        "round": html_of(client.get(f"/t/{slug}/rounds/1/", HTTP_ACCEPT_LANGUAGE="en")),
        "projector": html_of(client.get(f"/t/{slug}/projector/", HTTP_ACCEPT_LANGUAGE="en")),
    }


def test_full_names_by_default(client, cup):
    assert cup.public_names == PublicNames.FULL
    pages = public_pages(client, cup)
    for what in ("tournament", "standings", "standings-fragment", "table"):
        for name in FULL_NAMES:
            assert name.replace("'", "&#x27;") in pages[what], (what, name)


def test_first_name_and_initial_on_every_public_page(client, cup):
    set_names(cup, PublicNames.FIRST_INITIAL)
    pages = public_pages(client, cup)
    for what in ("tournament", "standings", "standings-fragment", "table"):
        for name in SHORT_NAMES:
            assert name.replace("'", "&#x27;") in pages[what], (what, name)
    for what, html in pages.items():
        for surname in SURNAMES:
            assert surname not in html, (what, surname)


def test_team_names_only_on_every_public_page(client, cup):
    set_names(cup, PublicNames.TEAMS_ONLY)
    pages = public_pages(client, cup)
    for what in ("tournament", "standings", "table", "round", "projector"):
        assert all(team in pages[what] for team in TEAM_NAMES), what
    for what, html in pages.items():
        for name in FIRST_NAMES + SURNAMES:
            assert name not in html, (what, name)
    assert "Club Oost" in pages["tournament"]  # the club stays, without a separator before it
    assert "· Club Oost" not in pages["tournament"]
    assert "red" in pages["table"] and " · red" not in pages["table"]  # the seats keep their colours


def test_the_page_changes_at_once_when_the_setting_changes(director_client, cup):
    """The public standings are rendered once per results version: saving the tournament with
    another setting (the director's form) raises the version, so the next phone sees it."""
    phone = Client()
    url = f"/t/{cup.slug}/standings/"
    assert "Anna de Vries" in html_of(phone.get(url, HTTP_ACCEPT_LANGUAGE="en"))
    assert "Anna de Vries" in html_of(phone.get(url, HTTP_ACCEPT_LANGUAGE="en"))  # from the cache now
    version = cup.results_version
    response = director_client.get(f"/director/t/{cup.slug}/edit/")
    form = response.context["form"]
    data = {name: value for name, value in form.initial.items() if value is not None and value is not False}
    data.update({"date": "2026-11-21", "public_names": "first-initial"})
    response = director_client.post(f"/director/t/{cup.slug}/edit/", data)
    assert response.status_code == 302, response.context["form"].errors
    cup.refresh_from_db()
    assert cup.public_names == "first-initial" and cup.results_version > version
    html = html_of(phone.get(url, HTTP_ACCEPT_LANGUAGE="en"))
    assert "Anna de V." in html and "Anna de Vries" not in html
    assert json.loads(phone.get(f"/t/{cup.slug}/standings.json").content)["standings"]


def test_find_my_table_searches_only_what_is_shown(client, cup):
    url = f"/t/{cup.slug}/find/"

    def found(query: str) -> bool:
        return "De Kezers" in html_of(client.get(url, {"q": query}, HTTP_ACCEPT_LANGUAGE="en"))

    assert found("vries") and found("anna")
    set_names(cup, PublicNames.FIRST_INITIAL)
    assert found("anna de v") and found("ANNA") and not found("vries")
    set_names(cup, PublicNames.TEAMS_ONLY)
    assert not found("anna") and found("kezers") and found("1")
    label = html_of(client.get(url, HTTP_ACCEPT_LANGUAGE="en"))
    assert "Your team's name or its number" in label and "Your name" not in label


def test_individual_standings_in_teams_only_show_team_and_seat(client, solo):
    set_names(solo, PublicNames.TEAMS_ONLY)
    pages = public_pages(client, solo)
    for name in FIRST_NAMES + SURNAMES:
        assert name not in pages["standings"] and name not in pages["json"]
    players = {row["player"] for row in json.loads(pages["json"])["standings"]}
    assert players == {f"{team} ({seat})" for team in TEAM_NAMES for seat in (1, 2)}
    assert "De Kezers (1)" in pages["standings"]
    set_names(solo, PublicNames.FIRST_INITIAL)
    players = {row["player"] for row in json.loads(html_of(client.get(f"/t/{solo.slug}/standings.json")))["standings"]}
    assert players == set(SHORT_NAMES)


def test_frozen_standings_follow_the_setting_too(client, solo):
    set_frozen(solo, True)
    set_names(solo, PublicNames.TEAMS_ONLY)
    data = json.loads(html_of(client.get(f"/t/{solo.slug}/standings.json")))
    assert data["frozen"] is True
    assert {row["player"] for row in data["standings"]} == {f"{team} ({seat})" for team in TEAM_NAMES for seat in (1, 2)}


# --- the director's pages keep full names -------------------------------------------------------


@pytest.mark.parametrize("setting", [PublicNames.FIRST_INITIAL, PublicNames.TEAMS_ONLY])
def test_director_pages_always_show_full_names(director_client, cup, setting):
    set_names(cup, setting)
    slug = cup.slug
    for url in (f"/director/t/{slug}/teams/", f"/director/t/{slug}/standings/", f"/director/t/{slug}/checkin/"):
        html = html_of(director_client.get(url, HTTP_ACCEPT_LANGUAGE="en"))
        for name in FULL_NAMES:
            assert name.replace("'", "&#x27;") in html, (url, name)


@pytest.mark.same_on_every_database  # the names a file prints, from rows read as on any page
@pytest.mark.parametrize("setting", [PublicNames.FIRST_INITIAL, PublicNames.TEAMS_ONLY])
def test_the_directors_own_files_keep_full_names(director_client, cup, setting):
    """The tournament file (backup) and the teams Excel (for re-import) are the director's."""
    set_names(cup, setting)
    exported = json.dumps(export_file(cup), ensure_ascii=False)
    workbook = load_workbook(io.BytesIO(director_client.get(f"/director/t/{cup.slug}/teams/export.xlsx").content))
    cells = {str(value) for row in workbook.worksheets[0].iter_rows(values_only=True) for value in row}
    for name in FULL_NAMES:
        assert name in exported and name in cells


# --- files for the wall and files that leave the laptop -----------------------------------------


def standings_files(director_client, tournament: Tournament) -> tuple[str, str, list[tuple]]:
    slug = tournament.slug
    standings_pdf = pdf_text(director_client.get(f"/director/t/{slug}/standings.pdf", HTTP_ACCEPT_LANGUAGE="en").content)
    prizes_pdf = pdf_text(director_client.get(f"/director/t/{slug}/prizes.pdf", HTTP_ACCEPT_LANGUAGE="en").content)
    excel = xlsx_rows(director_client.get(f"/director/t/{slug}/standings.xlsx", HTTP_ACCEPT_LANGUAGE="en").content)
    return standings_pdf, prizes_pdf, excel


def in_pdf(name: str, text: str) -> bool:
    """``name`` in the PDF's text, whole or cut off with "…" where its column ends."""
    return name in text or any(f"{name[:end].rstrip()}…" in text for end in range(4, len(name)))


def flat(rows: list[tuple]) -> str:
    return " | ".join(str(value) for row in rows for value in row if value is not None)


@pytest.mark.same_on_every_database  # the names a file prints, from rows read as on any page
def test_standings_files_with_full_names(director_client, cup):
    standings_pdf, prizes_pdf, excel = standings_files(director_client, cup)
    for name in FULL_NAMES:
        assert in_pdf(name, standings_pdf) and in_pdf(name, prizes_pdf) and name in flat(excel), name
    assert excel[0][:6] == ("Rank", "Team", "Team name", "Club", "Player 1", "Player 2")


@pytest.mark.same_on_every_database  # the names a file prints, from rows read as on any page
def test_standings_files_with_first_name_and_initial(director_client, cup):
    set_names(cup, PublicNames.FIRST_INITIAL)
    standings_pdf, prizes_pdf, excel = standings_files(director_client, cup)
    for name in SHORT_NAMES:
        assert in_pdf(name, standings_pdf) and in_pdf(name, prizes_pdf) and name in flat(excel), name
    for surname in SURNAMES:
        assert surname not in standings_pdf and surname not in prizes_pdf and surname not in flat(excel)


@pytest.mark.same_on_every_database  # the names a file prints, from rows read as on any page
def test_standings_files_with_team_names_only(director_client, cup):
    set_names(cup, PublicNames.TEAMS_ONLY)
    standings_pdf, prizes_pdf, excel = standings_files(director_client, cup)
    for team in TEAM_NAMES:
        assert team in standings_pdf and team in prizes_pdf and team in flat(excel)
    for name in FIRST_NAMES + SURNAMES:
        assert name not in standings_pdf and name not in prizes_pdf and name not in flat(excel)
    assert "Players" not in standings_pdf
    assert excel[0][:5] == ("Rank", "Team", "Team name", "Club", "R1")  # no empty player columns


@pytest.mark.same_on_every_database  # the names a file prints, from rows read as on any page
def test_individual_standings_files_in_teams_only(director_client, solo):
    set_names(solo, PublicNames.TEAMS_ONLY)
    standings_pdf, prizes_pdf, excel = standings_files(director_client, solo)
    for name in FIRST_NAMES + SURNAMES:
        assert name not in standings_pdf and name not in prizes_pdf and name not in flat(excel)
    assert {row[1] for row in excel[1:]} == {f"{team} ({seat})" for team in TEAM_NAMES for seat in (1, 2)}
    assert "De Kezers (1)" in standings_pdf


@pytest.mark.same_on_every_database  # the names a file prints, from rows read as on any page
def test_table_cards_and_wall_lists(director_client, cup):
    """The table cards print the players; the wall lists print team names only, in every setting.
    A card file made before a change of the setting is not served after it: the settings one after
    the other, each with the card file of the one before already made (the first after full names,
    the default). The wall lists are made from the same page in every setting: the files are read once
    (with full names, where a player's name would show whole), and in each setting the page they are
    made from is checked to be that one."""
    director_client.get(f"/director/t/{cup.slug}/rounds/1/table-cards.pdf", HTTP_ACCEPT_LANGUAGE="en")
    walls_html = None
    for setting, shown, hidden in [
        (PublicNames.FIRST_INITIAL, SHORT_NAMES, SURNAMES),
        (PublicNames.TEAMS_ONLY, [], FIRST_NAMES + SURNAMES),
        (PublicNames.FULL, FULL_NAMES, []),
    ]:
        set_names(cup, setting)
        cards = pdf_text(director_client.get(f"/director/t/{cup.slug}/rounds/1/table-cards.pdf",
                                             HTTP_ACCEPT_LANGUAGE="en").content)
        for name in shown:
            assert name in cards, (setting, name)
        for name in hidden:
            assert name not in cards, (setting, name)
        assert "red" in cards and "blue" in cards
        round_ = cup.round_set.get(number=1)
        with translation.override("en"):
            assert ("Anna de Vries" in round_pdfs.table_cards_html(round_)) is (setting == PublicNames.FULL)
            html = tuple(re.sub(r"Printed [^\"<]*", "Printed", page)  # the footer's minute may turn meanwhile
                         for page in (round_pdfs.wall_by_table_html(round_), round_pdfs.wall_by_team_html(round_)))
        assert walls_html in (None, html), setting  # the same wall lists as in the setting before
        walls_html = html
    walls = pdf_text(director_client.get(f"/director/t/{cup.slug}/rounds/1/wall-by-table.pdf").content) \
        + pdf_text(director_client.get(f"/director/t/{cup.slug}/rounds/1/wall-by-team.pdf").content)
    for name in FIRST_NAMES + SURNAMES:
        assert name not in walls, name
    assert all(team in walls for team in TEAM_NAMES)


# --- the setting on the form ------------------------------------------------------------------


def test_the_form_sets_the_setting_and_refuses_a_bad_value(director_client, cup):
    url = f"/director/t/{cup.slug}/edit/"
    page = html_of(director_client.get(url, HTTP_ACCEPT_LANGUAGE="en"))
    assert 'name="public_names"' in page and "standings Excel" in page and "tournament file" in page
    data = {name: value for name, value in director_client.get(url).context["form"].initial.items()
            if value is not None and value is not False}
    data["date"] = "2026-11-21"
    response = director_client.post(url, {**data, "public_names": "nicknames"})
    assert response.status_code == 422 and "public_names" in response.context["form"].errors
    cup.refresh_from_db()
    assert cup.public_names == PublicNames.FULL
    response = director_client.post(url, {**data, "public_names": "teams-only"})
    assert response.status_code == 302
    del data["public_names"]
    assert director_client.post(url, data).status_code == 302  # a form without the field keeps it
    cup.refresh_from_db()
    assert cup.public_names == PublicNames.TEAMS_ONLY


# --- removing a person's personal data ------------------------------------------------------------


def remove_url(tournament: Tournament, player: Player) -> str:
    return f"/director/t/{tournament.slug}/teams/{player.team_id}/players/{player.seat}/remove-personal-data/"


def entries(report) -> list[tuple]:
    return [(row.rank, row.key, row.team.name, row.points, row.rounds, row.lot) for row in report.rows]


def finish(tournament: Tournament) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(status="finished")
    tournament.refresh_from_db()


def test_players_are_numbered_by_team_number_then_seat(cup):
    numbers = {player.name: privacy.player_number(player)
               for player in Player.objects.filter(team__tournament=cup).select_related("team")}
    assert numbers == {name: index for index, name in enumerate(FULL_NAMES, start=1)}


def test_removal_is_refused_until_the_tournament_is_finished(director_client, cup):
    Tournament.objects.filter(pk=cup.pk).update(status="running")
    player = Player.objects.get(team__tournament=cup, name="Els ter Horst")
    page = director_client.get(remove_url(cup, player), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and "once the tournament is finished" in html_of(page)
    assert 'id="remove-personal-data"' not in html_of(page)
    version = Tournament.objects.get(pk=cup.pk).results_version
    response = director_client.post(remove_url(cup, player), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409 and "once the tournament is finished" in html_of(response)
    player.refresh_from_db()
    assert player.name == "Els ter Horst"
    assert Tournament.objects.get(pk=cup.pk).results_version == version  # nothing changed
    with pytest.raises(privacy.PrivacyError):
        privacy.remove_personal_data(player)
    assert Player.objects.get(pk=player.pk).name == "Els ter Horst"


def test_removing_a_person_keeps_the_results(director_client, cup):
    team = Team.objects.get(tournament=cup, name="Pionnen")
    Team.objects.filter(pk=team.pk).update(checked_in=True, checked_in_at=timezone.now())
    director_client.get(f"/director/t/{cup.slug}/standings.pdf")  # a print file with the name in it
    assert PrintFile.objects.filter(tournament=cup).exists()
    finish(cup)
    before = entries(standings(cup))
    sheets = list(Result.objects.filter(table__round__tournament=cup).order_by("pk").values_list("sheet", "state"))
    player = Player.objects.get(team=team, seat=2)  # Els ter Horst: the 4th player
    edit = html_of(director_client.get(f"/director/t/{cup.slug}/teams/{team.pk}/edit/", HTTP_ACCEPT_LANGUAGE="en"))
    assert remove_url(cup, player) in edit
    confirm = html_of(director_client.get(remove_url(cup, player), HTTP_ACCEPT_LANGUAGE="en"))
    assert "Els ter Horst" in confirm and "Player 4" in confirm and 'id="remove-personal-data"' in confirm

    response = director_client.post(remove_url(cup, player), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302 and response["Location"] == f"/director/t/{cup.slug}/teams/{team.pk}/edit/"
    player.refresh_from_db()
    team.refresh_from_db()
    assert player.name == "Player 4"
    assert team.checked_in and team.checked_in_at is None
    assert not Player.objects.filter(name="Els ter Horst").exists()
    assert entries(standings(cup)) == before  # places, points and rounds as they were
    assert list(Result.objects.filter(table__round__tournament=cup).order_by("pk")
                .values_list("sheet", "state")) == sheets
    assert not PrintFile.objects.filter(tournament=cup).exists()
    for html in (html_of(Client().get(f"/t/{cup.slug}/")), html_of(Client().get(f"/t/{cup.slug}/standings/")),
                 html_of(director_client.get(f"/director/t/{cup.slug}/teams/"))):
        assert "Els ter Horst" not in html and "Player 4" in html
    assert "Els ter Horst" not in json.dumps(export_file(cup), ensure_ascii=False)

    again = director_client.post(remove_url(cup, player), HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert "Nothing left to remove" in html_of(again)


def test_removal_renames_the_player_in_the_frozen_standings(solo):
    set_frozen(solo, True)
    finish(solo)
    player = Player.objects.get(team__tournament=solo, name="Anna de Vries")
    before = [(row.rank, row.key, row.points) for row in standings(solo).rows]
    with translation.override("en"):
        removed = privacy.remove_personal_data(player)
    assert removed.name == "Player 1" and removed.changed
    solo.refresh_from_db()
    assert "Anna de Vries" not in json.dumps(solo.frozen_standings)
    assert "Player 1" in {row["player"] for row in solo.frozen_standings["standings"]}
    frozen = html_of(Client().get(f"/t/{solo.slug}/standings.json"))
    assert "Anna de Vries" not in frozen and "Player 1" in frozen
    assert [(row.rank, row.key, row.points) for row in standings(solo).rows] == before


def test_an_unknown_player_is_not_found(director_client, cup):
    team = Team.objects.get(tournament=cup, name="Pionnen")
    url = f"/director/t/{cup.slug}/teams/{team.pk}/players/3/remove-personal-data/"
    assert director_client.get(url).status_code == 404
    other = Tournament.objects.create(name="Other", slug="other", date=datetime.date(2026, 1, 1))
    assert director_client.post(f"/director/t/{other.slug}/teams/{team.pk}/players/1/remove-personal-data/") \
        .status_code == 404


def test_removal_works_on_an_archived_tournament(director_client, cup):
    """An archive is read-only for the day's work, not for a person's right to be forgotten."""
    Tournament.objects.filter(pk=cup.pk).update(status="finished", archived=True)
    player = Player.objects.get(team__tournament=cup, name="Mo")
    response = director_client.post(remove_url(cup, player), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.name == "Player 6"


def test_only_directors_remove_personal_data(client, player_user, cup):
    finish(cup)
    player = Player.objects.get(team__tournament=cup, name="Mo")
    url = remove_url(cup, player)
    assert client.post(url)["Location"].startswith("/login/?next=")
    client.force_login(player_user)
    assert client.get(url).status_code == 403 and client.post(url).status_code == 403
    assert Player.objects.get(pk=player.pk).name == "Mo"
