"""Asking the Klaverjassen rules a question as ``python -m klaverjas batch`` does, in process."""

from __future__ import annotations

import json
from typing import Any

from klaverjas.api import answer


def ask(**question: Any) -> dict[str, Any]:
    """The answer to one question, through a JSON round trip as the batch gives it (id 1 unless given)."""
    question.setdefault("id", 1)
    return json.loads(json.dumps(answer(json.loads(json.dumps(question)))))


def legal(trump: str, trick: list[str], hand: list[str], **rules: Any) -> tuple[list[str], dict[str, str]]:
    question: dict[str, Any] = {"cmd": "legal", "trump": trump, "trick": trick, "hand": hand}
    if rules:
        question["rules"] = rules
    reply = ask(**question)
    assert "error" not in reply, reply
    return reply["cards"], reply["refused"]


def error_code(**question: Any) -> str:
    reply = ask(**question)
    assert set(reply) == {"id", "error"}, reply
    assert set(reply["error"]) == {"code", "message"} and reply["error"]["message"], reply
    return reply["error"]["code"]
