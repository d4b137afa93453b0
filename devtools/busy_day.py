"""A busy tournament day as test data: 250 teams in the middle of round 3, built through the services
the director and the phones use.

Why: the tournament file, its round trip and the backups must be tried on a day that has everything
a running day has, not on a tidy one — and the benchmarks must time them on one of a real size.
:func:`build_busy_day` makes, in a few seconds:

- a ``pawn-order`` tournament of ``teams`` teams (250; five rounds planned, tables of two, byes
  rather than tables of three), every team checked in (with its time) before round 1;
- rounds 1 and 2 drawn (random, then Swiss), published, their clocks started hours ago, every
  table's sheet in: most at the desk, every fifth table submitted and confirmed through its private
  link, one corrected at the desk with a reason, one disputed at the table and approved; both rounds
  marked finished;
- the standings frozen once after round 2, one team withdrawn after round 2;
- round 3 drawn without the withdrawn team (an odd number: one team has the bye), published, its
  clock running; about half of its sheets in — at the desk, confirmed through the link, some
  submitted and waiting for the other team's code, one disputed;
- two rulings of the dispute desk at round-3 tables (a legal and an illegal claimed move).

The random sheets come from ``seed``: the same seed gives the same sheets (tokens and team codes
are random, as on the day).

The pieces :mod:`devtools.management.commands.bench_load_data` shares (a round drawn, published and
started, random sheets) are here too; the numbered teams are
:func:`tournaments.services.teams.register_numbered_teams` (a fresh practice run makes them too).
"""

from __future__ import annotations

import datetime
import random

from django.db import transaction
from django.utils import timezone

import scoring
from devtools.benchmarks import random_arrivals
from tournaments.models import Round, RoundStatus, Table, Tournament
from tournaments.services import clock, dispute_desk, disputes, draft, pairing, rounds, table_entry
from tournaments.services import teams as registration  # the builder's argument is called teams
from tournaments.services.results import record_result
from tournaments.services.standings import set_frozen

SLUG = "busy-day"
ROUNDS = 5
ROUND_MINUTES = 45
LINK_EVERY = 5
"""Every fifth table of a played round sends its sheet through the table's link."""


def drawn_and_started(tournament: Tournament, start_at: datetime.datetime) -> Round:
    """The next round drawn, published and its clock started at ``start_at``."""
    round_ = rounds.add_round(tournament)
    pairing.pair_round(round_)
    draft.publish(round_)
    clock.start(round_, now=start_at)
    return round_


def random_sheet(rng: random.Random) -> dict:
    """A valid pawn-order sheet by seat for a table of two, about a third stopped by the clock."""
    stopped = rng.random() < 0.3
    sheet: dict = {"arrivals": random_arrivals(rng, stopped)}
    if stopped:
        sheet["stopped_by_clock"] = True
    return sheet


def tables_of(round_: Round) -> list[Table]:
    """The round's tables in number order, with what entering a sheet reads (round, tournament, and
    the seats with their teams and players: ``with_seats``)."""
    return list(Table.objects.filter(round=round_).select_related("round__tournament").with_seats()
                .order_by("number"))


def _code(table: Table, position: int) -> str:
    return next(seat.code for seat in table.seats.all() if seat.position == position)


def _through_link(table: Table, sheet: dict, now: datetime.datetime) -> None:
    """Team 1 submits on its phone with its code; team 2 confirms with its own."""
    table_entry.submit_with_code(table, _code(table, 1), sheet, now=now)
    table_entry.confirm(table, _code(table, 2), now=now)


def _play(round_: Round, rng: random.Random, now: datetime.datetime) -> None:
    """Every table's sheet: through the link for every fifth table, else at the desk; the first
    link table is disputed and settled at the desk, the second desk table corrected with a reason."""
    tables = tables_of(round_)
    for index, table in enumerate(tables):
        sheet = random_sheet(rng)
        if index % LINK_EVERY == 0:
            if index == 0:
                table_entry.submit_with_code(table, _code(table, 1), sheet, now=now)
                table_entry.dispute(table, _code(table, 2), "Two pawns home were counted twice.", now=now)
                record_result(table, sheet, reason="The desk checked the paper sheet: it stands.")
            else:
                _through_link(table, sheet, now)
        else:
            record_result(table, sheet)
            if index == 1:
                record_result(table, random_sheet(rng), reason="Arrivals written in the wrong order on the paper.")
    round_.status = RoundStatus.FINISHED
    round_.save(update_fields=["status"])


def _half_of(round_: Round, rng: random.Random) -> None:
    """About half of the running round's sheets: at the desk, confirmed through the link, submitted
    and waiting for the other team, one disputed."""
    tables = tables_of(round_)
    for index, table in enumerate(tables[: len(tables) // 2]):
        sheet = random_sheet(rng)
        kind = index % 4
        if index == 0:
            table_entry.submit_with_code(table, _code(table, 2), sheet)
            table_entry.dispute(table, _code(table, 1), "We finished first, not them.")
        elif kind == 0:
            record_result(table, sheet)
        elif kind in (1, 2):
            _through_link(table, sheet, timezone.now())
        else:
            table_entry.submit_with_code(table, _code(table, 1), sheet)


def _rulings(tournament: Tournament, round_: Round) -> None:
    """Two questions at the dispute desk, kept as rulings with round-3 tables."""
    tables = tables_of(round_)
    for table, code, card, claim, note in (
        (tables[0], "K4:t20|t5|-|-", "7", "7 0:t20>t27", "Seven steps with one pawn: allowed."),
        (tables[1], "K4:t0.t2|-|-|-", "4", "4 0:t2>t62", "A four cannot pass the own pawn on the start hole."),
    ):
        desk = dispute_desk.Desk(setup=disputes.read_setup(code), rules=tournament.house_rules, card=card,
                                 claim=claim)
        if dispute_desk.save(desk, tournament, table, note, None) is None:
            raise RuntimeError(f"the busy day's ruling was refused: {desk.errors}")


def build_busy_day(teams: int = 250, seed: int = 1) -> Tournament:
    """A pawn-order tournament of ``teams`` teams in the middle of round 3 (see the module's docstring)."""
    if teams < 8:
        raise ValueError("a busy day needs at least 8 teams")
    # An even number of teams: with one withdrawn, round 3 has the bye (an odd one gives rounds 1 and 2 a bye).
    rng = random.Random(seed)
    now = timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name="Busy day", slug=Tournament.objects.free_slug(SLUG), date=timezone.localdate(), venue="Sporthal De Kwakel",
            scoring_system=scoring.PAWN_ORDER, rounds=ROUNDS, round_minutes=ROUND_MINUTES, seed=seed,
            three_team_table=False,
        )
        registered = registration.register_numbered_teams(tournament, teams)
        for team in registered:
            registration.set_checked_in(team, True)
        for number in (1, 2):
            started = now - datetime.timedelta(minutes=(4 - number) * 60)
            round_ = drawn_and_started(tournament, started)
            _play(round_, rng, started + datetime.timedelta(minutes=ROUND_MINUTES - 5))
        set_frozen(tournament, True)
        registration.set_withdrawn(registered[len(registered) // 3], True)
        running = drawn_and_started(tournament, now - datetime.timedelta(minutes=20))
        _half_of(running, rng)
        _rulings(tournament, running)
    tournament.refresh_from_db()
    return tournament
