"""A tournament's entry fee, its reductions, and the payments taken at the door.

Money is kept as whole cents (``1250`` is € 12,50): no rounding, the same on SQLite and PostgreSQL.
A payment keeps what was paid and the name of the reduction applied as they were at the moment it
was taken, so a fee changed later leaves the cash list as it is.

That a fee is paid once is the database's rule, not only the page's: one payment per team when the
fee is per team (a payment without a player), one per player when it is per person.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import Player, Team, Tournament

MAX_CENTS = 100_000
"""The largest amount (€ 1.000,00): far above any entry fee, and a typing error is caught."""
REDUCTION_NAME_MAX_LENGTH = 30
MAX_REDUCTIONS = 6


class FeePer(models.TextChoices):
    TEAM = "team", _("per team")
    PERSON = "person", _("per person")


class Method(models.TextChoices):
    """How a fee was paid, in the order the check-in's buttons and the cash list's totals show them."""

    CASH = "cash", pgettext_lazy("payment method", "Cash")
    CARD = "card", pgettext_lazy("payment method", "Card")
    BANK_TRANSFER = "bank-transfer", _("Bank transfer")


class Fee(models.Model):
    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="fee",
                                      verbose_name=_("tournament"))
    per = models.CharField(_("paid"), max_length=10, choices=FeePer.choices, default=FeePer.TEAM)
    amount = models.PositiveIntegerField(_("entry fee in cents"),
                                         validators=[MinValueValidator(1), MaxValueValidator(MAX_CENTS)])

    class Meta:
        verbose_name = _("entry fee")
        verbose_name_plural = _("entry fees")
        constraints = [
            models.CheckConstraint(condition=Q(per__in=FeePer.values), name="door_fee_per_values"),
            models.CheckConstraint(condition=Q(amount__gte=1, amount__lte=MAX_CENTS), name="door_fee_amount_range"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.amount} ({self.per})"

    def prices(self) -> list[tuple[str, int]]:
        """What is paid: ``("", amount)`` for the full fee, then ``(name, amount)`` after each reduction
        (the reductions prefetched, in their order)."""
        return [("", self.amount), *((reduction.name, self.amount - reduction.amount)
                                      for reduction in self.reductions.all())]


class Reduction(models.Model):
    """An amount taken off the fee for some (members, youth): they pay ``fee.amount - amount``."""

    fee = models.ForeignKey(Fee, on_delete=models.CASCADE, related_name="reductions", verbose_name=_("entry fee"))
    name = models.CharField(_("reduction"), max_length=REDUCTION_NAME_MAX_LENGTH)
    amount = models.PositiveIntegerField(_("reduction in cents"),
                                         validators=[MinValueValidator(1), MaxValueValidator(MAX_CENTS)])

    class Meta:
        verbose_name = _("reduction")
        verbose_name_plural = _("reductions")
        ordering = ["fee_id", "name"]
        constraints = [
            models.UniqueConstraint(fields=["fee", "name"], name="door_unique_reduction_name",
                                    violation_error_message=_("This fee already has a reduction of this name.")),
        ]

    def __str__(self) -> str:
        return self.name


class Payment(models.Model):
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="payments", verbose_name=_("team"))
    # Set when the fee is per person: who paid (an individual tournament's entrant is seat 1 of their team).
    player = models.ForeignKey(Player, on_delete=models.CASCADE, null=True, blank=True, related_name="payments",
                               verbose_name=_("player"))
    amount = models.PositiveIntegerField(_("amount in cents"), validators=[MaxValueValidator(MAX_CENTS)])
    method = models.CharField(_("paid by"), max_length=20, choices=Method.choices)
    reduction = models.CharField(_("reduction"), max_length=REDUCTION_NAME_MAX_LENGTH, blank=True)
    paid_at = models.DateTimeField(_("paid at"), default=timezone.now)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                           related_name="+", verbose_name=_("taken by"))

    class Meta:
        verbose_name = _("payment")
        verbose_name_plural = _("payments")
        ordering = ["paid_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["team"], condition=Q(player__isnull=True), name="door_one_payment_per_team",
                                    violation_error_message=_("This team has paid already.")),
            models.UniqueConstraint(fields=["player"], condition=Q(player__isnull=False),
                                    name="door_one_payment_per_player",
                                    violation_error_message=_("This player has paid already.")),
            models.CheckConstraint(condition=Q(method__in=Method.values), name="door_payment_method_values"),
            models.CheckConstraint(condition=Q(amount__lte=MAX_CENTS), name="door_payment_amount_range"),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.amount} ({self.method})"
