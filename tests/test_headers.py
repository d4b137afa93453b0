"""Security headers on every page (common/headers.py, settings' security section): a
Content-Security-Policy that allows only the site's own files, no Referer leaving the site (table
links carry their token in the address), no sniffing, no framing; and templates that need nothing
inline, so the policy never has to allow it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings as django_settings

from common.headers import BOARD_STYLE_HASH, style_hash
from common.https import Mode

EXPECTED_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'", BOARD_STYLE_HASH],
    "img-src": ["'self'", "data:"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
ROOT = Path(django_settings.BASE_DIR)
TEMPLATES = sorted(ROOT.glob("*/templates"))  # each app's own


@pytest.fixture(autouse=True)
def _plain_http(settings):
    """The pages as the phones get them (no redirect to HTTPS, whatever ``HTTPS`` the test run has)."""
    settings.HTTPS_MODE = Mode.OFF


def policy(response) -> dict[str, list[str]]:
    directives = [part.split() for part in response["Content-Security-Policy"].split(";") if part.strip()]
    return {name: values for name, *values in directives}


def assert_security_headers(response) -> None:
    assert policy(response) == EXPECTED_POLICY
    assert "unsafe" not in response["Content-Security-Policy"]
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


@pytest.fixture
def table(tournament, published_round):
    return published_round(tournament, 4).tables.get(number=1)


def test_public_pages_carry_the_headers(client, tournament, table):
    for url in ("/", f"/t/{tournament.slug}/", f"/t/{tournament.slug}/standings/", "/rules/", "/login/"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert_security_headers(response)


def test_a_table_link_carries_the_headers_and_keeps_its_token_off_referers(client, table):
    response = client.get(f"/s/{table.token}/")
    assert response.status_code == 200
    assert_security_headers(response)  # Referrer-Policy same-origin: the token stays on this site


def test_director_pages_carry_the_headers(director_client, tournament, table):
    for url in ("/director/", f"/director/t/{tournament.slug}/teams/", f"/director/t/{tournament.slug}/checkin/",
                f"/director/t/{tournament.slug}/standings/", f"/director/t/{tournament.slug}/disputes/"):
        response = director_client.get(url)
        assert response.status_code == 200, url
        assert_security_headers(response)


def test_refused_and_missing_pages_carry_the_headers_too(client, director_client):
    assert_security_headers(client.get("/t/no-such-tournament/"))
    assert_security_headers(client.get("/director/"))  # the redirect to the login


def test_the_only_inline_style_is_the_boards_own_allowed_by_its_hash(client):
    """The dispute desk's board (engine/board_svg.py) carries its own <style>; the policy allows that
    text and no other (its hash is computed from the engine's, so a change there follows)."""
    page = client.get("/rules/").content.decode()
    styles = re.findall(r"<style[^>]*>(.*?)</style>", page, flags=re.S)
    assert len(styles) == 1 and "<svg" in page
    assert style_hash(styles[0]) == BOARD_STYLE_HASH
    assert style_hash(styles[0] + " ") != BOARD_STYLE_HASH


def test_a_pdf_shown_in_the_browser_has_no_policy_but_the_other_headers(director_client, tournament, table):
    """Chrome's PDF viewer breaks under a Content-Security-Policy on the PDF itself."""
    response = director_client.get(f"/director/t/{tournament.slug}/standings.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "Content-Security-Policy" not in response
    assert response["X-Content-Type-Options"] == "nosniff" and response["X-Frame-Options"] == "DENY"


def test_every_page_loads_htmx_without_its_inline_style_and_the_sites_script(client, tournament):
    page = client.get(f"/t/{tournament.slug}/").content.decode()
    assert '<meta name="htmx-config" content=\'{"includeIndicatorStyles": false, "allowEval": false}\'>' in page
    assert re.search(r'<script src="/static/js/keezen\.js" defer></script>', page)
    css = (ROOT / "tournaments" / "static" / "css" / "keezen.css").read_text()
    assert ".htmx-indicator" in css


INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "an inline <script>"),
    (re.compile(r"<style\b", re.I), "a <style> element"),
    (re.compile(r"\sstyle\s*=", re.I), "a style=\"…\" attribute"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "an inline event handler (on…=)"),
    (re.compile(r"javascript:", re.I), "a javascript: address"),
]


def test_no_html_template_needs_anything_inline():
    """What the policy would block: every script and style is a file under static/. The PDF
    templates are rendered by WeasyPrint on the server, where no browser policy applies."""
    found = []
    assert len(TEMPLATES) >= 5, TEMPLATES
    for path in sorted(path for folder in TEMPLATES for path in folder.rglob("*.html")):
        if "pdf" in path.relative_to(ROOT).parts:
            continue
        text = path.read_text(encoding="utf-8")
        for pattern, what in INLINE:
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert not found, "\n".join(found)
