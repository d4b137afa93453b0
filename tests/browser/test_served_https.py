"""``manage.py serve`` with ``HTTPS=1`` (docs/https.md), started for real: the phones on plain HTTP
and the director on HTTPS, side by side, checked without a browser and in Chromium with the
Content-Security-Policy on. One start of ``serve`` (three gunicorn processes, the certificates made)
for both. The settings, the certificates and the redirects in the test client:
tests/test_https.py, whose helpers start and stop the server."""

from __future__ import annotations

import re
import ssl
import urllib.error
import urllib.parse
import urllib.request

import pytest
from cryptography import x509
from playwright.sync_api import expect

from common import certificates, https
from tests.browser.conftest import TIMEOUT_MS
from tests.browser.test_csp import watch
from tests.test_https import SERVED_PASSWORD, https_request, prepare_site, serving, stop

pytestmark = pytest.mark.browser


def test_serve_with_https_serves_the_phones_on_http_and_the_director_on_https(browser, tmp_path, migrated_sqlite):
    """``manage.py serve`` with ``HTTPS=1`` serves the phones on plain HTTP and the director on
    HTTPS: Chromium reaches the director over HTTPS (its certificate accepted as a desk laptop
    would after trusting it), is sent there from plain HTTP, and the pages run with the policy on.
    Without a browser first (:func:`served_https_checks`)."""
    environment = prepare_site(tmp_path, migrated_sqlite)
    with serving(tmp_path, environment) as served:
        served_https_checks(served)
        context = browser.new_context(ignore_https_errors=True, locale="en-US",
                                      extra_http_headers={"Accept-Language": "en-US,en;q=0.9"})
        # A server of its own, started cold on a busy CI machine: its first pages may take a while.
        context.set_default_timeout(max(TIMEOUT_MS, 30_000))
        context.set_default_navigation_timeout(max(TIMEOUT_MS, 30_000))
        try:
            page = context.new_page()
            problems = watch(page)
            page.goto(f"{served.http}/login/")  # typed over plain HTTP: sent to HTTPS
            expect(page).to_have_url(f"{served.https}/login/")
            assert page.locator("#in-clear-warning").count() == 0
            page.locator("input[name=username]").fill("director")
            page.locator("input[name=password]").fill(SERVED_PASSWORD)
            page.locator("main form button[type=submit]").click()
            expect(page).to_have_url(f"{served.https}/director/")
            cookies = {cookie["name"]: cookie for cookie in context.cookies()}
            assert cookies["sessionid"]["secure"] is True
            page.goto(f"{served.http}/")  # the phones' side still plain HTTP
            expect(page).to_have_url(f"{served.http}/")
            assert problems == []
        finally:
            context.close()
        assert stop(served.process) == (0, False)  # SIGTERM stops both servers and serve itself, nothing left
    # What the second start finds: both certificates there for the same names, nothing to make.
    again = certificates.ensure(tmp_path / ".https", *https.certificate_names())
    assert not again.made_ca and not again.made_server
    assert again.ca_fingerprint == certificates.fingerprint(x509.load_pem_x509_certificate(served.ca.read_bytes()))


def served_https_checks(served) -> None:
    """What a freshly started ``serve`` with ``HTTPS=1`` answers without a browser: the phones on plain
    HTTP, the director's pages sent to HTTPS, a certificate that a client trusting the venue's
    authority verifies by address and by name (and that others refuse), a session cookie that never
    goes over plain HTTP, and the authority to download with the fingerprint ``serve`` printed."""
    # Phones: plain HTTP, no certificate.
    with urllib.request.urlopen(f"{served.http}/", timeout=10) as public:
        assert public.status == 200 and public.headers["Referrer-Policy"] == "same-origin"

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    with pytest.raises(urllib.error.HTTPError) as redirect:
        urllib.request.build_opener(NoRedirect).open(f"{served.http}/login/?next=/director/", timeout=10)
    assert redirect.value.code == 302
    assert redirect.value.headers["Location"] == f"{served.https}/login/?next=/director/"

    # The director: HTTPS with a certificate a client that trusts the authority verifies
    # (chain, name constraints, and the host name or address), by address and by name.
    for host in ("127.0.0.1", "localhost"):
        page = https_request(served, "GET", "/login/", host=host)
        assert page.status == 200 and "Content-Security-Policy" in page.headers
    with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):  # not trusted: refused
        urllib.request.urlopen(f"{served.https}/login/", timeout=10, context=ssl.create_default_context())

    # Logging in over HTTPS gives a session cookie that never goes over plain HTTP.
    login = https_request(served, "GET", "/login/")
    csrf = re.search(r"csrftoken=([^;]+)", login.headers["Set-Cookie"]).group(1)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login.body).group(1)
    done = https_request(served, "POST", "/login/", body=urllib.parse.urlencode(
        {"username": "director", "password": SERVED_PASSWORD, "csrfmiddlewaretoken": token, "next": "/director/"}),
        headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={csrf}",
                 "Origin": served.https, "Referer": f"{served.https}/login/"})
    assert done.status == 302 and done.headers["Location"] == "/director/"
    session = next(cookie for cookie in done.headers.get_all("Set-Cookie") if cookie.startswith("sessionid="))
    assert "; Secure" in session and "HttpOnly" in session

    # The authority to trust, from the phones' port, with the fingerprint serve printed.
    with urllib.request.urlopen(f"{served.http}/https/keezen-ca.crt", timeout=10) as download:
        assert download.read() == served.ca.read_bytes()
    authority = x509.load_pem_x509_certificate(served.ca.read_bytes())
    printed = served.printed()
    assert certificates.fingerprint(authority) in printed
    assert f"Director (HTTPS):  https://localhost:{served.https.rsplit(':', 1)[1]}/director/" in printed
    assert "Certificate authority made now; server certificate made now" in printed
