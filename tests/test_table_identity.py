"""Who a phone is at a table link is proved by a code, never by what the phone says (issue 31, items
1-3): the side that submits is the side whose code came with the sheet, another side's code confirms
or disputes it; a guesser who makes up phone cookies shares one small count with every cookie-less
phone at its address, so the other team's right code still confirms; a closed link takes no
confirmation and no dispute either.

The attack this stops, as a player found it: team A submitted a sheet "as team B" (``team=2``) and
confirmed it with its own code, so its points counted."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone

from tournaments.models import Attempt, Entry, Result, ResultEvent, ResultState, Table, Tournament
from tournaments.services import clock as clock_services
from tournaments.services import table_entry as entry
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import add_round
from tournaments.services.seating import sides
from tournaments.services.standings import standings_json
from tournaments.services.teams import TeamData, register_teams
from tournaments.views.table_entry import PHONE_COOKIE, SIDE_COOKIE

pytestmark = pytest.mark.usefixtures("english")

LAYOUTS = ["teams of two", "three-team table", "individual"]


def _running_table(layout: str) -> Table:
    """Table 1 of a published round whose clock runs, in the layout asked for, in a tournament of its own."""
    tournament = Tournament.objects.create(
        name=f"Keezen Cup 2026 ({layout})", slug=f"keezen-cup-2026-{layout.replace(' ', '-')}",
        date=datetime.date(2026, 11, 21), venue="De Kwakel", seed=20261121)
    if layout == "individual":
        tournament.entry = Entry.INDIVIDUAL
        tournament.scoring_system = "pawns-2pt"
        tournament.save()
        register_teams(tournament, [TeamData(name=f"Speler {n}", players=(f"Speler {n}",)) for n in range(1, 9)])
    else:
        if layout == "three-team table":
            tournament.teams_per_table = 3
            tournament.save()
        count = 6 if layout == "three-team table" else 4
        register_teams(tournament, [TeamData(name=f"Team {n}", players=(f"Speler {n}a", f"Speler {n}b"),
                                             club=f"Club {n % 3}") for n in range(1, count + 1)])
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    clock_services.start(round_)
    return Table.objects.get(round=round_, number=1)


@pytest.fixture(scope="module")
def _built_tables(module_transaction, django_db_blocker) -> dict[str, int]:
    """The table of every layout, built once for the module (the clock runs for the round's minutes,
    far longer than the module takes); each test's own writes are rolled back after it."""
    from tests.conftest import built_for_the_module

    with built_for_the_module(django_db_blocker):
        return {layout: _running_table(layout).pk for layout in LAYOUTS}


@pytest.fixture
def table_of(db, _built_tables):
    """Table 1 of a published round whose clock runs, in the layout asked for."""

    def get(layout: str) -> Table:
        return Table.objects.with_seats().select_related("round__tournament").get(pk=_built_tables[layout])

    return get


def link(table: Table) -> str:
    return f"/s/{table.token}/"


GUESSER = "10.0.0.66"  # the guesser's phone on the venue's Wi-Fi; the teams' phones have addresses of their own


def phone(table: Table, address: str = "127.0.0.1") -> Client:
    """A phone that opens the table's link: it gets the cookie the server signs for it."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR=address)
    assert client.get(link(table)).status_code == 200 and PHONE_COOKIE in client.cookies
    return client


def absent(side) -> dict[str, str]:
    """A sheet every system takes: ``side`` did not show up (the others win)."""
    return {"forfeit": str(side.position), "unfinished_ok": "1"}


def wrong(table: Table) -> str:
    right = {seat.code for seat in table.seats.all()}
    return next(code for code in ("000000", "111111", "222222") if code not in right)


def text(response) -> str:
    import html
    return html.unescape(response.content.decode())


def points(table: Table) -> dict[str, int]:
    """Everyone's points in the standings."""
    rows = standings_json(table.round.tournament)["standings"]
    return {row.get("id") or row["team"]: row["points"] for row in rows}


def sheet(table: Table) -> Result | None:
    return Result.objects.filter(table=table).order_by("-version").first()


@pytest.mark.parametrize("layout", LAYOUTS)
def test_submitting_as_the_other_team_then_confirming_with_ones_own_code_is_refused(table_of, layout):
    table = table_of(layout)
    a, b = sides(table)[:2]
    before = points(table)
    attacker = phone(table)
    # "We are B" without a code: nobody submits.
    as_b = {"action": "submit", "team": str(b.position), **absent(b)}
    assert "Type your team code" in text(attacker.post(link(table), as_b))
    assert not Result.objects.filter(table=table).exists()
    # "We are B": the form says so, A's code says otherwise. The code wins.
    response = attacker.post(link(table), {**as_b, "code": a.codes[0]})
    assert response.status_code == 302
    assert sheet(table).submitted_by == a.position
    for code in a.codes:  # in an individual tournament the partner's code is the pair's own too
        refused = attacker.post(link(table), {"action": "confirm", "code": code})
        assert refused.status_code == 400
        whose = "the pair that submitted the sheet" if layout == "individual" else "the team that submitted the sheet"
        assert f"That code belongs to {a.name}, {whose}" in text(refused)
        assert attacker.post(link(table), {"action": "dispute", "code": code}).status_code == 400
    assert sheet(table).state == ResultState.SUBMITTED
    assert points(table) == before and not any(before.values())  # the waiting sheet counts for nobody
    assert Result.objects.filter(table=table).count() == 1


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_honest_flow_takes_one_code_per_side(table_of, layout):
    table = table_of(layout)
    a, b, confirmer = sides(table)[0], sides(table)[1], sides(table)[-1]
    mine = phone(table)
    assert mine.post(link(table), {"action": "submit", "code": a.codes[-1], **absent(b)}).status_code == 302
    page = text(mine.get(link(table)))
    assert f'id="kept" data-side="{a.position}"' in page and "Hand it to" in page  # the phone goes to another side
    theirs = phone(table)
    assert 'id="kept"' not in text(theirs.get(link(table)))
    assert theirs.post(link(table), {"action": "confirm", "code": confirmer.codes[0]}).status_code == 302
    result = sheet(table)
    assert (result.state, result.submitted_by, result.confirmed_by) == (
        ResultState.CONFIRMED, a.position, confirmer.position)


def test_the_other_team_confirms_on_the_submitting_phone(table_of):
    table = table_of("teams of two")
    a, b = sides(table)
    shared = phone(table)
    shared.post(link(table), {"action": "submit", "code": a.codes[0], **absent(b)})
    assert shared.post(link(table), {"action": "confirm", "code": ""}).status_code == 400  # A's phone is not B
    assert shared.post(link(table), {"action": "confirm", "code": b.codes[0]}).status_code == 302
    assert sheet(table).confirmed_by == b.position


def test_a_phone_refused_a_second_sheet_confirms_without_typing_again(table_of):
    table = table_of("teams of two")
    a, b = sides(table)
    phone(table).post(link(table), {"action": "submit", "code": a.codes[0], **absent(b)})
    late = phone(table)
    refused = late.post(link(table), {"action": "submit", "code": b.codes[0], **absent(a)})
    assert refused.status_code == 409 and f'id="kept" data-side="{b.position}"' in text(refused)
    assert SIDE_COOKIE in refused.cookies
    assert late.post(link(table), {"action": "confirm", "code": ""}).status_code == 302
    result = sheet(table)
    assert (result.state, result.confirmed_by, result.sheet["forfeit"]) == (ResultState.CONFIRMED, b.position, 1)


def test_a_kept_side_is_signed_for_its_table_only(table_of):
    table = table_of("teams of two")
    a, b = sides(table)
    phone(table).post(link(table), {"action": "submit", "code": a.codes[0], **absent(b)})
    forger = phone(table)
    forger.cookies[SIDE_COOKIE] = str(b.position)  # made up: not signed
    response = forger.post(link(table), {"action": "confirm", "code": ""})
    assert response.status_code == 400 and "Type your team code" in text(response)
    assert sheet(table).state == ResultState.SUBMITTED


def test_made_up_phone_cookies_cannot_stop_the_right_code(table_of):
    """More made-up cookies than the table's limit (a wrong code each): counted as phones of their
    own they would have locked the table and been compared every one; under the one address only
    its few are compared, and the table stays open."""
    table = table_of("teams of two")
    a, b = sides(table)
    phone(table).post(link(table), {"action": "submit", "code": a.codes[0], **absent(b)})
    answers = set()
    for n in range(entry.TABLE_CODE_TRIES + entry.CODE_TRIES):
        guesser = Client(HTTP_ACCEPT_LANGUAGE="en")
        guesser.cookies[PHONE_COOKIE] = f"made-up-phone-{n:03d}-xxxxxxx"[:22]
        answers.add(guesser.post(link(table), {"action": "confirm", "code": wrong(table)}).status_code)
    assert answers == {400, 429}
    # Every made-up cookie counted under the one address: no more than its few tries were compared.
    compared = ResultEvent.objects.filter(table=table, kind=ResultEvent.Kind.REFUSED_CODE).count()
    assert compared == entry.ADDRESS_CODE_TRIES
    assert not entry.table_locked(table)
    # The other team opens the link now and confirms at once.
    assert phone(table).post(link(table), {"action": "confirm", "code": b.codes[0]}).status_code == 302
    assert sheet(table).state == ResultState.CONFIRMED


def test_a_cookie_of_another_table_is_made_up_here(table_of):
    table = table_of("teams of two")
    other_table = Table.objects.get(round=table.round, number=2)
    a, b = sides(table)
    phone(table).post(link(table), {"action": "submit", "code": a.codes[0], **absent(b)})
    borrowed = phone(other_table)
    borrowed.post(link(table), {"action": "confirm", "code": wrong(table)})
    assert Attempt.objects.filter(key__startswith=f"team-code:{table.pk}:{entry.ADDRESS}").exists()


def test_fresh_phones_lock_the_table_until_the_desk_lifts_it_but_not_the_other_team(table_of, director_client):
    table = table_of("teams of two")
    tournament = table.round.tournament
    a, b = sides(table)
    phone(table).post(link(table), {"action": "submit", "code": a.codes[0], **absent(b)})
    guessers = [phone(table, GUESSER) for _ in range(entry.TABLE_CODE_TRIES // entry.CODE_TRIES)]
    for guesser in guessers:
        for _ in range(entry.CODE_TRIES):
            assert guesser.post(link(table), {"action": "confirm", "code": wrong(table)}).status_code == 400
    assert entry.table_locked(table)
    # The lock outlasts the phones' ten minutes: it ends when the desk lifts it.
    Attempt.objects.filter(key__startswith="team-code:").update(
        window_started_at=timezone.now() - datetime.timedelta(seconds=entry.CODE_WINDOW + 60))
    assert entry.table_locked(table)
    refused = guessers[0].post(link(table), {"action": "confirm", "code": b.codes[0]})  # a guesser, even right
    assert refused.status_code == 429 and "locked until the director lifts the lock" in text(refused)
    no_cookie = Client(REMOTE_ADDR=GUESSER).post(link(table), {"action": "confirm", "code": b.codes[0]})
    assert no_cookie.status_code == 429
    # A phone in good standing has one try: a wrong one ends it.
    fresh = phone(table, GUESSER)
    assert fresh.post(link(table), {"action": "confirm", "code": wrong(table)}).status_code == 400
    assert fresh.post(link(table), {"action": "confirm", "code": b.codes[0]}).status_code == 429
    # The other team's phone has guessed nothing: its right code confirms.
    assert phone(table, "10.0.0.2").post(link(table), {"action": "confirm", "code": b.codes[0]}).status_code == 302
    assert sheet(table).state == ResultState.CONFIRMED

    lift = director_client.post(f"/director/t/{tournament.slug}/rounds/1/tables/1/unlock/")
    assert lift.status_code == 302 and not entry.table_locked(table)
    assert not Attempt.objects.filter(key__contains=f":{table.pk}").exists()


def locked(table: Table, b) -> None:
    """Table 1's sheet submitted by A, then the table locked by wrong codes from fresh phones at the
    guesser's address: each phone's tries typed through the service as the link's view passes them
    (the phone's signed cookie, its address), a setup step; the link itself locking the table is
    :func:`test_fresh_phones_lock_the_table_until_the_desk_lifts_it_but_not_the_other_team`."""
    a, _b = sides(table)
    phone(table).post(link(table), {"action": "submit", "code": a.codes[0], **absent(b)})
    fresh = 0
    while not entry.table_locked(table):
        fresh += 1
        for _ in range(entry.CODE_TRIES):
            with pytest.raises(ValidationError, match="That team code is not right"):
                entry.confirm(table, wrong(table), guesser=f"fresh-phone-{fresh}", address=GUESSER)
    assert fresh == entry.TABLE_CODE_TRIES // entry.CODE_TRIES


def test_while_locked_fresh_phones_have_few_tries_per_address(table_of):
    table = table_of("teams of two")
    a, b = sides(table)
    locked(table, b)
    answers = [phone(table, GUESSER).post(link(table), {"action": "confirm", "code": wrong(table)}).status_code
               for _ in range(entry.LOCKED_TRIES + 5)]
    assert answers == [400] * entry.LOCKED_TRIES + [429] * 5
    late = phone(table, GUESSER)  # even the right code: this address has used its tries
    assert late.post(link(table), {"action": "confirm", "code": b.codes[0]}).status_code == 429
    entry.lift_code_lock(table, None)  # the desk lifts the lock: every address may try again
    assert phone(table, GUESSER).post(link(table), {"action": "confirm", "code": b.codes[0]}).status_code == 302


def test_a_guesser_who_makes_up_every_phone_it_can_still_cannot_stop_the_other_teams_phone(table_of):
    """The guesser locks the table with fresh phones, uses up its address's tries in good standing
    and its tries without a cookie; the other team's phone opens the link only then, for the first
    time, and its right code confirms at once. Every guess is counted: no more were compared than
    the limits allow."""
    table = table_of("teams of two")
    a, b = sides(table)
    locked(table, b)
    for _ in range(entry.LOCKED_TRIES + 3):
        phone(table, GUESSER).post(link(table), {"action": "confirm", "code": wrong(table)})
    for _ in range(entry.ADDRESS_CODE_TRIES + 2):
        Client(REMOTE_ADDR=GUESSER).post(link(table), {"action": "confirm", "code": wrong(table)})
    compared = ResultEvent.objects.filter(table=table, kind=ResultEvent.Kind.REFUSED_CODE).count()
    assert compared <= entry.TABLE_CODE_TRIES + entry.CODE_TRIES + entry.LOCKED_TRIES + entry.ADDRESS_CODE_TRIES
    other_team = phone(table, "10.0.0.2")
    assert other_team.post(link(table), {"action": "confirm", "code": b.codes[0]}).status_code == 302
    assert sheet(table).state == ResultState.CONFIRMED


@pytest.mark.parametrize("action", ["confirm", "dispute"])
def test_a_closed_link_neither_confirms_nor_disputes(table_of, action):
    table = table_of("teams of two")
    tournament = table.round.tournament
    a, b = sides(table)
    ours = phone(table)
    ours.post(link(table), {"action": "submit", "code": a.codes[0], **absent(b)})
    round_ = table.round
    round_.clock_ends_at = timezone.now() - datetime.timedelta(minutes=tournament.entry_grace_minutes + 1)
    round_.save()
    events = ResultEvent.objects.count()
    for code in (b.codes[0], wrong(table)):
        response = ours.post(link(table), {"action": action, "code": code, "note": "wrong"})
        assert response.status_code == 410 and "bring the paper sheet to the desk" in text(response)
    assert sheet(table).state == ResultState.SUBMITTED and ResultEvent.objects.count() == events
    assert not Attempt.objects.filter(key__startswith="team-code:").exists()
    page = text(ours.get(link(table)))
    assert 'id="closed"' in page and 'id="code-form"' not in page


@pytest.mark.parametrize("code", ["", "abc", "12345", "1234567", "١٢٣٤٥٦", "1" * 10_000, "12\x0034"])
def test_a_submission_with_an_unreadable_code_names_it_and_writes_nothing(table_of, code):
    table = table_of("teams of two")
    a, b = sides(table)
    response = phone(table).post(link(table), {"action": "submit", "code": code, **absent(b)})
    assert response.status_code == 400
    assert "six digits" in text(response)
    assert not Result.objects.exists() and not ResultEvent.objects.exists()
    assert not Attempt.objects.filter(key__startswith="team-code:").exists()


def test_a_wrong_code_at_submission_is_a_counted_guess(table_of):
    table = table_of("teams of two")
    a, b = sides(table)
    guesser = phone(table)
    response = guesser.post(link(table), {"action": "submit", "code": wrong(table), **absent(a)})
    assert response.status_code == 400 and "That team code is not right. 4 tries left." in text(response)
    assert not Result.objects.exists()
    assert Attempt.objects.get(key=f"team-code:{table.pk}").count == 1
