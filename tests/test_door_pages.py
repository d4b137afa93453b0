"""The money at the door through the director's pages: a fee marked paid at the check-in (htmx and a
plain form), refusals that answer 4xx and change nothing, the cash list, the entry fee's form, the
workbook's "Cash" sheet, and the tournament file that keeps it all (and stays as it was without)."""

from __future__ import annotations

import copy
import io
import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from openpyxl import load_workbook

from door import services
from door.models import Fee, FeePer, Method, Payment, Reduction
from tournaments.models import Team, Tournament
from tournaments.services.teams import set_checked_in
from tournaments.services.tournament_file import InvalidTournamentFile, dumps, export_file, import_file

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true", **EN}


@pytest.fixture
def fee(tournament):
    return services.set_fee(tournament, FeePer.TEAM, 1500, [("member", 250)])


def checkin_url(tournament: Tournament) -> str:
    return f"/director/t/{tournament.slug}/checkin/"


def pay_url(team: Team) -> str:
    return f"/director/t/{team.tournament.slug}/checkin/{team.pk}/pay/"


def undo_url(team: Team) -> str:
    return f"/director/t/{team.tournament.slug}/checkin/{team.pk}/undo-payment/"


# --------------------------------------------------------------------------- the check-in


def test_without_a_fee_the_check_in_rows_are_as_before(director_client, tournament, make_teams):
    make_teams(tournament, 2)
    html = director_client.get(checkin_url(tournament), **EN).content.decode()
    assert 'data-testid="dues"' not in html and "/pay/" not in html
    rows = html.split('id="checkin-list"', 1)[1]
    assert rows.count('type="submit"') == 2  # one tap per team: check in
    assert f'href="/director/t/{tournament.slug}/cash/fee/">Entry fee</a>' in html  # where a fee is set


def test_check_in_rows_show_the_fee_and_a_button_per_method(director_client, tournament, fee, make_teams):
    teams = make_teams(tournament, 2)
    services.record_payment(teams[1], Method.CARD, reduction="member")
    html = director_client.get(checkin_url(tournament), **EN).content.decode()
    assert html.count('data-testid="due"') == 2
    assert f'hx-post="{pay_url(teams[0])}"' in html and f'hx-post="{undo_url(teams[1])}"' in html
    for method, label in (("cash", "Cash"), ("card", "Card"), ("bank-transfer", "Bank transfer")):
        assert f'name="method" value="{method}" class="btn btn-outline-primary tap-target">{label}</button>' in html
    assert '<option value="member">member: €\u00a012.50</option>' in html
    assert "✓ Paid €\u00a012.50 · card · member" in html
    assert "Entry fee €\u00a015.00 per team" in html and f'href="/director/t/{tournament.slug}/cash/">Cash list</a>' in html


def test_the_check_in_page_reads_the_payments_in_a_fixed_number_of_queries(director_client, tournament, fee,
                                                                          make_teams):
    counts = []
    for count in (3, 30):
        teams = make_teams(tournament, count, start=tournament.teams.count() + 1)
        services.record_payment(teams[0], Method.CASH)
        with CaptureQueriesContext(connection) as queries:
            assert director_client.get(checkin_url(tournament)).status_code == 200
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1], counts


def test_marking_paid_with_htmx_swaps_the_row(director_client, tournament, fee, make_teams, director):
    teams = make_teams(tournament, 2)
    set_checked_in(teams[0], True)
    response = director_client.post(pay_url(teams[0]), {"method": "cash", "reduction": "member"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.startswith(f'<li id="team-{teams[0].pk}"') and "list-group-item-success" in html
    assert "✓ Paid €\u00a012.50 · cash · member" in html and f'hx-post="{undo_url(teams[0])}"' in html
    payment = Payment.objects.get()
    assert (payment.team, payment.amount, payment.method, payment.by) == (teams[0], 1250, "cash", director)


def test_a_fee_paid_twice_answers_409_with_the_message_in_the_row_and_nothing_changes(director_client, tournament,
                                                                                      fee, make_teams):
    team = make_teams(tournament, 1)[0]
    director_client.post(pay_url(team), {"method": "cash"}, **HTMX)
    response = director_client.post(pay_url(team), {"method": "card"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 409
    assert 'data-testid="door-problem"' in html and "team 1. Team 1 has paid already: €\u00a015.00, cash, at" in html
    assert list(Payment.objects.values_list("method", "amount")) == [("cash", 1500)]
    plain = director_client.post(pay_url(team), {"method": "card"}, **EN)  # without JavaScript: the page says it
    assert plain.status_code == 409 and "has paid already" in plain.content.decode()
    assert Payment.objects.count() == 1


@pytest.mark.parametrize("data, problem", [
    ({"method": "cheque"}, "Choose how it was paid"),
    ({}, "Choose how it was paid"),
    ({"method": "cash", "reduction": "<b>vip</b>"}, "There is no reduction “&lt;b&gt;vip&lt;/b&gt;”"),
    ({"method": "cash", "seat": "x"}, "Choose which player paid."),
    ({"method": "cash", "seat": "1"}, "paid per team now"),
], ids=["method", "no method", "reduction", "seat", "seat of a fee per team"])
def test_bad_input_answers_4xx_and_changes_nothing(director_client, tournament, fee, make_teams, data, problem):
    team = make_teams(tournament, 1)[0]
    for headers in (HTMX, EN):
        response = director_client.post(pay_url(team), data, **headers)
        assert response.status_code in (409, 422) and problem in response.content.decode()
    assert response.status_code == (409 if problem == "paid per team now" else 422)
    assert not Payment.objects.exists()


def test_a_plain_form_pays_and_comes_back_with_a_message(director_client, tournament, fee, make_teams):
    team = make_teams(tournament, 1)[0]
    response = director_client.post(pay_url(team), {"method": "bank-transfer"}, follow=True, **EN)
    assert response.redirect_chain == [(checkin_url(tournament), 302)]
    assert "team 1. Team 1 paid €\u00a015.00, bank transfer." in response.content.decode()
    assert Payment.objects.get().method == "bank-transfer"


def test_undo_from_the_row_and_refused_when_nothing_was_paid(director_client, tournament, fee, make_teams):
    team = make_teams(tournament, 1)[0]
    services.record_payment(team, Method.CASH)
    response = director_client.post(undo_url(team), **HTMX)
    assert response.status_code == 200 and f'hx-post="{pay_url(team)}"' in response.content.decode()
    assert not Payment.objects.exists()
    again = director_client.post(undo_url(team), **HTMX)
    assert again.status_code == 409 and "has not paid: there is nothing to undo" in again.content.decode()


def test_a_fee_per_person_is_marked_per_player(director_client, tournament, make_teams):
    services.set_fee(tournament, FeePer.PERSON, 500)
    team = make_teams(tournament, 1)[0]
    html = director_client.get(checkin_url(tournament), **EN).content.decode()
    assert html.count('data-testid="due"') == 2 and '<input type="hidden" name="seat" value="2">' in html
    assert director_client.post(pay_url(team), {"method": "card", "seat": "2"}, **HTMX).status_code == 200
    refused = director_client.post(pay_url(team), {"method": "card"}, **HTMX)
    assert refused.status_code == 409 and "choose who paid" in refused.content.decode()
    assert director_client.post(pay_url(team), {"method": "cash", "seat": "3"}, **HTMX).status_code == 422
    assert list(Payment.objects.values_list("player__seat", "method")) == [(2, "card")]


def test_only_directors_and_not_in_an_archived_tournament(player_user, director_client, tournament, fee, make_teams):
    team = make_teams(tournament, 1)[0]
    client = Client()
    assert client.post(pay_url(team), {"method": "cash"}).status_code == 302  # to the login page
    assert client.get(f"/director/t/{tournament.slug}/cash/").status_code == 302
    client.force_login(player_user)
    assert client.post(pay_url(team), {"method": "cash"}).status_code == 403
    assert client.get(f"/director/t/{tournament.slug}/cash/").status_code == 403
    Tournament.objects.filter(pk=tournament.pk).update(archived=True)
    assert director_client.post(pay_url(team), {"method": "cash"}, **HTMX).status_code == 409
    assert not Payment.objects.exists()
    other = Tournament.objects.create(name="Other", slug="other", date=tournament.date)
    assert director_client.post(f"/director/t/{other.slug}/checkin/{team.pk}/pay/", {"method": "cash"}).status_code == 404


# --------------------------------------------------------------------------- the cash list and the fee's form


def test_the_cash_list_page_shows_the_totals_per_method_and_every_payment(director_client, tournament, fee,
                                                                          make_teams, director):
    teams = make_teams(tournament, 4)
    services.record_payment(teams[0], Method.CASH, user=director)
    services.record_payment(teams[1], Method.CASH, reduction="member")
    services.record_payment(teams[2], Method.CARD)
    response = director_client.get(f"/director/t/{tournament.slug}/cash/", **EN)
    html = response.content.decode()
    assert response.status_code == 200
    assert response.context["cash"].total == 4250
    assert ('<tr data-method="cash"><td>Cash</td><td class="text-end">2</td>'
            '<td class="text-end text-nowrap">€\u00a027.50</td></tr>') in html
    assert '<tr data-method="bank-transfer"><td>Bank transfer</td><td class="text-end">0</td>' in html
    assert "€\u00a042.50" in html and "Still to pay: 1 team (€\u00a015.00 at the full fee)." in html
    assert html.count(f'action="/director/t/{tournament.slug}/checkin/') == 3  # an undo per payment
    dutch = director_client.get(f"/director/t/{tournament.slug}/cash/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "€\u00a027,50" in dutch and "€\u00a042,50" in dutch
    back = director_client.post(undo_url(teams[2]), {"next": f"/director/t/{tournament.slug}/cash/"})
    assert back.status_code == 302 and back["Location"] == f"/director/t/{tournament.slug}/cash/"
    elsewhere = director_client.post(undo_url(teams[1]), {"next": "https://example.com/"})
    assert elsewhere["Location"] == checkin_url(tournament)  # never to another site


def test_the_fee_form_saves_and_refuses_what_makes_no_sense(director_client, tournament):
    url = f"/director/t/{tournament.slug}/cash/fee/"
    assert director_client.get(url).status_code == 200
    for data, problem in (
            ({"per": "team", "amount": "abc"}, "Type an amount in euros, like 12,50."),
            ({"per": "team", "amount": "5000"}, "At most €\u00a01,000.00."),
            ({"per": "team", "amount": "10", "reduction_name_1": "member"}, "How much is taken off for “member”?"),
            ({"per": "team", "amount": "10", "reduction_name_1": "member", "reduction_amount_1": "12"},
             "The reduction “member” must be from"),
            ({"per": "month", "amount": "10"}, "Select a valid choice")):
        response = director_client.post(url, data, **EN)
        assert response.status_code == 422 and problem in response.content.decode(), problem
    assert not Fee.objects.exists()
    response = director_client.post(url, {"per": "person", "amount": "12,50", "reduction_name_2": "youth",
                                          "reduction_amount_2": "€ 5"})
    assert response.status_code == 302 and response["Location"] == f"/director/t/{tournament.slug}/cash/"
    fee = Fee.objects.get()
    assert (fee.per, fee.amount, list(Reduction.objects.values_list("name", "amount"))) == ("person", 1250, [("youth", 500)])
    shown = director_client.get(url, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert 'value="12,50"' in shown and 'value="youth"' in shown and 'value="5,00"' in shown


def test_the_fee_is_removed_only_while_nothing_was_paid(director_client, tournament, fee, make_teams):
    url = f"/director/t/{tournament.slug}/cash/fee/"
    team = make_teams(tournament, 1)[0]
    services.record_payment(team, Method.CASH)
    refused = director_client.post(url, {"remove": "1"}, **EN)
    assert refused.status_code == 409 and "undo them before the entry fee is removed" in refused.content.decode()
    switched = director_client.post(url, {"per": "person", "amount": "15"}, **EN)
    assert switched.status_code == 409 and "undo them before the fee is paid otherwise" in switched.content.decode()
    assert Fee.objects.get().per == "team"
    services.undo_payment(team)
    assert director_client.post(url, {"remove": "1"}).status_code == 302 and not Fee.objects.exists()


# --------------------------------------------------------------------------- the workbook


def workbook(director_client, tournament):
    response = director_client.get(f"/director/t/{tournament.slug}/standings.xlsx", **EN)
    assert response.status_code == 200
    return load_workbook(io.BytesIO(response.content))


def test_the_workbook_has_a_cash_sheet_when_the_tournament_asks_a_fee(director_client, tournament, make_teams,
                                                                      director):
    teams = make_teams(tournament, 3)
    assert "Cash" not in workbook(director_client, tournament).sheetnames
    services.set_fee(tournament, FeePer.TEAM, 1500, [("member", 250)])
    services.record_payment(teams[0], Method.CASH, user=director)
    services.record_payment(teams[1], Method.CARD, reduction="member")
    sheet = workbook(director_client, tournament)["Cash"]
    rows = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert rows[0] == ["Time", "Number", "Team name", "Player", "Amount (€)", "Paid by", "Reduction", "Taken by"]
    assert rows[1][1:] == [1, "Team 1", None, 15, "Cash", None, "director"]
    assert rows[2][1:] == [2, "Team 2", None, 12.5, "Card", "member", None]
    totals = {row[0]: row[1:3] for row in rows[4:]}
    assert totals == {"Paid by": ["Payments", "Amount (€)"], "Cash": [1, 15], "Card": [1, 12.5],
                      "Bank transfer": [0, 0], "Total": [2, 27.5], "Still to pay (full fee)": [1, 15]}


# --------------------------------------------------------------------------- the tournament file


def same_day(data: dict) -> str:
    return dumps({key: value for key, value in data.items() if key != "exported_at"})


@pytest.fixture
def paid_day(tournament, make_teams, director):
    services.set_fee(tournament, FeePer.PERSON, 750, [("youth", 250), ("member", 100)])
    teams = make_teams(tournament, 4)
    services.record_payment(teams[2], Method.CASH, seat=2, user=director)
    services.record_payment(teams[0], Method.CARD, seat=1, reduction="youth")
    services.record_payment(teams[0], Method.BANK_TRANSFER, seat=2, user=director)
    tournament.refresh_from_db()
    return tournament


def test_the_file_round_trips_the_fee_and_payments(paid_day):
    first = export_file(paid_day)
    assert first["door"] == {
        "fee": {"per": "person", "amount": 750,
                "reductions": [{"name": "member", "amount": 100}, {"name": "youth", "amount": 250}]},
        "payments": [
            {"team": "T1", "player": 1, "amount": 500, "method": "card", "reduction": "youth",
             "at": first["door"]["payments"][0]["at"]},
            {"team": "T1", "player": 2, "amount": 750, "method": "bank-transfer",
             "at": first["door"]["payments"][1]["at"], "by": "director"},
            {"team": "T3", "player": 2, "amount": 750, "method": "cash", "at": first["door"]["payments"][2]["at"],
             "by": "director"},
        ]}
    paid_day.delete()
    assert not Payment.objects.exists()
    restored = import_file(json.loads(dumps(first)))
    assert same_day(export_file(restored)) == same_day(first)
    assert services.cash_list(restored).total == 2000


def test_a_file_without_a_fee_has_no_door_section(tournament, make_teams):
    make_teams(tournament, 2)
    data = export_file(tournament)
    assert "door" not in data
    tournament.delete()
    assert "door" not in export_file(import_file(data)) and not Fee.objects.exists()


def test_a_file_with_a_fee_per_team_round_trips(tournament, make_teams):
    services.set_fee(tournament, FeePer.TEAM, 2000)
    teams = make_teams(tournament, 2)
    services.record_payment(teams[1], Method.CASH)
    first = export_file(tournament)
    assert [list(payment) for payment in first["door"]["payments"]] == [["team", "amount", "method", "at"]]
    tournament.delete()
    assert same_day(export_file(import_file(first))) == same_day(first)


def counts() -> tuple[int, ...]:
    return Tournament.objects.count(), Team.objects.count(), Fee.objects.count(), Payment.objects.count()


@pytest.mark.usefixtures("english")
def test_a_bad_door_section_refuses_the_file_whole_naming_the_place(paid_day):
    data = export_file(paid_day)
    paid_day.delete()
    before = counts()

    def refused(change) -> list[str]:
        edited = copy.deepcopy(data)
        change(edited["door"])
        with pytest.raises(InvalidTournamentFile) as raised:
            import_file(edited)
        return raised.value.errors

    assert refused(lambda door: door["payments"][0].update(team="T99")) == [
        "door, payment 1: team T99 is not in the list of teams"]
    assert refused(lambda door: door["payments"][1].update(player=1)) == [
        "door, payment 2: player 1 of team T1 has paid already (payment 1)"]
    assert refused(lambda door: door["payments"][0].update(method="cheque")) == [
        'door.payments[0]: "method" must be one of cash, card, bank-transfer, not "cheque"']
    assert refused(lambda door: door["payments"][0].pop("player")) == [
        'door, payment 1: "player" is missing: the fee is paid per person']
    assert refused(lambda door: door["payments"][0].update(player=3)) == [
        'door.payments[0]: "player" must be one of 1, 2, not 3']
    assert refused(lambda door: door["payments"][0].update(reduction="vip")) == [
        "door, payment 1: “vip” is not a reduction of the fee"]
    assert refused(lambda door: door["payments"][0].update(amount=-5))[0].startswith(
        'door.payments[0]: "amount" must be a whole number from 0 to 100000')
    assert refused(lambda door: door["fee"]["reductions"].append({"name": "Youth", "amount": 1})) == [
        "door: the reduction “Youth” is given twice"]
    assert refused(lambda door: door["fee"].update(per="month"))[0].startswith('door.fee: "per" must be one of')
    assert refused(lambda door: door.pop("payments")) == ['door: "payments" is missing']
    assert counts() == before


@pytest.mark.usefixtures("english")
def test_an_individual_tournament_pays_per_player_and_its_file_round_trips(db, director_client):
    import datetime

    from tournaments.services.teams import TeamData, register_teams

    solo = Tournament.objects.create(name="Solo Cup", slug="solo-cup", date=datetime.date(2026, 11, 21),
                                     entry="individual")
    players = register_teams(solo, [TeamData(name=f"Speler {n}", players=(f"Speler {n}",)) for n in (1, 2, 3)])
    services.set_fee(solo, FeePer.PERSON, 500)
    html = director_client.get(checkin_url(solo), **EN).content.decode()
    assert html.count('data-testid="due"') == 3 and 'name="seat" value="1"' in html
    assert director_client.post(pay_url(players[1]), {"method": "cash", "seat": "1"}, **HTMX).status_code == 200
    again = director_client.post(pay_url(players[1]), {"method": "card", "seat": "1"}, **HTMX)
    assert again.status_code == 409 and "player 2. Speler 2 has paid already" in again.content.decode()
    first = export_file(solo)
    assert [(p["team"], p["player"]) for p in first["door"]["payments"]] == [("P2", 1)]
    edited = copy.deepcopy(first)
    edited["door"]["payments"][0]["player"] = 2
    with pytest.raises(InvalidTournamentFile) as raised:
        import_file(edited)
    assert raised.value.errors == ['door, payment 1: player P2 enters alone: "player" must be 1']
    solo.delete()
    assert same_day(export_file(import_file(first))) == same_day(first)
