"""Team passes for the door (``team-passes-pdf``, tournaments/exporters/team_passes_pdf.py): a card
per active team (per player in individual entry), by name as people sort names, each with the
tournament, the team's number, name and players, the QR code of its pass and the short address
under it; a replaced pass makes the file again, with the new link and without the old. Only
directors download it: the cards hold every team's secret.

The PDF's text is read with pypdf; each QR code is read back from the page's drawing (segno's
matrix of the pass's address, as tests/test_round_pdfs.py reads the table cards' codes)."""

from __future__ import annotations

import io
import re

import pypdf
import pytest
import segno
from django.test import Client
from django.urls import reverse
from django.utils import translation

from common.pdf import qr
from tournaments.exporters.base import exporter
from tournaments.exporters.team_passes_pdf import pass_url
from tournaments.models import Entry, PrintFile, Team
from tournaments.names import sort_key
from tournaments.services.team_passes import replace_pass
from tournaments.services.teams import TeamData, register_teams

pytestmark = pytest.mark.usefixtures("english")
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SITE = "http://testserver/"  # the address the test client's QR codes hold (tests/conftest.py)
IDENTIFIER = "team-passes-pdf"
NAMES = {1: "zeven Splitters", 2: "Apen", 3: "’t Hooft", 4: "Dames", 5: "Boeren"}


def pdf_pages(content: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages]


def file_url(tournament) -> str:
    return reverse("director:file", args=[tournament.slug, IDENTIFIER])


def download(client, tournament) -> bytes:
    response = client.get(file_url(tournament), **EN)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return response.content


def codes_on(content: bytes) -> list[list[list[int]]]:
    """Every QR code drawn in the file, page by page, as its matrix of modules: each code is one
    graphics state of stroked lines, one line per run of dark modules (common/pdf/stamping.py)."""
    found = []
    for page in pypdf.PdfReader(io.BytesIO(content)).pages:
        data = page.get_contents().get_data()
        for path in re.findall(rb" cm 0 0 0 RG 1 w 0 J \[\] 0 d (.*?) S Q", data, re.DOTALL):
            runs = [(int(x1), int(float(y) - 0.5), int(x2)) for x1, y, x2 in
                    re.findall(rb"(\d+) (\d+\.5) m (\d+) \2 l", path)]
            size = max(y for _x1, y, _x2 in runs) + 1 - qr.BORDER  # the last row has a dark module (the finder)
            modules = [[0] * size for _ in range(size)]
            for x1, y, x2 in runs:
                for x in range(x1, x2):
                    modules[y - qr.BORDER][x - qr.BORDER] = 1
            found.append(modules)
    return found


def matrix(url: str) -> list[list[int]]:
    return [list(row) for row in segno.make_qr(url, error="m", mask=qr.MASK).matrix]


@pytest.fixture
def english_papers(tournament):
    """The tournament's printed papers in English (the file is for the players: in the tournament's
    language, whatever the browser speaks)."""
    tournament.language = "en"
    tournament.save(update_fields=["language"])
    return tournament


@pytest.fixture
def teams(english_papers, make_teams) -> list[Team]:
    """Five named teams, the fourth ("Dames") withdrawn."""
    tournament = english_papers
    make_teams(tournament, 5)
    for number, name in NAMES.items():
        Team.objects.filter(tournament=tournament, number=number).update(name=name, withdrawn=number == 4)
    return list(Team.objects.filter(tournament=tournament).order_by("number"))


def test_a_card_per_active_team_with_its_pass(director_client, tournament, teams):
    content = download(director_client, tournament)
    pages = pdf_pages(content)
    assert len(pages) == 1  # eight cards to a page
    text = pages[0]
    flat = text.replace("\n", "")
    active = [team for team in teams if not team.withdrawn]
    for team in active:
        assert f"{team.number}. {team.name}" in text
        assert all(name in text for name in team.player_names)  # "Speler 1a", "Speler 1b"
        assert f"testserver/p/{team.pass_token}" in flat  # the short address under the code
    withdrawn = teams[3]
    assert withdrawn.name not in text and withdrawn.pass_token not in flat
    assert text.count("Team pass") == len(active) and text.count("Keep it to yourself.") == len(active)
    assert text.count("Keezen Cup 2026") >= len(active) and text.count("21 November 2026") == len(active)
    assert "Your team's page for the whole day" in text and "Player pass" not in text
    # By name as the wall list sorts names ("’t Hooft" under H), then number.
    shown = sorted(active, key=lambda team: text.index(f"{team.number}. {team.name}"))
    assert [team.name for team in shown] == sorted((team.name for team in active), key=sort_key)
    assert [team.name for team in shown] == ["Apen", "Boeren", "’t Hooft", "zeven Splitters"]
    # Each code is the pass's absolute address, in the cards' order.
    assert codes_on(content) == [matrix(pass_url(SITE, team)) for team in shown]
    assert pass_url(SITE, shown[0]) == f"http://testserver/p/{shown[0].pass_token}/"


def test_the_file_is_listed_with_the_tournaments_files(director_client, tournament, teams):
    found = exporter(IDENTIFIER)
    assert found.for_players and found.shows_links and not found.per_round
    page = director_client.get(reverse("director:standings", args=[tournament.slug]), **EN).content.decode()
    assert f'data-exporter="{IDENTIFIER}"' in page and f'href="{file_url(tournament)}"' in page
    assert ">Team passes<" in page


def test_a_replaced_pass_makes_the_file_again(director_client, tournament, teams):
    found = exporter(IDENTIFIER)
    team = teams[1]
    old = team.pass_token
    with translation.override("en"):
        before = found.content_key(tournament, site_url=SITE)
        assert found.content_key(tournament, site_url=SITE) == before  # the same content, the same key
    first = download(director_client, tournament)
    assert old in "".join(pdf_pages(first)).replace("\n", "")
    replace_pass(team)
    with translation.override("en"):
        after = found.content_key(tournament, site_url=SITE)
        assert after != before
        assert found.content_key(tournament, site_url="http://192.168.1.20:8000/") != after  # another address
    with translation.override("nl"):
        assert found.content_key(tournament, site_url=SITE) != after  # another language
    second = download(director_client, tournament)
    flat = "".join(pdf_pages(second)).replace("\n", "")
    assert f"testserver/p/{team.pass_token}" in flat and old not in flat
    assert matrix(pass_url(SITE, team)) in codes_on(second)
    assert PrintFile.objects.filter(tournament=tournament, exporter=IDENTIFIER, key=after).exists()


def test_the_cards_speak_the_tournaments_language(director_client, tournament, make_teams):
    """Dutch papers (the default), an English browser: the cards in Dutch, as the table cards."""
    make_teams(tournament, 1)
    text = pdf_pages(download(director_client, tournament))[0]
    assert "21 november 2026" in text and "21 November 2026" not in text


def test_an_individual_tournament_prints_player_passes(director_client, english_papers):
    tournament = english_papers
    tournament.entry = Entry.INDIVIDUAL
    tournament.save(update_fields=["entry"])
    register_teams(tournament, [TeamData(name=name, players=(name,)) for name in ("Eva Visser", "Anna de Vries")])
    assert exporter(IDENTIFIER).label(tournament) == "Player passes"
    page = director_client.get(reverse("director:standings", args=[tournament.slug]), **EN).content.decode()
    assert ">Player passes<" in page
    text = pdf_pages(download(director_client, tournament))[0]
    assert text.count("Player pass") == 2 and "Team pass" not in text
    assert "Your page for the whole day" in text and "Your team's page" not in text
    assert text.count("Eva Visser") == 1  # the player's name, not again as the team's only player
    assert text.index("Anna de Vries") < text.index("Eva Visser")


def test_only_directors_get_the_passes(client, player_user, tournament, teams):
    url = file_url(tournament)
    response = Client().get(url)
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    client.force_login(player_user)
    assert client.get(url).status_code == 403


def test_no_teams_yet(director_client, english_papers):
    text = pdf_pages(download(director_client, english_papers))[0]
    assert "No teams registered yet." in text and "Keezen Cup 2026" in text
