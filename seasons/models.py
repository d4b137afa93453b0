"""A competition, its evenings (the tournaments of the series, in order) and excused absences.

The rules are stored as the competition file writes them (``competition.md``, "rules") and read by
:func:`scoring.competition.parse_rules`: one shape for the file, the form and the ranking. Each
evening keeps its tournament's standings as plain places (``places``), taken at the tournament's
``results_version``: the competition's pages then read one row per evening, not a tournament's
whole standings, and an evening is taken again as soon as its tournament's results move.
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.competition import MAX_EVENINGS
from tournaments.models import GameChoice, PublicNames, Tournament
from tournaments.models.fields import LazyJSONField
from tournaments.models.registration import NAME_MAX_LENGTH, new_seed


class Competition(models.Model):
    name = models.CharField(_("name"), max_length=NAME_MAX_LENGTH)
    slug = models.SlugField(
        _("short name in web addresses"), max_length=60, unique=True,
        help_text=_("Letters, digits and hyphens, for example clubcompetitie-2026."),
    )
    game = models.CharField(_("game"), max_length=20, choices=GameChoice.choices, default=GameChoice.KEEZEN)
    rules = models.JSONField(_("rules"), default=dict)
    seed = models.BigIntegerField(
        _("random seed"), default=new_seed,
        help_text=_("Decides the lot among people still tied after the tiebreaks, so it can be repeated."),
    )
    hidden = models.BooleanField(
        _("hidden from the public pages"), default=False,
        help_text=_("A hidden competition is on no public page."),
    )
    public_names = models.CharField(
        _("player names in public"), max_length=15, choices=PublicNames.choices, default=PublicNames.FULL,
        help_text=_("How names appear on the public competition page, its PDF and its workbook."),
    )
    created_at = models.DateTimeField(_("created at"), default=timezone.now, editable=False)

    class Meta:
        verbose_name = _("competition")
        verbose_name_plural = _("competitions")
        ordering = ["-created_at", "name"]

    def __str__(self) -> str:
        return self.name


class Evening(models.Model):
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="evenings",
                                    verbose_name=_("competition"))
    number = models.PositiveSmallIntegerField(
        _("evening"), validators=[MinValueValidator(1), MaxValueValidator(MAX_EVENINGS)])
    # PROTECT: a tournament that is an evening stays while it is (deleting it would take a result out of
    # the club's season without anyone deciding so); the core refuses its delete with this row's words.
    tournament = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="evenings",
                                   verbose_name=_("tournament"))
    # The tournament's standings as the competition reads them, and the results version they were taken at.
    places = LazyJSONField(_("places"), null=True, blank=True, editable=False)
    places_version = models.PositiveIntegerField(null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("evening")
        verbose_name_plural = _("evenings")
        ordering = ["competition_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "number"], name="unique_evening_number",
                                    violation_error_message=_("This competition already has this evening.")),
            models.UniqueConstraint(fields=["competition", "tournament"], name="unique_evening_tournament",
                                    violation_error_message=_("This tournament is an evening of this competition already.")),
        ]

    def __str__(self) -> str:
        return f"{self.competition}: {self.number}"

    def deletion_refused_message(self) -> str:
        """Why its tournament is not deleted (``tournaments.services.lifecycle.delete_tournament``)."""
        return _("“%(name)s” is evening %(number)s of the competition “%(competition)s”: remove it there first; "
                 "nothing was deleted.") % {"name": self.tournament.name, "number": self.number,
                                            "competition": self.competition.name}


class Excused(models.Model):
    """A person excused on an evening they did not play (points for absence, if the rules give them)."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="excused",
                                    verbose_name=_("competition"))
    evening = models.PositiveSmallIntegerField(
        _("evening"), validators=[MinValueValidator(1), MaxValueValidator(MAX_EVENINGS)])
    person = models.ForeignKey("people.Person", on_delete=models.CASCADE, related_name="excused",
                               verbose_name=_("person"))

    class Meta:
        verbose_name = _("excused absence")
        verbose_name_plural = _("excused absences")
        ordering = ["competition_id", "evening", "person_id"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "evening", "person"], name="unique_excused",
                                    violation_error_message=_("This person is excused on this evening already.")),
        ]
