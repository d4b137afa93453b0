"""The money at the door as plain functions: set the fee, take a payment, undo it, the cash list.

Why here and not in the views: the check-in page, the cash list, the tests and the tournament file
all go through these, so a fee is paid once whichever way it comes in. Every function checks what
it is given before it writes; a refusal is a ``ValidationError`` whose messages name the problem,
and nothing is written. Its ``code`` tells a problem with what was sent (:data:`INVALID`: answered
422) from one with the day's state (:data:`CONFLICT`, a fee paid already: answered 409).

A payment is written in one transaction that first locks its team's row and reads again whether it
has been paid: two taps at the same moment (two phones at the door) record one payment; the
database's own rule (one payment per team, or per player) stands behind it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from door.models import MAX_CENTS, MAX_REDUCTIONS, REDUCTION_NAME_MAX_LENGTH, Fee, FeePer, Method, Payment, Reduction
from door.money import euros
from tournaments.models import Player, Team, Tournament
from tournaments.names import clean_name
from tournaments.signals import changed

INVALID, CONFLICT = "invalid", "conflict"


def refusal(messages: str | list[str], code: str = INVALID) -> ValidationError:
    return ValidationError([ValidationError(message, code=code) for message in
                            ([messages] if isinstance(messages, str) else messages)])


def is_conflict(error: ValidationError) -> bool:
    """Whether the refusal is about the day's state (409) rather than what was sent (422)."""
    return any(item.code == CONFLICT for item in error.error_list)


# --------------------------------------------------------------------------- the fee


def fee_of(tournament: Tournament) -> Fee | None:
    """The tournament's fee with its reductions (two queries; one when there is none)."""
    return Fee.objects.filter(tournament=tournament).prefetch_related("reductions").first()


def due_after(fee: Fee, reduction: Reduction | None) -> int:
    return fee.amount - (reduction.amount if reduction is not None else 0)


def _fee_problems(per: str, amount: int, reductions: Sequence[tuple[str, int]]) -> list[str]:
    problems = []
    if per not in FeePer.values:
        problems.append(_("Choose whether the fee is paid per team or per person."))
    if not 1 <= amount <= MAX_CENTS:
        problems.append(_("The entry fee must be from %(low)s to %(high)s.") % {"low": euros(1), "high": euros(MAX_CENTS)})
    if len(reductions) > MAX_REDUCTIONS:
        problems.append(_("At most %(count)s reductions.") % {"count": MAX_REDUCTIONS})
    names: set[str] = set()
    for name, cents in reductions:
        if not name or len(name) > REDUCTION_NAME_MAX_LENGTH:
            problems.append(_("A reduction needs a name of 1 to %(max)s characters.") % {"max": REDUCTION_NAME_MAX_LENGTH})
            continue
        if name.casefold() in names:
            problems.append(_("The reduction “%(name)s” is given twice.") % {"name": name})
        names.add(name.casefold())
        if not 1 <= cents <= amount:
            problems.append(_("The reduction “%(name)s” must be from %(low)s to the fee itself, %(high)s.")
                            % {"name": name, "low": euros(1), "high": euros(max(amount, 1))})
    return problems


def set_fee(tournament: Tournament, per: str, amount: int, reductions: Sequence[tuple[str, int]] = ()) -> Fee:
    """Set the tournament's entry fee (in cents) and its reductions (name, cents off), replacing the
    ones before. Payments taken keep their amounts. Switching between per team and per person is
    refused while payments exist (they would no longer say who paid)."""
    reductions = [(clean_name(name), cents) for name, cents in reductions]
    problems = _fee_problems(per, amount, reductions)
    if problems:
        raise refusal(problems)
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()  # one change of the fee at a time
        fee = Fee.objects.filter(tournament=tournament).first()
        if fee is not None and fee.per != per and Payment.objects.filter(team__tournament=tournament).exists():
            raise refusal(_("Payments have been taken %(per)s: undo them before the fee is paid otherwise.")
                          % {"per": FeePer(fee.per).label}, CONFLICT)
        if fee is None:
            fee = Fee.objects.create(tournament=tournament, per=per, amount=amount)
        else:
            fee.per, fee.amount = per, amount
            fee.save(update_fields=["per", "amount"])
            fee.reductions.all().delete()
        Reduction.objects.bulk_create([Reduction(fee=fee, name=name, amount=cents) for name, cents in reductions])
        changed(tournament.pk)  # bulk_create sends no post_save: the backups hear of the reductions here
    return fee_of(tournament)


def remove_fee(tournament: Tournament) -> None:
    """No entry fee any more; refused while payments exist."""
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        if Payment.objects.filter(team__tournament=tournament).exists():
            raise refusal(_("Payments have been taken: undo them before the entry fee is removed."), CONFLICT)
        Fee.objects.filter(tournament=tournament).delete()


# --------------------------------------------------------------------------- payments


def who(team: Team, player: Player | None) -> str:
    """The one who pays as the messages name them: a team, or a player of a team."""
    if team.tournament.individual:
        return _("player %(team)s") % {"team": team}
    if player is None:
        return _("team %(team)s") % {"team": team}
    return _("%(player)s of team %(team)s") % {"player": player.name, "team": team}


def paid_already(payment: Payment, whom: str) -> str:
    return _("%(who)s has paid already: %(amount)s, %(method)s, at %(time)s. Nothing was recorded.") % {
        "who": whom, "amount": euros(payment.amount), "method": Method(payment.method).label.lower(),
        "time": formats.time_format(timezone.localtime(payment.paid_at), "H:i")}


def _payer(team: Team, fee: Fee, seat: int | None) -> Player | None:
    """The player who pays (a fee per person), or None (per team); refused when ``seat`` does not fit."""
    if fee.per == FeePer.TEAM:
        if seat is not None:
            raise refusal(_("The entry fee is paid per team now: reload the page."), CONFLICT)
        return None
    if seat is None:
        raise refusal(_("The entry fee is paid per person now: reload the page and choose who paid."), CONFLICT)
    player = Player.objects.filter(team=team, seat=seat).first()
    if player is None:
        raise refusal(_("Team %(team)s has no player %(seat)s.") % {"team": team, "seat": seat})
    return player


def _reduction(fee: Fee, name: str) -> Reduction | None:
    if not name:
        return None
    for reduction in fee.reductions.all():
        if reduction.name == name:
            return reduction
    known = ", ".join(f"“{reduction.name}”" for reduction in fee.reductions.all()) or _("none")
    raise refusal(_("There is no reduction “%(name)s” (reductions: %(known)s).") % {"name": name[:40], "known": known})


def record_payment(team: Team, method: str, *, seat: int | None = None, reduction: str = "", user=None) -> Payment:
    """Mark the fee of ``team`` (or of its player in ``seat`` when the fee is per person) paid by
    ``method``, with the named ``reduction`` or none. Refused, with nothing written: no fee, an
    unknown method or reduction, a player who is not there, a fee paid already."""
    if method not in Method.values:
        raise refusal(_("Choose how it was paid: cash, card or bank transfer."))
    with transaction.atomic():
        # The team's row, locked: a second tap waits here, then finds the first one's payment.
        locked = Team.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=team.pk)
        fee = fee_of(locked.tournament)
        if fee is None:
            raise refusal(_("This tournament has no entry fee: set one on the cash page first."), CONFLICT)
        player = _payer(locked, fee, seat)
        taken = _reduction(fee, reduction)
        whom = who(locked, player)
        existing = Payment.objects.filter(team=locked, player=player).first()
        if existing is not None:
            raise refusal(paid_already(existing, whom), CONFLICT)
        try:
            with transaction.atomic():
                payment = Payment.objects.create(team=locked, player=player, amount=due_after(fee, taken),
                                                 method=method, reduction=taken.name if taken else "",
                                                 by=user if user is not None and user.is_authenticated else None)
        except IntegrityError:  # paid at the same moment elsewhere (the database's rule)
            raise refusal(_("%(who)s has paid already. Nothing was recorded.") % {"who": whom}, CONFLICT) from None
    return payment


def undo_payment(team: Team, seat: int | None = None) -> Payment:
    """Take back the payment of ``team`` (or of its player in ``seat``); returns what was undone."""
    with transaction.atomic():
        locked = Team.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=team.pk)
        payments = Payment.objects.filter(team=locked).select_related("player")
        payments = payments.filter(player__isnull=True) if seat is None else payments.filter(player__seat=seat)
        payment = payments.first()
        if payment is None:
            player = Player.objects.filter(team=locked, seat=seat).first() if seat is not None else None
            raise refusal(_("%(who)s has not paid: there is nothing to undo.") % {"who": who(locked, player)}, CONFLICT)
        payment.delete()
    return payment


# --------------------------------------------------------------------------- the check-in's rows


@dataclass
class Due:
    """One fee to pay at the check-in: a team's, or a player's when the fee is per person."""

    team: Team
    player: Player | None
    payment: Payment | None

    @property
    def seat(self) -> int | None:
        return self.player.seat if self.player is not None else None


def attach_dues(tournament: Tournament, teams: Iterable[Team]) -> Fee | None:
    """Give each of ``teams`` (their players prefetched) its ``dues``; the tournament's fee, or None
    (and no dues) when it asks none. Three queries whatever the number of teams."""
    teams = list(teams)
    fee = fee_of(tournament)
    if fee is None:
        return None
    payments = Payment.objects.filter(team__tournament=tournament)
    if len(teams) == 1:  # one row (a tap at the check-in): its payments only
        payments = payments.filter(team=teams[0])
    paid = {(payment.team_id, payment.player_id): payment for payment in payments}
    for team in teams:
        if fee.per == FeePer.TEAM:
            team.dues = [Due(team, None, paid.get((team.pk, None)))]
        else:
            players = sorted(team.players.all(), key=lambda player: player.seat)
            team.dues = [Due(team, player, paid.get((team.pk, player.pk))) for player in players]
    return fee


# --------------------------------------------------------------------------- the cash list


@dataclass(frozen=True)
class MethodTotal:
    method: str
    label: str
    count: int
    amount: int


@dataclass
class CashList:
    """Who paid what, how and when (in the order it was taken), the totals per method, and what is
    still to pay by the teams taking part (not withdrawn), at the full fee."""

    fee: Fee | None
    payments: list[Payment] = field(default_factory=list)
    totals: list[MethodTotal] = field(default_factory=list)
    unpaid: int = 0

    @property
    def count(self) -> int:
        return len(self.payments)

    @property
    def total(self) -> int:
        return sum(payment.amount for payment in self.payments)

    @property
    def unpaid_amount(self) -> int:
        return self.unpaid * self.fee.amount if self.fee is not None else 0


def cash_list(tournament: Tournament) -> CashList:
    """The day's cash list: every payment with its team, player and who took it; a total per method
    (every method, also one nobody used); how many fees are still open. Four queries."""
    fee = fee_of(tournament)
    payments = list(Payment.objects.filter(team__tournament=tournament)
                    .select_related("team", "player", "by").order_by("paid_at", "pk"))
    totals = [MethodTotal(method, str(label), sum(1 for p in payments if p.method == method),
                          sum(p.amount for p in payments if p.method == method))
              for method, label in Method.choices]
    unpaid = 0
    if fee is not None:
        active = Team.objects.filter(tournament=tournament).active()
        if fee.per == FeePer.TEAM:  # no payment of a player then: the fee's kind changes only without payments
            unpaid = active.filter(payments__isnull=True).count()
        else:
            unpaid = Player.objects.filter(team__in=active, payments__isnull=True).count()
    return CashList(fee=fee, payments=payments, totals=totals, unpaid=unpaid)
