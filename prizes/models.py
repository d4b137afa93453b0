"""Prizes of a tournament: categories and who carries them, the prizes in handing-out order, and
the settings of the prize-giving.

Why these tables: a category (youth, ladies, newcomers, a club) is a tag the director puts on teams
and on players, so it is a name with two lists; a prize is one line of the director's list ("1:
vlaai"), kept with its place in that list, because the order is the order they are handed out.
What must be unique (a category's name per tournament, ignoring case; a prize's place in the
list) is enforced by the database, as the tournament core does.
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from prizes import awarding
from tournaments.models import Player, Team, Tournament

CATEGORY_NAME_MAX_LENGTH = 60
PRIZE_MAX_LENGTH = 200
MAX_NUMBER = 100_000  # a place, or the n-th of a category or club: more than any day has
MAX_CLUB_SIZE = 20
DEFAULT_CLUB_SIZE = 2


class Category(models.Model):
    """A tag on teams and players, for the prizes of a category (the best youth team, …)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prize_categories",
                                   verbose_name=_("tournament"))
    name = models.CharField(_("name"), max_length=CATEGORY_NAME_MAX_LENGTH)
    teams = models.ManyToManyField(Team, through="TeamCategory", related_name="prize_categories", blank=True,
                                   verbose_name=_("teams"))
    players = models.ManyToManyField(Player, through="PlayerCategory", related_name="prize_categories", blank=True,
                                     verbose_name=_("players"))

    class Meta:
        verbose_name = _("category")
        verbose_name_plural = _("categories")
        ordering = ["tournament_id", "name"]
        constraints = [
            models.UniqueConstraint(
                "tournament", Lower("name"), name="unique_category_name_per_tournament",
                violation_error_message=_("This tournament already has a category with this name."),
            ),
        ]

    def __str__(self) -> str:
        return self.name


class TeamCategory(models.Model):
    """A team carries a category: every place of the team (its players too, where players are ranked)."""

    category = models.ForeignKey(Category, on_delete=models.CASCADE, related_name="team_tags")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="category_tags")

    class Meta:
        verbose_name = _("team in a category")
        verbose_name_plural = _("teams in categories")
        constraints = [models.UniqueConstraint(fields=["category", "team"], name="unique_team_per_category")]


class PlayerCategory(models.Model):
    """A player carries a category: their own place, and their team's when both players carry it."""

    category = models.ForeignKey(Category, on_delete=models.CASCADE, related_name="player_tags")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="category_tags")

    class Meta:
        verbose_name = _("player in a category")
        verbose_name_plural = _("players in categories")
        constraints = [models.UniqueConstraint(fields=["category", "player"], name="unique_player_per_category")]


class PrizeRule(models.TextChoices):
    PLACE = awarding.PLACE, _("Place")
    CATEGORY = awarding.CATEGORY, _("Best of a category")
    BOOBY = awarding.BOOBY, _("Booby prize (from the last place up)")
    BEST_CLUB = awarding.BEST_CLUB, _("Best club")


class Prize(models.Model):
    """One prize: what is given, to whom (``rule``, ``number``, ``category``), and when (``order``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prizes",
                                   verbose_name=_("tournament"))
    order = models.PositiveIntegerField(_("order of handing out"))
    what = models.CharField(_("what is given"), max_length=PRIZE_MAX_LENGTH)
    rule = models.CharField(_("rule"), max_length=12, choices=PrizeRule.choices)
    number = models.PositiveIntegerField(
        _("number"), default=1, validators=[MinValueValidator(1), MaxValueValidator(MAX_NUMBER)],
        help_text=_("The place; the n-th of the category; the n-th from the last place; the n-th club."),
    )
    category = models.ForeignKey(Category, on_delete=models.CASCADE, null=True, blank=True, related_name="prizes",
                                 verbose_name=_("category"))

    class Meta:
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        ordering = ["tournament_id", "order"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "order"], name="unique_prize_order_per_tournament"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="prize_number_positive"),
            models.CheckConstraint(
                condition=models.Q(rule=awarding.CATEGORY, category__isnull=False)
                | (~models.Q(rule=awarding.CATEGORY) & models.Q(category__isnull=True)),
                name="prize_category_only_for_category_rule",
            ),
        ]

    def __str__(self) -> str:
        return self.what

    @property
    def as_rule(self) -> awarding.Rule:
        """The rule as :mod:`prizes.awarding` takes it (a category by its id)."""
        return awarding.Rule(self.rule, self.number, self.category_id if self.rule == awarding.CATEGORY else None)


class PrizeSettings(models.Model):
    """How the tournament's prizes are handed out; a tournament without a row has the defaults."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="prize_settings",
                                      verbose_name=_("tournament"))
    one_each = models.BooleanField(
        _("a team wins at most one prize"), default=True,
        help_text=_("On: a winner already given a prize is passed over, and the next in line gets the later "
                    "prize. Off: one team may win several prizes."),
    )
    club_size = models.PositiveSmallIntegerField(
        _("teams that count for the best club"), default=DEFAULT_CLUB_SIZE,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_CLUB_SIZE)],
        help_text=_("A club's points are the sum of its best teams' points; a club with fewer teams is not ranked."),
    )

    class Meta:
        verbose_name = _("prize settings")
        verbose_name_plural = _("prize settings")

    def __str__(self) -> str:
        return str(self.tournament)
