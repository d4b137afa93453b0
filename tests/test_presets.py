"""Presets of the New tournament form (tournaments/presets.py): one choice fills the form, which the
director still sees and saves; an unknown preset, or one on a tournament with rounds, is refused."""

from __future__ import annotations

import re

import pytest

from tests.test_klaverjas_card import form_data
from tournaments.models import Tournament

pytestmark = pytest.mark.usefixtures("english")


def value_of(html: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', html)
    return found.group(1) if found else ""


def selected(html: str, name: str) -> str:
    select = re.search(rf'<select[^>]*name="{name}".*?</select>', html, re.S).group(0)
    return re.search(r'<option value="([^"]*)"[^>]*selected', select).group(1)


def test_the_nk_preset_fills_the_form(director_client):
    page = director_client.get("/director/new/?preset=nk-keezen", HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 200 and 'data-preset="nk-keezen"' in html
    assert (value_of(html, "rounds"), value_of(html, "round_minutes"), value_of(html, "absent_pawns")) == ("5", "50", "4")
    assert selected(html, "scoring_system") == "pawns-2pt"
    assert not Tournament.objects.exists()  # a preset only fills the form


@pytest.mark.parametrize("preset, system, rounds, entry", [
    ("club-evening", "pawn-order", "3", "teams"),
    ("klaverjasdrive", "klaverjas", "4", "teams"),
    ("individual-evening", "pawn-order", "3", "individual"),
])
def test_every_preset_fills_its_game_and_entry(director_client, preset, system, rounds, entry):
    html = director_client.get(f"/director/new/?preset={preset}", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert (selected(html, "scoring_system"), value_of(html, "rounds"), selected(html, "entry")) == (system, rounds, entry)


def test_an_unknown_preset_is_refused(director_client):
    page = director_client.get("/director/new/?preset=world-cup", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 400 and "There is no preset “world-cup”" in page.content.decode()


def test_a_preset_on_a_tournament_with_rounds_is_refused(director_client, tournament, published_round):
    published_round(tournament, 4)
    page = director_client.get(f"/director/t/{tournament.slug}/edit/?preset=nk-keezen", HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 409 and "has rounds already" in html
    assert 'data-testid="presets"' not in html
    tournament.refresh_from_db()
    assert tournament.rounds != 5 or tournament.scoring_system != "pawns-2pt"


def test_a_preset_form_saves_as_typed(director_client):
    data = form_data(name="NK 2026", slug="nk-2026", scoring_system="pawns-2pt", rounds=5, round_minutes=50,
                     absent_pawns=4)
    assert director_client.post("/director/new/?preset=nk-keezen", data).status_code == 302
    saved = Tournament.objects.get(slug="nk-2026")
    assert (saved.rounds, saved.round_minutes, saved.scoring_system, saved.absent_pawns) == (5, 50, "pawns-2pt", 4)


def test_the_nk_preset_day_scores_an_absent_team_26_to_8(director_client, make_teams):
    """The NK's day from its preset: a tournament of 10 teams made with the form as the preset fills it,
    5 rounds of 50 minutes; a team that does not show up in round 1 scores 8 and its opponent 26."""
    from tournaments.presets import BY_NAME
    from tournaments.services import clock as clock_services
    from tournaments.services.draft import publish
    from tournaments.services.pairing import pair_round
    from tournaments.services.results import record_result
    from tournaments.services.rounds import add_round
    from tournaments.services.standings import standings_json

    values = {key: str(value) for key, value in BY_NAME["nk-keezen"].values.items()}
    made = director_client.post("/director/new/", form_data(name="NK Keezen 2026", slug="nk-2026", **values),
                                HTTP_ACCEPT_LANGUAGE="en")
    assert made.status_code == 302
    day = Tournament.objects.get(slug="nk-2026")
    assert (day.rounds, day.round_minutes, day.scoring_system, day.absent_pawns) == (5, 50, "pawns-2pt", 4)
    make_teams(day, 10)
    round_ = add_round(day)
    pair_round(round_)
    publish(round_)
    clock_services.start(round_)
    assert round_.minutes == 50 and round_.tables.count() == 5
    tables = list(round_.tables.order_by("number"))
    record_result(tables[0], {"forfeit": 1})  # the second team on the sheet did not come
    for table in tables[1:]:
        record_result(table, {"pawns_home": [8, 5]})
    present, absent = [seat.team for seat in tables[0].seats.order_by("position")]
    points = {row["team"]: row["points"] for row in standings_json(day)["standings"]}
    assert (points[f"T{present.number}"], points[f"T{absent.number}"]) == (26, 8)
    assert sorted(points.values()).count(26) == 5  # every winner: 8 pawns and the 10 for the win


def test_a_preset_keeps_what_was_typed_before_it(director_client):
    page = director_client.get("/director/new/", {"preset": "nk-keezen", "name": "NK 2026", "venue": "Zwolle",
                                                  "date": "2026-12-12"}, HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 200 and value_of(html, "rounds") == "5"
    assert (value_of(html, "name"), value_of(html, "venue"), value_of(html, "date")) == ("NK 2026", "Zwolle", "2026-12-12")
    assert 'data-testid="preset-note"' in html and "5 rounds of 50 minutes" in html
