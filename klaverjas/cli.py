"""``python -m klaverjas``: the command line of ``shared/spec/klaverjas.md``.

``batch`` answers one JSON question per line (:mod:`klaverjas.batch`); ``bench`` measures how many
questions a second the rules answer in process (:mod:`klaverjas.bench`). A bad command line prints
one line on standard error and exits 2.
"""

from __future__ import annotations

import argparse
import sys

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line on stderr, exit 2
        print(f"error: {message}", file=sys.stderr)
        sys.exit(EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m klaverjas", description="The Klaverjassen rules: legal cards, tricks, deals.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    commands.add_parser("batch", help="one JSON question per line on standard input, one answer per line out")
    bench = commands.add_parser("bench", help="legal-card questions and deals scored per second, in process")
    bench.add_argument("--seconds", type=float, default=2.0, help="length of each measurement (default 2)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return _run(args)
    except BrokenPipeError:  # the reader went away (| head): stop quietly, as other tools do
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _run(args: argparse.Namespace) -> int:
    if args.command == "batch":
        from klaverjas.batch import run

        return run(sys.stdin, sys.stdout)
    from klaverjas import bench

    for line in bench.report(bench.run(args.seconds)):
        print(line, flush=True)
    return 0
