"""The public lookups of tournaments/views/lookups.py find what the ORM's lookups find, in one query
each: the public tournament with the same fields, the frozen standings parsed when read, nothing
hidden; a table link's table with the seats, players and sheets ``with_sheets`` reads, in four."""

from __future__ import annotations

import pytest
from django.http import Http404

from tournaments.models import Tournament
from tournaments.views.lookups import public_tournament_or_404


@pytest.mark.django_db
def test_the_same_tournament_as_the_orm_finds(tournament):
    tournament.frozen_standings = {"tournament": tournament.slug, "after_round": 0, "standings": []}
    tournament.save()
    found = public_tournament_or_404(tournament.slug)
    orm = Tournament.objects.get(pk=tournament.pk)
    assert found.pk == orm.pk and found._state.db == "default" and not found._state.adding
    for field in Tournament._meta.concrete_fields:
        assert getattr(found, field.attname) == getattr(orm, field.attname), field.name
    assert found.frozen_standings["standings"] == []


@pytest.mark.django_db
def test_hidden_practice_and_unknown_are_not_there(tournament):
    with pytest.raises(Http404):
        public_tournament_or_404("no-such-slug")
    with pytest.raises(Http404):
        public_tournament_or_404("x'; DROP TABLE tournaments_tournament; --")
    Tournament.objects.filter(pk=tournament.pk).update(hidden=True)
    with pytest.raises(Http404):
        public_tournament_or_404(tournament.slug)
    Tournament.objects.filter(pk=tournament.pk).update(hidden=False, practice=True)
    with pytest.raises(Http404):
        public_tournament_or_404(tournament.slug)


@pytest.mark.django_db
def test_the_public_tournament_is_one_query(tournament, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert public_tournament_or_404(tournament.slug).pk == tournament.pk
    with django_assert_num_queries(1), pytest.raises(Http404):
        public_tournament_or_404("other")


def _read(table):
    """What a page reads of a table: the seats with teams, clubs and players, and the sheets."""
    return (table.round.tournament.slug, table.round.number,
            [(seat.position, seat.member, seat.team.name, seat.team.club and seat.team.club.name,
              seat.team.player_names, seat.table is table) for seat in table.seats.all()],
            [(sheet.version, sheet.sheet, sheet.created_by_id) for sheet in table.results.all()])


@pytest.mark.django_db
def test_a_table_link_reads_what_with_sheets_reads(tournament, published_round, django_assert_num_queries):
    from tournaments.models import Table
    from tournaments.services.results import record_result
    from tournaments.views.lookups import link_table

    round_ = published_round(tournament, 4)
    table = round_.tables.order_by("number").first()
    record_result(table, {"arrivals": [1] * 8})
    record_result(table, {"arrivals": [0] * 8}, reason="typo", expected_version=1)
    orm = Table.objects.select_related("round__tournament").with_sheets().get(pk=table.pk)
    with django_assert_num_queries(4):
        found = link_table(table.token)
        read = _read(found)
    assert read == _read(orm) and found.pk == table.pk and len(read[2]) == 2 and len(read[3]) == 2
    Tournament.objects.filter(pk=tournament.pk).update(practice=True)
    assert link_table(table.token) is None and link_table("no-such-link") is None
