"""Words follow the game and the kind of entry (issue 32): a Klaverjassen drive's round page, table
phone page and table cards say nothing of a board's colours or of Keezen; an individual tournament's
cards and pages name players and their codes where a team tournament names teams. And no template
or core module asks which game it is: what differs per game comes from its plug-in
(``tournaments/games``)."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from tournaments.exporters.round_pdfs import table_cards_html, team_codes_html, team_lines, wall_by_team_html
from tournaments.exporters.route_cards import route_cards, route_cards_html
from tournaments.models import Entry, Tournament
from tournaments.services import clock as clock_services

# The same on every database (the words come from the game's plug-in, read as any field): CI's
# PostgreSQL run leaves the module out (tests/conftest.py).
pytestmark = [pytest.mark.usefixtures("english"), pytest.mark.same_on_every_database]

ROOT = Path(__file__).resolve().parent.parent
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
KEEZEN_WORDS = re.compile(r"\b(red|blue|yellow|green|pawns?|Keezen)\b|Keezentoernooi", re.IGNORECASE)


def make(system: str, entry: str = Entry.TEAMS, slug: str = "t") -> Tournament:
    return Tournament.objects.create(name="Avond", slug=slug, date=datetime.date(2026, 11, 27), scoring_system=system,
                                     entry=entry, seed=7, deals=4, language="en")


def pages(client, tournament: Tournament, round_) -> dict[str, str]:
    """The round page, the table's phone page, the table cards, the wall list by team and the route
    cards, as text."""
    table = round_.tables.order_by("number").first()
    return {
        "round": client.get(f"/director/t/{tournament.slug}/rounds/1/", **EN).content.decode(),
        "phone": client.get(f"/s/{table.token}/", **EN).content.decode(),
        "cards": table_cards_html(round_, "https://example.org"),
        "wall": wall_by_team_html(round_),
        "route": route_cards_html(tournament),
    }


def visible(html: str) -> str:
    """The page's words: no markup, styles, scripts or addresses (a class such as "pawn" is no word)."""
    html = re.sub(r"(?s)<(style|script|svg)\b.*?</\1>", " ", html)
    html = re.sub(r"(?s)<!--.*?-->", " ", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("entry", [Entry.TEAMS, Entry.INDIVIDUAL])
def test_a_klaverjassen_drive_says_nothing_of_colours_or_keezen(client, director, published_round, entry):
    drive = make("klaverjas", entry)
    round_ = published_round(drive, 8)
    clock_services.start(round_)
    client.force_login(director)
    for name, html in pages(client, drive, round_).items():
        found = KEEZEN_WORDS.findall(visible(html))
        assert not found, (name, found)
    assert "Klaverjas Tournament" in pages(client, drive, round_)["round"]
    assert 'data-testid="dispute-desk-link">Dispute: card rules</a>' in pages(client, drive, round_)["round"]
    assert all(line.colours == "" for line in team_lines(round_))  # no seat colours on the wall list
    assert all(line.colour == "" for card in route_cards(drive) for line in card.lines)


def test_a_keezen_tournament_keeps_its_colours_and_name(client, director, published_round):
    tournament = make("pawn-order")
    round_ = published_round(tournament, 4)
    client.force_login(director)
    found = pages(client, tournament, round_)
    assert "red + yellow" in found["round"] and "red + yellow" in found["phone"]
    assert "(red)" in found["cards"] and "sits in the red seat" in found["cards"]
    assert "red + yellow" in found["route"]
    assert {line.colours for line in team_lines(round_)} == {"red + yellow", "blue + green"}
    assert "Keezen Tournament" in found["round"] and "Stopped by the clock" in found["phone"]
    assert 'data-testid="dispute-desk-link">Dispute: rules engine</a>' in found["round"]  # says what it opens


@pytest.mark.parametrize("system", ["individual-11", "klaverjas"])
def test_an_individual_tournament_names_players_and_player_codes(client, director, published_round, system):
    tournament = make(system, Entry.INDIVIDUAL)
    round_ = published_round(tournament, 8)
    clock_services.start(round_)
    client.force_login(director)
    found = pages(client, tournament, round_)
    codes = client.get(f"/director/t/{tournament.slug}/rounds/1/codes/", **EN).content.decode()
    desk_list = team_codes_html(round_)
    for name, html in {"round": found["round"], "phone": found["phone"], "cards": found["cards"], "codes": codes,
                       "codes-pdf": desk_list}.items():
        assert not re.search(r"\bteam codes?\b", visible(html), re.IGNORECASE), name
    # The round page's downloads, named by their exporters for the kind of entry (Exporter.label).
    assert ">Player codes for the desk</a>" in found["round"] and ">Wall list by player</a>" in found["round"]
    assert "by team" not in visible(found["round"])
    assert "<th>Player</th>" in found["wall"] and "<th>Team</th>" not in found["wall"]
    assert "their player code" in found["cards"] and 'id="codes-link">look up a player code</a>' in found["round"]
    assert "Player codes of round 1" in codes and "Find a player" in codes
    assert "Player codes for the desk" in desk_list and "Player code" in desk_list
    assert "Both pairs played" in found["phone"] and "Both teams played" not in found["phone"]


def test_a_team_tournament_keeps_its_team_codes(client, director, published_round):
    tournament = make("pawn-order")
    round_ = published_round(tournament, 4)
    client.force_login(director)
    found = pages(client, tournament, round_)
    # Two names for the two lists: the desk's PDF, and the page to look one code up (issue 34).
    assert "its team code" in found["cards"] and 'id="codes-link">look up a team code</a>' in found["round"]
    assert "Team codes for the desk" in team_codes_html(round_)
    assert ">Team codes for the desk</a>" in found["round"] and ">Wall list by team</a>" in found["round"]
    assert "<th>Team</th>" in found["wall"]


@pytest.mark.parametrize("entry, side", [(Entry.TEAMS, "team"), (Entry.INDIVIDUAL, "pair")])
def test_the_klaverjassen_card_names_the_sides_by_the_kind_of_entry(db, client, published_round, entry, side):
    drive = make("klaverjas", entry)
    round_ = published_round(drive, 8)
    clock_services.start(round_)
    phone = client.get(f"/s/{round_.tables.order_by('number').first().token}/", **EN).content.decode()
    labels = re.findall(r'aria-label="(Deal 1: [^"]*)"', phone)
    assert labels == ["Deal 1: the %s that played" % side, "Deal 1: %s A's card points" % side,
                      "Deal 1: roem of %s A" % side, "Deal 1: roem of %s B" % side, "Deal 1: pit"], labels


# --------------------------------------------------------------------------- no named game

SCANNED = ("tournaments", "people", "prizes", "door", "seasons")  # their templates/ too
SKIPPED = ("tournaments/games/", "/migrations/", "seasons/demo.py")
"""Only the games' own package names a game (and migrations and the demo's data, which are data)."""
PYTHON_NAMED = re.compile(r"""\bGame\.(KEEZEN|KLAVERJAS)\b|(==|!=)\s*(\w+\.)*Game(Choice)?\.\w+"""
                          r"""|(==|!=)\s*["'](keezen|klaverjas)["']|["'](keezen|klaverjas)["']\s*(==|!=)""")
CHOICES = re.compile(r"""^\s*(KEEZEN|KLAVERJAS) = systems\.Game\.\w+, _\(""")
"""The game choices' own definition (tournaments/models/registration.py GameChoice) names each game."""
TEMPLATE_NAMED = re.compile(r"""(==|!=)\s*["'](keezen|klaverjas)["']|["'](keezen|klaverjas)["']\s*(==|!=)"""
                            r"""|\.game\s*(==|!=)""")


def named_games() -> list[str]:
    found = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            where = path.relative_to(ROOT).as_posix()
            if path.suffix not in (".py", ".html") or any(skip in where for skip in SKIPPED):
                continue
            pattern = PYTHON_NAMED if path.suffix == ".py" else TEMPLATE_NAMED
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if pattern.search(line) and not CHOICES.search(line):
                    found.append(f"{where}:{number}: {line.strip()}")
    return found


def test_no_template_or_core_module_compares_with_a_named_game():
    assert named_games() == []


def test_the_scan_finds_a_named_game(tmp_path):
    assert PYTHON_NAMED.search('if tournament.game == Game.KLAVERJAS:')
    assert PYTHON_NAMED.search('game = data.get("game", Game.KEEZEN)')
    assert PYTHON_NAMED.search('if sheet.system != "klaverjas":')
    assert TEMPLATE_NAMED.search('{% if tournament.game == "keezen" %}')
    assert TEMPLATE_NAMED.search('{% elif view.sheet.system == "klaverjas" %}')
    assert not TEMPLATE_NAMED.search('{% if tournament.plugin.has_clock_stop %}')
