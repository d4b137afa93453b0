"""Teams that did not play or missed rounds (issue 31, item 10): the standings, their pages and files,
the prizes and the competitions, and the tournament's ``missed_rounds`` setting.

The day (pawns-2pt, 3 rounds): T1, T2 and T3 take part in every round (T3 with the draw's bye in
round 1, which is no missed round); T4 misses round 1 (bye in round 3); T5 misses round 1; T6 is
only the absent team of a forfeit (round 2) and T7 never comes: both "did not play".
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from openpyxl import load_workbook

from prizes import services as prizes
from prizes.models import Category
from seasons.services.places import take_places
from prizes.exporters import prizes_html
from tournaments.exporters.standings_pdf import standings_html
from tournaments.models import MissedRounds, Tournament
from tournaments.services.standings import from_json, public_standings, set_frozen, standings
from tournaments.services.tournament_file import copy_file, export_file, import_file

pytestmark = pytest.mark.usefixtures("english")

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
TOTALS = {"T3": 78, "T1": 62, "T4": 52, "T5": 28, "T2": 18, "T6": 0, "T7": 0}


def day_file() -> dict:
    def table(round_: int, number: int, first: str, second: str, pawns: tuple[int, int]) -> dict:
        return {"round": round_, "table": number, "teams": [first, second],
                "pawns_home": {first: pawns[0], second: pawns[1]}}

    return {
        "format": "keezen-tournament", "version": 1, "name": "Missed Cup", "date": "2026-11-21",
        "scoring": "pawns-2pt", "rounds": 3, "seed": 31,
        "teams": [{"id": f"T{n}", "name": f"Team {n}", "players": [f"Player {n}a", f"Player {n}b"]}
                  for n in range(1, 8)],
        "tables": [
            table(1, 1, "T1", "T2", (8, 4)), {"round": 1, "bye": "T3"},
            table(2, 1, "T1", "T3", (5, 8)), table(2, 2, "T2", "T4", (2, 8)),
            {"round": 2, "table": 3, "teams": ["T5", "T6"], "forfeit": "T6"},
            table(3, 1, "T1", "T5", (8, 1)), table(3, 2, "T2", "T3", (3, 8)), {"round": 3, "bye": "T4"},
        ],
    }


@pytest.fixture
def day(db) -> Tournament:
    return import_file(day_file())


def with_mode(tournament: Tournament, mode: str) -> Tournament:
    tournament.missed_rounds = mode
    tournament.save()
    return tournament


def test_a_team_that_never_played_is_listed_last_as_did_not_play_never_by_lot(day):
    """The issue: after round 1 the absent team was 10th on 0 points, "by lot" against the bye team."""
    after_one = standings(day, 1)
    assert [row.key for row in after_one.rows] == ["T1", "T2", "T3", "T4", "T5", "T6", "T7"]
    assert [row.did_not_play for row in after_one.rows] == [False] * 3 + [True] * 4
    assert not any(row.lot for row in after_one.rows)  # the bye team (0 points) is ranked, the absent are not
    assert after_one.rows[2].bye_round == 1 and after_one.rows[2].points == 0
    rows = after_one.as_json()["standings"]
    assert [row.get("did_not_play") for row in rows] == [None] * 3 + [True] * 4  # only where it is true
    assert rows[0] == {"rank": 1, "team": "T1", "name": "Team 1", "points": 26, "rounds": [26], "lot": False}
    assert rows[6] == {"rank": 7, "team": "T7", "name": "Team 7", "points": 0, "rounds": [None], "lot": False,
                       "did_not_play": True}

    final = standings(day)
    assert {row.key: row.points for row in final.rows} == TOTALS
    assert [row.key for row in final.rows] == ["T3", "T1", "T4", "T5", "T2", "T6", "T7"]  # "ranked": the default
    absent = {row.key: row for row in final.rows}
    assert absent["T6"].did_not_play and absent["T6"].rounds == (None, 0, None) and absent["T6"].missed == (1, 2, 3)
    assert absent["T3"].missed == () and absent["T4"].missed == (1,) and absent["T5"].missed == (1,)
    assert absent["T6"].place is None and absent["T6"].mark == "did not play"


def test_pages_json_command_and_files_mark_did_not_play(day, client, director_client):
    public = client.get(f"/t/{day.slug}/standings/", **EN).content.decode()
    assert public.count("did not play") == 2 and "by lot" not in public
    data = client.get(f"/t/{day.slug}/standings.json").json()
    assert [row["team"] for row in data["standings"] if row.get("did_not_play")] == ["T6", "T7"]
    director = director_client.get(f"/director/t/{day.slug}/standings/", **EN).content.decode()
    assert director.count("did not play") == 2

    out = io.StringIO()
    call_command("standings", day.slug, "--format", "json", stdout=out)
    assert [row.get("did_not_play", False) for row in json.loads(out.getvalue())["standings"]][-3:] == [False, True, True]
    out = io.StringIO()
    call_command("standings", day.slug, "--format", "csv", stdout=out)
    table = list(csv.reader(io.StringIO(out.getvalue())))
    assert table[0][-1] == "lot" and [row[-1] for row in table[1:]] == [""] * 5 + ["did not play"] * 2
    out = io.StringIO()
    call_command("standings", day.slug, "--format", "text", stdout=out)
    assert out.getvalue().count("did not play") == 2

    response = director_client.get(f"/director/t/{day.slug}/standings.xlsx", **EN)
    rows = list(load_workbook(io.BytesIO(response.content))["Standings"].iter_rows(min_row=2, values_only=True))
    assert [(row[0], row[-1]) for row in rows[-3:]] == [(5, None), (None, "did not play"), (None, "did not play")]
    report = standings(day)
    assert standings_html(report).count("did not play") == 2
    assert prizes_html(report).count("did not play") == 2  # the prize list without prizes: every place


def test_the_frozen_snapshot_keeps_did_not_play(day, client):
    set_frozen(day, True)
    day.refresh_from_db()
    rows = day.frozen_standings["standings"]
    assert [row["team"] for row in rows if row.get("did_not_play")] == ["T6", "T7"]
    frozen = public_standings(day)
    assert frozen.frozen and [row.did_not_play for row in frozen.rows] == [False] * 5 + [True] * 2
    assert from_json(day, day.frozen_standings).as_json()["standings"] == standings(day).as_json()["standings"]
    assert client.get(f"/t/{day.slug}/standings.json").json()["standings"][-1]["did_not_play"] is True


def test_the_booby_prize_skips_teams_that_missed_a_round_by_default(day):
    """T5 holds the last place of the teams that played, but missed round 1: T2 gets the booby prize."""
    assert day.missed_rounds == MissedRounds.RANKED
    prizes.save_prizes(day, "1: vlaai\n2: cake\n3: pie\nbooby: wooden spoon", one_each=True, club_size=2)
    won = {award.what: award.place.key for award in prizes.prize_awards(standings(day))}
    assert won == {"vlaai": "T3", "cake": "T1", "pie": "T4", "wooden spoon": "T2"}  # T4 missed a round: a place is its


def test_a_booby_prize_nobody_who_played_every_round_can_win_is_refused(day):
    with pytest.raises(ValidationError) as refused:
        prizes.save_prizes(day, "booby 4: spoon", one_each=False, club_size=2)
    assert "played every round" in " ".join(refused.value.messages)


def test_apart_ranks_teams_that_missed_a_round_after_those_that_played_every_round(day, director_client):
    with_mode(day, MissedRounds.APART)
    report = standings(day)
    assert [row.key for row in report.rows] == ["T3", "T1", "T2", "T4", "T5", "T6", "T7"]
    assert [row.apart for row in report.rows] == [False] * 3 + [True] * 2 + [False] * 2
    assert [row.rank for row in report.rows] == [1, 2, 3, 4, 5, 6, 7]
    page = director_client.get(f"/director/t/{day.slug}/standings/", **EN).content.decode()
    assert page.count("missed a round") == 2 and page.count("did not play") == 2
    out = io.StringIO()
    call_command("standings", day.slug, "--format", "csv", stdout=out)
    assert [row[-1] for row in csv.reader(io.StringIO(out.getvalue()))][4:6] == ["missed a round"] * 2
    prizes.save_prizes(day, "1: vlaai\n3: pie\nbooby: wooden spoon", one_each=True, club_size=2)
    won = {award.what: award.place.key for award in prizes.prize_awards(report)}
    assert won == {"vlaai": "T3", "pie": "T2", "wooden spoon": "T1"}  # T2 has a prize: the next one up


def test_no_prizes_gives_teams_that_missed_a_round_no_place_category_or_booby_prize(day, director_client):
    with_mode(day, MissedRounds.NO_PRIZES)
    report = standings(day)
    assert [row.key for row in report.rows] == ["T3", "T1", "T4", "T5", "T2", "T6", "T7"]  # ranked as by default
    prizes.save_prizes(day, "1: vlaai\n2: cake\n3: pie\nbooby: wooden spoon", one_each=False, club_size=2)
    won = {award.what: award.place.key for award in prizes.prize_awards(report)}
    assert won == {"vlaai": "T3", "cake": "T1", "pie": "T2", "wooden spoon": "T2"}
    assert [place.key for place in prizes.places(report)] == ["T3", "T1", "T2"]
    youth = director_client.post(f"/director/t/{day.slug}/prizes/categories/add/", {"name": "youth"})
    assert youth.status_code == 302
    category = Category.objects.get(tournament=day)
    prizes.update_category(category, "youth", [str(day.teams.get(number=4).pk)], [])
    with pytest.raises(ValidationError):  # the only youth team missed a round
        prizes.save_prizes(day, "youth: cake", one_each=False, club_size=2)
    with_mode(day, MissedRounds.RANKED)
    prizes.save_prizes(day, "youth: cake", one_each=False, club_size=2)
    assert prizes.prize_awards(standings(day))[0].place.key == "T4"


def test_an_evening_gives_no_place_to_a_team_that_did_not_play(day):
    places = take_places(day)["places"]
    assert [place[3] for place in places] == ["Team 3", "Team 1", "Team 4", "Team 5", "Team 2"]
    assert [place[0] for place in places] == [1, 2, 3, 4, 5]


def test_the_setting_is_in_the_tournament_file_and_its_copies(day):
    data = export_file(day)
    assert "missed_rounds" not in data["tournament"]  # the default: the file is as before
    with_mode(day, MissedRounds.APART)
    data = export_file(day)
    assert data["tournament"]["missed_rounds"] == "apart"
    assert copy_file(data).missed_rounds == MissedRounds.APART
    del data["tournament"]["missed_rounds"]
    assert copy_file(data).missed_rounds == MissedRounds.RANKED  # a file without it: the default
    data["tournament"]["missed_rounds"] = "sometimes"
    with pytest.raises(Exception, match="missed_rounds"):
        copy_file(data)


def test_the_director_sets_it_in_the_tournament_form(day, director_client):
    page = director_client.get(f"/director/t/{day.slug}/edit/", **EN).content.decode()
    assert 'name="missed_rounds"' in page and "Ranked after the teams that played every round" in page
    data = {"name": day.name, "slug": day.slug, "date": "2026-11-21", "scoring_system": "pawns-2pt",
            "rounds": 3, "round_minutes": 45, "teams_per_table": 2, "entry_grace_minutes": 15,
            "confirmed_counts": "on", "self_capture": "forced", "home_entry": "forced", "seven_max_pawns": 7,
            "seed": day.seed, "public_names": "full", "missed_rounds": "no-prizes"}
    response = director_client.post(f"/director/t/{day.slug}/edit/", data, **EN)
    assert response.status_code == 302, response.content.decode()[:2000]
    day.refresh_from_db()
    assert day.missed_rounds == MissedRounds.NO_PRIZES
    del data["missed_rounds"]  # a form without the field (an older page) keeps the setting
    assert director_client.post(f"/director/t/{day.slug}/edit/", data, **EN).status_code == 302
    day.refresh_from_db()
    assert day.missed_rounds == MissedRounds.NO_PRIZES
    data["missed_rounds"] = "sometimes"
    response = director_client.post(f"/director/t/{day.slug}/edit/", data, **EN)
    assert response.status_code == 422 and "sometimes" in response.content.decode()
    day.refresh_from_db()
    assert day.missed_rounds == MissedRounds.NO_PRIZES
