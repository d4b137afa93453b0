"""``python -m engine bench``: how fast the engine answers and plays, single process.

Questions: every card (all 13) for one seat, over a fixed seeded set of 4-player positions taken
from simulated games, each answer with its resulting positions. Games: complete simulated
4-player games with random players.

``python -m engine bench-batch``: ``python -m engine batch`` timed as a whole process (start-up,
reading, answering, writing; wall clock) on a question file it writes itself — a ``moves`` and a
``check`` question for every card over the same sample positions, repeated so that positions
recur as they do from a director's tool or a test suite — beside the in-process question rate
above. The target is that the whole process answers at least half as fast as the engine does
in process.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engine.game import Game, simulate
from engine.notation import CARDS, move_text
from engine.rules import legal_moves

BATCH_TARGET = 0.5  # batch, whole process, at least this share of the in-process question rate
BATCH_FIGURE = "engine batch, whole process vs in process"


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


def batch_lines(rounds: int = 10, seed: int = 1) -> list[str]:
    """Question lines for ``python -m engine batch``, the same on every run.

    For every sample position and each of the 13 cards: a ``moves`` question and a ``check``
    question (the first listed move, or when there is none a placing claim, which is then
    illegal), written as ``json.dumps`` writes them. The ``rounds`` copies are shuffled together
    (seeded), so each position comes back ``2 × 13 × rounds`` times, spread over the file.
    """
    block = []
    for position, seat in sample_positions():
        b = position.board
        written = position.to_json()
        for card in CARDS:
            block.append(json.dumps({"command": "moves", "position": written, "seat": seat, "card": card}))
            listed = sorted(legal_moves(position, seat, card), key=lambda move: move[0])
            claim = move_text(b, card, listed[0][0]) if listed else f"{card} {seat}:n>t{b.starts[seat]}"
            block.append(json.dumps({"command": "check", "position": written, "seat": seat, "card": card,
                                     "move": claim}))
    lines = block * rounds
    random.Random(seed).shuffle(lines)
    return lines


def bench_batch(rounds: int = 10, seconds: float = 3.0) -> dict:
    """Questions per second of ``python -m engine batch`` as a whole process, and in process."""
    lines = batch_lines(rounds)
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as folder:
        questions = Path(folder) / "questions.jsonl"
        answers = Path(folder) / "answers.jsonl"
        questions.write_text("\n".join(lines) + "\n", encoding="utf-8")
        with questions.open("rb") as stdin, answers.open("wb") as stdout:
            cpu = _children_cpu()
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "engine", "batch"], stdin=stdin, stdout=stdout,
                                  stderr=subprocess.PIPE, cwd=root, check=False)
            elapsed = time.perf_counter() - start
            cpu = _children_cpu() - cpu
        answered = answers.read_bytes().count(b"\n")
    if done.returncode != 0 or answered != len(lines):
        raise RuntimeError(f"python -m engine batch exited {done.returncode} with {answered} answers "
                           f"for {len(lines)} questions: {done.stderr.decode(errors='replace')[-500:]}")
    batch_rate = len(lines) / elapsed
    own_cpu = time.process_time()
    in_process, in_process_questions, _moves = bench_questions(seconds)
    own_cpu = time.process_time() - own_cpu
    ratio = batch_rate / in_process
    # The same ratio in processor time: steadier than the wall clock on a machine shared with others.
    cpu_ratio = (len(lines) / cpu) / (in_process_questions / own_cpu) if cpu > 0 and own_cpu > 0 else 0.0
    return {"batch_questions_per_second": round(batch_rate), "questions": len(lines),
            "seconds": round(elapsed, 2), "cpu_seconds": round(cpu, 2),
            "positions": len(lines) // (2 * len(CARDS) * rounds),
            "in_process_questions_per_second": round(in_process), "ratio": round(ratio, 3),
            "cpu_ratio": round(cpu_ratio, 3), "target": BATCH_TARGET, "met": ratio >= BATCH_TARGET}


def _children_cpu() -> float:
    """Processor seconds (user and system) of this process's finished children so far."""
    try:
        import resource
    except ImportError:  # not on every platform
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def batch_report(figures: dict) -> list[str]:
    """The lines ``python -m engine bench-batch`` prints: for people, then ``BENCH_RESULT``."""
    percent = round(100 * figures["ratio"])
    target = round(100 * figures["target"])
    batch, in_process = figures["batch_questions_per_second"], figures["in_process_questions_per_second"]
    verdict = "met" if figures["met"] else "NOT met"
    result = {"figure": BATCH_FIGURE, "measured": f"{percent} % ({batch:,} vs {in_process:,} questions/s)",
              "target": f"≥ {target} %", "met": figures["met"]}
    return [
        f"batch, whole process: {batch:,} questions/s = {percent} % of in-process {in_process:,}/s "
        f"(target ≥ {target} %) {verdict}",
        f"({figures['questions']:,} questions in {figures['seconds']} s wall clock, start-up included; "
        f"{figures['positions']} positions, each asked {figures['questions'] // figures['positions']:,} times; "
        f"in processor time {round(100 * figures.get('cpu_ratio', 0))} % of in-process)",
        "BENCH_RESULT " + json.dumps(result, ensure_ascii=False),
    ]
