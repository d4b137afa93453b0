"""``python -m engine batch`` at the speed of the engine: each piece of repeated work done once.

Why: a director's tool or a test suite sends tens of thousands of questions about a few hundred
positions. Answered line by line — ``json.loads``, :func:`engine.api.answer`, ``json.dumps`` —
about 40 % of the time went into parsing the same positions again and most of the rest into
building and encoding the same result positions, and the whole process answered a tenth of the
in-process rate of ``python -m engine bench``. This module gives the same lines, byte for byte,
with the repeated work done once:

- **A position is parsed once.** A line is split into the position's raw JSON text and the rest
  of the question (the position replaced by ``null``); the parsed position, or the error it
  gives, is kept under its exact raw text, and the decoded rest under its own text. A split is
  used only when it provably decodes to what the whole line decodes to (see :func:`_split`);
  any other line takes the plain path (decode the line, :func:`engine.api.answer`, encode).
- **A ``moves`` answer is written as text** from pieces encoded once: the position's head and
  tail (``players``; ``teams`` and ``rules`` as given), each colour's four pawns, each move's
  text. Every piece comes from the encoder the plain path uses, so the bytes are the same.
- **Output is written once per chunk of input**, not once per line (with ``PYTHONUNBUFFERED``
  each line would be a system call), and flushed before the next read can block, so a tool that
  sends a line and waits for its answer still gets it.

The questions are still put in :func:`engine.api.answer`'s order of checks
(:func:`engine.api.dispatch`), so every error line and the exit status stay what the contract
(``engine-cli.md``) and the plain path give; ``tests/engine/test_batch.py`` holds the two to that.
"""

from __future__ import annotations

import codecs
import io
import json
import os
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from engine.api import answer, claim_verdict, dispatch, listed_moves, verdict_answer
from engine.board import Board
from engine.errors import EngineError
from engine.notation import move_text
from engine.position import Position, parse_position
from engine.rules import Table

EXIT_ERROR = 2
CHUNK = 8192  # what io.TextIOWrapper reads from its buffer at a time (its _CHUNK_SIZE)
POSITIONS_KEPT = 4096  # position texts kept (each with its table and move texts, a few kB)
CACHE_LIMIT = 50_000  # entries of every other cache; a full cache is emptied and starts again
MAX_NESTING = 64  # brackets in a position text the split trusts; a deeper one takes the plain path

_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "))
encode = _ENCODER.encode  # exactly json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))

_PLAIN = object()  # cached: this text does not split safely, answer the line the plain way


class _Entry:
    """One position text: its decoded JSON, and once asked, the position or its error."""

    __slots__ = ("value", "position", "error", "table", "head", "tail", "colours", "items")

    def __init__(self, value: Any):
        self.value = value
        self.position: Position | None = None
        self.error: str | None = None

    def parsed(self) -> Position:
        """The position; raises the EngineError a fresh parse gives (parsed on first use, as
        :func:`engine.api.answer` would, so nothing is parsed that the plain path never parses)."""
        position = self.position
        if position is not None:
            return position
        if self.error is not None:
            raise EngineError(self.error)
        try:
            position = parse_position(self.value)
        except EngineError as error:
            self.error = str(error)
            raise
        tail = "]"
        if position.given_teams is not None:
            tail += ', "teams": ' + encode(position.given_teams)
        if position.given_rules is not None:
            tail += ', "rules": ' + encode(position.given_rules)
        self.head = '{"players": ' + encode(position.players) + ', "pawns": ['
        self.tail = tail + "}"
        self.colours = _board_texts(position.board)
        self.items: dict[tuple, str] = {}  # (card, parts) -> the move's text in a moves answer
        self.table = Table(position, position.locs)  # never changes once built: one per position
        self.position = position
        self.value = None  # parsed: the decoded JSON is not needed any more
        return position

    def item(self, card: str, parts: tuple, locs: tuple) -> str:
        """``{"move": …, "result": …}`` of a legal move, as :func:`engine.api.moves` encodes it.

        The parts decide the result on this position, so the text is kept under ``(card, parts)``.
        """
        position = self.position
        b = position.board
        colours = self.colours
        pawns = []
        for at in range(0, len(locs), 4):
            four = locs[at:at + 4]
            text = colours.get(four)
            if text is None:  # position_json's list for one colour: its locations sorted, named
                text = _remember(colours, four, encode([b.name(loc) for loc in sorted(four)]))
            pawns.append(text)
        text = ('{"move": ' + encode(move_text(b, card, parts)) + ', "result": '
                + self.head + ", ".join(pawns) + self.tail + "}")
        return _remember(self.items, (card, parts), text)


_positions: dict[str, Any] = {}  # position text -> _Entry or _PLAIN
_questions: dict[str, Any] = {}  # rest of the line -> decoded question (position null) or _PLAIN
_texts: dict[Board, dict[tuple, str]] = {}  # board -> four locations of a colour -> their JSON


def _board_texts(b: Board) -> dict[tuple, str]:
    texts = _texts.get(b)
    if texts is None:
        texts = _texts[b] = {}
    return texts


def _remember(cache: dict, key: Any, value: Any, limit: int = CACHE_LIMIT) -> Any:
    if len(cache) >= limit:
        cache.clear()
    cache[key] = value
    return value


def _entry(text: str) -> Any:
    if text.count("{") + text.count("[") > MAX_NESTING:
        return _remember(_positions, text, _PLAIN, POSITIONS_KEPT)
    try:
        value = json.loads(text)
    except ValueError:
        return _remember(_positions, text, _PLAIN, POSITIONS_KEPT)
    return _remember(_positions, text, _Entry(value), POSITIONS_KEPT)


def _question(rest: str) -> Any:
    if "\\" in rest or rest.count('"position"') != 1:
        return _remember(_questions, rest, _PLAIN)
    try:
        value = json.loads(rest)
    except (ValueError, RecursionError):
        return _remember(_questions, rest, _PLAIN)
    if type(value) is not dict or "position" not in value or value["position"] is not None:
        return _remember(_questions, rest, _PLAIN)
    return _remember(_questions, rest, value)


def _split(line: str) -> tuple[_Entry, dict] | None:
    """The line's position entry and the rest of its question, or None: answer it the plain way.

    The position text runs from the ``{`` after ``"position": `` (or ``"position":``) to the ``}``
    that balances the braces. The split is trusted only when (1) that text decodes on its own as JSON
    — an object is self-delimiting, so it is then exactly the value a decoder of the whole line
    reads from that ``{`` — and (2) the rest, with the text replaced by ``null``, decodes to an
    object whose ``"position"`` is that ``null``, contains no backslash (so no key is written
    with escapes) and names ``"position"`` only once (so that key is the top-level one and has
    no duplicate). Then decoding the whole line gives the rest's object with the position's value
    in place of ``null``, and fails exactly when the rest fails. Both decodings are cached under
    their texts; a cache hit is the decoding the same text gave before.
    """
    at = line.find('"position": {')  # as json.dumps writes it
    if at >= 0:
        start = at + 12
    else:
        at = line.find('"position":{')  # compact, as JSON.stringify writes it
        if at < 0:
            return None
        start = at + 11
    pos = line.find("}", start) + 1
    if not pos:
        return None
    opens = 1 + line.count("{", start + 1, pos)
    closes = 1
    while opens != closes:  # braces inside: "rules": {…}
        end = line.find("}", pos)
        if end < 0:
            return None
        opens += line.count("{", pos, end)
        closes += 1
        pos = end + 1
    text = line[start:pos]
    entry = _positions.get(text)
    if entry is None:
        entry = _entry(text)
    if entry is _PLAIN:
        return None
    rest = line[:start] + "null" + line[pos:]
    question = _questions.get(rest)
    if question is None:
        question = _question(rest)
    if question is _PLAIN:
        return None
    return entry, question


def _moves_text(entry: _Entry, seat: Any, card: Any) -> str:
    """``encode(engine.api.moves(…))``: the legal moves found afresh, each written from its text."""
    position = entry.parsed()
    position, card, listed = listed_moves(position, seat, card, entry.table)
    items = entry.items
    return '{"moves": [' + ", ".join([
        items.get((card, parts)) or entry.item(card, parts, locs) for parts, locs in listed
    ]) + "]}"


_LEGAL = encode(verdict_answer(None))
_verdicts: dict[tuple, str] = {}  # a verdict's reason, rule and facts -> its check answer


def _check_text(entry: _Entry, seat: Any, card: Any, move: Any) -> str:
    """``encode(engine.api.check(…))``: judged afresh on the position's kept table; the answer of
    an illegal claim is written once per verdict (it follows from the reason, rule and facts)."""
    position = entry.parsed()
    verdict = claim_verdict(position, seat, card, move, entry.table)
    if verdict is None:
        return _LEGAL
    facts = verdict.facts  # the types too: True and 1 are equal keys, but not the same fact
    key = (verdict.reason, verdict.rule, tuple(facts.items()), tuple(map(type, facts.values())))
    try:
        text = _verdicts.get(key)
    except TypeError:  # a fact that cannot be a key
        return encode(verdict_answer(verdict))
    if text is None:
        text = _remember(_verdicts, key, encode(verdict_answer(verdict)))
    return text


def _chunks(stream: TextIO) -> Iterator[list[str]]:
    """The stream's lines, a chunk at a time, exactly as iterating over the stream gives them.

    For the process's own standard input (POSIX: split at ``\\n`` only, no newline translation)
    the bytes are read as :class:`io.TextIOWrapper` reads them — ``read1`` of 8192 bytes, decoded
    incrementally with the stream's encoding and error handler — so the lines, and even the
    point where undecodable input fails, are the same. Any other stream: a line at a time.
    """
    buffer = getattr(stream, "buffer", None)
    if not (stream is sys.__stdin__ and os.name == "posix" and isinstance(stream, io.TextIOWrapper)
            and hasattr(buffer, "read1")):
        for line in stream:
            yield [line]
        return
    read1 = buffer.read1
    decoder = codecs.getincrementaldecoder(stream.encoding)(stream.errors)
    tail = ""
    while True:
        data = read1(CHUNK)
        text = decoder.decode(data, not data)
        if tail:
            text = tail + text
        lines = text.split("\n")
        tail = lines.pop()
        if lines:
            yield [line + "\n" for line in lines]
        if not data:
            if tail:
                yield [tail]
            return


def _write(out: TextIO, done: list[str]) -> None:
    if done:
        text = "\n".join(done) + "\n"
        done.clear()
        out.write(text)
    out.flush()


def run(stream: TextIO, out: TextIO) -> int:
    """Answer every question line of ``stream`` on ``out``; the exit status (2 if a line was in error).

    Called straight from :func:`engine.cli.main` (no frame in between), so even the nesting at
    which the plain path's ``json.loads`` runs out of recursion is the same as before.
    """
    status = 0
    number = 0
    done: list[str] = []
    try:
        for lines in _chunks(stream):
            for line in lines:
                number += 1
                if not line.strip():
                    continue
                try:
                    split = _split(line)
                    if split is not None:
                        question = dict(split[1])
                        question["position"] = split[0]
                        done.append(dispatch(question, _moves_text, _check_text))
                        continue
                    try:
                        question = json.loads(line)
                    except json.JSONDecodeError as error:
                        raise EngineError(f"line {number} is not valid JSON: {error.msg}") from None
                    done.append(encode(answer(question)))
                except EngineError as error:
                    done.append(encode({"error": str(error)}))
                    status = EXIT_ERROR
            _write(out, done)
    finally:
        _write(out, done)
    return status
