"""Practice runs: a director rehearses the tournament day before it happens.

Why: a director who has never run a day with this program meets its questions (who confirms a
sheet, what a dispute looks like at the desk, what the prize list prints) in front of a hall of
waiting players. A practice run plays the whole day in a few seconds, on a copy nobody else sees,
so the director can click through every page of a finished day the evening before, then delete it.

How, with what the day itself uses — a rehearsal that took a short cut would prove nothing:

- **The copy** is the tournament file (:mod:`.tournament_file`): exported and imported as a copy
  (new short name, table links and team codes, hidden), the same copier as *Restore a tournament*;
  it is then marked ``practice`` with ``practice_of`` the original. ``start_fresh`` makes a new
  practice tournament of N numbered teams instead (the benchmarks' teams, ``register_numbered_teams``).
- **The day** is played through the services the director and the phones use: the round is drawn
  (random, then Swiss), published, its clock started; most tables send their sheet through the
  table link (one team submits, another confirms with its team code), the others are typed at the
  desk. Each round one sheet is corrected at the desk with a reason and one is disputed at the
  table and then settled at the desk; one team forfeits. Everyone is checked in when nobody is.
  Sheets are random but valid for the tournament's game, which draws them
  (``GamePlugin.random_sheet``: Keezen's sheets of ``scoring.md``, a Klaverjassen drive's cards
  deal by deal), drawn from the tournament's seed: a rehearsal repeated gives the same sheets at the same tables. (The draw follows
  the seed too, but also the teams' internal ids, which every copy renews; links and codes are new
  each time.) The clocks run in the past, so every round ends with its time up.
- **The proof**: the standings are computed and the standings PDF, the prize list and the table
  cards of the last round are rendered once, as the print files the director then downloads.

Never public, never backed up: a practice run (``Tournament.practice``) is left out by every public
lookup (``Tournament.objects.public()``) and the table links, and the automatic backups skip it
(:mod:`.backups`). :func:`delete` removes it with everything in it, clubs only it used included.
"""

from __future__ import annotations

import datetime
import random
import time
from dataclasses import dataclass, field, replace

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

import scoring
from tournaments.games import Scoring, game_of
from tournaments.models import (
    NAME_MAX_LENGTH,
    Bye,
    Club,
    DrawMode,
    Entry,
    Result,
    ResultEvent,
    Round,
    RoundStatus,
    Table,
    Team,
    Tournament,
)
from tournaments.services import clock, draft, pairing, print_files, rounds, table_entry
from tournaments.services.results import record_result
from tournaments.services.seating import side_count
from tournaments.services.sheet_states import result_counts, waits_for_approval
from tournaments.services.standings import standings
from tournaments.services.teams import register_numbered_teams, set_checked_in
from tournaments.services.tournament_file import copy_file, export_file

MIN_TEAMS, MAX_TEAMS = 2, 500
"""How many teams a fresh practice tournament may have. On the 2-core development machine, busy with
other jobs: 31 teams about 4 s (1 s of play, 3 s of PDFs), 250 teams about 20 s (7 s of play, 14 s
of PDFs, most of it the 125 table cards)."""
BREAK = datetime.timedelta(minutes=15)
"""Between two rounds of the rehearsed day."""
PDFS = ("standings-pdf", "prizes-pdf")
ROUND_PDF = "table-cards-pdf"


@dataclass(frozen=True)
class Summary:
    """What a practice run holds, read from the database (the command prints it, the page shows it);
    ``seconds`` and ``files`` (PDF name → bytes) only right after :func:`start`."""

    tournament: Tournament
    teams: int
    rounds: int  # rounds whose every table has a sheet
    sheets: int  # tables with a sheet
    corrections: int  # sheets corrected at the desk (a new version with a reason)
    forfeits: int
    disputes: int
    byes: int
    winner: str  # who is first, with the points; empty before any sheet
    seconds: float | None = None
    files: dict[str, int] = field(default_factory=dict)


def practice_name(name: str) -> str:
    """“<name> (practice run)”, shortened to fit the name's column."""
    room = NAME_MAX_LENGTH - len(_("%(name)s (practice run)") % {"name": ""})
    return _("%(name)s (practice run)") % {"name": name[:room].rstrip()}


def check_can_rehearse(tournament: Tournament) -> list[str]:
    """Every reason ``tournament`` cannot be rehearsed; empty when it can."""
    if tournament.practice:
        return [_("“%(name)s” is a practice run itself: rehearse its tournament instead.") % {"name": tournament.name}]
    if tournament.archived:
        return [_("“%(name)s” is archived: a finished day cannot be rehearsed. Unarchive it first.")
                % {"name": tournament.name}]
    now = timezone.now()
    if tournament.round_set.filter(clock_ends_at__gt=now).exists() or tournament.round_set.filter(
            clock_paused_left__gt=0).exists():
        # Playing a copy writes hundreds of sheets: not while the tables send theirs.
        return [_("A round's clock is running: rehearse before the day, or after the round.")]
    return []


def start(tournament: Tournament, *, site_url: str | None = None) -> Summary:
    """A practice copy of ``tournament``, its remaining rounds played; raises ValidationError (and
    leaves nothing behind) when it cannot be rehearsed. Its PDFs are rendered here (the command), or,
    given the ``site_url`` of the button, started in the background the way a published round's are
    (:mod:`tournaments.services.print_files`), so the button answers as soon as the day is played."""
    errors = check_can_rehearse(tournament)
    if errors:
        raise ValidationError(errors)
    began = time.perf_counter()
    data = export_file(tournament)
    name = practice_name(tournament.name)
    with transaction.atomic():  # the copy is practice before its first commit: no backup, never public
        copy = copy_file(data)
        Tournament.objects.filter(pk=copy.pk).update(
            practice=True, practice_of=tournament, hidden=True, name=name,
            slug=Tournament.objects.free_slug(slugify(name)[:50] or "practice-run"),
        )
    copy.refresh_from_db()
    return _played(copy, began, site_url)


def start_fresh(teams: int, *, rounds_count: int | None = None, scoring_system: str = scoring.PAWN_ORDER,
                seed: int | None = None, entry: str = Entry.TEAMS, draw_mode: str = DrawMode.PLANNED,
                six_player_boards: bool = False, deals: int | None = None) -> Summary:
    """A new practice tournament of ``teams`` numbered teams from 25 clubs (in an individual
    tournament, ``entry``, that many players), every round played; a Klaverjassen drive
    (``scoring_system``) plays ``deals`` deals a round (its default: 16)."""
    individual = entry == Entry.INDIVIDUAL
    least = pairing.MIN_PLAYERS if individual else MIN_TEAMS
    if not least <= teams <= MAX_TEAMS:
        raise ValidationError((_("A practice run has %(min)s to %(max)s players, not %(teams)s.") if individual
                               else _("A practice run has %(min)s to %(max)s teams, not %(teams)s."))
                              % {"min": least, "max": MAX_TEAMS, "teams": teams})
    game = game_of(scoring_system)
    if six_player_boards and 3 not in game.sides_per_table:
        raise ValidationError(str(game.seats_two_only))
    began = time.perf_counter()
    name = (_("Practice run of %(teams)s players") if individual else _("Practice run of %(teams)s teams")) % {
        "teams": teams}
    fields = {"rounds": rounds_count} if rounds_count else {}
    if seed is not None:
        fields["seed"] = seed
    if deals is not None:
        fields["deals"] = deals
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name, slug=Tournament.objects.free_slug(slugify(name)[:50]), date=timezone.localdate(),
            scoring_system=scoring_system, practice=True, hidden=True, entry=entry, draw_mode=draw_mode,
            three_team_table=six_player_boards, **fields,
        )
        register_numbered_teams(tournament, teams)
        if individual and draw_mode == DrawMode.PLANNED:
            pairing.plan_all_rounds(tournament)
    return _played(tournament, began)


def _played(copy: Tournament, began: float, site_url: str | None = None) -> Summary:
    """Play the practice run, prove its files (or start them, given a ``site_url``); on any failure
    delete it and raise."""
    try:
        play(copy)
        files = render_files(copy) if site_url is None else start_files(copy, site_url)
    except BaseException:
        delete(copy)
        raise
    return replace(summary(copy), seconds=time.perf_counter() - began, files=files)


# --------------------------------------------------------------------------- the sheets


def random_sheet(setup: Scoring | str, seats: int, rng: random.Random, stopped: bool | None = None) -> dict:
    """A random but valid sheet by seat for ``seats`` sides, as the tournament's game draws it
    (``GamePlugin.random_sheet``; Keezen: a team completes and wins, or the clock stops the game;
    Klaverjassen: a card of the round's deals, now and then a few short). A scoring system alone
    stands for its setup with the default points list, deals and house rules."""
    setup = Scoring(setup) if isinstance(setup, str) else setup
    return setup.game.random_sheet(setup, seats, rng, stopped)


# --------------------------------------------------------------------------- the day


def _tables(round_: Round) -> list[Table]:
    """The round's tables in number order, with what entering a sheet reads (round, tournament, seats)."""
    return list(Table.objects.filter(round=round_).select_related("round__tournament").with_sheets()
                .order_by("number"))


def _code(table: Table, position: int) -> str:
    return next(seat.code for seat in table.seats.all() if seat.position == position)


def _check_in_everyone(tournament: Tournament) -> None:
    """Everyone present when nobody is checked in yet (the door of the rehearsed day)."""
    active = tournament.teams.active()
    if not active.filter(checked_in=True).exists():
        with transaction.atomic():
            for team in active:
                set_checked_in(team, True)


def _ready(round_: Round, starts_at: datetime.datetime) -> Round:
    """The round drawn (unless its draft has tables), published and its clock run out."""
    if round_.status == RoundStatus.DRAFT:
        if not round_.tables.exists():
            pairing.pair_round(round_)
        draft.publish(round_)
    if round_.clock_paused_left is not None:
        clock.resume(round_, now=starts_at)
    elif round_.clock_ends_at is None:
        clock.start(round_, now=starts_at)
    round_.refresh_from_db()
    return round_


class _Day:
    """The rehearsed day's random choices and the one forfeit it has."""

    def __init__(self, tournament: Tournament):
        self.tournament = tournament
        self.setup = Scoring.of(tournament)
        self.rng = random.Random(tournament.seed)
        self.forfeit_done = False
        self.corrected, self.disputed = self.setup.game.practice_notes()

    def sheet(self, table: Table) -> dict:
        return random_sheet(self.setup, side_count(table), self.rng)

    def play(self, round_: Round) -> None:
        """Every table of the round without a sheet gets one: the roles (forfeit, dispute,
        correction) go to random tables, the rest alternate between the link and the desk."""
        at = round_.clock_ends_at  # time is up: the links are open until the grace minutes pass
        open_tables = [table for table in _tables(round_) if table.current_sheet is None]
        self.rng.shuffle(open_tables)
        roles = ([] if self.forfeit_done else ["forfeit"]) + ["dispute", "correction"]
        for index, table in enumerate(open_tables):
            role = roles[index] if index < len(roles) else ("link" if index % 2 else "desk")
            getattr(self, role)(table, at)

    def link(self, table: Table, at: datetime.datetime) -> None:
        """One team submits on its phone with its team code, another confirms with its own."""
        positions = sorted({seat.position for seat in table.seats.all()})
        by = self.rng.choice(positions)
        table_entry.submit_with_code(table, _code(table, by), self.sheet(table), now=at)
        table_entry.confirm(table, _code(table, next(p for p in positions if p != by)), now=at)

    def desk(self, table: Table, at: datetime.datetime) -> None:
        record_result(table, self.sheet(table))

    def forfeit(self, table: Table, at: datetime.datetime) -> None:
        record_result(table, {"forfeit": self.rng.randrange(side_count(table))})
        self.forfeit_done = True

    def correction(self, table: Table, at: datetime.datetime) -> None:
        record_result(table, self.sheet(table))
        record_result(table, self.sheet(table), reason=self.corrected)

    def dispute(self, table: Table, at: datetime.datetime) -> None:
        """Submitted, disputed by the other team, settled at the desk with the paper sheet."""
        first, second = sorted({seat.position for seat in table.seats.all()})[:2]
        table_entry.submit_with_code(table, _code(table, first), self.sheet(table), now=at)
        table_entry.dispute(table, _code(table, second), self.disputed, now=at)
        record_result(table, self.sheet(table),
                      reason=_("Practice run: after the dispute the desk entered the paper sheet."))

    def settle(self, round_: Round) -> None:
        """What still waits (copied from the original) is settled as the desk would, so every sheet
        counts: a confirmed sheet that waits for the director is approved; a submitted or disputed
        one is entered at the desk as it stands, with a reason."""
        confirmed_counts = self.tournament.confirmed_counts
        for table in _tables(round_):
            current = table.current_sheet
            if current is None or result_counts(current.state, confirmed_counts):
                continue
            if waits_for_approval(current, confirmed_counts):
                table_entry.approve(table, None)
            else:
                record_result(table, current.sheet, reason=_("Practice run: the desk took the sheet as it stood."))


def play(tournament: Tournament) -> None:
    """Play every round of the practice run ``tournament`` that is left, through the services."""
    if not tournament.practice:
        raise ValidationError(_("Only a practice run is played by itself."))
    _check_in_everyone(tournament)
    day = _Day(tournament)
    now = timezone.now()
    number = 0
    while True:
        round_ = (Round.objects.filter(tournament=tournament, number__gt=number).select_related("tournament")
                  .order_by("number").first())
        if round_ is None:
            if number >= tournament.rounds:
                break
            round_ = rounds.add_round(tournament)
        number = round_.number
        left = max(tournament.rounds, number) - number + 1
        starts_at = now - left * (datetime.timedelta(minutes=round_.minutes) + BREAK)
        with transaction.atomic():  # one round at a time: short transactions, fast on SQLite
            round_ = _ready(round_, starts_at)
            day.play(round_)
            day.settle(round_)
    tournament.refresh_from_db()


def render_files(tournament: Tournament) -> dict[str, int]:
    """The standings PDF, the prize list and the last round's table cards rendered once, here, as the
    print files the director downloads (each in its language, the cards' QR codes to the phones'
    address, ``PUBLIC_URL``): a click on the practice run's page finds them made. Their sizes in bytes."""
    files = {}
    for found, round_ in _files(tournament):
        job = print_files.made_here(found, tournament, round_, settings.PUBLIC_URL)
        if not job.is_ready:
            raise RuntimeError(f"{found.identifier} of the practice run could not be made: {job.error}")
        files[str(found.name)] = len(job.content)  # named in the director's language
    return files


def _files(tournament: Tournament) -> list[tuple]:
    """(exporter, round) of the files a practice run proves: the standings PDF, the prize list and
    the last round's table cards."""
    from tournaments.exporters.base import exporter

    last = tournament.round_set.filter(tables__isnull=False).order_by("-number").first()
    return [(exporter(identifier), None) for identifier in PDFS] + ([(exporter(ROUND_PDF), last)] if last else [])


def start_files(tournament: Tournament, site_url: str) -> dict[str, int]:
    """The same files started in the background, ready before the director clicks them; none rendered
    yet (an empty dict: no sizes to show)."""
    for found, round_ in _files(tournament):
        print_files.ask(found, tournament, round_, None, site_url)
    return {}


# --------------------------------------------------------------------------- reading and deleting


def summary(tournament: Tournament) -> Summary:
    """What the practice run holds now (a handful of queries)."""
    latest: dict[int, dict] = {}
    for table_id, sheet in (Result.objects.filter(table__round__tournament=tournament)
                            .order_by("table_id", "-version").values_list("table_id", "sheet")):
        latest.setdefault(table_id, sheet)
    events = ResultEvent.objects.filter(table__round__tournament=tournament)
    rows = standings(tournament).rows
    winner = ""
    if rows and latest:
        winner = _("%(name)s, %(points)s points") % {"name": rows[0].name, "points": rows[0].points}
    return Summary(
        tournament=tournament,
        teams=tournament.teams.active().count(),
        rounds=sum(1 for counts in rounds.rounds_with_counts(tournament) if counts.table_count and not counts.open_count),
        sheets=len(latest),
        corrections=events.filter(kind=ResultEvent.Kind.CORRECTED).count(),
        forfeits=sum(1 for sheet in latest.values() if isinstance(sheet, dict) and "forfeit" in sheet),
        disputes=events.filter(kind=ResultEvent.Kind.DISPUTED).count(),
        byes=Bye.objects.filter(round__tournament=tournament).count(),
        winner=winner,
    )


def _not_practice(tournament: Tournament) -> list[str]:
    """Why ``tournament`` is not a practice run that can be deleted here (empty: it is one)."""
    if not tournament.practice:
        return [_("“%(name)s” is not a practice run; a tournament is deleted on its “Visibility, archive, delete” "
                  "page.") % {"name": tournament.name}]
    return []


def delete(tournament: Tournament) -> None:
    """Delete the practice run with everything in it (no backup: it never had one), and the clubs
    only its teams used."""
    errors = _not_practice(tournament)
    if errors:
        raise ValidationError(errors)
    with transaction.atomic():
        clubs = list(Team.objects.filter(tournament=tournament, club__isnull=False)
                     .values_list("club_id", flat=True).distinct())
        Tournament.objects.filter(pk=tournament.pk).delete()
        Club.objects.filter(pk__in=clubs, teams__isnull=True).delete()


def delete_all(of: Tournament | None = None) -> list[str]:
    """Delete every practice run (of the tournament ``of``); their names."""
    found = Tournament.objects.filter(practice=True)
    if of is not None:
        found = found.filter(practice_of=of)
    names = []
    for practice in found.order_by("pk"):
        names.append(practice.name)
        delete(practice)
    return names
