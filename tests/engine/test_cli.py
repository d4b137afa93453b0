"""The command line of engine-cli.md: output formats and exit codes, driven as a user would."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

POSITION = {"players": 4, "pawns": [["t62", "t10", "n", "n"], ["n", "n", "n", "n"], ["t40", "n", "n", "n"], ["n"] * 4]}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True,
                          text=True, timeout=60)


@pytest.fixture
def position_file(tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(POSITION))
    return str(path)


def test_moves_prints_every_move_with_its_result(position_file):
    done = run("moves", "--position", position_file, "--seat", "0", "--card", "5")
    assert done.returncode == 0 and done.stderr == ""
    out = json.loads(done.stdout)
    assert [m["move"] for m in out["moves"]] == ["5 0:t10>t15", "5 0:t62>h4"]
    assert out["moves"][1]["result"] == {
        "players": 4, "pawns": [["t10", "h4", "n", "n"], ["n"] * 4, ["t40", "n", "n", "n"], ["n"] * 4]}


def test_moves_reads_standard_input_and_lists_nothing_for_an_unplayable_card():
    done = run("moves", "--position", "-", "--seat", "1", "--card", "Q", stdin=json.dumps(POSITION))
    assert done.returncode == 0
    assert json.loads(done.stdout) == {"moves": []}


def test_check_legal_and_illegal(position_file):
    legal = run("check", "--position", position_file, "--seat", "0", "--card", "5", "--move", "5 0:t62>h4")
    assert (legal.returncode, json.loads(legal.stdout)) == (0, {"legal": True})
    illegal = run("check", "--position", position_file, "--seat", "0", "--card", "6", "--move", "6 0:t62>h5")
    assert illegal.returncode == 2 and "h5" in illegal.stderr  # h5 does not exist: a parse error
    illegal = run("check", "--position", position_file, "--seat", "0", "--card", "6", "--move", "6 0:t62>h4")
    out = json.loads(illegal.stdout)
    assert illegal.returncode == 0
    assert out["legal"] is False and out["reason"] == "overshoots-home"  # t63, h1 … h4 is 5 steps
    assert "R13" in out["explanation"] and "t62" in out["explanation"] and "R13" in out["explanation_nl"]


@pytest.mark.parametrize("args, words", [
    (["moves", "--seat", "0", "--card", "11"], "card"),
    (["moves", "--seat", "4", "--card", "5"], "seat"),
    (["moves", "--seat", "-1", "--card", "5"], "seat"),
    (["check", "--seat", "0", "--card", "5", "--move", "5 0:t3 > t8"], "space"),
    (["check", "--seat", "0", "--card", "5", "--move", "5  0:t62>h4"], "space"),
    (["check", "--seat", "0", "--card", "5", "--move", "X 0:t62>h4"], "card"),
    (["check", "--seat", "0", "--card", "5", "--move", "5 0:t62"], "part"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_exits_2_with_one_line(position_file, args, words):
    if args[0] in ("moves", "check"):
        args = [args[0], "--position", position_file, *args[1:]]
    done = run(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and words in done.stderr


@pytest.mark.parametrize("position, words", [
    ({"players": 3, "pawns": []}, "players"),
    ({"players": 2, "pawns": [["n"] * 5, ["n"] * 4]}, "exactly 4"),
    ({"players": 2, "pawns": [["t3", "t3", "n", "n"], ["n"] * 4]}, "two pawns on track hole t3"),
    ({"players": 2, "pawns": [["h2", "h2", "n", "n"], ["n"] * 4]}, "two pawns on home hole h2"),
    ({"players": 2, "pawns": [["t32", "n", "n", "n"], ["n"] * 4]}, "t32"),
    ({"players": 2, "pawns": [["h0", "n", "n", "n"], ["n"] * 4]}, "h0"),
    ({"players": 2, "pawns": [["x1", "n", "n", "n"], ["n"] * 4]}, "x1"),
    ({"players": 4, "pawns": [["n"] * 4] * 4, "teams": [[0, 1], [2]]}, "seat 3 is in no team"),
    ({"players": 4, "pawns": [["n"] * 4] * 4, "rules": {"jack_queen": True}}, "jack_queen"),
    ({"players": 4, "pawns": [["n"] * 4] * 4, "rules": {"home_entry": "sometimes"}}, "home_entry"),
])
def test_invalid_positions_exit_2_naming_the_problem(tmp_path, position, words):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(position))
    done = run("moves", "--position", str(path), "--seat", "0", "--card", "5")
    assert done.returncode == 2 and done.stdout == ""
    assert words in done.stderr, done.stderr


def test_not_json_and_missing_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{players: 4")
    assert "not valid JSON" in run("moves", "--position", str(path), "--seat", "0", "--card", "5").stderr
    done = run("moves", "--position", str(tmp_path / "none.json"), "--seat", "0", "--card", "5")
    assert done.returncode == 2 and "cannot read" in done.stderr


def test_batch_answers_in_order_and_goes_on_after_an_error():
    lines = [
        {"command": "moves", "position": POSITION, "seat": 0, "card": "K"},
        {"command": "check", "position": POSITION, "seat": 0, "card": "5", "move": "5 0:t62>h4"},
        {"command": "moves", "position": {"players": 5}, "seat": 0, "card": "K"},
        {"command": "check", "position": POSITION, "seat": 0, "card": "A", "move": "A 2:t40>t41"},
    ]
    stdin = "\n".join(json.dumps(line) for line in lines) + "\nnot json\n"
    done = run("batch", stdin=stdin)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 2 and len(answers) == 5
    assert answers[0]["moves"][0]["move"] == "K 0:n>t0"
    assert answers[1] == {"legal": True}
    assert "players" in answers[2]["error"]
    assert answers[3]["reason"] == "not-own-pawn"
    assert "error" in answers[4]


def test_a_move_written_with_another_card_is_the_wrong_card(position_file):
    done = run("check", "--position", position_file, "--seat", "0", "--card", "5", "--move", "6 0:t62>h4")
    out = json.loads(done.stdout)
    assert done.returncode == 0 and (out["legal"], out["reason"]) == (False, "wrong-card")


def test_batch_exit_0_when_every_line_is_good():
    done = run("batch", stdin=json.dumps({"command": "moves", "position": POSITION, "seat": 2, "card": "A"}) + "\n")
    assert done.returncode == 0 and json.loads(done.stdout)["moves"]


def test_simulate_prints_one_json_line_per_game():
    done = run("simulate", "--players", "4", "--seed", "1", "--games", "3")
    games = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0 and len(games) == 3
    for game in games:
        assert set(game) >= {"winner", "turns", "arrivals", "moves"}
        assert game["turns"] == len(game["moves"])
    again = run("simulate", "--players", "4", "--seed", "1", "--games", "3")
    assert again.stdout == done.stdout


def test_simulate_with_a_turn_limit():
    done = run("simulate", "--players", "6", "--seed", "5", "--games", "1", "--max-turns", "40", "--player", "greedy")
    game = json.loads(done.stdout)
    assert game["turns"] == 40 and game["winner"] is None


def test_code_and_decode_round_trip(position_file):
    code = run("code", "--position", position_file).stdout.strip()
    assert code == "K4:t10.t62|-|t40|-"
    assert json.loads(run("decode", code).stdout) == {
        "players": 4, "pawns": [["t10", "t62", "n", "n"], ["n"] * 4, ["t40", "n", "n", "n"], ["n"] * 4]}
    bad = run("decode", "K4:t1|-")
    assert bad.returncode == 2 and "2 seats written for 4 players" in bad.stderr
