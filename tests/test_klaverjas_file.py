"""A Klaverjassen tournament through the tournament file (``scoring.md`` with ``"game":
"klaverjas"``, ``klaverjas.md``): imported, its standings by card points + roem + pit bonus with
the tiebreaks of ``scoring.md``, exported and imported again to the same file; every impossible
card refused whole, naming round, table, deal and team; Keezen files as they were."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.management import CommandError

from tests.test_tournament_file import FILE, run, same_day, write
from tournaments.models import Result, Tournament

pytestmark = pytest.mark.usefixtures("english")


def deal(playing, a, b, roem=(0, 0), pit=None, teams=("T1", "T2")):
    return {"playing": playing, "points": {teams[0]: a, teams[1]: b},
            "roem": {teams[0]: roem[0], teams[1]: roem[1]}, "pit": pit}


DRIVE = {
    "format": "keezen-tournament", "version": 1, "game": "klaverjas", "name": "Klaverjasdrive November",
    "date": "2026-11-27", "rounds": 2, "deals": 4, "seed": 7, "rules": {"pit_bonus": 100},
    "teams": [{"id": f"T{n}", "name": f"Paar {n}", "players": [f"Speler {n}a", f"Speler {n}b"]} for n in range(1, 6)],
    "tables": [
        {"round": 1, "table": 1, "teams": ["T1", "T2"], "deals": [
            deal("T1", 90, 72, (20, 0)),                    # T1 110, T2 72
            deal("T2", 70, 92, (0, 20)),                    # T2 112, T1 70
            deal("T1", 70, 92, (20, 0)),                    # nat: 182 to T2 (playing 90 of 182 + 20 = 91)
            deal("T2", 0, 162, (0, 40), pit="T2"),          # pit: T2 162 + 40 + 100
        ]},
        {"round": 1, "table": 2, "teams": ["T3", "T4"], "totals": {"T3": 700, "T4": 520}},
        {"round": 1, "bye": "T5"},
        {"round": 2, "table": 1, "teams": ["T1", "T3"], "deals": [deal("T3", 81, 81, teams=("T1", "T3"))]},
        {"round": 2, "table": 2, "teams": ["T2", "T5"], "forfeit": "T5"},
        {"round": 2, "bye": "T4"},
    ],
}


def test_a_drive_imports_scores_and_ranks(db, tmp_path):
    slug = run("import_tournament", write(tmp_path, DRIVE)).strip()
    tournament = Tournament.objects.get(slug=slug)
    assert tournament.game == "klaverjas" and tournament.scoring_system == "klaverjas" and tournament.deals == 4
    assert Result.objects.filter(table__round__tournament=tournament).count() == 4
    data = json.loads(run("standings", slug, "--format", "json"))
    points = {row["team"]: (row["points"], row["rounds"]) for row in data["standings"]}
    # Round 1, table 1: T1 110 + 70 + 0 + 0 = 180; T2 72 + 112 + 182 + 302 = 668.
    # Round 2: 81 - 81 for the playing T3 is exactly half: nat, T1 162. A forfeit gives T2 81 x 4.
    assert points["T1"] == (180 + 162, [180, 162])
    assert points["T2"] == (668 + 324, [668, 324])
    assert points["T3"] == (700, [700, 0])
    assert points["T4"] == (1040, [520, 520])  # a bye: the average of the own rounds
    assert [row["team"] for row in data["standings"]] == ["T4", "T2", "T3", "T1", "T5"]


def test_export_import_export_gives_the_same_file(db, tmp_path):
    slug = run("import_tournament", write(tmp_path, DRIVE)).strip()
    first = json.loads(run("export_tournament", slug))
    assert first["game"] == "klaverjas" and first["deals"] == 4 and first["scoring"] == "klaverjas"
    assert first["rules"]["pit_bonus"] == 100 and first["rules"]["undertrump"] == "free"
    table = next(entry for entry in first["tables"] if entry.get("table") == 1 and entry["round"] == 1)
    assert table["deals"][3] == deal("T2", 0, 162, (0, 40), pit="T2")
    assert {"round": 1, "table": 2, "teams": ["T3", "T4"], "totals": {"T3": 700, "T4": 520}} in first["tables"]
    Tournament.objects.get(slug=slug).delete()
    assert run("import_tournament", write(tmp_path, first, "again.json")).strip() == slug
    second = json.loads(run("export_tournament", slug))
    assert same_day(second) == same_day(first)
    assert json.loads(run("standings", slug, "--format", "json"))["standings"][0]["team"] == "T4"


def bad(change) -> dict:
    data = copy.deepcopy(DRIVE)
    change(data)
    return data


def _deal(data, index, **fields):
    data["tables"][0]["deals"][index].update(fields)


CASES = [
    (lambda d: _deal(d, 0, points={"T1": 90, "T2": 70}), "round 1, table 1: Deal 1: the card points add up to 160"),
    (lambda d: _deal(d, 1, roem={"T1": 0, "T2": 15}), "round 1, table 1: Deal 2: T2's roem 15 is not a multiple of 10"),
    (lambda d: _deal(d, 3, points={"T1": 10, "T2": 152}), "round 1, table 1: Deal 4: T2 has a pit"),
    (lambda d: _deal(d, 3, roem={"T1": 20, "T2": 40}), "round 1, table 1: Deal 4: T2 won every trick (pit), so T1"),
    (lambda d: d["tables"][0]["deals"].append(deal("T1", 81, 81)), "round 1, table 1: The card has 5 deals; a round has 4"),
    (lambda d: d["tables"][1].update(totals={"T3": -5, "T4": 520}), "round 1, table 2:"),
    (lambda d: d.update(rules={"undertrump": "never"}), '"rules": house rule undertrump'),
    (lambda d: d.update(scoring="pawn-order"), '"scoring": "pawn-order" is not a scoring system of klaverjas'),
    (lambda d: d.update(game="schaak"), '"game"'),
]


@pytest.mark.parametrize(("change", "message"), CASES)
def test_an_impossible_card_refuses_the_file_whole(db, tmp_path, change, message):
    with pytest.raises(CommandError) as refused:
        run("import_tournament", write(tmp_path, bad(change)))
    assert message in str(refused.value), str(refused.value)
    assert not Tournament.objects.exists()


def test_a_keezen_file_cannot_hold_a_card_nor_say_klaverjas(db, tmp_path):
    cards = copy.deepcopy(FILE)
    cards["tables"][0] = {"round": 1, "table": 1, "teams": ["T1", "T2"], "totals": {"T1": 1, "T2": 2}}
    with pytest.raises(CommandError):
        run("import_tournament", write(tmp_path, cards))
    system = copy.deepcopy(FILE)
    system["scoring"] = "klaverjas"
    with pytest.raises(CommandError) as refused:
        run("import_tournament", write(tmp_path, system))
    assert '"scoring": "klaverjas" is not a scoring system of keezen' in str(refused.value)
    assert not Tournament.objects.exists()


def test_a_klaverjassen_table_seats_two_teams(db, tmp_path):
    def three_at_table_2(data):
        data["tables"][1] = {"round": 1, "table": 2, "teams": ["T3", "T4", "T5"]}
        data["tables"].remove({"round": 1, "bye": "T5"})

    with pytest.raises(CommandError) as refused:
        run("import_tournament", write(tmp_path, bad(three_at_table_2)))
    assert "round 1, table 2: a table of Klaverjassen cannot seat 3 sides" in str(refused.value)
    with pytest.raises(CommandError) as refused:
        run("import_tournament", write(tmp_path, bad(lambda d: d.update(teams_per_table=3))))
    assert '"teams_per_table": a Klaverjassen table seats two teams' in str(refused.value)
    assert not Tournament.objects.exists()


def test_an_imported_drive_is_played_on_in_the_app(db, tmp_path, client):
    """A drive whose round 2 is still being played takes its cards on the table links, keeps its
    game in the form (the systems of its game), and can be rehearsed."""
    from tournaments.forms import TournamentForm
    from tournaments.models import Table
    from tournaments.services.rehearsal import check_can_rehearse

    unplayed = bad(lambda d: d["tables"][4].pop("forfeit"))  # round 2, table 2 is still being played
    slug = run("import_tournament", write(tmp_path, unplayed)).strip()
    tournament = Tournament.objects.get(slug=slug)
    table = Table.objects.get(round__tournament=tournament, round__number=2, number=2)
    page = client.get(f"/s/{table.token}/")
    assert page.status_code == 200 and b'name="deal_4_points"' in page.content
    for url in (f"/t/{slug}/standings/", f"/t/{slug}/standings.json"):
        assert client.get(url).status_code == 200, url
    choices = TournamentForm(instance=tournament).fields["scoring_system"].choices
    assert [[value for value, _label in group] for _game, group in choices] == [["klaverjas"]]
    assert check_can_rehearse(tournament) == []
