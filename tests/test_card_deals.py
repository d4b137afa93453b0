"""A whole Klaverjassen deal in dispute on the director's page (services/card_deals.py): the tricks
typed as played, replayed under the tournament's house rules; the first card against the rules with
its reason in words; typed cards either way round; what cannot be a deal refused (422), named."""

from __future__ import annotations

import pytest

from tests.test_klaverjas_card import drive  # noqa: F401 - a fixture
from tournaments.services.card_deals import card_of

pytestmark = pytest.mark.usefixtures("english")


def url(tournament) -> str:
    return f"/director/t/{tournament.slug}/card-rules/deal/"


def test_cards_typed_either_way_round():
    from klaverjas.cards import CARDS

    assert [CARDS[card_of(token)] for token in ("H7", "ha", "S10", "7h", "10s", "TC", "Ad")] == [
        "7H", "AH", "10S", "7H", "10S", "10C", "AD"]
    assert card_of("H11") is None and card_of("X7") is None


def test_a_revoke_shown_by_a_later_card(director_client, drive):  # noqa: F811
    assert director_client.get(url(drive), HTTP_ACCEPT_LANGUAGE="en").status_code == 200
    page = director_client.post(url(drive), {"trump": "H", "leader": "0", "tricks": "SA C7 S7 S8\nSK S10 D8 S9"},
                                HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-testid="deal-breach" data-trick="1" data-seat="2"' in html
    assert "trick 1, seat 2 (team B) played 7C" in html and "follow suit" in html.lower()


def test_a_clean_deal_and_one_that_needs_the_hands(director_client, drive):  # noqa: F811
    html = director_client.post(url(drive), {"trump": "H", "leader": "0", "tricks": "SA C7 S7 S8"},
                                HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="deal-clean"' in html and 'data-testid="deal-possible"' in html
    hands = {"hand_0": "SA SK H7 H8 H9 D7 D8 D9", "hand_1": "C7 S10 C8 C9 C10 CJ CQ CK",
             "hand_2": "S7 H10 HJ HQ HK HA D10 DJ", "hand_3": "S8 S9 SJ SQ CA DQ DK DA"}
    html = director_client.post(url(drive), {"trump": "H", "leader": "0", "tricks": "SA C7 S7 S8", **hands},
                                HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="deal-breach" data-trick="1" data-seat="2"' in html


@pytest.mark.parametrize("fields, message", [
    ({"tricks": "SA C7 S7 S8\nSA SK SQ SJ"}, "AS is played twice"),
    ({"tricks": "SA C7 XX S8"}, "“XX” is not a card"),
    ({"tricks": ""}, "Type the tricks as played"),
    ({"tricks": "SA C7 S7 S8", "trump": "Z"}, "Choose the trump suit"),
    ({"tricks": "SA C7 S7 S8", "leader": "9"}, "Choose who led the first trick"),
    ({"tricks": "SA C7 S7\nSK"}, "trick 1 has 3 cards"),
])
def test_what_cannot_be_a_deal_is_refused(director_client, drive, fields, message):  # noqa: F811
    page = director_client.post(url(drive), {"trump": "H", "leader": "0", **fields}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 422 and message in page.content.decode()


def test_a_keezen_tournament_goes_to_its_own_desk(director_client, tournament):
    response = director_client.get(url(tournament))
    assert response.status_code == 302 and "/disputes/" in response["Location"]
