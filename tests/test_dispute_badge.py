"""The director sees a disputed sheet on every page (templatetags/dispute_badge.py): a badge with
the round and table, linked to the round's sheets, that polls itself (one query)."""

from __future__ import annotations

import pytest

from tournaments.services import clock as clock_services
from tournaments.services import table_entry as entry
from tournaments.services.sheet_entry import evaluate

pytestmark = pytest.mark.usefixtures("english")


def test_a_dispute_shows_on_every_director_page(director_client, tournament, published_round,
                                                 django_assert_num_queries):
    round_ = published_round(tournament, 4)
    clock_services.start(round_)
    table = round_.tables.get(number=2)
    badge_url = f"/director/t/{tournament.slug}/disputes/badge/"
    assert 'data-testid="dispute-badge"' not in director_client.get(badge_url).content.decode()

    data, errors, _points = evaluate(table, {"arrivals": "AAAAAAAA"})
    first, second = [seat for seat in table.seats.order_by("position")]
    entry.submit(table, first.position, data)
    entry.dispute(table, second.code, "we had more pawns home")
    for url in (f"/director/t/{tournament.slug}/teams/", f"/director/t/{tournament.slug}/rounds/1/",
                f"/director/t/{tournament.slug}/checkin/"):
        page = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert 'data-testid="dispute-badge"' in page and "1 disputed sheet: R1 table 2" in page, url
    assert "data-dispute-sound" in director_client.get(f"/director/t/{tournament.slug}/rounds/1/").content.decode()
    director_client.get(badge_url)  # the session is read once per request: count only the badge's own
    with django_assert_num_queries(5):  # the session, the user, its permission, the tournament, the disputed tables
        polled = director_client.get(badge_url, HTTP_ACCEPT_LANGUAGE="en")
    assert 'data-count="1"' in polled.content.decode()
    assert f'href="/director/t/{tournament.slug}/rounds/1/results/"' in polled.content.decode()
