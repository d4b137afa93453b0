"""A Klaverjassen drive rehearsed and in the demo: the game draws random but valid cards deal by
deal (some nat, now and then a pit, roem in tens, a few cards stopped short by the clock) from a
seed; ``rehearse --teams N --scoring klaverjas`` and the practice button play a drive through the
services (every table a valid card, the standings, its score cards printed); ``load_demo`` adds a
drive of 20 pairs and three rounds of 16 deals beside the Keezen demo, quickly and only once.
Keezen's random sheets are exactly what they were, so its rehearsals and seeds give the same days."""

from __future__ import annotations

import datetime
import hashlib
import io
import json
import random
import time

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

import klaverjas
import scoring
from tests.test_rehearsal import PHONES, assert_played, run
from tournaments.demo import DEMO_SLUG, DRIVE_SLUG, load_drive
from tournaments.games import Scoring
from tournaments.models import Result, Round, Table, Tournament
from tournaments.services import rehearsal
from tournaments.services.results import check_sheet
from tournaments.services.seating import sides
from tournaments.services.standings import standings_json

pytestmark = pytest.mark.usefixtures("english")

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


# --------------------------------------------------------------------------- random cards


@pytest.mark.parametrize("deals", (1, 4, 16, 64))
def test_random_cards_are_valid_and_look_like_a_day(deals):
    setup = Scoring(scoring.KLAVERJAS, deals=deals)
    rng = random.Random(5)
    names = ["Paar 1", "Paar 2"]
    nat = pits = short = roem = played = 0
    for _ in range(200):
        card = rehearsal.random_sheet(setup, 2, rng)
        assert check_sheet(setup, names, card) == [], card
        assert set(card) == {"deals"} and 1 <= len(card["deals"]) <= deals
        found = klaverjas.score_card(card, deals)
        nat, pits, played = nat + sum(found.nat), pits + sum(found.pits), played + found.played
        short += found.played < deals
        roem += sum(found.roem)
        assert all(value % 10 == 0 for deal in card["deals"] for value in deal["roem"])
    assert 0.1 < nat / played < 0.3 and 0 < pits / played < 0.1 and roem
    if deals > 1:
        assert 0 < short < 40  # about one card in ten stopped by the clock
    full = rehearsal.random_sheet(setup, 2, rng, stopped=False)
    assert len(full["deals"]) == deals


def test_the_same_seed_draws_the_same_cards():
    def cards(seed: int) -> list:
        rng = random.Random(seed)
        return [rehearsal.random_sheet(Scoring(scoring.KLAVERJAS), 2, rng) for _ in range(5)]

    assert cards(3) == cards(3) and cards(3) != cards(4)


def test_keezen_draws_exactly_the_sheets_it_drew_before():
    """Every Keezen system and table, every way of stopping: the sheets of the code before the games
    drew them (a fingerprint of 720 sheets from one seed)."""
    rng = random.Random(2026)
    sheets = [rehearsal.random_sheet(system, seats, rng, stopped) for _ in range(40)
              for system in scoring.KEEZEN_SYSTEMS for seats in (2, 3) for stopped in (None, False, True)]
    assert hashlib.sha256(json.dumps(sheets).encode()).hexdigest()[:16] == "c544a778f9731c9e"


# --------------------------------------------------------------------------- practice runs


def assert_cards(practice: Tournament) -> None:
    """Every table of the practice drive holds a card of the drive's deals (a forfeit aside)."""
    setup = Scoring.of(practice)
    for table in Table.objects.filter(round__tournament=practice).with_sheets().select_related("round__tournament"):
        sheet = table.current_sheet.sheet
        names = [side.name for side in sides(table)]  # two teams, or two pairs of players
        assert len(names) == 2 and check_sheet(setup, names, sheet) == []
        assert "forfeit" in sheet or 1 <= len(sheet["deals"]) <= practice.deals


@pytest.mark.django_db
def test_a_fresh_practice_drive_plays_every_round(director_client, settings):
    settings.PUBLIC_URL = PHONES  # the files the command makes are the ones the downloads find: made once
    out = run("--teams", "9", "--scoring", "klaverjas", "--deals", "12")
    practice = Tournament.objects.get(practice=True)
    assert practice.game == "klaverjas" and practice.deals == 12 and practice.teams.count() == 9
    for line in ("rounds:      3 played", "forfeits:    1", "byes:        3", "PDF:         Table cards"):
        assert line in out
    assert_played(rehearsal.summary(practice), director_client)
    assert_cards(practice)
    rows = standings_json(practice)["standings"]
    assert len(rows) == 9 and rows[0]["points"] > 1000  # 12 deals a round: card points, roem and pits
    reasons = set(Result.objects.filter(table__round__tournament=practice).exclude(reason="")
                  .values_list("reason", flat=True))
    assert "Practice run: the desk typed a deal's roem for the wrong team and corrected it." in reasons
    # (assert_played downloaded the last round's table cards: round 3's)


@pytest.mark.django_db
def test_a_practice_drive_of_players_alone(director_client):
    run("--entry", "individual", "--players", "10", "--scoring", "klaverjas", "--deals", "4", "--rounds", "4")
    practice = Tournament.objects.get(practice=True)
    assert practice.individual and practice.game == "klaverjas"
    summary = rehearsal.summary(practice)  # (assert_played names a table's seat rows: four players here)
    assert summary.rounds == 4 and summary.forfeits == 1 and summary.disputes >= 4 and summary.winner
    assert summary.sheets == Table.objects.filter(round__tournament=practice).count()
    assert_cards(practice)
    standings = director_client.get(reverse("director:standings", args=[practice.slug]), **EN)
    assert standings.status_code == 200


@pytest.mark.django_db
def test_the_practice_button_rehearses_a_drive(director_client, make_teams):
    drive = Tournament.objects.create(name="Klaverjasdrive", slug="drive", date=datetime.date(2026, 11, 27),
                                      scoring_system="klaverjas", deals=4, seed=7, rounds=2,
                                      game_rules={"pit_bonus": 0})
    make_teams(drive, 6)
    response = director_client.post(reverse("director:rehearse", args=[drive.slug]), **EN)
    practice = Tournament.objects.get(practice=True)
    assert response.status_code == 302 and practice.practice_of == drive
    assert practice.deals == 4 and practice.game_rules["pit_bonus"] == 0
    assert_played(rehearsal.summary(practice), director_client)
    assert_cards(practice)
    assert Result.objects.filter(table__round__tournament=drive).count() == 0  # the drive itself as it was


@pytest.mark.django_db
def test_the_command_refuses_deals_that_make_no_drive(tournament):
    for args, message in (
        (("--teams", "8", "--deals", "12"), "--deals is for a fresh Klaverjassen drive"),
        ((tournament.slug, "--deals", "12"), "--deals is for a fresh Klaverjassen drive"),
        (("--teams", "8", "--scoring", "klaverjas", "--deals", "0"), "--deals must be from 1 to 64"),
    ):
        with pytest.raises(CommandError, match=message):
            run(*args)
    with pytest.raises(CommandError, match="A Klaverjassen table seats two teams."):
        run("--players", "12", "--entry", "individual", "--scoring", "klaverjas", "--six-player-boards")
    assert not Tournament.objects.filter(practice=True).exists()


# --------------------------------------------------------------------------- the demo


@pytest.mark.django_db
def test_the_demo_has_a_drive_played_three_rounds_of_16_deals(client):
    began = time.perf_counter()
    load_drive()
    seconds = time.perf_counter() - began
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    call_command("load_demo", stdout=out)
    assert "Demo Klaverjasdrive" in out.getvalue() and "0 teams added, 20 in all." in out.getvalue()
    assert Tournament.objects.filter(slug=DEMO_SLUG).exists()
    drive = Tournament.objects.get(slug=DRIVE_SLUG)
    assert drive.game == "klaverjas" and drive.deals == 16 and drive.teams.count() == 20
    assert list(Round.objects.filter(tournament=drive).order_by("number").values_list("number", "status")) == [
        (1, "finished"), (2, "finished"), (3, "finished")]
    cards = [result.sheet for result in Result.objects.filter(table__round__tournament=drive)]
    assert len(cards) == 30 and all(len(card["deals"]) == 16 for card in cards)
    scored = [klaverjas.score_card(card, 16) for card in cards]
    assert sum(sum(card.nat) for card in scored) and sum(sum(card.pits) for card in scored)
    rows = standings_json(drive)["standings"]
    assert len(rows) == 20 and all(len(row["rounds"]) == 3 for row in rows) and rows[0]["points"] > rows[-1]["points"]
    page = client.get(reverse("public:standings", args=[DRIVE_SLUG]), **EN)
    assert page.status_code == 200 and "De Troefjagers" in page.content.decode()
    assert seconds < 3, seconds
