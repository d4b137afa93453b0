"""The site's icon, a red pawn of our own: ``/favicon.ico`` (which browsers ask for on their own,
e.g. for a PDF or the projector) answers with it, and every page links it."""

from __future__ import annotations

import re

import pytest

from common.https import Mode

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _plain_http(settings):
    settings.HTTPS_MODE = Mode.OFF


def test_favicon_ico_is_an_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    icon = client.get(response["Location"])
    assert icon.status_code == 200
    body = b"".join(icon.streaming_content) if icon.streaming else icon.content
    assert body[:4] == b"\x00\x00\x01\x00", "not an ICO file"
    assert icon["Content-Type"].startswith("image/")


def test_pages_link_the_icon(client):
    page = client.get("/").content.decode()
    links = re.findall(r'<link rel="icon" href="([^"]+)"', page)
    assert any(link.endswith(".svg") for link in links) and any(link.endswith(".ico") for link in links)
    for link in links:
        response = client.get(link)
        assert response.status_code == 200, link
        body = b"".join(response.streaming_content) if response.streaming else response.content
        assert body, link
    svg = client.get(next(link for link in links if link.endswith(".svg")))
    assert svg["Content-Type"].startswith("image/svg+xml")
