"""A Klaverjassen drive played in the app: the score card typed deal by deal on the table's phone
(one team submits, the other confirms with its code) or at the desk (a whole card, or only the two
totals of a paper card), nat and pit scored, every impossible deal refused naming deal and team
with nothing saved, a card short of the round's deals questioned, a correction opening with the
card, the standings by card points + roem + pit bonus."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.test import Client

from tests.test_exporters import IDENTIFIERS
from tournaments.models import Result, ResultState, Tournament
from tournaments.services import clock as clock_services
from tournaments.services.sheet_entry import evaluate, sheet_fields
from tournaments.services.standings import standings_json

pytestmark = pytest.mark.usefixtures("english")

DEALS = 4


@pytest.fixture
def drive(db) -> Tournament:
    return Tournament.objects.create(name="Klaverjasdrive", slug="drive", date=datetime.date(2026, 11, 27),
                                     scoring_system="klaverjas", deals=DEALS, seed=7)


@pytest.fixture
def running(drive, published_round):
    round_ = published_round(drive, 4)
    clock_services.start(round_)
    return round_


def card(*deals, **extra) -> dict[str, str]:
    """The form's fields: per deal (playing, A's points, roem A, roem B, pit)."""
    fields = dict(extra)
    for number, (playing, points, roem_a, roem_b, pit) in enumerate(deals, start=1):
        fields |= {f"deal_{number}_playing": playing, f"deal_{number}_points": points,
                   f"deal_{number}_roem_0": roem_a, f"deal_{number}_roem_1": roem_b, f"deal_{number}_pit": pit}
    return fields


FULL = card(("A", "90", "20", "", ""),   # A 110, B 72
            ("B", "70", "", "20", ""),   # B 112, A 70
            ("A", "70", "20", "", ""),   # nat: B 182
            ("B", "", "", "40", "B"))    # pit: B 162 + 40 + 100


def points(drive, team) -> int:
    return next(row["points"] for row in standings_json(drive)["standings"] if row["team"] == f"T{team.number}")


def test_a_card_on_the_phone_submitted_and_confirmed(client, drive, running):
    table = running.tables.get(number=1)
    first, second = [seat.team for seat in table.seats.all()]
    page = client.get(f"/s/{table.token}/")
    assert page.status_code == 200 and 'name="deal_4_points"' in page.content.decode()
    assert 'name="deal_5_points"' not in page.content.decode() and 'name="stopped_by_clock"' not in page.content.decode()
    preview = client.post(f"/s/{table.token}/", {**FULL, "action": "preview"})
    assert 'data-testid="points-A">180<' in preview.content.decode()
    assert 'data-testid="points-B">668<' in preview.content.decode()
    own = next(seat.code for seat in table.seats.all() if seat.position == 1)  # team A submits with its code
    assert client.post(f"/s/{table.token}/", {**FULL, "action": "submit", "code": own}).status_code == 302
    code = next(seat.code for seat in table.seats.all() if seat.position == 2)
    assert client.post(f"/s/{table.token}/", {"action": "confirm", "code": code}).status_code == 302
    result = Result.objects.get(table=table)
    assert result.state == ResultState.CONFIRMED and len(result.sheet["deals"]) == DEALS
    assert result.sheet["deals"][3] == {"playing": 1, "points": [0, 162], "roem": [0, 40], "pit": 1}
    assert (points(drive, first), points(drive, second)) == (180, 668)
    detail = client.get(f"/t/{drive.slug}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "4 deals per round" in detail and "Klaverjassen: card points, roem and pit bonus" in detail


@pytest.mark.parametrize(("fields", "message"), [
    (card(("A", "163", "", "", "")), "Deal 1: type team A's card points, a number from 0 to 162."),
    (card(("", "90", "", "", "")), "Deal 1: choose the team that played (A or B)."),
    (card(("A", "90", "15", "", "")), "Deal 1: {a}'s roem 15 is not a multiple of 10"),
    (card(("A", "90", "", "", ""), ("B", "20", "", "", "B")), "Deal 2: {b} has a pit, so it has all 162 card points, not 142"),
    (card(("A", "162", "20", "20", "A")), "Deal 1: {a} won every trick (pit), so {b} cannot have roem"),
    (card(("A", "90", "", "", ""), ("", "", "", "", ""), ("A", "90", "", "", "")),
     "Deal 2 is empty, but deal 3 is filled in: fill in the deals in order."),
    (card(("A", "90", "", "", ""), total_0="100", total_1="20"), "Type the deals or only the two totals, not both."),
    ({"total_0": "-3", "total_1": "9"}, "Each team's total must be a whole number from 0 to 99,999."),
    ({}, "The card is empty: type the deals, the two totals or choose the absent team."),
])
def test_an_impossible_card_is_refused_naming_deal_and_team(director_client, drive, running, fields, message):
    a, b = [seat.team.name for seat in running.tables.get(number=1).seats.order_by("position")]
    response = director_client.post(f"/director/t/{drive.slug}/desk/1/", {"table": 1, **fields}, HTTP_ACCEPT_LANGUAGE="en")
    assert message.format(a=a, b=b) in html.unescape(response.content.decode())
    assert not Result.objects.exists()


def test_the_desk_takes_a_card_or_the_totals_and_a_correction_opens_with_it(director_client, drive, running):
    url = f"/director/t/{drive.slug}/desk/1/"
    assert director_client.post(url, {"table": 1, **FULL}).status_code == 302
    assert director_client.post(url, {"table": 2, "total_0": "1520", "total_1": "1130"}).status_code == 302
    one, two = running.tables.get(number=1), running.tables.get(number=2)
    assert Result.objects.get(table=two).sheet == {"totals": [1520, 1130]}
    stored = Result.objects.get(table=one).sheet
    data, errors, scores = evaluate(one, sheet_fields(one, stored))
    assert (data, errors, [score.points for score in scores]) == (stored, [], [180, 668])
    assert sheet_fields(two, {"totals": [1520, 1130]}) == {"total_0": "1520", "total_1": "1130"}


def test_a_card_short_of_the_round_asks_first(director_client, drive, running):
    url = f"/director/t/{drive.slug}/desk/1/"
    short = card(("A", "90", "", "", ""), ("B", "100", "", "", ""))
    asked = director_client.post(url, {"table": 1, **short}, HTTP_ACCEPT_LANGUAGE="en")
    assert "The card has 2 of the round&#x27;s 4 deals and the clock is still running" in asked.content.decode()
    assert not Result.objects.exists()
    assert director_client.post(url, {"table": 1, **short, "unfinished_ok": "1"}).status_code == 302
    assert director_client.post(url, {"table": 2, "forfeit": "2"}).status_code == 302
    two = running.tables.get(number=2)
    present = next(seat.team for seat in two.seats.all() if seat.position == 1)
    assert points(drive, present) == 81 * DEALS


def form_data(**changes) -> dict:
    """What the new-tournament form sends for a drive."""
    return {
        "name": "Drive", "slug": "drive-dec", "date": "2026-12-05", "scoring_system": "klaverjas", "deals": 16,
        "rounds": 3, "round_minutes": 90, "teams_per_table": 2, "status": "planned", "self_capture": "forced",
        "home_entry": "forced", "seven_max_pawns": 2, "seed": 5, "entry_grace_minutes": 10, "entry": "teams",
        "card_trump_lead_overtrump": "on", "card_undertrump": "only-when-forced", "card_four_of_a_kind": 100,
        "card_four_jacks": 200, "card_pit_bonus": 100, **changes,
    }


def test_a_drive_is_created_with_its_deals_and_house_rules(director_client):
    page = director_client.get("/director/new/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<optgroup label="Klaverjassen">' in page and 'name="card_pit_bonus"' in page
    assert director_client.post("/director/new/", form_data(), HTTP_ACCEPT_LANGUAGE="en").status_code == 302
    drive = Tournament.objects.get(slug="drive-dec")
    assert drive.game == "klaverjas" and drive.deals == 16
    assert drive.game_rules == {"trump_lead_overtrump": True, "partner_winning_free": False,
                                "undertrump": "only-when-forced", "four_of_a_kind": 100, "four_jacks": 200,
                                "pit_bonus": 100}
    edit = director_client.get(f"/director/t/{drive.slug}/edit/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'value="pawn-order"' not in edit and 'value="only-when-forced" selected' in edit


@pytest.mark.parametrize(("changes", "message"), [
    ({"teams_per_table": 3}, "A Klaverjassen table seats two teams."),
    ({"card_pit_bonus": 15}, "A multiple of 10, at least 0."),
    ({"card_four_jacks": 0}, "A multiple of 10, at least 10."),
    ({"deals": 65}, "Ensure this value is less than or equal to 64."),
])
def test_a_drive_form_refuses_what_cannot_be(director_client, changes, message):
    response = director_client.post("/director/new/", form_data(**changes), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422 and message in html.unescape(response.content.decode())
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_an_individual_drive_new_partners_and_each_player_the_pairs_points():
    """Players alone, a new partner every round (the individual draw), two pairs a table: each
    player scores their pair's card; a spare player sits out with the average of their own rounds."""
    from tests.test_individual_day import individual, table
    from tournaments.services import pairing, rounds
    from tournaments.services.results import record_result
    from tournaments.services.standings import standings

    drive = individual(9, system="klaverjas")
    drive.deals = 1
    drive.save()
    round_ = rounds.add_round(drive)
    pairing.pair_round(round_)
    for number in (1, 2):
        record_result(table(round_, number), {"deals": [{"playing": 0, "points": [100, 62], "roem": [20, 0],
                                                          "pit": None}]})
    rows = {row.name: row.points for row in standings(drive).rows}
    first = table(round_, 1)
    a_pair = [seat.team.name for seat in first.seats.all() if seat.position == 1]
    b_pair = [seat.team.name for seat in first.seats.all() if seat.position == 2]
    assert [rows[name] for name in a_pair] == [120, 120] and [rows[name] for name in b_pair] == [62, 62]
    assert sorted(rows.values()).count(0) == 1  # the bye: no own rounds yet


def test_fewer_deals_per_round_never_stops_the_standings(director_client, drive, running):
    """A card saved with 4 deals stays scored as written when the round's deals are lowered; the
    form refuses fewer deals than a saved card holds."""
    assert director_client.post(f"/director/t/{drive.slug}/desk/1/", {"table": 1, **FULL}).status_code == 302
    Tournament.objects.filter(pk=drive.pk).update(deals=2)
    assert sorted(row["points"] for row in standings_json(drive)["standings"])[-2:] == [180, 668]
    assert Client().get(f"/t/{drive.slug}/standings/").status_code == 200
    Tournament.objects.filter(pk=drive.pk).update(deals=DEALS)
    edit = director_client.post(f"/director/t/{drive.slug}/edit/", form_data(slug=drive.slug, deals=2),
                                HTTP_ACCEPT_LANGUAGE="en")
    assert edit.status_code == 422 and "A saved card has 4 deals" in edit.content.decode()
    drive.refresh_from_db()
    assert drive.deals == DEALS


def test_a_file_card_of_the_wrong_shape_is_named_in_words(db, tmp_path):
    from django.core.management import CommandError

    from tests.test_klaverjas_file import DRIVE, bad, run, write

    def missing_pit(data):
        del data["tables"][0]["deals"][0]["pit"]

    with pytest.raises(CommandError) as refused:
        run("import_tournament", write(tmp_path, bad(missing_pit)))
    assert "round 1, table 1: Deal 1: “pit” is missing" in str(refused.value)
    assert DRIVE and not Tournament.objects.exists()


@pytest.mark.parametrize("identifier", IDENTIFIERS)
def test_every_download_of_a_drive(director_client, drive, running, identifier):
    """Every registered file of a drive with a card in: standings and prize-list PDFs, the Excel
    workbooks, the table cards, the wall lists, the tournament file — as for Keezen."""
    from django.urls import reverse

    from tests.test_exporters import check_content
    from tournaments.exporters.base import exporter

    assert director_client.post(f"/director/t/{drive.slug}/desk/1/", {"table": 1, **FULL}).status_code == 302
    found = exporter(identifier)
    args = [drive.slug, running.number, identifier] if found.per_round else [drive.slug, identifier]
    response = director_client.get(reverse("director:round_file" if found.per_round else "director:file", args=args),
                                   HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200, response.content[:300]
    check_content(found.content_type, response.content)


def test_a_card_sent_twice_with_its_key_is_one_card(client, drive, running):
    """The Klaverjassen card goes through the same outbox as a Keezen sheet (services/sent_actions.py)."""
    table = running.tables.get(number=1)
    key = re.search(r'name="action_key" value="([^"]+)"', client.get(f"/s/{table.token}/").content.decode()).group(1)
    own = next(seat.code for seat in table.seats.all() if seat.position == 1)
    sent = {**FULL, "action": "submit", "code": own, "action_key": key}
    assert client.post(f"/s/{table.token}/", sent).status_code == 302
    assert client.post(f"/s/{table.token}/", sent).status_code == 302  # the answer was lost: sent again
    assert Result.objects.filter(table=table).count() == 1
    changed = client.post(f"/s/{table.token}/", {**sent, "deal_1_points": "100"})
    assert changed.status_code == 422
