"""The tournament file and the commands of scoring.md: import, export, standings."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import Result, Round, Table, Team, Tournament
from tournaments.services.tournament_file import (
    InvalidTournamentFile,
    export_file,
    import_file,
)

pytestmark = pytest.mark.usefixtures("english")


FILE = {
    "format": "keezen-tournament", "version": 1, "name": "Keezen Cup 2026", "date": "2026-11-21",
    "scoring": "pawn-order", "rounds": 3, "round_minutes": 45, "seed": 20261121,
    "rules": {"jack_own_start": True},
    "teams": [
        {"id": "T1", "name": "De Kezers", "players": ["Anna de Vries", "Bram Jansen"], "club": "KC Noord"},
        {"id": "T2", "name": "Pionnen", "players": ["Carla Smit", "Dirk Bos"]},
        {"id": "T3", "name": "Drie", "players": ["E", "F"]},
        {"id": "T4", "name": "Vier", "players": ["G", "H"]},
        {"id": "T5", "name": "Vijf", "players": ["I", "J"]},
    ],
    "tables": [
        {"round": 1, "table": 1, "teams": ["T1", "T2"], "arrivals": ["T1", "T2", "T1"]},
        {"round": 1, "table": 2, "teams": ["T3", "T4"],
         "arrivals": ["T3", "T3", "T4", "T3", "T4", "T4", "T3", "T3", "T3", "T4", "T3"]},
        {"round": 1, "bye": "T5"},
        {"round": 2, "table": 1, "teams": ["T1", "T3"]},
    ],
}


def same_day(data: dict) -> dict:
    """A file without the moment it was written: what a round trip must keep."""
    return {key: value for key, value in data.items() if key != "exported_at"}


def write(tmp_path, data, name="cup.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def run(*args) -> str:
    from io import StringIO

    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_prints_the_slug_and_creates_everything(db, tmp_path):
    slug = run("import_tournament", write(tmp_path, FILE)).strip()
    tournament = Tournament.objects.get(slug=slug)
    assert slug == "keezen-cup-2026" and tournament.seed == 20261121
    assert tournament.teams.count() == 5 and Round.objects.filter(tournament=tournament).count() == 2
    assert Table.objects.filter(round__tournament=tournament).count() == 3
    assert Result.objects.filter(table__round__tournament=tournament).count() == 2
    assert Team.objects.get(tournament=tournament, number=1).club.name == "KC Noord"


def test_export_import_export_gives_the_same_file(db, tmp_path):
    first_slug = run("import_tournament", write(tmp_path, FILE)).strip()
    first = json.loads(run("export_tournament", first_slug))
    Tournament.objects.get(slug=first_slug).delete()  # an empty database, as on another laptop
    assert run("import_tournament", write(tmp_path, first, "again.json")).strip() == first_slug
    second = json.loads(run("export_tournament", first_slug))
    assert same_day(second) == same_day(first) and second["exported_at"] >= first["exported_at"]
    assert first["version"] == 2 and first["tournament"]["slug"] == first_slug
    assert first["tables"][0] == {"round": 1, "table": 1, "teams": ["T1", "T2"], "arrivals": ["T1", "T2", "T1"]}
    assert {"round": 1, "bye": "T5"} in first["tables"]


def test_standings_json_follows_the_worked_example(db, tmp_path):
    slug = run("import_tournament", write(tmp_path, FILE)).strip()
    data = json.loads(run("standings", slug, "--format", "json"))
    assert data["tournament"] == slug and data["after_round"] == 1
    top = data["standings"][0]
    assert top == {"rank": 1, "team": "T3", "name": "Drie", "points": 700, "rounds": [700], "lot": False}
    assert [row["points"] for row in data["standings"]][:4] == [700, 400, 280, 140]
    assert [row["rank"] for row in data["standings"]] == [1, 2, 3, 4, 5]


def test_standings_csv_and_text(db, tmp_path):
    slug = run("import_tournament", write(tmp_path, FILE)).strip()
    assert run("standings", slug, "--format", "csv").splitlines()[1] == "1,T3,Drie,700,700,"
    assert "Drie" in run("standings", slug)


def test_individual_11_standings_are_per_player(db, tmp_path):
    data = copy.deepcopy(FILE)
    data["scoring"] = "individual-11"
    data["tables"] = [{"round": 1, "table": 1, "teams": ["T1", "T2"],
                       "home": {"T1": [[4, 3, 2, 1], [4, 3, 2, 1]], "T2": [[4, 3], [4]]}}]
    slug = run("import_tournament", write(tmp_path, data)).strip()
    rows = json.loads(run("standings", slug, "--format", "json"))["standings"]
    assert rows[0]["points"] == 11 and rows[0]["team"] == "T1" and rows[0]["player"] in ("Anna de Vries", "Bram Jansen")
    assert {"rank", "player", "team", "points", "rounds", "lot"} == set(rows[0])


def bad(**changes):
    data = copy.deepcopy(FILE)
    for key, value in changes.items():
        data[key] = value
    return data


INVALID = {
    "more than 8 pawns": (bad(tables=[{"round": 1, "table": 1, "teams": ["T1", "T2"], "arrivals": ["T1"] * 9}]),
                          ["round 1, table 1", "T1"]),
    "team not seated": (bad(tables=[{"round": 1, "table": 3, "teams": ["T1", "T2"], "arrivals": ["T1", "T3"]}]),
                        ["round 1, table 3", "T3"]),
    "unknown team": (bad(tables=[{"round": 2, "table": 1, "teams": ["T1", "T9"]}]), ["round 2, table 1", "T9"]),
    "two complete": (bad(scoring="pawns-2pt",
                         tables=[{"round": 1, "table": 1, "teams": ["T1", "T2"], "pawns_home": {"T1": 8, "T2": 8}}]),
                     ["round 1, table 1"]),
    "hole twice": (bad(scoring="individual-11",
                       tables=[{"round": 1, "table": 1, "teams": ["T1", "T2"],
                                "home": {"T1": [[4, 4], []], "T2": [[], []]}}]), ["round 1, table 1", "T1"]),
    "team twice in a round": (bad(tables=[{"round": 1, "table": 1, "teams": ["T1", "T2"]},
                                          {"round": 1, "table": 2, "teams": ["T1", "T3"]}]),
                              ["round 1, table 2", "T1"]),
    "two byes": (bad(tables=[{"round": 1, "bye": "T5"}, {"round": 2, "bye": "T5"}]), ["round 2", "T5"]),
    "wrong format": (bad(format="something"), ['"format"']),
    "unknown system": (bad(scoring="dice"), ['"scoring"']),
    "bad rules": (bad(rules={"jack_queen": True}), ["jack_queen"]),
    "team with one player": (bad(teams=FILE["teams"][:4] + [{"id": "T5", "name": "Vijf", "players": ["I"]}]),
                             ['teams[4]: "players"']),
}


@pytest.mark.parametrize("case", INVALID, ids=list(INVALID))
def test_invalid_files_are_refused_whole_naming_the_place(db, tmp_path, case):
    data, words = INVALID[case]
    with pytest.raises(InvalidTournamentFile) as error:
        import_file(data)
    text = "\n".join(error.value.errors)
    assert all(word in text for word in words), text
    with pytest.raises(CommandError):
        run("import_tournament", write(tmp_path, data))
    assert not Tournament.objects.exists() and not Team.objects.exists()


def test_commands_refuse_unknown_slugs_and_bad_json(db, tmp_path):
    for args in (["export_tournament", "nope"], ["standings", "nope"]):
        with pytest.raises(CommandError, match="nope"):
            run(*args)
    path = tmp_path / "broken.json"
    path.write_text("{")
    with pytest.raises(CommandError, match="damaged or cut off"):
        run("import_tournament", str(path))


def test_export_of_a_tournament_made_in_the_app(tournament, make_teams):
    make_teams(tournament, 2)
    data = export_file(tournament)
    assert [t["id"] for t in data["teams"]] == ["T1", "T2"] and data["tables"] == []
    tournament.delete()
    again = import_file(data)
    assert again.slug == tournament.slug and same_day(export_file(again)) == same_day(data)


def test_a_file_of_a_tournament_that_is_here_comes_in_as_a_hidden_copy(db, tmp_path):
    original = import_file(FILE)
    data = export_file(original)
    copy_ = import_file(data)
    assert copy_.slug != original.slug and copy_.name == "Keezen Cup 2026 (copy)" and copy_.hidden
    copied = export_file(copy_)
    assert copied["teams"] == data["teams"] and copied["tables"] == data["tables"]
    tokens = {entry["token"] for entry in data["table_details"]}
    assert tokens.isdisjoint(entry["token"] for entry in copied["table_details"])


def test_version_1_is_still_written_on_request(db, tmp_path):
    slug = run("import_tournament", write(tmp_path, FILE)).strip()
    old = json.loads(run("export_tournament", slug, "--file-version", "1"))
    assert old["version"] == 1 and "table_details" not in old and "exported_at" not in old
    assert old["tables"] == json.loads(run("export_tournament", slug))["tables"]


def test_command_line_exit_status_and_stderr(tmp_path):
    import subprocess
    import sys

    path = write(tmp_path, bad(format="x"))
    done = subprocess.run([sys.executable, "manage.py", "import_tournament", path], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode != 0 and '"format"' in done.stderr and done.stdout == ""


def test_download_and_restore_in_the_director_area(director_client, tmp_path):
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = director_client.post("/director/restore/", {
        "file": SimpleUploadedFile("cup.json", json.dumps(FILE).encode())})
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    download = director_client.get(f"/director/t/{tournament.slug}/tournament.json")
    assert download["Content-Disposition"].startswith("attachment")
    assert same_day(json.loads(download.content)) == same_day(export_file(tournament))
    refused = director_client.post("/director/restore/", {
        "file": SimpleUploadedFile("bad.json", json.dumps(bad(scoring="dice")).encode())}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 422 and '"scoring"' in refused.content.decode().replace("&quot;", '"')
    assert Tournament.objects.count() == 1


def test_three_team_tables_end_to_end(db, tmp_path):
    data = copy.deepcopy(FILE)
    data["tables"] = [
        {"round": 1, "table": 1, "teams": ["T1", "T2", "T3"], "arrivals": ["T3", "T1", "T2", "T3"]},
        {"round": 1, "table": 2, "teams": ["T4", "T5"], "forfeit": "T5"},
    ]
    slug = run("import_tournament", write(tmp_path, data)).strip()
    assert Tournament.objects.get(slug=slug).teams_per_table == 3
    rows = {row["team"]: row["points"] for row in json.loads(run("standings", slug, "--format", "json"))["standings"]}
    assert rows == {"T3": 150 + 120, "T1": 140, "T2": 130, "T4": 1120, "T5": 0}
    assert json.loads(run("export_tournament", slug))["tables"][0]["teams"] == ["T1", "T2", "T3"]
