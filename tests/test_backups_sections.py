"""The automatic backups follow what the tournament file's registered sections keep
(``tournaments/services/tournament_file/sections.py``): a prize list saved, a category added, an entry
fee set, a payment taken, a person of the register linked to a player and a sheet confirmed each
write a backup at once — done on the director's pages and the table's link, as on the day. And a
registered section round-trips: the demo tournament with prizes, categories, a fee, payments and
people linked is exported, imported and exported again to the same bytes."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from door import services as door
from door.models import FeePer, Method
from people.models import Person
from prizes import services as prizes
from tournaments.models import Player, Tournament
from tournaments.services import backups
from tournaments.services.teams import TeamData, update_team
from tournaments.services.tournament_file import dumps, export_file, import_file
from tournaments.services.tournament_file.sections import keyed, sections

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def newest_file(tournament: Tournament) -> dict:
    newest = backups.latest(tournament)
    assert newest is not None, "no backup was written"
    return json.loads(newest.path.read_text(encoding="utf-8"))


@pytest.fixture
def day(tournament, make_teams, inline) -> Tournament:
    """Four teams, backed up once: each test looks for its change in the next backup."""
    with inline():
        make_teams(tournament, 4)
    assert "prizes" not in newest_file(tournament) and "door" not in newest_file(tournament)
    return tournament


def test_the_apps_register_their_sections():
    assert [section.key for section in keyed()] == ["door", "finals", "prizes"]
    assert {"tournaments", "door", "prizes", "people", "seasons"} <= {section.name for section in sections()}


def test_a_prize_list_saved_is_backed_up(director_client, day, inline):
    with inline():
        response = director_client.post(f"/director/t/{day.slug}/prizes/",
                                         {"prizes": "1: vlaai\n2: wine", "club_size": 2, "one_each": "on"}, **EN)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert [prize["what"] for prize in newest_file(day)["prizes"]["list"]] == ["vlaai", "wine"]


def test_a_category_added_is_backed_up(director_client, day, inline):
    with inline():
        response = director_client.post(f"/director/t/{day.slug}/prizes/categories/add/", {"name": "Youth"}, **EN)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert [category["name"] for category in newest_file(day)["prizes"]["categories"]] == ["Youth"]


def test_a_fee_set_is_backed_up(director_client, day, inline):
    with inline():
        response = director_client.post(f"/director/t/{day.slug}/cash/fee/",
                                         {"per": "team", "amount": "12,50", "reduction_name_1": "member",
                                          "reduction_amount_1": "2,50"}, **EN)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert newest_file(day)["door"]["fee"] == {"per": "team", "amount": 1250,
                                               "reductions": [{"name": "member", "amount": 250}]}


def test_a_payment_is_backed_up(director_client, day, inline):
    with inline():
        door.set_fee(day, FeePer.TEAM, 1500, [])
    team = day.teams.get(number=2)
    with inline():
        response = director_client.post(f"/director/t/{day.slug}/checkin/{team.pk}/pay/", {"method": "cash"},
                                         HTTP_HX_REQUEST="true", **EN)
    assert response.status_code == 200, response.content.decode()[:2000]
    assert [(payment["team"], payment["amount"]) for payment in newest_file(day)["door"]["payments"]] == [("T2", 1500)]
    with inline():
        response = director_client.post(f"/director/t/{day.slug}/checkin/{team.pk}/undo-payment/",
                                         HTTP_HX_REQUEST="true", **EN)
    assert response.status_code == 200 and newest_file(day)["door"]["payments"] == []


def test_a_person_linked_is_backed_up(director_client, day, inline):
    anna = Person.objects.create(name="Anna de Vries", ref="p-anna")
    team = day.teams.get(number=1)
    with inline():
        response = director_client.post(f"/director/t/{day.slug}/teams/{team.pk}/edit/", {
            "name": team.name, "player_1": "Anna de Vries", "person_1": str(anna.pk),
            "player_2": "Speler 1b", "person_2": "", "number": "1", "club": "Club 1"}, **EN)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Player.objects.get(team=team, seat=1).person == anna
    assert newest_file(day)["teams"][0]["players"][0] == {"name": "Anna de Vries", "person": "p-anna"}


def test_a_merge_of_two_people_is_backed_up(director_client, day, inline):
    """The merge moves the players by ``update()`` (no ``post_save``): it says the tournament changed."""
    anna = Person.objects.create(name="Anna de Vries", ref="p-anna")
    with inline():
        other = Person.objects.create(name="Anna de Vries", ref="p-annie")
        player = Player.objects.get(team__tournament=day, team__number=1, seat=1)
        player.person = other
        player.save()
    assert newest_file(day)["teams"][0]["players"][0]["person"] == "p-annie"
    with inline():
        response = director_client.post(reverse("people:merge", args=[anna.pk]), {"other": other.pk}, **EN)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert newest_file(day)["teams"][0]["players"][0]["person"] == "p-anna"
    with inline():
        response = director_client.post(reverse("people:delete", args=[anna.pk]), **EN)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert "person" not in json.dumps(newest_file(day)["teams"][0]["players"][0])


def test_a_sheet_confirmed_is_backed_up(client, tournament, published_round, inline):
    with inline():
        round_ = published_round(tournament, 4)
    table = round_.tables.order_by("number").first()
    codes = {seat.position: seat.code for seat in table.seats.all()}
    link = f"/s/{table.token}/"
    with inline():
        assert client.post(link, {"action": "submit", "code": codes[1], "arrivals": "AAAAAAAA"}).status_code == 302
    with inline():
        assert client.post(link, {"action": "confirm", "code": codes[2]}).status_code == 302
    sheets = next(entry for entry in newest_file(tournament)["table_details"]
                  if entry["round"] == 1 and entry["table"] == 1)["sheets"]
    assert [sheet["state"] for sheet in sheets] == ["confirmed"]


def test_the_demo_tournament_with_prizes_a_fee_payments_and_people_round_trips(db):
    from prizes.demo import load_prizes
    from tournaments.demo import load_demo

    demo, _added = load_demo()
    assert load_prizes() > 0
    ladies = prizes.add_category(demo, "Ladies")
    players = list(Player.objects.filter(team__tournament=demo).order_by("team__number", "seat")[:3])
    prizes.update_category(ladies, "Ladies", [], [str(player.pk) for player in players])
    door.set_fee(demo, FeePer.PERSON, 750, [("member", 250), ("youth", 500)])
    teams = list(demo.teams.order_by("number")[:3])
    door.record_payment(teams[0], Method.CASH, seat=1)
    door.record_payment(teams[0], Method.CARD, seat=2, reduction="member")
    door.record_payment(teams[2], Method.BANK_TRANSFER, seat=1, reduction="youth")
    eva = Person.objects.create(name="Eva Smit", ref="p-eva")
    first = teams[1]
    names = tuple(first.players.order_by("seat").values_list("name", flat=True))
    update_team(first, TeamData(name=first.name, players=names, club=first.club.name if first.club else "",
                                people=(eva.pk, None)))

    first_file = export_file(demo)
    assert {"door", "prizes"} <= set(first_file)
    assert any(isinstance(player, dict) and player.get("person") == "p-eva"
               for team in first_file["teams"] for player in team["players"])
    demo.delete()
    second = export_file(import_file(json.loads(dumps(first_file))))
    assert same_day(second) == same_day(first_file)


def same_day(data: dict) -> str:
    """The file's text without the moment it was written: what a round trip must keep byte for byte."""
    return dumps({key: value for key, value in data.items() if key != "exported_at"})
