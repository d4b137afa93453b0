"""The prize list as the director types it: one prize per line, in the order they are handed out.

Why text: a prize-giving is a list ("1: vlaai", "2: a bottle of wine", …) that a director writes
faster than any form takes it, and reorders by moving lines, as the round's arrangement is typed
(:mod:`tournaments.services.draft`). A line is what decides the prize, a colon, what is given:

- ``1: vlaai`` — place 1;
- ``youth: a cake`` — the best of the category "youth" (``youth 2: …`` the second best);
- ``booby: a wooden spoon`` — the last place (``booby 2: …`` the one above it);
- ``club: the cup`` — the best club (``club 2: …`` the second club).

The words ``booby`` and ``club`` are understood in English and Dutch (``poedel``, ``poedelprijs``,
``beste club``), whichever language the page is in; categories by their name, ignoring case.
Nothing here touches the database: the categories come in as a dict.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from prizes import awarding
from prizes.models import MAX_NUMBER, PRIZE_MAX_LENGTH
from tournaments.numbers import whole_or

MAX_PRIZES = 500
BOOBY_WORDS = {"booby", "booby prize", "poedel", "poedelprijs"}  # either language, whichever the page is in
CLUB_WORDS = {"club", "best club", "beste club"}
_NUMBERED = re.compile(r"^(?P<base>.*\S)\s+(?P<number>[0-9]+)$")


def booby_word() -> str:
    return pgettext("prize keyword", "booby")


def club_word() -> str:
    return pgettext("prize keyword", "club")


def name_key(name: str) -> str:
    """A category's name as typed names are matched: spaces normalised, case ignored."""
    return " ".join(name.split()).casefold()


def keywords() -> set[str]:
    """Every word that names the booby prize or the best club (a category may not be called so)."""
    return {name_key(word) for word in BOOBY_WORDS | CLUB_WORDS | {booby_word(), club_word()}}


@dataclass(frozen=True)
class TypedPrize:
    """A prize as read from its ``line``: what is given and its rule."""

    line: int
    what: str
    rule: awarding.Rule


@dataclass
class Typed:
    prizes: list[TypedPrize]
    problems: list[str]


def help_text() -> str:
    return _("One prize per line, in the order they are handed out: what decides it, a colon, and what is "
             "given. “1: vlaai” is place 1; “youth: a cake” the best of the category youth (“youth 2: …” the "
             "second best); “%(booby)s: a wooden spoon” the last place; “%(club)s: the cup” the best club.") % {
        "booby": booby_word(), "club": club_word()}


def _line_of(rule: awarding.Rule, what: str, names: Mapping[object, str]) -> str:
    if rule.kind == awarding.PLACE:
        return f"{rule.number}: {what}"
    head = {awarding.CATEGORY: names.get(rule.category, "?"), awarding.BOOBY: booby_word(),
            awarding.BEST_CLUB: club_word()}[rule.kind]
    return f"{head}{'' if rule.number == 1 else f' {rule.number}'}: {what}"


def prize_lines(prizes: Iterable[tuple[awarding.Rule, str]], names: Mapping[object, str]) -> str:
    """The text of ``prizes`` ((rule, what) in handing-out order), categories named by ``names`` (id → name)."""
    return "\n".join(_line_of(rule, what, names) for rule, what in prizes)


def _rule(head: str, categories: Mapping[str, object]) -> awarding.Rule | None:
    """The rule ``head`` names; None when it names none. A whole name is tried before a name and a
    number, so a category "U 18" is not "U" number 18."""
    number = whole_or(head, None, 1)
    if number is not None:
        return awarding.Rule(awarding.PLACE, number)
    found = _named(name_key(head), 1, categories)
    if found is not None:
        return found
    match = _NUMBERED.match(head)
    if match is None:
        return None
    return _named(name_key(match["base"]), whole_or(match["number"], 0), categories)


def _named(key: str, number: int, categories: Mapping[str, object]) -> awarding.Rule | None:
    if number < 1:
        return None
    if key in categories:
        return awarding.Rule(awarding.CATEGORY, number, categories[key])
    if key in {name_key(word) for word in BOOBY_WORDS | {booby_word()}}:
        return awarding.Rule(awarding.BOOBY, number)
    if key in {name_key(word) for word in CLUB_WORDS | {club_word()}}:
        return awarding.Rule(awarding.BEST_CLUB, number)
    return None


def read_prizes(text: str, categories: Mapping[str, object]) -> Typed:
    """Every line of ``text`` read: the prizes, and every line that cannot be read, by its number.
    ``categories``: :func:`name_key` of each category's name → its id."""
    typed = Typed([], [])
    lines = [(number, line) for number, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if len(lines) > MAX_PRIZES:
        typed.problems.append(_("%(count)s prizes: at most %(max)s fit in one list.")
                              % {"count": len(lines), "max": MAX_PRIZES})
        return typed
    for number, line in lines:
        head, colon, what = line.partition(":")
        head, what = " ".join(head.split()), " ".join(what.split())
        if not colon or not head:
            typed.problems.append(_("Line %(line)s: write what decides the prize, a colon and what is given, "
                                    "e.g. “1: vlaai”.") % {"line": number})
            continue
        if not what:
            typed.problems.append(_("Line %(line)s: say what is given after the colon.") % {"line": number})
            continue
        if len(what) > PRIZE_MAX_LENGTH:
            typed.problems.append(_("Line %(line)s: the prize is %(length)s characters long; at most %(max)s fit.")
                                  % {"line": number, "length": len(what), "max": PRIZE_MAX_LENGTH})
            continue
        rule = _rule(head, categories)
        if whole_or(head) == 0:
            typed.problems.append(_("Line %(line)s: places start at 1.") % {"line": number})
        elif rule is None:
            typed.problems.append(_("Line %(line)s: “%(rule)s” is not a place, a category of this tournament, "
                                    "“%(booby)s” or “%(club)s”.") % {
                "line": number, "rule": head[:40], "booby": booby_word(), "club": club_word()})
        elif rule.number > MAX_NUMBER:
            typed.problems.append(_("Line %(line)s: %(number)s is more places than any tournament has.")
                                  % {"line": number, "number": head.rsplit(None, 1)[-1][:20]})
        else:
            typed.prizes.append(TypedPrize(number, what, rule))
    return typed
