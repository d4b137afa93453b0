"""No view sends the browser to another site (issue 31): every redirect to an address the request
brings (``next``, the ``Referer`` of a refused change) goes through ``common.redirects.back_to``,
and Django's own login, logout and language views check theirs."""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory

from door import services as door_services
from door.models import FeePer, Method
from common.redirects import back_to
from tests.conftest import PASSWORD
from tournaments.models import Tournament

# The same on every database (where a view sends the browser comes from the request): CI's PostgreSQL
# run leaves the module out (tests/conftest.py).
pytestmark = pytest.mark.same_on_every_database

ELSEWHERE = ("https://elsewhere.example/", "//elsewhere.example/", "http://elsewhere.example/director/",
             "https:elsewhere.example", "/\\elsewhere.example/", " https://elsewhere.example/")


def stays_here(location: str) -> bool:
    return location.startswith("/") and not location.startswith(("//", "/\\"))


@pytest.mark.parametrize("url", ELSEWHERE)
def test_back_to_keeps_addresses_of_this_site_only(url):
    request = RequestFactory().get("/")
    assert back_to(request, url, "/fallback/") == "/fallback/"
    assert back_to(request, "/director/t/cup/teams/?q=x", "/fallback/") == "/director/t/cup/teams/?q=x"
    assert back_to(request, "http://testserver/director/", "/fallback/") == "http://testserver/director/"
    assert back_to(request, None, "/fallback/") == back_to(request, "", "/fallback/") == "/fallback/"
    secure = RequestFactory().get("/", secure=True)  # over HTTPS: never back to plain HTTP
    assert back_to(secure, "http://testserver/director/", "/fallback/") == "/fallback/"
    assert back_to(secure, "https://testserver/director/", "/fallback/") == "https://testserver/director/"


@pytest.mark.parametrize("url", ELSEWHERE)
def test_withdraw_and_reinstate_stay_on_the_site(director_client, tournament, make_teams, url):
    team = make_teams(tournament, 2)[0]
    base = f"/director/t/{tournament.slug}/teams/{team.pk}"
    for action in ("withdraw", "reinstate"):
        response = director_client.post(f"{base}/{action}/", {"next": url})
        assert response.status_code == 302 and response["Location"] == f"/director/t/{tournament.slug}/teams/"
    back = director_client.post(f"{base}/withdraw/", {"next": f"/director/t/{tournament.slug}/checkin/?q=Team"})
    assert back["Location"] == f"/director/t/{tournament.slug}/checkin/?q=Team"  # on the site: followed


@pytest.mark.parametrize("url", ELSEWHERE)
def test_the_doors_payments_stay_on_the_site(director_client, tournament, make_teams, url):
    door_services.set_fee(tournament, FeePer.TEAM, 1500, [])
    team = make_teams(tournament, 1)[0]
    base = f"/director/t/{tournament.slug}/checkin/{team.pk}"
    paid = director_client.post(f"{base}/pay/", {"method": Method.CASH, "next": url})
    undone = director_client.post(f"{base}/undo-payment/", {"next": url})
    for response in (paid, undone):
        assert response.status_code == 302 and response["Location"] == f"/director/t/{tournament.slug}/checkin/"


@pytest.mark.parametrize("url", ELSEWHERE)
def test_a_refused_change_of_an_archived_tournament_goes_back_on_the_site_only(director_client, tournament,
                                                                            make_teams, url):
    team = make_teams(tournament, 1)[0]
    Tournament.objects.filter(pk=tournament.pk).update(archived=True)
    response = director_client.post(f"/director/t/{tournament.slug}/teams/{team.pk}/withdraw/", HTTP_REFERER=url)
    assert response.status_code == 302 and response["Location"] == f"/director/t/{tournament.slug}/lifecycle/"
    htmx = director_client.post(f"/director/t/{tournament.slug}/teams/{team.pk}/withdraw/",
                                HTTP_HX_REQUEST="true", HTTP_HX_CURRENT_URL=url)
    assert htmx.status_code == 409 and htmx["HX-Redirect"] == f"/director/t/{tournament.slug}/lifecycle/"


@pytest.mark.parametrize("url", ELSEWHERE)
def test_login_logout_and_the_language_switch_stay_on_the_site(director, url):
    client = Client()
    login = client.post("/login/", {"username": "director", "password": PASSWORD, "next": url})
    assert login.status_code == 302 and stays_here(login["Location"]), login["Location"]
    logout = client.post("/logout/", {"next": url})
    assert logout.status_code == 302 and stays_here(logout["Location"]), logout["Location"]
    language = client.post("/i18n/setlang/", {"language": "en", "next": url})
    assert language.status_code == 302 and stays_here(language["Location"]), language["Location"]
