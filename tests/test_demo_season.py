"""The demo season that ``manage.py load_demo`` adds (``seasons/demo.py``): a Klaverjassen club
competition of 16 people, 4 evenings played of 6, built through the competition file's importer.

Why these tests: a new director's first look at competitions, the people's register and the prizes
is this demo, right after ``make run``; it must rank people, show its public page, keep the
register's member numbers and clubs, and load twice without a second season or second prize list.
"""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from people.models import Person
from prizes.models import Category, Prize
from prizes.demo import load_prizes
from seasons.demo import SEASON_NAME, SEASON_PEOPLE, SEASON_SLUG, load_season, season_file
from seasons.models import Competition, Excused
from tournaments.demo import DEMO_SLUG, load_demo

pytestmark = pytest.mark.usefixtures("english")


def standings(slug: str) -> dict:
    out = io.StringIO()
    call_command("competition_standings", slug, "--format", "json", stdout=out)
    return json.loads(out.getvalue())


def test_the_file_is_the_same_every_time():
    assert json.dumps(season_file(), sort_keys=True) == json.dumps(season_file(), sort_keys=True)


@pytest.mark.django_db
def test_load_demo_adds_a_season_of_four_evenings_that_ranks_people(client):
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    assert f"/c/{SEASON_SLUG}/" in out.getvalue()
    competition = Competition.objects.get(slug=SEASON_SLUG)
    assert competition.name == SEASON_NAME and competition.game == "klaverjas"
    evenings = list(competition.evenings.select_related("tournament").order_by("number"))
    assert [e.number for e in evenings] == [1, 2, 3, 4]
    assert all(e.tournament.game == "klaverjas" and e.tournament.individual for e in evenings)
    assert [e.tournament.teams.count() for e in evenings] == [16, 12, 12, 12]
    assert set(Excused.objects.filter(competition=competition).values_list("evening", "person__ref")) == {
        (2, "demo-03"), (3, "demo-05")}

    data = standings(SEASON_SLUG)
    rows = data["standings"]
    assert data["after"] == 4 and len(rows) == len(SEASON_PEOPLE)
    ranked = [row for row in rows if row["rank"] is not None]
    assert [row["rank"] for row in ranked] == sorted(row["rank"] for row in ranked) and ranked[0]["rank"] == 1
    assert len(ranked) == 15 and ranked[0]["points"] > ranked[-1]["points"]
    unranked = [row["person"] for row in rows if row["rank"] is None]
    assert unranked == ["demo-16"]  # one evening played, fewer than the minimum of 2
    by_person = {row["person"]: row for row in rows}
    assert any(result.get("excused") for result in by_person["demo-03"]["counted"] + by_person["demo-03"]["dropped"])

    people = Person.objects.filter(ref__startswith="demo-")
    assert people.count() == 16 and all(p.member_number and p.club_id for p in people)

    page = client.get(reverse("seasons:competition", args=[SEASON_SLUG]))
    assert page.status_code == 200 and "Adrie van der Zwan" in page.content.decode()


@pytest.mark.django_db
def test_loading_twice_keeps_one_season_and_one_prize_list():
    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo", stdout=io.StringIO())
    assert Competition.objects.filter(name=SEASON_NAME).count() == 1
    assert Competition.objects.count() == 1 and Person.objects.filter(ref__startswith="demo-").count() == 16
    competition, created = load_season()
    assert not created and competition.evenings.count() == 4
    assert load_prizes() == 0
    assert Prize.objects.filter(tournament__slug=DEMO_SLUG).count() == 6
    assert Category.objects.filter(tournament__slug=DEMO_SLUG).count() == 1


@pytest.mark.django_db
def test_the_demo_tournament_gets_prizes_that_are_won(client):
    from prizes.services import prize_awards
    from tournaments.services.standings import standings as tournament_standings

    tournament, _added = load_demo()
    assert load_prizes() == 6
    awards = prize_awards(tournament_standings(tournament))
    assert len(awards) == 6 and all(award.won for award in awards)
    assert client.get(reverse("public:standings", args=[DEMO_SLUG])).status_code == 200


@pytest.mark.django_db
def test_a_person_of_the_register_keeps_their_member_number():
    Person.objects.create(name="Iemand Anders", member_number="9001")
    load_season()
    assert Person.objects.get(ref="demo-01").member_number == ""
    assert Person.objects.get(ref="demo-02").member_number == "9002"
