"""The Klaverjassen rules helper (issue 18, item 6): trump, the trick so far and the hand tapped on a
phone, every hand card allowed or not with its sentence in English or Dutch under the house rules
(ticked on the public page, the tournament's on the director's); every bad question refused with a
message and 422, never a 500; a ruling kept with a table of a Klaverjassen tournament, listed,
printed, shown on the table's public page in players' words, and carried by the tournament file."""

from __future__ import annotations

import datetime
import io
import json
import re
from html import unescape

import pypdf
import pytest
from django.test import Client
from django.urls import reverse

import klaverjas
from tests import test_hostile_input as hostile
from tests.test_tournament_file import run, same_day, write
from tournaments.models import Ruling, Tournament
from tournaments.services import card_rulings
from tournaments.services.card_rules import Question

HELPER = "/rules/klaverjas/"


def ask(client, url=HELPER, language="en", htmx=False, method="get", **fields):
    extra = {"HTTP_ACCEPT_LANGUAGE": language}
    if htmx:
        extra["HTTP_HX_REQUEST"] = "true"
    return getattr(client, method)(url, fields, **extra)


def verdicts(html: str) -> dict[str, tuple[bool, str]]:
    """The answer on the page: per hand card, allowed or not, and its sentence."""
    found = re.findall(r'data-card="([^"]+)" data-legal="(true|false)" data-reason="[^"]*">.*?'
                       r'<div class="small">(.*?)</div>', html, re.S)
    return {card: (legal == "true", unescape(sentence)) for card, legal, sentence in found}


def errors(html: str) -> str:
    block = re.search(r'id="card-rules-errors"[^>]*>(.*?)</div>\s*\n', html, re.S)
    assert block, "no refusal shown"
    return unescape(re.sub(r"<[^>]+>", " ", block[1]))


# --------------------------------------------------------------------------- the public helper


def test_the_helper_answers_in_english(client):
    page = ask(client, trump="H", trick="7S,AS", hand="JH,10S,8C,KD")
    assert page.status_code == 200
    answer = verdicts(page.content.decode())
    assert answer == {
        "JH": (False, "You hold spades: follow suit (not the jack of hearts)."),
        "10S": (True, "You follow suit: spades were led."),
        "8C": (False, "You hold spades: follow suit (not the eight of clubs)."),
        "KD": (False, "You hold spades: follow suit (not the king of diamonds)."),
    }
    expected = klaverjas.explain_hand("H", ["7S", "AS"], ["JH", "10S", "8C", "KD"], lang="en")
    assert [(verdict.legal, verdict.sentence) for verdict in expected] == list(answer.values())


def test_the_helper_answers_in_dutch(client):
    page = ask(client, language="nl", trump="H", trick="7S,9H", hand="JH,8H,KC")
    assert page.status_code == 200
    answer = verdicts(page.content.decode())
    assert answer["JH"] == (True, "De hartenboer is hoger dan de hartennegen: je overtroeft, zoals de regels vragen.")
    assert answer["8H"][0] is False and answer["8H"][1].startswith(
        "Een tegenstander heeft getroefd met de hartennegen: overtroeven met de hartenboer")
    assert 'for="trump-H"><span aria-hidden="true">♥</span> Harten</label>' in page.content.decode()


def test_an_opponent_trumped_overtrump_with_the_jack(client):
    answer = verdicts(ask(client, trump="H", trick="7S,9H", hand="JH,8H,KC").content.decode())
    assert answer["8H"] == (False, "An opponent trumped with the nine of hearts: overtrump with the jack of hearts, "
                                   "not the eight of hearts.")
    assert answer["KC"][0] is False and answer["JH"][0] is True


def test_the_leader_may_play_anything_and_the_page_starts_empty(client):
    empty = ask(client)
    assert empty.status_code == 200 and 'id="still-missing"' in empty.content.decode()
    assert "Choose trump." in empty.content.decode()
    answer = verdicts(ask(client, trump="C", hand="7S,JC").content.decode())
    assert answer == {"7S": (True, "You lead: any card may be led."), "JC": (True, "You lead: any card may be led.")}


def test_house_rules_ticked_on_the_public_page(client):
    # The partner (two cards before) is winning with the ace of spades; the player has no spades.
    question = {"trump": "H", "trick": "AS,7S", "hand": "8H,KC"}
    amsterdam = verdicts(ask(client, **question).content.decode())
    assert amsterdam["KC"] == (True, "Your partner is winning the trick: you need not trump, any card may be played.")
    rotterdam = verdicts(ask(client, **question, rules_set="1", trump_lead_overtrump="on",
                             undertrump="free").content.decode())
    assert rotterdam["KC"][0] is False and "Rotterdam" in rotterdam["KC"][1]
    assert rotterdam["8H"][0] is True


def test_tapping_builds_the_trick_in_order_then_the_hand(client):
    page = ask(client, method="post", htmx=True, trump="S", tap="KD")
    html = page.content.decode()
    assert page.status_code == 200 and 'name="trick" value="KD"' in html
    assert page["HX-Replace-Url"] == f"{HELPER}?trump=S&trick=KD"
    html = ask(client, method="post", htmx=True, trump="S", trick="KD", tap="AD").content.decode()
    html = ask(client, method="post", htmx=True, trump="S", trick="KD,AD", tap="7S").content.decode()
    assert 'name="trick" value="KD,AD,7S"' in html
    assert 'id="into-hand" value="hand" checked' in html  # the trick is full: taps go to the hand now
    page = ask(client, method="post", htmx=True, trump="S", trick="KD,AD,7S", into="hand", tap="8S")
    assert page.status_code == 200 and verdicts(page.content.decode())["8S"][0] is True
    # Tapped again, a card goes out; tapped into the hand, a trick card moves over.
    html = ask(client, method="post", htmx=True, trump="S", trick="KD,AD,7S", hand="8S", into="hand",
               tap="8S").content.decode()
    assert 'name="hand" value=""' in html
    html = ask(client, method="post", htmx=True, trump="S", trick="KD,AD,7S", into="hand", tap="AD").content.decode()
    assert 'name="trick" value="KD,7S"' in html and 'name="hand" value="AD"' in html


def test_a_plain_post_without_javascript_is_answered_at_its_address(client):
    page = ask(client, method="post", trump="S", trick="KD", into="hand", tap="QD")
    assert page.status_code == 303 and page["Location"] == f"{HELPER}?trump=S&trick=KD&hand=QD&into=hand"
    still = ask(client, method="post", trick="KD", into="hand", tap="QD")  # no trump yet: shown, not refused
    assert still.status_code == 200 and "Choose trump." in still.content.decode()


@pytest.mark.parametrize(("fields", "message"), [
    ({"action": "ask"}, "Choose trump. Tap the cards of the player's hand (1 to 8)."),
    ({"action": "ask", "trump": "H"}, "Tap the cards of the player's hand (1 to 8)."),
    ({"trump": "X", "hand": "JH"}, '"X" is not a suit: choose spades, hearts, diamonds or clubs as trump.'),
    ({"trump": "H", "trick": "7S,7S", "hand": "JH"}, "The seven of spades is in the trick so far twice"),
    ({"trump": "H", "hand": "JH,JH"}, "The jack of hearts is in the hand twice"),
    ({"trump": "H", "trick": "7S", "hand": "7S,JH"}, "The seven of spades is in the trick and in the hand"),
    ({"trump": "H", "trick": "7S,8S,9S,10S", "hand": "JH"}, "The trick so far holds at most 3 cards, not 4"),
    ({"trump": "H", "hand": "7S,8S,9S,10S,JS,QS,KS,AS,7H"}, "A hand holds at most 8 cards, not 9."),
    ({"trump": "H", "hand": "1H"}, '"1H" is not a card: write the rank (7 8 9 10 J Q K A) and the suit (S H D C)'),
    ({"trump": "H", "hand": "jh"}, '"jh" is not a card'),
    ({"trump": "H", "hand": ",".join(["7S"] * 40)}, "The hand lists 40 cards; the deck has 32."),
    ({"trump": "H", "hand": "JH", "card": "8H"}, "The card in dispute, the eight of hearts, is not in the hand."),
    ({"trump": "H", "hand": "JH", "tap": "ZZ"}, '"ZZ" is not a card of the deck.'),
    ({"trump": "H", "trick": "7S,8S,9S", "into": "trick", "tap": "10S"},
     "The trick so far already holds 3 cards: tap one of them to take it off"),
    ({"trump": "H", "hand": "7S,8S,9S,10S,JS,QS,KS,AS", "into": "hand", "tap": "7H"},
     "The hand already holds 8 cards"),
])
@pytest.mark.parametrize("method", ["get", "post"])
def test_every_bad_question_is_refused_with_a_message(client, fields, message, method):
    page = ask(client, method=method, htmx=method == "post", **fields)
    assert page.status_code == 422
    assert message in re.sub(r"\s+", " ", errors(page.content.decode()))


def test_a_hand_without_trump_is_refused_when_asked_and_hinted_at_while_tapping(client):
    linked = ask(client, hand="JH")  # a link, a reload: the question is asked
    assert linked.status_code == 422 and "Choose trump." in errors(linked.content.decode())
    tapping = ask(client, method="post", htmx=True, hand="JH", into="hand", tap="9H")
    html = tapping.content.decode()
    assert tapping.status_code == 200 and 'id="card-rules-errors"' not in html
    assert 'id="still-missing"' in html and "Choose trump." in html and 'name="hand" value="JH,9H"' in html


def test_hostile_values_are_refused_not_a_server_error():
    client = Client(raise_request_exception=False)
    for value in hostile.HOSTILE.values():
        for name in ("trump", "trick", "hand", "card", "tap", "into", "action", "undertrump"):
            for method in ("get", "post"):
                page = getattr(client, method)(HELPER, {"trump": "H", "hand": "JH", name: value})
                assert page.status_code < 500, (name, value)


# --------------------------------------------------------------------------- the director's helper and rulings


@pytest.fixture
def drive(db) -> Tournament:
    """A Klaverjassen drive playing Rotterdam: trump even when the partner wins."""
    return Tournament.objects.create(name="Klaverjasdrive", slug="drive", date=datetime.date(2026, 11, 27),
                                     scoring_system="klaverjas", deals=4, seed=7,
                                     game_rules={"partner_winning_free": False})


@pytest.fixture
def running(drive, published_round):
    return published_round(drive, 4)


def director_url(tournament) -> str:
    return reverse("director:card_rules", args=[tournament.slug])


def test_the_director_helper_uses_the_tournament_house_rules(director_client, drive):
    html = ask(director_client, director_url(drive), trump="H", trick="AS,7S", hand="8H,KC").content.decode()
    assert verdicts(html)["KC"][0] is False  # Rotterdam
    assert 'name="partner_winning_free"' not in html  # the tournament's rules cannot be switched off here
    assert "You trump and overtrump even when your partner wins the trick (Rotterdam)." in html


def test_the_game_picks_the_page(director_client, drive, running, tournament):
    table = running.tables.get(number=1)
    to_cards = director_client.get(reverse("director:dispute_desk", args=[drive.slug]) + f"?table={table.pk}")
    assert to_cards.status_code == 302 and to_cards["Location"] == f"{director_url(drive)}?table={table.pk}"
    to_desk = director_client.get(director_url(tournament))
    assert to_desk.status_code == 302
    assert to_desk["Location"] == reverse("director:dispute_desk", args=[tournament.slug])
    page = director_client.get(reverse("director:round_detail", args=[drive.slug, 1])).content.decode()
    assert f'href="{director_url(drive)}?table={table.pk}"' in page  # the table's "Dispute" link
    assert f'href="{director_url(drive)}"' in page  # the tournament's tab
    helper = director_client.get(f"{director_url(drive)}?table={table.pk}").content.decode()
    assert f'<option value="{table.pk}" selected>' in helper


def save_ruling(client, drive, table, **fields):
    return client.post(director_url(drive), {
        "trump": "H", "trick": "7S,AS", "hand": "JH,10S,8C", "card": "JH", "table": table.pk,
        "note": "Asked by table 1 at 20:40.", "action": "save", **fields}, HTTP_ACCEPT_LANGUAGE="en")


def test_a_ruling_is_kept_with_the_table_listed_printed_and_shown(director_client, client, drive, running):
    table = running.tables.get(number=1)
    response = save_ruling(director_client, drive, table)
    assert response.status_code == 302 and response["Location"] == reverse("director:rulings", args=[drive.slug])
    ruling = Ruling.objects.get()
    assert ruling.table == table and ruling.game == "klaverjas" and ruling.card == "JH" and ruling.seat == 2
    assert ruling.code == "KJ:H|7S.AS|JH.10S.8C" and ruling.claim == "" and ruling.created_by is not None
    assert ruling.position == {"game": "klaverjas", "trump": "H", "trick": ["7S", "AS"], "hand": ["JH", "10S", "8C"],
                               "card": "JH", "rules": {**klaverjas.DEFAULTS.as_json(), "partner_winning_free": False}}
    assert ruling.verdict["legal"] is False and ruling.verdict["reason"] == "follow-suit"
    assert ruling.verdict["explanation"] == "You hold spades: follow suit (not the jack of hearts)."
    assert ruling.verdict["explanation_nl"] == "Je hebt schoppen: kleur bekennen (niet de hartenboer)."
    assert [(entry["card"], entry["legal"]) for entry in ruling.verdict["cards"]] == [
        ("JH", False), ("10S", True), ("8C", False)]

    listing = unescape(director_client.get(reverse("director:rulings", args=[drive.slug]),
                                           HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "Round 1 · table 1" in listing and "Asked by table 1" in listing
    assert "Card JH in dispute, trump H." in listing and "KJ:H|7S.AS|JH.10S.8C" in listing
    assert "You hold spades: follow suit (not the jack of hearts)." in listing
    assert "legal move" not in listing and "seat 2 to play" not in listing  # none of Keezen's words
    dutch = unescape(director_client.get(reverse("director:rulings", args=[drive.slug]),
                                         HTTP_ACCEPT_LANGUAGE="nl").content.decode())
    assert "Je hebt schoppen: kleur bekennen (niet de hartenboer)." in dutch

    pdf = director_client.get(reverse("director:rulings_pdf", args=[drive.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf.content)).pages))
    assert "follow suit (not the jack of hearts)" in text and "KJ:H|7S.AS|JH.10S.8C" in text
    assert "Asked by table 1" in text

    url = reverse("public:table", args=[drive.slug, 1, 1])
    for language, words in (("en", ["Trump: hearts.", "Played to the trick: the seven of spades, the ace of spades.",
                                    "In the hand: the jack of hearts, the ten of spades, the eight of clubs.",
                                    "The jack of hearts: Not allowed.", "You hold spades: follow suit",
                                    "Allowed in this hand: the ten of spades."]),
                            ("nl", [": harten.", ": de schoppenzeven, de schoppenaas.",
                                    ": de hartenboer, de schoppentien, de klaverenacht.",
                                    "De hartenboer: Niet toegestaan.",
                                    "Je hebt schoppen: kleur bekennen (niet de hartenboer).", ": de schoppentien."])):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200
        shown = unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", "".join(
            re.findall(r'<div class="ruling card.*?</div></div>', page.content.decode(), re.S)))))
        for word in words:
            assert word in shown, f"{word!r} missing ({language}): {shown}"
        assert "KJ:" not in shown and "JH" not in shown and "follow-suit" not in shown  # no codes for players


def test_the_helper_with_htmx_keeps_the_ruling_on_the_page(director_client, drive, running):
    table = running.tables.get(number=2)
    page = director_client.post(director_url(drive), {
        "trump": "D", "trick": "", "hand": "10D", "card": "10D", "table": table.pk, "action": "save"},
        HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true")
    assert page.status_code == 200 and "Ruling saved with round 1, table 2." in page.content.decode()
    assert Ruling.objects.get().card == "10D" and Ruling.objects.get().seat == 0


@pytest.mark.parametrize(("fields", "message"), [
    ({"card": ""}, "Choose the card in dispute before saving the ruling."),
    ({"trump": ""}, "Choose trump."),
    ({"hand": "", "card": ""}, "Tap the cards of the player's hand (1 to 8)."),
    ({"hand": "JH,JH"}, "The jack of hearts is in the hand twice"),
    ({"note": "x" * 10_001}, "The note is 10001 characters long"),
])
def test_a_ruling_that_cannot_be_kept_is_refused_and_nothing_is_saved(director_client, drive, running, fields,
                                                                       message):
    page = save_ruling(director_client, drive, running.tables.get(number=1), **fields)
    assert page.status_code == 422 and message in errors(page.content.decode())
    assert not Ruling.objects.exists()


def test_a_ruling_for_a_table_of_another_tournament_is_refused(director_client, drive, running, tournament,
                                                                published_round):
    other = published_round(tournament, 4).tables.first()
    page = save_ruling(director_client, drive, other)
    assert page.status_code == 422 and "That table is not in this tournament." in errors(page.content.decode())
    assert not Ruling.objects.exists()


def test_a_keezen_tournament_keeps_no_card_ruling(tournament, director):
    question = Question(rules=klaverjas.DEFAULTS, trump="H", hand=["JH"], card="JH")
    with pytest.raises(card_rulings.RulingRefused):
        card_rulings.save_card_ruling(tournament, None, question, "", director)


def test_a_hand_edited_card_ruling_is_shown_without_a_server_error(director_client, client, drive, running):
    table = running.tables.get(number=1)
    save_ruling(director_client, drive, table)
    Ruling.objects.update(position={"game": "klaverjas", "trump": 7, "trick": "7S", "hand": [["JH"], None]},
                          verdict={"legal": "yes", "cards": "JH"})
    assert director_client.get(reverse("director:rulings", args=[drive.slug])).status_code == 200
    assert director_client.get(reverse("director:rulings_pdf", args=[drive.slug])).status_code == 200
    page = client.get(reverse("public:table", args=[drive.slug, 1, 1]), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and "The jack of hearts." in unescape(page.content.decode())


def test_the_tournament_file_carries_a_card_ruling(director_client, drive, running, tmp_path):
    save_ruling(director_client, drive, running.tables.get(number=1), card="10S")
    first = json.loads(run("export_tournament", drive.slug))
    assert first["game"] == "klaverjas"
    assert first["rulings"][0] | {"at": None} == {
        "at": None, "by": "director", "round": 1, "table": 1, "code": "KJ:H|7S.AS|JH.10S.8C", "seat": 2,
        "card": "10S", "claim": "", "note": "Asked by table 1 at 20:40.",
        "position": {"card": "10S", "game": "klaverjas", "hand": ["JH", "10S", "8C"],
                     "rules": dict(sorted({**klaverjas.DEFAULTS.as_json(), "partner_winning_free": False}.items())),
                     "trick": ["7S", "AS"], "trump": "H"},
        "verdict": first["rulings"][0]["verdict"]}
    assert first["rulings"][0]["verdict"]["legal"] is True
    Tournament.objects.get(slug=drive.slug).delete()  # another laptop
    assert run("import_tournament", write(tmp_path, first, "drive.json")).strip() == drive.slug
    again = Ruling.objects.get()
    assert again.game == "klaverjas" and again.card == "10S" and again.table.number == 1
    assert same_day(json.loads(run("export_tournament", drive.slug))) == same_day(first)


# --------------------------------------------------------------------------- hostile input to the director's page


@pytest.mark.parametrize("name", ["director:card_rules", "director:card_deal"])
def test_the_hostile_sweep_on_a_klaverjassen_tournament(name, drive, running, monkeypatch, settings):
    """tests/test_hostile_input.py's sweep, on a Klaverjassen drive (the busy day it uses plays
    Keezen, where the director's page is only a redirect to the dispute desk). The public helper
    (``public:card_rules``) is of no tournament: tests/test_hostile_input.py sweeps the same page."""
    monkeypatch.setattr(hostile, "kwargs_for", lambda pattern, day, name="": {
        key: {"slug": day.slug}[key] for key in pattern.pattern.converters})
    hostile.note_query_names(settings)  # the query names each page reads
    from django.contrib.auth import get_user_model

    from tournaments.permissions import directors_group

    user = get_user_model().objects.create_user("fuzz-director", password="x")
    user.groups.add(directors_group())
    director = Client(raise_request_exception=False)
    director.force_login(user)
    pattern = dict(hostile.SITE)[name]
    failures = []
    clients = [director, Client(raise_request_exception=False)] if name.startswith("director:") else \
        [Client(raise_request_exception=False)]
    for each in clients:
        sweep = hostile.Sweep(each)
        hostile.sweep_pattern(sweep, name, pattern, drive, each_field=each is clients[0])
        failures += sweep.failures
    assert not failures, "\n".join(failures[:40])
