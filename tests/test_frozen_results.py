"""Frozen is frozen (issue 31, item 8): while the director has frozen the public standings, a
correction, a confirmation or an approval changes no public page, fragment, JSON or file — the
round pages, the table pages, the standings (page, htmx fragment, JSON), the projector, find my
table, and the club competition that takes the evening's places (page and PDF) — until Unfreeze;
then every one of them shows it at once. The director's pages stay live all along.

The day: four teams, two rounds. At the freeze round 2's table 1 counts and table 2 waits for the
other team's code. After the freeze the desk corrects round 2's table 1 (the issue's 390 → 480:
the round page showed the new points at once) and round 1's table 2, and round 2's table 2 is
confirmed.
"""

from __future__ import annotations

import gzip
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from seasons.models import Competition
from seasons.services.evenings import add_evening
from tournaments.models import ResultSource, ResultState, Round, Table
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table
from tournaments.services.standings import standings
from tournaments.services.tournament_file import InvalidTournamentFile, export_file, import_file

pytestmark = pytest.mark.usefixtures("english")

WON = {"arrivals": [0, 0, 0, 0, 1, 1, 0, 0, 0, 0]}  # the first team home with all 8 pawns
CLOSE = {"arrivals": [0, 1, 0, 1, 0, 1, 0, 1, 0, 1]}  # five pawns each, stopped by the clock
WON_BY_B = {"arrivals": [1, 1, 1, 1, 0, 1, 1, 1, 1]}


def round_of(tournament, pairs: list[tuple]) -> Round:
    round_ = add_round(tournament)
    for first, second in pairs:
        add_table(round_, [first, second])
    round_.status = "published"
    round_.save()
    return round_


def table(tournament, round_number: int, number: int) -> Table:
    return Table.objects.get(round__tournament=tournament, round__number=round_number, number=number)


@pytest.fixture
def day(tournament, make_teams):
    """Round 1 entered at the desk; round 2's table 1 entered, its table 2 submitted at the table."""
    teams = make_teams(tournament, 4)
    round_of(tournament, [(teams[0], teams[1]), (teams[2], teams[3])])
    record_result(table(tournament, 1, 1), WON)
    record_result(table(tournament, 1, 2), CLOSE | {"stopped_by_clock": True})
    round_of(tournament, [(teams[0], teams[2]), (teams[1], teams[3])])
    record_result(table(tournament, 2, 1), CLOSE | {"stopped_by_clock": True})
    record_result(table(tournament, 2, 2), WON_BY_B, source=ResultSource.TABLE, state=ResultState.SUBMITTED,
                  submitted_by=2)
    return tournament


@pytest.fixture
def competition(day):
    """A club's competition with the day as its first evening (it takes the evening's places)."""
    found = Competition.objects.create(name="Clubcompetitie", slug="clubcompetitie", rules={"per_evening": "points"})
    add_evening(found, day)
    return found


def public_urls(tournament, competition) -> dict[str, dict]:
    """Every public address that shows results or points (or whether a table has a result), with
    the headers it is asked with: the shared standings page (plain and gzipped), the htmx fragment,
    a page of its own (a query string), the JSON, every round and table page, find my table, the
    projector, the tournament page and the competition's page and PDF."""
    t = f"/t/{tournament.slug}"
    urls = {
        f"{t}/": {}, f"{t}/standings/": {}, f"{t}/standings/?from=qr": {}, f"{t}/standings.json": {},
        f"{t}/standings/#gzip": {"HTTP_ACCEPT_ENCODING": "gzip"}, f"{t}/standings/#htmx": {"HTTP_HX_REQUEST": "true"},
        f"{t}/find/?q=Team": {}, f"{t}/find/?q=Team#htmx": {"HTTP_HX_REQUEST": "true"}, f"{t}/projector/": {},
        f"/c/{competition.slug}/": {}, f"/c/{competition.slug}/standings.pdf": {},
    }
    for round_ in tournament.round_set.all():
        urls[f"{t}/rounds/{round_.number}/"] = {}
        for number in round_.tables.values_list("number", flat=True):
            urls[f"{t}/rounds/{round_.number}/tables/{number}/"] = {}
    return urls


def shown(client: Client, urls: dict[str, dict]) -> dict[str, bytes]:
    """What each address shows, without the per-request CSRF token of a page rendered for its visitor."""
    found = {}
    for url, headers in urls.items():
        response = client.get(url.split("#")[0], HTTP_ACCEPT_LANGUAGE="en", **headers)
        assert response.status_code == 200, url
        body = response.content
        if response.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        found[url] = re.sub(rb"hx-headers='[^']*'", b"", body)
    return found


def test_a_correction_after_the_freeze_changes_no_public_page_until_unfrozen(day, competition, director):
    public, desk = Client(), Client()
    desk.force_login(director)
    urls = public_urls(day, competition)
    before_freeze = shown(public, urls)
    assert desk.post(f"/director/t/{day.slug}/standings/freeze/", {"frozen": "1"}).status_code == 302
    frozen = shown(public, urls)
    for url in urls:  # the round, table, find and projector pages are as they were before the freeze
        if "standings" not in url and "/c/" not in url:
            assert frozen[url] == before_freeze[url], url
    assert b"Frozen for the prize-giving" in frozen[f"/t/{day.slug}/standings/"]
    old = {row.key: row.points for row in standings(day).rows}

    record_result(table(day, 2, 1), WON, reason="the pawns were counted wrong")  # the 390 → 480
    record_result(table(day, 1, 2), WON_BY_B, reason="wrong way round")
    confirmed = table(day, 2, 2).current_sheet  # the other team types its code: the sheet counts now
    confirmed.state, confirmed.confirmed_by = ResultState.CONFIRMED, 1
    confirmed.save(update_fields=["state", "confirmed_by"])
    new = {row.key: row.points for row in standings(day).rows}
    assert new != old

    during = shown(public, urls)
    assert shown(public, urls) == during  # asked twice: what the caches keep is the frozen page too
    for url in urls:
        assert during[url] == frozen[url], url
    round_2 = during[f"/t/{day.slug}/rounds/2/"].decode()
    assert "corrected" not in round_2 and round_2.count("–") == 2  # table 2 still waits, as at the freeze

    # The director sees the live results meanwhile.
    live = desk.get(f"/director/t/{day.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert all(f">{points}<" in live for points in new.values())
    overview = desk.get(f"/director/t/{day.slug}/rounds/2/results/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "corrected" in overview
    # A director asking a public page gets the frozen results, like everyone (in a page with the director's menu).
    assert _points(desk, day, 2, 1) == _points(public, day, 2, 1) and _points(desk, day, 2, 2) == [None, None]

    assert desk.post(f"/director/t/{day.slug}/standings/freeze/", {"frozen": "0"}).status_code == 302
    after = shown(public, urls)
    changed = {url for url in urls if after[url] != during[url]}
    t = f"/t/{day.slug}"
    assert changed >= {f"{t}/standings/", f"{t}/standings/?from=qr", f"{t}/standings.json", f"{t}/standings/#gzip",
                       f"{t}/standings/#htmx", f"{t}/rounds/1/", f"{t}/rounds/2/", f"{t}/rounds/2/tables/2/",
                       f"/c/{competition.slug}/", f"/c/{competition.slug}/standings.pdf"}
    assert "corrected" in after[f"{t}/rounds/2/"].decode() and after[f"{t}/rounds/2/"].decode().count("–") == 0
    assert b"Result entered" in after[f"{t}/rounds/2/tables/2/"]
    assert b"Result entered" not in during[f"{t}/rounds/2/tables/2/"]
    json = public.get(f"{t}/standings.json").json()
    assert not json["frozen"] and {row["team"]: row["points"] for row in json["standings"]} == new


def test_the_round_page_shows_the_points_of_the_freeze_and_a_new_sheet_only_after_it(day, director):
    desk = Client()
    desk.force_login(director)
    public = Client()
    frozen_points = _points(public, day, 2, 1)
    desk.post(f"/director/t/{day.slug}/standings/freeze/", {"frozen": "1"})
    record_result(table(day, 2, 1), WON, reason="the pawns were counted wrong")
    assert _points(public, day, 2, 1) == frozen_points
    round_3 = round_of(day, [(day.teams.get(number=1), day.teams.get(number=4))])
    record_result(round_3.tables.get(), WON)  # a round played after the freeze: nothing of it shows
    page = public.get(f"/t/{day.slug}/rounds/3/").content.decode()
    assert page.count("–") == 2
    desk.post(f"/director/t/{day.slug}/standings/freeze/", {"frozen": "0"})
    assert _points(public, day, 2, 1) != frozen_points
    assert public.get(f"/t/{day.slug}/rounds/3/").content.decode().count("–") == 0


def _points(client: Client, tournament, round_number: int, number: int) -> list:
    """The points the public round page shows at table ``number``."""
    response = client.get(f"/t/{tournament.slug}/rounds/{round_number}/")
    rows = next(item.rows for item in response.context["tables"] if item.table.number == number)
    return [score.points if score else None for _side, score in rows]


@pytest.mark.parametrize("url", ["/t/{slug}/rounds/2/", "/t/{slug}/rounds/2/tables/1/"])
def test_frozen_pages_cost_the_queries_of_live_ones(day, director, url):
    public = Client()
    public.get(url.format(slug=day.slug))  # the first request of a client sets up its session machinery
    with CaptureQueriesContext(connection) as live:
        public.get(url.format(slug=day.slug))
    desk = Client()
    desk.force_login(director)
    desk.post(f"/director/t/{day.slug}/standings/freeze/", {"frozen": "1"})
    record_result(table(day, 2, 1), WON, reason="the pawns were counted wrong")
    with CaptureQueriesContext(connection) as frozen:
        public.get(url.format(slug=day.slug))
    assert len(frozen.captured_queries) == len(live.captured_queries)


def test_the_freeze_keeps_each_tables_sheet_and_a_copy_keeps_showing_it(day, director):
    """The snapshot names tables by round and table number (not by id) and the sheet's version and
    state at the freeze; a tournament file carries it, so a copy of the day still shows the tables
    as they were frozen."""
    desk = Client()
    desk.force_login(director)
    desk.post(f"/director/t/{day.slug}/standings/freeze/", {"frozen": "1"})
    day.refresh_from_db()
    assert day.frozen_standings["sheets"] == {"1": {"1": [1, "entered"], "2": [1, "entered"]},
                                              "2": {"1": [1, "entered"], "2": [1, "submitted"]}}
    record_result(table(day, 2, 1), WON, reason="the pawns were counted wrong")
    public = Client()
    frozen = [_points(public, day, 2, number) for number in (1, 2)]
    assert frozen[1] == [None, None]
    copied = import_file(export_file(day))  # a copy beside the day (hidden, until the director shows it)
    copied.hidden = False
    copied.save()
    assert copied.frozen_standings["sheets"] == day.frozen_standings["sheets"]
    assert [_points(public, copied, 2, number) for number in (1, 2)] == frozen
    copied.frozen_standings = None  # unfrozen: the copy shows the correction too
    copied.save()
    assert _points(public, copied, 2, 1) != frozen[0]


@pytest.mark.parametrize("sheets,problem", [
    ([], "must be an object"),
    ({"x": {}}, "is not a number from 1"),
    ({"1": {"01": [1, "entered"]}}, "is not a number from 1"),
    ({"1": {"1": [1]}}, "must be a list of 2 values"),
    ({"1": {"1": [0, "entered"]}}, "must be a whole number from 1"),
    ({"1": {"1": [1, "lost"]}}, "must be one of"),
])
def test_a_file_with_frozen_sheets_of_the_wrong_shape_is_refused(day, director, sheets, problem):
    desk = Client()
    desk.force_login(director)
    desk.post(f"/director/t/{day.slug}/standings/freeze/", {"frozen": "1"})
    day.refresh_from_db()
    data = export_file(day)
    data["tournament"]["frozen_standings"]["sheets"] = sheets
    with translation.override("en"), pytest.raises(InvalidTournamentFile) as refused:
        import_file(data)
    assert any("sheets" in error and problem in error for error in refused.value.errors), refused.value.errors
