"""``python -m klaverjas batch``: one JSON question per line in, one JSON answer per line out.

Why its own module: test suites send tens of thousands of lines, so the loop does nothing per line
beyond decoding, :func:`klaverjas.api.answer` and encoding. It reads standard input's bytes as
they arrive (``read1``), answers every complete line of a chunk, writes the answers of the chunk
at once and flushes before it waits for more, so a tool that sends one line and waits for its
answer gets it, while a file of 100,000 lines costs a few hundred writes, not 100,000.

Lines: a line that is blank (nothing but spaces, tabs or a carriage return) is skipped and gets no
answer; any other line gets exactly one. A line that is not a JSON object, or not valid JSON or
UTF-8 at all, answers ``invalid-question`` with ``"id": null``. The batch goes on after every
error and exits 0 once its input ends (the errors are answers, not failures).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO, TextIO

from klaverjas.api import answer, error_answer
from klaverjas.errors import KlaverjasError

CHUNK = 65536
_encode_text = json.JSONEncoder(ensure_ascii=False).encode  # the spec's examples: ", " and ": "
_encode_ascii = json.JSONEncoder().encode
_decode = json.JSONDecoder().decode


_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})
"""Characters JSON keeps as they are but Python's ``str.splitlines`` (and JavaScript) break lines at: an
answer echoing one is still one line for every reader."""


def _encode(obj: Any) -> str:
    """JSON as the spec's examples write it; text that UTF-8 cannot carry (a lone surrogate echoed
    from an ``id`` written ``"\\ud800"``) is written with ASCII escapes instead, and a line break other
    than ``\\n`` (:data:`_LINE_BREAKS`) as its escape."""
    text = _encode_text(obj)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return _encode_ascii(obj)
        return text.translate(_LINE_BREAKS)
    return text


def answer_line(line: str | bytes) -> str | None:
    """The answer line (without newline) for one input line; None for a blank line."""
    if not line.strip():
        return None
    try:
        question = _decode(line.decode("utf-8") if isinstance(line, bytes) else line)
    except (ValueError, RecursionError) as error:  # bad JSON, bad UTF-8, nesting past the decoder's depth
        detail = error.msg if isinstance(error, json.JSONDecodeError) else "it cannot be read"
        return _encode(error_answer(None, KlaverjasError(
            "invalid-question", f"the line is not valid JSON ({detail}): a question is one JSON object per line")))
    return _encode(answer(question))


def _chunks(stream: BinaryIO) -> Iterator[list[bytes]]:
    """Complete lines as they arrive, a chunk at a time; the last line may lack its newline."""
    read = getattr(stream, "read1", stream.read)
    tail = b""
    while True:
        data = read(CHUNK)
        if not data:
            if tail:
                yield [tail]
            return
        lines = (tail + data).split(b"\n")
        tail = lines.pop()
        if lines:
            yield lines


def run_binary(stream: BinaryIO, out: BinaryIO) -> int:
    """Answer every line of ``stream`` on ``out`` (both binary); the exit status, 0."""
    for lines in _chunks(stream):
        done = [text for text in map(answer_line, lines) if text is not None]
        if done:
            out.write(("\n".join(done) + "\n").encode("utf-8"))
        out.flush()
    return 0


def run_text(lines: Iterable[str], out: TextIO) -> int:
    """The same over text lines (a list, a StringIO): what tests use in process."""
    for line in lines:
        text = answer_line(line)
        if text is not None:
            out.write(text + "\n")
    out.flush()
    return 0


def run(stream: Any, out: Any) -> int:
    """Answer ``stream`` on ``out``: their byte buffers when they have them (standard input and output)."""
    source, sink = getattr(stream, "buffer", None), getattr(out, "buffer", None)
    if source is not None and sink is not None:
        out.flush()
        return run_binary(source, sink)
    return run_text(stream, out)
