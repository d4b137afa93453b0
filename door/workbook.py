"""The cash list as a sheet of the tournament's workbook (``standings-xlsx``): one row per payment in
the order taken, then the totals per method and what is still to pay.

Rows of plain values, as every sheet of :mod:`tournaments.exporters.workbook`: amounts in euros as
decimals (a sum in Excel adds them up), times in the tournament's time zone. The workbook leaves the
laptop, so player names follow the tournament's privacy setting
(:mod:`tournaments.services.public_names`), as on the workbook's other sheets.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from door.models import Payment
from door.money import as_decimal
from door.services import CashList, cash_list
from tournaments.exporters.workbook import SheetSpec
from tournaments.models import Tournament
from tournaments.services.public_names import seat_name, shown_entrant, shown_name


class CashSheet:
    """The "Cash" sheet of a tournament that asks an entry fee."""

    def __init__(self, tournament: Tournament, cash: CashList):
        self.tournament = tournament
        self.cash = cash

    @classmethod
    def of(cls, tournament: Tournament) -> CashSheet | None:
        """The sheet, or None when the tournament asks no fee and took no payment."""
        cash = cash_list(tournament)
        return cls(tournament, cash) if cash.fee is not None or cash.payments else None

    def spec(self) -> SheetSpec:
        return SheetSpec("cash", pgettext("workbook sheet", "Cash"), (18, 8, 28, 28, 12, 16, 16, 16))

    def rows(self) -> Iterator[list]:
        yield [_("Time"), _("Number"), _("Player") if self.tournament.individual else _("Team name"),
               "" if self.tournament.individual else _("Player"), _("Amount (€)"), _("Paid by"), _("Reduction"),
               _("Taken by")]
        for payment in self.cash.payments:
            yield [timezone.localtime(payment.paid_at).replace(tzinfo=None, microsecond=0), payment.team.number,
                   *self._names(payment), as_decimal(payment.amount), payment.get_method_display(),
                   payment.reduction, payment.by.get_username() if payment.by else ""]
        yield []
        yield [_("Paid by"), _("Payments"), _("Amount (€)")]
        for total in self.cash.totals:
            yield [total.label, total.count, as_decimal(total.amount)]
        yield [_("Total"), self.cash.count, as_decimal(self.cash.total)]
        if self.cash.fee is not None:
            yield [_("Still to pay (full fee)"), self.cash.unpaid, as_decimal(self.cash.unpaid_amount)]

    def _names(self, payment: Payment) -> list[str]:
        setting = self.tournament.public_names
        team = payment.team
        if self.tournament.individual:
            return [shown_entrant(team.name, team.number, setting), ""]
        if payment.player is None:
            return [team.name, ""]
        return [team.name, shown_name(payment.player.name, setting) or seat_name(team.name, payment.player.seat)]
