"""Every director URL keeps out anonymous visitors and logged-in non-directors.

The URL patterns are enumerated from the resolver, so a new director page is covered the day
it is added.
"""

from __future__ import annotations

import pytest
from django.urls import URLPattern, URLResolver, reverse

from tournaments.models import Round, Table
from tournaments.urls import director_patterns


def _walk(patterns, prefix=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern


def director_urls(tournament, team) -> list[str]:
    """Every director URL, with real values for its parameters."""
    patterns, namespace = director_patterns
    values = {"slug": tournament.slug, "pk": team.pk, "number": 1, "table": 1, "seat": 1}
    found = []
    for _route, pattern in _walk(patterns):
        converters = pattern.pattern.converters
        # A download names its exporter: one of the round's files for round URLs, else the tournament's.
        kwargs = {key: values.get(key, "table-cards-pdf" if "number" in converters else "standings-pdf")
                  for key in converters}
        found.append(reverse(f"{namespace}:{pattern.name}", kwargs=kwargs))
    return sorted(found)


@pytest.fixture
def urls(tournament, make_teams):
    team = make_teams(tournament, 1)[0]
    round1 = Round.objects.create(tournament=tournament, number=1)
    Table.objects.create(round=round1, number=1)
    found = director_urls(tournament, team)
    assert len(found) == len(director_patterns[0]) >= 10
    return found


def test_anonymous_visitors_are_sent_to_the_login_page(client, urls):
    for url in urls:
        for method in (client.get, client.post):
            response = method(url)
            assert response.status_code == 302, (method.__name__, url)
            assert response["Location"].startswith("/login/?next="), url


def test_logged_in_non_directors_are_refused(client, player_user, urls):
    client.force_login(player_user)
    for url in urls:
        for method in (client.get, client.post):
            assert method(url).status_code == 403, (method.__name__, url)


def test_directors_get_in(director_client, urls):
    for url in urls:
        response = director_client.get(url)
        assert response.status_code in (200, 302, 405), url
        if response.status_code == 302:
            assert not response["Location"].startswith("/login/"), url


def test_staff_without_the_director_group_is_refused(client, django_user_model, tournament):
    staff = django_user_model.objects.create_user("staff", password="x", is_staff=True)
    client.force_login(staff)
    assert client.get(f"/director/t/{tournament.slug}/teams/").status_code == 403


def test_admin_registers_every_model():
    from django.apps import apps
    from django.contrib import admin

    for model in apps.get_app_config("tournaments").get_models():
        assert admin.site.is_registered(model), model


@pytest.mark.django_db
def test_who_directs_is_what_has_perm_says_in_one_query(django_assert_num_queries):
    """is_director answers as Django's model backend does (the group, the permission given to the
    user alone, an active superuser; never an inactive user), with one query, once per request."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import AnonymousUser, Permission

    from tournaments.permissions import DIRECTOR_PERMISSION, directors_group, is_director

    users = get_user_model().objects
    in_group = users.create_user("in-group")
    in_group.groups.add(directors_group())
    alone = users.create_user("alone")
    alone.user_permissions.add(Permission.objects.get(codename="direct_tournament"))
    cases = [in_group, alone, users.create_user("player"), users.create_superuser("admin"),
             users.create_user("gone", is_active=False)]
    cases[-1].groups.add(directors_group())
    for user in cases:
        expected = users.get(pk=user.pk).has_perm(DIRECTOR_PERMISSION)
        fresh = users.get(pk=user.pk)
        with django_assert_num_queries(0 if fresh.is_superuser or not fresh.is_active else 1):
            assert is_director(fresh) == is_director(fresh) == expected
    assert is_director(AnonymousUser()) is False
