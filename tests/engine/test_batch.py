"""``python -m engine batch`` with its caches gives exactly what answering every line fresh gives.

The reference is the batch loop as it was before the speed-up (``REFERENCE`` below: decode each
line, :func:`engine.api.answer`, encode), run the same way — as a process on the same bytes, or
in process on the same text — and the two outputs are compared byte for byte, with the exit
status. The engine's caches live for the whole process, so every test mixes lines whose
positions look alike and must not borrow each other's answers.
"""

from __future__ import annotations

import functools
import io
import json
import os
import select
import subprocess
import sys
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import batch
from engine.bench import BATCH_FIGURE, batch_lines, batch_report

# The batch loop before the speed-up, word for word: the contract's behaviour, line by line.
REFERENCE = '''
import json
import sys

from engine.api import answer
from engine.errors import EngineError


def dump(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))


def batch(stream, out):
    status = 0
    for number, line in enumerate(stream, start=1):
        if not line.strip():
            continue
        try:
            try:
                question = json.loads(line)
            except json.JSONDecodeError as error:
                raise EngineError(f"line {number} is not valid JSON: {error.msg}") from None
            result = answer(question)
        except EngineError as error:
            result = {"error": str(error)}
            status = 2
        out.write(dump(result) + "\\n")
    return status
'''
_namespace: dict = {}
exec(REFERENCE, _namespace)
reference_batch = _namespace["batch"]

PAWNS = [["t62", "t10", "n", "n"], ["t17", "n", "n", "n"], ["t40", "t5", "n", "n"], ["h1", "n", "n", "n"]]
POSITION = {"players": 4, "pawns": PAWNS}


def question(position, seat=0, card="5", move=None, command=None):
    out = {"command": command or ("check" if move is not None else "moves"), "position": position,
           "seat": seat, "card": card}
    if move is not None:
        out["move"] = move
    return out


def dumps(obj, compact=False) -> str:
    return json.dumps(obj, separators=(",", ":")) if compact else json.dumps(obj)


def run_process(data: bytes, script: str | None = None, errors: str | None = None) -> tuple[int, bytes]:
    """Exit status and standard output; standard input is a file, so it is read in the same
    chunks every time (``errors``: how standard input and output treat undecodable bytes)."""
    args = ["-c", script + "\nsys.exit(batch(sys.stdin, sys.stdout))"] if script else ["-m", "engine", "batch"]
    environment = dict(os.environ)
    if errors:
        environment["PYTHONIOENCODING"] = f"utf-8:{errors}"
    with tempfile.TemporaryFile() as stdin:
        stdin.write(data)
        stdin.seek(0)
        done = subprocess.run([sys.executable, *args], stdin=stdin, capture_output=True, timeout=120,
                              env=environment)
    return done.returncode, done.stdout


def assert_same_as_fresh(text: str | bytes, errors: str | None = None) -> tuple[int, bytes]:
    """``python -m engine batch`` and the reference loop, as processes on the same bytes."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    got = run_process(data, errors=errors)
    assert got == run_process(data, REFERENCE, errors)
    return got


def in_process(text: str) -> tuple[int, str]:
    out = io.StringIO()
    return batch.run(io.StringIO(text), out), out.getvalue()


def fresh(text: str) -> tuple[int, str]:
    out = io.StringIO()
    return reference_batch(io.StringIO(text), out), out.getvalue()


@functools.cache
def bench_lines_two_rounds() -> tuple[str, ...]:
    """``batch_lines(rounds=2)``, made once for the module (three tests read it; playing the sample
    games is most of the cost). A tuple, so no test can change another's copy."""
    return tuple(batch_lines(rounds=2))


def test_repeated_positions_answer_as_if_each_line_were_parsed_fresh():
    lines = list(bench_lines_two_rounds())
    lines = lines[:4000] + lines[:200]  # the positions recur, shuffled; a few whole lines too
    status, out = assert_same_as_fresh("\n".join(lines) + "\n")
    answers = out.decode("utf-8").splitlines()
    assert status == 0 and len(answers) == len(lines)
    assert any('"legal": false' in line for line in answers) and any('"result"' in line for line in answers)


def test_answers_equal_engine_api_answer_line_by_line():
    """Against :func:`engine.api.answer` directly: each line decoded fresh, answered, encoded (1,500
    benchmark lines, then the same again: the module's lines, not a third set played for this test)."""
    lines = list(bench_lines_two_rounds()[:1500]) * 2
    status, out = in_process("\n".join(lines) + "\n")
    from engine.api import answer

    expected = [json.dumps(answer(json.loads(line)), ensure_ascii=False, separators=(", ", ": "))
                for line in lines]
    assert status == 0 and out.splitlines() == expected


LOOK_ALIKES = [
    # the same position written differently: each line still gets its own answer
    [dumps(question(POSITION, card="J")), dumps(question(POSITION, card="J"), compact=True),
     json.dumps(question(POSITION, card="J"), separators=(", ", ":"))],
    # positions that differ only in their rules, or only in the order of their rules
    [dumps(question(POSITION, card="J")),
     dumps(question({**POSITION, "rules": {"jack_own_start": False}}, seat=2, card="J")),
     dumps(question({**POSITION, "rules": {"jack_partner": False, "jack_own_start": False}}, seat=2, card="J")),
     dumps(question({**POSITION, "rules": {"jack_own_start": False, "jack_partner": False}}, seat=2, card="J")),
     dumps(question(POSITION, seat=2, card="J"))],
    [dumps(question(POSITION, seat=1, card="Q")),
     dumps(question({**POSITION, "rules": {"home_entry": "optional"}}, seat=0, card="2")),
     dumps(question(POSITION, seat=0, card="2"))],
    # only in their teams (written back as given), or only in the order of their fields
    [dumps(question({**POSITION, "teams": [[0, 1], [2, 3]]}, seat=3, card="7")),
     dumps(question({**POSITION, "teams": [[2, 3], [0, 1]]}, seat=3, card="7")),
     dumps(question(POSITION, seat=3, card="7")),
     dumps(question({"pawns": PAWNS, "players": 4}, seat=3, card="7"))],
    # the same move (a placing) with two cards on the same position
    [dumps(question(POSITION, card="A")), dumps(question(POSITION, card="K")), dumps(question(POSITION, card="A"))],
    # the same pawns, once valid and once not
    [dumps(question(POSITION)), dumps(question({**POSITION, "rules": {"jack_queen": True}})),
     dumps(question({**POSITION, "rules": {"home_entry": "sometimes"}})), dumps(question(POSITION))],
]


@pytest.mark.parametrize("variants", LOOK_ALIKES)
def test_cached_positions_never_leak_between_positions(variants):
    lines = variants * 3
    assert in_process("\n".join(lines)) == fresh("\n".join(lines))


def test_cached_positions_never_leak_between_positions_in_one_process():
    """Every group of look-alikes above, each three times over, through one ``python -m engine
    batch`` against the reference process: the caches live for the whole process, so the later
    groups also meet the earlier groups' entries (one process pair instead of one per group)."""
    lines = [line for variants in LOOK_ALIKES for line in variants * 3]
    _status, out = assert_same_as_fresh("\n".join(lines) + "\n")
    assert len(out.splitlines()) == len(lines)


def test_rules_and_teams_change_the_answers_they_should():
    """The leak test above compares like with like; here the answers do differ."""
    own_start = {"players": 4, "pawns": [["t0", "n", "n", "n"], ["t20", "n", "n", "n"], ["n"] * 4, ["n"] * 4]}
    lines = [dumps(question(own_start, card="J")),
             dumps(question({**own_start, "rules": {"jack_own_start": False}}, card="J")),
             dumps(question(own_start, card="J"))]
    status, out = in_process("\n".join(lines) + "\n")
    first, second, third = out.splitlines()
    assert status == 0 and first == third and first != second
    assert json.loads(second) == {"moves": []}
    assert out == fresh("\n".join(lines) + "\n")[1]


BAD_LINES = [
    "not json",
    '{"command": "moves", "position": {"players": 4, "pawns": [',
    '{"command": "moves", "position": {"players": 4}, "seat": 0, "card": "5"},',
    '["moves"]',
    dumps(question(POSITION, command="move")),
    dumps({"command": "check", "position": POSITION, "seat": 0, "card": "5"}),
    dumps(question(POSITION, seat=4)),
    dumps(question(POSITION, seat=True)),
    dumps(question(POSITION, seat=1.0)),
    dumps(question(POSITION, seat=None)),
    dumps(question(POSITION, card="11")),
    dumps(question(POSITION, card=5)),
    dumps(question(POSITION, move="5  0:t62>h4")),
    dumps(question(POSITION, move="5 0:t62>h5")),
    dumps(question(POSITION, move=["5 0:t62>h4"])),
    dumps(question(POSITION, move="6 0:t62>h4")),
    dumps(question({"players": 3, "pawns": []})),
    dumps(question({"players": 4, "pawns": PAWNS[:3]})),
    dumps(question({"players": 4, "pawns": [["t3", "t3", "n", "n"]] + PAWNS[1:]})),
    dumps(question({**POSITION, "teams": [[0, 1], [2]]})),
    dumps(question({**POSITION, "extra": 1})),
    dumps(question(None)),
    dumps(question("K4:-|-|-|-")),
    dumps({"command": "moves", "seat": 0, "card": "5"}),
    '{"command": "moves", "position": {"players": 4, "pawns": [["t1", "n", "n", "n"], ["n", "n", "n", "n"], '
    '["n", "n", "n", "n"], ["n", "n", "n", "n"]]}, "seat": 0, "card": "A"} trailing',
    '{"command": "moves", "position": {"players": NaN, "pawns": []}, "seat": 0, "card": "A"}',
    '\ufeff' + dumps(question(POSITION)),
]

TRICKY_LINES = [
    # "position" twice: the last one counts
    dumps(question(POSITION)).replace('"position": ', '"position": {"players": 2}, "position": ', 1),
    dumps(question(POSITION))[:-1] + ', "position": {"players": 6}}',
    # "position" written with an escape, inside a string, or inside another field
    dumps(question(POSITION)).replace('"position"', '"\\u0070osition"'),
    dumps(question(POSITION))[:-1] + ', "\\u0070osition": {"players": 2}}',
    dumps(question(POSITION, move='"position": {"players": 2}')),
    dumps({"note": {"position": {"players": 2}}, **question(POSITION)}),
    dumps({**question(POSITION), "note": "{\"position\": {}}"}),
    dumps(question(POSITION))[:-1] + ', "position": null}',  # a second, null, position
    dumps({"command": "moves", "note": {"position": POSITION}, "seat": 0, "card": "5"})[:-1]
    + ', "\\u0070osition": null}',  # the only other "position" is written with an escape
    # braces inside the position's strings, escapes inside it, a position that is not an object
    dumps(question({**POSITION, "rules": {"x}": {"{": 1}}})),
    dumps(question(POSITION)).replace('"t62"', '"\\u0074\\u0036\\u0032"'),
    dumps(question(POSITION)).replace('"position": ', '"position":  ', 1),
    dumps(question(POSITION)).replace('"position": ', '"position":\t', 1),
    dumps(question([POSITION])),
    # a seat written as 1.0 or true right after an equal, valid question
    dumps(question(POSITION, seat=1)), dumps(question(POSITION, seat=1.0)), dumps(question(POSITION, seat=True)),
    dumps(question(POSITION, seat=0)), dumps(question(POSITION, seat=False)),
    # deep nesting in the position: the plain path, as before
    '{"command": "moves", "position": {"players": 4, "pawns": ' + "[" * 200 + "]" * 200 + '}, "seat": 0, "card": "5"}',
]


def test_error_lines_and_tricky_lines_are_unchanged():
    good = [dumps(question(POSITION)), dumps(question(POSITION, move="5 0:t62>h4"))]
    lines = (good + BAD_LINES + TRICKY_LINES + good) * 2
    status, out = assert_same_as_fresh("\n".join(lines) + "\n")
    assert status == 2
    answers = out.decode("utf-8").splitlines()
    assert len(answers) == len(lines) and sum('"error"' in line for line in answers) >= 2 * len(BAD_LINES)
    text = "\n".join(lines) + "\n"
    assert in_process(text) == fresh(text)


@pytest.mark.parametrize("text, status", [
    ("", 0),
    ("\n\n   \n", 0),
    (dumps(question(POSITION)) + "\n", 0),
    (dumps(question(POSITION)), 0),  # no newline at the end
    ("\n" + dumps(question(POSITION)) + "\n\n" + dumps(question(POSITION, card="K")) + "\n", 0),
    (dumps(question(POSITION)) + "\nnot json\n" + dumps(question(POSITION)) + "\n", 2),
    (dumps(question(POSITION, seat=9)) + "\n", 2),
])
def test_exit_status_unchanged(text, status):
    assert assert_same_as_fresh(text)[0] == status


@pytest.mark.parametrize("errors", ["surrogateescape", "strict"])
def test_line_endings_and_undecodable_bytes_are_read_as_before(errors):
    """Same lines, same answers; with strict decoding, the same crash after the same lines."""
    line = dumps(question(POSITION)).encode()
    outcomes = [assert_same_as_fresh(data, errors)[0] for data in [
        line + b"\r\n" + line + b"\r\n",  # "\r" stays in the line (harmless JSON space)
        line + b"\r" + line + b"\n",  # a lone "\r" does not end a line: one line, not JSON
        line + b"\n" + line.replace(b'"5"', b'"5\xff"') + b"\n" + line + b"\n",
        line.replace(b"t62", b"t6\xc3") + b"\n" + line,
        (line + b"\n") * 300 + b"\xe2\x82" + b"\n" + line + b"\n",  # undecodable, past the first chunks
    ]]
    assert outcomes[:2] == [0, 2] and (errors == "strict") == (1 in outcomes)


def test_a_line_is_answered_before_the_next_is_sent():
    """A tool may send one question and wait for its answer: output is flushed before reading on."""
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    process = subprocess.Popen([sys.executable, "-m", "engine", "batch"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment)
    try:
        for card in ("5", "K", "A"):
            process.stdin.write((dumps(question(POSITION, card=card)) + "\n").encode())
            process.stdin.flush()
            ready, _, _ = select.select([process.stdout], [], [], 30)
            assert ready, "no answer while the batch waits for the next question"
            assert json.loads(process.stdout.readline())["moves"]
        process.stdin.close()
        assert process.wait(timeout=30) == 0
    finally:
        process.kill()
        process.wait()


# --- property: any mix of look-alike lines, in process, against the fresh loop ------------------

RULES = st.dictionaries(
    st.sampled_from(["jack_partner", "jack_own_start", "self_capture", "home_entry", "seven_partner_remainder",
                     "seven_max_pawns", "jack_queen"]),
    st.one_of(st.booleans(), st.sampled_from(["forced", "optional", "sometimes"]), st.integers(0, 8)),
    max_size=3,
)
PAWN_SETS = [PAWNS, [["t0", "n", "n", "n"], ["t20", "t16", "n", "n"], ["n"] * 4, ["h4", "h3", "h2", "t62"]],
             [["h1", "h2", "h3", "h4"], ["t63", "n", "n", "n"], ["t2", "t33", "n", "n"], ["n"] * 4]]


TEAMS = [[[0, 2], [1, 3]], [[0, 1], [2, 3]], [[0, 1, 2, 3]], [[0], [1, 2, 3]]]


@st.composite
def lines(draw) -> str:
    position = {"players": 4, "pawns": draw(st.sampled_from(PAWN_SETS))}
    if draw(st.booleans()):
        position["rules"] = draw(RULES)
    if draw(st.booleans()):
        position["teams"] = draw(st.sampled_from(TEAMS))
    if draw(st.booleans()):
        position = dict(reversed(list(position.items())))
    card = draw(st.sampled_from(["A", "2", "4", "7", "J", "K", "Q", "1"]))
    seat = draw(st.one_of(st.integers(-1, 4), st.sampled_from([True, 1.0])))
    move = draw(st.one_of(st.none(), st.sampled_from(
        ["5 0:t62>h4", "A 0:t10>t11", "K 0:n>t0", "7 0:t3>t6,0:t40>t44", "J 0:t10<>1:t17", "4 0:t10>t6",
         "7 0:t62>h2,2:t40>t45", "2 1:t17>t19", "Q 2:t40>t52", "A 3:n>t48", "5 0:t62"])))
    if move is not None:
        card = move.split(" ")[0] if draw(st.booleans()) else card
    return json.dumps(question(position, seat=seat, card=card, move=move),
                      separators=draw(st.sampled_from([(", ", ": "), (",", ":"), (", ", ":")])))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lines(), min_size=1, max_size=12), st.integers(1, 3))
def test_any_mix_of_look_alike_lines_answers_as_fresh(mix, repeat):
    text = "\n".join(mix * repeat) + "\n"
    assert in_process(text) == fresh(text)


# --- the benchmark -------------------------------------------------------------------------------

def test_bench_batch_lines_are_the_same_every_time_and_positions_recur():
    first = list(bench_lines_two_rounds())
    assert first == batch_lines(rounds=2) and len(first) == 2 * 400 * 13 * 2
    positions = {json.dumps(json.loads(line)["position"]) for line in first}
    assert len(positions) <= 400


def test_bench_batch_report_prints_the_figure_and_a_machine_readable_line():
    figures = {"batch_questions_per_second": 95000, "in_process_questions_per_second": 153000,
               "ratio": 95000 / 153000, "target": 0.5, "met": True, "questions": 104000, "seconds": 1.09,
               "positions": 400}
    printed = batch_report(figures)
    assert printed[0] == ("batch, whole process: 95,000 questions/s = 62 % of in-process 153,000/s "
                          "(target ≥ 50 %) met")
    assert printed[-1] == ('BENCH_RESULT {"figure": "engine batch, whole process vs in process", '
                           '"measured": "62 % (95,000 vs 153,000 questions/s)", "target": "≥ 50 %", "met": true}')
    assert json.loads(printed[-1].removeprefix("BENCH_RESULT "))["figure"] == BATCH_FIGURE


def test_bench_batch_command_runs():
    done = subprocess.run([sys.executable, "-m", "engine", "bench-batch", "--rounds", "1", "--seconds", "0.2"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    result = [line for line in done.stdout.splitlines() if line.startswith("BENCH_RESULT ")]
    assert len(result) == 1
    figure = json.loads(result[0].removeprefix("BENCH_RESULT "))
    assert figure["figure"] == BATCH_FIGURE and figure["target"] == "≥ 50 %" and isinstance(figure["met"], bool)
