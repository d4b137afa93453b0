"""Rulings on the public table page in players' words (issue 16, item 15): colours and card names
(rood, boer, vrouw, heer / red, jack, queen, king), holes as places on the board — no position
code, no seat number, no engine letter or hole name. The director's pages keep the codes."""

from __future__ import annotations

import re
from html import unescape

import pytest

from engine.code import from_code
from tournaments.models import Ruling
from tournaments.services import disputes

# (position code, seat, card, claim): an illegal jack, a legal queen, a king without a claim.
RULINGS = [
    ("K4:t5|t16|-|-", 0, "J", "J 0:t5<>1:t16"),
    ("K4:t3|-|-|-", 0, "Q", "Q 0:t3>t15"),
    ("K4:-|-|-|-", 1, "K", ""),
]
JARGON = [
    (r"K\d:", "a position code"),
    (r"(?<![\w-])[JQK](?![\w-])", "a card letter"),
    (r"(?<![\w-])[th]\d+(?![\w-])", "a hole's name"),
    (r"\(\d\)", "a seat number in brackets"),
    (r"(?i)\bseat\b|\bstoel\b", "a seat"),
    (r"\d:[th]\d", "move notation"),
]
WORDS = {
    "en": ["Red", "red", "Blue", "blue", "jack", "queen", "king", "start hole", "Not allowed. R11: the pawn of blue", "Legal."],
    "nl": ["Rood", "rood", "Blauw", "blauw", "boer", "vrouw", "heer", "beginpositie", "R11"],
}


@pytest.fixture
def table(tournament, published_round, director):
    round_ = published_round(tournament, 8)
    table = round_.tables.get(number=2)
    for code, seat, card, claim in RULINGS:
        disputes.save_ruling(tournament, table, from_code(code), code, seat, card, claim, "Asked at 14:10", director)
    return table


def rulings_shown(html: str) -> str:
    """The text of the page's rulings, tags dropped."""
    blocks = re.findall(r'<div class="ruling card.*?</div></div>', html, re.S)
    assert len(blocks) == len(RULINGS)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", " ".join(blocks))))


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_public_table_page_shows_rulings_in_players_words(client, tournament, table, language):
    page = client.get(f"/t/{tournament.slug}/rounds/1/tables/{table.number}/", HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    text = rulings_shown(page.content.decode())
    for pattern, what in JARGON:
        assert not re.search(pattern, text), f"{what} on the public page: {text}"
    for word in WORDS[language]:
        assert word in text, f"{word!r} missing: {text}"
    assert "Asked at 14:10" in text  # the director's note, as before


def test_the_words_follow_the_page_language(client, tournament, table):
    url = f"/t/{tournament.slug}/rounds/1/tables/{table.number}/"
    english = rulings_shown(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    dutch = rulings_shown(client.get(url, HTTP_ACCEPT_LANGUAGE="nl").content.decode())
    assert "swaps its pawn on the 5th hole after red's start with blue's pawn on blue's start hole" in english
    assert "ruilt zijn pion op het 5e vakje na de beginpositie van rood met de pion van blauw op de beginpositie van blauw" \
        in dutch
    assert "places a pawn on its start hole" in english and "zet een pion op de beginpositie" in dutch


def test_the_director_keeps_the_codes(director_client, tournament, table):
    listing = director_client.get(f"/director/t/{tournament.slug}/rulings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    listing = unescape(listing)
    assert "K4:t5|t16|-|-" in listing and "J 0:t5<>1:t16" in listing and "Card J, seat 0 to play." in listing


def test_a_ruling_the_engine_cannot_read_is_still_shown_without_a_server_error(client, tournament, table):
    Ruling.objects.filter(card="J").update(position={"players": 5}, claim="J nonsense")
    page = client.get(f"/t/{tournament.slug}/rounds/1/tables/{table.number}/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    text = rulings_shown(page.content.decode())
    assert "Red is to play, with a jack." in text and "Not allowed (R11)." in text


def test_a_verdict_of_the_wrong_kind_is_no_server_error(client, tournament, table):
    """A hand-edited tournament file may hold a verdict that is not an object."""
    Ruling.objects.update(verdict=["not", "an", "object"])
    page = client.get(f"/t/{tournament.slug}/rounds/1/tables/{table.number}/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and "Red is to play" in rulings_shown(page.content.decode())
