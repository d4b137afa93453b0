"""Names as people type, read and sort them: the one normalisation behind every search, and the one
order of every list of names.

Why one module: at the venue a player types ``zoe ozdemir`` on a phone and expects "Zoë Özdemir";
the desk types ``t hooft`` for "’t Hooft". A database's own case folding differs between SQLite (ASCII
only) and PostgreSQL (collation), and neither ignores accents or apostrophes; so every search compares
:func:`search_key` of the query with :func:`search_key` of the names, in Python, the same on both.
Lists of names (the wall list by team, the check-in list, the places found) sort with :func:`sort_key`,
the way a Dutch club expects: accents and case ignored, "’t Hooft" under H and "van der Berg" under B,
an emoji neither first nor last by accident.

Pure Python, no Django: tested with plain strings. The club's apps import :func:`clean_name` from here
too, without pulling in the tournament core's services, and :func:`clean_member_number`, the Excel import's
and the register's one reading of a member number.
"""

from __future__ import annotations

import unicodedata

APOSTROPHES = "'’‘`´ʼʻ′"
"""Straight, curly and look-alike apostrophes: typed differently by every phone keyboard."""

_LETTERS = str.maketrans({"ø": "o", "đ": "d", "ð": "d", "ł": "l", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i"})
"""Letters that Unicode does not decompose into a base letter and an accent."""

PREFIXES = frozenset({
    "van", "von", "de", "der", "den", "des", "het", "t", "te", "ter", "ten", "in", "op", "aan", "bij",
    "uit", "voor", "onder", "over", "tot", "s", "du", "da", "di", "dos", "del", "la", "le", "d", "l",
})
"""The Dutch *tussenvoegsels* and articles ("’t", "de", "het") and the French, Italian and Portuguese
ones met in clubs, after :func:`search_key` (so "’t" is ``t``): a list passes over them when it sorts
a name that begins with them, and "first name and initial" keeps them
(:func:`tournaments.services.public_names.initialled`)."""


def clean_name(value: object) -> str:
    """A name as people type it: surrounding and repeated spaces removed (every name a form, a sheet or
    a file brings is stored so)."""
    return " ".join(str(value or "").split())


def clean_member_number(value: object) -> str:
    """A member number as typed or read from a sheet: surrounding and repeated spaces removed; a number
    cell (``1234`` or ``1234.0``) as its digits."""
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return clean_name(value)


def search_key(text: str) -> str:
    """``text`` as every search compares it: case-folded, accents and apostrophes removed, hyphens, dots
    and runs of spaces made one space. ``"Zoë Özdemir"`` → ``"zoe ozdemir"``, ``"’t Hooft"`` →
    ``"t hooft"``, ``"De Vries-van Dam"`` → ``"de vries van dam"``."""
    # Decomposed before and after folding: "𝗔" folds only once it is "A", and "İ" folds to "i" + a dot.
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    kept = []
    for char in decomposed:
        if unicodedata.combining(char) or char in APOSTROPHES:
            continue
        kept.append(" " if char in "-‐‑–—_.,/" or char.isspace() else char)
    return " ".join("".join(kept).translate(_LETTERS).split())


def person_key(name: str) -> str:
    """A person as a competition knows them by name (``competition.md``): case, accents, apostrophes and
    runs of spaces do not count, hyphens do. ``"Zoë  Özdemir"`` → ``"zoe ozdemir"``, ``"’t Hooft"`` →
    ``"t hooft"``, ``"Jan-Willem"`` → ``"jan-willem"`` (where :func:`search_key` would say ``"jan willem"``)."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", name).casefold())
    kept = "".join(char for char in decomposed if not unicodedata.combining(char) and char not in APOSTROPHES)
    return " ".join(kept.translate(_LETTERS).split())


def matches(query: str, *texts: str) -> bool:
    """Whether one of ``texts`` holds every word of ``query``, in any order, as :func:`search_key` sees
    them: ``vries anna`` finds "Anna de Vries", ``team 1`` finds "Team 1" but not a team of "Club 1"
    (an empty query matches nothing)."""
    words = search_key(query).split()
    return bool(words) and any(all(word in key for word in words) for key in map(search_key, filter(None, texts)))


def sort_key(name: str, as_written: bool = False) -> tuple[str, str, str]:
    """The key that sorts ``name`` as people expect: by its first real word onwards, accents and case
    ignored; leading *tussenvoegsels* and articles (:data:`PREFIXES`) and emoji passed over, and used
    only to break ties; the name itself last, so the order is total. A name without any letter or digit
    sorts as it is written, after the names with letters. ``as_written``: a team's name, which is no
    surname, keeps its first word ("De Kezers" under D; "de Vries" under V): :func:`entrant_sort_key`."""
    words = [kept for word in search_key(name).split() if (kept := "".join(char for char in word if char.isalnum()))]
    start = 0
    while not as_written and start < len(words) - 1 and words[start] in PREFIXES:
        start += 1
    main = " ".join(words[start:])
    if not main:
        return ("\U0010ffff", name, name)
    return (main, " ".join(words[:start]), name)


def entrant_sort_key(name: str, individual: bool) -> tuple[str, str, str]:
    """How an entrant's name sorts in lists and on the wall: a team's name as written, a player's (an
    individual tournament's entrant) by the Dutch rule for surnames (:func:`sort_key`)."""
    return sort_key(name, as_written=not individual)
