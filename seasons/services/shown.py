"""A competition's standings as a page, the PDF and the workbook show them: names under the
competition's privacy setting, each evening's result marked counted, dropped or excused, the
movement in words, and the "after evening N" a request asks for.

Why one module: the public page, the notice-board PDF and the workbook leave the director's
laptop, so they take their names from :func:`shown_lines` only (``Competition.public_names``,
through :func:`tournaments.services.public_names.shown_name`); the director's own pages use the
same lines with full names.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.competition import Result, Row, as_number
from seasons.models import Competition
from seasons.services.standings import CompetitionStandings, Line, held
from tournaments.models import PublicNames
from tournaments.numbers import whole_or
from tournaments.services.public_names import shown_name


class AfterError(ValueError):
    """``?after=`` names no evening of the competition."""


def after_of(competition: Competition, value: str | None) -> int | None:
    """The evening ``?after=N`` asks for (None: the last held); :class:`AfterError` when N is not an
    evening of the competition."""
    if value is None or value == "":
        return None
    count = competition.evenings.count()
    after = whole_or(value, low=1, high=max(count, 1))
    if after is None or after > count:
        raise AfterError(_("The link asks for the standings after an evening this competition does not have; its "
                           "evenings are 1 to %(count)s.") % {"count": count}
                         if count else _("This competition has no evenings yet."))
    return after


@dataclass(frozen=True)
class Mark:
    """One evening of a person's line: its number, points and whether it counts."""

    evening: int
    points: int | float
    counted: bool
    excused: bool


@dataclass(frozen=True)
class ShownLine:
    """A line of the standings as shown: the name under the privacy setting, the evenings as marks."""

    line: Line
    name: str
    marks: tuple[Mark, ...]
    compared: bool = False  # the standings were compared with an earlier evening (a movement to show)

    @property
    def row(self) -> Row:
        return self.line.row

    @property
    def rank(self) -> int | None:
        return self.line.row.rank

    @property
    def points(self) -> int | float:
        return as_number(self.line.row.points)

    @property
    def movement(self) -> str:
        """``up`` / ``down`` / ``same`` / ``new`` / ``""`` (no earlier evening, or unranked)."""
        return movement_kind(self.line, self.compared)

    @property
    def moved(self) -> int:
        return abs(self.line.movement or 0)

    def by_evening(self) -> dict[int, Mark]:
        return {mark.evening: mark for mark in self.marks}


def movement_kind(line: Line, compared: bool) -> str:
    if not compared or line.row.rank is None:
        return ""
    if line.movement is None:
        return "new"
    return "up" if line.movement > 0 else "down" if line.movement < 0 else "same"


def movement_text(shown: ShownLine) -> str:
    """The movement in a cell of text: ↑3, ↓1, =, new."""
    kind = shown.movement
    return {"up": f"↑{shown.moved}", "down": f"↓{shown.moved}", "same": "=", "new": _("new")}.get(kind, "")


def _marks(counted: tuple[Result, ...], dropped: tuple[Result, ...]) -> tuple[Mark, ...]:
    marks = [Mark(r.evening, as_number(r.points), True, r.excused) for r in counted]
    marks += [Mark(r.evening, as_number(r.points), False, r.excused) for r in dropped]
    return tuple(sorted(marks, key=lambda mark: mark.evening))


def shown_lines(report: CompetitionStandings, public: bool) -> list[ShownLine]:
    """The report's lines with names as shown: when ``public`` (a page, file or sheet that leaves the
    laptop) the strictest of the competition's setting and its evenings' (:func:`strictest`), else full names. Under "team names only" a person of a
    competition has no team to be shown by: they are "Player 1", "Player 2", … in the list's order."""
    setting = strictest([report.competition.public_names, *(e.tournament.public_names for e in report.evenings)]) \
        if public else PublicNames.FULL
    compared = len(report.held) > 1
    shown = []
    teams = report.competition.rules.get("ranks") == "teams"  # a team's name is public under every setting
    for index, line in enumerate(report.lines, start=1):
        name = line.name if teams else shown_name(line.name, setting) or _("Player %(number)s") % {"number": index}
        shown.append(ShownLine(line=line, name=name, marks=_marks(line.row.counted, line.row.dropped),
                               compared=compared))
    return shown


PRIVACY_ORDER = (PublicNames.FULL, PublicNames.FIRST_INITIAL, PublicNames.TEAMS_ONLY)


def strictest(settings: list[str]) -> str:
    """The setting that shows least of ``settings``: a competition never shows a name more fully than
    the least revealing of its own setting and its evenings' (a youth evening's initials stay initials)."""
    return max(settings, key=lambda setting: PRIVACY_ORDER.index(setting) if setting in PRIVACY_ORDER else 0)


def split_ranked(lines: list[ShownLine]) -> tuple[list[ShownLine], list[ShownLine]]:
    """(ranked, unranked) lines."""
    return [line for line in lines if line.rank is not None], [line for line in lines if line.rank is None]


def evening_choices(report: CompetitionStandings) -> list[int]:
    """Every evening held (also those after ``report.after``), for the "after evening N" selector."""
    return [evening.number for evening in report.evenings if held(evening)]
