"""``python -m engine bench``: how fast the engine answers and plays, single process.

Questions: every card (all 13) for one seat, over a fixed seeded set of 4-player positions taken
from simulated games, each answer with its resulting positions. Games: complete simulated
4-player games with random players.
"""

from __future__ import annotations

import random
import time

from engine.game import Game, simulate
from engine.notation import CARDS
from engine.rules import legal_moves


def sample_positions(count: int = 400, seed: int = 1) -> list[tuple]:
    """(position, seat) pairs from seeded random games, spread over the whole game."""
    rng = random.Random(seed)
    samples = []
    game_seed = seed
    while len(samples) < count:
        game = Game(players=4, seed=game_seed)
        game_seed += 1
        taken = []
        original = game._turn

        def turn(seat, _original=original, _game=game, _taken=taken):
            arrived = _original(seat)
            if rng.random() < 0.05:
                _taken.append((_game.position, rng.randrange(4)))
            return arrived

        game._turn = turn
        game.play()
        samples.extend(taken)
    return samples[:count]


def bench_questions(seconds: float = 3.0) -> tuple[float, int, int]:
    samples = sample_positions()
    questions = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for position, seat in samples:
            for card in CARDS:
                moves += len(legal_moves(position, seat, card))
            questions += len(CARDS)
    elapsed = time.perf_counter() - start
    return questions / elapsed, questions, moves


def bench_games(seconds: float = 3.0) -> tuple[float, int, float]:
    games = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        turns += simulate(4, seed=games).turns
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, games, turns / max(games, 1)


def run(seconds: float = 3.0) -> dict:
    rate, questions, moves = bench_questions(seconds)
    game_rate, games, turns = bench_games(seconds)
    return {"questions_per_second": round(rate), "questions": questions, "moves_listed": moves,
            "games_per_second": round(game_rate, 1), "games": games, "turns_per_game": round(turns, 1)}
