"""Registration: tournaments, clubs, teams and players.

What must be unique is enforced by the database (team numbers and names per tournament,
two seats per team), so no import, form or race can break it.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring import standings as ranking
from scoring import systems
from scoring.points import DEFAULT_PAWN_ORDER_POINTS
from tournaments.models.fields import LazyJSONField

if TYPE_CHECKING:
    from tournaments.games.base import GamePlugin

NAME_MAX_LENGTH = 100
MEMBER_NUMBER_MAX_LENGTH = 30  # a club's member number: the teams sheet's columns and the register's people
# Typed notes and reasons: long enough for any explanation, short enough for every backup to restore.
NOTE_MAX_LENGTH = 10_000
MAX_TEAM_NUMBER = 2_147_483_647  # the largest integer PostgreSQL keeps in an integer column


def default_pawn_points() -> list[int]:
    return list(DEFAULT_PAWN_ORDER_POINTS)


def new_backup_key() -> str:
    """A random key that names the tournament's backup folder: it never changes, whatever the slug becomes."""
    return secrets.token_hex(8)


BACKUP_KEY_PATTERN = r"[0-9a-f]{16,32}"
"""A backup key as :func:`new_backup_key` makes it (16 hex digits; the column holds up to 32): it names
a folder, so nothing else is ever read from a tournament file."""


def new_pass_token() -> str:
    """The secret of a team's pass (``/p/<token>/``, the QR code handed out at the door): 128 random bits."""
    return secrets.token_urlsafe(16)


def new_seed() -> int:
    """A random seed for the tournament's draws, stored so that every draw can be repeated."""
    return secrets.randbelow(2**31 - 1) + 1


class ScoringSystem(models.TextChoices):
    """The form's choices of :class:`scoring.System`, with their names for people."""

    PAWN_ORDER = systems.PAWN_ORDER, _("Pawn order (150 … 10 points, 200 for the win)")
    PAWNS_2PT = systems.PAWNS_2PT, _("2 points per pawn home, 10 for the win")
    INDIVIDUAL_11 = systems.INDIVIDUAL_11, _("Individual, up to 11 points per player")
    KLAVERJAS = systems.KLAVERJAS, _("Klaverjassen: card points, roem and pit bonus")


class GameChoice(models.TextChoices):
    """The games a tournament can play (its scoring system says which: :data:`scoring.GAME_OF`)."""

    KEEZEN = systems.Game.KEEZEN, _("Keezen")
    KLAVERJAS = systems.Game.KLAVERJAS, _("Klaverjassen")


class TournamentStatus(models.TextChoices):
    PLANNED = "planned", _("Planned")
    RUNNING = "running", _("In progress")
    FINISHED = "finished", _("Finished")


class Entry(models.TextChoices):
    """Who enters: fixed teams of two, or players alone who get a new partner every round (issue 17)."""

    TEAMS = "teams", _("Teams of two")
    INDIVIDUAL = "individual", _("Individual: players alone, a new partner every round")


class DrawMode(models.TextChoices):
    """How an individual tournament draws its rounds (teams are drawn round by round, see the draw page)."""

    PLANNED = "planned", _("Planned: every round drawn at once (route cards)")
    STANDINGS = "standings", _("By standings: each round from the standings, the best together")


class MissedRounds(models.TextChoices):
    """How the standings and the prizes treat a team that missed rounds (never played ones are listed last)."""

    RANKED = ranking.RANKED, _("Ranked with the others; the booby prize only for a team that played every round")
    APART = ranking.APART, _("Ranked after the teams that played every round")
    NO_PRIZES = ranking.NO_PRIZES, _("Ranked, but no prize (no place, category or booby prize)")


class PublicNames(models.TextChoices):
    """How player names appear on public pages, wall PDFs and files that leave the laptop (AVG/GDPR);
    the director's pages always show full names."""

    FULL = "full", _("Full names")
    FIRST_INITIAL = "first-initial", _("First name and initial (Anna de V.)")
    TEAMS_ONLY = "teams-only", _("Team names only")


class Language(models.TextChoices):
    """The languages the site speaks, each named in itself (as language pickers do)."""

    DUTCH = "nl", "Nederlands"
    ENGLISH = "en", "English"


class ForcedOrOptional(models.TextChoices):
    FORCED = "forced", _("Forced")
    OPTIONAL = "optional", _("Optional")


class TournamentQuerySet(models.QuerySet):
    def public(self) -> "TournamentQuerySet":
        """The tournaments players may see: not hidden (a hidden one is on no public page) and not a
        practice run (never public, whatever its settings)."""
        return self.filter(hidden=False, practice=False)

    def listed(self) -> "TournamentQuerySet":
        """The tournaments on the public home page: public and not archived. An archived tournament
        stays readable at its address (the results of an old day), but no longer fills the list."""
        return self.public().filter(archived=False)

    def free_slug(self, base: str) -> str:
        """``base``, or ``base-2``, ``base-3`` … : the first short name no tournament has (one query)."""
        return free_slug(self, base)


def free_slug(queryset: models.QuerySet, base: str) -> str:
    """``base``, or ``base-2``, ``base-3`` … : the first ``slug`` no row of ``queryset`` has (one query);
    tournaments and competitions name their web addresses so."""
    taken = set(queryset.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, number = base, 1
    while slug in taken:
        number += 1
        slug = f"{base}-{number}"
    return slug


VERSION_FIELDS = ("results_version", "results_changed_at")
"""Moved by tournaments/signals.py only, in the database: a full save leaves them alone."""


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)
    slug = models.SlugField(
        _("short name in web addresses"), max_length=60, unique=True,
        help_text=_("Letters, digits and hyphens, for example keezen-cup-2026."),
    )
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    scoring_system = models.CharField(
        _("scoring system"), max_length=20,
        choices=ScoringSystem.choices, default=ScoringSystem.PAWN_ORDER,
    )
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), default=3, validators=[MinValueValidator(1), MaxValueValidator(20)]
    )
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes per round"), default=45,
        validators=[MinValueValidator(5), MaxValueValidator(240)],
    )
    pawn_points = models.JSONField(
        _("points per pawn home, in order"), default=default_pawn_points, blank=True,
        help_text=_("pawn-order: what the first, second, … pawn home at a table earns (default 150, 140 … 10)."),
    )
    entry = models.CharField(
        _("entry"), max_length=10, choices=Entry.choices, default=Entry.TEAMS,
        help_text=_("Individual: players register alone and the draw gives them a new partner every round."),
    )
    draw_mode = models.CharField(
        _("draw of an individual tournament"), max_length=10, choices=DrawMode.choices, default=DrawMode.PLANNED,
    )
    teams_per_table = models.PositiveSmallIntegerField(
        _("teams per table"), default=2,
        choices=[(2, _("2 teams (four-player boards)")), (3, _("3 teams (six-player boards)"))],
    )
    three_team_table = models.BooleanField(
        _("a table of three instead of a bye"), default=False,
        help_text=_("With tables of two and an odd number of teams, three teams share one six-player "
                    "board instead of one team sitting out with a bye."),
    )
    avoid_same_club = models.BooleanField(
        _("avoid teams of the same club"), default=False,
        help_text=_("The draw keeps teams of one club apart where it can (rematches are avoided first)."),
    )
    entry_grace_minutes = models.PositiveSmallIntegerField(
        _("minutes tables may still enter after time is up"), default=15,
        validators=[MaxValueValidator(240)],
        help_text=_("A table's private link works while its round runs and this long after the clock reaches zero."),
    )
    confirmed_counts = models.BooleanField(
        _("confirmed sheets count at once"), default=True,
        help_text=_("On: a sheet confirmed by the other team counts in the standings at once. "
                    "Off: it counts once the director approves it."),
    )
    # Klaverjassen (shared/spec/klaverjas.md): the deals of a round.
    deals = models.PositiveSmallIntegerField(
        _("deals per round"), default=16, validators=[MinValueValidator(1), MaxValueValidator(64)],
        help_text=_("Klaverjassen: how many deals each table plays in a round (16 on most score cards)."),
    )
    # The house-rule flags of the tournament's game, as its rules read them (Keezen: keezen-rules.md,
    # "House-rule flags"; Klaverjassen: klaverjas.md); a flag left out has its default. Every game
    # keeps its flags here: the game's plug-in reads them (Tournament.house_rules).
    game_rules = models.JSONField(
        _("house rules of the game"), default=dict, blank=True,
        help_text=_("The game's house-rule flags; a flag left out has the rules' default."),
    )
    seed = models.BigIntegerField(
        _("random seed"), default=new_seed,
        help_text=_("Every draw (pairings, lots) is made from this number, so it can be repeated."),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=TournamentStatus.choices, default=TournamentStatus.PLANNED
    )
    hidden = models.BooleanField(
        _("hidden from the public pages"), default=False,
        help_text=_("A hidden tournament is on no public page; its table links keep working."),
    )
    archived = models.BooleanField(
        _("archived"), default=False,
        help_text=_("An archived tournament can be read but not changed; it stays public unless it is hidden."),
    )
    language = models.CharField(
        _("language of the printed papers"), max_length=5, choices=Language.choices, default=Language.DUTCH,
        help_text=_("The table cards, score sheets and the PDFs for the wall are printed in this language, "
                    "whatever language your browser shows."),
    )
    practice = models.BooleanField(_("practice run"), default=False, editable=False)
    practice_of = models.ForeignKey(
        "self", verbose_name=_("practice run of"), null=True, blank=True, editable=False,
        on_delete=models.CASCADE, related_name="practice_runs",
    )
    public_names = models.CharField(
        _("player names in public"), max_length=15, choices=PublicNames.choices, default=PublicNames.FULL,
        help_text=_("How player names appear on the public pages, the PDFs for the wall and the exported "
                    "files. The director's pages always show full names."),
    )
    missed_rounds = models.CharField(
        _("teams that missed rounds"), max_length=10, choices=MissedRounds.choices, default=MissedRounds.RANKED,
        help_text=_("A team that never played is always listed after the others, marked “did not play”."),
    )
    # The name of the tournament's backup folder (services/backups.py): a slug can be renamed and taken
    # again by a new tournament, this key never is.
    backup_key = models.CharField(_("backup key"), max_length=32, unique=True, default=new_backup_key, editable=False)
    # default, not auto_now_add: a restored tournament keeps the times of the original.
    created_at = models.DateTimeField(_("created at"), default=timezone.now, editable=False)
    # Before the prize-giving the director freezes the public standings: players then see this
    # snapshot while the director checks the last sheets.
    frozen_standings = LazyJSONField(_("frozen public standings"), null=True, blank=True, editable=False)
    # Raised in the transaction of every change that moves the standings: cached standings pages
    # are keyed by it, so they are never stale, in any server process.
    results_version = models.PositiveIntegerField(_("results version"), default=0, editable=False)
    # When the version last went up: a page of the previous version may be served for a moment
    # (services/render_once.py) while the new one renders, never longer than that.
    results_changed_at = models.DateTimeField(_("results changed at"), null=True, blank=True, editable=False)
    # A forfeit as a lost game of 8 pawns against this many (pawns-2pt only; the NK's rule: 4, the
    # present team 26, the absent team 8); 0: scoring.md's full win against 0.
    absent_pawns = models.PositiveSmallIntegerField(
        _("an absent team's pawns"), default=0, validators=[MaxValueValidator(7)],
        help_text=_("2 points a pawn only: a forfeit counts as a lost game of 8 pawns against this many "
                    "(the NK: 4, so 26 against 8). 0: a full win against 0."),
    )
    # Self check-in (services/door_window.py): teams check themselves in from their pass from
    # door_opens_at until door_closes_at (none: until the director closes the door).
    door_opens_at = models.DateTimeField(_("self check-in opens at"), null=True, blank=True, editable=False)
    door_closes_at = models.DateTimeField(_("self check-in closes at"), null=True, blank=True, editable=False)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "name"]
        permissions = [("direct_tournament", _("Can direct tournaments"))]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(teams_per_table__in=(2, 3)), name="tournament_teams_per_table_2_or_3"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def save(self, *args, **kwargs) -> None:
        """A full save never writes ``results_version`` (or its time) back: it only ever goes up, in the database
        (tournaments/signals.py), and an instance read earlier must not lower it."""
        if not self._state.adding and self.pk and kwargs.get("update_fields") is None and not kwargs.get("force_insert"):
            kwargs["update_fields"] = [field.name for field in self._meta.concrete_fields
                                       if not field.primary_key and field.name not in VERSION_FIELDS]
        super().save(*args, **kwargs)

    @property
    def game(self) -> systems.Game:
        """The game this tournament plays, as its scoring system says (``tournaments/games``)."""
        return self.plugin.game

    @property
    def plugin(self) -> GamePlugin:
        """The plug-in of this tournament's game (``tournaments/games``): everything that differs per
        game, for code and templates (``tournament.plugin.has_clock_stop``)."""
        from tournaments.games import game_of

        return game_of(self.scoring_system)

    @property
    def individual(self) -> bool:
        """Players enter alone: each entrant is a team of one player, drawn into a new pair every round."""
        return self.entry == Entry.INDIVIDUAL

    @property
    def sides_per_table(self) -> tuple[int, ...]:
        """How many sides (teams, or the pairs of an individual tournament) a table may seat: 2, or 3 on a
        six-player board (three teams per table, or a table of three instead of a bye). The one rule the
        draw, the draft and a table added by hand follow."""
        if self.individual:
            return (2, 3) if self.three_team_table else (2,)
        return (2, 3) if self.teams_per_table == 3 or self.three_team_table else (2,)

    @property
    def per_player(self) -> bool:
        """Whether the standings rank the players of each team rather than teams (``individual-11``
        with fixed teams). An individual tournament ranks its entrants, who are players already."""
        return self.scoring_system in systems.PER_PLAYER and not self.individual

    @property
    def points_list(self) -> tuple[int, ...]:
        return tuple(self.pawn_points or DEFAULT_PAWN_ORDER_POINTS)

    @property
    def house_rules(self) -> Any:
        """The tournament's house-rule flags as its game's rules take them (Keezen: the engine's
        :class:`~engine.house_rules.HouseRules`; Klaverjassen: the ``klaverjas`` package's)."""
        return self.plugin.house_rules(self.game_rules)


class Club(models.Model):
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)
    town = models.CharField(_("town"), max_length=100, blank=True)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]
        constraints = [models.UniqueConstraint(Lower("name"), name="unique_club_name")]

    def __str__(self) -> str:
        return self.name


class TeamQuerySet(models.QuerySet):
    def active(self) -> "TeamQuerySet":
        return self.filter(withdrawn=False)

    def with_people(self) -> "TeamQuerySet":
        """Club and players in a fixed number of queries, whatever the number of teams."""
        return self.select_related("club").prefetch_related("players")


class Team(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="teams", verbose_name=_("tournament")
    )
    number = models.PositiveIntegerField(_("number"), validators=[MinValueValidator(1)])
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)
    club = models.ForeignKey(
        Club, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="teams", verbose_name=_("club"),
    )
    checked_in = models.BooleanField(_("checked in"), default=False)
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)
    pass_token = models.CharField(_("team pass"), max_length=32, unique=True, default=new_pass_token, editable=False)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    registered_at = models.DateTimeField(_("registered at"), default=timezone.now, editable=False)

    objects = TeamQuerySet.as_manager()

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["tournament_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="unique_team_number_per_tournament",
                violation_error_message=_("This tournament already has a team with this number."),
            ),
            models.UniqueConstraint(
                "tournament", Lower("name"), name="unique_team_name_per_tournament",
                violation_error_message=_("This tournament already has a team with this name."),
            ),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="team_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"

    @property
    def player_names(self) -> list[str]:
        """Names in seat order; uses prefetched players when there are any."""
        return [p.name for p in sorted(self.players.all(), key=lambda p: p.seat)]


class Player(models.Model):
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="players", verbose_name=_("team")
    )
    seat = models.PositiveSmallIntegerField(
        _("seat in the team"), choices=[(1, _("first player")), (2, _("second player"))]
    )
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)
    # The person of the club's register this player is (issue 19): competitions rank people, not players.
    person = models.ForeignKey(
        "people.Person", on_delete=models.SET_NULL, null=True, blank=True, related_name="players",
        verbose_name=_("person"),
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["team_id", "seat"]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "seat"], name="unique_player_seat_per_team",
                violation_error_message=_("This team already has a player in this seat."),
            ),
            models.CheckConstraint(condition=models.Q(seat__in=(1, 2)), name="player_seat_1_or_2"),
        ]

    def __str__(self) -> str:
        return self.name
