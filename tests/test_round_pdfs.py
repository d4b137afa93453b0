"""A round on paper: table cards with score sheets, the two wall lists and the missing results.

The PDFs' text is read with pypdf; what is hard to read back from a PDF (how many sheet lines)
is checked on the HTML that WeasyPrint lays out. One page per table is checked on the laid-out
document for tables of two and three teams, in every scoring system.
"""

from __future__ import annotations

import datetime
import io
import json
import random
import re
import secrets
from unittest import mock

import pypdf
import pytest
import segno
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

import scoring
from common import pdf
from common.pdf import qr
from tournaments.exporters import round_pdfs
from tournaments.models import Bye, Result, Table, Team, Tournament
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table

SITE = "http://keezen.local/"


def pdf_pages(content: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages]


FIXED_NOW = timezone.make_aware(datetime.datetime(2026, 11, 21, 9, 30))


def page_words(pages: list[str]) -> list[list[str]]:
    """Each page's words, sorted (the PDFs' texts, read once: reading a page costs more than laying it out)."""
    return [sorted(text.split()) for text in pages]


def seat(tournament: Tournament, groups: list[list[int]], byes: tuple[int, ...] = ()):
    """A new round with one table per group of team numbers, and byes."""
    round_ = add_round(tournament)
    teams = {team.number: team for team in tournament.teams.all()}
    for group in groups:
        add_table(round_, [teams[n] for n in group])
    for n in byes:
        Bye.objects.create(round=round_, team=teams[n])
    return round_


@pytest.fixture
def two_team_round(tournament, make_teams):
    """Round 1: tables 1 (teams 1, 2) and 2 (3, 4); team 5 has a bye. Names sort apart from numbers."""
    make_teams(tournament, 5)
    for number, name in {1: "zeven Splitters", 2: "Apen", 3: "boeren", 4: "Harten Vrouw", 5: "Dames"}.items():
        Team.objects.filter(tournament=tournament, number=number).update(name=name)
    return seat(tournament, [[1, 2], [3, 4]], byes=(5,))


def three_team_tournament(tournament, make_teams, system: str):
    tournament.teams_per_table = 3
    tournament.scoring_system = system
    tournament.save()
    make_teams(tournament, 8)
    return seat(tournament, [[1, 2, 3], [4, 5, 6], [7, 8]])


def card_html(round_) -> str:
    with translation.override("en"):
        return round_pdfs.table_cards_html(round_, SITE)


def sheet_lines(html: str) -> list[int]:
    """The numbered lines of each pawn-order sheet, one count per card."""
    return [len(re.search(r'<div class="n">(.*?)</div>', card, re.DOTALL).group(1).split("\n")) for card in html.split('<section class="card">')[1:]]


# --- table cards -------------------------------------------------------------------------


@pytest.mark.same_on_every_database
def test_table_cards_pawn_order_two_teams(two_team_round):
    """The cards of a round of two tables, laid out one by one; the file as made for the download
    (:func:`round_pdfs.table_cards_pdf`), and made in two parts on two cores, holds the same words on
    every page (every card with its own house rules, sheet and QR code); each card's QR code is the
    matrix segno makes for the card's link with the fixed mask (the same modules as segno's SVG in
    table_cards_html), drawn as one stroked line per run of dark modules. One test: all of it reads
    the same cards, each way of making them made once."""
    with translation.override("en"), mock.patch("django.utils.timezone.localtime", return_value=FIXED_NOW):
        document = round_pdfs.table_cards_document(two_team_round, SITE)
        direct = document.write_pdf()
        composed = round_pdfs.table_cards_pdf(two_team_round, SITE)
        in_parts = round_pdfs.table_cards_pdf(two_team_round, SITE, per_process=1)
    pages = pdf_pages(direct)
    composed_pages = pdf_pages(composed)
    assert len(document.pages) == len(pages) == 2  # one A4 page per table
    for page, (number, names) in zip(pages, [(1, ["zeven Splitters", "Apen"]), (2, ["boeren", "Harten Vrouw"])]):
        assert f"Table {number}" in page and "Round 1" in page
        assert "Keezen Cup 2026" in page and "De Kwakel" in page and "21 November 2026" in page
        for name in names:
            assert name in page
        assert "Speler" in page and "red" in page and "blue" in page  # players and their colours
        assert "deals first" in page
        assert "Stopped by the clock" in page and "Forfeit" in page and "Signatures" in page
        assert "House rules" in page and "you may swap with your partner's pawn" in page
        # The table's private link under the QR code (it may wrap in the PDF's text), and each
        # team's code on its slip.
        table = two_team_round.tables.get(number=number)
        assert f"keezen.local/s/{table.token}" in page.replace("\n", "")  # the short address
        for seat in table.seats.all():
            assert seat.code in page
    html = card_html(two_team_round)
    assert sheet_lines(html) == [15, 15]
    assert html.count("<svg") == 2 and 'class="segno"' in html
    assert "150\n140\n130" in html and "20\n10</div>" in html  # the points of each line, 150 … 10

    assert page_words(composed_pages) == page_words(pages) == page_words(pdf_pages(in_parts))
    assert "House" in page_words(composed_pages)[1] and "150" in page_words(composed_pages)[1]
    reader = pypdf.PdfReader(io.BytesIO(composed))
    for page, table in zip(reader.pages, two_team_round.tables.order_by("number"), strict=True):
        url = round_pdfs.table_url(SITE, table)
        expected = segno.make_qr(url, error="m", mask=qr.MASK)
        assert _modules_of(page.get_contents().get_data(), len(expected.matrix)) == [list(row) for row in expected.matrix]
        assert 'class="segno"' in round_pdfs.qr_svg(url) and round_pdfs.qr_svg(url) == expected.svg_inline(
            omitsize=True, border=2)


@pytest.mark.same_on_every_database
def test_table_cards_pawn_order_three_teams(tournament, make_teams):
    round_ = three_team_tournament(tournament, make_teams, scoring.PAWN_ORDER)
    html = card_html(round_)
    assert sheet_lines(html) == [22, 22, 15]  # 8 + 7 + 7 at a table of three, 8 + 7 at a table of two
    with translation.override("en"):
        pages = pdf_pages(round_pdfs.table_cards_document(round_, SITE).write_pdf())
    assert len(pages) == 3
    for page, numbers in zip(pages, [(1, 2, 3), (4, 5, 6), (7, 8)]):
        for n in numbers:
            assert f"Team {n}" in page
        assert "yellow" in page if len(numbers) == 3 else "green" in page


@pytest.mark.same_on_every_database
def test_individual_and_pawns_sheets_have_a_row_per_player_or_team(tournament, make_teams):
    tournament.scoring_system = scoring.INDIVIDUAL_11
    tournament.save()
    make_teams(tournament, 2)
    round_ = seat(tournament, [[1, 2]])
    html = card_html(round_)
    assert html.count('<td class="hole"></td>') == 4 * 4  # four players, h1–h4 each
    tournament.scoring_system = scoring.PAWNS_2PT
    tournament.save()
    html = card_html(round_)
    assert html.count('<span class="box"></span></td></tr>') == 2  # a "won" box per team


def test_table_card_queries_do_not_grow_with_the_tables(tournament, make_teams):
    make_teams(tournament, 20)
    small = seat(tournament, [[1, 2], [3, 4]])
    large = seat(tournament, [[n, n + 1] for n in range(1, 20, 2)])
    counts = []
    for round_ in (small, large):
        with CaptureQueriesContext(connection) as queries:
            card_html(round_)
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1] <= 5, counts
    with CaptureQueriesContext(connection) as queries, translation.override("en"):
        round_pdfs.wall_by_team_html(large)
        round_pdfs.missing_results_html(large)
    assert len(queries.captured_queries) <= 10


# --- wall lists and missing results ------------------------------------------------------


def test_wall_by_table(two_team_round):
    with translation.override("en"):
        pages = pdf_pages(round_pdfs.wall_by_table_pdf(two_team_round))
        html = round_pdfs.wall_by_table_html(two_team_round)
    assert len(pages) == 1
    text = pages[0]
    assert "Round 1" in text and "Tables" in text
    for name in ("zeven Splitters", "Apen", "boeren", "Harten Vrouw"):
        assert name in text
    assert "red + yellow" in text and "blue + green" in text
    assert "Dames" in text  # the bye, under the list
    assert re.findall(r'<td class="table-no"[^>]*>(\d+)</td>', html) == ["1", "2"]


def test_wall_by_table_is_compact(tournament, make_teams):
    make_teams(tournament, 40)
    round_ = seat(tournament, [[n, n + 1] for n in range(1, 40, 2)])
    with translation.override("en"):
        pages = pdf_pages(round_pdfs.wall_by_table_pdf(round_))
    assert len(pages) <= 3  # 20 tables
    text = "\n".join(pages)
    for n in range(1, 41):
        assert f"Team {n}" in text


def test_wall_by_team_sorted_by_name_with_the_bye(two_team_round):
    with translation.override("en"):
        lines = round_pdfs.team_lines(two_team_round)
        pages = pdf_pages(round_pdfs.wall_by_team_pdf(two_team_round))
    assert [line.team.name for line in lines] == ["Apen", "boeren", "Dames", "Harten Vrouw", "zeven Splitters"]
    assert [line.table for line in lines] == [1, 2, None, 2, 1]
    assert list(lines[0].opponents) == [f"{lines[4].team.number}. zeven Splitters"]
    text = pages[0]
    rows = [row for row in text.splitlines() if row.startswith(("Apen", "boeren", "Dames", "Harten", "zeven"))]
    assert [row.split()[0] for row in rows] == ["Apen", "boeren", "Dames", "Harten", "zeven"], rows
    assert "bye" in text and "Where does my team play?" in text
    assert "2. Apen" in text and "1. zeven Splitters" in text  # opponents with their numbers


def test_missing_results(two_team_round):
    table = two_team_round.tables.get(number=1)
    record_result(table, {"arrivals": [0, 1, 0]})
    with translation.override("en"):
        html = round_pdfs.missing_results_html(two_team_round)
        text = pdf_pages(round_pdfs.missing_results_pdf(two_team_round))[0]
    assert "Missing results" in text and "1 of 2 tables has no result yet." in text
    assert "boeren" in text and "Harten Vrouw" in text
    assert "Apen" not in text and "zeven Splitters" not in text
    assert re.findall(r'<td class="table-no">(\d+)</td>', html) == ["2"]
    Result.objects.create(table=two_team_round.tables.get(number=2), version=1, sheet={"forfeit": 0})
    with translation.override("en"):
        text = pdf_pages(round_pdfs.missing_results_pdf(two_team_round))[0]
    assert "All results of the 2 tables are in." in text


def test_a_round_without_tables(tournament):
    round_ = add_round(tournament)
    with translation.override("en"):
        for render in (round_pdfs.table_cards_pdf, round_pdfs.wall_by_table_pdf,
                       round_pdfs.wall_by_team_pdf, round_pdfs.missing_results_pdf):
            assert "This round has no tables yet." in pdf_pages(render(round_))[0]


# --- views -------------------------------------------------------------------------------

VIEWS = {
    "round_table_cards": "table-cards",
    "round_wall_tables": "wall-by-table",
    "round_wall_teams": "wall-by-team",
    "round_missing": "missing-results",
}


@pytest.mark.parametrize("name, what", VIEWS.items())
def test_views_return_pdfs_for_directors(director_client, player_user, two_team_round, name, what):
    url = reverse(f"director:{name}", args=["keezen-cup-2026", 1])
    assert url == f"/director/t/keezen-cup-2026/rounds/1/{what}.pdf"
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and "login" in anonymous["Location"]
    response = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="keezen-cup-2026-round-1-{what}.pdf"'
    text = "\n".join(pdf_pages(response.content))
    for team in ("zeven Splitters", "Apen", "boeren", "Harten Vrouw"):  # no results yet: all missing
        assert team in text
    if name == "round_table_cards":
        token = Table.objects.get(round__tournament__slug="keezen-cup-2026", round__number=1, number=2).token
        assert f"testserver/s/{token}" in text.replace("\n", "")  # the short address under the QR code
    assert director_client.get(reverse(f"director:{name}", args=["keezen-cup-2026", 9])).status_code == 404
    assert director_client.get(reverse(f"director:{name}", args=["no-such-cup", 1])).status_code == 404
    player = Client()
    player.force_login(player_user)
    assert player.get(url).status_code == 403


# --- benchmark ---------------------------------------------------------------------------


def test_bench_pairing_prints_its_figures_and_keeps_nothing(db):
    out = io.StringIO()
    call_command("bench_pairing", "--teams", "40", stdout=out)
    text = out.getvalue()
    assert re.search(r"^Swiss round paired, 40 teams after 2 random rounds: \d+\.\d\d s, 0 rematches "
                     r"\(target ≤ 2 s\) met", text, re.MULTILINE), text
    assert 'BENCH_RESULT {"figure": "Swiss round paired, 40 teams' in text
    assert not Tournament.objects.exists() and not Team.objects.exists()


@pytest.mark.same_on_every_database
def test_table_cards_rendered_in_parts_side_by_side_keep_every_card_in_order(tournament, make_teams):
    teams = make_teams(tournament, 8)
    round_ = seat(tournament, [[i, i + 1] for i in range(1, 9, 2)])
    # Two parts of two cards each on two cores: cards in order within a part and across the parts.
    content = round_pdfs.table_cards_pdf(round_, SITE, per_process=2)
    pages = pdf_pages(content)
    assert len(pages) == 4
    for number, page in enumerate(pages, start=1):
        assert re.search(rf"\b{number}\b", page)
        for team in teams[2 * (number - 1):2 * number]:
            assert team.name in page


# --- the file as common.pdf makes it (shared parts laid out once, QR codes drawn) -------------

@pytest.mark.same_on_every_database
@pytest.mark.parametrize("system", scoring.KEEZEN_SYSTEMS)
@pytest.mark.parametrize("teams_per_table", [2, 3])
def test_one_page_per_table_in_every_system_and_the_file_reads_as_the_cards_laid_out(
        tournament, make_teams, system, teams_per_table):
    """One A4 page per table in every system, for tables of two and three teams (and a table of two
    among tables of three), with long team names and the house rules at their longest: each of the
    six sentences in its longer wording (the jack may not swap with the partner, a pawn may go round
    again, a 7 split over up to 7 pawns), so the default rules, no longer in any sentence, fit too.
    The file as made for the download (:func:`round_pdfs.table_cards_pdf`) holds the same words as
    the cards laid out one by one. (One test: both read the same laid-out cards.)"""
    tournament.scoring_system = system
    tournament.teams_per_table = teams_per_table
    tournament.game_rules = {"jack_partner": False, "home_entry": "optional", "seven_max_pawns": 7}
    tournament.save()
    make_teams(tournament, 3 * teams_per_table + 2)
    for team in tournament.teams.all():
        team.name = f"Een heel erg lange teamnaam die maar doorgaat en doorgaat tot de rand {team.number}"
        team.save()
    numbers = list(range(1, 3 * teams_per_table + 1))
    round_ = seat(tournament, [numbers[i:i + teams_per_table] for i in range(0, len(numbers), teams_per_table)]
                  + [[3 * teams_per_table + 1, 3 * teams_per_table + 2]])
    with translation.override("en"), mock.patch("django.utils.timezone.localtime", return_value=FIXED_NOW):
        document = round_pdfs.table_cards_document(round_, SITE)
        direct = document.write_pdf()
        composed = round_pdfs.table_cards_pdf(round_, SITE)
    pages, direct_pages = pdf_pages(composed), pdf_pages(direct)
    assert len(document.pages) == len(direct_pages) == len(pages) == 4
    assert page_words(pages) == page_words(direct_pages)
    for number, page in enumerate(pages, 1):
        assert f"Table {number}" in page and "House rules" in page and "Stopped by the clock" in page
        assert "Forfeit" in page and "Signatures" in page and "team code" in page
        assert "you may not swap with your partner's pawn" in page
        assert "go round again" in page and "at most 7 pawns" in page
    text = "\n".join(pages)
    if system == scoring.INDIVIDUAL_11:
        assert "h1" in text and "h4" in text and "Speler 1a" in text
    elif system == scoring.PAWNS_2PT:
        assert "Pawns home" in text and "All 8 home" in text


def _modules_of(content: bytes, size: int) -> list[list[int]]:
    """The dark modules the code's path (``x y m x2 y l`` lines, quiet zone of 2) covers."""
    modules = [[0] * size for _ in range(size)]
    for x1, y, x2 in re.findall(rb"(\d+) (\d+\.5) m\s+(\d+) \2 l", content):
        row = int(float(y) - 0.5) - 2
        for x in range(int(x1) - 2, int(x2) - 2):
            modules[row][x] = 1
    return modules


def test_qr_codes_are_segnos_with_a_fixed_mask():
    """Every code is a QR code (never Micro QR) of at least error level M with the fixed mask, whatever the address."""
    rng = random.Random(7)
    hosts = ["keezen.local", "192.168.178.23:8000", "localhost", "testserver", "toernooi.example.org:8443"]
    urls = [f"http://{rng.choice(hosts)}/s/{secrets.token_urlsafe(16)}/" for _ in range(30)]
    urls += [f"https://x.nl/{'a' * n}" for n in range(1, 180, 11)]
    for url in urls:
        code = pdf.qr_code(url)
        assert not code.is_micro and code.mask == qr.MASK, url
        assert code.matrix == segno.make(url, error="m", mask=qr.MASK, micro=False).matrix


def test_shared_block_is_laid_out_once_and_drawn_on_every_page():
    head = "<html><head><style>section { break-after: page } .shared { display: flow-root }</style></head><body>"
    block = '<!--kz:shared--><div class="shared"><p>The same on every page</p></div><!--kz:/shared-->'
    html = head + "".join(f"<section><p>Page {n} top</p>{block}<p>Page {n} bottom</p></section>" for n in range(3)) + "</body></html>"
    pages = pdf_pages(pdf.write_pdf(html, "/"))
    assert len(pages) == 3
    for n, page in enumerate(pages):
        assert f"Page {n} top" in page and "The same on every page" in page and f"Page {n} bottom" in page
    # Too tall for a page: the document is laid out as it is, nothing is lost.
    tall = '<!--kz:shared--><div class="shared">' + "<p>line</p>" * 120 + "</div><!--kz:/shared-->"
    pages = pdf_pages(pdf.write_pdf(head + f"<section><p>Only</p>{tall}</section></body></html>", "/"))
    assert len(pages) > 1 and "Only" in pages[0] and sum(page.count("line") for page in pages) == 120


def test_a_block_page_of_several_content_streams_is_drawn_whole():
    """``/Contents`` may be an array of streams (PDF 7.7.3.3): the block's form XObject joins them."""
    from types import SimpleNamespace

    from pypdf.generic import ArrayObject, DecodedStreamObject
    from weasyprint import HTML

    from common.pdf.stamping import stamp

    html = ("<style>@page { size: 300px 300px; margin: 0 } section { break-after: page }</style>"
            "<section><p>Block top</p><p>Block bottom</p></section><section><p>The page</p></section>")
    writer = pypdf.PdfWriter(clone_from=io.BytesIO(HTML(string=html).write_pdf()))
    block = writer.pages[0]
    data = block.get_contents().get_data()
    cut = data.index(b"\n", len(data) // 2) + 1
    parts = []
    for chunk in (data[:cut], data[cut:]):
        part = DecodedStreamObject()
        part.set_data(chunk)
        parts.append(part)
    block.replace_contents(ArrayObject(parts))
    split = io.BytesIO()
    writer.write(split)
    assert isinstance(pypdf.PdfReader(split).pages[0]["/Contents"], ArrayObject)
    stamped = stamp(split.getvalue(), [(0, 0, 300, 300)], [SimpleNamespace(blocks=[(0, 0, 0, 300)], codes=[])])
    pages = pdf_pages(stamped)
    assert len(pages) == 1 and "Block top" in pages[0] and "Block bottom" in pages[0] and "The page" in pages[0]


def test_bench_prints_prints_its_figures_and_keeps_nothing(db):
    out = io.StringIO()
    call_command("bench_prints", "--runs", "1", "--tables", "2", "--teams", "4", stdout=out)  # small: its lines are asserted, not its figures
    text = out.getvalue()
    assert re.search(r"^table cards, 2 tables: \d+\.\d+ s \(no target set\), 2 pages", text, re.MULTILINE), text
    assert re.search(r"^standings PDF, 4 teams: \d+\.\d+ s", text, re.MULTILINE), text
    assert re.search(r"^prize list, 4 teams: \d+\.\d+ s", text, re.MULTILINE), text
    results = [json.loads(line.removeprefix("BENCH_RESULT ")) for line in text.splitlines() if line.startswith("BENCH_RESULT ")]
    assert [result["figure"] for result in results] == ["table cards, 2 tables", "standings PDF, 4 teams", "prize list, 4 teams"]
    assert all(set(result) == {"figure", "measured", "target", "met"} for result in results)
    assert "rolled back: nothing was kept" in text
    assert not Tournament.objects.exists() and not Team.objects.exists()
