"""Practice runs: a rehearsal of 13 teams (fresh, and copied from a tournament) plays every round
through the services with corrections, a forfeit and a dispute; its standings and PDFs render;
nothing of it is public (every public URL and table link of the copy answers 404, the public list
leaves it out, no backup is written); the original tournament does not change; deleting the
practice run removes every row of it; the command's errors are clear and exit non-zero."""

from __future__ import annotations

import datetime
import io
import random
from dataclasses import dataclass

import pytest
from django.utils import translation
from django.apps import apps
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.test import Client, override_settings
from django.urls import reverse

import scoring
from tournaments.services.teams import register_numbered_teams
from tournaments.models import (
    Bye,
    Club,
    Player,
    PrintFile,
    PrintFileStatus,
    Result,
    ResultEvent,
    ResultState,
    Round,
    Table,
    TableSeat,
    Team,
    Tournament,
    TournamentStatus,
)
from tournaments.services import backups, rehearsal
from tournaments.services import table_entry as entry
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.games.keezen import to_sheet
from tournaments.services.results import check_sheet, record_result
from tournaments.services.rounds import add_round
from tournaments.services.tournament_file import dumps, export_file
from tests.test_hostile_input import patterns

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}

pytestmark = pytest.mark.usefixtures("english")


# --------------------------------------------------------------------------- helpers


def every_row() -> dict:
    """Every row the app keeps, and the clubs (shared between tournaments)."""
    return {model._meta.label: list(model.objects.order_by("pk").values_list())
            for model in apps.get_app_config("tournaments").get_models()}


def rows_of(tournament: Tournament) -> dict:
    """The tournament's own rows, for comparing before and after."""
    return {
        "tournament": list(Tournament.objects.filter(pk=tournament.pk).values_list()),
        "teams": list(Team.objects.filter(tournament=tournament).order_by("pk").values_list()),
        "players": list(Player.objects.filter(team__tournament=tournament).order_by("pk").values_list()),
        "rounds": list(Round.objects.filter(tournament=tournament).order_by("pk").values_list()),
        "tables": list(Table.objects.filter(round__tournament=tournament).order_by("pk").values_list()),
        "seats": list(TableSeat.objects.filter(round__tournament=tournament).order_by("pk").values_list()),
        "byes": list(Bye.objects.filter(round__tournament=tournament).order_by("pk").values_list()),
        "sheets": list(Result.objects.filter(table__round__tournament=tournament).order_by("pk").values_list()),
        "log": list(ResultEvent.objects.filter(table__round__tournament=tournament).order_by("pk").values_list()),
    }


def the_file(tournament: Tournament) -> str:
    data = export_file(tournament)
    data.pop("exported_at", None)
    return dumps(data)


PHONES = "http://testserver/"
"""The test client's address, as ``PUBLIC_URL``: what the phones open and the QR codes hold."""


def practice_of(tournament: Tournament) -> Tournament:
    """A practice run of ``tournament`` made as the button makes it, its PDFs only queued (as the
    background thread would find them), not rendered: for the tests about anything but the files.
    The files of a practice run are rendered and downloaded in the three tests that play 13 teams,
    tables of three and every scoring system."""
    with override_settings(PRINT_FILES_RUN="task"):
        return rehearsal.start(tournament, site_url=PHONES).tournament


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("rehearse", *args, stdout=out)
    return out.getvalue()


def public_urls(practice: Tournament) -> list[tuple[str, str]]:
    """Every public and table-link URL of the practice run, with its pattern's name: each pattern
    with its slug, every round, every table and every table's link."""
    tables = list(Table.objects.filter(round__tournament=practice).select_related("round"))
    urls = []
    for name, pattern in patterns():
        if not name.startswith(("public:", "table:")):
            continue
        needs = set(pattern.pattern.converters)
        if not needs:
            continue
        if needs == {"token"}:
            urls += [(name, reverse(name, kwargs={"token": table.token})) for table in tables]
        elif needs == {"slug"}:
            urls.append((name, reverse(name, kwargs={"slug": practice.slug})))
        elif needs == {"slug", "number"}:
            urls += [(name, reverse(name, kwargs={"slug": practice.slug, "number": number}))
                     for number in sorted({table.round.number for table in tables})]
        elif needs == {"slug", "number", "table"}:
            urls += [(name, reverse(name, kwargs={"slug": practice.slug, "number": table.round.number,
                                                  "table": table.number}))
                     for table in tables]
        else:
            raise AssertionError(f"a public URL this test does not know how to fill: {name} {needs}")
    return urls


def assert_nothing_public(practice: Tournament, director_client) -> None:
    """Every public URL and table link of the practice run answers 404 to a visitor. A director
    logged in sees no more of it in public: asked for one URL of each pattern (every public view;
    a view finds every round and table of a tournament through the same lookup, so the visitor's
    sweep of all of them covers the rest)."""
    urls = public_urls(practice)
    assert any("/s/" in url for _name, url in urls) and any("/standings.json" in url for _name, url in urls)
    one_of_each = list({name: url for name, url in reversed(urls)}.items())
    visitor = Client()
    for client, asked in ((visitor, urls), (director_client, one_of_each)):
        for index, (_name, url) in enumerate(asked):
            # Each from its own address: 30 unknown links a minute from one address answer 429.
            address = f"10.9.{index // 200}.{index % 200 + 1}"
            assert client.get(url, REMOTE_ADDR=address, **EN).status_code == 404, url
        assert client.get(reverse("public:find", args=[practice.slug]) + "?q=Team", **EN).status_code == 404
    table = Table.objects.filter(round__tournament=practice).first()
    posted = visitor.post(reverse("table:sheet", args=[table.token]), {"action": "confirm", "code": "123456"}, **EN)
    assert posted.status_code == 404
    listed = visitor.get(reverse("public:tournament_list"), **EN).content.decode()
    assert practice.slug not in listed and practice.name not in listed
    assert not Tournament.objects.public().filter(pk=practice.pk).exists()


def assert_played(summary: rehearsal.Summary, director_client) -> Tournament:
    """Every round played with valid sheets that count, at least one correction, forfeit and
    dispute; the standings page and the PDFs render."""
    practice = summary.tournament
    practice.refresh_from_db()
    assert practice.practice and practice.hidden
    assert practice.status == TournamentStatus.FINISHED
    rounds = list(practice.round_set.order_by("number"))
    assert [r.number for r in rounds] == list(range(1, practice.rounds + 1))
    assert summary.rounds == practice.rounds
    tables = list(Table.objects.filter(round__tournament=practice).with_sheets().select_related("round__tournament"))
    assert summary.sheets == len(tables) > 0
    for table in tables:
        current = table.current_sheet
        assert current is not None
        assert current.state in (ResultState.ENTERED, ResultState.APPROVED, ResultState.CONFIRMED)
        names = [seat.team.name for seat in table.seats.all()]
        assert check_sheet(practice.scoring_system, names, current.sheet) == []
    assert summary.corrections >= practice.rounds and summary.disputes >= practice.rounds and summary.forfeits == 1
    if max(r.tables.count() for r in rounds) > 3:  # tables left after the forfeit, the dispute and the correction
        assert ResultEvent.objects.filter(table__round__tournament=practice, kind=ResultEvent.Kind.CONFIRMED).exists()
    assert Result.objects.filter(table__round__tournament=practice, state=ResultState.DISPUTED).exists()
    assert summary.winner
    if summary.seconds is not None:  # right after the rehearsal: its files were rendered once
        assert set(summary.files) == {"Standings (PDF)", "Prize list (PDF)", "Table cards and score sheets"}
        assert all(size > 1000 for size in summary.files.values())

    standings_page = director_client.get(reverse("director:standings", args=[practice.slug]), **EN)
    assert standings_page.status_code == 200
    page = director_client.get(reverse("director:practice_run", args=[practice.slug]), **EN)
    text = page.content.decode()
    assert page.status_code == 200 and "nothing of it is public" in text
    assert f'data-summary="rounds">{practice.rounds}<' in text and 'data-summary="forfeits">1<' in text
    for identifier in rehearsal.PDFS:
        pdf = director_client.get(reverse("director:file", args=[practice.slug, identifier]), **EN)
        assert pdf.status_code == 200 and b"".join(pdf.streaming_content if pdf.streaming else [pdf.content])[:4] == b"%PDF"
    cards = director_client.get(reverse("director:round_table_cards", args=[practice.slug, practice.rounds]), **EN)
    assert cards.status_code == 200
    return practice


# --------------------------------------------------------------------------- 13 teams
# A club day of 13 teams: an odd number (a bye every round), six tables a round, enough for a
# forfeit, a dispute and a correction beside tables confirmed from both phones. Its time (and
# 31 and 250 teams'): manage.py bench_rehearsal.


@pytest.mark.django_db
def test_a_fresh_rehearsal_of_13_teams_plays_every_round_and_leaves_nothing_public(director_client, settings):
    settings.BACKUPS_RUN = "inline"  # backups on, as on the day: a practice run still writes none
    settings.PUBLIC_URL = PHONES  # the phones' address, as on the day: the same as the downloads below
    out = run("--teams", "13")
    practice = Tournament.objects.get(practice=True)
    made = set(PrintFile.objects.filter(tournament=practice, status=PrintFileStatus.READY).values_list("pk", "exporter"))
    assert {exporter for _pk, exporter in made} == {*rehearsal.PDFS, rehearsal.ROUND_PDF}
    assert practice.practice_of is None and practice.teams.count() == 13
    assert f"Practice run “{practice.name}” ({practice.slug}): nothing of it is public." in out
    for line in ("rounds:      3 played", "forfeits:    1", "byes:        3", "winner:", "time:",
                 "PDF:         Standings (PDF)", "PDF:         Prize list (PDF)", "PDF:         Table cards",
                 f"/director/t/{practice.slug}/practice-run/", f"rehearse --delete {practice.slug}"):
        assert line in out
    assert_played(rehearsal.summary(practice), director_client)
    # The director's downloads were the files the command made: none made again.
    assert set(PrintFile.objects.filter(tournament=practice).values_list("pk", "exporter")) == made
    assert_nothing_public(practice, director_client)
    assert backups.latest(practice) is None and not backups.folder_of(practice).exists()


@pytest.mark.django_db
def test_a_rehearsal_of_a_13_team_tournament_copies_it_plays_it_and_leaves_the_original_as_it_was(
        director_client, tournament, make_teams, settings):
    settings.BACKUPS_RUN = "inline"
    make_teams(tournament, 13)
    first = add_round(tournament)
    pair_round(first)
    publish(first)
    done, waiting, *_rest = first.tables.order_by("number")
    record_result(done, {"arrivals": [0] * 8})
    entry.submit(waiting, 1, {"arrivals": [1] * 8})  # waits for the other team's code
    before, file_before = rows_of(tournament), the_file(tournament)
    backup_files = backups.backups_of(tournament)

    response = director_client.post(reverse("director:rehearse", args=[tournament.slug]), **EN)
    practice = Tournament.objects.get(practice=True)
    assert response.status_code == 302 and response["Location"] == reverse("director:practice_run", args=[practice.slug])
    assert practice.practice_of == tournament and practice.name == "Keezen Cup 2026 (practice run)"
    page = director_client.get(response["Location"], **EN).content.decode()
    assert "Practice run made and played in" in page
    assert "Practice run of Keezen Cup 2026 — nothing of it is public." in page
    assert "Delete practice run" in page and "Public page" not in page
    practice = assert_played(rehearsal.summary(practice), director_client)
    # Round 1 went on from where the original was: its sheet at table 1 is the original's.
    copied = Table.objects.get(round__tournament=practice, round__number=1, number=done.number)
    assert copied.current_sheet.sheet == {"arrivals": [0] * 8}
    assert_nothing_public(practice, director_client)

    assert rows_of(tournament) == before and the_file(tournament) == file_before
    assert backups.backups_of(tournament) == backup_files and backups.latest(practice) is None
    assert visitor_sees(tournament)

    listing = director_client.get(reverse("director:tournament_list"), **EN).content.decode()
    assert f'data-practice-run="{practice.slug}"' in listing
    assert listing.index(f'/director/t/{tournament.slug}/teams/') < listing.index(f'data-practice-run="{practice.slug}"')
    lifecycle = director_client.get(reverse("director:tournament_lifecycle", args=[tournament.slug]), **EN)
    assert practice.name in lifecycle.content.decode()


def visitor_sees(tournament: Tournament) -> bool:
    """The original stays public."""
    return Client().get(reverse("public:tournament_detail", args=[tournament.slug]), **EN).status_code == 200


# --------------------------------------------------------------------------- deleting


@dataclass(frozen=True)
class Rehearsed:
    """The keys of what :func:`rehearsed` built, and every row before ``first`` and ``fresh`` were made."""

    tournament: int
    first: int
    second: int
    fresh: int
    rows_before: dict


@pytest.fixture(scope="class")
def rehearsed(module_transaction, django_db_blocker) -> Rehearsed:
    """“Keezen Cup 2026” (five teams of clubs 0 to 2, as ``make_teams`` makes them: an odd number, so
    its practice runs have byes) with two practice runs of it, and a fresh practice run of six teams
    with its own clubs (Club 2 … Club 7: Club 2 is the cup's too), made as ``practice_of`` and
    ``rehearsal.start_fresh`` make them in a test (English names, the phones at the request's
    address). Built once for the tests of :class:`TestDeleting` instead of once in each (each test's
    deletions are rolled back after it), and rolled back after the last of them: no other test sees
    them."""
    from tests.conftest import built_for_the_module, new_teams, new_tournament, rolled_back

    with rolled_back(django_db_blocker):
        with built_for_the_module(django_db_blocker), translation.override("en"), override_settings(PUBLIC_URL=""):
            cup = new_tournament(slug="rehearsed-cup")
            new_teams(cup, 5)
            second = practice_of(cup)
            rows_before = every_row()
            first = practice_of(cup)
            fresh = rehearsal.start_fresh(6).tournament
        yield Rehearsed(cup.pk, first.pk, second.pk, fresh.pk, rows_before)


@pytest.mark.django_db
class TestDeleting:
    """Deleting practice runs on the director's page and with the command, from the same runs."""

    def test_deleting_a_practice_run_removes_everything_of_it(self, director_client, rehearsed):
        tournament, copy, fresh = (Tournament.objects.get(pk=pk) for pk in (rehearsed.tournament, rehearsed.first,
                                                                            rehearsed.fresh))
        assert fresh.practice_of is None and copy.practice_of == tournament
        assert Club.objects.filter(name="Club 7").exists()

        url = reverse("director:practice_run_delete", args=[copy.slug])
        page = director_client.get(url, **EN).content.decode()
        assert f"Delete the practice run “{copy.name}”?" in page
        assert "“Keezen Cup 2026” itself stays as it is." in page
        response = director_client.post(url, **EN)
        assert response.status_code == 302
        assert response["Location"] == reverse("director:tournament_lifecycle", args=[tournament.slug])
        done = director_client.get(response["Location"], **EN).content.decode()
        assert f"Practice run “{copy.name}” deleted." in done
        response = director_client.post(reverse("director:practice_run_delete", args=[fresh.slug]), **EN)
        assert response.status_code == 302 and response["Location"] == reverse("director:tournament_list")
        assert every_row() == rehearsed.rows_before

    def test_the_command_deletes_one_practice_run_those_of_a_tournament_or_all(self, rehearsed):
        tournament, first, second, fresh = (Tournament.objects.get(pk=pk) for pk in (
            rehearsed.tournament, rehearsed.first, rehearsed.second, rehearsed.fresh))
        assert {first.slug, second.slug} == set(tournament.practice_runs.values_list("slug", flat=True))
        assert f"Deleted practice run “{first.name}”." in run("--delete", first.slug)
        out = run("--delete", tournament.slug)
        assert f"Deleted practice run “{second.name}”." in out and fresh.slug not in out
        assert Tournament.objects.filter(practice=True).get() == fresh
        assert "Deleted practice run" in run("--clean") and not Tournament.objects.filter(practice=True).exists()
        assert "No practice runs." in run("--clean")
        assert Tournament.objects.filter(pk=tournament.pk).exists()


# --------------------------------------------------------------------------- the sheets and the seed


@pytest.mark.parametrize("system", scoring.KEEZEN_SYSTEMS)
@pytest.mark.parametrize("seats", (2, 3))
def test_random_sheets_are_valid_for_every_system_and_table(system, seats):
    rng = random.Random(7)
    names = [f"Team {n}" for n in range(seats)]
    stopped_seen = won_seen = 0
    for _ in range(300):
        sheet = rehearsal.random_sheet(system, seats, rng)
        assert check_sheet(system, names, sheet) == [], sheet
        points = scoring.score(system, to_sheet(names, sheet))
        if sheet.get("stopped_by_clock"):
            stopped_seen += 1
        else:
            won_seen += 1
        assert len(points) == seats
    assert stopped_seen and won_seen


@pytest.mark.django_db
def test_the_same_seed_rehearses_with_the_same_sheets():
    def day(seed: int) -> list:
        practice = Tournament.objects.create(name=f"Seed {seed}", slug=Tournament.objects.free_slug("seed"),
                                             date=datetime.date(2026, 11, 21), seed=seed, practice=True, hidden=True)
        register_numbered_teams(practice, 11)
        rehearsal.play(practice)
        return [(t.round.number, t.number, [(v.version, v.state, v.sheet) for v in t.sheet_versions])
                for t in Table.objects.filter(round__tournament=practice).with_sheets().select_related("round")
                .order_by("round__number", "number")]

    eleven = day(11)
    assert day(11) == eleven
    assert day(12) != eleven  # the first day of seed 11 again: played three times, not four


@pytest.mark.django_db
def test_tables_of_three_and_every_scoring_system_rehearse(tournament, make_teams, director_client, settings):
    settings.PUBLIC_URL = PHONES  # the files made by the rehearsal are the ones the downloads find
    tournament.teams_per_table = 3
    tournament.scoring_system = scoring.INDIVIDUAL_11
    tournament.save()
    make_teams(tournament, 10)
    practice = assert_played(rehearsal.start(tournament), director_client)
    assert Table.objects.filter(round__tournament=practice).with_sheets().exists()
    assert any(len(table.seats.all()) == 3 for table in Table.objects.filter(round__tournament=practice).with_seats())
    summary = rehearsal.start_fresh(5, scoring_system=scoring.PAWNS_2PT, rounds_count=4)
    assert_played(summary, director_client)


@pytest.mark.django_db
def test_everyone_is_checked_in_only_when_nobody_is(tournament, make_teams):
    teams = make_teams(tournament, 6)
    practice = practice_of(tournament)
    assert practice.teams.filter(checked_in=False).count() == 0
    from tournaments.services.teams import set_checked_in

    for team in teams[:4]:
        set_checked_in(team, True)
    practice = practice_of(tournament)
    assert sorted(practice.teams.filter(checked_in=True).values_list("number", flat=True)) == [1, 2, 3, 4]
    assert not TableSeat.objects.filter(round__tournament=practice, team__number__in=[5, 6]).exists()


# --------------------------------------------------------------------------- refusals


@pytest.mark.django_db
def test_the_command_refuses_clearly(tournament, make_teams):
    make_teams(tournament, 4)
    for args, message in (
        ((), "give the short name of a tournament to rehearse, or --teams N"),
        ((tournament.slug, "--teams", "8"), "give the short name of a tournament to rehearse, or --teams N"),
        (("no-such-cup",), "no tournament with short name “no-such-cup”"),
        (("--teams", "1"), "A practice run has 2 to 500 teams, not 1."),
        (("--teams", "501"), "A practice run has 2 to 500 teams, not 501."),
        (("--teams", "8", "--rounds", "0"), "--rounds must be from 1 to 20"),
        (("--delete",), "--delete takes the short name"),
        (("--delete", "no-such-cup"), "no tournament with short name “no-such-cup”"),
        (("--delete", tournament.slug), "“Keezen Cup 2026” is not a practice run and has none"),
        (("--clean", tournament.slug), "--delete takes the short name"),
    ):
        with pytest.raises(CommandError, match=message.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
            run(*args)
    practice = practice_of(tournament)
    with pytest.raises(CommandError, match="is a practice run itself"):
        run(practice.slug)
    tournament.archived = True
    tournament.save()
    with pytest.raises(CommandError, match="“Keezen Cup 2026” is archived: a finished day cannot be rehearsed"):
        run(tournament.slug)
    assert Tournament.objects.filter(practice=True).count() == 1  # nothing more was made


@pytest.mark.django_db
def test_a_day_that_cannot_be_drawn_leaves_no_practice_run_behind(tournament, make_teams):
    tournament.rounds = 5
    tournament.save()
    make_teams(tournament, 3)  # three teams, tables of two: after three byes no round can be drawn
    before = every_row()
    with pytest.raises(CommandError, match="every team has had its bye already"):
        run(tournament.slug)
    assert every_row() == before


@pytest.mark.django_db
def test_the_pages_refuse_what_is_not_a_practice_run(director_client, tournament, make_teams):
    make_teams(tournament, 4)
    lifecycle = reverse("director:tournament_lifecycle", args=[tournament.slug]) + "#practice"
    assert director_client.get(reverse("director:practice_run", args=[tournament.slug]))["Location"] == lifecycle
    assert director_client.get(reverse("director:practice_run_delete", args=[tournament.slug]))["Location"] == lifecycle
    assert director_client.post(reverse("director:practice_run_delete", args=[tournament.slug])).status_code == 404
    assert Tournament.objects.filter(pk=tournament.pk).exists()
    with translation.override("en"), pytest.raises(ValidationError, match="Only a practice run is played by itself."):
        rehearsal.play(tournament)
    assert director_client.get(reverse("director:rehearse", args=[tournament.slug])).status_code == 405
    practice = practice_of(tournament)
    again = director_client.post(reverse("director:rehearse", args=[practice.slug]), **EN)
    assert again.status_code == 409 and "is a practice run itself" in again.content.decode()
    assert Tournament.objects.filter(practice=True).count() == 1
    visitor = Client()
    assert visitor.post(reverse("director:rehearse", args=[tournament.slug])).status_code == 302  # to the login
    assert Tournament.objects.filter(practice=True).count() == 1


@pytest.mark.django_db
def test_a_practice_run_is_never_backed_up(tournament, make_teams, settings, english):
    settings.BACKUPS_RUN = "inline"
    make_teams(tournament, 4)
    practice = practice_of(tournament)
    with pytest.raises(OSError, match="A practice run is not backed up."):
        backups.backup_now(practice)
    assert backups.run_job(practice.pk) is None and backups.latest(practice) is None
    assert backups.run_job(tournament.pk) is not None  # the original is backed up as always


@pytest.mark.django_db
def test_no_practice_run_while_a_round_is_played(tournament, published_round, english):
    """Playing the copy writes hundreds of sheets: not while the tables send theirs."""
    from tournaments.services import clock

    round_ = published_round(tournament, 8)
    clock.start(round_)
    with pytest.raises(ValidationError, match="A round's clock is running"):
        rehearsal.start(tournament)
    assert not Tournament.objects.filter(practice=True).exists()
