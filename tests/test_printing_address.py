"""The address in the table cards' QR codes (docs/printing.md): ``PUBLIC_URL``, by default the LAN
address ``manage.py serve`` prints; a warning before printing when no phone could open it
(``localhost``, no LAN address found); the short address printed under each QR code."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pypdf
import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from common import https
from common.https import Mode
from tournaments.management.commands.serve import Command as Serve
from tournaments.models import PrintFile

# The same on every database (the address in the codes and the warning come from the settings and the
# request): CI's PostgreSQL run leaves the module out (tests/conftest.py).
pytestmark = pytest.mark.same_on_every_database

LAN = "http://192.168.1.20:8000/"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages)


@pytest.fixture(autouse=True)
def _hosts(settings):
    """The director's browser on the laptop (``localhost``) or by its LAN address."""
    settings.ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1", "192.168.1.20"]


@pytest.fixture
def round_1(tournament, published_round):
    tournament.language = "en"
    tournament.save(update_fields=["language"])
    return published_round(tournament, 4)


def cards_url(round_) -> str:
    return f"/director/t/{round_.tournament.slug}/rounds/{round_.number}/table-cards.pdf"


# --- the setting -------------------------------------------------------------------------------


@pytest.mark.parametrize("value, url", [
    ("192.168.1.20:8000", "http://192.168.1.20:8000/"),
    ("http://192.168.1.20:8000", "http://192.168.1.20:8000/"),
    (" http://keezen-laptop.local:8000/ ", "http://keezen-laptop.local:8000/"),
    ("https://keezen.example.org", "https://keezen.example.org/"),
    ("https://example.org/keezen//", "https://example.org/keezen/"),
    ("http://[fd00::20]:8000/", "http://[fd00::20]:8000/"),
    ("", ""),
    (None, ""),
])
def test_public_url_is_read_as_an_address(value, url):
    assert https.public_url_from(value) == url


@pytest.mark.parametrize("value", [
    "ftp://192.168.1.20/", "http://", "http://x/?a=1", "http://x/#top", "http://anna@x/", "http://x:99999/",
    "http://x:port/", "192.168.1.20 8000",
])
def test_a_public_url_that_is_no_address_stops_the_start(value):
    with pytest.raises(ImproperlyConfigured, match="PUBLIC_URL"):
        https.public_url_from(value)


def test_without_public_url_the_default_is_the_lan_address_serve_prints():
    """One function finds the LAN addresses (common/lan.py): the first one, on the phones' port."""
    from common.lan import lan_addresses

    addresses = lan_addresses()
    assert https.lan_url(8000) == (f"http://{addresses[0]}:8000/" if addresses else "")
    assert https.lan_url(80) == (f"http://{addresses[0]}/" if addresses else "")
    assert https.public_url(None, 8000, Mode.OFF) == https.lan_url(8000)
    assert https.public_url("10.42.0.1:8000", 8000, Mode.OFF) == "http://10.42.0.1:8000/"
    # Behind a proxy only the browser's requests know the public name.
    assert https.public_url(None, 8000, Mode.PROXY) == ""
    assert https.public_url("https://keezen.example.org", 8000, Mode.PROXY) == "https://keezen.example.org/"


@pytest.mark.parametrize("host", ["localhost", "LOCALHOST", "toernooi.localhost", "127.0.0.1", "127.1.2.3", "::1",
                                  "[::1]", "::ffff:127.0.0.1", "0.0.0.0", "::", "169.254.10.20", "fe80::1"])
def test_addresses_no_phone_reaches(host):
    assert https.unreachable_host(host)


@pytest.mark.parametrize("host", ["192.168.1.20", "10.42.0.1", "keezen-laptop.local", "keezen.example.org",
                                  "testserver", "fd00::20"])
def test_addresses_phones_reach(host):
    assert not https.unreachable_host(host)


def test_the_short_address_is_what_a_player_types():
    assert https.short_address("http://192.168.1.20:8000/s/abc123/") == "192.168.1.20:8000/s/abc123"
    assert https.short_address("https://keezen.example.org/s/abc123/") == "keezen.example.org/s/abc123"
    assert https.short_address("http://keezen.local/") == "keezen.local"


# --- the QR codes follow the setting, not the director's browser -------------------------------


def test_cards_printed_from_localhost_point_at_public_url(director_client, round_1, settings):
    settings.PUBLIC_URL = LAN
    response = director_client.get(cards_url(round_1), HTTP_HOST="localhost:8000", **EN)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert set(PrintFile.objects.filter(round=round_1).values_list("site_url", flat=True)) == {LAN}
    text = pdf_text(response.content).replace("\n", "")
    for table in round_1.tables.all():  # the short address under each QR code
        assert f"192.168.1.20:8000/s/{table.token}" in text
    assert "localhost" not in text and "http://" not in text


def test_publishing_from_localhost_makes_cards_for_public_url(director_client, tournament, make_teams, settings):
    settings.PUBLIC_URL = LAN
    settings.PRINT_FILES_RUN = "task"  # the publish queues the round's files with their address
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import add_round

    make_teams(tournament, 4)
    round_ = add_round(tournament)
    pair_round(round_)
    response = director_client.post(f"/director/t/{tournament.slug}/rounds/1/publish/", HTTP_HOST="localhost:8000")
    assert response.status_code == 302
    assert set(PrintFile.objects.filter(round=round_).values_list("site_url", flat=True)) == {LAN}


# --- the warning before printing ---------------------------------------------------------------


def test_printing_from_localhost_without_a_lan_address_warns_first(director_client, round_1, settings):
    """No LAN address found at start (PUBLIC_URL empty) and the director on localhost: the cards'
    QR codes would point at the laptop itself. The download warns, names the address and says what
    to do, and makes no file until asked to print anyway."""
    settings.PUBLIC_URL = ""
    response = director_client.get(cards_url(round_1), HTTP_HOST="localhost:8000", **EN)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert 'id="phones-warning"' in page
    assert "Phones cannot open the QR codes" in page and "http://localhost:8000/" in page
    assert "No LAN address was found when the server started" in page and "PUBLIC_URL" in page
    assert not PrintFile.objects.filter(round=round_1).exists()
    anyway = re.search(r'id="print-anyway" href="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert "anyway=1" in anyway
    printed = director_client.get(anyway, HTTP_HOST="localhost:8000", **EN)
    assert printed.status_code == 200 and printed["Content-Type"] == "application/pdf"
    assert "localhost:8000/s/" in pdf_text(printed.content).replace("\n", "")


@pytest.mark.parametrize("address", ["http://127.0.0.1:8000/", "http://localhost:8000/", "http://[::1]:8000/"])
def test_a_public_url_of_this_laptop_itself_warns_too(director_client, round_1, settings, address):
    settings.PUBLIC_URL = address
    response = director_client.get(cards_url(round_1), HTTP_HOST="192.168.1.20:8000", **EN)
    page = response.content.decode()
    assert response.status_code == 200 and 'id="phones-warning"' in page
    assert address in page and "PUBLIC_URL is set to this address" in page
    assert not PrintFile.objects.filter(round=round_1).exists()


def test_the_round_page_warns_beside_the_print_links(director_client, round_1, settings):
    url = f"/director/t/{round_1.tournament.slug}/rounds/1/"
    settings.PUBLIC_URL = ""
    warned = director_client.get(url, HTTP_HOST="localhost:8000", **EN).content.decode()
    assert 'id="phones-warning"' in warned and "http://localhost:8000/" in warned
    settings.PUBLIC_URL = LAN
    assert 'id="phones-warning"' not in director_client.get(url, HTTP_HOST="localhost:8000", **EN).content.decode()
    settings.PUBLIC_URL = ""  # no LAN address found, but the director came in by an address phones reach
    assert 'id="phones-warning"' not in director_client.get(url, HTTP_HOST="192.168.1.20:8000", **EN).content.decode()


def test_files_without_links_print_without_a_warning(director_client, round_1, settings):
    settings.PUBLIC_URL = ""
    for name in ("wall-by-table", "wall-by-team", "missing-results"):
        response = director_client.get(f"/director/t/{round_1.tournament.slug}/rounds/1/{name}.pdf",
                                       HTTP_HOST="localhost:8000", **EN)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", name


def test_reachable_addresses_print_at_once(director_client, round_1, settings):
    settings.PUBLIC_URL = ""
    response = director_client.get(cards_url(round_1), HTTP_HOST="192.168.1.20:8000", **EN)
    assert response["Content-Type"] == "application/pdf"
    assert set(PrintFile.objects.filter(round=round_1).values_list("site_url", flat=True)) == {LAN}


# --- what serve prints -------------------------------------------------------------------------


def test_serve_prints_the_address_of_the_qr_codes(monkeypatch):
    out = io.StringIO()
    monkeypatch.setenv("PUBLIC_URL", "192.168.1.20:8000")
    Serve(stdout=out).print_qr_address(8000)
    assert "QR codes on the table cards: http://192.168.1.20:8000/ (PUBLIC_URL)" in out.getvalue()
    out = io.StringIO()
    monkeypatch.setenv("PUBLIC_URL", "http://localhost:8000")
    Serve(stdout=out).print_qr_address(8000)
    assert "Phones cannot open http://localhost:8000/" in out.getvalue()
    out = io.StringIO()
    monkeypatch.delenv("PUBLIC_URL")
    Serve(stdout=out).print_qr_address(8000)
    lan = https.lan_url(8000)
    expected = f"QR codes on the table cards: {lan} (the first LAN address" if lan else "the director's browser uses"
    assert expected in out.getvalue()


def _settings_with(public_url: str) -> subprocess.CompletedProcess:
    """A process that reads its settings with ``PUBLIC_URL`` in its environment. The settings module
    is run when the settings are first read (the first step of ``django.setup()``, before any app is
    loaded), so reading them is all it takes: a bad value stops the process there, as it stops a start."""
    script = "from django.conf import settings; print(settings.PUBLIC_URL)"
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "keezen_site.settings", "PUBLIC_URL": public_url}
    return subprocess.run([sys.executable, "-c", script], cwd=settings.BASE_DIR, env=environment,
                          capture_output=True, text=True, timeout=120)


def test_the_setting_comes_from_the_environment_and_a_bad_one_stops_the_start():
    found = _settings_with("192.168.1.20:8000")
    assert found.returncode == 0 and found.stdout.strip() == "http://192.168.1.20:8000/", found.stderr
    refused = _settings_with("ftp://nowhere")
    assert refused.returncode != 0 and "PUBLIC_URL='ftp://nowhere'" in refused.stderr
