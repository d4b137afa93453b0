"""The public tournament lookup with its SQL compiled once (tournaments/precompiled.py) finds what
the ORM's lookup finds: the same fields, the frozen standings parsed when read, nothing hidden."""

from __future__ import annotations

import pytest
from django.http import Http404

from tournaments.models import Tournament
from tournaments.precompiled import Precompiled
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
def test_the_sql_is_compiled_once(tournament, django_assert_num_queries):
    lookup = Precompiled(lambda slug: Tournament.objects.filter(slug=slug))
    assert lookup(tournament.slug).pk == tournament.pk
    compiled = dict(lookup._compiled)
    with django_assert_num_queries(1):
        assert lookup(tournament.slug).pk == tournament.pk
    assert lookup._compiled == compiled and lookup("other") is None
