"""Rounds, tables, byes and results.

A table seats two or three teams in seat order. What was written on its score sheet is a
:class:`Result`; results are versioned, never overwritten: a correction is a new version with
who, when, where from and why, and the old versions stay as history. The sheet is stored by seat
(index into the table's seats), the way the paper sheet is laid out, so it does not depend on
team ids.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.registration import NOTE_MAX_LENGTH, Team, Tournament


class RoundStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    PUBLISHED = "published", _("Published")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class Round(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="round_set", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("number"), validators=[MinValueValidator(1)])
    status = models.CharField(_("status"), max_length=10, choices=RoundStatus.choices, default=RoundStatus.DRAFT)
    minutes = models.PositiveSmallIntegerField(_("minutes"), default=45)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    # The round clock (services/clock.py): while it runs, the moment it reaches zero; while it is
    # paused, the seconds that were left. The server is the one source of time.
    clock_ends_at = models.DateTimeField(_("clock ends at"), null=True, blank=True)
    clock_paused_left = models.PositiveIntegerField(_("seconds left when paused"), null=True, blank=True)
    # A round of the knock-out finals (models/finals.py), after the Swiss rounds: left out of their standings.
    final = models.BooleanField(_("finals round"), default=False)

    PUBLIC_STATUSES = (RoundStatus.PUBLISHED, RoundStatus.RUNNING, RoundStatus.FINISHED)
    """Players see a round once it is published; a draft is the director's alone."""

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number_per_tournament"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament.name} · {_('round')} {self.number}"


def new_table_token() -> str:
    """The secret of a table's private link (the QR code on its card): 128 random bits."""
    return secrets.token_urlsafe(16)


def new_team_code() -> str:
    """A team's short code for confirming its table's sheet: six digits, typed on a phone."""
    return f"{secrets.randbelow(10**6):06d}"


def seats_prefetch() -> models.Prefetch:
    """A table's seated teams (in sheet order) and the teams' players, in a fixed number of queries:
    how every page and file reads who sits where (:meth:`TableQuerySet.with_seats`,
    :meth:`Table.with_seats_read`)."""
    seats = (TableSeat.objects.select_related("team__club").prefetch_related("team__players")
             .order_by("position", "member"))
    return models.Prefetch("seats", queryset=seats)


class TableQuerySet(models.QuerySet):
    def with_seats(self) -> "TableQuerySet":
        """Tables with their seated teams and the teams' players (:func:`seats_prefetch`)."""
        return self.prefetch_related(seats_prefetch())

    def with_sheets(self) -> "TableQuerySet":
        """:meth:`with_seats` and every version of each table's sheet: the one way every page, file
        and command reads tables with results. ``table.current_sheet`` is then the version that
        counts, ``table.sheet_versions`` the history."""
        versions = Result.objects.select_related("created_by").order_by("-version")
        return self.with_seats().prefetch_related(models.Prefetch("results", queryset=versions))

    def without_sheet(self) -> "TableQuerySet":
        """Tables whose sheet has not come in (no version at all)."""
        return self.filter(results__isnull=True)

    def with_sheet(self) -> "TableQuerySet":
        """Tables with at least one version of their sheet."""
        return self.filter(results__isnull=False).distinct()

    def with_sheet_flag(self) -> "TableQuerySet":
        """Each table with ``has_sheet``, without reading the sheets (lists that only mark what is missing)."""
        return self.annotate(has_sheet=models.Exists(Result.objects.filter(table=models.OuterRef("pk"))))


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("round"))
    number = models.PositiveSmallIntegerField(_("number"), validators=[MinValueValidator(1)])
    token = models.CharField(_("private link"), max_length=32, unique=True, default=new_table_token, editable=False)

    objects = TableQuerySet.as_manager()

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["round_id", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="unique_table_number_per_round")]

    def __str__(self) -> str:
        return f"{_('round')} {self.round.number} · {_('table')} {self.number}"

    def with_seats_read(self) -> "Table":
        """This table with its seats read as :meth:`TableQuerySet.with_seats` reads them, unless they
        were read already (a table from ``with_seats``): a service given one table reads who sits
        there in two queries (the seats with their teams, the players) instead of one per seat and team."""
        models.prefetch_related_objects([self], seats_prefetch())
        return self

    @property
    def sheet_versions(self) -> list["Result"]:
        """Every version of the table's sheet, newest first (prefetched by ``with_sheets``, else one
        query: Result's default order is newest first)."""
        return list(self.results.all())

    @property
    def current_sheet(self) -> "Result | None":
        """The latest version of the sheet, the one that counts; None while no sheet is in.
        Read it on a fresh instance (after a lock) to see what is in the database now."""
        versions = self.sheet_versions
        return versions[0] if versions else None


class TableSeat(models.Model):
    """A team at a table; ``position`` is its place on the score sheet (1 deals first).

    In an individual tournament a side of the sheet is a pair drawn for the round: two seats with
    the same ``position``, ``member`` 1 and 2, each an entrant (a team of one player) with its own
    code. A team tournament seats one row per side, member 1.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table"))
    # The round again, so that the database itself keeps a team to one table per round.
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+", verbose_name=_("round"))
    # RESTRICT: a seated team cannot be deleted alone, only with its tournament (which takes the seats too).
    team = models.ForeignKey(Team, on_delete=models.RESTRICT, related_name="seats", verbose_name=_("team"))
    position = models.PositiveSmallIntegerField(_("place on the sheet"))
    member = models.PositiveSmallIntegerField(_("member of the pair"), default=1)
    code = models.CharField(_("team code"), max_length=6, default=new_team_code, editable=False)

    class Meta:
        verbose_name = _("seated team")
        verbose_name_plural = _("seated teams")
        ordering = ["table_id", "position", "member"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position", "member"], name="unique_seat_position_per_table"),
            models.CheckConstraint(condition=models.Q(member__in=(1, 2)), name="seat_member_1_or_2"),
            models.UniqueConstraint(fields=["round", "team"], name="unique_team_per_round"),
            models.CheckConstraint(condition=models.Q(position__in=(1, 2, 3)), name="seat_position_1_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.team}"


class Bye(models.Model):
    """A team without a table in a round; it scores the average of its played rounds (scoring.md)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes", verbose_name=_("round"))
    team = models.OneToOneField(  # at most one bye per tournament: a team belongs to one tournament
        Team, on_delete=models.RESTRICT, related_name="bye", verbose_name=_("team")
    )

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        ordering = ["round_id", "team_id"]

    def __str__(self) -> str:
        return f"{self.round} · {_('bye')} · {self.team}"


class ResultSource(models.TextChoices):
    DESK = "desk", _("Desk")
    TABLE = "table", _("Table link")
    ADMIN = "admin", _("Admin")
    IMPORT = "import", _("Tournament file")


class ResultState(models.TextChoices):
    """Where a sheet is in its life: entered by the director, or submitted at the table and then
    confirmed or disputed by the other team, and perhaps approved by the director."""

    ENTERED = "entered", _("Entered by the director")
    SUBMITTED = "submitted", _("Submitted")
    CONFIRMED = "confirmed", _("Confirmed")
    DISPUTED = "disputed", _("Disputed")
    APPROVED = "approved", _("Approved")


class Result(models.Model):
    """One version of a table's score sheet, as written on the paper.

    ``sheet`` holds, by seat index (0 = first team on the sheet): ``arrivals`` (pawn-order: the
    seat of each pawn home, in order), ``pawns_home`` (pawns-2pt: per seat), ``home``
    (individual-11: per seat, per player, the home holes), ``forfeit`` (the absent seat) and
    ``stopped_by_clock``.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="results", verbose_name=_("table"))
    version = models.PositiveIntegerField(_("version"), validators=[MinValueValidator(1)])
    sheet = models.JSONField(_("score sheet"))
    source = models.CharField(_("entered at"), max_length=10, choices=ResultSource.choices, default=ResultSource.DESK)
    reason = models.TextField(_("reason for the correction"), blank=True, max_length=NOTE_MAX_LENGTH)
    state = models.CharField(_("state"), max_length=10, choices=ResultState.choices, default=ResultState.ENTERED)
    submitted_by = models.PositiveSmallIntegerField(_("submitted by (place on the sheet)"), null=True, blank=True)
    confirmed_by = models.PositiveSmallIntegerField(_("confirmed by (place on the sheet)"), null=True, blank=True)
    # Times are defaults, not auto_now_add, so that a restored tournament keeps them (tournament_file.py).
    created_at = models.DateTimeField(_("entered at time"), default=timezone.now, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", verbose_name=_("entered by"),
    )

    class Meta:
        verbose_name = _("result")
        verbose_name_plural = _("results")
        ordering = ["table_id", "-version"]
        get_latest_by = "version"
        constraints = [models.UniqueConstraint(fields=["table", "version"], name="unique_result_version_per_table")]

    def __str__(self) -> str:
        return f"{self.table} · v{self.version}"


class ResultEvent(models.Model):
    """The log of a sheet: every submission, confirmation, dispute, approval and correction, with
    where it came from and who (a team's place on the sheet, or a user)."""

    class Kind(models.TextChoices):
        SUBMITTED = "submitted", _("submitted")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")
        APPROVED = "approved", _("approved")
        ENTERED = "entered", _("entered")
        CORRECTED = "corrected", _("corrected")
        REFUSED_CODE = "wrong-code", _("wrong team code")
        CONFLICT = "conflict", _("refused: already submitted")
        UNLOCKED = "unlocked", _("team-code lock lifted")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events", verbose_name=_("table"))
    result = models.ForeignKey(Result, on_delete=models.CASCADE, null=True, blank=True, related_name="events",
                               verbose_name=_("result"))
    kind = models.CharField(_("what"), max_length=12, choices=Kind.choices)
    source = models.CharField(_("where"), max_length=10, choices=ResultSource.choices)
    seat = models.PositiveSmallIntegerField(_("team (place on the sheet)"), null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="+", verbose_name=_("user"))
    note = models.TextField(_("note"), blank=True, max_length=NOTE_MAX_LENGTH)
    created_at = models.DateTimeField(_("when"), default=timezone.now, editable=False)

    class Meta:
        verbose_name = _("sheet event")
        verbose_name_plural = _("sheet events")
        ordering = ["table_id", "created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.table} · {self.kind}"


class Attempt(models.Model):
    """Counted attempts for rate limits (wrong team codes, unknown table links), in the database so
    that every server process sees the same count."""

    key = models.CharField(_("key"), max_length=120, unique=True)
    count = models.PositiveIntegerField(_("count"), default=0)
    window_started_at = models.DateTimeField(_("window started at"))

    class Meta:
        verbose_name = _("counted attempt")
        verbose_name_plural = _("counted attempts")

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
