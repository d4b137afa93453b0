"""The public standings are rendered once per change of results and shared by every server
process (services/render_once.py): concurrent requests after a change render once, a second
process takes the page from the shared cache, and a cache that is down or broken still gives
the right page."""

from __future__ import annotations

import threading

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client

from tournaments.services import published_standings, render_once
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table

THREADS = 8


def fragment_key(tournament) -> str:
    return published_standings._base(tournament, "fragment:en")


def total(html: str, team) -> str:
    marker = f'data-testid="total-T{team.number}">'
    return html.split(marker, 1)[1].split("<", 1)[0]


@pytest.fixture
def played(tournament, make_teams):
    teams = make_teams(tournament, 4)
    round_ = add_round(tournament)
    tables = [add_table(round_, teams[:2]), add_table(round_, teams[2:])]
    record_result(tables[0], {"arrivals": [0, 1]})
    return tables


def get(url: str) -> str:
    return Client().get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


@pytest.mark.django_db(transaction=True)
def test_concurrent_requests_after_a_change_render_once(tournament, played):
    url = f"/t/{tournament.slug}/standings/"
    get(url)
    key = fragment_key(tournament)
    before = render_once.renders[key]
    record_result(played[1], {"arrivals": [0, 0]})  # a change: every phone polls at once
    start, pages, errors = threading.Barrier(THREADS), [], []

    def phone():
        try:
            start.wait()
            pages.append(get(url))
        except Exception as error:  # pragma: no cover - shown by the assertion below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=phone) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not errors and len(pages) == THREADS
    assert render_once.renders[key] == before + 1
    third = played[1].seats.order_by("position").first().team
    assert all(total(page, third) == "290" for page in pages)


def test_another_process_takes_the_page_from_the_shared_cache(client, tournament, played):
    url = f"/t/{tournament.slug}/standings/"
    first = client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true").content
    key = fragment_key(tournament)
    renders = render_once.renders[key]
    render_once.forget_local()  # what another gunicorn process knows: nothing but the shared cache
    assert client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true").content == first
    assert render_once.renders[key] == renders


def test_while_another_process_renders_the_previous_version_is_served_for_a_moment(client, tournament, played):
    url = f"/t/{tournament.slug}/standings/"
    client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    team = played[1].seats.order_by("position").first().team
    record_result(played[1], {"arrivals": [0, 0]})
    tournament.refresh_from_db()
    render_once.forget_local()
    cache.add(f"{fragment_key(tournament)}:v{tournament.results_version}:rendering", 1, 30)  # another process
    stale = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert total(stale, team) == "0"  # the change is less than 2 s old: the previous version
    cache.delete(f"{fragment_key(tournament)}:v{tournament.results_version}:rendering")
    # The previous version was not kept as the current one: the next request has the new result.
    assert total(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode(), team) == "290"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("backend", [
    {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},  # keeps nothing
    {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "no_such_cache_table"},  # fails
])
def test_a_cache_that_is_down_never_serves_an_old_page(settings, tournament, played, backend):
    settings.CACHES = {"default": backend}
    url = f"/t/{tournament.slug}/standings/"
    team = played[1].seats.order_by("position").first().team
    assert total(get(url), team) == "0"
    record_result(played[1], {"arrivals": [0, 0]})
    render_once.forget_local()
    assert total(get(url), team) == "290"
    record_result(played[1], {"arrivals": [1, 1]}, reason="wrong way round")
    assert total(get(url), team) == "0"


def test_every_anonymous_phone_gets_one_shared_page_per_language(tournament, played):
    """The whole page, not only the standings in it, is rendered once per version and language
    for browsers without a session: it carries no one's CSRF token and sets no cookie."""
    url = f"/t/{tournament.slug}/standings/"
    page_key = published_standings._base(tournament, "page:en")
    first = Client().get(url, HTTP_ACCEPT_LANGUAGE="en")
    renders = render_once.renders[page_key]
    second = Client().get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert second.content == first.content and render_once.renders[page_key] == renders
    assert "csrf" not in first.content.decode().lower() and not first.cookies
    assert "Cookie" in first["Vary"] and "Accept-Language" in first["Vary"]
    assert '<html lang="nl">' in Client().get(url, HTTP_ACCEPT_LANGUAGE="nl").content.decode()


def test_a_director_gets_a_page_of_their_own(director_client, tournament, played):
    url = f"/t/{tournament.slug}/standings/"
    page_key = published_standings._base(tournament, "page:en")
    renders = render_once.renders[page_key]
    html = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Log out" in html and 'href="/director/"' in html
    assert render_once.renders[page_key] == renders  # not from, nor into, the shared page
    assert "Log out" not in Client().get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_the_language_switch_needs_no_csrf_token(tournament):
    """The shared page has no token to send: the switch is CSRF-exempt (it only sets a cookie)."""
    phone = Client(enforce_csrf_checks=True)
    response = phone.post("/i18n/setlang/", {"language": "en", "next": f"/t/{tournament.slug}/standings/"},
                          HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 302
    assert '<html lang="en">' in phone.get(f"/t/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()


@pytest.mark.django_db
def test_a_phone_that_takes_gzip_gets_the_shared_answers_compressed(director_client, tournament, played):
    """The shared page, the htmx fragment and the JSON, compressed once with them: the same bytes
    as plain; a page of the visitor's own (it holds a CSRF token) is never compressed."""
    import gzip

    base = f"/t/{tournament.slug}/standings/"
    for url, headers in ((base, {}), (base, {"HTTP_HX_REQUEST": "true"}), (f"/t/{tournament.slug}/standings.json", {})):
        plain = Client().get(url, HTTP_ACCEPT_LANGUAGE="en", **headers)
        packed = Client().get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_ACCEPT_ENCODING="gzip, deflate, br", **headers)
        assert plain.status_code == packed.status_code == 200, url
        assert "Content-Encoding" not in plain and packed["Content-Encoding"] == "gzip", url
        assert gzip.decompress(packed.content) == plain.content and len(packed.content) < len(plain.content) / 2
        assert "Accept-Encoding" in packed["Vary"] and "Accept-Encoding" in plain["Vary"], url
    own = director_client.get(base, HTTP_ACCEPT_ENCODING="gzip")
    assert own.status_code == 200 and "Content-Encoding" not in own and b"csrfmiddlewaretoken" in own.content
