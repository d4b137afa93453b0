"""The core's extension points (tournaments/screens.py, the exporter registry, the workbook's extra
sheets, the demo's signal): what an app registers shows on the core's pages and files, and what the
club's own apps register shows where it did before the core stopped naming them. Each stub is
registered for its test and taken away after."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tournaments import screens
from tournaments.demo import demo_loaded
from tournaments.exporters.base import (
    COMPETITION,
    XLSX,
    Exporter,
    director_downloads,
    exporter,
    register,
    registered,
    unregister,
)
from tournaments.exporters.standings_xlsx import StandingsWorkbook, register_sheet, unregister_sheet
from tournaments.exporters.workbook import SheetSpec
from tournaments.models import Tournament
from tournaments.services.rounds import add_round

# The same on every database (what an app registers is Python's; the pages' queries are the other
# tests'): CI's PostgreSQL run leaves the module out (tests/conftest.py).
pytestmark = [pytest.mark.usefixtures("english"), pytest.mark.same_on_every_database]


@pytest.fixture(autouse=True)
def _english_pages(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def stub_templates(settings, tmp_path):
    """Templates of a stub app, in a folder of their own."""
    folder = tmp_path / "stub_templates"
    (folder / "stub").mkdir(parents=True)
    (folder / "stub" / "_row.html").write_text('<span data-stub-row="{{ team.number }}">{{ stub_word }}</span>')
    (folder / "stub" / "_panel.html").write_text('<p data-stub-panel>{{ stub_count }} shown</p>')
    (folder / "stub" / "_standings.html").write_text('<p data-stub-standings>after {{ stub_after }}</p>')
    (folder / "stub" / "_home.html").write_text('<p data-stub-home>stub home</p>')
    (folder / "stub" / "_link.html").write_text('<a data-stub-link href="/stub/">Stub</a>')
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], folder]}]
    return folder


def test_a_registered_tab_shows_in_its_place_and_is_active_on_its_page(director_client, tournament):
    screens.register_tab(screens.Tab("stub", 65, "Stub tab", "director:rulings"))
    try:
        page = director_client.get(reverse("director:standings", args=[tournament.slug])).content.decode()
        rulings = director_client.get(reverse("director:rulings", args=[tournament.slug])).content.decode()
    finally:
        screens.unregister_tab("stub")
    assert page.index(">Standings<") < page.index(">Stub tab<") < page.index(">Prizes<")
    assert f'class="nav-link" href="/director/t/{tournament.slug}/rulings/">Stub tab<' in page
    assert f'class="nav-link active" href="/director/t/{tournament.slug}/rulings/">Stub tab<' in rulings
    assert "Stub tab" not in director_client.get(reverse("director:standings", args=[tournament.slug])).content.decode()


def test_the_tab_bar_is_as_before(director_client, tournament):
    """The tabs in their order (the prizes app's among the core's), the dispute desk of the game,
    and the check-in tab lit on door's cash list."""
    page = director_client.get(reverse("door:cash", args=[tournament.slug])).content.decode()
    labels = ["Teams", "Check-in", "Excel import", "Rounds", "Results desk", "Standings", "Prizes", "Dispute desk",
              "Settings", "Public page"]
    places = [page.index(f">{label}</a></li>") for label in labels]
    assert places == sorted(places)
    assert f'class="nav-link active" href="/director/t/{tournament.slug}/checkin/">Check-in<' in page
    assert f'href="/director/t/{tournament.slug}/disputes/">Dispute desk<' in page
    prizes = director_client.get(reverse("prizes:list", args=[tournament.slug])).content.decode()
    assert f'class="nav-link active" href="/director/t/{tournament.slug}/prizes/">Prizes<' in prizes


def test_a_klaverjassen_drive_s_dispute_tab_is_its_game_s(director_client, tournament):
    tournament.scoring_system = "klaverjas"
    tournament.save()
    page = director_client.get(reverse("director:standings", args=[tournament.slug])).content.decode()
    assert f'href="/director/t/{tournament.slug}/card-rules/">Dispute desk<' in page


def test_check_in_panels_and_rows_come_from_registrations(director_client, tournament, make_teams, stub_templates):
    teams = make_teams(tournament, 3)
    asked = []

    def provide(tournament_: Tournament, shown: list) -> dict:
        asked.append(len(shown))
        return {"stub_word": "stubbed", "stub_count": len(shown)}

    screens.register_data(screens.CHECKIN, provide)
    screens.register_extra(screens.CHECKIN_PANEL, "stub/_panel.html")
    screens.register_extra(screens.CHECKIN_ROW, "stub/_row.html")
    try:
        page = director_client.get(reverse("director:checkin", args=[tournament.slug])).content.decode()
        row = director_client.post(reverse("director:checkin_toggle", args=[tournament.slug, teams[0].pk]),
                                   {"present": "1"}, HTTP_HX_REQUEST="true").content.decode()
    finally:
        screens.unregister_data(screens.CHECKIN, provide)
        screens.unregister_extra(screens.CHECKIN_PANEL, "stub/_panel.html")
        screens.unregister_extra(screens.CHECKIN_ROW, "stub/_row.html")
    assert asked == [3, 1]  # once for the whole list, then for the row tapped
    assert "<p data-stub-panel>3 shown</p>" in page
    for team in teams:
        assert f'<span data-stub-row="{team.number}">stubbed</span>' in page
    assert f'<span data-stub-row="{teams[0].number}">stubbed</span>' in row
    assert "data-stub" not in director_client.get(reverse("director:checkin", args=[tournament.slug])).content.decode()


def test_the_fee_at_the_check_in_is_door_s_registration(director_client, tournament, make_teams):
    from door.services import set_fee

    make_teams(tournament, 2)
    assert 'data-testid="dues"' not in director_client.get(reverse("director:checkin", args=[tournament.slug])).content.decode()
    set_fee(tournament, "team", 500, [])
    page = director_client.get(reverse("director:checkin", args=[tournament.slug])).content.decode()
    assert page.count('data-testid="dues"') == 2 and 'data-testid="door-links"' in page


def test_a_standings_extra_is_rendered_with_the_public_standings(client, tournament, make_teams, stub_templates):
    make_teams(tournament, 2)

    def provide(tournament_: Tournament, standings) -> dict:
        return {"stub_after": standings.after_round}

    screens.register_data(screens.STANDINGS, provide)
    screens.register_extra(screens.PUBLIC_STANDINGS, "stub/_standings.html")
    try:
        page = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    finally:
        screens.unregister_data(screens.STANDINGS, provide)
        screens.unregister_extra(screens.PUBLIC_STANDINGS, "stub/_standings.html")
    assert "<p data-stub-standings>after 0</p>" in page


def test_home_lists_show_the_registered_extras(client, director_client, tournament, stub_templates):
    screens.register_extra(screens.PUBLIC_HOME, "stub/_home.html")
    screens.register_extra(screens.DIRECTOR_HOME, "stub/_link.html")
    try:
        public = client.get("/").content.decode()
        director = director_client.get(reverse("director:tournament_list")).content.decode()
    finally:
        screens.unregister_extra(screens.PUBLIC_HOME, "stub/_home.html")
        screens.unregister_extra(screens.DIRECTOR_HOME, "stub/_link.html")
    assert "<p data-stub-home>stub home</p>" in public
    assert '<a data-stub-link href="/stub/">Stub</a>' in director
    assert f'href="{reverse("seasons:list")}">Competitions</a>' in director  # seasons' own link


def test_the_site_menu_and_the_team_form_show_the_registered_extras(director_client, tournament, make_teams,
                                                                    stub_templates):
    (stub_templates / "stub" / "_menu.html").write_text('<li class="nav-item" data-stub-menu>Stub</li>')
    (stub_templates / "stub" / "_intro.html").write_text('<p data-stub-intro>{{ tournament.name }}</p>')
    team = make_teams(tournament, 1)[0]
    screens.register_extra(screens.SITE_MENU, "stub/_menu.html")
    screens.register_extra(screens.TEAM_FORM_INTRO, "stub/_intro.html")
    try:
        home = director_client.get("/").content.decode()
        public = Client(HTTP_ACCEPT_LANGUAGE="en").get("/").content.decode()  # not logged in
        added = director_client.get(reverse("director:team_add", args=[tournament.slug])).content.decode()
        edited = director_client.get(reverse("director:team_edit", args=[tournament.slug, team.pk])).content.decode()
    finally:
        screens.unregister_extra(screens.SITE_MENU, "stub/_menu.html")
        screens.unregister_extra(screens.TEAM_FORM_INTRO, "stub/_intro.html")
    assert home.index(">Director</a></li>") < home.index(">People</a></li>") < home.index("data-stub-menu")
    assert "data-stub-menu" not in public  # a director's menu
    for page in (added, edited):
        assert f"<p data-stub-intro>{tournament.name}</p>" in page
    assert "data-stub" not in director_client.get("/").content.decode()


def test_the_register_is_people_s_own_in_the_menu_and_the_team_form(director_client, tournament):
    """The people app's menu item and team-form intro, where the core named its URL before."""
    register = reverse("people:register")
    home = director_client.get("/").content.decode()
    assert f'<li class="nav-item"><a class="nav-link" href="{register}">People</a></li>' in home
    assert register not in Client(HTTP_ACCEPT_LANGUAGE="en").get("/").content.decode()
    form = director_client.get(reverse("director:team_add", args=[tournament.slug])).content.decode()
    assert f'<a href="{register}">The register</a></p>' in form and 'js/people.js" defer></script>' in form


def test_an_unknown_slot_or_page_is_refused():
    with pytest.raises(ValueError):
        screens.register_extra("no-such-slot", "stub/_row.html")
    with pytest.raises(ValueError):
        screens.register_data("no-such-page", lambda *args: {})
    with pytest.raises(ValueError):
        screens.register_tab(screens.Tab("teams", 1, "Twice", "director:team_list"))


def test_a_registration_made_twice_is_refused_and_named():
    """One rule for every registry: a repeated key raises, naming it (an app registers once)."""
    from tournaments.services.tournament_file import sections

    def provide(*args):
        return {}

    for make_twice, key in [
        (lambda: screens.register_extra(screens.CHECKIN_ROW, "door/_dues.html"), "door/_dues.html"),
        (lambda: screens.register_data(screens.STANDINGS, screens.DATA[screens.STANDINGS][0]), "standings_data"),
        (lambda: screens.also_active("checkin", "door:cash"), "door:cash"),
        (lambda: register_sheet("cash", lambda tournament_: None), "cash"),
        (lambda: register(StubFile) and register(StubFile), "stub-xlsx"),
        (lambda: sections.register(sections.Section(name="prizes")), "prizes"),
    ]:
        registered()  # every app's exporters and sheets found first
        try:
            with pytest.raises(ValueError, match=key):
                make_twice()
        finally:
            unregister("stub-xlsx")
    screens.register_data(screens.CHECKIN, provide)
    try:
        with pytest.raises(ValueError, match="provide"):
            screens.register_data(screens.CHECKIN, provide)
    finally:
        screens.unregister_data(screens.CHECKIN, provide)


class StubFile(Exporter):
    identifier = "stub-xlsx"
    name = "Stub file"
    content_type = XLSX
    extension = "xlsx"
    order = 35

    def render(self, tournament, *, round_=None, after_round=None, site_url=None) -> bytes:
        return StandingsWorkbook(tournament).render()


class StubCompetitionFile(StubFile):
    identifier = "stub-competition-xlsx"
    scope = COMPETITION


def test_a_registered_exporter_is_listed_and_served_in_its_order(director_client, tournament):
    register(StubFile)
    register(StubCompetitionFile)
    try:
        listed = [found.identifier for found in director_downloads(tournament)]
        page = director_client.get(reverse("director:standings", args=[tournament.slug])).content.decode()
        served = director_client.get(reverse("director:file", args=[tournament.slug, "stub-xlsx"]))
        competition_file = director_client.get(reverse("director:file", args=[tournament.slug, "stub-competition-xlsx"]))
    finally:
        unregister("stub-xlsx")
        unregister("stub-competition-xlsx")
    assert listed.index("standings-xlsx") < listed.index("stub-xlsx") < listed.index("rulings-pdf")
    assert 'data-exporter="stub-xlsx"' in page and "stub-competition-xlsx" not in page
    assert served.status_code == 200 and served["Content-Disposition"].endswith('-stub.xlsx"')
    assert competition_file.status_code == 404  # a competition's file is not a tournament's


def test_the_apps_files_are_in_the_registry():
    """The prize list (prizes) among a tournament's files, in its place; a competition's files
    (seasons) only in the competition scope."""
    listed = [found.identifier for found in registered()]
    assert listed[:3] == ["standings-pdf", "prizes-pdf", "standings-xlsx"]
    assert {found.identifier for found in registered(COMPETITION)} == {
        "competition-standings-pdf", "competition-standings-xlsx"}
    assert exporter("competition-standings-pdf") is None
    assert exporter("competition-standings-pdf", COMPETITION) is not None


class StubSheet:
    def __init__(self, tournament: Tournament):
        self.tournament = tournament

    def spec(self) -> SheetSpec:
        return SheetSpec("stub", "Stub sheet", (12,))

    def rows(self):
        yield ["Name"]
        yield [self.tournament.name]


def test_a_registered_sheet_is_added_to_the_standings_workbook(tournament, make_teams):
    make_teams(tournament, 2)
    add_round(tournament)
    register_sheet("stub", StubSheet)
    register_sheet("stub-none", lambda tournament_: None)  # a tournament without such a sheet
    try:
        workbook = load_workbook(io.BytesIO(StandingsWorkbook(tournament).render()))
    finally:
        unregister_sheet("stub")
        unregister_sheet("stub-none")
    assert workbook.sheetnames == ["Standings", "Round 1", "Stub sheet"]
    assert [row for row in workbook["Stub sheet"].iter_rows(values_only=True)] == [("Name",), (tournament.name,)]


def test_load_demo_prints_what_each_app_adds(db):
    def stub(**kwargs) -> list[str]:
        return ["Stub demo: loaded."]

    demo_loaded.connect(stub, dispatch_uid="stub-demo")
    out = io.StringIO()
    try:
        call_command("load_demo", stdout=out)
    finally:
        demo_loaded.disconnect(dispatch_uid="stub-demo")
    lines = out.getvalue().splitlines()
    assert lines[-1] == "Stub demo: loaded."
    assert lines[2].startswith("Demo tournament prizes:") and lines[3].startswith("Demo competition ")
