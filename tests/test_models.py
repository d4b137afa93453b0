"""Database constraints: what must be unique stays unique, whatever writes it."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import translation

from engine.house_rules import DEFAULTS
from tournaments.models import Club, Player, Team, Tournament


def _team(tournament, number, name):
    return Team.objects.create(tournament=tournament, number=number, name=name)


def test_team_number_unique_per_tournament(tournament):
    _team(tournament, 1, "De Kezers")
    with pytest.raises(IntegrityError), transaction.atomic():
        _team(tournament, 1, "Pionnen")


def test_team_name_unique_per_tournament_ignoring_case(tournament):
    _team(tournament, 1, "De Kezers")
    with pytest.raises(IntegrityError), transaction.atomic():
        _team(tournament, 2, "de kezers")


def test_same_name_and_number_allowed_in_another_tournament(tournament):
    other = Tournament.objects.create(name="Other", slug="other", date=datetime.date(2026, 12, 1))
    _team(tournament, 1, "De Kezers")
    _team(other, 1, "De Kezers")
    assert Team.objects.filter(name="De Kezers").count() == 2


def test_full_clean_names_the_duplicate(tournament):
    _team(tournament, 1, "De Kezers")
    with translation.override("en"), pytest.raises(ValidationError) as error:
        Team(tournament=tournament, number=2, name="DE KEZERS").full_clean()
    assert error.value.messages == ["This tournament already has a team with this name."]


def test_a_team_has_at_most_two_seats(tournament):
    team = _team(tournament, 1, "De Kezers")
    Player.objects.create(team=team, seat=1, name="Anna")
    Player.objects.create(team=team, seat=2, name="Bram")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(team=team, seat=2, name="Carla")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(team=team, seat=3, name="Dirk")


def test_team_number_must_be_positive(tournament):
    with pytest.raises(IntegrityError), transaction.atomic():
        _team(tournament, 0, "Nul")


def test_teams_per_table_is_two_or_three(tournament):
    tournament.teams_per_table = 4
    with pytest.raises(IntegrityError), transaction.atomic():
        tournament.save()


def test_club_names_unique_ignoring_case(db):
    Club.objects.create(name="KC Noord")
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.create(name="kc noord")


def test_slug_unique(tournament):
    with pytest.raises(IntegrityError), transaction.atomic():
        Tournament.objects.create(name="Copy", slug=tournament.slug, date=tournament.date)


def test_defaults_follow_the_specs(tournament):
    assert tournament.rounds == 3
    assert tournament.round_minutes == 45
    assert tournament.teams_per_table == 2
    assert tournament.scoring_system == "pawn-order"
    assert tournament.house_rules == DEFAULTS
    assert tournament.house_rules.as_json() == {
        "jack_partner": True, "jack_own_start": True, "self_capture": "forced",
        "home_entry": "forced", "seven_partner_remainder": True, "seven_max_pawns": 2,
    }


def test_seed_is_drawn_and_stored(db):
    first = Tournament.objects.create(name="A", slug="a", date=datetime.date(2026, 1, 1))
    second = Tournament.objects.create(name="B", slug="b", date=datetime.date(2026, 1, 1))
    assert first.seed > 0 and second.seed > 0
    first.refresh_from_db()
    assert first.seed == Tournament.objects.get(slug="a").seed


def test_str_of_every_model(tournament, make_teams):
    team = make_teams(tournament, 1)[0]
    assert str(tournament) == "Keezen Cup 2026 (2026-11-21)"
    assert str(team) == "1. Team 1"
    assert str(team.players.first()) == "Speler 1a"
    assert str(team.club) == "Club 1"
