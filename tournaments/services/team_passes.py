"""The team pass: a private link per team (per player in individual entry) for the whole day.

Why: a team's code changes every round and sits on a paper slip; "find my table" asks for a name
each round. The pass (a QR code on a card handed out at the door, ``/p/<token>/``) shows the team
its table and opponents the moment a round is published, its table's sheet with the actions open
to it — the pass proves who it is, so no code is typed —, its results and place, and lets it check
itself in while the door is open (:mod:`.door_window`).

The token is a secret like a table link's: 128 random bits, never on a public page, ``noindex``.
The director replaces a lost pass; the old link then opens nothing. Unknown tokens are counted per
address as unknown table links are (``table_entry.LINK_TRIES``), so nobody guesses passes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.db import transaction
from django.db.models import QuerySet

from tournaments.models import Result, Round, Table, Team, new_pass_token
from tournaments.services.clock import current_round
from tournaments.services.places import Place, place_of
from tournaments.services.published_standings import json_body
from tournaments.services.seating import Side, sides
from tournaments.services.standings import team_key


def team_of_pass(token: str) -> Team | None:
    """The team whose pass ``token`` is, with its tournament; None for an unknown or replaced
    pass, and for a practice run's (nothing of a practice run is public)."""
    if not token or len(token) > 64:
        return None
    return (Team.objects.select_related("tournament").filter(pass_token=token)
            .exclude(tournament__practice=True).first())


def replace_pass(team: Team) -> Team:
    """A new pass for ``team`` (lost, or seen by someone else): the old link opens nothing from now on."""
    with transaction.atomic():
        team.pass_token = new_pass_token()
        team.save(update_fields=["pass_token"])
    return team


@dataclass(frozen=True)
class Today:
    """What a team's pass shows of the current round: the round players see, and the team's place
    in it (its table and opponents, or its bye), or that it is not drawn in it."""

    round: Round | None
    place: Place | None

    @property
    def table(self) -> Table | None:
        return self.place.table if self.place else None

    @property
    def watch_key(self) -> str:
        """What the phone compares to beep when its table changes: the round and the table."""
        if self.round is None:
            return ""
        return f"{self.round.number}:{self.table.number if self.table else 'bye' if self.place else '-'}"


def today(team: Team) -> Today:
    round_ = current_round(team.tournament_id)
    if round_ is None:
        return Today(None, None)
    round_.tournament = team.tournament
    return Today(round_, place_of(round_, team, team.tournament.public_names))


def own_side(team: Team, table: Table) -> Side | None:
    """The side of ``table`` that ``team`` plays on (its pair's, in individual entry)."""
    return next((side for side in sides(table) if any(seat_team.pk == team.pk for seat_team in side.teams)), None)


def own_code(team: Team, table: Table) -> str:
    """The code that proves ``team`` at ``table``: its own seat's (in individual entry, its player's);
    empty (a code that proves nobody) when the team left the table meanwhile."""
    return next((seat.code for seat in table.seats.all() if seat.team_id == team.pk), "")


def table_today(team: Team) -> Table | None:
    """``team``'s table in the current round, with its seats and sheets as a table link reads it
    (``with_sheets``), or None: what its pass's sheet page shows."""
    return (Table.objects.filter(round=current_round(team.tournament_id), seats__team=team)
            .select_related("round__tournament").with_sheets().first())


def sheet_versions(team: Team) -> QuerySet[Result]:
    """Every version of the sheet of ``team``'s table in the current round (none: no table): what
    its pass's sheet page polls (two queries with the team's)."""
    return Result.objects.filter(table__round=current_round(team.tournament_id), table__seats__team=team)


@dataclass(frozen=True)
class Standing:
    """A line of the team in the public standings: its place and points, and its points per round
    (``player``: whose line, where the standings are per player)."""

    rank: int
    points: int
    rounds: list
    player: str | None = None
    final: bool = False  # ``rank`` is the final place after the knock-out finals (``points``: the Swiss rounds')


def standing(team: Team) -> list[Standing]:
    """The team's lines of the public standings as every phone sees them (shared, rendered once per
    change of results: :mod:`.published_standings`); none before the team has one."""
    data = json.loads(json_body(team.tournament).plain)
    if not data.get("after_round"):  # no round played yet: a place would mean nothing
        return []
    individual = team.tournament.individual
    key = team_key(team, individual)
    # Once the knock-out finals are over, the team's place is its final place.
    final = {entry.get("team"): entry.get("rank") for entry in data.get("final_ranking") or ()}
    return [Standing(final.get(key, row["rank"]), row["points"], row.get("rounds") or [], row.get("player"),
                     final=key in final)
            for row in data.get("standings", []) if row.get("id" if individual else "team") == key]
