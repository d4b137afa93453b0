"""The dispute desk and the rules helper: the ten disputes of keezen-rules.md asked through the
pages give the engine's answers; bad set-ups get a clear message; rulings are kept, listed,
printed and shown on the table's page."""

from __future__ import annotations

import io
import re
from html import unescape as html_unescape

import pypdf
import pytest
from django.utils import translation

from engine.api import check, moves
from engine.code import from_code
from tournaments.models import Ruling
from tournaments.services import disputes

HELPER = "/rules/"

# (code, seat, card, claim, house rules or None, legal?, reason)
DISPUTES = [
    pytest.param("K4:t2|-|-|-", 0, "4", "4 0:t2>t62", None, True, None, id="01-four-back-over-empty-start"),
    pytest.param("K4:t0.t2|-|-|-", 0, "4", "4 0:t2>t62", None, False, "blocked-start", id="01-four-back-over-own-pawn"),
    pytest.param("K4:t60|-|-|-", 0, "5", "5 0:t60>h2", None, True, None, id="02-from-start-then-home"),
    pytest.param("K4:t1.h2|-|-|-", 0, "4", "4 0:h2>t61", None, False, "home-backward", id="03-four-out-of-home"),
    pytest.param("K4:t12.t15|t16|-|-", 0, "A", "A 0:t15>t16", None, False, "blocked-start", id="04-back-on-start-blocks"),
    pytest.param("K4:t14.t30|t16|-|-", 0, "2", "2 0:t14>t16", None, False, "blocked-start", id="05-swapped-on-start-blocks"),
    pytest.param("K4:t20|t5|-|-", 0, "7", "7 0:t20>t27", None, True, None, id="06-seven-single-pawn"),
    pytest.param("K4:t60.h2.h3.h4|-|t40|-", 0, "7", "7 0:t60>h1,2:t40>t43", None, True, None, id="07-seven-rest-to-partner"),
    pytest.param("K4:t59.h2.h3.h4|-|-|-", 0, "Q", "Q 0:t59>h1", None, False, None, id="08-exact-count"),
    pytest.param("K4:t5.t10.t20.t30|-|-|-", 0, "K", "K 0:n>t0", None, False, "nest-empty", id="09-king-empty-nest"),
    pytest.param("K4:h1.h2.h3.h4|-|t40|-", 0, "K", "K 2:n>t32", None, True, None, id="09-king-for-partner"),
    pytest.param("K4:t10.t15|t16|-|-", 0, "5", "5 0:t10>t15", None, True, None, id="10-self-capture-forced"),
    pytest.param("K4:t10.t15|t16|-|-", 0, "5", "5 0:t10>t15", {"self_capture_optional": "on"}, True, None,
                 id="10-self-capture-optional"),
]


def desk_post(client, url: str, **fields):
    data = {key: value for key, value in fields.items() if value is not None}
    return client.post(url, data, HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true")


def engine_position(code: str, rules: dict | None):
    raw = from_code(code).to_json()
    if rules:
        raw["rules"] = {"self_capture": "optional"}
    return raw


@pytest.mark.parametrize(("code", "seat", "card", "claim", "rules", "legal", "reason"), DISPUTES)
def test_the_ten_disputes_through_the_rules_helper(client, code, seat, card, claim, rules, legal, reason):
    fields = {"code": code, "seat": seat, "card": card, "claim": claim, "action": "judge"}
    if rules:
        fields.update(rules_set="1", jack_partner="on", jack_own_start="on", seven_partner_remainder="on",
                      seven_max_pawns="2", **rules)
    html = desk_post(client, HELPER, **fields).content.decode()
    position = engine_position(code, rules)
    expected = check(position, seat, card, claim)
    assert expected["legal"] is legal
    if reason:
        assert expected["reason"] == reason
    verdict = re.search(r'id="verdict"[^>]*data-legal="(\w+)"', html)
    assert verdict and verdict[1] == ("true" if legal else "false")
    if not legal:
        assert expected["explanation"].replace("'", "&#x27;") in html
    listed = [html_unescape(m) for m in re.findall(r'<li class="list-group-item[^"]*" data-move="([^"]+)"', html)]
    assert listed == [m["move"] for m in moves(position, seat, card)["moves"]]
    may_fold = "may fold instead" in html
    assert may_fold is (rules is not None)


def test_the_director_desk_uses_the_tournament_house_rules(director_client, tournament):
    tournament.game_rules = {"self_capture": "optional"}
    tournament.save()
    url = f"/director/t/{tournament.slug}/disputes/"
    html = desk_post(director_client, url, code="K4:t10.t15|t16|-|-", seat=0, card="5").content.decode()
    assert "may fold instead" in html
    # A public visitor cannot switch the tournament's rules off: the director desk has no toggles.
    assert 'name="self_capture_optional"' not in html
    tournament.game_rules = {"self_capture": "forced"}
    tournament.save()
    html = desk_post(director_client, url, code="K4:t10.t15|t16|-|-", seat=0, card="5").content.decode()
    assert "may fold instead" not in html


def test_the_desk_answers_in_dutch(client):
    page = client.post(HELPER, {"code": "K4:t0.t2|-|-|-", "seat": 0, "card": "4", "claim": "4 0:t2>t62",
                                "action": "judge"}, HTTP_ACCEPT_LANGUAGE="nl", HTTP_HX_REQUEST="true")
    html = page.content.decode()
    position = from_code("K4:t0.t2|-|-|-").to_json()
    assert check(position, 0, "4", "4 0:t2>t62")["explanation_nl"] in html
    assert "Niet toegestaan" in html


@pytest.mark.parametrize(("text", "message"), [
    ("K4:t1.t2.t3.t4.t5|-|-|-", "red has 5 pawns; every colour has 4."),
    ('{"players": 4, "pawns": [["t1","t2","t3","t4","n"], ["n","n","n","n"], ["n","n","n","n"], ["n","n","n","n"]]}',
     "red has 5 pawns; every colour has 4."),
    ("K4:t7|t7|-|-", "Two pawns on t7 (red and blue): a hole holds one pawn."),
    ("K4:h2.h2|-|-|-", "red has two pawns on h2."),
    ("K4:t64|-|-|-", "“t64” is not a hole of a board for 4 players"),
    ("K5:-|-|-|-|-", "A board has 2, 4, 6 or 8 players, not 5."),
    ("K4:t1|-|-", "3 colours are written for a board of 4 players."),
    ("hello", "A position code starts with K"),
    ('{"players": 4', "The position JSON cannot be read"),
])
def test_bad_positions_get_a_clear_message_and_no_crash(client, text, message):
    page = desk_post(client, HELPER, code="K4:t3|-|-|-", paste=text, action="load")
    assert page.status_code == 422
    html = page.content.decode()
    assert 'id="desk-errors"' in html and message.replace("'", "&#x27;") in html.replace("&quot;", '"')
    assert "K4:t3|-|-|-" in html  # the position on the board stays as it was


def test_tapping_sets_up_a_position(client):
    html = desk_post(client, HELPER, code="K4:-|-|-|-", colour=1, action="tap", tap="t17").content.decode()
    assert "K4:-|t17|-|-" in html
    html = desk_post(client, HELPER, code="K4:-|t17|-|-", colour=0, action="tap", tap="t17").content.decode()
    assert "K4:t17|-|-|-" in html  # red takes the hole, blue goes back to its nest
    html = desk_post(client, HELPER, code="K4:t17|-|-|-", colour=0, action="tap", tap="t17").content.decode()
    assert "K4:-|-|-|-" in html
    html = desk_post(client, HELPER, code="K4:-|-|-|-", colour=0, action="tap", tap="h3", tap_colour=2).content.decode()
    assert "K4:-|-|h3|-" in html  # a home hole belongs to its colour
    full = desk_post(client, HELPER, code="K4:t1.t2.t3.t4|-|-|-", colour=0, action="tap", tap="t9").content.decode()
    assert "All 4 pawns of red are on the board" in full


def test_tapping_a_claim(client):
    html = desk_post(client, HELPER, code="K4:t0.t2|-|-|-", mode="claim", card="4", seat=0,
                     taps="t2", action="tap", tap="t62").content.decode()
    assert 'value="4 0:t2&gt;t62"' in html and 'data-legal="false"' in html


def test_without_a_card_the_desk_asks_for_one(client):
    html = client.get(HELPER, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="pick-card"' in html and "<svg" in html


# --------------------------------------------------------------------------- rulings


@pytest.fixture
def running(tournament, published_round):
    return published_round(tournament, 8)


def test_rulings_are_saved_with_the_table_listed_printed_and_shown(director_client, client, tournament, running):
    table = running.tables.get(number=3)
    url = f"/director/t/{tournament.slug}/disputes/"
    response = director_client.post(url, {
        "code": "K4:t0.t2|-|-|-", "seat": 0, "card": "4", "claim": "4 0:t2>t62", "action": "save",
        "table": table.pk, "note": "Asked by table 3 at 14:10.",
    }, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert ruling.table == table and ruling.verdict["legal"] is False and ruling.verdict["reason"] == "blocked-start"
    assert ruling.created_by is not None and ruling.code == "K4:t0.t2|-|-|-"

    listing = director_client.get(f"/director/t/{tournament.slug}/rulings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Round 1 · table 3" in listing and "Asked by table 3" in listing and "R11" in listing

    pdf = director_client.get(f"/director/t/{tournament.slug}/rulings.pdf", HTTP_ACCEPT_LANGUAGE="en")
    assert pdf["Content-Type"] == "application/pdf"
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf.content)).pages)
    text = re.sub(r"\s+", " ", text)
    assert "not allowed" in text and "R11" in text and "Asked by table 3" in text

    page = client.get(f"/t/{tournament.slug}/rounds/1/tables/3/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Asked by table 3" in page and "R11" in page


def test_a_ruling_without_a_card_is_refused(director_client, tournament, running):
    page = desk_post(director_client, f"/director/t/{tournament.slug}/disputes/", code="K4:t2|-|-|-", action="save")
    assert "Pick the card before saving the ruling." in page.content.decode()
    assert not Ruling.objects.exists()


def test_save_ruling_refuses_a_table_of_another_tournament(tournament, running, director):
    from tournaments.models import Table, Tournament
    other = Tournament.objects.create(name="Other", slug="other", date=tournament.date)
    with translation.override("en"), pytest.raises(disputes.SetupError):
        disputes.save_ruling(other, Table.objects.first(), from_code("K4:t2|-|-|-"), "K4:t2|-|-|-", 0, "4", "",
                             "", director)
