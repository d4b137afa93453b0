"""The simulator: decks, deals, dealer rotation, turns, folds, team play and the end of a game."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.api import can_fold, playable_cards
from engine.game import DEAL_SIZES, Game, new_deck, simulate


@pytest.mark.parametrize("players, size", [(2, 26), (4, 52), (6, 78), (8, 104)])
def test_deck_has_13_cards_per_player(players, size):
    deck = new_deck(players)
    assert len(deck) == size
    assert set(Counter(deck).values()) == {players}


def test_deals_of_5_4_4_then_the_next_dealer():
    """At the first turn of every deal all hands are full; deck rounds start with 5 cards, and the
    dealer moves one seat left each deck round; the seat left of the dealer starts (R19)."""
    assert DEAL_SIZES == (5, 4, 4)
    game = Game(players=4, seed=3)
    deals = []  # (cards per hand, dealer, seat that starts)
    play_turn = game._turn

    def watching(seat):
        sizes = {len(hand) for hand in game.hands}
        if len(sizes) == 1 and sizes.pop() in (5, 4) and sum(map(len, game.hands)) in (20, 16):
            deals.append((len(game.hands[0]), game.dealer, seat))
        return play_turn(seat)

    game._turn = watching
    game.play()
    rounds = [deal for deal in deals if deal[0] == 5]
    assert len(rounds) >= 2
    assert all((b[1] - a[1]) % 4 == 1 for a, b in zip(rounds, rounds[1:]))
    assert all(seat == (dealer + 1) % 4 for _size, dealer, seat in deals)


def test_game_ends_when_a_team_is_home_and_records_arrivals():
    record = simulate(4, seed=11)
    assert record.winner in ([0, 2], [1, 3])
    counts = Counter(record.arrivals)
    assert all(counts[seat] == 4 for seat in record.winner)
    assert all(count <= 4 for count in counts.values())


def test_two_players_play_alone():
    record = simulate(2, seed=4)
    assert record.winner in ([0], [1])


def test_turn_limit_stands_in_for_the_clock():
    record = simulate(4, seed=2, max_turns=25)
    assert record.turns == 25 and record.winner is None


def test_greedy_beats_random_more_often_than_not():
    wins = 0
    for seed in range(30):
        record = simulate(4, seed=seed, player_kinds=["greedy", "random", "greedy", "random"])
        wins += record.winner == [0, 2]
    assert wins >= 20


def test_folds_are_recorded_when_nothing_can_be_played():
    record = simulate(4, seed=1)
    assert any(move.endswith("fold") for move in record.moves)
    assert record.moves[0].split()[0] in {"0", "1", "2", "3"}


def test_team_play_moves_the_partners_pawns_in_a_real_game():
    """Some seat finishes its own pawns and then moves its partner's (R20)."""
    for seed in range(40):
        record = simulate(4, seed=seed)
        for line in record.moves:
            seat, _card, *parts = line.split()
            if parts and not line.endswith("fold"):
                colours = {int(part.split(":")[0]) for part in parts[0].split(",")}
                if colours - {int(seat)}:
                    return
    pytest.fail("no seat ever played its partner's pawns in 40 games")


POSITION = {"players": 4, "pawns": [["t5", "t1", "n", "n"], ["n"] * 4, ["n"] * 4, ["n"] * 4]}


def test_playable_cards_of_a_hand():
    assert playable_cards(POSITION, 0, ["K", "4", "Q", "J"]) == ["K", "4", "Q"]
    assert playable_cards(POSITION, 1, ["2", "J", "Q"]) == []


def test_fold_only_when_nothing_can_be_played():
    assert can_fold(POSITION, 1, ["2", "J", "Q"]) is True
    assert can_fold(POSITION, 0, ["2"]) is False


@pytest.mark.parametrize("self_capture, may_fold", [("forced", False), ("optional", True)])
def test_dispute_10_self_capture_flag(self_capture, may_fold):
    """Pawns on t12 and t14, a 2 in hand: t12 → t14 captures the own pawn, and t14 → t16 would land
    on blue's pawn on its own start (R11). Forced: play it; optional: the player may fold (R17)."""
    position = {"players": 4, "pawns": [["t12", "t14", "h4", "h3"], ["t16", "n", "n", "n"], ["n"] * 4, ["n"] * 4],
                "rules": {"self_capture": self_capture}}
    assert playable_cards(position, 0, ["2"]) == ["2"]
    assert can_fold(position, 0, ["2"]) is may_fold
