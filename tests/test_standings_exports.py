"""Standings as files: the standings and prize-list PDFs and the Excel workbook.

The PDFs' text is read with ``pdftotext`` where it is installed; without it the tests read the
HTML that WeasyPrint lays out (the same template and context) and check that the response is a
PDF. Permissions (anonymous visitors, non-directors) are covered by test_permissions.py.
"""

from __future__ import annotations

import datetime
import io
import shutil
import subprocess
from unittest import mock

import pypdf
import pytest
from django.utils import timezone, translation
from openpyxl import load_workbook

from prizes import exporters as prizes_exporters
from prizes.exporters import prizes_html
from tournaments.exporters import standings_pdf
from tournaments.services.standings import standings
from tournaments.exporters.standings_pdf import css_string, page_counter_css, standings_html
from tournaments.exporters.base import XLSX as XLSX_CONTENT_TYPE
from tournaments.exporters.standings_xlsx import StandingsWorkbook
from devtools.benchmarks import pawn_tournament
from tournaments.models import Round, Table
from tournaments.services.results import record_result
from tournaments.services.tournament_file import import_file

PDFTOTEXT = shutil.which("pdftotext")
NAMES = {"T1": "De Kezers", "T2": "Pionnen", "T3": "Harten Vrouw", "T4": "Boeren", "T5": "Zeven Splitters"}
CLUBS = {"T1": {"club": "De Kwakel"}, "T3": {"club": "Het Pionneke"}}


def tournament_file(**extra) -> dict:
    return {
        "format": "keezen-tournament", "version": 1, "name": "Keezen Cup 2026", "date": "2026-11-21",
        "venue": "De Kwakel", "scoring": "pawn-order", "rounds": 3, "seed": 20261121,
        "teams": [{"id": key, "name": name, "players": [f"{name} A", f"{name} B"], **CLUBS.get(key, {})}
                  for key, name in NAMES.items()],
        "tables": [
            {"round": 1, "table": 1, "teams": ["T1", "T2"], "arrivals": ["T1", "T2", "T1"]},
            {"round": 1, "table": 2, "teams": ["T3", "T4"], "arrivals": ["T4", "T3", "T3"]},
            {"round": 1, "bye": "T5"},
            {"round": 2, "table": 1, "teams": ["T1", "T3"], "forfeit": "T3"},
            {"round": 2, "table": 2, "teams": ["T2", "T5"], "arrivals": ["T5"], "stopped_by_clock": True},
            {"round": 2, "bye": "T4"},
            {"round": 3, "table": 1, "teams": ["T1", "T4"]},
        ],
        **extra,
    }


@pytest.fixture
def cup(db):
    """Round 1 table 1 corrected (version 2); round 3 scheduled, not played; T4 and T5 tie on 300."""
    tournament = import_file(tournament_file())
    table = Table.objects.get(round__tournament=tournament, round__number=1, number=1)
    record_result(table, {"arrivals": [0, 1, 0, 0]}, reason="one pawn forgotten")
    tournament.language = "en"  # the wall's PDFs are printed in the tournament's language (docs/printing.md)
    tournament.save(update_fields=["language"])
    return tournament


# Expected after round 2: T1 400 + 1120; T4 150 + bye 150; T5 bye 150 + 150; T3 270 + 0; T2 140 + 0.
TOTALS = {"T1": 1520, "T4": 300, "T5": 300, "T3": 270, "T2": 140}


def pdf_text(content: bytes) -> str | None:
    if not PDFTOTEXT:
        return None
    return subprocess.run([PDFTOTEXT, "-layout", "-", "-"], input=content, capture_output=True, check=True).stdout.decode()


def assert_pdf(response, filename: str) -> bytes:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="{filename}"'
    content = response.content
    assert content.startswith(b"%PDF-") and content.rstrip().endswith(b"%%EOF")
    return content


def test_standings_order_totals_and_lot(cup):
    report = standings(cup)
    assert report.after_round == 2
    assert [row.team.key for row in report.rows][:1] == ["T1"]
    assert [row.team.key for row in report.rows][3:] == ["T3", "T2"]
    assert {row.team.key: row.points for row in report.rows} == TOTALS
    assert {row.team.key for row in report.rows if row.lot} == {"T4", "T5"}
    t5 = next(row for row in report.rows if row.team.key == "T5")
    assert list(t5.rounds) == [150, 150] and t5.bye_round == 1


def test_standings_pdf(director_client, cup):
    response = director_client.get(f"/director/t/{cup.slug}/standings.pdf", HTTP_ACCEPT_LANGUAGE="en")
    content = assert_pdf(response, "keezen-cup-2026-standings.pdf")
    with translation.override("en"):
        html = standings_html(standings(cup))
    text = pdf_text(content) or html
    for name in NAMES.values():
        assert name in text
    for points in ("1520", "1120", "400", "300", "270", "140"):
        assert points in text
    assert "Keezen Cup 2026" in text and "De Kwakel" in text and "21 November 2026" in text
    assert "After round 2" in text and "by lot" in text
    assert "Pawn order (150 … 10 points, 200 for the win)" in text
    assert "De Kezers A &amp; De Kezers B" in html  # the players, escaped
    assert "counter(page)" in html and "counter(pages)" in html  # page X of Y in the footer
    assert "http" not in html.replace('http-equiv', '')  # nothing to fetch


def test_standings_pdf_after_round_and_bad_values(director_client, cup):
    response = director_client.get(f"/director/t/{cup.slug}/standings.pdf?after_round=1", HTTP_ACCEPT_LANGUAGE="en")
    assert_pdf(response, "keezen-cup-2026-standings.pdf")
    with translation.override("en"):
        html = standings_html(standings(cup, 1))
    assert "After round 1" in html and "1120" not in html and ">400<" in html
    for bad in ("x", "-1", "4", "1.5", "²"):
        response = director_client.get(f"/director/t/{cup.slug}/standings.pdf", {"after_round": bad})
        assert response.status_code == 400, bad
    assert director_client.get(f"/director/t/{cup.slug}/standings.xlsx?after_round=9").status_code == 400


def test_prize_list_pdf(director_client, cup):
    response = director_client.get(f"/director/t/{cup.slug}/prizes.pdf", HTTP_ACCEPT_LANGUAGE="en")
    content = assert_pdf(response, "keezen-cup-2026-prizes.pdf")
    with translation.override("en"):
        html = prizes_html(standings(cup))
    text = pdf_text(content) or html
    assert "Prize list" in text and "Keezen Cup 2026" in text
    positions = [text.index(NAMES[key]) for key in ("T1", "T3", "T2")]
    assert positions == sorted(positions)  # read out in rank order, every place
    for key, total in TOTALS.items():
        assert NAMES[key] in text and str(total) in text


def test_individual_standings_are_per_player(director_client, db):
    data = tournament_file(scoring="individual-11", name="Individueel 2026")
    data["tables"] = [
        {"round": 1, "table": 1, "teams": ["T1", "T2"], "home": {"T1": [[4, 3, 2, 1], [4, 3, 2, 1]], "T2": [[4, 3], [4]]}},
    ]
    tournament = import_file(data)
    with translation.override("en"):
        html = standings_html(standings(tournament))
    assert "Individual, up to 11 points per player" in html and "<th>Player</th>" in html
    assert html.index("De Kezers A") < html.index("Pionnen A") < html.index("Pionnen B")
    assert ">11<" in html and ">7<" in html and ">4<" in html
    response = director_client.get(f"/director/t/{tournament.slug}/standings.pdf")
    assert_pdf(response, "individueel-2026-standings.pdf")
    workbook = load_workbook(io.BytesIO(director_client.get(
        f"/director/t/{tournament.slug}/standings.xlsx", HTTP_ACCEPT_LANGUAGE="en").content))
    rows = list(workbook["Standings"].iter_rows(values_only=True))
    assert rows[0][:5] == ("Rank", "Player", "Team", "Team name", "Club")
    assert rows[1][:5] == (1, "De Kezers A", 1, "De Kezers", "De Kwakel") and rows[1][-2] == 11


def test_a_tournament_without_results(director_client, tournament, make_teams):
    """As test_permissions sets it up: round 1 with an empty table 1, no results (after round 0)."""
    make_teams(tournament, 3)
    Table.objects.create(round=Round.objects.create(tournament=tournament, number=1), number=1)
    with translation.override("en"):
        report = standings(tournament)
        html = standings_html(report)
    assert report.after_round == 0 and "No results yet." in html and "Team 2" in html
    for name in ("standings.pdf", "prizes.pdf"):
        assert director_client.get(f"/director/t/{tournament.slug}/{name}").status_code == 200
    response = director_client.get(f"/director/t/{tournament.slug}/standings.xlsx", HTTP_ACCEPT_LANGUAGE="en")
    workbook = load_workbook(io.BytesIO(response.content))
    assert workbook.sheetnames == ["Standings", "Round 1"]
    assert list(workbook["Round 1"].iter_rows(min_row=2, values_only=True)) == [(1,) + (None,) * 8]
    rows = list(workbook["Standings"].iter_rows(min_row=2, values_only=True))
    # Everyone on 0: the lot orders them.
    assert sorted(row[1] for row in rows) == [1, 2, 3] and {row[-1] for row in rows} == {"by lot"}


def test_excel_workbook(director_client, cup):
    response = director_client.get(f"/director/t/{cup.slug}/standings.xlsx", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX_CONTENT_TYPE
    assert response["Content-Disposition"] == 'attachment; filename="keezen-cup-2026-standings.xlsx"'
    workbook = load_workbook(io.BytesIO(response.content))
    assert workbook.sheetnames == ["Standings", "Round 1", "Round 2", "Round 3"]

    standings = list(workbook["Standings"].iter_rows(values_only=True))
    # Teams by their numbers (issue 16, item 10), with their clubs.
    assert standings[0] == ("Rank", "Team", "Team name", "Club", "Player 1", "Player 2", "R1", "R2", "Total", "Lot")
    assert [row[0] for row in standings[1:]] == [1, 2, 3, 4, 5]
    assert [row[1] for row in standings[1:]][:1] == [1] and [row[1] for row in standings[1:]][3:] == [3, 2]
    assert {f"T{row[1]}": row[8] for row in standings[1:]} == TOTALS
    assert standings[1] == (1, 1, "De Kezers", "De Kwakel", "De Kezers A", "De Kezers B", 400, 1120, 1520, None)
    assert standings[4][:4] == (4, 3, "Harten Vrouw", "Het Pionneke") and standings[5][3] is None
    assert {row[1]: row[9] for row in standings[1:]} == {1: None, 4: "by lot", 5: "by lot", 3: None, 2: None}

    round1 = list(workbook["Round 1"].iter_rows(values_only=True))
    assert round1[0] == ("Table", "Team 1", "Team name", "Points", "Team 2", "Team name", "Points", "Score sheet", "Version")
    assert round1[1:] == [
        (1, 1, "De Kezers", 400, 2, "Pionnen", 140, "1 2 1 1", 2),
        (2, 3, "Harten Vrouw", 270, 4, "Boeren", 150, "4 3 3", 1),
        ("bye", 5, "Zeven Splitters", 150, None, None, None, "Bye", None),
    ]
    round2 = list(workbook["Round 2"].iter_rows(values_only=True))
    assert round2[1:] == [
        (1, 1, "De Kezers", 1120, 3, "Harten Vrouw", 0, "Forfeit: 3", 1),
        (2, 2, "Pionnen", 0, 5, "Zeven Splitters", 150, "5 · Stopped by the clock", 1),
        ("bye", 4, "Boeren", 150, None, None, None, "Bye", None),
    ]
    round3 = list(workbook["Round 3"].iter_rows(values_only=True))
    assert round3[1:] == [(1, 1, "De Kezers", None, 4, "Boeren", None, None, None)]


def test_excel_rows_after_a_round_and_names_stay_text(cup):
    team = cup.teams.get(number=2)
    team.name = '=HYPERLINK("http://example.com")'
    team.save()
    with translation.override("en"):
        exporter = StandingsWorkbook(cup, after_round=1)
        assert [spec.name for spec in exporter.sheets()] == ["standings", "round-1"]
        rows = list(exporter.iterate_sheet(exporter.sheets()[0]))
        content = exporter.render()
    assert rows[0] == ["Rank", "Team", "Team name", "Club", "Player 1", "Player 2", "R1", "Total", "Lot"]
    # Team 5's bye in round 1 has no played round to average yet: 0.
    assert [(row[1], row[-2]) for row in rows[1:]] == [(1, 400), (3, 270), (4, 150), (2, 140), (5, 0)]
    cell = load_workbook(io.BytesIO(content))["Round 1"]["F2"]
    assert cell.value == team.name and cell.data_type == "s"


def test_page_counter_css_is_escaped():
    assert css_string('a "b" \\ </style>') == '"a \\22 b\\22  \\5C  \\3C /style\\3E "'
    with translation.override("en"):
        assert page_counter_css() == '"Page " counter(page) " of " counter(pages)'


# --- pages cut by standings_pdf, rendered in parts ------------------------------------------


def _pages_words(content: bytes) -> list[list[str]]:
    return [sorted(page.extract_text().split()) for page in pypdf.PdfReader(io.BytesIO(content)).pages]


@pytest.mark.same_on_every_database
@pytest.mark.parametrize("what", ["standings", "prizes"])
def test_pages_cut_here_are_the_pages_laid_out_and_parts_read_the_same(db, monkeypatch, what):
    """Long names, an odd number of teams (a bye each round) and a title of two lines: the pages
    standings_pdf counts are the pages WeasyPrint makes, and the file rendered in parts on every
    core reads page for page as the document laid out at once (page X of Y included)."""
    tournament, _tables = pawn_tournament(95, 3, 11)
    tournament.name = "Het Grote Open Keezen Kampioenschap van Noord-Holland en omstreken, editie 2026 (dag 1)"
    tournament.save()
    for team in tournament.teams.filter(number__lte=3):
        team.name = f"Een heel erg lange teamnaam die maar doorgaat en doorgaat tot de rand {team.number}"
        team.save()
    monkeypatch.setattr(standings_pdf, "PARALLEL_FROM_PAGES", 1)
    now = timezone.make_aware(datetime.datetime(2026, 11, 21, 18, 0))
    module = standings_pdf if what == "standings" else prizes_exporters  # the prize list is the prizes app's
    with translation.override("en"), mock.patch("django.utils.timezone.localtime", return_value=now):
        report = standings(tournament)
        pages = getattr(module, f"{what}_pages")(report)
        direct = getattr(module, f"{what}_document")(tournament).write_pdf()
        in_parts = getattr(module, f"{what}_pdf")(tournament)
    assert len(pages) > 2
    assert len(_pages_words(direct)) == len(pages) == len(_pages_words(in_parts))
    assert _pages_words(in_parts) == _pages_words(direct)
    text = " ".join(pypdf.PdfReader(io.BytesIO(in_parts)).pages[1].extract_text().split())
    assert f"Page 2 of {len(pages)}" in text  # the footer of a part counts the whole file
    if what == "standings":
        everything = "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(in_parts)).pages)
        assert "* bye" in everything  # 95 teams: a bye in every round, marked and explained


def test_every_place_is_on_its_page_once(cup):
    with translation.override("en"):
        report = standings(cup)
        pages = standings_pdf.standings_pages(report)
    assert [row.rank for page in pages for row in page.rows] == [row.rank for row in report.rows]
