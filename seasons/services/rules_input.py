"""A competition's rules as a director types them, and back: the place-points text
("25, 20, 16, 13, 11, 10"), the period lines ("Autumn: 1-4, best 3"), and the rules in words.

Why apart from the form: the form, the director's page and the public page all show the same
rules, and the typed texts must say what is wrong with them in the director's language, line by
line, before :func:`scoring.competition.parse_rules` (English, the file's words) is asked as the
last guard. Every message here is translated; nothing here writes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.competition import MAX_EVENINGS, Rules, as_number
from tournaments.names import clean_name

MAX_PLACE_POINTS = 1000  # places a table may give points to (parse_rules' limit)
MAX_POINTS = 1_000_000
_NUMBER = r"[0-9]{1,7}"
_RANGE = re.compile(rf"^\s*({_NUMBER})\s*(?:[-–—]\s*({_NUMBER})\s*)?$", re.ASCII)
_PERIOD = re.compile(rf"^(?P<name>[^:]+):(?P<evenings>.*?)[,;]?\s+(?P<word>\S+)\s+(?P<best>{_NUMBER})\s*$")


def best_words() -> set[str]:
    """The word before a period's number of counted evenings: "best", and its translation."""
    return {"best", pgettext("a period's line: Autumn: 1-4, best 3", "best").casefold()}


def place_points_list(text: str) -> list[int]:
    """``"25, 20, 16"`` → ``[25, 20, 16]``; :class:`ValidationError` naming the first wrong entry."""
    parts = [part.strip() for part in re.split(r"[,;\s]+", text.strip()) if part.strip()]
    if not parts:
        raise ValidationError(_("Type the points of the 1st, 2nd, 3rd … place, separated by commas, for "
                                "example 25, 20, 16, 13, 11, 10."))
    if len(parts) > MAX_PLACE_POINTS:
        raise ValidationError(_("At most %(count)s places can get points.") % {"count": MAX_PLACE_POINTS})
    values = []
    for place, part in enumerate(parts, start=1):
        if not re.fullmatch(_NUMBER, part, re.ASCII) or int(part) > MAX_POINTS:
            raise ValidationError(_("Place %(place)s: “%(value)s” is not a whole number of points from 0 to "
                                    "%(most)s.") % {"place": place, "value": part[:20], "most": MAX_POINTS})
        values.append(int(part))
    return values


def place_points_text(values: Any) -> str:
    return ", ".join(str(value) for value in values) if isinstance(values, list | tuple) else ""


@dataclass(frozen=True)
class PeriodLine:
    line: int
    name: str
    evenings: list[int]
    best: int


def _evenings(text: str, line: int, name: str, last: int) -> list[int]:
    evenings: list[int] = []
    for item in (part for part in text.split(",") if part.strip()):
        found = _RANGE.match(item)
        if not found:
            raise ValidationError(_("Line %(line)s (%(name)s): “%(item)s” is not an evening or a range such as 1-4.")
                                  % {"line": line, "name": name, "item": item.strip()[:20]})
        first = int(found.group(1))
        end = int(found.group(2)) if found.group(2) else first
        for number in (first, end):
            if not 1 <= number <= last:
                raise ValidationError(_("Line %(line)s (%(name)s): evening %(evening)s is outside 1…%(last)s, the "
                                        "evenings planned.") % {"line": line, "name": name, "evening": number,
                                                                "last": last})
        if end < first:
            raise ValidationError(_("Line %(line)s (%(name)s): the range %(first)s-%(end)s runs backwards.")
                                  % {"line": line, "name": name, "first": first, "end": end})
        evenings += range(first, end + 1)
    if not evenings:
        raise ValidationError(_("Line %(line)s (%(name)s) names no evenings.") % {"line": line, "name": name})
    return evenings


def period_lines(text: str, last: int | None) -> list[dict]:
    """The period lines ("Autumn: 1-4, best 3", one a line) as the rules' ``periods``, every problem
    named by its line: a line of another shape, an evening outside 1…``last`` (the evenings planned;
    :data:`MAX_EVENINGS` when the rules do not say), periods that overlap, a best larger than the period."""
    last = last or MAX_EVENINGS
    periods: list[PeriodLine] = []
    errors: list[str] = []
    owner: dict[int, str] = {}
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if len(lines) > MAX_EVENINGS:
        raise ValidationError(_("At most %(count)s periods.") % {"count": MAX_EVENINGS})
    shape = _("Line %(line)s: write a period as “name: evenings, best n”, for example “Autumn: 1-4, best 3”.")
    for number, line in lines:
        found = _PERIOD.match(line)
        name = clean_name(found.group("name")) if found else ""
        if not (found and name and len(name) <= 100 and found.group("word").casefold() in best_words()):
            errors.append(shape % {"line": number})
            continue
        best_text, evenings_text = found.group("best"), found.group("evenings")
        try:
            evenings = _evenings(evenings_text, number, name, last)
        except ValidationError as error:
            errors += error.messages
            continue
        twice = next((k for index, k in enumerate(evenings) if k in evenings[:index]), None)
        if twice is not None:
            errors.append(_("Line %(line)s (%(name)s) names evening %(evening)s twice.")
                          % {"line": number, "name": name, "evening": twice})
            continue
        overlap = next((k for k in evenings if k in owner), None)
        if overlap is not None:
            errors.append(_("Periods overlap: evening %(evening)s is in “%(first)s” and in “%(second)s”.")
                          % {"evening": overlap, "first": owner[overlap], "second": name})
            continue
        best = int(best_text)
        if not 1 <= best <= len(evenings):
            errors.append(_("Line %(line)s (%(name)s): best %(best)s cannot be; the period has %(count)s evenings.")
                          % {"line": number, "name": name, "best": best, "count": len(evenings)})
            continue
        owner.update(dict.fromkeys(evenings, name))
        periods.append(PeriodLine(number, name, evenings, best))
    if errors:
        raise ValidationError(errors)
    return [{"name": period.name, "evenings": period.evenings, "best": period.best} for period in periods]


def _ranges(evenings: list[int]) -> str:
    """``[1, 2, 3, 4, 6]`` → ``"1-4, 6"``."""
    parts: list[str] = []
    ordered = sorted(evenings)
    start = previous = ordered[0]
    for number in ordered[1:] + [None]:
        if number is not None and number == previous + 1:
            previous = number
            continue
        parts.append(str(start) if start == previous else f"{start}-{previous}")
        if number is not None:
            start = previous = number
    return ", ".join(parts)


def periods_text(periods: Any) -> str:
    """The rules' ``periods`` as the lines the form shows."""
    if not isinstance(periods, list):
        return ""
    word = pgettext("a period's line: Autumn: 1-4, best 3", "best")
    return "\n".join(f"{period['name']}: {_ranges(period['evenings'])}, {word} {period['best']}"
                     for period in periods if period.get("evenings"))


def number_for_json(value: Decimal) -> int | float:
    """A typed amount as the rules file writes it: an integer when whole."""
    return as_number(value)


def rules_in_words(rules: Rules) -> list[str]:
    """The rules in a few sentences, for the public page, the PDF and the director's page."""
    words: list[str] = []
    if rules.ranks == "teams":
        words.append(_("It ranks fixed teams: the same two people together, whatever the team is called; each "
                       "evening's result is the team's."))
    if rules.per_evening == "points":
        words.append(_("An evening gives each player their points in its standings."))
    elif rules.per_evening == "percentage":
        words.append(_("An evening gives each player their points as a percentage of the evening's best score."))
    elif rules.place_points == "entrants":
        words.append(_("An evening gives points for the place: the number of entrants minus the place plus one."))
    else:
        words.append(_("An evening gives points for the place: %(points)s; later places 0.")
                     % {"points": place_points_text(rules.place_points)})
    if rules.periods:
        words.append(_("Counted: %(periods)s.") % {"periods": "; ".join(
            ngettext("the best evening of %(name)s (%(evenings)s)", "the best %(count)s of %(name)s (%(evenings)s)",
                     period.best) % {"count": period.best, "name": period.name, "evenings": _ranges(list(period.evenings))}
            for period in rules.periods)})
    elif rules.best is not None:
        words.append(_("The best %(best)s of %(of)s evenings count.") % {"best": rules.best, "of": rules.of})
    else:
        words.append(_("Every evening counts."))
    if rules.absence_points is not None:
        if rules.absence_points == "average":
            points = _("the player's average")
        else:
            value = as_number(rules.absence_points)
            points = ngettext("%(points)s point", "%(points)s points", value if isinstance(value, int) else 2) \
                % {"points": value}
        if rules.absence_max is None:
            words.append(_("An excused absence gives %(points)s.") % {"points": points})
        else:
            words.append(ngettext("An excused absence gives %(points)s, once at most.",
                                  "An excused absence gives %(points)s, at most %(count)s times.",
                                  rules.absence_max) % {"points": points, "count": rules.absence_max})
    if rules.minimum_evenings:
        words.append(ngettext("Ranked after playing %(count)s evening.", "Ranked after playing %(count)s evenings.",
                              rules.minimum_evenings) % {"count": rules.minimum_evenings})
    words.append(_("Ties: more evenings counted, then the best single result, then lot."))
    return words
