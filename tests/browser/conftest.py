"""Browser fixtures: Debian's Chromium driven by Playwright's sync API, on a phone-sized screen.

The browser is launched once per session; every test gets a fresh context (no shared cookies)
and a page that may only talk to the live server on loopback. Playwright's own browser
downloads are never used: ``/usr/bin/chromium`` must exist (``make test`` installs it).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

# Playwright's sync API runs an asyncio event loop in this thread, which makes Django refuse
# ORM calls from the test ("SynchronousOnlyOperation"). The tests are plain synchronous code.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Requests leaving the machine are refused by the browser itself, in every context: everything
    # but loopback goes to a proxy that is not there (net::ERR_PROXY_CONNECTION_FAILED, which
    # ``page_problems`` reports), names and addresses alike. Not a Playwright route: routing takes
    # every request through this process and turns the browser's cache off (the site's CSS and
    # scripts fetched again on every page), about a fifth of the browser tests' CPU time.
    "--proxy-server=http://127.0.0.1:9",
    "--proxy-bypass-list=<-loopback>;localhost;127.0.0.1;[::1]",
]
PHONE = {"width": 390, "height": 844}
TIMEOUT_MS = 10_000


@pytest.fixture(scope="session")
def browser():
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium "
            "(`make test` installs it, or `apt-get install chromium`). "
            "Do not use `playwright install`.",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


PHONE_CONTEXT = {"viewport": PHONE, "device_scale_factor": 1, "is_mobile": True, "has_touch": True, "locale": "en-US",
                 "extra_http_headers": {"Accept-Language": "en-US,en;q=0.9"}}
"""The ``page`` fixture's phone: phone-sized, in English."""


@pytest.fixture
def page(browser, live_server):
    """A fresh phone-sized tab in English; requests leaving the machine are refused."""
    context = browser.new_context(**PHONE_CONTEXT, base_url=live_server.url)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        yield page
    finally:
        context.close()


class KeptTab:
    """One browser context and tab for all the tests of a module that opt in (a module fixture
    makes it, a function fixture hands it to each test with :meth:`fresh` and takes it back with
    :meth:`leave`): a new context and tab cost about half a second each time, and its cache (the
    site's CSS and scripts) starts empty. What a test may leave behind is put back: the cookies
    are cleared (a test signs in again if it needs to), the screen size, routes and the page
    itself (``about:blank``, so no poll of the last page reaches the next test's server). Not for
    tests that add init scripts, exposed bindings or ``page.clock``: those cannot be taken back;
    such a test uses ``page``. The browser's storage (the table link's outbox keeps what is typed
    there) is emptied too."""

    def __init__(self, browser, live_server, timeout_ms: int | None, **options):
        self.options = options
        self.context = browser.new_context(**options, base_url=live_server.url)
        if timeout_ms is not None:
            self.context.set_default_timeout(timeout_ms)
        self.page = self.context.new_page()

    def fresh(self):
        self.context.clear_cookies()
        return self.page

    def leave(self) -> None:
        self.page.unroute_all(behavior="ignoreErrors")
        if self.page.url.startswith("http"):
            self.page.evaluate("() => { try { localStorage.clear(); sessionStorage.clear(); } catch (e) {} }")
        self.page.goto("about:blank")
        if self.page.viewport_size != self.options["viewport"]:
            self.page.set_viewport_size(self.options["viewport"])

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def _kept_phone(browser, live_server):
    tab = KeptTab(browser, live_server, TIMEOUT_MS, **PHONE_CONTEXT)
    yield tab
    tab.close()


@pytest.fixture
def kept_page(_kept_phone):
    """``page``, but one tab for the whole module (:class:`KeptTab`): a module whose tests only
    navigate, tap and type says ``@pytest.fixture def page(kept_page): return kept_page``."""
    yield _kept_phone.fresh()
    _kept_phone.leave()


@pytest.fixture
def page_problems(page):
    """What went wrong in the page: JavaScript errors, failed or refused requests, 4xx/5xx answers.

    Request it before the first navigation and assert it is empty at the end of the test.
    """
    problems: list[str] = []

    def on_response(response):
        if response.status >= 400 and urlsplit(response.url).path != "/favicon.ico":
            problems.append(f"HTTP {response.status} {response.request.method} {response.url}")

    def on_request_failed(request):
        # A navigation (goto, reload, a form post) cancels what the page was still loading; the
        # browser reports that as ERR_ABORTED, which is not a fault of the page.
        if request.failure and "ERR_ABORTED" in request.failure:
            return
        problems.append(f"request failed ({request.failure}): {request.method} {request.url}")

    def on_page_error(error):
        problems.append(f"JavaScript error: {error}")

    listeners = {"pageerror": on_page_error, "response": on_response, "requestfailed": on_request_failed}
    for event, listener in listeners.items():
        page.on(event, listener)
    yield problems
    for event, listener in listeners.items():  # the tab may be kept for the module's next test
        page.remove_listener(event, listener)


def signed_in(context, user, live_server) -> None:
    """``user``'s session cookie in ``context``, made in this process (Django's test client's
    ``force_login``): logged in without the login form's three page loads. For tests whose subject
    is not the login; the form itself is driven in Chromium by tests/browser/test_csp.py and
    tests/browser/test_public_and_checkin.py (and tests/test_login_security.py without a browser)."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    name = settings.SESSION_COOKIE_NAME
    context.add_cookies([{"name": name, "value": client.cookies[name].value, "url": live_server.url,
                          "httpOnly": True, "sameSite": "Lax"}])


DESK_CONTEXT = {"viewport": {"width": 1280, "height": 900}, "locale": "en-US",
                "extra_http_headers": {"Accept-Language": "en"}}
"""The ``desk_page`` fixture's laptop at the desk, in English."""


@contextmanager
def _desk_of(page, director, live_server) -> Iterator:
    signed_in(page.context, director, live_server)
    errors: list[str] = []

    def on_page_error(error):
        errors.append(str(error))

    page.on("pageerror", on_page_error)
    yield page
    page.remove_listener("pageerror", on_page_error)
    assert errors == []


@pytest.fixture
def desk_page(browser, live_server, director):
    """A laptop at the desk, logged in as the director, in English; JavaScript errors fail the test."""
    context = browser.new_context(**DESK_CONTEXT, base_url=live_server.url)
    try:
        with _desk_of(context.new_page(), director, live_server) as page:
            yield page
    finally:
        context.close()


@pytest.fixture(scope="module")
def _kept_desk(browser, live_server):
    tab = KeptTab(browser, live_server, None, **DESK_CONTEXT)  # desk_page's timeouts: Playwright's
    yield tab
    tab.close()


@pytest.fixture
def kept_desk_page(_kept_desk, live_server, director):
    """``desk_page``, but one tab for the whole module (:class:`KeptTab`), signed in afresh for each test."""
    try:
        with _desk_of(_kept_desk.fresh(), director, live_server) as page:
            yield page
    finally:
        _kept_desk.leave()


@contextmanager
def another_phone(browser, live_server) -> Iterator:
    """A second phone at the table: its own browser context (own cookies), phone-sized, in English."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US",
                                  extra_http_headers={"Accept-Language": "en-US,en;q=0.9"}, base_url=live_server.url)
    try:
        yield context.new_page()
    finally:
        context.close()
