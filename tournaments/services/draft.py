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

from tournaments.pairing import Pairing, PairedTable
from tournaments.models import Round, RoundStatus, Team
from tournaments.numbers import whole_or
from tournaments.services import lifecycle, print_files
from tournaments.services.pairing import (
    check_can_redraw,
    opponents_before,
    teams_to_draw,
    write_pairing,
)


@dataclass(frozen=True)
class Flag:
    """Something the director should look at before publishing."""

    kind: str  # rematch, same-club, three-team, bye, not-placed, withdrawn
    message: str
    table: int | None = None


@dataclass
class Seating:
    """A round's arrangement: team pks per table (in table order, sheet order) and the byes."""

    tables: list[list[int]] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)

    def placed(self) -> list[int]:
        return [pk for table in self.tables for pk in table] + list(self.byes)


def current_seating(round_: Round) -> Seating:
    seating = Seating()
    for table in round_.tables.order_by("number").prefetch_related("seats"):
        seating.tables.append([seat.team_id for seat in sorted(table.seats.all(), key=lambda s: s.position)])
    seating.byes = list(round_.byes.order_by("team__number").values_list("team_id", flat=True))
    return seating


def round_flags(round_: Round) -> list[Flag]:
    """Rematches, same-club tables, tables of three, byes, teams without a place, withdrawn teams."""
    tournament = round_.tournament
    teams = {team.pk: team for team in tournament.teams.select_related("club")}
    seating = current_seating(round_)
    met = opponents_before(round_)
    flags: list[Flag] = []
    for number, table in enumerate(seating.tables, start=1):
        for a, b in combinations(table, 2):
            pair = {"a": teams[a], "b": teams[b]}
            if b in met.get(a, ()):
                flags.append(Flag("rematch", _("Rematch: %(a)s and %(b)s have met before.") % pair, number))
            if teams[a].club_id and teams[a].club_id == teams[b].club_id:
                flags.append(Flag("same-club", _("Same club: %(a)s and %(b)s are both from %(club)s.")
                                  % {**pair, "club": teams[a].club}, number))
        if len(table) == 3:
            flags.append(Flag("three-team", _("Table of three teams (six-player board)."), number))
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


def check_seating(round_: Round, new: Seating) -> list[str]:
    """Every reason ``new`` cannot replace the round's arrangement; empty when it can."""
    tournament = round_.tournament
    errors = check_can_redraw(round_)
    teams = {team.pk: team for team in tournament.teams.all()}
    seen: set[int] = set()
    for pk in new.placed():
        if pk not in teams:
            errors.append(_("Team id %(pk)s is not in this tournament.") % {"pk": pk})
        elif pk in seen:
            errors.append(_("%(team)s would be placed twice.") % {"team": teams[pk]})
        elif teams[pk].withdrawn:
            errors.append(_("%(team)s has withdrawn and cannot be placed.") % {"team": teams[pk]})
        seen.add(pk)
    for pk in current_seating(round_).placed():
        if pk not in seen:
            errors.append(_("%(team)s would lose its place in this round.") % {"team": teams[pk]})
    sizes = (2, 3) if tournament.teams_per_table == 3 or tournament.three_team_table else (2,)
    for number, table in enumerate(new.tables, start=1):
        if len(table) not in sizes:
            errors.append(_("Table %(number)s would seat %(count)s teams; a table seats %(allowed)s.") % {
                "number": number, "count": len(table), "allowed": _(" or ").join(str(s) for s in sizes)})
    if len(new.byes) > 1:
        errors.append(_("At most one team can have a bye in a round."))
    return errors


def set_seating(round_: Round, new: Seating) -> None:
    """Replace the draft's arrangement by ``new``, or raise ValidationError listing every problem."""
    errors = check_seating(round_, new)
    if errors:
        raise ValidationError(errors)
    teams = {str(team.pk): team for team in round_.tournament.teams.all()}
    result = Pairing(
        tuple(PairedTable(number, tuple(str(pk) for pk in table)) for number, table in enumerate(new.tables, 1)),
        str(new.byes[0]) if new.byes else None,
    )
    with transaction.atomic():
        locked = Round.objects.select_for_update().get(pk=round_.pk)
        errors = check_seating(locked, new)
        if errors:
            raise ValidationError(errors)
        write_pairing(locked, result, teams)


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


def parse_arrangement(round_: Round, text: str) -> Seating:
    """Read a typed arrangement; raise ValidationError naming every bad line."""
    by_number = {team.number: team.pk for team in round_.tournament.teams.all()}
    errors, tables, byes = [], {}, []
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = ARRANGEMENT_LINE.match(line)
        if match and match["bye"] and match["bye"].lower() not in BYE_WORDS | {pgettext("arrangement keyword", "bye").lower()}:
            match = None
        if not match:
            errors.append(_("Line %(line)s: write “table: team numbers”, e.g. “3: 12 7”, or “bye: 5”.")
                          % {"line": line_number})
            continue
        pks = []
        for token in re.split(r"[\s,]+", match["teams"].strip()):
            if not token:
                continue
            if int(token) not in by_number:
                errors.append(_("Line %(line)s: there is no team %(number)s.") % {"line": line_number, "number": token})
            else:
                pks.append(by_number[int(token)])
        if match["bye"]:
            byes.extend(pks)
        elif int(match["table"]) in tables:
            errors.append(_("Line %(line)s: table %(table)s is written twice.")
                          % {"line": line_number, "table": match["table"]})
        else:
            tables[int(match["table"])] = pks
    if errors:
        raise ValidationError(errors)
    return Seating(tables=[tables[n] for n in sorted(tables)], byes=byes)


def arrangement_problems(round_: Round, text: str) -> list[tuple[int | None, str]]:
    """Every problem of a typed arrangement at once, each with its line (None: the round as a whole):
    a line that cannot be read, a team or table that does not exist or is written twice, a table of
    the wrong size (by its typed number), a withdrawn team, more than one bye, a team left without a
    place (only when every line could be read: a line that could not be read says nothing about who
    is on it). :func:`set_seating` checks again under the round's lock."""
    tournament = round_.tournament
    problems: list[tuple[int | None, str]] = [(None, message) for message in check_can_redraw(round_)]
    teams = {team.pk: team for team in tournament.teams.all()}
    by_number = {team.number: team.pk for team in teams.values()}
    sizes = (2, 3) if tournament.teams_per_table == 3 or tournament.three_team_table else (2,)
    bye_words = BYE_WORDS | {pgettext("arrangement keyword", "bye").lower()}
    placed: set[int] = set()
    tables: set[int] = set()
    byes = 0
    unreadable = False
    for line_number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = ARRANGEMENT_LINE.match(line)
        table = whole_or(match["table"], None) if match and match["table"] else None
        if not match or (match["bye"] and match["bye"].lower() not in bye_words) or (match["table"] and table is None):
            problems.append((line_number, _("Line %(line)s: write “table: team numbers”, e.g. “3: 12 7”, or “bye: 5”.")
                             % {"line": line_number}))
            unreadable = True
            continue
        tokens = [token for token in re.split(r"[\s,]+", match["teams"].strip()) if token]
        for token in tokens:
            pk = by_number.get(whole_or(token))
            if pk is None:
                problems.append((line_number, _("Line %(line)s: there is no team %(number)s.")
                                 % {"line": line_number, "number": token[:20]}))
            elif pk in placed:
                problems.append((line_number, _("%(team)s would be placed twice.") % {"team": teams[pk]}))
            elif teams[pk].withdrawn:
                problems.append((line_number, _("%(team)s has withdrawn and cannot be placed.") % {"team": teams[pk]}))
            if pk is not None:
                placed.add(pk)
        if match["bye"]:
            byes += len(tokens)
            if byes > 1:
                problems.append((line_number, _("At most one team can have a bye in a round.")))
        elif table in tables:
            problems.append((line_number, _("Line %(line)s: table %(table)s is written twice.")
                             % {"line": line_number, "table": table}))
        else:
            tables.add(table)
            if len(tokens) not in sizes:
                problems.append((line_number, _("Table %(number)s would seat %(count)s teams; a table seats %(allowed)s.")
                                 % {"number": table, "count": len(tokens),
                                    "allowed": _(" or ").join(str(size) for size in sizes)}))
    if not unreadable:
        for pk in current_seating(round_).placed():
            if pk not in placed:
                problems.append((None, _("%(team)s would lose its place in this round.") % {"team": teams[pk]}))
    return problems


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
