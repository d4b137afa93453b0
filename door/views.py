"""The director's pages of the money at the door: marking a fee paid at the check-in (htmx: the
team's row comes back), the entry fee's settings, and the cash list.

Thin: every change is a call to :mod:`door.services`. A refused payment answers 422 when what was
sent makes no sense (an unknown method or reduction) and 409 when the day's state refuses it (paid
already); htmx gets the row with the message in it, a plain form the check-in page with the message.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from door import services
from door.forms import FeeForm
from door.models import Method
from door.money import euros
from common.redirects import back_to
from tournaments import screens
from tournaments.models import Team
from tournaments.numbers import whole_or
from tournaments.permissions import director_required
from tournaments.views.lookups import CONFLICT, REFUSED, refused, tournament_or_404


def _team(slug: str, pk: int) -> Team:
    return get_object_or_404(Team.objects.select_related("tournament"), tournament__slug=slug, pk=pk)


def _seat(request: HttpRequest) -> tuple[int | None, bool]:
    """The seat posted (a fee per person), and whether what was posted can be read."""
    if "seat" not in request.POST:
        return None, True
    seat = whole_or(request.POST["seat"], low=1, high=2)
    return seat, seat is not None


def _row(request: HttpRequest, team: Team, problems: list[str] = (), status: int = 200) -> HttpResponse:
    """The team's check-in row as htmx swaps it in, with ``problems`` shown in it."""
    team = Team.objects.with_people().select_related("tournament").get(pk=team.pk)
    return render(request, "tournaments/director/_checkin_row.html", {
        "team": team, "tournament": team.tournament, "door_problems": problems,
        **screens.page_data(screens.CHECKIN, team.tournament, [team]),  # every app's part of the row (ours: the dues)
    }, status=status)


def _back(request: HttpRequest, slug: str) -> str:
    """Where a plain form returns: the page it came from (``next``, on this site), else the check-in."""
    return back_to(request, request.POST.get("next"), reverse("director:checkin", args=[slug]))


def _refused(request: HttpRequest, team: Team, error: ValidationError) -> HttpResponse:
    status = CONFLICT if services.is_conflict(error) else REFUSED
    if request.htmx:
        return _row(request, team, error.messages, status)
    return refused(request, error.messages, "director:checkin", team.tournament.slug, status=status)


@director_required
@require_POST
def pay(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Mark a fee paid: ``method`` (cash, card, bank-transfer), ``reduction`` (its name, or empty),
    ``seat`` (the player, when the fee is per person)."""
    team = _team(slug, pk)
    seat, readable = _seat(request)
    try:
        if not readable:
            raise services.refusal(_("Choose which player paid."))
        payment = services.record_payment(team, request.POST.get("method", ""), seat=seat,
                                          reduction=request.POST.get("reduction", "").strip(), user=request.user)
    except ValidationError as error:
        return _refused(request, team, error)
    if request.htmx:
        return _row(request, team)
    messages.success(request, _("%(who)s paid %(amount)s, %(method)s.") % {
        "who": services.who(team, payment.player), "amount": euros(payment.amount),
        "method": Method(payment.method).label.lower()})
    return redirect(_back(request, slug))


@director_required
@require_POST
def undo(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Take a payment back (a tap on the wrong team, the wrong method)."""
    team = _team(slug, pk)
    seat, readable = _seat(request)
    try:
        if not readable:
            raise services.refusal(_("Choose which player's payment to undo."))
        payment = services.undo_payment(team, seat)
    except ValidationError as error:
        return _refused(request, team, error)
    if request.htmx:
        return _row(request, team)
    messages.info(request, _("The payment of %(who)s (%(amount)s) is undone.") % {
        "who": services.who(team, payment.player), "amount": euros(payment.amount)})
    return redirect(_back(request, slug))


@director_required
def cash(request: HttpRequest, slug: str) -> HttpResponse:
    """The cash list: totals per method, then every payment in the order it was taken."""
    tournament = tournament_or_404(slug)
    return render(request, "door/cash.html", {"tournament": tournament, "cash": services.cash_list(tournament)})


@director_required
def fee(request: HttpRequest, slug: str) -> HttpResponse:
    """The entry fee: per team or per person, the amount, the reductions; or no fee at all."""
    tournament = tournament_or_404(slug)
    current = services.fee_of(tournament)
    if request.method != "POST":
        return _fee_page(request, tournament, FeeForm(fee=current), current)
    if "remove" in request.POST:
        try:
            services.remove_fee(tournament)
        except ValidationError as error:
            return refused(request, error.messages, "door:fee", slug, status=CONFLICT)
        messages.info(request, _("This tournament asks no entry fee now."))
        return redirect("door:cash", slug)
    form = FeeForm(request.POST, fee=current)
    if not form.is_valid():
        return _fee_page(request, tournament, form, current, REFUSED)
    try:
        services.set_fee(tournament, form.cleaned_data["per"], form.cleaned_data["amount"], form.reductions())
    except ValidationError as error:
        for message in error.messages:
            form.add_error(None, message)
        return _fee_page(request, tournament, form, current, CONFLICT if services.is_conflict(error) else REFUSED)
    messages.success(request, _("Entry fee saved."))
    return redirect("door:cash", slug)


def _fee_page(request: HttpRequest, tournament, form: FeeForm, current, status: int = 200) -> HttpResponse:
    return render(request, "door/fee.html", {"tournament": tournament, "form": form, "fee": current}, status=status)
