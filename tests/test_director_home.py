"""``/director/t/<slug>/`` opens the tournament where the list of tournaments does (issue 34: an
address cut short to the tournament's own lands somewhere, not on a 404)."""

from __future__ import annotations

from django.test import Client

from tests.conftest import new_tournament


def test_the_tournaments_own_address_opens_its_teams(director_client, tournament):
    response = director_client.get(f"/director/t/{tournament.slug}/")
    assert response.status_code == 302 and response["Location"] == f"/director/t/{tournament.slug}/teams/"


def test_a_practice_run_opens_its_own_page(director_client, db):
    practice = new_tournament(name="Practice", slug="practice-run", practice=True)
    response = director_client.get(f"/director/t/{practice.slug}/")
    assert response.status_code == 302 and response["Location"] == f"/director/t/{practice.slug}/practice-run/"


def test_an_unknown_tournament_is_404_and_a_visitor_is_sent_to_log_in(director_client, tournament):
    assert director_client.get("/director/t/no-such-tournament/").status_code == 404
    response = Client().get(f"/director/t/{tournament.slug}/")
    assert response.status_code == 302 and response["Location"].startswith("/login/")
