"""Search engines keep out of names (issue 31): ``X-Robots-Tag: noindex`` on every public download and
JSON (the standings JSON, the clock, the competition's PDF), on every page unless the site lets search
engines index its public pages (``SEARCH_ENGINES_ALLOWED``), and the projector's page says
``noindex`` as every other page does."""

from __future__ import annotations

import pytest
from django.test import Client

from seasons.models import Competition
from seasons.services.evenings import add_evening

META = '<meta name="robots" content="noindex, nofollow">'


@pytest.fixture
def competition(tournament, published_round):
    published_round(tournament, 4)
    found = Competition.objects.create(name="Clubcompetitie", slug="clubcompetitie", rules={"per_evening": "points"})
    add_evening(found, tournament)
    return found


def files(tournament, competition) -> list[str]:
    """Every public address that answers with a file or JSON rather than a page."""
    return [f"/t/{tournament.slug}/standings.json", f"/t/{tournament.slug}/clock.json",
            f"/c/{competition.slug}/standings.pdf"]


def pages(tournament, competition) -> list[str]:
    t = f"/t/{tournament.slug}"
    return ["/", f"{t}/", f"{t}/standings/", f"{t}/rounds/1/", f"{t}/rounds/1/tables/1/", f"{t}/find/?q=Team",
            f"{t}/projector/", f"/c/{competition.slug}/"]


@pytest.mark.parametrize("allowed", [False, True])
def test_public_files_and_json_are_never_indexed(settings, tournament, competition, allowed):
    settings.SEARCH_ENGINES_ALLOWED = allowed
    client = Client()
    for url in files(tournament, competition):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["X-Robots-Tag"] == "noindex, nofollow", url
    gzipped = client.get(f"/t/{tournament.slug}/standings.json", HTTP_ACCEPT_ENCODING="gzip")
    assert gzipped["Content-Encoding"] == "gzip" and gzipped["X-Robots-Tag"] == "noindex, nofollow"


def test_pages_carry_the_header_and_the_meta(tournament, competition):
    client = Client()
    for url in pages(tournament, competition):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["X-Robots-Tag"] == "noindex, nofollow" and META in response.content.decode(), url


def test_with_search_engines_allowed_only_the_public_pages_may_be_indexed(settings, tournament, competition,
                                                                          director_client):
    settings.SEARCH_ENGINES_ALLOWED = True
    client = Client()
    for url in pages(tournament, competition)[:-1]:  # the public tier; the competition's page keeps its noindex
        response = client.get(url)
        if url.endswith("/projector/"):  # for the room, never for search engines
            assert response["X-Robots-Tag"] == "noindex, nofollow" and META in response.content.decode()
        else:
            assert "X-Robots-Tag" not in response and META not in response.content.decode(), url
    director_page = director_client.get(f"/director/t/{tournament.slug}/teams/")
    assert director_page["X-Robots-Tag"] == "noindex, nofollow" and META in director_page.content.decode()
    table = tournament.round_set.get().tables.first()
    assert Client().get(f"/s/{table.token}/")["X-Robots-Tag"] == "noindex, nofollow"


def test_the_projector_says_noindex(tournament, competition):
    html = Client().get(f"/t/{tournament.slug}/projector/").content.decode()
    head = html.split("</head>")[0]
    assert META in head
