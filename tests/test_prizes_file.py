"""The prizes in the tournament file (version 2's optional ``prizes`` section): the prize list, its
settings, the categories and who carries them round-trip byte for byte (a team and an individual
tournament), a restore keeps them, a practice run copies them, a file without prizes stays as it
was, a prize nobody can win in the standings of now does not make a backup unrestorable, and a bad
section refuses the file whole, naming the place, with nothing written."""

from __future__ import annotations

import copy
import datetime
import json

import pytest
from django.core.exceptions import ValidationError

from prizes import services
from prizes.models import Category, PlayerCategory, Prize, PrizeSettings, TeamCategory
from prizes.exporters import prizes_html
from tournaments.models import Team, Tournament
from tournaments.services import rehearsal
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table
from tournaments.services.teams import TeamData, register_teams
from tournaments.services.tournament_file import (
    InvalidTournamentFile,
    copy_file,
    dumps,
    export_file,
    import_file,
    restore_file,
)

pytestmark = pytest.mark.usefixtures("english")

PRIZES = "youth: cake\n1: vlaai\n2: wine\nladies 2: roses\nbooby: spoon\nclub 2: cup"


def same_day(data: dict) -> str:
    """The file's text without the moment it was written: what a round trip must keep byte for byte."""
    return dumps({key: value for key, value in data.items() if key != "exported_at"})


def prize_rows(tournament: Tournament) -> dict:
    """The tournament's prizes, categories, tags and settings as plain values (ids by team number)."""
    settings = services.settings_of(tournament)
    return {
        "settings": (settings.one_each, settings.club_size),
        "prizes": list(Prize.objects.filter(tournament=tournament).order_by("order").values_list(
            "order", "rule", "number", "what", "category__name")),
        "teams": sorted(TeamCategory.objects.filter(category__tournament=tournament).values_list(
            "category__name", "team__number")),
        "players": sorted(PlayerCategory.objects.filter(category__tournament=tournament).values_list(
            "category__name", "player__team__number", "player__seat")),
    }


def counts() -> tuple[int, ...]:
    return (Tournament.objects.count(), Team.objects.count(), Category.objects.count(), TeamCategory.objects.count(),
            PlayerCategory.objects.count(), Prize.objects.count(), PrizeSettings.objects.count())


@pytest.fixture
def day(tournament, make_teams):
    """Six teams after round 1 (T1 420, T3 290, T5 150, T6 140, T4 130, T2 0); youth: team 3 and both
    players of team 6; ladies: teams 5 and 1 (ticked out of number order) and one player of team 2
    (not a ladies' team then); the prize list typed on the director's page, one prize each off."""
    teams = make_teams(tournament, 6)
    round_ = add_round(tournament)
    for (first, second), arrivals in zip(((teams[0], teams[1]), (teams[2], teams[3]), (teams[4], teams[5])),
                                         ([0, 0, 0], [0, 0, 1], [0, 1])):
        record_result(add_table(round_, [first, second]), {"arrivals": arrivals})
    round_.status = "published"
    round_.save()
    youth, ladies = services.add_category(tournament, "youth"), services.add_category(tournament, "Ladies")
    services.update_category(youth, "youth", [str(teams[2].pk)], [str(p.pk) for p in teams[5].players.all()])
    services.update_category(ladies, "Ladies", [str(teams[4].pk), str(teams[0].pk)],
                             [str(teams[1].players.get(seat=2).pk)])
    services.save_prizes(tournament, PRIZES, one_each=False, club_size=2)
    tournament.refresh_from_db()
    return tournament


SECTION = {
    "one_each": False, "club_size": 2,
    "categories": [
        {"name": "Ladies", "teams": ["T1", "T5"], "players": [{"team": "T2", "player": 2}]},
        {"name": "youth", "teams": ["T3"], "players": [{"team": "T6", "player": 1}, {"team": "T6", "player": 2}]},
    ],
    "list": [
        {"rule": "category", "category": "youth", "number": 1, "what": "cake"},
        {"rule": "place", "number": 1, "what": "vlaai"},
        {"rule": "place", "number": 2, "what": "wine"},
        {"rule": "category", "category": "Ladies", "number": 2, "what": "roses"},
        {"rule": "booby", "number": 1, "what": "spoon"},
        {"rule": "best-club", "number": 2, "what": "cup"},
    ],
}


def test_a_team_tournament_s_prizes_round_trip_byte_for_byte(day):
    first = export_file(day)
    assert first["prizes"] == SECTION
    assert list(first)[-1] == "prizes"  # after every other section: the rest of the file is as before
    before = prize_rows(day)
    awards = [(award.what, award.place.key if award.place else award.club.club)
              for award in services.prize_awards(services.standings(day))]
    day.delete()
    assert not Category.objects.exists() and not Prize.objects.exists()
    restored = import_file(json.loads(dumps(first)))
    assert same_day(export_file(restored)) == same_day(first)
    assert prize_rows(restored) == before
    assert [(award.what, award.place.key if award.place else award.club.club)
            for award in services.prize_awards(services.standings(restored))] == awards
    assert services.prizes_text(restored) == "youth: cake\n1: vlaai\n2: wine\nLadies 2: roses\nbooby: spoon\nclub 2: cup"


def test_an_individual_tournament_s_prizes_round_trip_by_player_id(db):
    solo = Tournament.objects.create(name="Solo Cup", slug="solo-cup", date=datetime.date(2026, 11, 21),
                                     entry="individual")
    players = register_teams(solo, [TeamData(name=f"Speler {n}", players=(f"Speler {n}",)) for n in range(1, 6)])
    youth = services.add_category(solo, "youth")
    services.update_category(youth, "youth", [str(players[4].pk), str(players[1].pk)], [])  # as the page ticks
    # A tag on the entrant's one player (the admin's): the same carrier, written once.
    PlayerCategory.objects.create(category=youth, player=players[4].players.get())
    PlayerCategory.objects.create(category=youth, player=players[3].players.get())
    Prize.objects.create(tournament=solo, order=1, what="cake", rule="category", number=2, category=youth)
    Prize.objects.create(tournament=solo, order=5, what="vlaai", rule="place", number=1)
    first = export_file(solo)
    assert first["prizes"] == {
        "one_each": True, "club_size": 2, "categories": [{"name": "youth", "players": ["P2", "P4", "P5"]}],
        "list": [{"rule": "category", "category": "youth", "number": 2, "what": "cake"},
                 {"rule": "place", "number": 1, "what": "vlaai"}]}
    solo.delete()
    restored = import_file(first)
    assert same_day(export_file(restored)) == same_day(first)
    assert prize_rows(restored)["teams"] == [("youth", 2), ("youth", 4), ("youth", 5)]  # the entrants, as ticked
    assert prize_rows(restored)["prizes"] == [(1, "category", 2, "cake", "youth"), (2, "place", 1, "vlaai", None)]

    edited = copy.deepcopy(first)
    edited["prizes"]["categories"][0]["players"] += ["P9", "P2"]
    edited["prizes"]["categories"][0]["teams"] = ["P1"]
    with pytest.raises(InvalidTournamentFile) as raised:
        import_file(edited)
    assert raised.value.errors == [
        'prizes.categories[0]: "teams": an individual file lists the "players" of a category']
    del edited["prizes"]["categories"][0]["teams"]
    with pytest.raises(InvalidTournamentFile) as raised:
        import_file(edited)
    assert raised.value.errors == ["prizes, category “youth”: player P9 is not in the list of players",
                                   "prizes, category “youth”: player P2 is listed twice"]


def test_a_file_without_prizes_has_no_prizes_section(tournament, make_teams):
    make_teams(tournament, 2)
    PrizeSettings.objects.create(tournament=tournament)  # saved with the defaults: nothing to keep
    data = export_file(tournament)
    assert "prizes" not in data
    tournament.delete()
    assert "prizes" not in export_file(import_file(data)) and not PrizeSettings.objects.exists()


def test_the_settings_alone_are_kept(tournament, make_teams):
    make_teams(tournament, 2)
    PrizeSettings.objects.create(tournament=tournament, club_size=4)
    data = export_file(tournament)
    assert data["prizes"] == {"one_each": True, "club_size": 4, "categories": [], "list": []}
    tournament.delete()
    assert same_day(export_file(import_file(data))) == same_day(data)


def test_a_restore_keeps_the_prizes_categories_and_tags_of_the_file(day):
    backup = export_file(day)
    before = prize_rows(day)
    # After the backup the director changes everything: other prizes, a category gone, new tags.
    services.save_prizes(day, "1: vlaai", one_each=True, club_size=2)
    services.delete_category(Category.objects.get(tournament=day, name="Ladies"))
    services.add_category(day, "newcomers")
    restored = restore_file(json.loads(dumps(backup)))
    assert restored.slug == day.slug and not Tournament.objects.filter(pk=day.pk).exists()
    assert prize_rows(restored) == before
    assert sorted(Category.objects.filter(tournament=restored).values_list("name", flat=True)) == ["Ladies", "youth"]
    assert same_day(export_file(restored)) == same_day(backup)


def test_a_backup_restores_prizes_nobody_can_win_in_the_standings_of_now(day):
    """The director's page refuses a prize nobody can win; a backup holds what the day had (a team
    withdrew since, a place beyond the standings typed before the last teams were registered) and
    restores it as it is."""
    with pytest.raises(ValidationError):
        services.save_prizes(day, "40: a place nobody has", one_each=True, club_size=2)
    data = export_file(day)
    data["prizes"]["list"].append({"rule": "place", "number": 40, "what": "a place nobody has"})
    data["prizes"]["list"].append({"rule": "best-club", "number": 9, "what": "a club nobody is"})
    for team in data["team_details"]:  # every youth team has left: nobody wins the cake
        team["withdrawn"] = team["team"] in ("T3", "T6")
    restored = restore_file(data)
    assert [award.won for award in services.prize_awards(services.standings(restored))] == [
        False, True, True, True, True, True, False, False]
    assert same_day(export_file(restored)) == same_day(data)


def test_a_copy_and_a_practice_run_keep_the_prizes(day):
    section = export_file(day)["prizes"]
    copied = copy_file(export_file(day))
    assert copied.pk != day.pk and export_file(copied)["prizes"] == section
    practice = rehearsal.start(day)
    assert len(practice.files) == 3 and all(practice.files.values())  # the prize list among the PDFs
    assert export_file(practice.tournament)["prizes"] == section
    assert prize_rows(practice.tournament) == prize_rows(day)
    report = services.standings(practice.tournament)
    html = prizes_html(report, services.prize_awards(report))  # the prize list of the played day
    assert all(what in html for what in ("cake", "vlaai", "wine", "roses", "spoon", "cup"))


def test_a_bad_prizes_section_refuses_the_file_whole_naming_the_place(day):
    data = export_file(day)
    day.delete()
    before = counts()

    def refused(change) -> list[str]:
        edited = copy.deepcopy(data)
        change(edited["prizes"])
        with pytest.raises(InvalidTournamentFile) as raised:
            import_file(edited)
        return raised.value.errors

    youth, ladies = data["prizes"]["categories"][1], data["prizes"]["categories"][0]
    assert youth["name"] == "youth" and ladies["name"] == "Ladies"
    assert refused(lambda prizes: prizes["categories"][1]["teams"].append("T99")) == [
        "prizes, category “youth”: team T99 is not in the list of teams"]
    assert refused(lambda prizes: prizes["categories"][1]["teams"].append("T3")) == [
        "prizes, category “youth”: team T3 is listed twice"]
    assert refused(lambda prizes: prizes["categories"][0]["players"].append({"team": "T7", "player": 1})) == [
        "prizes, category “Ladies”: team T7 is not in the list of teams"]
    assert refused(lambda prizes: prizes["categories"][0]["players"].append({"team": "T2", "player": 2})) == [
        "prizes, category “Ladies”: player 2 of team T2 is listed twice"]
    assert refused(lambda prizes: prizes["categories"][0]["players"].append({"team": "T2", "player": 3})) == [
        'prizes.categories[0].players[1]: "player" must be one of 1, 2, not 3']
    assert refused(lambda prizes: prizes["categories"].append({"name": "YOUTH", "teams": [], "players": []})) == [
        "prizes: the category “YOUTH” is given twice"]
    assert refused(lambda prizes: prizes["categories"].append({"name": " ", "teams": [], "players": []})) == [
        'prizes.categories[2]: "name" must be a text of 1 to 60 characters (not only spaces), not " "']
    assert refused(lambda prizes: prizes["list"][0].update(category="newcomers")) == [
        "prizes, prize 1: “newcomers” is not a category of \"categories\""]
    assert refused(lambda prizes: prizes["list"][0].pop("category")) == [
        'prizes, prize 1: "category" is missing: the prize is for the best of a category']
    assert refused(lambda prizes: prizes["list"][1].update(category="youth")) == [
        'prizes, prize 2: "category" is given, but only a prize of a category names one']
    assert refused(lambda prizes: prizes["list"][1].update(rule="lottery")) == [
        'prizes.list[1]: "rule" must be one of place, category, booby, best-club, not "lottery"']
    assert refused(lambda prizes: prizes["list"][1].update(number=0)) == [
        'prizes.list[1]: "number" must be a whole number from 1 to 100000, not 0']
    assert refused(lambda prizes: prizes["list"][1].update(what="")) == [
        'prizes.list[1]: "what" must be a text of 1 to 200 characters (not only spaces), not ""']
    assert refused(lambda prizes: prizes.update(club_size=21, one_each="no")) == [
        'prizes: "one_each" must be true or false, not "no"',
        'prizes: "club_size" must be a whole number from 1 to 20, not 21']
    assert refused(lambda prizes: prizes.pop("list")) == ['prizes: "list" is missing']
    assert refused(lambda prizes: prizes["list"].extend([{"rule": "place", "number": 1, "what": "x"}] * 495)) == [
        'prizes: "list" must hold 0 to 500 entries, not 501']
    # A prize of a category matches its name whatever the case, as the director types it.
    edited = copy.deepcopy(data)
    edited["prizes"]["list"][0]["category"] = "YOUTH"
    assert counts() == before
    restored = import_file(edited)
    assert export_file(restored)["prizes"] == data["prizes"]
