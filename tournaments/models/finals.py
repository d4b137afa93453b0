"""Knock-out finals after the Swiss rounds (issue 35): the bracket the director chose, and which table
of a finals round plays which match.

Why the finals are rounds and tables like any other: each final is then a table with its sheet, its
table link, its team codes, its card, its place on the projector and at the desk, with no second way
of entering or confirming a result. What makes a round a finals round is ``Round.final``; the standings
of the Swiss rounds leave such rounds out, and :mod:`tournaments.services.finals` reads the bracket's
places from their sheets. The pure bracket is :mod:`tournaments.pairing.knockout`.
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.registration import Tournament
from tournaments.models.rounds import Table


class LevelRule(models.TextChoices):
    """How a final that ends level is decided (chosen before the finals start, shown on the sheet);
    the values are :mod:`tournaments.pairing.knockout`'s."""

    PAWNS_THEN_LOT = "pawns-then-lot", _("The most pawns home, then a lot drawn from the tournament's seed")
    REPLAY = "replay", _("The match is played again")


class Finals(models.Model):
    """The finals of a tournament: a bracket of the top ``size`` of the Swiss standings, play-offs for
    the places down the bracket or not, and ``consolation_count`` brackets of ``consolation_size`` for
    the places after it."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="finals", verbose_name=_("tournament")
    )
    size = models.PositiveSmallIntegerField(_("teams in the bracket"), choices=[(2, "2"), (4, "4"), (8, "8")])
    playoffs = models.BooleanField(_("play-offs for every place"), default=True)
    consolation_size = models.PositiveSmallIntegerField(
        _("teams in a consolation bracket"), choices=[(4, "4"), (8, "8")], default=4
    )
    consolation_count = models.PositiveSmallIntegerField(
        _("consolation brackets"), default=0, validators=[MaxValueValidator(8)]
    )
    level_rule = models.CharField(_("a level final is decided by"), max_length=20, choices=LevelRule.choices,
                                  default=LevelRule.PAWNS_THEN_LOT)
    deals = models.PositiveSmallIntegerField(
        _("deals in a final"), null=True, blank=True, validators=[MinValueValidator(1)],
        help_text=_("Klaverjassen: how many deals a final has (at most the rounds' deals)."),
    )
    created_at = models.DateTimeField(_("made at"), default=timezone.now, editable=False)

    class Meta:
        verbose_name = _("finals")
        verbose_name_plural = _("finals")

    def __str__(self) -> str:
        return f"{self.tournament.name} · {_('finals')}"


class FinalMatch(models.Model):
    """A table of a finals round as a match of the bracket: the places it plays for (``low``–``high``),
    and, for a replay of a level match, the match it replays."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="final_match",
                                 verbose_name=_("table"))
    low = models.PositiveSmallIntegerField(_("best place played for"), validators=[MinValueValidator(1)])
    high = models.PositiveSmallIntegerField(_("last place played for"), validators=[MinValueValidator(2)])
    replay_of = models.OneToOneField("self", on_delete=models.CASCADE, null=True, blank=True,
                                     related_name="replay", verbose_name=_("replay of"))

    class Meta:
        verbose_name = _("final")
        verbose_name_plural = _("finals")
        ordering = ["table__round__number", "table__number"]
        constraints = [models.CheckConstraint(condition=models.Q(high__gt=models.F("low")),
                                              name="final_match_places_in_order")]

    def __str__(self) -> str:
        return f"{self.table} · {self.low}–{self.high}"
