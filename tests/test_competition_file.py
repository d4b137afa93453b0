"""The competition file and its commands (``shared/spec/competition.md``), driven as outside test
suites drive them: ``import_competition`` and ``competition_standings`` on small seasons whose
standings are computed by hand; every bad file refused whole with nothing written; the file
exported and imported again to the same file."""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest
from django.core.management import CommandError

from people.models import Person
from seasons.models import Competition, Evening, Excused
from tests.test_klaverjas_file import DRIVE
from tests.test_tournament_file import run, write
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.usefixtures("english")


def team(number, first, second):
    return {"id": f"T{number}", "name": f"Team {number}", "players": [first, second]}


def evening(name, teams, tables):
    """A Keezen evening of one round, pawns-2pt: 2 points a pawn home, 10 more for the team with 8."""
    return {"format": "keezen-tournament", "version": 1, "name": name, "scoring": "pawns-2pt", "rounds": 1,
            "seed": 3, "teams": teams,
            "tables": [{"round": 1, "table": n, "teams": [a, b], "pawns_home": {a: pa, b: pb}}
                       for n, ((a, pa), (b, pb)) in enumerate(tables, start=1)]}


EVA = {"name": "Eva Visser", "person": "p-eva"}
SEASON = {
    "format": "keezen-competition", "version": 1, "name": "Clubcompetitie 2026-2027", "game": "keezen",
    "seed": 20260901,
    "rules": {"per_evening": "points", "count": {"best": 2, "of": 4}, "absence": {"points": 8, "max": 1}},
    "excused": [{"evening": 2, "person": "p-eva"}, {"evening": 3, "person": "p-eva"}],
    "tournaments": [
        # Evening 1: T1 26 (8 pawns: 16 + 10), T2 10; T3 6, T4 26.
        evening("Avond 1", [team(1, EVA, "Bo de Boer"), team(2, "Cas Smit", "Dirk Bos"),
                            team(3, "Zoë  Özdemir", "Jan Jansen"), team(4, "Kim Kok", "Lot Lam")],
                [(("T1", 8), ("T2", 5)), (("T3", 3), ("T4", 8))]),
        # Evening 2: Cas and zoe 26, Kim and Lot 14.
        evening("Avond 2", [team(1, "Cas Smit", "zoe ozdemir"), team(2, "Kim Kok", "Lot Lam")],
                [(("T1", 8), ("T2", 7))]),
        # Evening 3: Bo and Kim 26, Dirk and Jan 12.
        evening("Avond 3", [team(1, "Bo de Boer", "Kim Kok"), team(2, "Dirk Bos", "Jan Jansen")],
                [(("T1", 8), ("T2", 6))]),
    ],
}


def standings(slug, *args):
    return json.loads(run("competition_standings", slug, "--format", "json", *args))


def by_person(data):
    return {row["person"]: row for row in data["standings"]}


def test_a_season_imports_and_ranks_best_of_with_an_excused_evening(db, tmp_path):
    slug = run("import_competition", write(tmp_path, SEASON)).strip()
    assert slug == "clubcompetitie-2026-2027"
    competition = Competition.objects.get(slug=slug)
    assert competition.evenings.count() == 3 and competition.seed == 20260901
    data = standings(slug)
    assert data["competition"] == "Clubcompetitie 2026-2027" and data["after"] == 3
    rows = by_person(data)
    # Kim: 26, 14, 26 → best 2: 26 + 26 = 52, evening 2 dropped.
    assert rows["kim kok"]["points"] == 52 and rows["kim kok"]["evenings"] == 3
    assert rows["kim kok"]["counted"] == [{"evening": 1, "points": 26}, {"evening": 3, "points": 26}]
    assert rows["kim kok"]["dropped"] == [{"evening": 2, "points": 14}]
    # Eva: played evening 1 (26); excused on 2 and 3, but only the first excused evening gives 8 (max 1).
    assert rows["p-eva"]["name"] == "Eva Visser" and rows["p-eva"]["evenings"] == 1
    assert rows["p-eva"]["counted"] == [{"evening": 1, "points": 26}, {"evening": 2, "points": 8, "excused": True}]
    assert rows["p-eva"]["points"] == 34 and rows["p-eva"]["dropped"] == []
    # "Zoë  Özdemir" and "zoe ozdemir" are one person: 6 and 26.
    assert rows["zoe ozdemir"]["points"] == 32 and rows["zoe ozdemir"]["evenings"] == 2
    # Ranks: Kim 52; Bo 26 + 26 = 52 → tied on points, results counted (2) and best (26): the lot.
    assert [row["rank"] for row in data["standings"]] == list(range(1, len(data["standings"]) + 1))
    top = data["standings"][:2]
    assert {row["person"] for row in top} == {"kim kok", "bo de boer"} and all(row["lot"] for row in top)
    assert not any(row["lot"] for row in data["standings"][2:] if row["points"] != 26)
    # Everyone with the same id or name is one person of the register; the excused person too.
    assert Person.objects.filter(ref="p-eva").count() == 1
    assert Player.objects.filter(person__key="zoe ozdemir").count() == 2
    assert Excused.objects.filter(competition=competition, person__ref="p-eva").count() == 2


def test_after_ranks_as_if_only_the_first_evenings_were_held(db, tmp_path):
    slug = run("import_competition", write(tmp_path, SEASON)).strip()
    data = standings(slug, "--after", "1")
    assert data["after"] == 1
    rows = by_person(data)
    assert set(rows) == {"p-eva", "bo de boer", "cas smit", "dirk bos", "zoe ozdemir", "jan jansen", "kim kok",
                         "lot lam"}
    assert rows["p-eva"]["points"] == 26 and rows["kim kok"]["counted"] == [{"evening": 1, "points": 26}]
    assert standings(slug, "--after", "0")["standings"] == []


def test_the_same_name_with_two_ids_is_two_people(db, tmp_path):
    season = copy.deepcopy(SEASON)
    season["tournaments"][2]["teams"][0]["players"][0] = {"name": "Bo de Boer", "person": "p-bo-2"}
    slug = run("import_competition", write(tmp_path, season)).strip()
    rows = by_person(standings(slug))
    assert rows["bo de boer"]["evenings"] == 1 and rows["p-bo-2"]["evenings"] == 1
    assert rows["p-bo-2"]["name"] == "Bo de Boer"


@pytest.mark.parametrize("rules, expected", [
    # Place points 10, 6, 3: evening 1 T1 and T4 share places 1 and 2 by lot; evening 2 Cas 1st, Kim 2nd.
    ({"per_evening": "place_points", "place_points": [10, 6, 3]}, None),
    ({"per_evening": "place_points", "place_points": "entrants"}, None),
    ({"per_evening": "percentage"}, {"cas smit": 10 / 26 * 100 + 100, "kim kok": 200 + 14 / 26 * 100}),
])
def test_what_an_evening_gives(db, tmp_path, rules, expected):
    season = {**SEASON, "rules": rules, "excused": []}
    slug = run("import_competition", write(tmp_path, season)).strip()
    rows = by_person(standings(slug))
    evening_1 = json.loads(run("standings", Evening.objects.get(number=1).tournament.slug, "--format", "json"))
    place = {row["team"]: row["rank"] for row in evening_1["standings"]}
    if rules["per_evening"] == "place_points":
        table = [10, 6, 3, 0] if rules["place_points"] != "entrants" else [4, 3, 2, 1]
        # Dirk: evening 1 T2's place, evening 3 2nd of 2.
        third = 0 if rules["place_points"] != "entrants" else 1
        assert rows["dirk bos"]["points"] == table[place["T2"] - 1] + (6 if table[0] == 10 else third)
        assert rows["cas smit"]["counted"][1] == {"evening": 2, "points": 10 if table[0] == 10 else 2}
    else:
        for person, points in expected.items():
            assert rows[person]["points"] == pytest.approx(round(points, 2), abs=0.011)
        assert rows["jan jansen"]["counted"][0] == {"evening": 1, "points": 23.08}  # 100 × 6 / 26


def test_minimum_evenings_lists_the_others_unranked(db, tmp_path):
    season = {**SEASON, "rules": {"per_evening": "points", "minimum_evenings": 2}, "excused": []}
    slug = run("import_competition", write(tmp_path, season)).strip()
    data = standings(slug)
    ranks = [row["rank"] for row in data["standings"]]
    ranked = [r for r in ranks if r is not None]
    assert ranked == list(range(1, len(ranked) + 1)) and ranks[len(ranked):] == [None] * (len(ranks) - len(ranked))
    assert {row["person"] for row in data["standings"] if row["rank"] is None} == {"p-eva"}  # one evening


def test_an_individual_season_ranks_players_by_their_own_points(db, tmp_path):
    players = [{"id": f"P{n}", "name": f"Speler {n}", "person": f"lid-{n}"} for n in range(1, 5)]
    night = {"format": "keezen-tournament", "version": 1, "entry": "individual", "name": "Inloop", "rounds": 1,
             "scoring": "pawns-2pt", "seed": 5, "players": players,
             "tables": [{"round": 1, "table": 1, "pairs": [["P1", "P2"], ["P3", "P4"]], "pawns_home": [8, 3]}]}
    season = {"format": "keezen-competition", "version": 1, "name": "Inloopavonden", "game": "keezen",
              "rules": {"per_evening": "points"}, "tournaments": [night, night]}
    slug = run("import_competition", write(tmp_path, season)).strip()
    rows = by_person(standings(slug))
    one = json.loads(run("standings", Evening.objects.get(number=1).tournament.slug, "--format", "json"))
    own = {row["id"]: row["points"] for row in one["standings"]}
    assert {person: row["points"] for person, row in rows.items()} == {f"lid-{n}": 2 * own[f"P{n}"] for n in range(1, 5)}
    assert rows["lid-1"]["evenings"] == 2 and Person.objects.filter(ref__startswith="lid-").count() == 4


def test_a_klaverjas_season(db, tmp_path):
    season = {"format": "keezen-competition", "version": 1, "name": "Klaverjascompetitie", "game": "klaverjas",
              "rules": {"per_evening": "points"}, "tournaments": [DRIVE]}
    slug = run("import_competition", write(tmp_path, season)).strip()
    rows = by_person(standings(slug))
    assert rows["speler 4a"]["points"] == rows["speler 4b"]["points"] == 1040  # test_klaverjas_file's pair 4


def test_csv_and_text(db, tmp_path):
    slug = run("import_competition", write(tmp_path, SEASON)).strip()
    table = list(csv.reader(io.StringIO(run("competition_standings", slug, "--format", "csv"))))
    assert table[0] == ["rank", "person", "name", "points", "evenings", "counted", "dropped", "lot"]
    eva = next(line for line in table if line[1] == "p-eva")
    assert eva[3:7] == ["34", "1", "1:26 2:8e", ""]
    text = run("competition_standings", slug)
    assert text.startswith("Clubcompetitie 2026-2027 — after evening 3") and "Eva Visser" in text


def test_the_file_round_trips(db, tmp_path):
    slug = run("import_competition", write(tmp_path, SEASON)).strip()
    exported = run("export_competition", slug)
    again = run("import_competition", write(tmp_path, json.loads(exported), "again.json")).strip()
    assert again != slug
    assert run("export_competition", again) == exported
    assert standings(again)["standings"] == standings(slug)["standings"]
    data = json.loads(exported)
    assert data["excused"] == SEASON["excused"] and data["rules"] == SEASON["rules"]
    assert data["tournaments"][0]["teams"][0]["players"][0] == EVA


def _without(key):
    season = copy.deepcopy(SEASON)
    del season[key]
    return season


def _with(**changes):
    season = copy.deepcopy(SEASON)
    season.update(changes)
    return season


def _broken_tournament():
    season = copy.deepcopy(SEASON)
    season["tournaments"][1]["tables"][0]["pawns_home"]["T1"] = 9
    return season


BAD = [
    (_with(format="keezen-tournament"), '"format" must be "keezen-competition"'),
    (_with(version=2), '"version" must be 1'),
    (_without("rules"), '"rules" is missing'),
    (_with(rules={"count": "all"}), "per_evening"),
    (_with(rules={"per_evening": "points", "count": {"best": 9, "of": 8}}), "best 9 of 8"),
    (_with(rules={"per_evening": "points", "periods": [{"name": "Najaar", "evenings": [1, 2], "best": 1},
                                                       {"name": "Voorjaar", "evenings": [2, 3], "best": 1}]}),
     "periods overlap: evening 2"),
    (_with(rules={"per_evening": "points", "count": {"best": 1, "of": 4},
                  "periods": [{"name": "Najaar", "evenings": [1, 5], "best": 1}]}), "evening 5 is outside 1…4"),
    (_with(rules={"per_evening": "points", "count": {"best": 1, "of": 2}}), "3 evenings, more than the 2"),
    (_with(game="klaverjas"), "a tournament of keezen in a competition of klaverjas"),
    (_with(excused=[{"evening": 1, "person": "p-eva"}]), "played on evening 1"),
    (_with(excused=[{"evening": 2, "person": "Cas Smit"}]), "played on evening 2"),
    (_with(excused=[{"evening": 9, "person": "p-eva"}]), "evening 9 is not an evening"),
    (_broken_tournament(), "evening 2 (tournaments[1])"),
    (_with(tournaments="none"), '"tournaments" must be a list'),
]


@pytest.mark.parametrize("season, message", BAD, ids=[message[:30] for _season, message in BAD])
def test_a_bad_file_is_refused_whole(db, tmp_path, season, message):
    with pytest.raises(CommandError) as refused:
        run("import_competition", write(tmp_path, season))
    assert message in str(refused.value)
    assert not Competition.objects.exists() and not Tournament.objects.exists() and not Person.objects.exists()


def test_not_json_and_unknown_slugs(db, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(CommandError, match="not a competition file"):
        run("import_competition", str(path))
    with pytest.raises(CommandError, match="no competition"):
        run("competition_standings", "nope", "--format", "json")
    slug = run("import_competition", write(tmp_path, SEASON)).strip()
    with pytest.raises(CommandError, match="--after must be from 0 to 4"):
        run("competition_standings", slug, "--after", "5")


def test_standings_follow_a_new_result(db, tmp_path):
    """An evening's places are taken again as soon as its tournament's results move."""
    from tournaments.models import Result

    slug = run("import_competition", write(tmp_path, SEASON)).strip()
    assert by_person(standings(slug))["kim kok"]["points"] == 52
    result = Result.objects.get(table__round__tournament__name="Avond 3")
    Result.objects.create(table=result.table, version=2, source=result.source,
                          sheet={**result.sheet, "pawns_home": [5, 8]})
    assert by_person(standings(slug))["kim kok"]["points"] == 26 + 14  # evening 3 now lost: 10


def test_a_frozen_evening_shows_its_frozen_places(db, tmp_path):
    """Before the prize-giving the director freezes the public standings: the competition waits too."""
    from tournaments.models import Result
    from tournaments.services.standings import set_frozen

    slug = run("import_competition", write(tmp_path, SEASON)).strip()
    tournament = Tournament.objects.get(name="Avond 3")
    set_frozen(tournament, True)
    result = Result.objects.get(table__round__tournament=tournament)
    Result.objects.create(table=result.table, version=2, source=result.source,
                          sheet={**result.sheet, "pawns_home": [5, 8]})
    assert by_person(standings(slug))["kim kok"]["points"] == 52
    set_frozen(Tournament.objects.get(pk=tournament.pk), False)
    assert by_person(standings(slug))["kim kok"]["points"] == 26 + 14


def test_an_evening_survives_a_restore_and_refuses_a_delete(db, tmp_path):
    from django.core.exceptions import ValidationError

    from tournaments.services.lifecycle import delete_tournament
    from tournaments.services.tournament_file import export_file, restore_file

    slug = run("import_competition", write(tmp_path, SEASON)).strip()
    before = standings(slug)["standings"]
    tournament = Tournament.objects.get(name="Avond 2")
    restored = restore_file(export_file(tournament))
    assert Evening.objects.get(number=2).tournament == restored and restored.pk != tournament.pk
    assert standings(slug)["standings"] == before
    with pytest.raises(ValidationError, match="is evening 2 of the competition"):
        delete_tournament(restored, restored.slug)
    assert Tournament.objects.filter(pk=restored.pk).exists()


def test_public_names_follow_the_strictest_setting(db, tmp_path):
    from seasons.services.shown import shown_lines
    from seasons.services.standings import competition_standings

    slug = run("import_competition", write(tmp_path, SEASON)).strip()
    Tournament.objects.filter(name="Avond 2").update(public_names="first-initial")
    report = competition_standings(Competition.objects.get(slug=slug))
    public = {line.name for line in shown_lines(report, public=True)}
    assert "Eva V." in public and "Eva Visser" not in public
    assert "Eva Visser" in {line.name for line in shown_lines(report, public=False)}


def test_a_competition_of_fixed_teams(db, tmp_path):
    """An addition to the contract: "ranks": "teams" ranks a team as its two people together."""
    season = {**SEASON, "rules": {"per_evening": "points", "ranks": "teams"}, "excused": []}
    slug = run("import_competition", write(tmp_path, season)).strip()
    rows = by_person(standings(slug))
    # Kim and Lot: 26 (evening 1) + 14 (evening 2) as one team; Bo and Kim (evening 3) are another team.
    assert rows["kim kok & lot lam"]["points"] == 40 and rows["kim kok & lot lam"]["evenings"] == 2
    assert rows["kim kok & lot lam"]["name"] == "Team 2"  # as it was last called (evening 2)
    assert rows["bo de boer & kim kok"]["points"] == 26
    assert rows["cas smit & zoe ozdemir"]["points"] == 26 and len(rows) == 7


@pytest.mark.parametrize("change, message", [
    ({"excused": [{"evening": 2, "person": "p-eva"}]}, "a competition of fixed teams has none"),
    ({"rules": {"per_evening": "points", "ranks": "teams", "absence": {"points": 5}}}, "fixed teams has none"),
    ({"rules": {"per_evening": "points", "ranks": "pairs"}}, 'rules.ranks must be "people" or "teams"'),
])
def test_fixed_teams_refuse_what_belongs_to_people(db, tmp_path, change, message):
    season = {**SEASON, "rules": {"per_evening": "points", "ranks": "teams"}, **change}
    with pytest.raises(CommandError, match=message):
        run("import_competition", write(tmp_path, season))
    assert not Competition.objects.exists()


def test_fixed_teams_refuse_an_individual_evening(db, tmp_path):
    night = {"format": "keezen-tournament", "version": 1, "entry": "individual", "name": "Inloop", "rounds": 1,
             "scoring": "pawns-2pt", "players": [{"id": f"P{n}", "name": f"Speler {n}"} for n in range(1, 5)],
             "tables": []}
    season = {**SEASON, "rules": {"per_evening": "points", "ranks": "teams"}, "excused": [],
              "tournaments": [SEASON["tournaments"][0], night]}
    with pytest.raises(CommandError, match="evening 2 .*a competition of fixed teams takes tournaments of teams"):
        run("import_competition", write(tmp_path, season))
