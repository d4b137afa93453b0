"""The table link's outbox on a phone that loses the Wi-Fi (static/js/outbox.js,
services/sent_actions.py): a sheet typed offline is kept on the phone and sent when the connection
is back; a sheet whose answer was lost is sent again and is still one sheet, with no 409 shown; a
double tap and two tabs make one sheet; what was typed survives a reload."""

from __future__ import annotations

import http.client
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tournaments.models import Result, ResultState
from tournaments.services import clock as clock_services

pytestmark = pytest.mark.browser


@pytest.fixture
def table(tournament, published_round):
    round_ = published_round(tournament, 4)
    clock_services.start(round_)
    return round_.tables.get(number=1)


def first_code(table) -> str:
    return table.seats.get(position=1).code


def type_sheet(page, table) -> None:
    for _ in range(8):
        page.locator('[data-arrival="A"]').tap()
    page.locator("#code").fill(first_code(table))


def test_a_sheet_typed_offline_is_kept_and_sent_when_the_connection_is_back(page, table):
    page.goto(f"/s/{table.token}/")
    page.wait_for_load_state("load")
    page.context.set_offline(True)
    type_sheet(page, table)
    page.locator("button[name=action][value=submit]").tap()
    expect(page.locator("#outbox")).to_have_attribute("data-state", "waiting")
    expect(page.locator("#outbox")).to_contain_text("Saved on this phone, not sent yet")
    expect(page.locator("#outbox [data-outbox-send]")).to_be_visible()
    assert not Result.objects.filter(table=table).exists()

    page.context.set_offline(False)  # the browser says "online": the page sends by itself
    expect(page.locator("#outbox")).to_have_attribute("data-state", "sent")
    expect(page.locator("#outbox")).to_contain_text("Sent")
    expect(page.locator("#current")).to_have_attribute("data-status", "submitted")
    assert Result.objects.filter(table=table).count() == 1


class _LosesOneAnswer(BaseHTTPRequestHandler):
    """Passes every request on to the server and its answer back, except the first POST of a sheet:
    the server gets it and answers, the phone hears nothing (the connection is closed)."""

    upstream: tuple[str, int]
    dropped: list[str]

    def _pass_on(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        upstream = http.client.HTTPConnection(*self.upstream, timeout=30)
        headers = {name: value for name, value in self.headers.items() if name.lower() != "connection"}
        upstream.request(self.command, self.path, body=body or None, headers=headers)
        answer = upstream.getresponse()
        content = answer.read()
        upstream.close()
        self.close_connection = True
        if self.command == "POST" and self.path.startswith("/s/") and not self.dropped:
            self.dropped.append(self.path)  # committed by the server; the answer is lost on the way
            return
        self.send_response_only(answer.status, answer.reason)
        for name, value in answer.getheaders():
            if name.lower() not in ("connection", "transfer-encoding", "content-length"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(content)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(content)

    do_GET = do_POST = _pass_on

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@pytest.fixture
def lossy_proxy(live_server):
    """The address of a proxy to the live server that loses the answer to the first sheet posted."""
    parts = urlsplit(live_server.url)
    handler = type("Handler", (_LosesOneAnswer,), {"upstream": (parts.hostname, parts.port), "dropped": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", handler.dropped
    finally:
        server.shutdown()
        server.server_close()


def test_a_sheet_whose_answer_was_lost_is_sent_again_and_is_one_sheet(page, table, lossy_proxy):
    base, dropped = lossy_proxy
    answers = []
    page.on("response", lambda response: answers.append(response.status))
    page.goto(f"{base}/s/{table.token}/")
    page.wait_for_load_state("load")
    type_sheet(page, table)
    page.locator("button[name=action][value=submit]").tap()
    expect(page.locator("#outbox")).to_have_attribute("data-state", "sent")  # sent again by itself
    expect(page.locator("#current")).to_have_attribute("data-status", "submitted")
    assert dropped, "the proxy lost no answer"
    assert Result.objects.filter(table=table).count() == 1
    assert 409 not in answers
    expect(page.locator("#entry-errors")).to_have_count(0)


def test_a_double_tap_and_two_tabs_make_one_sheet(page, table):
    page.goto(f"/s/{table.token}/")
    page.wait_for_load_state("load")
    other = page.context.new_page()
    other.goto(f"/s/{table.token}/")
    other.wait_for_load_state("load")
    for tab in (page, other):
        type_sheet(tab, table)
    # The second tab has not polled yet (else it would show the first sheet by itself, before its
    # tap): its follower is taken away, so it stops (static/js/sheet_follow.js).
    other.evaluate("() => document.getElementById('sheet-follow').remove()")
    page.evaluate("() => { const b = document.querySelector('button[value=submit]'); b.click(); b.click(); }")
    expect(page.locator("#outbox")).to_have_attribute("data-state", "sent")
    expect(page.locator("#current")).to_have_attribute("data-status", "submitted")
    other.locator("button[name=action][value=submit]").tap()
    expect(other.locator("#current")).to_have_attribute("data-status", "submitted")  # the first sheet, shown
    assert Result.objects.filter(table=table).count() == 1
    assert Result.objects.get(table=table).state == ResultState.SUBMITTED


def test_what_was_typed_survives_a_reload(page, table):
    page.goto(f"/s/{table.token}/")
    page.wait_for_load_state("load")
    type_sheet(page, table)
    page.reload()
    expect(page.locator("#arrivals")).to_have_value("AAAAAAAA")
    expect(page.locator("#code")).to_have_value(first_code(table))
    expect(page.locator("#preview [data-testid=points-A]")).to_have_text("1120")  # the live points follow
