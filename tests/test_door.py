"""The money at the door, through its services: the fee and its reductions, payments marked once
(a second is refused with a message and nothing written), undone, and the cash list's totals per
method. Amounts are whole cents, shown as euros in the page's language."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import translation

from door import services
from door.models import Fee, FeePer, Method, Payment, Reduction
from door.money import euros, parse_cents
from tournaments.services.teams import set_withdrawn

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def fee(tournament):
    return services.set_fee(tournament, FeePer.TEAM, 1500, [("member", 250), ("youth", 750)])


def refused(action) -> ValidationError:
    with pytest.raises(ValidationError) as raised:
        action()
    return raised.value


# --------------------------------------------------------------------------- money


def test_cents_are_shown_as_euros_in_the_page_language():
    with translation.override("nl"):
        assert euros(1250) == "€\u00a012,50" and euros(100000) == "€\u00a01.000,00" and euros(5) == "€\u00a00,05"
    with translation.override("en"):
        assert euros(1250) == "€\u00a012.50" and euros(100000) == "€\u00a01,000.00"


@pytest.mark.parametrize("typed, cents", [
    ("12", 1200), ("12,5", 1250), ("12,50", 1250), ("12.50", 1250), ("€ 12,50", 1250), (" €7 ", 700), ("0,05", 5),
    ("", None), ("abc", None), ("12,505", None), ("-3", None), ("1.234,50", None), ("١٢", None), (None, None),
])
def test_typed_euros_are_read_as_cents(typed, cents):
    assert parse_cents(typed) == cents


# --------------------------------------------------------------------------- the fee


def test_the_fee_is_set_with_reductions_and_set_again_replaces_them(tournament, fee):
    assert (fee.per, fee.amount) == (FeePer.TEAM, 1500)
    assert fee.prices() == [("", 1500), ("member", 1250), ("youth", 750)]
    again = services.set_fee(tournament, FeePer.PERSON, 800, [("  Jeugd  tot 18 ", 400)])
    assert again.pk == fee.pk and (again.per, again.amount) == (FeePer.PERSON, 800)
    assert again.prices() == [("", 800), ("Jeugd tot 18", 400)]
    assert Reduction.objects.count() == 1


@pytest.mark.parametrize("per, amount, reductions, problem", [
    ("month", 1500, [], "per team or per person"),
    ("team", 0, [], "must be from"),
    ("team", 100_001, [], "must be from"),
    ("team", 1500, [("member", 1600)], "“member” must be from"),
    ("team", 1500, [("member", 0)], "“member” must be from"),
    ("team", 1500, [("member", 100), ("Member", 200)], "“Member” is given twice"),
    ("team", 1500, [("", 100)], "needs a name"),
    ("team", 1500, [("x" * 31, 100)], "needs a name"),
    ("team", 1500, [(f"r{n}", 100) for n in range(7)], "At most 6"),
])
def test_a_fee_that_makes_no_sense_is_refused_and_nothing_is_written(tournament, per, amount, reductions, problem):
    error = refused(lambda: services.set_fee(tournament, per, amount, reductions))
    assert any(problem in message for message in error.messages), error.messages
    assert not services.is_conflict(error)
    assert not Fee.objects.exists() and not Reduction.objects.exists()


def test_per_team_or_per_person_does_not_change_once_paid(tournament, fee, make_teams):
    team = make_teams(tournament, 1)[0]
    services.record_payment(team, Method.CASH)
    error = refused(lambda: services.set_fee(tournament, FeePer.PERSON, 1500))
    assert services.is_conflict(error) and "undo them" in error.messages[0]
    assert Fee.objects.get().per == FeePer.TEAM and Reduction.objects.count() == 2
    services.set_fee(tournament, FeePer.TEAM, 2000)  # the amount may change; the payment keeps its own
    assert Payment.objects.get().amount == 1500
    assert services.is_conflict(refused(lambda: services.remove_fee(tournament)))
    services.undo_payment(team)
    services.remove_fee(tournament)
    assert not Fee.objects.exists() and services.fee_of(tournament) is None


# --------------------------------------------------------------------------- payments


def test_a_payment_with_a_reduction_and_who_took_it(tournament, fee, make_teams, director):
    team = make_teams(tournament, 1)[0]
    payment = services.record_payment(team, Method.CARD, reduction="member", user=director)
    assert (payment.amount, payment.method, payment.reduction, payment.by, payment.player) == (
        1250, "card", "member", director, None)
    assert payment.paid_at is not None


def test_a_fee_paid_twice_is_refused_with_a_clear_message_and_nothing_is_written(tournament, fee, make_teams):
    team = make_teams(tournament, 1)[0]
    first = services.record_payment(team, Method.CASH)
    error = refused(lambda: services.record_payment(team, Method.CARD, reduction="youth"))
    assert services.is_conflict(error)
    assert error.messages[0].startswith("team 1. Team 1 has paid already: €\u00a015.00, cash, at ")
    assert error.messages[0].endswith("Nothing was recorded.")
    assert list(Payment.objects.values_list("pk", "amount", "method")) == [(first.pk, 1500, "cash")]


def test_the_database_holds_one_payment_per_team_and_per_player(tournament, fee, make_teams):
    team = make_teams(tournament, 1)[0]
    services.record_payment(team, Method.CASH)
    with pytest.raises(IntegrityError), transaction.atomic():
        Payment.objects.create(team=team, amount=1500, method=Method.CARD)
    player = team.players.get(seat=1)
    Payment.objects.create(team=team, player=player, amount=500, method=Method.CASH)
    with pytest.raises(IntegrityError), transaction.atomic():
        Payment.objects.create(team=team, player=player, amount=500, method=Method.CARD)
    with pytest.raises(IntegrityError), transaction.atomic():
        Payment.objects.create(team=team, player=team.players.get(seat=2), amount=500, method="cheque")


@pytest.mark.parametrize("method, extra, problem", [
    ("cheque", {}, "Choose how it was paid"),
    ("", {}, "Choose how it was paid"),
    ("cash", {"reduction": "pensioner"}, "There is no reduction “pensioner” (reductions: “member”, “youth”)"),
])
def test_a_payment_that_makes_no_sense_is_refused_and_nothing_is_written(tournament, fee, make_teams, method,
                                                                         extra, problem):
    team = make_teams(tournament, 1)[0]
    error = refused(lambda: services.record_payment(team, method, **extra))
    assert problem in error.messages[0] and not services.is_conflict(error)
    assert not Payment.objects.exists()


def test_without_a_fee_nothing_is_paid(tournament, make_teams):
    team = make_teams(tournament, 1)[0]
    error = refused(lambda: services.record_payment(team, Method.CASH))
    assert services.is_conflict(error) and "no entry fee" in error.messages[0]
    assert not Payment.objects.exists()


def test_a_fee_per_person_is_paid_by_each_player(tournament, make_teams):
    services.set_fee(tournament, FeePer.PERSON, 750, [("youth", 250)])
    team = make_teams(tournament, 1)[0]
    services.record_payment(team, Method.CASH, seat=1)
    services.record_payment(team, Method.BANK_TRANSFER, seat=2, reduction="youth")
    assert sorted(Payment.objects.values_list("player__seat", "amount", "method")) == [
        (1, 750, "cash"), (2, 500, "bank-transfer")]
    error = refused(lambda: services.record_payment(team, Method.CARD, seat=2))
    assert error.messages[0].startswith("Speler 1b of team 1. Team 1 has paid already: €\u00a05.00, bank transfer")
    assert "choose who paid" in refused(lambda: services.record_payment(team, Method.CASH)).messages[0]
    assert Payment.objects.count() == 2


def test_undo_takes_the_payment_back_and_refuses_when_there_is_none(tournament, fee, make_teams):
    team = make_teams(tournament, 1)[0]
    services.record_payment(team, Method.CASH)
    undone = services.undo_payment(team)
    assert undone.amount == 1500 and not Payment.objects.exists()
    error = refused(lambda: services.undo_payment(team))
    assert services.is_conflict(error) and error.messages == ["team 1. Team 1 has not paid: there is nothing to undo."]
    services.record_payment(team, Method.CARD)  # paid again, now by card
    assert Payment.objects.get().method == "card"


# --------------------------------------------------------------------------- the cash list


def test_cash_list_totals_per_method(tournament, fee, make_teams, director):
    teams = make_teams(tournament, 6)
    services.record_payment(teams[0], Method.CASH, user=director)
    services.record_payment(teams[1], Method.CASH, reduction="member")
    services.record_payment(teams[2], Method.CARD, reduction="youth")
    services.record_payment(teams[3], Method.CASH)
    set_withdrawn(teams[5], True)  # a withdrawn team owes nothing
    cash = services.cash_list(tournament)
    assert [(t.method, t.count, t.amount) for t in cash.totals] == [
        ("cash", 3, 1500 + 1250 + 1500), ("card", 1, 750), ("bank-transfer", 0, 0)]
    assert [t.label for t in cash.totals] == ["Cash", "Card", "Bank transfer"]
    assert (cash.count, cash.total) == (4, 5000)
    assert [p.team.number for p in cash.payments] == [1, 2, 3, 4]  # in the order taken
    assert cash.payments[0].by == director and cash.payments[1].reduction == "member"
    assert (cash.unpaid, cash.unpaid_amount) == (1, 1500)  # team 5 (team 6 withdrew)


def test_cash_list_per_person_counts_players_still_to_pay(tournament, make_teams):
    services.set_fee(tournament, FeePer.PERSON, 500)
    teams = make_teams(tournament, 2)
    services.record_payment(teams[0], Method.CARD, seat=2)
    cash = services.cash_list(tournament)
    assert (cash.count, cash.total, cash.unpaid, cash.unpaid_amount) == (1, 500, 3, 1500)
    assert cash.totals[1].count == 1


def test_without_a_fee_the_cash_list_is_empty(tournament, make_teams):
    make_teams(tournament, 2)
    cash = services.cash_list(tournament)
    assert cash.fee is None and (cash.count, cash.total, cash.unpaid) == (0, 0, 0)
    assert [t.amount for t in cash.totals] == [0, 0, 0]


def test_check_in_dues_for_every_team_in_three_queries(tournament, fee, make_teams, django_assert_num_queries):
    teams = make_teams(tournament, 5)
    services.record_payment(teams[2], Method.CASH)
    shown = list(tournament.teams.with_people())
    with django_assert_num_queries(3):
        found = services.attach_dues(tournament, shown)
    assert found.amount == 1500
    assert [[due.payment is not None for due in team.dues] for team in shown] == [[False], [False], [True], [False], [False]]
