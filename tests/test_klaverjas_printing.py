"""A Klaverjassen drive on paper: the table card is a score card with a row per deal of the round
(seed 004's card: per team its card points and roem, the team that played, nat and pit, the totals
and each team's score), the QR code of the table's link and the drive's house rules in words; the
card file is made again when the deals or the house rules change; the standings workbook says what
each card holds ("16 deals, 3 nat, 1 pit"). Keezen's cards and workbook stay as they were
(tests/test_round_pdfs.py, tests/test_printing_*.py)."""

from __future__ import annotations

import datetime
import re
from unittest import mock

import pytest
from django.utils import translation

from tests.test_round_pdfs import FIXED_NOW, SITE, page_words, pdf_pages
from tournaments.exporters import round_pdfs
from tournaments.exporters.base import exporter
from tournaments.exporters.standings_xlsx import StandingsWorkbook
from tournaments.games import Scoring
from tournaments.games.klaverjas import rules_of
from tournaments.models import Table, Team, Tournament
from tournaments.services.house_rules import card_rule_lines, house_rule_lines
from tournaments.services.results import record_result

# The same on every database (the card's layout and words): CI's PostgreSQL run leaves the module out
# (tests/conftest.py).
pytestmark = [pytest.mark.usefixtures("english"), pytest.mark.same_on_every_database]


@pytest.fixture
def drive(db) -> Tournament:
    return Tournament.objects.create(
        name="Klaverjasdrive De Troef", slug="drive", date=datetime.date(2026, 11, 27), venue="Café Het Hoekje",
        scoring_system="klaverjas", deals=16, seed=7,
        game_rules={"partner_winning_free": False, "four_jacks": 200, "pit_bonus": 0})


def words(page: str) -> str:
    return " ".join(page.split())


def deal_rows(html: str) -> list[int]:
    """The deals' rows of each card."""
    return [card.count('<td class="n">') for card in html.split('<section class="card">')[1:]]


def test_a_drive_prints_a_score_card_with_a_row_per_deal(drive, published_round):
    round_ = published_round(drive, 5)  # two tables and a bye
    Team.objects.filter(tournament=drive, number=2).update(name="De Onverwachte Verliezers van het Zuiden")
    with translation.override("en"):
        pages = pdf_pages(round_pdfs.table_cards_pdf(round_, SITE))
        laid_out = round_pdfs.table_cards_document(round_, SITE)
        html = round_pdfs.table_cards_html(round_, SITE)
    assert len(pages) == len(laid_out.pages) == 2  # one A4 page per table
    assert deal_rows(html) == [16, 16]
    for page, table in zip(pages, Table.objects.filter(round=round_).order_by("number")):
        text = words(page)
        assert f"Round 1 · Table {table.number}" in text and "Klaverjasdrive De Troef" in text
        first, second = [seat for seat in sorted(table.seats.all(), key=lambda seat: seat.position)]
        for letter, seat in (("A", first), ("B", second)):
            assert f"{letter}: {seat.team.number}. {seat.team.name[:12]}" in text  # over the team's columns
            assert seat.code in text  # the team's slip
        assert f"keezen.local/s/{table.token}" in page.replace("\n", "")  # the QR code's link, written out
        for heading in ("Deal", "Played", "Points", "Roem", "Nat", "Pit", "Total", "Score"):
            assert heading in text
        assert re.search(r"\b16\b", text) and not re.search(r"\b17\b", text)
        # The drive's house rules in words: Rotterdam, four jacks 200, no pit bonus.
        assert "House rules" in text and "Rotterdam" in text
        assert "four of a kind 50, four jacks 200." in text and "Pit (every trick won): no bonus." in text
        assert "tick nat" in text and "Forfeit – absent team:" in text and "Signatures" in text
        assert "Stopped by the clock" not in text and "pawn" not in text  # nothing of Keezen
    assert words(pages[0]).count("A B") == 32  # the playing team and the pit, circled per deal


def test_the_file_reads_as_the_cards_laid_out_in_full(drive, published_round):
    """The score card's rows are laid out once per file part and drawn on every card: the pages hold
    the same words as cards laid out one by one."""
    round_ = published_round(drive, 6)
    with translation.override("en"), mock.patch("django.utils.timezone.localtime", return_value=FIXED_NOW):
        direct = round_pdfs.table_cards_document(round_, SITE).write_pdf()
        composed = round_pdfs.table_cards_pdf(round_, SITE)
        in_parts = round_pdfs.table_cards_pdf(round_, SITE, per_process=1)
    composed_words = page_words(pdf_pages(composed))
    assert composed_words == page_words(pdf_pages(direct)) == page_words(pdf_pages(in_parts))
    assert len(composed_words) == 3 and "Roem" in composed_words[2]


def test_the_rows_shrink_to_keep_24_deals_on_one_page(drive, published_round):
    drive.deals = 24
    drive.save()
    round_ = published_round(drive, 4)
    with translation.override("en"):
        pages = pdf_pages(round_pdfs.table_cards_pdf(round_, SITE))
        html = round_pdfs.table_cards_html(round_, SITE)
    assert len(pages) == 2 and deal_rows(html) == [24, 24]
    assert "height: 4.33mm" in html


def test_each_game_says_its_house_rules_in_words(drive, tournament):
    assert Scoring.of(tournament).game.rules_in_words(tournament) == house_rule_lines(tournament.house_rules)
    rules = rules_of(Scoring.of(drive))
    lines = Scoring.of(drive).game.rules_in_words(drive)
    assert lines[:-3] == card_rule_lines(rules)
    assert lines[-3:] == ["Roem: three in a row 20, four in a row 50, stuk (king and queen of trump) 20, "
                          "four of a kind 50, four jacks 200.", "Pit (every trick won): no bonus.",
                          "A card against the rules (revoked): Nat: the offending team scores 0, the other team "
                          "162 and all roem of the deal."]
    drive.game_rules = {}
    assert Scoring.of(drive).game.rules_in_words(drive)[-2] == "Pit (every trick won): 100 points more."
    drive.game_rules = {"revoke_penalty": "director"}
    assert Scoring.of(drive).game.rules_in_words(drive)[-1] == (
        "A card against the rules (revoked): The director decides the deal's score.")


def test_the_card_file_is_made_again_when_the_deals_or_house_rules_change(drive, published_round):
    round_ = published_round(drive, 4)
    cards = exporter("table-cards-pdf")

    def key() -> str:
        return cards.content_key(drive, round_=round_, site_url=SITE)

    before = key()
    drive.game_rules = {"pit_bonus": 0, "four_jacks": 200, "partner_winning_free": False}  # the same flags
    assert key() == before
    drive.deals = 12
    assert key() != before
    drive.deals = 16
    drive.game_rules = {"partner_winning_free": False, "four_jacks": 200, "pit_bonus": 100}
    assert key() != before


def test_the_workbook_says_what_each_card_holds(drive, published_round):
    round_ = published_round(drive, 6)
    deals = [
        {"playing": 0, "points": [90, 72], "roem": [20, 0], "pit": None},
        {"playing": 0, "points": [70, 92], "roem": [20, 0], "pit": None},  # nat
        {"playing": 1, "points": [0, 162], "roem": [0, 40], "pit": 1},  # pit
    ]
    sheets = [{"deals": deals}, {"totals": [1500, 1300]}, {"forfeit": 1}]
    tables = list(Table.objects.filter(round=round_).select_related("round__tournament").with_seats()
                  .order_by("number"))
    for table, sheet in zip(tables, sheets):
        record_result(table, sheet)
    numbers = [[seat.team.number for seat in sorted(table.seats.all(), key=lambda seat: seat.position)]
               for table in tables]
    workbook = StandingsWorkbook(drive)
    spec = next(spec for spec in workbook.sheets() if spec.name == "round-1")
    rows = list(workbook.iterate_sheet(spec))[1:]
    written = {row[0]: row[-2] for row in rows}
    (a, b), (c, d), (_e, f) = numbers
    assert written == {
        1: f"3 deals, 1 nat, 1 pit; roem {a}: 40, {b}: 40",
        2: f"Totals {c}: 1500, {d}: 1300",
        3: f"Forfeit: {f}",
    }
    assert [row[3] for row in rows] == [110 + 0 + 0, 1500, 81 * 16]  # A: 110, nat (B 182), B's pit


@pytest.mark.django_db
def test_an_individual_drive_prints_its_pairs_over_the_columns():
    """Players alone, a new partner every round: each pair's players head its columns; a code each."""
    from tests.test_individual_day import individual
    from tournaments.services import draft, pairing, rounds

    drive = individual(8, system="klaverjas")
    round_ = rounds.add_round(drive)
    pairing.pair_round(round_)
    draft.publish(round_)
    with translation.override("en"):
        pages = pdf_pages(round_pdfs.table_cards_pdf(round_, SITE))
    assert len(pages) == 2
    for page, table in zip(pages, Table.objects.filter(round=round_).with_seats().order_by("number")):
        text = words(page)
        first = min(table.seats.all(), key=lambda seat: (seat.position, seat.member))
        assert f"A: {first.team.number}. {first.team.name}" in text and "Forfeit – absent pair:" in text
        assert all(seat.code in text for seat in table.seats.all())
