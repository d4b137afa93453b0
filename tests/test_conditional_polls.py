"""What phones poll answers 304 Not Modified, and no body, while nothing changed (issue 34): the
public standings (page, htmx fragment, JSON, each compressed or not), a round's page and the round
clock. A phone sends back the ETag of its last answer (If-None-Match); a change of results gives a
new one. Pages of a visitor's own (a director's, a table link's) are never answered from a tag."""

from __future__ import annotations

import pytest
from django.test import Client

from tournaments.services import clock as clock_services
from tournaments.services.results import record_result


@pytest.fixture
def round_(tournament, published_round):
    return published_round(tournament, 4)


def ask(url: str, tag: str | None = None, **headers):
    if tag:
        headers["HTTP_IF_NONE_MATCH"] = tag
    return Client().get(url, HTTP_ACCEPT_LANGUAGE="en", **headers)


@pytest.mark.parametrize("kind", ["page", "fragment", "json"])
@pytest.mark.parametrize("encoding", ["gzip, deflate", ""])
def test_the_standings_answer_304_until_a_result_arrives(tournament, round_, kind, encoding):
    url = f"/t/{tournament.slug}/standings.json" if kind == "json" else f"/t/{tournament.slug}/standings/"
    headers = {"HTTP_ACCEPT_ENCODING": encoding, **({"HTTP_HX_REQUEST": "true"} if kind == "fragment" else {})}
    first = ask(url, **headers)
    assert first.status_code == 200 and first["ETag"].startswith('"')
    assert "no-cache" in first["Cache-Control"]  # kept by the browser, asked again at every poll
    again = ask(url, first["ETag"], **headers)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == first["ETag"]

    record_result(round_.tables.order_by("number").first(), {"arrivals": [0, 1]})
    changed = ask(url, first["ETag"], **headers)
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"] and changed.content
    assert ask(url, changed["ETag"], **headers).status_code == 304


def test_compressed_and_plain_answers_have_tags_of_their_own(tournament, round_):
    url = f"/t/{tournament.slug}/standings/"
    packed, plain = ask(url, HTTP_ACCEPT_ENCODING="gzip"), ask(url)
    assert packed["ETag"] != plain["ETag"]
    assert ask(url, packed["ETag"]).status_code == 200  # a tag of the other representation is no match


def test_a_rounds_page_answers_304_while_nothing_changed(tournament, round_):
    url = f"/t/{tournament.slug}/rounds/{round_.number}/"
    first = ask(url)
    assert first.status_code == 200 and first.has_header("ETag")
    assert ask(url, first["ETag"]).status_code == 304
    record_result(round_.tables.order_by("number").first(), {"arrivals": [0, 1]})
    assert ask(url, first["ETag"]).status_code == 200


def test_the_clock_answers_304_while_its_state_holds(tournament, round_):
    url = f"/t/{tournament.slug}/clock.json"
    waiting = ask(url)
    assert waiting.status_code == 200 and waiting.json()["state"] == "waiting"
    assert ask(url, waiting["ETag"]).status_code == 304
    clock_services.start(round_)
    running = ask(url, waiting["ETag"])
    assert running.status_code == 200 and running.json()["state"] == "running"
    assert ask(url, running["ETag"]).status_code in (304, 200)  # 200 only when a minute turned in between
    clock_services.pause(round_)
    paused = ask(url, running["ETag"])
    assert paused.status_code == 200 and paused.json()["state"] == "paused"


def test_the_clocks_tag_names_the_minute_so_a_countdown_is_set_right_within_one(tournament, round_):
    import datetime

    clock_services.start(round_)
    round_.refresh_from_db()
    minute = (round_.clock_ends_at - datetime.timedelta(minutes=10)).replace(second=0, microsecond=0)
    at = [minute + datetime.timedelta(seconds=seconds) for seconds in (5, 50, 65)]
    tags = [clock_services.clock(round_, now).tag(now) for now in at]
    assert tags[0] == tags[1] != tags[2]


def test_pages_of_a_visitors_own_are_never_answered_from_a_tag(director_client, tournament, round_):
    table = round_.tables.order_by("number").first()
    link = Client().get(f"/s/{table.token}/")
    assert not link.has_header("ETag")  # never_cache: nothing kept, every answer whole
    own = director_client.get(f"/t/{tournament.slug}/standings/")
    assert own.status_code == 200 and b"csrfmiddlewaretoken" in own.content
    assert director_client.get(f"/t/{tournament.slug}/standings/",
                               HTTP_IF_NONE_MATCH=own.get("ETag", '"x"')).status_code == 200  # a new token each time
