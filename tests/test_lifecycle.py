"""A tournament's life: the status moves by itself (planned → running → finished) and the director
can reopen it; hidden and deleted tournaments are on no public page, archived ones are read-only
(the director's changes and the table links' sheets refused, nothing changed); deleting asks a
confirmation naming the tournament and its results, writes a backup, and leaves no row behind."""

from __future__ import annotations

import datetime
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from engine.code import from_code
from tournaments.models import (
    Bye,
    Player,
    PrintFile,
    Result,
    ResultEvent,
    Round,
    Ruling,
    Table,
    TableSeat,
    Team,
    Tournament,
    TournamentStatus,
)
from tournaments.services import disputes, lifecycle
from tournaments.services import table_entry as entry
from tournaments.services.draft import publish, unpublish
from tournaments.services.pairing import pair_round
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round
from tests.conftest import concurrent_writers

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SHEET = {"arrivals": [0] * 8}


@pytest.fixture
def visitor():
    """A phone: no session (``client`` is the director's once ``director_client`` is asked for)."""
    return Client()


pytestmark = pytest.mark.usefixtures("english")


def status(tournament: Tournament) -> str:
    return Tournament.objects.values_list("status", flat=True).get(pk=tournament.pk)


def drawn(tournament: Tournament) -> Round:
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    return round_


def codes(table: Table) -> dict[int, str]:
    return {seat.position: seat.code for seat in table.seats.all()}


def public_urls(tournament: Tournament, table: Table) -> list[str]:
    base = f"/t/{tournament.slug}/"
    return [base, base + "standings/", base + "standings.json", base + "rounds/1/",
            base + f"rounds/1/tables/{table.number}/", base + "find/?q=Team", base + "projector/", base + "clock.json"]


# --------------------------------------------------------------------------- status


def test_status_moves_planned_running_finished_and_reopens(director_client, tournament, make_teams):
    tournament.rounds = 2
    tournament.save()
    make_teams(tournament, 4)
    first = add_round(tournament)
    pair_round(first)
    assert status(tournament) == TournamentStatus.PLANNED
    publish(first)
    assert status(tournament) == TournamentStatus.RUNNING
    unpublish(first)  # back to draft before any sheet: nothing is running yet
    assert status(tournament) == TournamentStatus.PLANNED
    publish(first)
    for table in first.tables.all():
        record_result(table, SHEET)
    assert status(tournament) == TournamentStatus.RUNNING  # round 1 of 2: not the last round

    last = drawn(tournament)
    one, two = last.tables.order_by("number")
    record_result(one, SHEET)
    entry.submit(two, 1, SHEET)
    assert status(tournament) == TournamentStatus.RUNNING  # a submitted sheet waits for the other team
    entry.dispute(two, codes(two)[2])
    assert status(tournament) == TournamentStatus.RUNNING  # a disputed one too
    record_result(two, SHEET, reason="settled at the desk")
    assert status(tournament) == TournamentStatus.FINISHED

    page = director_client.get(f"/director/t/{tournament.slug}/edit/", **EN).content.decode()
    assert 'data-status="finished">Finished<' in page
    assert "Finished" in director_client.get("/director/", **EN).content.decode()

    response = director_client.post(f"/director/t/{tournament.slug}/lifecycle/reopen/", **EN)
    assert response.status_code == 302 and status(tournament) == TournamentStatus.RUNNING
    page = director_client.get(response["Location"], **EN).content.decode()
    assert "The tournament is running again." in page and "In progress" in page
    again = director_client.post(f"/director/t/{tournament.slug}/lifecycle/reopen/", **EN)
    assert again.status_code == 409 and "Only a finished tournament can be reopened." in again.content.decode()


def test_confirmed_sheets_finish_only_once_approved_when_approval_is_asked(director_client, tournament, make_teams):
    tournament.rounds = 1
    tournament.confirmed_counts = False
    tournament.save()
    make_teams(tournament, 2)
    (table,) = drawn(tournament).tables.all()
    entry.submit(table, 1, SHEET)
    entry.confirm(table, codes(table)[2])
    assert status(tournament) == TournamentStatus.RUNNING  # confirmed, but it counts after approval
    response = director_client.post(f"/director/t/{tournament.slug}/rounds/1/tables/1/approve/")
    assert response.status_code == 302 and status(tournament) == TournamentStatus.FINISHED


def test_a_table_added_or_another_round_asked_for_runs_a_finished_tournament_again(director_client, tournament,
                                                                                    make_teams):
    from tournaments.services.rounds import add_table

    tournament.rounds = 1
    tournament.save()
    make_teams(tournament, 2)
    round_ = drawn(tournament)
    record_result(round_.tables.get(), SHEET)
    assert status(tournament) == TournamentStatus.FINISHED
    late = make_teams(tournament, 2, start=3)
    add_table(round_, late)  # by hand, in the published round: a table without a sheet
    assert status(tournament) == TournamentStatus.RUNNING
    record_result(round_.tables.get(number=2), SHEET)
    assert status(tournament) == TournamentStatus.FINISHED
    data = {"name": tournament.name, "slug": tournament.slug, "date": "2026-11-21", "scoring_system": "pawn-order",
            "rounds": 2, "round_minutes": 45, "teams_per_table": 2, "entry_grace_minutes": 15,
            "confirmed_counts": "on", "self_capture": "forced", "home_entry": "forced", "seven_max_pawns": 7,
            "seed": tournament.seed, "public_names": "full"}
    assert director_client.post(f"/director/t/{tournament.slug}/edit/", data).status_code == 302
    assert status(tournament) == TournamentStatus.RUNNING  # a second round to play


def test_the_settings_form_shows_the_status_but_does_not_set_it(director_client, tournament, make_teams):
    make_teams(tournament, 2)
    drawn(tournament)
    assert status(tournament) == TournamentStatus.RUNNING
    data = {"name": tournament.name, "slug": tournament.slug, "date": "2026-11-21", "scoring_system": "pawn-order",
            "rounds": 3, "round_minutes": 45, "teams_per_table": 2, "status": "planned", "entry_grace_minutes": 15,
            "confirmed_counts": "on", "self_capture": "forced", "home_entry": "forced", "seven_max_pawns": 7,
            "seed": tournament.seed, "public_names": "full"}
    response = director_client.post(f"/director/t/{tournament.slug}/edit/", data, **EN)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert status(tournament) == TournamentStatus.RUNNING  # a form opened before round 1 cannot set it back


@concurrent_writers
@pytest.mark.django_db(transaction=True)
def test_the_last_two_sheets_confirmed_at_once_finish_the_tournament(tournament, make_teams):
    """Each confirmation locks only its own table; the tournament's row lock in ``update_status``
    makes the second see the first, so the tournament does not stay running with every sheet in."""
    tournament.rounds = 1
    tournament.save()
    make_teams(tournament, 4)
    tables = list(drawn(tournament).tables.order_by("number"))
    for table in tables:
        entry.submit(table, 1, SHEET)
    barrier = threading.Barrier(len(tables))
    errors: list[str] = []

    def phone(table: Table) -> None:
        try:
            barrier.wait(timeout=10)
            entry.confirm(Table.objects.select_related("round__tournament").get(pk=table.pk), codes(table)[2])
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            errors.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(table,)) for table in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not errors, errors
    assert status(tournament) == TournamentStatus.FINISHED


# --------------------------------------------------------------------------- public pages


@pytest.fixture
def played(tournament, make_teams):
    """Round 1 published with a sheet in: every public page of the tournament has something to show."""
    make_teams(tournament, 4)
    round_ = drawn(tournament)
    table = round_.tables.get(number=1)
    record_result(table, SHEET)
    return table


def test_hidden_tournaments_are_on_no_public_page(visitor, director_client, tournament, played):
    urls = public_urls(tournament, played)
    for url in urls:
        assert visitor.get(url, **EN).status_code == 200, url
    assert visitor.get(urls[1], HTTP_HX_REQUEST="true").status_code == 200  # the standings now in the shared cache
    assert tournament.name in visitor.get("/", **EN).content.decode()

    response = director_client.post(f"/director/t/{tournament.slug}/lifecycle/visibility/", {"hidden": "1"}, **EN)
    assert response.status_code == 302
    assert "is hidden from the public pages" in director_client.get(response["Location"], **EN).content.decode()
    for url in urls:
        assert visitor.get(url, **EN).status_code == 404, url
        assert director_client.get(url, **EN).status_code == 404, url  # the director's session shows the same
    assert visitor.get(urls[1], HTTP_HX_REQUEST="true").status_code == 404  # not from the cache
    assert tournament.name not in visitor.get("/", **EN).content.decode()
    # The table's private link keeps working for a hidden tournament.
    assert visitor.get(f"/s/{played.token}/", **EN).status_code == 200
    director_list = director_client.get("/director/", **EN).content.decode()
    assert tournament.name in director_list and "Hidden" in director_list

    director_client.post(f"/director/t/{tournament.slug}/lifecycle/visibility/", {"hidden": "0"})
    for url in urls:
        assert visitor.get(url, **EN).status_code == 200, url


def test_a_hidden_copy_stays_hidden_beside_a_public_tournament(visitor, tournament, make_teams):
    copy = Tournament.objects.create(name="Keezen Cup 2026 (copy)", slug="keezen-cup-2026-copy",
                                     date=tournament.date, hidden=True)
    listing = visitor.get("/", **EN).content.decode()
    assert tournament.name in listing and copy.slug not in listing and "(copy)" not in listing
    assert visitor.get(f"/t/{copy.slug}/", **EN).status_code == 404


def test_archived_tournaments_leave_the_list_but_keep_their_pages_unless_hidden(visitor, director_client, tournament,
                                                                                played):
    director_client.post(f"/director/t/{tournament.slug}/lifecycle/archive/", {"archived": "1"})
    tournament.refresh_from_db()
    assert tournament.archived
    assert tournament.name not in visitor.get("/", **EN).content.decode()
    urls = public_urls(tournament, played)
    for url in urls:
        assert visitor.get(url, **EN).status_code == 200, url
    director_client.post(f"/director/t/{tournament.slug}/lifecycle/visibility/", {"hidden": "1"})  # allowed
    for url in urls:
        assert visitor.get(url, **EN).status_code == 404, url
    assert tournament.name not in visitor.get("/", **EN).content.decode()


def test_deleted_tournaments_are_on_no_public_page(visitor, director_client, tournament, played):
    urls = public_urls(tournament, played)
    token = played.token
    response = director_client.post(f"/director/t/{tournament.slug}/delete/", {"confirmation": tournament.slug})
    assert response.status_code == 302
    for url in urls:
        assert visitor.get(url, **EN).status_code == 404, url
    assert visitor.get(f"/s/{token}/", **EN).status_code == 404
    assert tournament.name not in visitor.get("/", **EN).content.decode()


# --------------------------------------------------------------------------- archived: read-only


def test_archived_refuses_every_change_and_changes_nothing(visitor, director_client, tournament, make_teams):
    make_teams(tournament, 6)
    first = drawn(tournament)
    done, waiting, empty = first.tables.order_by("number")
    record_result(done, SHEET)
    entry.submit(waiting, 1, SHEET)
    add_round(tournament)  # round 2, a draft without tables
    team = tournament.teams.first()
    director_client.post(f"/director/t/{tournament.slug}/lifecycle/archive/", {"archived": "1"})
    before = (Result.objects.count(), ResultEvent.objects.count(), Table.objects.count(), Ruling.objects.count())
    slug = tournament.slug

    desk = director_client.post(f"/director/t/{slug}/desk/1/", {"table": empty.number, "arrivals": "AAAAAAAA"},
                                HTTP_REFERER=f"http://testserver/director/t/{slug}/desk/1/", **EN)
    assert desk.status_code == 302 and desk["Location"].endswith(f"/director/t/{slug}/desk/1/")
    assert "This tournament is archived" in director_client.get(desk["Location"], **EN).content.decode()
    refusals = [
        director_client.post(f"/director/t/{slug}/rounds/2/draw/", **EN),
        director_client.post(f"/director/t/{slug}/checkin/{team.pk}/", {"present": "1"}, **EN),
        director_client.post(f"/director/t/{slug}/rounds/1/tables/{waiting.number}/approve/", **EN),
        director_client.post(f"/director/t/{slug}/rounds/1/clock/start/", **EN),
        director_client.post(f"/director/t/{slug}/teams/{team.pk}/withdraw/", **EN),
        director_client.post(f"/director/t/{slug}/standings/freeze/", {"frozen": "1"}, **EN),
        director_client.post(f"/director/t/{slug}/edit/", {"name": "Renamed"}, **EN),
        director_client.post(f"/director/t/{slug}/disputes/", {"code": "K4:t2|-|-|-", "card": "4",
                                                                 "action": "save"}, **EN),
        director_client.post(f"/director/t/{slug}/delete/", {"confirmation": slug}, **EN),
    ]
    for response in refusals:
        assert response.status_code == 302 and response["Location"] == f"/director/t/{slug}/lifecycle/"
    htmx = director_client.post(f"/director/t/{slug}/checkin/{team.pk}/", {"present": "1"}, HTTP_HX_REQUEST="true",
                                HTTP_HX_CURRENT_URL=f"http://testserver/director/t/{slug}/checkin/", **EN)
    assert htmx.status_code == 409 and htmx["HX-Redirect"].endswith(f"/director/t/{slug}/checkin/")
    assert "archived" in htmx.content.decode()

    # The table links: neither a new sheet nor a confirmation.
    submit = visitor.post(f"/s/{empty.token}/", {"action": "submit", "team": "1", "arrivals": "AAAAAAAA"}, **EN)
    assert submit.status_code == 410 and "This tournament is archived" in submit.content.decode()
    confirm = visitor.post(f"/s/{waiting.token}/", {"action": "confirm", "code": codes(waiting)[2]}, **EN)
    assert confirm.status_code == 410 and "This tournament is archived" in confirm.content.decode()

    assert (Result.objects.count(), ResultEvent.objects.count(), Table.objects.count(), Ruling.objects.count()) == before
    tournament.refresh_from_db()
    team.refresh_from_db()
    first.refresh_from_db()
    assert tournament.name == "Keezen Cup 2026" and tournament.frozen_standings is None
    assert not team.checked_in and not team.withdrawn and first.clock_ends_at is None
    assert Result.objects.get(table=waiting).state == "submitted"

    # Reading goes on: the pages, the desk's preview, the dispute desk's taps.
    for url in (f"/director/t/{slug}/teams/", f"/director/t/{slug}/rounds/1/", f"/director/t/{slug}/standings/",
                f"/director/t/{slug}/desk/1/", f"/director/t/{slug}/delete/", f"/s/{waiting.token}/"):
        assert (director_client if url.startswith("/director") else visitor).get(url, **EN).status_code == 200, url
    preview = director_client.post(f"/director/t/{slug}/desk/1/preview/", {"table": empty.number, "arrivals": "AB"})
    assert preview.status_code == 200 and "points-A" in preview.content.decode()
    tap = director_client.post(f"/director/t/{slug}/disputes/", {"code": "K4:t2|-|-|-", "card": "4"},
                               HTTP_HX_REQUEST="true", **EN)
    assert tap.status_code == 200

    # Unarchived, the same change goes through.
    director_client.post(f"/director/t/{slug}/lifecycle/archive/", {"archived": "0"})
    director_client.post(f"/director/t/{slug}/checkin/{team.pk}/", {"present": "1"})
    team.refresh_from_db()
    assert team.checked_in


# --------------------------------------------------------------------------- delete


def test_delete_asks_a_confirmation_then_removes_everything(director_client, director, tournament, make_teams,
                                                             settings):
    other = Tournament.objects.create(name="Other cup", slug="other-cup", date=tournament.date)
    make_teams(other, 2)
    drawn(other)
    make_teams(tournament, 5)  # an odd number: a bye
    first = drawn(tournament)
    tables = list(first.tables.order_by("number"))
    record_result(tables[0], SHEET)
    record_result(tables[0], {"arrivals": [1] * 8}, reason="wrong team")
    entry.submit(tables[1], 1, SHEET)
    disputes.save_ruling(tournament, tables[0], from_code("K4:t2|-|-|-"), "K4:t2|-|-|-", 0, "4", "", "", director)
    PrintFile.objects.create(tournament=tournament, round=first, exporter="table-cards-pdf", key="k", language="en")
    assert Bye.objects.filter(round=first).exists()
    url = f"/director/t/{tournament.slug}/delete/"

    page = director_client.get(url, **EN).content.decode()
    assert "Delete “Keezen Cup 2026”?" in page
    assert "2 results (score sheets)" in page and "with 3 versions in their history" in page
    assert "5 teams and their players" in page and "1 round with its tables" in page and "1 ruling" in page
    assert f"Type the short name <code>{tournament.slug}</code> to confirm" in page

    wrong = director_client.post(url, {"confirmation": "keezen"}, **EN)
    assert wrong.status_code == 400 and "Type the short name “keezen-cup-2026” to confirm" in wrong.content.decode()
    assert Tournament.objects.filter(pk=tournament.pk).exists()

    response = director_client.post(url, {"confirmation": f" {tournament.slug} "}, **EN)
    assert response.status_code == 302 and response["Location"] == "/director/"
    message = director_client.get("/director/", **EN).content.decode()
    assert "Tournament “Keezen Cup 2026” deleted." in message and "before-delete" in message
    assert not Tournament.objects.filter(pk=tournament.pk).exists()
    for model in (Round, Table, TableSeat, Bye, Result, ResultEvent, PrintFile):
        assert not model.objects.exclude(**{_tournament_path(model): other}).exists(), model.__name__
    assert not Team.objects.exclude(tournament=other).exists()
    assert not Player.objects.exclude(team__tournament=other).exists()
    assert not Ruling.objects.exists()
    assert Team.objects.filter(tournament=other).count() == 2 and other.round_set.get().tables.count() == 1

    backups = list((settings.BACKUP_DIR / tournament.backup_key).glob("*-before-delete.json"))
    assert len(backups) == 1 and '"keezen-cup-2026"' in backups[0].read_text(encoding="utf-8")


def _tournament_path(model) -> str:
    return {Round: "tournament", PrintFile: "tournament", Table: "round__tournament", TableSeat: "round__tournament",
            Bye: "round__tournament", Result: "table__round__tournament",
            ResultEvent: "table__round__tournament"}[model]


def test_delete_refuses_when_the_backup_fails(tournament, make_teams, settings, tmp_path):
    make_teams(tournament, 2)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    settings.BACKUP_DIR = blocked  # the backup folder cannot be made
    with pytest.raises(ValidationError, match="nothing was deleted"):
        lifecycle.delete_tournament(tournament, tournament.slug)
    assert Team.objects.filter(tournament=tournament).count() == 2


def test_deleting_250_teams_is_one_cascade_without_a_query_per_row(db, busy_day_file):
    """The busy day of tests/conftest.py (250 teams in round 3: sheets with versions and their log,
    check-ins, a withdrawal, byes, rulings), built once per test run and loaded from its file
    instead of drawing and playing 250 teams here."""
    day = busy_day_file.load()
    assert day.teams.count() == 250 and Result.objects.count() > 250 and ResultEvent.objects.count() > 250
    with CaptureQueriesContext(connection) as queries:
        with translation.override("en"):
            day.delete()
    # Teams, players, seats, sheets and their log are deleted in batches: no query per row
    # (the results-version and backup signals leave rows that go with their tournament alone).
    assert len(queries) < 60, len(queries)
    assert not Team.objects.exists() and not Result.objects.exists() and not Player.objects.exists()


def test_a_new_tournament_starts_planned(director_client):
    data = {"name": "Spring cup", "slug": "spring-cup", "date": "2027-04-01", "scoring_system": "pawn-order",
            "rounds": 3, "round_minutes": 45, "teams_per_table": 2, "status": "finished", "entry_grace_minutes": 15,
            "confirmed_counts": "on", "self_capture": "forced", "home_entry": "forced", "seven_max_pawns": 7,
            "seed": 5, "public_names": "full"}
    response = director_client.post("/director/new/", data, **EN)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Tournament.objects.get(slug="spring-cup").status == TournamentStatus.PLANNED
    assert Tournament.objects.get(slug="spring-cup").date == datetime.date(2027, 4, 1)
