"""The "not your pawn" explanation (issue 16, item 16) names the partner only when the player has
one: not at a two-player board, nor with teams of one. The reason code stays ``not-own-pawn``
(engine-cli.md); only the sentence changes."""

from __future__ import annotations

import re

import pytest

from engine.api import check
from tests.test_dispute_board import desk, verdict

ALONE = [
    pytest.param({"players": 2, "pawns": [["t10", "n", "n", "n"], ["t20", "n", "n", "n"]]}, "5", "5 1:t20>t25",
                 id="two-players"),
    pytest.param({"players": 4, "pawns": [["t10", "n", "n", "n"], ["n"] * 4, ["t40", "n", "n", "n"], ["n"] * 4],
                  "teams": [[0], [1], [2], [3]]}, "5", "5 2:t40>t45", id="teams-of-one"),
    pytest.param({"players": 2, "pawns": [["t10", "n", "n", "n"], ["t20", "n", "n", "n"]]}, "J", "J 1:t20<>0:t10",
                 id="two-players-jack"),
]


@pytest.mark.parametrize(("position", "card", "move"), ALONE)
def test_a_player_without_a_partner_hears_no_partner_clause(position, card, move):
    answer = check(position, 0, card, move)
    assert answer["legal"] is False and answer["reason"] == "not-own-pawn"
    assert "partner" not in answer["explanation"] and "partner" not in answer["explanation_nl"]
    assert "a player moves only their own pawns" in answer["explanation"]
    assert "een speler zet alleen zijn eigen pionnen" in answer["explanation_nl"]


def test_a_player_with_a_partner_still_hears_when_the_partners_pawns_may_move():
    position = {"players": 4, "pawns": [["t10", "n", "n", "n"], ["n"] * 4, ["t40", "n", "n", "n"], ["n"] * 4]}
    answer = check(position, 0, "5", "5 2:t40>t45")
    assert answer["reason"] == "not-own-pawn"
    assert "the partner's only once all their own are home" in answer["explanation"]
    assert "die van de partner pas als al zijn eigen pionnen thuis staan" in answer["explanation_nl"]


def test_the_rules_helper_says_it_without_a_partner_on_a_two_player_board(client):
    html = desk(client, code="K2:t10|t20", seat=0, card="5", claim="5 1:t20>t25", action="judge").content.decode()
    assert verdict(html) == "false"
    shown = re.search(r'id="verdict".*?</div>', html, re.S)[0]
    assert "a player moves only their own pawns" in shown and "partner" not in shown
