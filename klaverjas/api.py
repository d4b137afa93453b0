"""The questions of ``python -m klaverjas batch`` as functions over parsed JSON.

Why: the command line, the benchmarks and the tests all go through :func:`answer`, which takes
one decoded question line and returns exactly the object the batch prints — never raising for bad
input: every problem becomes ``{"id": …, "error": {"code", "message"}}``. The order of checks
(``docs/klaverjas.md``) decides which code a question with several problems gets:

1. the line is an object with an ``id`` (else ``invalid-question``, ``"id": null``);
2. ``rules``, when given, whatever the ``cmd`` (``invalid-rules``);
3. ``cmd`` present and known, then every field that ``cmd`` needs present (``invalid-question``);
4. the fields in the order the command lists them: ``legal`` trump, trick, hand; ``trick`` trump,
   last, cards; ``deal`` playing, points, roem, pit; ``replay`` trump, leader, tricks, hands, then
   (when asked) playing and roem.
"""

from __future__ import annotations

from typing import Any

from klaverjas.cards import CARDS, parse_suit
from klaverjas.deals import score_deal
from klaverjas.errors import KlaverjasError, shown
from klaverjas.house_rules import DEFAULTS, HouseRules, parse_house_rules
from klaverjas.penalty import replay_score
from klaverjas.play import REFUSALS, assess, parse_hand, parse_trick
from klaverjas.replay import parse_hands, parse_tricks, replay
from klaverjas.tricks import parse_full_trick, score_trick

FIELDS: dict[str, tuple[str, ...]] = {
    "legal": ("trump", "trick", "hand"),
    "trick": ("trump", "cards", "last"),
    "deal": ("playing", "points", "roem", "pit"),
    "replay": ("trump", "leader", "tricks"),  # and "hands", when known (docs/klaverjas.md)
}
_REFUSED = frozenset(REFUSALS)


def legal(question: dict[str, Any], rules: HouseRules = DEFAULTS) -> dict[str, Any]:
    """``{"cards": [...], "refused": {card: reason}}`` of a checked-for-fields ``legal`` question."""
    trump = parse_suit(question["trump"])
    trick = parse_trick(question["trick"])
    hand = parse_hand(question["hand"], trick)
    reasons = assess(trump, trick, hand, rules)
    refused = {CARDS[card]: reason for card, reason in zip(hand, reasons) if reason in _REFUSED}
    if not refused:
        return {"cards": [CARDS[card] for card in hand], "refused": refused}
    return {"cards": [CARDS[card] for card, reason in zip(hand, reasons) if reason not in _REFUSED],
            "refused": refused}


def trick(question: dict[str, Any], rules: HouseRules = DEFAULTS) -> dict[str, Any]:
    """``{"winner", "points", "roem"}`` of a ``trick`` question."""
    trump = parse_suit(question["trump"])
    last = question["last"]
    if type(last) is not bool:
        raise KlaverjasError("invalid-question", f"last must be true or false, not {shown(last)}")
    return score_trick(trump, parse_full_trick(question["cards"]), last, rules).as_json()


def deal(question: dict[str, Any], rules: HouseRules = DEFAULTS) -> dict[str, Any]:
    """``{"score", "nat", "pit"}`` of a ``deal`` question."""
    return score_deal(question["playing"], question["points"], question["roem"], question["pit"], rules).as_json()


def replay_deal(question: dict[str, Any], rules: HouseRules = DEFAULTS) -> dict[str, Any]:
    """``{"leaders", "breach", "possible"}`` of a ``replay`` question: a whole deal as laid out on the
    table (an addition to the contract, ``docs/klaverjas.md``); and ``penalty``, the deal's score
    under the house rule ``revoke_penalty``, only when the question gives ``playing`` (so an answer
    without it stays as it was)."""
    trump = parse_suit(question["trump"])
    leader = question["leader"]
    tricks = parse_tricks(question["tricks"])
    hands = parse_hands(question["hands"]) if question.get("hands") is not None else None
    if "roem" in question and "playing" not in question:
        raise KlaverjasError("invalid-question", "roem is scored with the team that played: give playing too")
    found = replay(trump, leader, tricks, hands, rules)
    if "playing" not in question:
        return found.as_json()
    scored = replay_score(trump, leader, tricks, found, question["playing"], question.get("roem"), rules)
    return {**found.as_json(), "penalty": scored.as_json()}


COMMANDS = {"legal": legal, "trick": trick, "deal": deal, "replay": replay_deal}


def respond(question: Any) -> dict[str, Any]:
    """The answer's fields (without ``id``); raises KlaverjasError. ``question`` is an object with an id."""
    rules = parse_house_rules(question["rules"]) if "rules" in question else DEFAULTS
    if "cmd" not in question:
        raise KlaverjasError("invalid-question", f"the question has no cmd (one of {', '.join(COMMANDS)})")
    cmd = question["cmd"]
    if type(cmd) is not str or cmd not in COMMANDS:
        raise KlaverjasError("invalid-question", f"unknown cmd {shown(cmd)}: one of {', '.join(COMMANDS)}")
    for name in FIELDS[cmd]:
        if name not in question:
            missing = [name for name in FIELDS[cmd] if name not in question]
            raise KlaverjasError("invalid-question", f"a {cmd} question needs {', '.join(FIELDS[cmd])}; "
                                 f"missing: {', '.join(missing)}")
    return COMMANDS[cmd](question, rules)


def answer(question: Any) -> dict[str, Any]:
    """The object ``python -m klaverjas batch`` prints for one decoded question line."""
    if type(question) is not dict:
        return error_answer(None, KlaverjasError(
            "invalid-question", f"a question is a JSON object with an id and a cmd, not {shown(question)}"))
    if "id" not in question:
        return error_answer(None, KlaverjasError("invalid-question", "the question has no id"))
    ident = question["id"]
    try:
        fields = respond(question)
    except KlaverjasError as error:
        return error_answer(ident, error)
    return {"id": ident, **fields}


def error_answer(ident: Any, error: KlaverjasError) -> dict[str, Any]:
    return {"id": ident, "error": error.as_json()}
