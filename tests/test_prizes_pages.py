"""Prizes on the day through the pages: the director types the prize list and tags categories, a
prize nobody can win is refused with a message and nothing written, the prize-list PDF names the
winners in handing-out order (each once when a winner gets at most one prize), and the public
standings show the club ranking."""

from __future__ import annotations

import io

import pypdf
import pytest

from prizes import services
from prizes.models import Category, PlayerCategory, Prize, PrizeSettings, TeamCategory
from prizes.exporters import prizes_html
from tournaments.models import Player, Tournament
from tournaments.services.public_names import shown_standings
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table
from tournaments.services.standings import standings

pytestmark = pytest.mark.usefixtures("english")

@pytest.fixture(autouse=True)
def _pages_in_english(client):
    """Every page asked in English (the site's default is Dutch)."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


PRIZES = "youth: cake\n1: vlaai\n2: wine\nbooby: spoon\nclub: cup"


@pytest.fixture
def day(tournament, make_teams):
    """Six teams after round 1: T1 420, T3 290, T5 150, T6 140, T4 130, T2 0. Clubs (number % 3):
    Club 1 (T1, T4) 550, Club 0 (T3, T6) 430, Club 2 (T5, T2) 150."""
    tournament.language = "en"  # the prize list is printed in the tournament's language
    tournament.save()
    teams = make_teams(tournament, 6)
    round_ = add_round(tournament)
    for (first, second), arrivals in zip(((teams[0], teams[1]), (teams[2], teams[3]), (teams[4], teams[5])),
                                         ([0, 0, 0], [0, 0, 1], [0, 1])):
        record_result(add_table(round_, [first, second]), {"arrivals": arrivals})
    round_.status = "published"
    round_.save()
    return tournament


def url(tournament: Tournament, rest: str = "") -> str:
    return f"/director/t/{tournament.slug}/prizes/{rest}"


def add_category(client, tournament: Tournament, name: str) -> Category:
    response = client.post(url(tournament, "categories/add/"), {"name": name})
    assert response.status_code == 302, response.content.decode()[:2000]
    return Category.objects.get(tournament=tournament, name=name)


def tag(client, tournament: Tournament, category: Category, teams=(), players=(), status=302):
    response = client.post(url(tournament, f"categories/{category.pk}/"), {
        "name": category.name, "teams": [team.pk for team in teams], "players": [player.pk for player in players]})
    assert response.status_code == status, response.content.decode()[:3000]
    return response


def save(client, tournament: Tournament, text: str, one_each: bool = True, club_size: int = 2, status: int = 302):
    data = {"prizes": text, "club_size": club_size, **({"one_each": "on"} if one_each else {})}
    response = client.post(url(tournament), data)
    assert response.status_code == status, response.content.decode()[:3000]
    return response


def pdf_text(content: bytes) -> str:
    assert content.startswith(b"%PDF-")
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages)


def set_up_youth(client, day: Tournament) -> None:
    """Youth: team 3, and both players of team 6 (so team 6 is a youth team); ladies: one player of
    team 5 only (so no team is a ladies' team)."""
    teams = {team.number: team for team in day.teams.all()}
    youth = add_category(client, day, "Youth")
    tag(client, day, youth, teams=[teams[3]], players=list(teams[6].players.all()))
    ladies = add_category(client, day, "ladies")
    tag(client, day, ladies, players=[teams[5].players.get(seat=1)])


def test_the_director_lists_prizes_and_the_pdf_names_each_winner_once(director_client, day):
    set_up_youth(director_client, day)
    save(director_client, day, PRIZES)
    assert list(Prize.objects.filter(tournament=day).values_list("order", "what", "rule", "number")) == [
        (1, "cake", "category", 1), (2, "vlaai", "place", 1), (3, "wine", "place", 2), (4, "spoon", "booby", 1),
        (5, "cup", "best-club", 1)]
    page = director_client.get(url(day)).content.decode()
    assert "youth: cake" not in page and "Youth: cake\n1: vlaai\n2: wine\nbooby: spoon\nclub: cup" in page
    assert 'id="prize-awards"' in page and "Best of “Youth”" in page

    response = director_client.get(f"/director/t/{day.slug}/prizes.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    # Handed out in the typed order; team 3 won the cake, so "place 2" goes to the next place, team 5.
    order = [text.index(word) for word in ("cake", "vlaai", "wine", "spoon", "cup")]
    assert order == sorted(order)
    winners = [text.index(name) for name in ("Team 3", "Team 1", "Team 5", "Team 2", "Club 1")]
    assert winners == sorted(winners)
    assert text.count("Team 3") == 1 and "Team 6" not in text
    assert "Team 1 (420) + Team 4 (130)" in text and "550" in text and "Booby prize: the last place" in text

    for number in (3, 6):  # both youth teams leave: nobody wins the cake, the others keep theirs
        withdraw = day.teams.get(number=number)
        withdraw.withdrawn = True
        withdraw.save()
    text = pdf_text(director_client.get(f"/director/t/{day.slug}/prizes.pdf").content)
    assert "No winner" in text and "No team or player in the standings car" in text
    assert text.index("vlaai") > text.index("cake") and "Team 1" in text
    day.teams.filter(number__in=(3, 6)).update(withdrawn=False)

    save(director_client, day, PRIZES, one_each=False)
    text = pdf_text(director_client.get(f"/director/t/{day.slug}/prizes.pdf").content)
    assert text.count("Team 3") == 2 and "Team 5" not in text  # the youth team wins place 2 too


def test_a_prize_nobody_can_win_is_refused_and_nothing_is_written(director_client, day):
    set_up_youth(director_client, day)
    save(director_client, day, "1: vlaai")
    before = list(Prize.objects.values_list()), list(PrizeSettings.objects.values_list())
    cases = {
        "1: vlaai\nladies: roses": "Line 2: nobody can win “roses” (Best of “ladies”). No team or player in the "
                                   "standings carries the category “ladies”; tag them first.",
        "7: far away": "Line 1: nobody can win “far away” (Place 7). The standings have only 6 places.",
        "youth 3: third cake": "Line 1: nobody can win “third cake” (Place 3 of “Youth”). Only 2 places in the "
                               "standings carry the category “Youth”.",
        "club 4: plate": "Line 1: nobody can win “plate” (Club place 4). Only 3 clubs have 2 teams in the standings.",
        "2: wine\n4: beer\nyouth 2: cake": "Line 3: nobody can win “cake” (Place 2 of “Youth”). Everyone who could "
                                          "win it has a prize handed out before it, and a winner gets at most one "
                                          "prize.",
        "newcomers: pen": "Line 1: “newcomers” is not a place, a category of this tournament, “booby” or “club”.",
    }
    for typed, message in cases.items():
        response = save(director_client, day, typed, one_each=True, club_size=2, status=422)
        html = response.content.decode()
        assert message in html, (typed, html[html.find("prize-problems"):][:800])
        assert "nothing was saved" in html
        assert (list(Prize.objects.values_list()), list(PrizeSettings.objects.values_list())) == before
    response = save(director_client, day, "club: cup", club_size=3, status=422)  # no club has three teams
    assert "No club has 3 teams in the standings." in response.content.decode()
    response = save(director_client, day, "1: vlaai", club_size=40000, status=422)
    assert (list(Prize.objects.values_list()), list(PrizeSettings.objects.values_list())) == before


def test_categories_refuse_what_would_leave_a_prize_without_a_winner(director_client, day):
    set_up_youth(director_client, day)
    save(director_client, day, "youth: cake")
    youth = Category.objects.get(name="Youth")
    tags = list(TeamCategory.objects.values_list()), list(PlayerCategory.objects.values_list())
    response = tag(director_client, day, youth, status=422)  # nobody ticked: the cake would go to no one
    assert "No team or player in the standings carries the category" in response.content.decode()
    response = director_client.post(url(day, f"categories/{youth.pk}/delete/"))
    assert response.status_code == 409 and "used by the prize “cake”" in response.content.decode()
    for name in ("", "3", "Booby", "poedel", "a: b", "youth", "LADIES", "x" * 61, "a\x00b"):
        response = director_client.post(url(day, "categories/add/"), {"name": name})
        assert response.status_code == 422, name
        if name != "youth":  # renaming Youth to youth is fine
            tag(director_client, day, Category(pk=youth.pk, name=name), teams=[day.teams.get(number=3)], status=422)
    other = Tournament.objects.create(name="Other", slug="other", date=day.date)
    stranger = Player.objects.create(team=other.teams.create(number=1, name="Elsewhere"), seat=1, name="Stranger")
    tag(director_client, day, youth, teams=[day.teams.get(number=3)], players=[stranger], status=422)
    for bad in ("²", "9" * 4400, "-1", "40000000000", "1e309", "a\x00b", ""):
        response = director_client.post(url(day, f"categories/{youth.pk}/"), {"name": "Youth", "teams": [bad]})
        assert response.status_code == 422 and "not of this tournament" in response.content.decode(), bad
    assert (list(TeamCategory.objects.values_list()), list(PlayerCategory.objects.values_list())) == tags
    ladies = Category.objects.get(name="ladies")
    assert director_client.post(url(day, f"categories/{ladies.pk}/delete/")).status_code == 302
    assert not Category.objects.filter(name="ladies").exists() and not PlayerCategory.objects.filter(
        category_id=ladies.pk).exists()


def test_a_team_carries_a_category_when_both_its_players_do_and_players_their_own(db):
    """Where players are ranked (individual-11), a player's place carries their own tags and their team's."""
    import datetime

    from tournaments.services.teams import TeamData, register_teams

    cup = Tournament.objects.create(name="Solo", slug="solo", date=datetime.date(2026, 11, 21),
                                    scoring_system="individual-11")
    first, second = register_teams(cup, [TeamData(name="A", players=("Ann", "Bob")),
                                         TeamData(name="B", players=("Cor", "Dirk"))])
    youth = Category.objects.create(tournament=cup, name="youth")
    TeamCategory.objects.create(category=youth, team=second)
    PlayerCategory.objects.create(category=youth, player=first.players.get(seat=2))
    report = standings(cup)
    carrying = {place.name for place in services.places(report, services.tags_of(cup)) if youth.pk in place.categories}
    assert carrying == {"Bob", "Cor", "Dirk"}


def test_without_prizes_the_prize_list_is_every_place(director_client, day):
    assert services.prize_awards(standings(day)) is None
    html = prizes_html(shown_standings(standings(day)), None)
    assert all(f"Team {n}" in html for n in range(1, 7))


def test_the_public_standings_show_the_club_ranking(client, director_client, day):
    page = client.get(f"/t/{day.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Clubs" in page and 'data-testid="club-ranking"' in page
    clubs = page[page.index('data-testid="club-ranking"'):]
    assert clubs.index("Club 1") < clubs.index("Club 0") < clubs.index("Club 2")
    assert "Team 1 (420) + Team 4 (130)" in clubs and "550" in clubs
    assert "The points of each club&#x27;s best 2 teams, added up." in page or \
        "The points of each club's best 2 teams, added up." in page
    fragment = client.get(f"/t/{day.slug}/standings/", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-testid="club-ranking"' in fragment
    save(director_client, day, "", club_size=3)  # no club has three teams: no club ranking
    page = client.get(f"/t/{day.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="club-ranking"' not in page


def test_the_prize_pages_are_the_directors(client, player_user, day):
    from django.urls import reverse

    from prizes.urls import urlpatterns

    category = Category.objects.create(tournament=day, name="youth")
    urls = [reverse(f"prizes:{pattern.name}", kwargs={"slug": day.slug, "pk": category.pk}
                    if "pk" in pattern.pattern.converters else {"slug": day.slug}) for pattern in urlpatterns]
    client.logout()
    for address in urls:
        for method in (client.get, client.post):
            response = method(address)
            assert response.status_code == 302 and response["Location"].startswith("/login/?next="), address
    client.force_login(player_user)
    for address in urls:
        assert client.get(address).status_code == 403 and client.post(address, {"name": "x"}).status_code == 403
    assert not Prize.objects.exists() and list(Category.objects.values_list("name", flat=True)) == ["youth"]


def test_the_director_page_shows_who_wins_now(director_client, day):
    page = director_client.get(url(day))
    html = page.content.decode()
    assert page.status_code == 200 and "Who wins now" in html and "No prizes yet" in html
    save(director_client, day, "booby: spoon\n1: vlaai")
    html = director_client.get(url(day)).content.decode()
    awards = html[html.index('id="prize-awards"'):]
    assert awards.index("spoon") < awards.index("Team 2") < awards.index("vlaai") < awards.index("Team 1")


def test_a_tournament_with_prizes_is_deleted_whole(director_client, day):
    set_up_youth(director_client, day)
    save(director_client, day, PRIZES)
    day.delete()
    assert not (Prize.objects.exists() or Category.objects.exists() or TeamCategory.objects.exists()
                or PlayerCategory.objects.exists() or PrizeSettings.objects.exists())


@pytest.mark.parametrize("entry,system", [("individual", "pawns-2pt"), ("teams", "individual-11")])
def test_players_alone_and_ranked_players_win_prizes_too(director_client, entry, system):
    """An individual tournament's entrants and individual-11's players are the places that win."""
    import datetime

    from tournaments.services.teams import TeamData, register_teams

    cup = Tournament.objects.create(name="Solo", slug="solo", date=datetime.date(2026, 11, 21), language="en",
                                    scoring_system=system, entry=entry)
    names = [("Anna", "Bart"), ("Cees", "Dora"), ("Eva", "Frits")]
    register_teams(cup, [TeamData(name=f"{first} en {second}" if entry == "teams" else first,
                                  players=(first, second) if entry == "teams" else (first,), club="KC Noord")
                         for first, second in names])
    anna = Player.objects.get(team__tournament=cup, name="Anna")
    youth = add_category(director_client, cup, "youth")
    tag(director_client, cup, youth, players=[anna] if entry == "teams" else [], teams=[] if entry == "teams"
        else [anna.team])
    save(director_client, cup, "youth: cake\n1: vlaai\nclub: cup")
    assert 'id="category-members"' in director_client.get(url(cup, f"categories/{youth.pk}/")).content.decode()
    page = director_client.get(url(cup)).content.decode()
    assert page.count("place 1") >= 1 and "KC Noord" in page and "Anna" in page
    text = pdf_text(director_client.get(f"/director/t/{cup.slug}/prizes.pdf").content)
    assert text.index("cake") < text.index("vlaai") and "Anna" in text and "KC Noord" in text


def test_a_team_that_never_played_wins_no_booby_prize(db):
    """A registered no-show holds the last place of the standings, but the booby prize is for the last
    team that played."""
    from prizes.services import places
    from devtools.busy_day import build_busy_day
    from tournaments.models import Team
    from tournaments.services.standings import standings

    day = build_busy_day(8, seed=3)
    Team.objects.create(tournament=day, number=99, name="Nooit Gekomen")
    shown = places(standings(day))
    assert "Nooit Gekomen" not in [place.name for place in shown]
    assert len(shown) == day.teams.filter(withdrawn=False).count() - 1
