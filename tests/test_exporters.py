"""Every registered exporter, once, through the one download view: the file it names, its content
type and disposition, and content of that kind. What each file says is tested with its renderer
(test_standings_exports.py, test_round_pdfs.py, test_excel_teams.py, test_tournament_file.py)."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.urls import reverse

from tournaments.exporters.base import director_downloads, exporter, registered, round_downloads
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table

# The same on every database (the file's name, type and kind; what each says is tested with its
# renderer): CI's PostgreSQL run leaves the module out (tests/conftest.py).
pytestmark = pytest.mark.same_on_every_database

IDENTIFIERS = sorted(found.identifier for found in registered())  # a tournament's files, every app's


@pytest.fixture
def played(tournament, make_teams):
    teams = make_teams(tournament, 4)
    round_ = add_round(tournament)
    record_result(add_table(round_, teams[:2]), {"arrivals": [0, 1, 0]})
    add_table(round_, teams[2:])
    return round_


def check_content(content_type: str, content: bytes) -> None:
    if content_type == "application/pdf":
        assert content.startswith(b"%PDF-") and content.rstrip().endswith(b"%%EOF")
    elif content_type.endswith("spreadsheetml.sheet"):
        assert "xl/workbook.xml" in zipfile.ZipFile(io.BytesIO(content)).namelist()
    else:
        assert json.loads(content)["format"] == "keezen-tournament"


@pytest.mark.parametrize("identifier", IDENTIFIERS)
def test_every_exporter_downloads_its_file(director_client, tournament, played, identifier):
    found = exporter(identifier)
    if found.per_round:
        url = reverse("director:round_file", args=[tournament.slug, played.number, identifier])
    else:
        url = reverse("director:file", args=[tournament.slug, identifier])
    response = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == found.content_type
    disposition = "inline" if found.inline else "attachment"
    assert response["Content-Disposition"] == f'{disposition}; filename="{found.filename(tournament, played if found.per_round else None)}"'
    check_content(found.content_type, response.content)


def test_the_lists_come_from_the_registry_and_unknown_files_are_404(director_client, tournament, played):
    assert {e.identifier for e in director_downloads(tournament)} | {e.identifier for e in round_downloads(played)} \
        == set(IDENTIFIERS)
    standings_page = director_client.get(f"/director/t/{tournament.slug}/standings/").content.decode()
    for found in director_downloads(tournament):
        assert f'data-exporter="{found.identifier}"' in standings_page
    round_page = director_client.get(f"/director/t/{tournament.slug}/rounds/1/").content.decode()
    for found in round_downloads(played):
        assert f'data-exporter="{found.identifier}"' in round_page
    assert director_client.get(f"/director/t/{tournament.slug}/files/no-such-file/").status_code == 404
    assert director_client.get(f"/director/t/{tournament.slug}/files/table-cards-pdf/").status_code == 404
    assert director_client.get(f"/director/t/{tournament.slug}/rounds/1/files/standings-pdf/").status_code == 404
    bad = director_client.get(f"/director/t/{tournament.slug}/files/standings-xlsx/?after_round=²")
    assert bad.status_code == 400 and b"after_round" in bad.content

