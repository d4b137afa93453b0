"""Competitions in the app (issue 19, part 2): the director's form with the rules, the evenings and
excused absences, the public competition page, its PDF and the workbook.

Why these tests: a club's season is ranked from what a director types on one form and adds
evening by evening; every mistake a director can make must come back as a clear message with a
4xx and nothing written, and the public page (which phones open all evening) must show the same
standings as ``competition_standings`` in a fixed, small number of queries.

The season used here (best 2 of 3, an excused absence gives 10 once, ranked from 2 evenings),
pawns-2pt, one round an evening, hand-computed:

=========  =============  ==============  ===============  =====
person     evening 1      evening 2       evening 3        total
=========  =============  ==============  ===============  =====
Anna, Bram 26 (T1 wins)   4               Anna excused 10  Anna 26+10=36 (4 dropped); Bram 26+4=30
Carla,Dirk 12             26              26               52 (12 dropped)
Eva, Frank 8              26              —                34
Greet,Henk 26             14              0                40 (0 dropped)
=========  =============  ==============  ===============  =====
"""

from __future__ import annotations

import datetime
import io
import re

import pypdf
import pytest
from django.core.exceptions import ValidationError
from django.forms import ModelChoiceField
from django.http import QueryDict
from django.urls import reverse
from openpyxl import load_workbook

from people.models import Person
from scoring.competition import parse_rules
from seasons.forms import CompetitionForm, EveningForm, ExcusedForm
from seasons.models import Competition, Evening, Excused
from seasons.services.competition_file import import_competition
from seasons.services.standings import competition_standings
from tournaments.models import Tournament

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture(autouse=True)
def _pages_in_english(client):
    """The pages in English (the site's default is Dutch); ``director_client`` is this client logged in."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"

TEAMS = {"T1": ("De Kezers", ["Anna de Vries", "Bram Jansen"]), "T2": ("Pionnen", ["Carla Smit", "Dirk Bos"]),
         "T3": ("Harten", ["Eva Visser", "Frank Mulder"]), "T4": ("Boeren", ["Greet de Boer", "Henk Bos"])}


def evening(number: int, tables: list[tuple[str, int, str, int]]) -> dict:
    """A pawns-2pt tournament file of one round: ``tables`` as (team, pawns, team, pawns)."""
    seated = sorted({team for a, _pa, b, _pb in tables for team in (a, b)})
    return {"format": "keezen-tournament", "version": 1, "name": f"Clubavond {number}",
            "date": f"2026-{number:02d}-10", "scoring": "pawns-2pt", "rounds": 1, "seed": number,
            "teams": [{"id": key, "name": TEAMS[key][0], "players": TEAMS[key][1]} for key in seated],
            "tables": [{"round": 1, "table": index, "teams": [a, b], "pawns_home": {a: pa, b: pb}}
                       for index, (a, pa, b, pb) in enumerate(tables, start=1)]}


RULES = {"per_evening": "points", "count": {"best": 2, "of": 3}, "absence": {"points": 10, "max": 1},
         "minimum_evenings": 2}


def season_file(**extra) -> dict:
    return {"format": "keezen-competition", "version": 1, "name": "Clubcompetitie 2026", "game": "keezen",
            "seed": 20260901, "rules": RULES,
            "excused": [{"evening": 3, "person": "Anna de Vries"}],
            "tournaments": [evening(1, [("T1", 8, "T2", 6), ("T3", 4, "T4", 8)]),
                            evening(2, [("T1", 2, "T3", 8), ("T2", 8, "T4", 7)]),
                            evening(3, [("T2", 8, "T4", 0)])],
            **extra}


@pytest.fixture(scope="module")
def _season(module_transaction, django_db_blocker) -> int:
    """The season, imported once for the module's tests (three tournament files): what a test changes
    (its rules, evenings, excused absences, a result) is rolled back after it."""
    from tests.conftest import built_for_the_module

    with built_for_the_module(django_db_blocker):
        return import_competition(season_file()).pk


@pytest.fixture
def season(db, _season) -> Competition:
    """:func:`season_file`, imported. Other tests may find it there too: they look up their own."""
    return Competition.objects.get(pk=_season)


def points_by_name(competition: Competition, after: int | None = None) -> dict[str, int]:
    return {line.name: int(line.row.points) for line in competition_standings(competition, after).lines}


def test_the_season_is_ranked_as_computed_by_hand(season):
    assert points_by_name(season) == {"Carla Smit": 52, "Dirk Bos": 52, "Greet de Boer": 40, "Henk Bos": 40,
                                      "Anna de Vries": 36, "Eva Visser": 34, "Frank Mulder": 34, "Bram Jansen": 30}


# --- the director's form ---------------------------------------------------------------------------

def form_data(**changes) -> dict:
    data = {"name": "Najaarscompetitie", "slug": "", "game": "keezen", "seed": "7", "public_names": "full",
            "per_evening": "place_points", "place_points_kind": "table", "place_points": "25, 20, 16, 13, 11, 10",
            "count": "best", "best": "6", "of": "8",
            "periods": "Najaar: 1-4, best 3\nVoorjaar: 5-8, best 3",
            "absence": "fixed", "absence_points": "8", "absence_max": "2", "minimum_evenings": "3"}
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_the_form_builds_the_rules_of_the_competition_file(director_client):
    response = director_client.post(reverse("seasons:create"), form_data())
    competition = Competition.objects.get(name="Najaarscompetitie")
    assert response.status_code == 302 and response.url == reverse("seasons:detail", args=[competition.slug])
    assert competition.slug == "najaarscompetitie" and competition.seed == 7
    assert competition.rules == {
        "per_evening": "place_points", "place_points": [25, 20, 16, 13, 11, 10], "count": {"best": 6, "of": 8},
        "periods": [{"name": "Najaar", "evenings": [1, 2, 3, 4], "best": 3},
                    {"name": "Voorjaar", "evenings": [5, 6, 7, 8], "best": 3}],
        "absence": {"points": 8, "max": 2}, "minimum_evenings": 3}
    parse_rules(competition.rules)


@pytest.mark.parametrize("changes,rules", [
    ({"place_points_kind": "entrants", "place_points": "", "count": "all", "periods": "", "absence": "average",
      "absence_max": "", "minimum_evenings": "0"},
     {"per_evening": "place_points", "place_points": "entrants", "absence": {"points": "average"}}),
    ({"per_evening": "percentage", "count": "all", "periods": "Autumn: 1, 2, 3-4 best 2", "absence": "none"},
     {"per_evening": "percentage", "periods": [{"name": "Autumn", "evenings": [1, 2, 3, 4], "best": 2}],
      "minimum_evenings": 3}),
    ({"per_evening": "points", "periods": "", "absence_points": "7.5", "absence_max": ""},
     {"per_evening": "points", "count": {"best": 6, "of": 8}, "absence": {"points": 7.5}, "minimum_evenings": 3}),
])
def test_the_other_choices_of_the_form(director_client, changes, rules):
    assert director_client.post(reverse("seasons:create"), form_data(**changes)).status_code == 302
    assert Competition.objects.get(name="Najaarscompetitie").rules == rules
    parse_rules(rules)


def test_the_form_offers_each_rule_with_its_explanation_and_reads_them_back(director_client, season):
    page = director_client.get(reverse("seasons:edit", args=[season.slug])).content.decode()
    for text in ("Their points", "Points for their place", "A percentage of the winner&#x27;s score",
                 "Number of entrants minus the place plus one", "the best N of the M evenings planned",
                 "one period a line", "The person&#x27;s average", "Minimum evenings to be ranked",
                 "Ties: more evenings counted, then the best single result, then lot."):
        assert text in page
    assert 'name="best" value="2"' in page and 'name="of" value="3"' in page
    assert 'name="absence_points" value="10"' in page


@pytest.mark.parametrize("changes,field,message", [
    ({"best": "9", "of": "8"}, "best", "Best 9 of 8 cannot be"),
    ({"periods": "Najaar: 1-5, best 3\nVoorjaar: 5-8, best 3"}, "periods",
     "Periods overlap: evening 5 is in “Najaar” and in “Voorjaar”."),
    ({"periods": "Najaar: 1-4, best 3\nVoorjaar: 5-9, best 3"}, "periods",
     "Line 2 (Voorjaar): evening 9 is outside 1…8, the evenings planned."),
    ({"periods": "Najaar 1-4 best 3"}, "periods", "Line 1: write a period as"),
    ({"periods": "Najaar: 1-4, best 5"}, "periods", "best 5 cannot be; the period has 4 evenings"),
    ({"periods": "Najaar: 4-1, best 1"}, "periods", "runs backwards"),
    ({"periods": "Najaar: 1, 1, 2, best 1"}, "periods", "names evening 1 twice"),
    ({"place_points": "25, twenty, 16"}, "place_points", "Place 2: “twenty” is not a whole number"),
    ({"place_points": ""}, "place_points", "Type the points of the 1st, 2nd, 3rd"),
    ({"of": ""}, "of", "How many evenings are planned?"),
    ({"best": ""}, "best", "How many evenings count?"),
    ({"absence_points": ""}, "absence_points", "How many points does an excused absence give?"),
    ({"per_evening": "wins"}, "per_evening", "Select a valid choice"),
    ({"of": "9" * 4400}, "of", "Enter a whole number"),
    ({"minimum_evenings": "-1"}, "minimum_evenings", "greater than or equal to 0"),
    ({"name": "a\x00b"}, "name", "Null characters are not allowed"),
])
def test_every_mistake_is_named_and_nothing_is_written(director_client, changes, field, message):
    before = rows()
    response = director_client.post(reverse("seasons:create"), form_data(**changes))
    assert response.status_code == 422
    assert message in response.context["form"].errors.get(field, [""])[0] or \
        any(message in error for error in response.context["form"].errors.get(field, []))
    assert rows() == before


def test_editing_cannot_plan_fewer_evenings_than_held_nor_change_the_game(director_client, season):
    url = reverse("seasons:edit", args=[season.slug])
    response = director_client.post(url, form_data(name=season.name, slug=season.slug, best="2", of="2",
                                                   periods="", per_evening="points"))
    assert response.status_code == 422
    assert "This competition has 3 evenings already; it cannot plan only 2." in response.content.decode()
    season.refresh_from_db()
    assert season.rules == RULES
    response = director_client.post(url, form_data(name=season.name, slug=season.slug, game="klaverjas", best="2",
                                                   of="4", periods="", per_evening="points"))
    season.refresh_from_db()
    assert response.status_code == 302 and season.game == "keezen" and season.rules["count"] == {"best": 2, "of": 4}


def test_only_directors(client, player_user, season):
    for url in (reverse("seasons:list"), reverse("seasons:create"), reverse("seasons:detail", args=[season.slug]),
                reverse("seasons:pdf", args=[season.slug]), reverse("seasons:xlsx", args=[season.slug])):
        assert client.get(url).status_code == 302
    response = client.post(reverse("seasons:evening_remove", args=[season.slug, 1]))
    assert response.status_code == 302 and season.evenings.count() == 3
    client.force_login(player_user)
    assert client.get(reverse("seasons:list")).status_code == 403
    assert client.post(reverse("seasons:evening_remove", args=[season.slug, 1])).status_code == 403
    assert season.evenings.count() == 3


# --- evenings ------------------------------------------------------------------------------------

def test_adding_an_evening_of_another_game_is_refused(director_client, season):
    season.rules = {**RULES, "count": {"best": 2, "of": 4}}
    season.save()
    card_drive = Tournament.objects.create(name="Klaverjasavond", slug="klaverjasavond", scoring_system="klaverjas",
                                           date=datetime.date(2026, 4, 10))
    page = director_client.get(reverse("seasons:detail", args=[season.slug])).content.decode()
    assert "Klaverjasavond" not in page  # not offered
    response = director_client.post(reverse("seasons:evening_add", args=[season.slug]), {"tournament": card_drive.pk})
    assert response.status_code == 422
    assert ("“Klaverjasavond” is a tournament of Klaverjassen; this competition ranks Keezen, so only tournaments "
            "of Keezen can be its evenings.") in response.content.decode()
    assert season.evenings.count() == 3


def test_adding_the_next_evening_links_its_players_to_the_register(director_client, season):
    season.rules = {**RULES, "count": {"best": 2, "of": 4}}
    season.save()
    tournament = Tournament.objects.create(name="Clubavond 4", slug="clubavond-4", scoring_system="pawns-2pt",
                                           date=datetime.date(2026, 4, 10))
    from tournaments.services.teams import TeamData, register_teams
    register_teams(tournament, [TeamData(name="Nieuw", players=("Anna  de vries", "Ivo Kok"))])
    response = director_client.post(reverse("seasons:evening_add", args=[season.slug]), {"tournament": tournament.pk})
    assert response.status_code == 302
    assert season.evenings.get(number=4).tournament == tournament
    anna = Person.objects.get(name="Anna de Vries")
    assert set(tournament.teams.get().players.values_list("person__name", flat=True)) == {"Anna de Vries", "Ivo Kok"}
    assert anna.players.count() == 3  # evenings 1, 2 and 4

    other = Tournament.objects.create(name="Clubavond 5", slug="clubavond-5", scoring_system="pawns-2pt",
                                      date=datetime.date(2026, 5, 10))
    response = director_client.post(reverse("seasons:evening_add", args=[season.slug]), {"tournament": other.pk})
    assert response.status_code == 422
    assert "This competition plans 4 evenings and has all of them" in response.content.decode()
    again = director_client.post(reverse("seasons:evening_add", args=[season.slug]), {"tournament": tournament.pk})
    assert again.status_code == 422 and "is an evening of this competition already" in again.content.decode()
    assert season.evenings.count() == 4


@pytest.mark.parametrize("value", ["", "abc", "9" * 30, "²", "-1"])
def test_a_tournament_that_is_not_there_is_a_form_error(director_client, season, value):
    response = director_client.post(reverse("seasons:evening_add", args=[season.slug]), {"tournament": value})
    assert response.status_code == 422 and season.evenings.count() == 3


def test_removing_and_moving_evenings_keeps_numbers_and_moves_excused_absences(director_client, season):
    first, second, third = (season.evenings.get(number=n).tournament for n in (1, 2, 3))
    url = reverse("seasons:evening_move", args=[season.slug, 3])
    assert director_client.post(url, {"direction": "up"}).status_code == 302
    assert [e.tournament for e in season.evenings.order_by("number")] == [first, third, second]
    assert list(season.excused.values_list("evening", flat=True)) == [2]  # Anna's excuse moved with evening 3
    assert director_client.post(reverse("seasons:evening_move", args=[season.slug, 1]),
                                {"direction": "up"}).status_code == 409
    assert director_client.post(url, {"direction": "sideways"}).status_code == 400
    assert director_client.post(reverse("seasons:evening_remove", args=[season.slug, 1])).status_code == 302
    assert [(e.number, e.tournament) for e in season.evenings.order_by("number")] == [(1, third), (2, second)]
    assert list(season.excused.values_list("evening", flat=True)) == [1]
    assert Tournament.objects.filter(pk=first.pk).exists()  # the tournament itself stays
    assert director_client.post(reverse("seasons:evening_remove", args=[season.slug, 7])).status_code == 409
    assert points_by_name(season)["Carla Smit"] == 52  # 26 + 26 of the evenings left


# --- excused absences ---------------------------------------------------------------------------------

def test_excusing_someone_who_played_is_refused(director_client, season):
    before = list(Excused.objects.values_list())
    greet = Person.objects.get(name="Greet de Boer")
    url = reverse("seasons:excused_add", args=[season.slug])
    response = director_client.post(url, {"evening": 3, "person": greet.pk})
    assert response.status_code == 422
    assert "Greet de Boer played on evening 3 (Clubavond 3) and cannot be excused for it." in response.content.decode()
    response = director_client.post(url, {"evening": 3, "name": "greet de BOER"})
    assert response.status_code == 422 and "played on evening 3" in response.content.decode()
    assert director_client.post(url, {"evening": 3, "name": "Anna de Vries"}).status_code == 422  # already
    assert director_client.post(url, {"evening": 3}).status_code == 422  # nobody
    assert director_client.post(url, {"evening": 3, "person": greet.pk, "name": "Ivo"}).status_code == 422  # both
    assert director_client.post(url, {"evening": 9, "name": "Ivo Kok"}).status_code == 422  # no evening 9
    assert list(Excused.objects.values_list()) == before


def test_excusing_from_the_register_or_by_a_new_name(director_client, season):
    url = reverse("seasons:excused_add", args=[season.slug])
    eva = Person.objects.get(name="Eva Visser")
    assert director_client.post(url, {"evening": 3, "person": eva.pk}).status_code == 302
    assert director_client.post(url, {"evening": 3, "name": "  Ivo   Kok "}).status_code == 302
    assert Person.objects.filter(name="Ivo Kok").count() == 1
    assert set(season.excused.filter(evening=3).values_list("person__name", flat=True)) == {
        "Anna de Vries", "Eva Visser", "Ivo Kok"}
    # Eva: 8, 26 and 10 for her excused evening 3 (best 2: 36); Anna's absence was the first, Eva's too.
    assert points_by_name(season)["Eva Visser"] == 36
    absence = season.excused.get(person=eva)
    assert director_client.post(reverse("seasons:excused_withdraw", args=[season.slug, absence.pk])).status_code == 302
    assert director_client.post(reverse("seasons:excused_withdraw", args=[season.slug, absence.pk])).status_code == 409
    assert points_by_name(season)["Eva Visser"] == 34


# --- the public page ----------------------------------------------------------------------------------

def public(season: Competition, after: int | None = None) -> str:
    url = reverse("seasons:competition", args=[season.slug])
    return url + (f"?after={after}" if after else "")


def line_of(page: str, name: str) -> str:
    """The standings' line (``<li>``) of ``name``."""
    at = page.index(name)
    return page[page.rindex("<li", 0, at):page.index("</li>", at)]


def test_the_public_page_shows_the_standings_with_movement_dropped_and_excused(client, season):
    response = client.get(public(season))
    assert response.status_code == 200
    page = response.content.decode()
    assert "After evening 3" in page and "3 evenings held" in page and "3 planned" in page
    before = {line.name: line.rank for line in competition_standings(season, 2).lines}
    now = competition_standings(season, movement=True)
    for line in now.lines:
        assert line.movement == before[line.name] - line.rank
    anna = line_of(page, "Anna de Vries")
    assert re.search(r"↑[23]", anna)  # from 7th or 8th to 5th
    assert "<s>#2&nbsp;4</s>" in anna  # dropped: struck through
    assert "<i>#3&nbsp;10&nbsp;exc.</i>" in anna  # excused
    assert "<s>#1&nbsp;12</s>" in line_of(page, "Carla Smit")
    assert re.search(r'data-movement="down"', page)  # Greet and Henk lost the lead
    assert 'name="after"' in page and '<option value="2">' in page
    assert "Struck through: dropped" in page
    assert "The best 2 of 3 evenings count." in page and "An excused absence gives 10 points, once at most." in page
    assert "csrfmiddlewaretoken" not in page and 'X-CSRFToken' not in page


def test_after_an_earlier_evening_and_bad_values(client, season):
    page = client.get(public(season, 1)).content.decode()
    assert "After evening 1" in page
    # After evening 1 nobody played 2 evenings: everyone is listed unranked, with the minimum.
    assert "Not ranked yet" in page and "To be ranked, a player needs at least 2 evenings played." in page
    assert 'data-rank=' not in page
    for value in ("0", "4", "x", "²", "9" * 5000, "-1"):
        assert client.get(reverse("seasons:competition", args=[season.slug]), {"after": value}).status_code == 400


def test_the_public_page_costs_few_queries(client, season, django_assert_max_num_queries):
    client.get(public(season))  # the evenings' places are taken once, then kept
    with django_assert_max_num_queries(10):
        response = client.get(public(season))
    assert response.status_code == 200
    with django_assert_max_num_queries(10):
        client.get(public(season, 2))


def test_standings_follow_a_new_result_at_once(client, season):
    from tournaments.models import Table
    from tournaments.services.results import record_result
    client.get(public(season))
    table = Table.objects.get(round__tournament=season.evenings.get(number=3).tournament)
    record_result(table, {"pawns_home": [0, 8]}, reason="teams swapped")  # T4 wins now
    assert points_by_name(season)["Greet de Boer"] == 52  # 26 + 26


def test_a_hidden_competition_is_not_public(client, season):
    season.hidden = True
    season.save()
    assert client.get(public(season)).status_code == 404
    assert client.get(reverse("seasons:competition_pdf", args=[season.slug])).status_code == 404
    assert season.name not in client.get(reverse("public:tournament_list")).content.decode()


def test_the_home_page_and_the_director_list_link_competitions(client, director_client, season):
    assert public(season) in client.get(reverse("public:tournament_list")).content.decode()
    assert reverse("seasons:list") in director_client.get(reverse("director:tournament_list")).content.decode()
    listing = director_client.get(reverse("seasons:list")).content.decode()
    assert reverse("seasons:detail", args=[season.slug]) in listing and season.name in listing


def test_public_names_follow_the_competitions_setting(client, director_client, season):
    season.public_names = "first-initial"
    season.save()
    page = client.get(public(season)).content.decode()
    assert "Anna de V." in page and "Anna de Vries" not in page
    assert "Anna de Vries" in director_client.get(reverse("seasons:detail", args=[season.slug])).content.decode()
    text = pdf_text(client.get(reverse("seasons:competition_pdf", args=[season.slug])).content)
    assert "Anna de V." in text and "Vries" not in text
    sheet = load_workbook(io.BytesIO(director_client.get(reverse("seasons:xlsx", args=[season.slug])).content)).active
    assert "Anna de V." in [row[1] for row in sheet.iter_rows(values_only=True)]


# --- files --------------------------------------------------------------------------------------------

def pdf_text(content: bytes) -> str:
    assert content.startswith(b"%PDF")
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages)


def test_pdf_for_the_notice_board(client, director_client, season):
    response = client.get(reverse("seasons:competition_pdf", args=[season.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert f'filename="{season.slug}-standings.pdf"' in response["Content-Disposition"]
    text = pdf_text(response.content)
    for expected in ("Clubcompetitie 2026", "After evening 3", "Carla Smit", "52", "Bram Jansen", "10*",
                     "dropped: does not count", "excused absence"):
        assert expected in text
    assert client.get(reverse("seasons:competition_pdf", args=[season.slug])).content == response.content  # kept
    text = pdf_text(director_client.get(reverse("seasons:pdf", args=[season.slug]), {"after": 2}).content)
    assert "After evening 2" in text
    assert director_client.get(reverse("seasons:pdf", args=[season.slug]), {"after": "x"}).status_code == 400


def test_excel_has_the_standings_and_a_column_per_evening(director_client, season):
    response = director_client.get(reverse("seasons:xlsx", args=[season.slug]))
    assert response.status_code == 200
    assert f'filename="{season.slug}-standings.xlsx"' in response["Content-Disposition"]
    rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
    assert rows[0] == ("Rank", "Name", "Movement", "Evenings", "Points", "Evening 1", "Evening 2", "Evening 3",
                       "Dropped", "Excused", "Lot")
    anna = next(row for row in rows if row[1] == "Anna de Vries")
    assert anna[3:10] == (2, 36, 26, 4, 10, "2", "3")
    assert anna[0] == 5 and anna[2] in ("↑2", "↑3")
    rows = list(load_workbook(io.BytesIO(director_client.get(reverse("seasons:xlsx", args=[season.slug]),
                                                             {"after": 1}).content)).active.iter_rows(values_only=True))
    assert rows[0][5:7] == ("Evening 1", "Dropped") and all(row[0] is None for row in rows[1:])  # all unranked


def test_the_director_page_lists_evenings_excused_and_downloads(director_client, season):
    page = director_client.get(reverse("seasons:detail", args=[season.slug])).content.decode()
    for text in ("Clubavond 1", "Clubavond 3", "after round 1", "Anna de Vries", reverse("seasons:pdf", args=[season.slug]),
                 reverse("seasons:xlsx", args=[season.slug]), "All 3 planned evenings are added", "Excuse a person for an evening"):
        assert text in page
    assert director_client.get(reverse("seasons:detail", args=[season.slug]), {"after": "nope"}).status_code == 400
    assert director_client.get(reverse("seasons:detail", args=["nope"])).status_code == 404


def test_a_new_competition_without_evenings(client, director_client):
    director_client.post(reverse("seasons:create"), form_data(per_evening="points", count="all", periods="",
                                                              absence="none", minimum_evenings="0"))
    competition = Competition.objects.get(name="Najaarscompetitie")
    assert competition.rules == {"per_evening": "points"}
    page = client.get(public(competition)).content.decode()
    assert "No evening held yet." in page and "No results yet." in page
    assert "Every evening counts." in page
    assert client.get(reverse("seasons:competition_pdf", args=[competition.slug])).status_code == 200
    assert director_client.get(reverse("seasons:xlsx", args=[competition.slug])).status_code == 200
    assert director_client.get(reverse("seasons:detail", args=[competition.slug])).status_code == 200
    assert not Evening.objects.filter(competition=competition).exists()


def rows() -> list:
    """What a director's change writes (an evening's places are a snapshot its pages take, not a change)."""
    return [list(Competition.objects.order_by("pk").values_list()),
            list(Evening.objects.order_by("pk").values_list("pk", "competition", "number", "tournament")),
            list(Excused.objects.order_by("pk").values_list()), list(Person.objects.order_by("pk").values_list())]


def kinds_of(html: str) -> dict[str, tuple[str, bool]]:
    """Each field of the page's forms: its kind (``<input type>``, select, textarea, button) and whether it
    is numeric, as tests/test_hostile_input.py reads them."""
    from tests.test_hostile_input import Forms

    parser = Forms()
    parser.feed(html)
    return {name: kind for form in parser.forms for name, kind in form["types"].items()}


def hostile_kinds(kind: str) -> list[str]:
    """The kinds sent to a field, one at a time with the others valid, by what the field is on the page.
    Every kind to a text (the rules' own fields are texts a view reads as numbers: "25, 20, 16"), every
    kind but the long text to a number (a number field refuses it as it refuses "nul"; it matters only
    where a text is kept); to a choice (select, radio, checkbox, button), which a form refuses alike for
    every value not offered: none chosen, a number (as a view reading it as one would get it), a digit
    ``int`` refuses and NUL (as a view keeping it as a text would get it)."""
    from tests.test_hostile_input import CHOICE_INPUTS, kinds

    sent = kinds()  # on PostgreSQL, only what a database may answer differently
    if kind in CHOICE_INPUTS:
        return [name for name in ("empty", "past 32-bit", "non-ascii digit", "nul") if name in sent]
    if kind in ("number", "range"):
        return [name for name in sent if name != "long text"]
    return list(sent)


def same_path(form, name: str, value: str | list[str]) -> tuple:
    """What decides the path of a request to a view that reads the POST only through ``form``, with
    ``value`` in field ``name`` and the others valid: a disabled field reads nothing sent (its initial);
    else the text its widget reads (``QueryDict.get``: of a field sent twice, the last value), and of a
    text the field itself refuses (in Python, before any query: not a model choice, which looks the
    value up) only the kinds of its refusal. A refused field is missing from ``cleaned_data`` whatever
    was refused, the form's own ``clean`` and the model's checks skip it, and the page shows the same
    message with the text echoed: two values of one class take the same path, so one of them is sent."""
    field = form.fields[name]
    if field.disabled:
        return ("ignored",)
    data = QueryDict(mutable=True)
    data.setlist(name, value if isinstance(value, list) else [value])
    read = field.widget.value_from_datadict(data, {}, name)
    if isinstance(field, ModelChoiceField):
        return ("read", read)
    try:
        field.clean(read)
    except ValidationError as error:
        return ("refused", tuple(sorted(str(problem.code) for problem in error.error_list)))
    return ("read", read)


def test_hostile_values_in_every_field_are_refused_without_writing(director_client, season):
    """Every field of every form, with the values of tests/test_hostile_input.py (chosen by what the field
    is, :func:`hostile_kinds`), one at a time with the other fields valid, and (on SQLite) twice: never a server error,
    and a refusal (4xx) writes nothing. (tests/test_hostile_input.py sends every field of these forms every
    value at once, and the pages' query values.) Of the values that take one path through a form's view
    (:func:`same_path`), the first is sent: a refused form page costs as much to render as any other."""
    from tests.test_hostile_input import HOSTILE, python_too, rows_written

    def page(url: str) -> dict:
        return kinds_of(director_client.get(url).content.decode())

    detail = page(reverse("seasons:detail", args=[season.slug]))
    forms = [(reverse("seasons:create"), form_data(), page(reverse("seasons:create")), CompetitionForm),
             (reverse("seasons:edit", args=[season.slug]), form_data(name=season.name, slug=season.slug, of="3"),
              page(reverse("seasons:edit", args=[season.slug])), lambda: CompetitionForm(instance=season)),
             (reverse("seasons:evening_add", args=[season.slug]), {"tournament": "1"}, detail,
              lambda: EveningForm(competition=season)),
             (reverse("seasons:excused_add", args=[season.slug]), {"evening": "3", "name": "Ivo Kok"}, detail,
              lambda: ExcusedForm(competition=season)),
             (reverse("seasons:evening_move", args=[season.slug, 2]), {"direction": "up"}, detail, None)]
    assert (forms[0][2]["name"][0], forms[0][2]["best"][0], forms[0][2]["game"][0]) == ("text", "number", "select")
    read: dict = {}

    def current() -> list:
        """:func:`rows`, read again only when the connection wrote since it was last read."""
        count = rows_written()
        if read.get("count") != count:
            read.update(count=count, rows=rows())
        return read["rows"]

    for url, fields, kinds, form_of in forms:
        for field in fields:
            values = {kind: HOSTILE[kind] for kind in hostile_kinds(kinds.get(field, ("", False))[0])}
            values.update({"twice": ["1", "²"]} if python_too() else {})
            if form_of is not None:
                form, sent = form_of(), {}
                for kind, value in values.items():
                    sent.setdefault(same_path(form, field, value), (kind, value))
                values = dict(sent.values())
            for kind, value in values.items():
                before = current()
                response = director_client.post(url, {**fields, field: value})
                assert response.status_code < 500, (url, field, kind)
                if response.status_code >= 400:
                    assert current() == before, (url, field, kind)


def test_a_competition_of_fixed_teams_on_the_form(director_client, season):
    response = director_client.post(reverse("seasons:create"), form_data(ranks="teams", absence="none"))
    assert response.status_code == 302 and Competition.objects.get(name="Najaarscompetitie").rules["ranks"] == "teams"
    refused = director_client.post(reverse("seasons:create"), form_data(name="Teams", ranks="teams"))
    assert refused.status_code == 422 and "a competition of fixed teams has none" in refused.content.decode()
    assert not Competition.objects.filter(name="Teams").exists()
    # The season has excused absences: it cannot become a competition of fixed teams.
    url = reverse("seasons:edit", args=[season.slug])
    before = dict(season.rules)
    refused = director_client.post(url, form_data(name=season.name, slug=season.slug, ranks="teams", absence="none",
                                                  best="2", of="4", periods="", per_evening="points"))
    season.refresh_from_db()
    assert refused.status_code == 422 and "withdraw them before it ranks fixed teams" in refused.content.decode()
    assert season.rules == before
