"""The dispute board's state (issue 16, item 13): a claim belongs to the position it was made on —
every change of the position clears it, and a complete tapped claim is never extended by the next
taps — and the whole state (position, claim, card, house rules) is the page's address, so a
reload, a shared link or the language switch shows the same board. The browser half is
tests/browser/test_dispute_board.py."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from tournaments.models import Ruling

HELPER = "/rules/"


def desk(client, url: str = HELPER, language: str = "en", **fields):
    data = {key: value for key, value in fields.items() if value is not None}
    return client.post(url, data, HTTP_ACCEPT_LANGUAGE=language, HTTP_HX_REQUEST="true")


def field(html: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', html) or \
        re.search(rf'<input[^>]*value="([^"]*)"[^>]*name="{name}"', html)
    return unescape(found[1]) if found else ""


def code(html: str) -> str:
    return unescape(re.search(r'id="position-code"[^>]*>([^<]*)<', html)[1])


def verdict(html: str) -> str | None:
    found = re.search(r'id="verdict"[^>]*data-legal="(\w+)"', html)
    return found[1] if found else None


def state(response) -> dict[str, str]:
    """The state the answer wrote into the page's address."""
    address = response["HX-Replace-Url"]
    assert urlsplit(address).path == HELPER or "/disputes/" in address
    return {key: values[-1] for key, values in parse_qs(urlsplit(address).query).items()}


CLAIMED = {"mode": "claim", "card": "4", "seat": 0, "code": "K4:t0.t2|-|-|-"}


def test_the_issue_claim_is_never_doubled_by_more_taps(client):
    """The rehearsal's ``4 0:t2>t62,0:t2>t62``: two more taps after a complete claim of a 4 start a
    new claim; they do not add a second part to the first."""
    first = desk(client, **CLAIMED, taps="t2", action="tap", tap="t62").content.decode()
    assert field(first, "claim") == "4 0:t2>t62" and verdict(first) == "false"
    again = desk(client, **CLAIMED, taps=field(first, "taps"), claim=field(first, "claim"), action="tap", tap="t2")
    html = again.content.decode()
    assert field(html, "taps") == "t2" and field(html, "claim") == "" and verdict(html) is None
    done = desk(client, **CLAIMED, taps=field(html, "taps"), action="tap", tap="t62").content.decode()
    assert field(done, "claim") == "4 0:t2>t62" and verdict(done) == "false"


def test_a_seven_takes_as_many_pairs_as_the_house_rule_allows(client):
    base = {"mode": "claim", "card": "7", "seat": 0, "code": "K4:t20.t30|-|-|-"}
    html = desk(client, **base, taps="t20,t25,t30", action="tap", tap="t32").content.decode()
    assert field(html, "claim") == "7 0:t20>t25,0:t30>t32" and verdict(html) == "true"
    html = desk(client, **base, taps=field(html, "taps"), action="tap", tap="t20").content.decode()
    assert field(html, "taps") == "t20" and field(html, "claim") == ""


@pytest.mark.parametrize("change", [
    {"mode": "setup", "action": "tap", "tap": "t0"},  # a pawn taken off while setting up
    {"mode": "setup", "action": "tap", "tap": "t40", "colour": 2},  # a pawn put on
    {"action": "load", "paste": "K4:t2|-|-|-"},  # a pasted position
    {"action": "empty", "players": "4"},  # a new board
], ids=["pawn-off", "pawn-on", "pasted", "new-board"])
def test_changing_the_position_clears_the_claim(client, change):
    fields = {**CLAIMED, "claim": "4 0:t2>t62", "taps": "t2,t62", **change}
    html = desk(client, **fields).content.decode()
    assert code(html) != CLAIMED["code"]
    assert field(html, "claim") == "" and field(html, "taps") == "" and verdict(html) is None


def test_the_old_claim_is_not_judged_on_the_new_position(client):
    """The director's sequence: a claim on K4:t0.t2, back to setting up, take the pawn off t0, back
    to claiming, two taps: the claim is the new one alone, judged on the new position."""
    html = desk(client, **CLAIMED, taps="t2", action="tap", tap="t62").content.decode()
    html = desk(client, **{**CLAIMED, "mode": "setup"}, claim=field(html, "claim"), taps=field(html, "taps"),
                action="tap", tap="t0").content.decode()
    assert code(html) == "K4:t2|-|-|-" and field(html, "claim") == ""
    html = desk(client, **{**CLAIMED, "code": "K4:t2|-|-|-"}, taps=field(html, "taps"), action="tap",
                tap="t2").content.decode()
    html = desk(client, **{**CLAIMED, "code": "K4:t2|-|-|-"}, taps=field(html, "taps"), action="tap",
                tap="t62").content.decode()
    assert field(html, "claim") == "4 0:t2>t62" and verdict(html) == "true"  # no own pawn on t0 any more


def test_a_typed_claim_drops_the_taps_of_another(client):
    html = desk(client, **CLAIMED, taps="t2,t62", claim="4 0:t0>t60", action="judge").content.decode()
    assert field(html, "taps") == "" and verdict(html) == "true"


def test_the_state_is_the_address_and_a_get_of_it_shows_the_same_board(client):
    fields = {**CLAIMED, "taps": "t2", "action": "tap", "tap": "t62", "rules_set": "1",
              "self_capture_optional": "on", "jack_partner": "on", "seven_max_pawns": "3"}
    answer = desk(client, **fields)
    written = state(answer)
    assert written["code"] == "K4:t0.t2|-|-|-" and written["claim"] == "4 0:t2>t62" and written["card"] == "4"
    assert written["rules_set"] == "1" and written["self_capture_optional"] == "on"
    assert written["seven_max_pawns"] == "3" and "jack_own_start" not in written

    for language, words in (("en", "Not allowed"), ("nl", None)):
        page = client.get(answer["HX-Replace-Url"], HTTP_ACCEPT_LANGUAGE=language)
        html = page.content.decode()
        assert page.status_code == 200
        assert code(html) == "K4:t0.t2|-|-|-" and field(html, "claim") == "4 0:t2>t62" and verdict(html) == "false"
        assert re.search(r'name="card" id="card-4" value="4" data-desk-change checked', html)
        assert re.search(r'name="self_capture_optional" id="hr-sc" data-desk-change checked', html)
        assert not re.search(r'name="jack_own_start" id="hr-jo" data-desk-change checked', html)
        assert 'name="seven_max_pawns" id="hr-sm" value="3"' in html
        if words:
            assert words in html


def test_a_fresh_helper_writes_only_the_position(client):
    answer = desk(client, action="tap", tap="t5", mode="setup", code="K4:-|-|-|-")
    assert state(answer) == {"code": "K4:t5|-|-|-"}


def test_without_javascript_a_post_is_redirected_to_its_state(client):
    response = client.post(HELPER, {**CLAIMED, "claim": "4 0:t2>t62", "action": "judge"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 303
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert field(page, "claim") == "4 0:t2>t62" and verdict(page) == "false"
    # The language switch on that page returns to the same address.
    assert f'name="next" type="hidden" value="{response["Location"].replace("&", "&amp;")}"' in page


def test_a_refused_post_is_answered_in_place(client):
    response = client.post(HELPER, {"code": "K4:t3|-|-|-", "paste": "hello", "action": "load"},
                           HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422 and 'id="desk-errors"' in response.content.decode()


def test_the_director_desk_keeps_the_table_in_its_address(director_client, tournament, published_round):
    round_ = published_round(tournament, 8)
    table = round_.tables.get(number=2)
    url = f"/director/t/{tournament.slug}/disputes/"
    answer = desk(director_client, url, **CLAIMED, taps="t2", action="tap", tap="t62", table=table.pk,
                  self_capture_optional="on", rules_set="1")
    written = {key: values[-1] for key, values in parse_qs(urlsplit(answer["HX-Replace-Url"]).query).items()}
    assert written["table"] == str(table.pk) and written["claim"] == "4 0:t2>t62"
    assert "rules_set" not in written  # the tournament's house rules apply, nothing to write
    page = director_client.get(answer["HX-Replace-Url"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f'<option value="{table.pk}" selected>' in page and verdict(page) == "false"
    # Saving from the address's state keeps that claim with that table.
    desk(director_client, url, **CLAIMED, claim="4 0:t2>t62", table=table.pk, action="save")
    ruling = Ruling.objects.get()
    assert (ruling.table, ruling.claim, ruling.code) == (table, "4 0:t2>t62", "K4:t0.t2|-|-|-")
