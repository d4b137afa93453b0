"""Public pages (no login) and the two languages."""

from __future__ import annotations

from django.core.management import call_command

from tournaments.demo import DEMO_SLUG
from tournaments.models import Team


def test_public_list_links_to_tournament_page(client, tournament, make_teams):
    make_teams(tournament, 3)
    page = client.get("/").content.decode()
    assert f'href="/t/{tournament.slug}/"' in page
    response = client.get(f"/t/{tournament.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Keezen Cup 2026" in html and "De Kwakel" in html
    assert "Speler 2a & Speler 2b" in html
    assert "Pawn order (150 … 10 points, 200 for the win)" in html
    assert "3 teams registered" in html


def test_public_page_is_read_only(client, tournament):
    assert client.post(f"/t/{tournament.slug}/").status_code in (200, 405)
    assert client.get("/t/no-such-tournament/").status_code == 404


def test_page_renders_in_dutch_with_accept_language_nl(client, tournament, make_teams):
    make_teams(tournament, 2)
    html = client.get(f"/t/{tournament.slug}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert '<html lang="nl">' in html
    assert "2 teams ingeschreven" in html
    assert "Telling" in html or "Puntentelling" in html
    assert "Inloggen wedstrijdleiding" in html


def test_page_renders_in_english_with_accept_language_en(client, tournament):
    html = client.get(f"/t/{tournament.slug}/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9").content.decode()
    assert '<html lang="en">' in html and "Director login" in html


def test_language_switcher_sets_the_language(client, tournament):
    response = client.post("/i18n/setlang/", {"language": "en", "next": f"/t/{tournament.slug}/"},
                           HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 302
    html = client.get(f"/t/{tournament.slug}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert '<html lang="en">' in html


def test_director_pages_in_dutch(director_client, tournament):
    html = director_client.get(f"/director/t/{tournament.slug}/checkin/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Aanwezig" in html


def test_load_demo_is_idempotent(db):
    call_command("load_demo")
    call_command("load_demo")
    teams = Team.objects.filter(tournament__slug=DEMO_SLUG)
    assert teams.count() == 24
    assert teams.values("club").distinct().count() >= 4
    assert all(len(team.player_names) == 2 for team in teams.with_people())


def test_ensure_director_creates_a_director_once(db, tmp_path, settings, capsys, monkeypatch):
    from django.contrib.auth import get_user_model

    from tournaments.permissions import is_director

    settings.DATA_DIR = tmp_path
    monkeypatch.delenv("DIRECTOR_PASSWORD", raising=False)
    call_command("ensure_director")
    first = capsys.readouterr().out
    call_command("ensure_director")
    second = capsys.readouterr().out
    password = (tmp_path / ".director_password").read_text()
    assert password in first and password in second
    user = get_user_model().objects.get(username="director")
    assert is_director(user) and user.check_password(password)


def test_search_engines_keep_out_by_default(client, tournament):
    robots = client.get("/robots.txt")
    assert robots.status_code == 200 and robots["Content-Type"].startswith("text/plain")
    assert "Disallow: /\n" in robots.content.decode()
    for url in ("/", f"/t/{tournament.slug}/", f"/t/{tournament.slug}/standings/"):
        assert '<meta name="robots" content="noindex, nofollow">' in client.get(url).content.decode(), url


def test_a_setting_lets_search_engines_index_the_public_pages_only(client, director_client, tournament, settings):
    settings.SEARCH_ENGINES_ALLOWED = True
    robots = client.get("/robots.txt").content.decode()
    assert "Disallow: /director/" in robots and "Disallow: /s/" in robots and "Disallow: /\n" not in robots
    assert "noindex" not in client.get(f"/t/{tournament.slug}/").content.decode()
    assert "noindex" in director_client.get(f"/director/t/{tournament.slug}/checkin/").content.decode()
