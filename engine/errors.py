"""The one error the engine raises for bad input: a position, card, seat or move text it cannot use."""


class EngineError(ValueError):
    """Bad input. The message names the problem in one line, for people."""
