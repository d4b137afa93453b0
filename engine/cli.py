"""``python -m engine``: the command line of ``engine-cli.md``.

``moves`` and ``check`` print one JSON object and exit 0; ``batch`` answers one question per
line (an ``{"error": …}`` line and exit status 2 for a bad one, going on with the rest; see
:mod:`engine.batch` for how it keeps up with the engine). Bad input prints one line naming the
problem on standard error and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.api import answer
from engine.batch import run as _batch
from engine.errors import EngineError

EXIT_ERROR = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line on stderr, exit 2, as for every other error
        raise EngineError(message)


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def _read_position(path: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as error:
        raise EngineError(f"cannot read position file {path}: {error.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise EngineError(f"position file {path} is not valid JSON: {error.msg} at line {error.lineno}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description="The Keezen rules engine.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, help_text in (("moves", "every legal move of a card"), ("check", "judge a claimed move")):
        sub = commands.add_parser(name, help=help_text)
        sub.add_argument("--position", required=True, help="position JSON file, or - for standard input")
        sub.add_argument("--seat", required=True, type=int)
        sub.add_argument("--card", required=True)
        if name == "check":
            sub.add_argument("--move", required=True)
    commands.add_parser("batch", help="one JSON question per line on standard input")
    sim = commands.add_parser("simulate", help="play seeded games; one JSON line per game")
    sim.add_argument("--players", type=int, default=4, choices=(2, 4, 6, 8))
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--games", type=int, default=1)
    sim.add_argument("--max-turns", type=int, default=None, help="stop a game after this many turns (the clock)")
    sim.add_argument("--player", choices=("random", "greedy"), default="random",
                     help="how every seat chooses its move")
    code = commands.add_parser("code", help="the one-line position code of a position JSON file")
    code.add_argument("--position", required=True, help="position JSON file, or - for standard input")
    decode = commands.add_parser("decode", help="the position JSON of a position code")
    decode.add_argument("code")
    bench = commands.add_parser("bench", help="questions and games per second")
    bench.add_argument("--seconds", type=float, default=3.0)
    bench_batch = commands.add_parser(
        "bench-batch", help="python -m engine batch as a whole process against the in-process question rate")
    bench_batch.add_argument("--rounds", type=int, default=10,
                             help="copies of the 10,400 sample questions in the file (default 10: 104,000 lines)")
    bench_batch.add_argument("--seconds", type=float, default=3.0, help="length of the in-process run")
    return parser


def _simulate(args) -> int:
    from engine.game import simulate

    for number in range(args.games):
        record = simulate(args.players, seed=args.seed + number, max_turns=args.max_turns,
                          player_kinds=[args.player] * args.players)
        print(_dump({"game": number + 1, **record.as_json()}))
    return 0


def _bench(args) -> int:
    from engine.bench import run

    figures = run(args.seconds)
    print(f"legal-move questions: {figures['questions_per_second']:,}/s "
          f"({figures['questions']:,} questions, {figures['moves_listed']:,} moves with their positions)")
    print(f"simulated 4-player games (random players): {figures['games_per_second']}/s "
          f"({figures['games']} games, {figures['turns_per_game']} turns a game)")
    print(_dump(figures))
    return 0


def _bench_batch(args) -> int:
    from engine.bench import batch_report, bench_batch

    for line in batch_report(bench_batch(args.rounds, args.seconds)):
        print(line)
    return 0


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        if args.command == "batch":
            return _batch(sys.stdin, sys.stdout)
        if args.command == "simulate":
            return _simulate(args)
        if args.command == "bench":
            return _bench(args)
        if args.command == "bench-batch":
            return _bench_batch(args)
        if args.command in ("code", "decode"):
            from engine.code import from_code, to_code
            from engine.position import parse_position

            if args.command == "code":
                print(to_code(parse_position(_read_position(args.position))))
            else:
                print(_dump(from_code(args.code).to_json()))
            return 0
        question = {"command": args.command, "position": _read_position(args.position),
                    "seat": args.seat, "card": args.card}
        if args.command == "check":
            question["move"] = args.move
        print(_dump(answer(question)))
        return 0
    except EngineError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_ERROR
