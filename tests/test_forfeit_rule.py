"""The forfeit rule (issue 35): a tournament of 2 points a pawn may score an absent team as a lost
game of 8 pawns against some (the NK: 4 — the present team 26, the absent team 8); 0, scoring.md's
own rule, stays the default. On the form, in the standings and in the tournament file (an addition,
written only where it is not 0)."""

from __future__ import annotations

import datetime

import pytest

import scoring
from scoring.sheets import Sheet
from tests.test_klaverjas_card import form_data
from tournaments.models import Tournament
from tournaments.services import clock as clock_services
from tournaments.services.results import record_result
from tournaments.services.standings import standings_json
from tournaments.services.tournament_file import InvalidTournamentFile, copy_file, export_file, import_file

pytestmark = pytest.mark.usefixtures("english")


def test_a_forfeit_as_a_lost_game_of_8_against_4():
    absent = Sheet(("T1", "T2"), forfeit="T2")
    nk = scoring.score("pawns-2pt", absent, absent_pawns=4)
    assert (nk["T1"].points, nk["T2"].points, nk["T2"].pawns_home, nk["T2"].won) == (26, 8, 4, False)
    assert nk["T2"].player_points == (4, 4) and nk["T1"].forfeit and nk["T2"].forfeit
    plain = scoring.score("pawns-2pt", absent)
    assert (plain["T1"].points, plain["T2"].points) == (26, 0)  # scoring.md's rule, the default
    assert scoring.check_absent_pawns("pawns-2pt", 4) is None
    assert "only pawns-2pt" in scoring.check_absent_pawns("pawn-order", 4)
    assert "0 to 7" in scoring.check_absent_pawns("pawns-2pt", 8)


@pytest.fixture
def nk_day(db, published_round):
    tournament = Tournament.objects.create(name="NK Keezen", slug="nk", date=datetime.date(2026, 11, 28),
                                           scoring_system="pawns-2pt", rounds=5, round_minutes=50, seed=3,
                                           absent_pawns=4)
    round_ = published_round(tournament, 10)
    clock_services.start(round_)
    return tournament, round_


def test_the_nk_day_scores_an_absent_team_26_to_8(nk_day):
    tournament, round_ = nk_day
    table = round_.tables.order_by("number").first()
    present, absent = [seat.team for seat in table.seats.order_by("position")]
    record_result(table, {"forfeit": 1})  # the second seat is absent
    points = {row["team"]: row["points"] for row in standings_json(tournament)["standings"]}
    assert (points[f"T{present.number}"], points[f"T{absent.number}"]) == (26, 8)


def test_the_rule_goes_with_the_tournament_file(nk_day):
    tournament, _round = nk_day
    data = export_file(tournament)
    assert data["absent_pawns"] == 4
    copy = copy_file(data)
    assert copy.absent_pawns == 4
    plain = Tournament.objects.create(name="Club", slug="club", date=datetime.date(2026, 11, 28),
                                      scoring_system="pawns-2pt")
    assert "absent_pawns" not in export_file(plain)  # scoring.md's rule: the file as before


def test_a_file_that_gives_pawn_order_an_absent_teams_pawns_is_refused(nk_day):
    tournament, _round = nk_day
    data = {**export_file(tournament), "scoring": "pawn-order", "version": 1, "tables": []}
    with pytest.raises(InvalidTournamentFile) as refused:
        import_file(data)
    assert "absent_pawns" in str(refused.value)


def test_the_form_takes_the_rule_for_2_points_a_pawn_only(director_client):
    keezen = form_data(name="NK", slug="nk-form", scoring_system="pawns-2pt", deals=16, absent_pawns=4)
    assert director_client.post("/director/new/", keezen, HTTP_ACCEPT_LANGUAGE="en").status_code == 302
    assert Tournament.objects.get(slug="nk-form").absent_pawns == 4
    wrong = form_data(name="Club", slug="club-form", scoring_system="pawn-order", absent_pawns=4)
    refused = director_client.post("/director/new/", wrong, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 422 and "Only 2 points a pawn" in refused.content.decode()
    assert not Tournament.objects.filter(slug="club-form").exists()
