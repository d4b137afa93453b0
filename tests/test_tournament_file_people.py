"""``person`` on a tournament file's players (competition.md): linked to the register on import,
written back on export, refused when one person plays twice; files without people unchanged."""

from __future__ import annotations

import copy
import json

import pytest
from django.core.management import CommandError

from people.models import Person
from tests.test_tournament_file import FILE, run, write
from tournaments.models import Player, Tournament

pytestmark = pytest.mark.usefixtures("english")


def with_people():
    data = copy.deepcopy(FILE)
    data["teams"][0]["players"] = [{"name": "Anna de Vries", "person": "lid-17"}, data["teams"][0]["players"][1]]
    return data


def test_a_person_is_linked_and_written_back(db, tmp_path):
    Person.objects.create(name="Anna de Vries", ref="lid-17", member_number="17")
    slug = run("import_tournament", write(tmp_path, with_people())).strip()
    anna = Player.objects.get(team__tournament__slug=slug, name="Anna de Vries")
    assert anna.person.member_number == "17" and Person.objects.count() == 1
    exported = json.loads(run("export_tournament", slug, "--file-version", "1"))
    assert exported["teams"][0]["players"][0] == {"name": "Anna de Vries", "person": "lid-17"}
    assert isinstance(exported["teams"][0]["players"][1], str)


def test_a_new_id_makes_a_person_of_the_register(db, tmp_path):
    run("import_tournament", write(tmp_path, with_people()))
    assert Person.objects.get(ref="lid-17").name == "Anna de Vries"


def test_one_person_playing_twice_refuses_the_file(db, tmp_path):
    data = with_people()
    data["teams"][1]["players"][0] = {"name": "Anna V.", "person": "lid-17"}
    with pytest.raises(CommandError, match="person “lid-17” plays in team T1 already"):
        run("import_tournament", write(tmp_path, data))
    assert not Tournament.objects.exists() and not Person.objects.exists()


@pytest.mark.parametrize("player, message", [
    ({"person": "lid-1"}, 'players[0]: "name" is missing'),
    ({"name": "Anna", "person": ""}, "person"),
    ({"name": "Anna", "member": 3}, "is not known here"),
])
def test_a_bad_player_object_is_named(db, tmp_path, player, message):
    data = copy.deepcopy(FILE)
    data["teams"][0]["players"][0] = player
    with pytest.raises(CommandError) as refused:
        run("import_tournament", write(tmp_path, data))
    assert message in str(refused.value) and not Tournament.objects.exists()


def test_an_individual_player_carries_a_person(db, tmp_path):
    data = {"format": "keezen-tournament", "version": 1, "entry": "individual", "name": "Inloop", "rounds": 1,
            "scoring": "pawns-2pt", "players": [{"id": f"P{n}", "name": f"Speler {n}", "person": f"lid-{n}"}
                                                for n in range(1, 5)], "tables": []}
    slug = run("import_tournament", write(tmp_path, data)).strip()
    exported = json.loads(run("export_tournament", slug, "--file-version", "1"))
    assert [p["person"] for p in exported["players"]] == ["lid-1", "lid-2", "lid-3", "lid-4"]
