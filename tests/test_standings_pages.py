"""Standings pages: director and public, frozen for the prize-giving, constant queries."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import Bye
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table


def play_round(tournament, teams):
    round_ = add_round(tournament)
    for first, second in zip(teams[::2], teams[1::2]):
        table = add_table(round_, [first, second])
        record_result(table, {"arrivals": [0, 0, 1]})
    round_.status = "published"
    round_.save()
    return round_


def test_public_standings_show_totals_and_refresh_by_htmx(client, tournament, make_teams):
    teams = make_teams(tournament, 4)
    play_round(tournament, teams)
    page = client.get(f"/t/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'hx-trigger="every 30s, shown from:document"' in html and 'data-testid="total-T1">290<' in html
    partial = client.get(f"/t/{tournament.slug}/standings/", HTTP_HX_REQUEST="true").content.decode()
    assert partial.startswith('<div id="standings"') and "<html" not in partial


def test_public_standings_queries_do_not_grow_with_teams(client, tournament, make_teams):
    play_round(tournament, make_teams(tournament, 4))
    with CaptureQueriesContext(connection) as few:
        client.get(f"/t/{tournament.slug}/standings/")
    more = make_teams(tournament, 40, start=5)
    add_table(tournament.round_set.get(number=1), more[:2])
    with CaptureQueriesContext(connection) as many:
        client.get(f"/t/{tournament.slug}/standings/")
    assert len(many.captured_queries) == len(few.captured_queries)


def test_director_standings_and_freeze(director_client, client, tournament, make_teams):
    teams = make_teams(tournament, 2)
    round_ = play_round(tournament, teams)
    page = director_client.get(f"/director/t/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and "Team 1" in page.content.decode()
    director_client.post(f"/director/t/{tournament.slug}/standings/freeze/", {"frozen": "1"})
    table = round_.tables.get()
    record_result(table, {"arrivals": [1, 1, 0]}, reason="wrong way round")
    frozen = client.get(f"/t/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="total-T1">290<' in frozen and "Frozen for the prize-giving" in frozen
    director_client.post(f"/director/t/{tournament.slug}/standings/freeze/", {"frozen": "0"})
    live = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert 'data-testid="total-T1">130<' in live


def test_public_round_results_mark_corrections(client, tournament, make_teams):
    round_ = play_round(tournament, make_teams(tournament, 2))
    record_result(round_.tables.get(), {"arrivals": [1]}, reason="typo")
    html = client.get(f"/t/{tournament.slug}/rounds/1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "corrected" in html and "150" in html


def test_a_correction_after_the_freeze_leaves_no_mark_until_unfrozen(director_client, client, tournament, make_teams):
    """Issue 16, item 8: frozen means frozen, the marks beside the names included."""
    round_ = play_round(tournament, make_teams(tournament, 2))
    director_client.post(f"/director/t/{tournament.slug}/standings/freeze/", {"frozen": "1"})
    record_result(round_.tables.get(), {"arrivals": [1, 1, 0]}, reason="wrong way round")
    frozen = client.get(f"/t/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Frozen for the prize-giving" in frozen and "corrected" not in frozen
    json = client.get(f"/t/{tournament.slug}/standings.json").json()
    assert set(json["standings"][0]) == {"rank", "team", "name", "points", "rounds", "lot"}  # the contract's shape
    director_client.post(f"/director/t/{tournament.slug}/standings/freeze/", {"frozen": "0"})
    live = client.get(f"/t/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "corrected in round 1" in live


def test_director_standings_mark_byes_and_corrections_and_offer_only_rounds_that_exist(
        director_client, tournament, make_teams):
    """Issue 16, item 9: the director sees the marks the public page shows; no "after round 0"."""
    empty = director_client.get(f"/director/t/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en")
    assert 'id="after_round"' not in empty.content.decode() and "No results yet." in empty.content.decode()
    teams = make_teams(tournament, 3)
    round_ = play_round(tournament, teams[:2])
    Bye.objects.create(round=round_, team=teams[2])
    record_result(round_.tables.get(), {"arrivals": [1]}, reason="typo")
    html = director_client.get(f"/director/t/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'class="text-warning-emphasis corrected">corrected<' in html
    assert '<small class="text-body-secondary">bye</small>' in html
    assert '<option value="1" selected>1</option>' in html and '<option value="0"' not in html
