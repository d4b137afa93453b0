"""The PDFs use the room they have before they cut a name (issue 34): a name is measured by its
characters' widths in DejaVu Sans (standings_pdf.char_width), printed a size smaller or on two lines
of its place before it is cut with "…" (standings_pdf.fitted); a 60-character team name and a long
player's name print in full on the table cards (every scoring system, still one page a table), the
wall lists, the standings and the prize list. A prize list a place longer than a page prints a little
tighter on one page (prizes.exporters.place_height)."""

from __future__ import annotations

import io

import pypdf
import pytest
from django.utils import translation

import scoring
from prizes.exporters import PRIZES_PLACE, place_height, prizes_document, prizes_pdf
from prizes.models import Prize
from tournaments.exporters import round_pdfs, standings_pdf
from tournaments.exporters.standings_pdf import fit_text, fitted, shown_report, text_mm
from tournaments.models import Player, Team
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table

from tests.conftest import new_teams

# The same on every database (a PDF's layout): CI's PostgreSQL run leaves the module out (tests/conftest.py).
pytestmark = pytest.mark.same_on_every_database

LONG = "Keezvereniging De Vrolijke Pionnen Uit Het Oude Oosterhout"  # 60 characters with " 1"
PLAYER = "Maximiliaan Alexander van der Heijden-Bartholomeus"


def flat(content: bytes) -> str:
    """The file's text with every run of white space one space: a name on two lines reads as one."""
    assert content.startswith(b"%PDF-")
    return " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages).split())


def long_names(tournament, count: int) -> list[str]:
    """``count`` teams with a name of 60 characters each, and a long name for each first player."""
    tournament.language = "en"
    tournament.save(update_fields=["language"])
    new_teams(tournament, count)
    names = [f"{LONG} {number}" for number in range(1, count + 1)]
    assert all(len(name) == 60 for name in names)
    for number, name in enumerate(names, start=1):
        Team.objects.filter(tournament=tournament, number=number).update(name=name)
    Player.objects.filter(team__tournament=tournament, seat=1).update(name=PLAYER)
    return names


# --- the measure ---------------------------------------------------------------------------------


def test_a_name_is_cut_only_where_the_column_ends():
    """Measured by its letters, a name that fits is never cut, one that does not is cut close to the
    column's end (the old reckoning cut at about 85 % of it)."""
    assert text_mm("iiii", 10) < text_mm("aaaa", 10) < text_mm("mmmm", 10) <= text_mm("李李李李", 10)
    fits = text_mm(LONG, 9.5)
    assert fit_text(LONG, fits, 9.5) == LONG
    cut = fit_text(LONG * 2, 100, 9.5)
    assert cut.endswith("…") and 90 < text_mm(cut, 9.5) <= 100


def test_a_long_name_is_smaller_then_on_two_lines_then_cut():
    assert fitted("Anna & Bert", 50, (9.5, 8, 7)) == "Anna &amp; Bert"
    width = text_mm(LONG, 8) + 0.1  # fits at 8 pt, not at 9.5
    assert fitted(LONG, width, (9.5, 8, 7)) == f'<span style="font-size: 8pt">{LONG}</span>'
    two = fitted(LONG, 50, (9.5, 8, 7), line_mm=6.1)
    assert "display: inline-block" in two and "line-height: 3.05mm" in two and "…" not in two
    assert " ".join(two.split(">", 1)[1].split("<", 1)[0].split()) == LONG
    assert fitted(LONG, 40, (9.5, 8, 7)).endswith("…</span>")  # no room for a second line: cut
    assert fitted(LONG * 3, 40, (9.5, 8, 7), line_mm=6.1).endswith("…</span>")  # two lines are not enough


# --- the files -----------------------------------------------------------------------------------


@pytest.mark.parametrize("system", [*scoring.KEEZEN_SYSTEMS, scoring.KLAVERJAS])
def test_table_cards_print_long_names_in_full_on_one_page_a_table(tournament, system):
    """Three teams of long names at a table (Klaverjassen: two): the names over the sheet's columns,
    on the sheet's rows and over the signatures in full; each card still one page."""
    tournament.scoring_system = system
    tournament.teams_per_table = 2 if system == scoring.KLAVERJAS else 3
    tournament.save()
    names = long_names(tournament, tournament.teams_per_table)
    round_ = add_round(tournament)
    add_table(round_, list(tournament.teams.order_by("number")))
    with translation.override("en"):
        document = round_pdfs.table_cards_document(round_, "http://keezen.local/")
        text = flat(round_pdfs.table_cards_pdf(round_, "http://keezen.local/"))
    assert len(document.pages) == 1
    for number, name in enumerate(names, start=1):
        assert text.count(f"{number}. {name}") >= 2, (name, text)  # over the sheet's column and the signature
        assert name in text
    assert PLAYER in text


@pytest.fixture
def played(tournament):
    """Two tables of long names, played: the wall lists, the standings and the prize list of round 1."""
    names = long_names(tournament, 4)
    round_ = add_round(tournament)
    teams = list(tournament.teams.order_by("number"))
    record_result(add_table(round_, teams[:2]), {"arrivals": [0, 0, 1]})
    record_result(add_table(round_, teams[2:]), {"arrivals": [1, 0, 1]})
    round_.status = "published"
    round_.save()
    return round_, names


def test_wall_lists_standings_and_prize_list_print_long_names_in_full(played):
    round_, names = played
    tournament = round_.tournament
    with translation.override("en"):
        files = {
            "wall by table": round_pdfs.wall_by_table_pdf(round_),
            "wall by team": round_pdfs.wall_by_team_pdf(round_),
            "standings": standings_pdf.standings_pdf(tournament),
            "prize list": prizes_pdf(tournament),
        }
        Prize.objects.create(tournament=tournament, order=1, what="A cake", rule="place", number=1)
        Prize.objects.create(tournament=tournament, order=2, what="A bottle of wine", rule="place", number=2)
        files["prize list with prizes"] = prizes_pdf(tournament)
    for what, content in files.items():
        text = flat(content)
        for name in names if what != "prize list with prizes" else []:
            assert name in text, (what, name)
        if what.startswith("prize list") or what == "standings":
            assert PLAYER in text, what
    winners = flat(files["prize list with prizes"])
    assert "A cake" in winners and sum(name in winners for name in names) == 2


def _ten_places(tournament) -> None:
    """Ten teams after round 1: one place more than a page of the prize list holds at full height."""
    tournament.language = "en"
    tournament.save(update_fields=["language"])
    teams = new_teams(tournament, 10)
    round_ = add_round(tournament)
    for first, second in zip(teams[::2], teams[1::2], strict=True):
        record_result(add_table(round_, [first, second]), {"arrivals": [0, 0, 1]})
    round_.status = "published"
    round_.save()


@pytest.mark.parametrize("with_prizes", [False, True])
def test_a_prize_list_just_over_a_page_prints_on_one(tournament, with_prizes):
    """Ten places (or ten prizes) where a page holds nine: a little tighter, one page, every place on
    it; nine keep the full height, and a list far longer than a page keeps its pages."""
    _ten_places(tournament)
    if with_prizes:
        for place in range(1, 11):
            Prize.objects.create(tournament=tournament, order=place, what=f"Prize {place}", rule="place", number=place)
    with translation.override("en"):
        report = shown_report(tournament, None)
        assert place_height(report, 9) == PRIZES_PLACE  # nine fit a page as they are
        assert PRIZES_PLACE - 3 <= place_height(report, 10) < PRIZES_PLACE
        assert place_height(report, 30) == PRIZES_PLACE  # pages of places: no page saved by a little
        document = prizes_document(tournament)
        text = flat(document.write_pdf())
    assert len(document.pages) == 1
    for number in range(1, 11):
        assert f"Team {number}" in text
