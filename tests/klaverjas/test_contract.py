"""The three examples of ``shared/spec/klaverjas.md``, verbatim, through the command line and the api."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from klaverjas.api import answer

ROOT = Path(__file__).resolve().parents[2]

EXAMPLES = [
    ('{"id": 1, "cmd": "legal", "trump": "H", "trick": ["10S", "KS"], "hand": ["7S", "JH", "9C"]}',
     '{"id": 1, "cards": ["7S"], "refused": {"JH": "follow-suit", "9C": "follow-suit"}}'),
    ('{"id": 2, "cmd": "trick", "trump": "H", "cards": ["QH", "KH", "JH", "7S"], "last": false}',
     '{"id": 2, "winner": 2, "points": 27, "roem": 40}'),
    ('{"id": 3, "cmd": "deal", "playing": "A", "points": {"A": 70, "B": 92}, "roem": {"A": 20, "B": 0}, "pit": null}',
     '{"id": 3, "score": {"A": 0, "B": 182}, "nat": true, "pit": null}'),
]


def batch(text: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "klaverjas", "batch"], input=text.encode("utf-8"),
                          capture_output=True, cwd=ROOT, timeout=30, check=False)


def test_the_examples_through_the_command_line_byte_for_byte():
    done = batch("".join(question + "\n" for question, _ in EXAMPLES))
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("utf-8").splitlines() == [expected for _, expected in EXAMPLES]


def test_the_examples_through_the_api():
    for question, expected in EXAMPLES:
        assert answer(json.loads(question)) == json.loads(expected)


def test_errors_blank_lines_and_a_missing_final_newline_through_the_command_line():
    lines = [
        EXAMPLES[0][0],
        "",
        "   \r",
        "not json",
        '{"cmd": "legal"}',
        '{"id": "x", "cmd": "legal", "trump": "H", "trick": [], "hand": ["1H"]}',
        '{"id": [1, 2], "cmd": "deal", "rules": {"pit_bonus": 5}}',
        EXAMPLES[2][0],
    ]
    done = batch("\n".join(lines))  # no newline after the last line
    assert done.returncode == 0
    replies = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert [reply["id"] for reply in replies] == [1, None, None, "x", [1, 2], 3]
    assert [reply.get("error", {}).get("code") for reply in replies] == [
        None, "invalid-question", "invalid-question", "invalid-card", "invalid-rules", None]
    assert replies[-1] == json.loads(EXAMPLES[2][1])


def test_bytes_that_are_not_utf8_answer_invalid_question_and_the_batch_goes_on():
    done = subprocess.run([sys.executable, "-m", "klaverjas", "batch"],
                          input=b'{"id": "\xff"}\n' + EXAMPLES[1][0].encode() + b"\n",
                          capture_output=True, cwd=ROOT, timeout=30, check=False)
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert replies[0] == {"id": None, "error": replies[0]["error"]}
    assert replies[0]["error"]["code"] == "invalid-question"
    assert replies[1] == json.loads(EXAMPLES[1][1])
