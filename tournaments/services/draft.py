"""Reviewing a draft round: its flags, changing who sits where, and publishing it.

Why flags are computed from the database and not kept from the generator: after the director
swaps teams the generator's flags are stale; the same function reads whatever the round holds.

Every change of seating goes through :func:`set_seating`, which checks the complete new
arrangement (no team twice, no team dropped, table sizes, withdrawn teams) before it deletes and
rewrites the round's tables in one transaction. A swap or a typed arrangement is just a way of
making a new arrangement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from tournaments.models import Bye, Round, RoundStatus, Team
from tournaments.numbers import whole_or
from tournaments.services import lifecycle, print_files
from tournaments.services.pairing import (
    check_can_redraw,
    individual_history,
    opponents_before,
    teams_to_draw,
    write_tables,
)


@dataclass(frozen=True)
class Flag:
    """Something the director should look at before publishing."""

    kind: str  # rematch, same-club, three-team, bye, not-placed, withdrawn
    message: str
    table: int | None = None


@dataclass
class Seating:
    """A round's arrangement: team pks per table (in table order, sheet order) and the byes. In an
    individual tournament consecutive entrants of a table are a pair (``12 7 4 9``)."""

    tables: list[list[int]] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list, compare=False)  # each table's number, when read from the round

    def placed(self) -> list[int]:
        return [pk for table in self.tables for pk in table] + list(self.byes)


def current_seating(round_: Round) -> Seating:
    seating = Seating()
    for table in round_.tables.order_by("number").prefetch_related("seats"):
        seating.tables.append([seat.team_id for seat in sorted(table.seats.all(), key=lambda s: (s.position, s.member))])
        seating.numbers.append(table.number)
    seating.byes = list(round_.byes.order_by("team__number").values_list("team_id", flat=True))
    return seating


def round_flags(round_: Round) -> list[Flag]:
    """Rematches, same-club tables, tables of three, byes, teams without a place, withdrawn teams. A
    finals round has none: its tables are the bracket's, where meeting again is the point and most
    teams have no place."""
    if round_.final:
        return []
    tournament = round_.tournament
    teams = {team.pk: team for team in tournament.teams.select_related("club")}
    seating = current_seating(round_)
    # Players alone meet again where the numbers force it (the draw keeps it as rare as it can): only
    # a partner again is worth a flag; teams that meet again are.
    met = {} if tournament.individual else opponents_before(round_)
    partnered = _partners_before(round_) if tournament.individual else {}
    flags: list[Flag] = []
    for number, table in zip(seating.numbers, seating.tables):
        for a, b in combinations(table, 2):
            pair = {"a": teams[a], "b": teams[b]}
            together = tournament.individual and table.index(a) // 2 == table.index(b) // 2
            if together and b in partnered.get(a, ()):
                flags.append(Flag("partners-again", _("Partners again: %(a)s and %(b)s partner each other in another round too.") % pair,
                                  number))
            elif b in met.get(a, ()):
                flags.append(Flag("rematch", _("Rematch: %(a)s and %(b)s have met before.") % pair, number))
            if teams[a].club_id and teams[a].club_id == teams[b].club_id:
                flags.append(Flag("same-club", _("Same club: %(a)s and %(b)s are both from %(club)s.")
                                  % {**pair, "club": teams[a].club}, number))
        if len(table) == 3 * _per_side(tournament):
            flags.append(Flag("three-team", _("Table of three pairs (six-player board).") if tournament.individual
                              else _("Table of three teams (six-player board)."), number))
        for pk in table:
            if teams[pk].withdrawn:
                flags.append(Flag("withdrawn", _("%(team)s has withdrawn.") % {"team": teams[pk]}, number))
    for pk in seating.byes:
        flags.append(Flag("bye", _("Bye: %(team)s.") % {"team": teams[pk]}))
    placed = set(seating.placed())
    for team in teams_to_draw(tournament):
        if team.pk not in placed:
            flags.append(Flag("not-placed", _("%(team)s has no place in this round.") % {"team": team}))
    return flags


def _per_side(tournament) -> int:
    """Entrants per side of a table: a team, or the two players of a pair."""
    return 2 if tournament.individual else 1


def _partners_before(round_: Round) -> dict[int, set[int]]:
    """Entrant pk → the entrants it partners in the tournament's other rounds (individual tournaments;
    later rounds of a planned day too)."""
    partners: dict[int, set[int]] = {}
    for earlier in individual_history(round_.tournament, round_.number):
        for table in earlier.tables:
            for a, b in table.pairs:
                partners.setdefault(int(a), set()).add(int(b))
                partners.setdefault(int(b), set()).add(int(a))
    return partners


@dataclass
class TypedArrangement:
    """An arrangement as the director typed it (``3: 12 7`` per table, ``bye: 5``), read but not yet
    checked against the round: the seating it describes, where each table and bye was typed, and what
    could not be read."""

    seating: Seating
    table_numbers: list[int]  # the typed number of each table of ``seating``
    table_lines: list[int]  # the line of each table
    bye_lines: list[int]  # the line of each bye
    problems: list[tuple[int | None, str]]
    unclear: bool = False  # a line could not be read, or a table was typed twice: who sits where is unknown
    unknown_team_lines: set[int] = field(default_factory=set)  # lines that name a team that does not exist


def seating_problems(round_: Round, new: Seating, typed: TypedArrangement | None = None) -> list[tuple[int | None, str]]:
    """Every reason ``new`` cannot replace the round's arrangement, each with the line it was typed on
    when ``typed`` tells (``None``: the round as a whole, or an arrangement not typed); empty when it can."""
    tournament = round_.tournament
    problems: list[tuple[int | None, str]] = [(None, message) for message in check_can_redraw(round_)]
    teams = {team.pk: team for team in tournament.teams.all()}
    numbers = typed.table_numbers if typed else list(range(1, len(new.tables) + 1))
    table_lines: list[int | None] = list(typed.table_lines) if typed else [None] * len(new.tables)
    bye_lines: list[int | None] = list(typed.bye_lines) if typed else [None] * len(new.byes)
    placements = [(pk, line) for table, line in zip(new.tables, table_lines) for pk in table]
    placements += list(zip(new.byes, bye_lines))
    seen: set[int] = set()
    for pk, line in placements:
        if pk not in teams:
            problems.append((line, _("Team id %(pk)s is not in this tournament.") % {"pk": pk}))
        elif pk in seen:
            problems.append((line, _("%(team)s would be placed twice.") % {"team": teams[pk]}))
        elif teams[pk].withdrawn:
            problems.append((line, _("%(team)s has withdrawn and cannot be placed.") % {"team": teams[pk]}))
        seen.add(pk)
    if not (typed and typed.unclear):  # a line that could not be read says nothing about who is on it
        for pk in current_seating(round_).placed():
            if pk not in seen:
                problems.append((None, _("%(team)s would lose its place in this round.") % {"team": teams[pk]}))
    sizes = tournament.sides_per_table
    unknown = typed.unknown_team_lines if typed else set()
    per_side = _per_side(tournament)
    for table, number, line in zip(new.tables, numbers, table_lines):
        if len(table) not in [size * per_side for size in sizes] and line not in unknown:
            message = (_("Table %(number)s would seat %(count)s players; a table seats %(allowed)s (two per pair).")
                       if tournament.individual else
                       _("Table %(number)s would seat %(count)s teams; a table seats %(allowed)s."))
            problems.append((line, message % {
                "number": number, "count": len(table),
                "allowed": _(" or ").join(str(s * per_side) for s in sizes)}))
    if len(new.byes) > 1 and not tournament.individual:
        problems.append((bye_lines[-1], _("At most one team can have a bye in a round.")))
    earlier = set(Bye.objects.filter(team_id__in=new.byes).exclude(round=round_).values_list("team_id", flat=True))
    for pk, line in zip(new.byes, bye_lines):
        if pk in earlier:
            problems.append((line, _("%(team)s has had a bye already; nobody sits out twice.") % {"team": teams[pk]}))
    return problems


def check_seating(round_: Round, new: Seating) -> list[str]:
    """Every reason ``new`` cannot replace the round's arrangement (:func:`seating_problems`); empty when it can."""
    return [message for _line, message in seating_problems(round_, new)]


def set_seating(round_: Round, new: Seating) -> None:
    """Replace the draft's arrangement by ``new``, or raise ValidationError listing every problem."""
    errors = check_seating(round_, new)
    if errors:
        raise ValidationError(errors)
    teams = {str(team.pk): team for team in round_.tournament.teams.all()}
    tables = [(number, tuple(str(pk) for pk in table)) for number, table in enumerate(new.tables, 1)]
    with transaction.atomic():
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        errors = check_seating(locked, new)
        if errors:
            raise ValidationError(errors)
        write_tables(locked, tables, [str(pk) for pk in new.byes], teams)


def swap_teams(round_: Round, first: Team, second: Team) -> None:
    """Exchange the places of two teams of the round (a table seat or the bye)."""
    if first.pk == second.pk:
        raise ValidationError(_("Choose two different teams to swap."))
    seating = current_seating(round_)
    where = {}
    for slots in [*seating.tables, seating.byes]:
        for i, pk in enumerate(slots):
            where[pk] = (slots, i)
    for team in (first, second):
        if team.pk not in where:
            raise ValidationError(
                _("%(team)s has no place in this round, so swapping would drop the other team. "
                  "Edit the arrangement instead.") % {"team": team}
            )
    (slots_a, i), (slots_b, j) = where[first.pk], where[second.pk]
    slots_a[i], slots_b[j] = second.pk, first.pk
    set_seating(round_, seating)


ARRANGEMENT_LINE = re.compile(r"^\s*(?:(?P<table>\d+)|(?P<bye>[^\W\d_]+))\s*:\s*(?P<teams>[\d\s,]*)$")
BYE_WORDS = {"bye", "vrij"}  # understood in either language, whichever the page is in


def arrangement_text(round_: Round) -> str:
    """The round's arrangement as the director edits it: ``3: 12 7`` per table, ``bye: 5``."""
    numbers = dict(round_.tournament.teams.values_list("pk", "number"))
    seating = current_seating(round_)
    lines = [f"{i}: " + " ".join(str(numbers[pk]) for pk in table) for i, table in enumerate(seating.tables, 1)]
    lines += [pgettext("arrangement keyword", "bye") + ": " + str(numbers[pk]) for pk in seating.byes]
    return "\n".join(lines)


def read_arrangement(round_: Round, text: str) -> TypedArrangement:
    """Read a typed arrangement, line by line: the seating it describes and every line that cannot be
    read (not "table: team numbers", a team or table number that does not exist, a table twice)."""
    by_number = dict(round_.tournament.teams.values_list("number", "pk"))
    bye_words = BYE_WORDS | {pgettext("arrangement keyword", "bye").lower()}
    typed = TypedArrangement(Seating(), [], [], [], [])
    tables: dict[int, tuple[list[int], int]] = {}
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = ARRANGEMENT_LINE.match(line)
        table = whole_or(match["table"], None) if match and match["table"] else None
        if not match or (match["bye"] and match["bye"].lower() not in bye_words) or (match["table"] and table is None):
            typed.problems.append((line_number, _("Line %(line)s: write “table: team numbers”, e.g. “3: 12 7”, or "
                                                  "“bye: 5”.") % {"line": line_number}))
            typed.unclear = True
            continue
        pks = []
        for token in (token for token in re.split(r"[\s,]+", match["teams"].strip()) if token):
            pk = by_number.get(whole_or(token))
            if pk is None:
                typed.problems.append((line_number, _("Line %(line)s: there is no team %(number)s.")
                                       % {"line": line_number, "number": token[:20]}))
                typed.unknown_team_lines.add(line_number)
            else:
                pks.append(pk)
        if match["bye"]:
            typed.seating.byes += pks
            typed.bye_lines += [line_number] * len(pks)
        elif table in tables:
            typed.problems.append((line_number, _("Line %(line)s: table %(table)s is written twice.")
                                   % {"line": line_number, "table": table}))
            typed.unclear = True
        else:
            tables[table] = (pks, line_number)
    typed.table_numbers = sorted(tables)
    typed.seating.tables = [tables[number][0] for number in typed.table_numbers]
    typed.table_lines = [tables[number][1] for number in typed.table_numbers]
    return typed


def parse_arrangement(round_: Round, text: str) -> Seating:
    """Read a typed arrangement; raise ValidationError naming every line that cannot be read."""
    typed = read_arrangement(round_, text)
    if typed.problems:
        raise ValidationError([message for _line, message in typed.problems])
    return typed.seating


def arrangement_problems(round_: Round, text: str) -> list[tuple[int | None, str]]:
    """Every problem of a typed arrangement at once, in line order, each with its line (None: the round
    as a whole): what :func:`read_arrangement` cannot read, then what :func:`seating_problems` refuses
    (a table of the wrong size by its typed number, a team twice or withdrawn, more than one bye, a team
    left without a place — only when every line could be read). :func:`set_seating` checks again under
    the round's lock."""
    typed = read_arrangement(round_, text)
    problems = typed.problems + seating_problems(round_, typed.seating, typed)
    return sorted(problems, key=lambda problem: problem[0] or 0)


def publish(round_: Round, site_url: str | None = None) -> None:
    """Players see the round from now on; its tables are fixed. With ``site_url`` (the address the
    director uses, where the QR codes point) its table cards and wall lists start being made."""
    with transaction.atomic():
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        if locked.status != RoundStatus.DRAFT:
            raise ValidationError(_("Round %(number)s is already published.") % {"number": locked.number})
        if not locked.tables.exists():
            raise ValidationError(_("Round %(number)s has no tables yet.") % {"number": locked.number})
        locked.status = RoundStatus.PUBLISHED
        locked.save(update_fields=["status"])
        lifecycle.update_status(round_.tournament)
    round_.refresh_from_db()
    if site_url is not None:
        print_files.prepare_round(round_, site_url)


def unpublish(round_: Round) -> None:
    """Back to draft, to change the tables — only before the clock started and any result."""
    with transaction.atomic():
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        if locked.status != RoundStatus.PUBLISHED:
            raise ValidationError(_("Only a published round whose clock has not started can return to draft."))
        if locked.tables.with_sheet().exists():
            raise ValidationError(_("Round %(number)s already has results; its tables cannot change.")
                                  % {"number": locked.number})
        locked.status = RoundStatus.DRAFT
        locked.save(update_fields=["status"])
        lifecycle.update_status(round_.tournament)
    round_.refresh_from_db()
