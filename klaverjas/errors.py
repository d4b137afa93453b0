"""The one error the Klaverjassen rules raise for bad input, with the contract's code.

Why: ``python -m klaverjas batch`` answers a bad question with ``{"error": {"code", "message"}}``
and the Django app shows the message beside a deal, so every check raises one error type that
carries both: a code from :data:`CODES` (``shared/spec/klaverjas.md``) and a sentence a person
understands.
"""

from __future__ import annotations

CODES: tuple[str, ...] = (
    "invalid-card", "invalid-trick", "invalid-hand", "invalid-deal", "invalid-rules", "invalid-question",
)


class KlaverjasError(ValueError):
    """Bad input: ``code`` is one of :data:`CODES`, ``message`` names the problem for people.

    ``problem`` is a stable key for the app to translate the message by (``"roem-multiple"``; set
    by the deal checks, else None) and ``params`` the values the message names (``{"team": "B",
    "roem": 15}``; ``{}`` when none are given). Neither is part of the batch answer.
    """

    def __init__(self, code: str, message: str, *, problem: str | None = None, params: dict | None = None):
        if code not in CODES:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message
        self.problem = problem
        self.params = dict(params) if params else {}

    def as_json(self) -> dict[str, str]:
        """The ``error`` object of a batch answer."""
        return {"code": self.code, "message": self.message}


def shown(value: object) -> str:
    """A JSON value as a message shows it, cut short when long."""
    import json

    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
