"""The papers for the tables and the wall speak the tournament's language, whatever the director's
browser speaks; the director's own lists follow the browser (docs/printing.md)."""

from __future__ import annotations

import io

import pypdf
import pytest

from tournaments.models import PrintFile

# The same on every database (the papers' language comes from the tournament's setting, read as any
# field): CI's PostgreSQL run leaves the module out (tests/conftest.py).
pytestmark = pytest.mark.same_on_every_database

NL = {"HTTP_ACCEPT_LANGUAGE": "nl"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages)


@pytest.fixture
def english_cup(tournament, published_round):
    tournament.language = "en"
    tournament.save(update_fields=["language"])
    published_round(tournament, 4)
    return tournament


def test_a_dutch_browser_prints_an_english_tournaments_standings_in_english(director_client, english_cup):
    for name in ("standings", "prizes"):
        response = director_client.get(f"/director/t/{english_cup.slug}/{name}.pdf", **NL)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        text = pdf_text(response.content)
        assert ("Standings" if name == "standings" else "Prize list") in text, text
        assert "Page 1 of 1" in text and "Printed" in text
        assert "Stand ·" not in text and "Prijslijst" not in text and "Pagina" not in text
    # The director's page around it stays Dutch.
    page = director_client.get(f"/director/t/{english_cup.slug}/standings/", **NL).content.decode()
    assert '<html lang="nl">' in page and "Plaats" in page


def test_the_round_papers_follow_the_tournament_not_the_browser(director_client, english_cup):
    base = f"/director/t/{english_cup.slug}/rounds/1"
    cards = pdf_text(director_client.get(f"{base}/table-cards.pdf", **NL).content)
    assert "Table 1" in cards and "Score sheet" in cards and "House rules" in cards
    assert "Tafel 1" not in cards and "Scoreformulier" not in cards
    by_team = pdf_text(director_client.get(f"{base}/wall-by-team.pdf", **NL).content)
    assert "Where does my team play?" in by_team and "Waar speelt" not in by_team
    by_table = pdf_text(director_client.get(f"{base}/wall-by-table.pdf", **NL).content)
    assert "Colours" in by_table
    assert set(PrintFile.objects.filter(tournament=english_cup).values_list("language", flat=True)) == {"en"}


def test_a_dutch_tournament_prints_dutch_for_an_english_browser(director_client, tournament, published_round):
    published_round(tournament, 4)
    cards = pdf_text(director_client.get(f"/director/t/{tournament.slug}/rounds/1/table-cards.pdf", **EN).content)
    assert "Tafel 1" in cards and "Scoreformulier" in cards and "Score sheet" not in cards
    standings = pdf_text(director_client.get(f"/director/t/{tournament.slug}/standings.pdf", **EN).content)
    assert "Stand ·" in standings and "Plaats" in standings and "Standings" not in standings


def test_one_file_per_language_of_the_tournament_whatever_the_browsers(director_client, english_cup):
    """A Dutch and an English browser get the same file: it is made once."""
    url = f"/director/t/{english_cup.slug}/rounds/1/table-cards.pdf"
    first = director_client.get(url, **NL).content
    second = director_client.get(url, **EN).content
    assert PrintFile.objects.filter(tournament=english_cup, exporter="table-cards-pdf").count() == 1
    assert first == second


def test_the_directors_own_lists_follow_the_browser(director_client, english_cup):
    """The missing results and the desk's team codes are the director's working lists."""
    base = f"/director/t/{english_cup.slug}/rounds/1"
    missing = pdf_text(director_client.get(f"{base}/missing-results.pdf", **NL).content)
    assert "Ontbrekende uitslagen" in missing
    codes = pdf_text(director_client.get(f"{base}/files/team-codes-pdf/", **EN).content)
    assert "Team codes for the desk" in codes
