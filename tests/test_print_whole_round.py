"""The round on paper in one click, and one table's card again (issue 34).

*The whole round* (``whole-round-pdf``, tournaments/exporters/whole_round.py) is the table cards, the
wall list by table, the wall list by team and the desk's team codes in that order, joined from those
files' own print files: each part in its own language, the cards made on publish not laid out again,
made again when a part changes, the phones' warning first like the cards. *Table card* beside each
table on the round page (downloads.table_card) is that table's page of the cards; a table the round
does not have is a 404 with a message.
"""

from __future__ import annotations

import datetime
import io
from unittest import mock

import pypdf
import pytest
from django.test import Client
from django.utils import timezone, translation

from tournaments.exporters import round_pdfs
from tournaments.exporters.base import exporter
from tournaments.models import PrintFile, PrintFileStatus, Team
from tournaments.services import background

# The same on every database (which pages, in which order and language): CI's PostgreSQL run leaves
# the module out (tests/conftest.py).
pytestmark = pytest.mark.same_on_every_database

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
LAN = "http://192.168.1.20:8000/"
PARTS = ["table-cards-pdf", "wall-by-table-pdf", "wall-by-team-pdf", "team-codes-pdf"]
FIXED_NOW = timezone.make_aware(datetime.datetime(2026, 11, 21, 9, 30))


@pytest.fixture(autouse=True)
def _address(settings):
    """The phones' address the LAN's, the director's browser on the laptop or by that address."""
    settings.ALLOWED_HOSTS = ["testserver", "localhost", "192.168.1.20"]
    settings.PUBLIC_URL = LAN


@pytest.fixture
def round_1(tournament, published_round):
    """Round 1 of five teams (two tables and a bye), published; the papers in Dutch."""
    tournament.language = "nl"
    tournament.save(update_fields=["language"])
    return published_round(tournament, 5)


def pages(content: bytes) -> list[str]:
    assert content.startswith(b"%PDF-")
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages]


def file_url(round_, identifier: str) -> str:
    return f"/director/t/{round_.tournament.slug}/rounds/{round_.number}/files/{identifier}/"


def card_url(round_, table: int) -> str:
    return f"/director/t/{round_.tournament.slug}/rounds/{round_.number}/tables/{table}/card.pdf"


def test_the_whole_round_is_the_cards_the_wall_lists_and_the_codes_in_that_order(director_client, round_1):
    """One file of the parts' pages in order, each part as its own download gives it (the same print
    file: made once), the cards and wall lists in the tournament's language, the codes in the
    director's."""
    response = director_client.get(file_url(round_1, "whole-round-pdf"), **EN)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="keezen-cup-2026-round-1-whole-round.pdf"'
    whole = pages(response.content)
    parts = {identifier: pages(director_client.get(file_url(round_1, identifier), **EN).content)
             for identifier in PARTS}
    assert whole == [page for identifier in PARTS for page in parts[identifier]]
    assert [len(parts[identifier]) for identifier in PARTS[:2]] == [2, 1]  # a card per table
    assert "Tafel 1" in whole[0] and "Tafel 2" in whole[1] and "Scoreformulier" in whole[0]  # with its sheet
    assert "Ronde 1 · Tafels" in whole[2] and "Waar speelt mijn team?" in whole[3]
    assert "Team codes for the desk" in whole[4]  # the desk's list: the director's language
    for identifier in PARTS:  # each part made once, for the whole and its own download alike
        assert PrintFile.objects.filter(round=round_1, exporter=identifier).count() == 1, identifier


def test_the_whole_round_joins_the_cards_made_on_publish_and_follows_its_parts(settings, director_client,
                                                                              tournament, make_teams):
    """With the background worker: publishing makes the cards and wall lists; the whole round is
    not made on publish, and a click makes it from those files without laying the cards out again.
    A change to a part (a team's name) is a new file."""
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import add_round

    settings.PRINT_FILES_RUN = "task"
    make_teams(tournament, 4)
    round_ = add_round(tournament)
    pair_round(round_)
    assert director_client.post(f"/director/t/{tournament.slug}/rounds/1/publish/").status_code == 302
    assert set(PrintFile.objects.filter(round=round_).values_list("exporter", flat=True)) == {
        "table-cards-pdf", "wall-by-table-pdf", "wall-by-team-pdf"}
    made = []
    real = round_pdfs.table_cards_pdf
    with mock.patch.object(round_pdfs, "table_cards_pdf", lambda *args, **kwargs: made.append(1) or real(*args, **kwargs)):
        background.run_ready(["print-files"])  # the worker makes the published round's files
        assert len(made) == 1
        waiting = director_client.get(file_url(round_, "whole-round-pdf"), **EN)
        assert waiting.status_code == 202  # queued: the worker makes it
        background.run_ready(["print-files"])
        whole = PrintFile.objects.get(round=round_, exporter="whole-round-pdf")
        assert whole.status == PrintFileStatus.READY and len(made) == 1  # the cards made on publish, joined
    cards = PrintFile.objects.get(round=round_, exporter="table-cards-pdf")
    assert pages(bytes(whole.content))[:2] == pages(bytes(cards.content))
    found = exporter("whole-round-pdf")
    with translation.override("en"):
        key = found.content_key(tournament, round_, None, LAN)
        assert found.content_key(tournament, round_, None, LAN) == key
        Team.objects.filter(tournament=tournament, number=1).update(name="De Nieuwe Naam")
        assert found.content_key(tournament, round_, None, LAN) != key


def test_the_whole_round_and_one_card_warn_first_when_phones_cannot_open_the_codes(director_client, round_1,
                                                                                  settings):
    settings.PUBLIC_URL = ""  # no LAN address found, the director on the laptop itself
    for url in (file_url(round_1, "whole-round-pdf"), card_url(round_1, 1)):
        warned = director_client.get(url, HTTP_HOST="localhost:8000", **EN)
        assert warned.status_code == 200 and 'id="phones-warning"' in warned.content.decode(), url
        assert not PrintFile.objects.filter(round=round_1).exists()  # nothing made before the answer
    for url in (file_url(round_1, "whole-round-pdf"), card_url(round_1, 1)):
        printed = director_client.get(f"{url}?anyway=1", HTTP_HOST="localhost:8000", **EN)
        assert printed["Content-Type"] == "application/pdf", url
        assert "localhost:8000/s/" in "".join(pages(printed.content)).replace("\n", ""), url


def test_the_round_page_prints_the_whole_round_first_and_each_table_card(director_client, round_1):
    page = director_client.get(f"/director/t/{round_1.tournament.slug}/rounds/1/", **EN).content.decode()
    printed = page.split("Print:</span>", 1)[1].split("</div>", 1)[0]
    assert printed.index('data-exporter="whole-round-pdf"') < printed.index('data-exporter="table-cards-pdf"')
    assert "Whole round: table cards, wall lists, team codes" in printed
    for table in round_1.tables.all():
        row = page.split(f'id="table-{table.number}"', 1)[1].split("</tr>", 1)[0]
        assert f'href="{card_url(round_1, table.number)}"' in row and "table card" in row


def test_one_tables_card_is_its_page_of_the_cards(director_client, round_1):
    with mock.patch("django.utils.timezone.localtime", return_value=FIXED_NOW):
        card = director_client.get(card_url(round_1, 2), **EN)
        every = director_client.get(file_url(round_1, "table-cards-pdf"), **EN)
    assert card.status_code == 200 and card["Content-Type"] == "application/pdf"
    assert card["Content-Disposition"] == 'inline; filename="keezen-cup-2026-round-1-table-2-card.pdf"'
    (only,) = pages(card.content)
    assert sorted(only.split()) == sorted(pages(every.content)[1].split())
    assert "Tafel 2" in only and "Scoreformulier" in only  # in the tournament's language, with its sheet
    table = round_1.tables.get(number=2)
    assert f"192.168.1.20:8000/s/{table.token}" in only.replace("\n", "")


def test_a_table_the_round_does_not_have_is_a_404_with_a_message(director_client, round_1):
    missing = director_client.get(card_url(round_1, 99), **EN)
    assert missing.status_code == 404 and "Round 1 has no table 99." in missing.content.decode()
    assert director_client.get(f"/director/t/{round_1.tournament.slug}/rounds/7/tables/1/card.pdf").status_code == 404
    assert Client().get(card_url(round_1, 1)).status_code == 302  # not logged in: the login first
