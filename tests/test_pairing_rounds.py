"""Drawing rounds from the database: the glue between teams, standings and the pure generators,
the draft's flags, swaps and typed arrangements (refused without changing anything), publishing."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import Bye, Round, Table, TableSeat
from tournaments.services.draft import (
    Seating,
    arrangement_text,
    current_seating,
    parse_arrangement,
    publish,
    round_flags,
    set_seating,
    swap_teams,
    unpublish,
)
from tournaments.services.pairing import pair_round, plan_all_rounds
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round


pytestmark = pytest.mark.usefixtures("english")


def seating_of(round_: Round) -> list[set[int]]:
    return [set(table) for table in current_seating(round_).tables]


def play(round_: Round, first_wins: bool = True) -> None:
    publish(round_)
    for table in round_.tables.all():
        record_result(table, {"arrivals": [0] * 8 if first_wins else [1] * 8})


def met_pairs(tournament) -> list[frozenset[int]]:
    pairs = []
    for table in Table.objects.filter(round__tournament=tournament).prefetch_related("seats"):
        ids = [seat.team_id for seat in table.seats.all()]
        pairs += [frozenset((a, b)) for i, a in enumerate(ids) for b in ids[i + 1:]]
    return pairs


def test_three_rounds_from_the_database_never_rematch_and_follow_the_standings(tournament, make_teams):
    teams = make_teams(tournament, 12)
    for _ in range(3):
        round_ = add_round(tournament)
        draw = pair_round(round_)
        assert not draw.rematches and draw.bye is None
        assert sorted(pk for table in seating_of(round_) for pk in table) == sorted(t.pk for t in teams)
        play(round_)
    pairs = met_pairs(tournament)
    assert len(pairs) == len(set(pairs)) == 18
    # Round 2: table 1 seats two winners of round 1 (the first team on every sheet won).
    round1 = Round.objects.get(tournament=tournament, number=1)
    winners = {seat.team_id for seat in TableSeat.objects.filter(round=round1, position=1)}
    round2 = Round.objects.get(tournament=tournament, number=2)
    assert seating_of(round2)[0] <= winners


def test_round_one_is_reproducible_from_the_seed(tournament, make_teams):
    make_teams(tournament, 10)
    round_ = add_round(tournament)
    pair_round(round_)
    first = current_seating(round_).tables
    pair_round(round_)  # a redraw of the same draft gives the same tables
    assert current_seating(round_).tables == first


def test_odd_count_gives_the_bye_or_a_table_of_three(tournament, make_teams):
    make_teams(tournament, 7)
    round_ = add_round(tournament)
    pair_round(round_)
    assert Bye.objects.filter(round=round_).count() == 1 and round_.tables.count() == 3
    assert [flag.kind for flag in round_flags(round_)].count("bye") == 1
    tournament.three_team_table = True
    tournament.save()
    pair_round(round_)
    assert not Bye.objects.filter(round=round_).exists()
    assert sorted(len(t) for t in current_seating(round_).tables) == [2, 2, 3]
    assert [flag.kind for flag in round_flags(round_)].count("three-team") == 1


def test_tables_of_three_tournament(tournament, make_teams):
    tournament.teams_per_table = 3
    tournament.save()
    make_teams(tournament, 9)
    for _ in range(2):
        round_ = add_round(tournament)
        pair_round(round_)
        assert [len(t) for t in current_seating(round_).tables] == [3, 3, 3]
        play(round_)
    pairs = met_pairs(tournament)
    assert len(pairs) == len(set(pairs))


def test_withdrawn_and_not_checked_in_teams_are_left_out_and_late_teams_flagged(tournament, make_teams):
    teams = make_teams(tournament, 6)
    teams[0].withdrawn = True
    teams[0].save()
    round_ = add_round(tournament)
    pair_round(round_)
    placed = set(current_seating(round_).placed())
    assert teams[0].pk not in placed and len(placed) == 5
    late = make_teams(tournament, 1, start=7)[0]
    flags = round_flags(round_)
    assert any(f.kind == "not-placed" and late.name in f.message for f in flags)
    pair_round(round_)  # the redraw takes the late team in
    assert late.pk in current_seating(round_).placed()
    for team in teams[1:4]:
        team.checked_in = True
        team.save()
    pair_round(round_)  # once check-in began, only checked-in teams are drawn
    assert set(current_seating(round_).placed()) == {t.pk for t in teams[1:4]}


def test_drawing_waits_for_missing_results(tournament, make_teams):
    make_teams(tournament, 4)
    round1 = add_round(tournament)
    pair_round(round1)
    publish(round1)
    record_result(round1.tables.first(), {"arrivals": [0]})
    round2 = add_round(tournament)
    with pytest.raises(ValidationError) as error:
        pair_round(round2)
    assert "round 1 table 2" in str(error.value.messages)
    assert not round2.tables.exists()


def test_rematch_flagged_when_unavoidable(tournament, make_teams):
    make_teams(tournament, 2)
    round1 = add_round(tournament)
    pair_round(round1)
    play(round1)
    round2 = add_round(tournament)
    draw = pair_round(round2)
    assert len(draw.rematches) == 1
    assert [f.kind for f in round_flags(round2)] == ["rematch"]


def test_same_club_flag_and_avoidance(tournament, make_teams):
    # make_teams puts team n in "Club n % 3": teams 3 and 6 share a club, as do 1 and 4, 2 and 5.
    make_teams(tournament, 6)
    tournament.avoid_same_club = True
    tournament.save()
    round_ = add_round(tournament)
    pair_round(round_)
    assert not any(f.kind == "same-club" for f in round_flags(round_))


def test_plan_all_rounds_without_rematches(tournament, make_teams):
    make_teams(tournament, 8)
    rounds = plan_all_rounds(tournament)
    assert [r.number for r in rounds] == [1, 2, 3]
    assert all(r.status == "draft" for r in rounds)
    pairs = met_pairs(tournament)
    assert len(pairs) == len(set(pairs)) == 12
    with pytest.raises(ValidationError):
        plan_all_rounds(tournament)


def test_plan_refuses_more_rounds_than_teams_allow(tournament, make_teams):
    make_teams(tournament, 2)
    with pytest.raises(ValidationError) as error:
        plan_all_rounds(tournament)
    assert "2" in error.value.messages[0]
    assert not Round.objects.exists()


# --------------------------------------------------------------------------- swaps and arrangements


@pytest.fixture
def drawn(tournament, make_teams):
    teams = make_teams(tournament, 7)
    round_ = add_round(tournament)
    pair_round(round_)
    return round_, teams


def snapshot(round_: Round):
    return current_seating(round_).tables, current_seating(round_).byes


def test_swap_exchanges_two_places_including_the_bye(drawn):
    round_, teams = drawn
    seating = current_seating(round_)
    a, b = seating.tables[0][0], seating.tables[1][1]
    bye = seating.byes[0]
    team = {t.pk: t for t in teams}
    swap_teams(round_, team[a], team[b])
    after = current_seating(round_)
    assert after.tables[0][0] == b and after.tables[1][1] == a
    swap_teams(round_, team[b], team[bye])
    after = current_seating(round_)
    assert after.tables[0][0] == bye and after.byes == [b]


def test_swaps_that_would_seat_twice_or_drop_a_team_are_refused(drawn, make_teams, tournament):
    round_, teams = drawn
    before = snapshot(round_)
    team = {t.pk: t for t in teams}
    first = team[current_seating(round_).tables[0][0]]
    with pytest.raises(ValidationError) as error:
        swap_teams(round_, first, first)
    assert "two different teams" in error.value.messages[0]
    late = make_teams(tournament, 1, start=8)[0]
    with pytest.raises(ValidationError) as error:
        swap_teams(round_, first, late)
    assert late.name in error.value.messages[0] and "drop" in error.value.messages[0]
    assert snapshot(round_) == before


def test_arrangements_that_seat_twice_or_drop_a_team_are_refused(drawn):
    round_, teams = drawn
    before = snapshot(round_)
    seating = current_seating(round_)
    twice = Seating(tables=[list(t) for t in seating.tables], byes=list(seating.byes))
    dropped = twice.tables[0][1]
    twice.tables[0][1] = twice.tables[1][0]
    with pytest.raises(ValidationError) as error:
        set_seating(round_, twice)
    messages = " ".join(error.value.messages)
    name = {t.pk: t.name for t in teams}
    assert "placed twice" in messages and name[twice.tables[1][0]] in messages
    assert "lose its place" in messages and name[dropped] in messages
    assert snapshot(round_) == before


def test_arrangement_text_round_trips_and_names_bad_lines(drawn):
    round_, _teams = drawn
    text = arrangement_text(round_)
    assert parse_arrangement(round_, text) == current_seating(round_)
    with pytest.raises(ValidationError) as error:
        parse_arrangement(round_, text + "\nfour: 1 2\n9: 99 1")
    assert [m.split(":")[0] for m in error.value.messages] == [f"Line {len(text.splitlines()) + 1}",
                                                              f"Line {len(text.splitlines()) + 2}"]
    lines = text.splitlines()
    lines[0], lines[1] = lines[0].split(":")[0] + ": " + lines[1].split(": ")[1], lines[1].split(":")[0] + ": " + lines[0].split(": ")[1]
    set_seating(round_, parse_arrangement(round_, "\n".join(lines)))
    assert arrangement_text(round_).splitlines()[0].split(": ")[1] == text.splitlines()[1].split(": ")[1]


def test_table_sizes_are_checked(drawn):
    round_, _teams = drawn
    seating = current_seating(round_)
    merged = Seating(tables=[seating.tables[0] + seating.tables[1], *seating.tables[2:]], byes=seating.byes)
    with pytest.raises(ValidationError) as error:
        set_seating(round_, merged)
    assert "Table 1 would seat 4 teams" in error.value.messages[0]


def test_published_rounds_are_fixed_until_returned_to_draft(drawn):
    round_, teams = drawn
    publish(round_)
    team = {t.pk: t for t in teams}
    seating = current_seating(round_)
    with pytest.raises(ValidationError):
        swap_teams(round_, team[seating.tables[0][0]], team[seating.tables[1][0]])
    with pytest.raises(ValidationError):
        pair_round(round_)
    unpublish(round_)
    swap_teams(round_, team[seating.tables[0][0]], team[seating.tables[1][0]])
    publish(round_)
    record_result(round_.tables.first(), {"arrivals": [0]})
    with pytest.raises(ValidationError):
        unpublish(round_)


# --------------------------------------------------------------------------- the director's pages


def test_director_draws_reviews_swaps_and_publishes(director_client, client, tournament, make_teams):
    teams = make_teams(tournament, 7)
    base = f"/director/t/{tournament.slug}/rounds/"
    listing = director_client.get(base, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Draw round 1" in listing and "Plan all 3 rounds at once" in listing
    director_client.post(base + "add/")
    round_ = Round.objects.get(tournament=tournament, number=1)
    assert round_.tables.count() == 3 and round_.byes.count() == 1
    page = director_client.get(base + "1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'class="flag-bye"' in page and "Publish" in page
    assert client.get(f"/t/{tournament.slug}/rounds/1/tables/1/").status_code == 404

    before = snapshot(round_)
    refused = director_client.post(base + "1/swap/", {"first": teams[0].pk, "second": teams[0].pk},
                                   follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert "Choose two different teams to swap." in refused.content.decode()
    assert snapshot(round_) == before
    seating = current_seating(round_)
    a, b = seating.tables[0][0], seating.tables[2][1]
    director_client.post(base + "1/swap/", {"first": a, "second": b})
    assert current_seating(round_).tables[0][0] == b

    text = arrangement_text(round_)
    first_line = text.splitlines()[0]
    broken = text.replace(first_line, first_line.split(":")[0] + ": " + first_line.split(": ")[1].split()[0], 1)
    page = director_client.post(base + "1/arrangement/", {"arrangement": broken}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 422 and "would lose its place" in page.content.decode()
    assert current_seating(round_).tables[0][0] == b

    director_client.post(base + "1/publish/")
    round_.refresh_from_db()
    assert round_.status == "published"
    assert client.get(f"/t/{tournament.slug}/rounds/1/tables/1/").status_code == 200
    page = director_client.get(base + "1/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Start the clock (45 min)" in page and "Back to draft" in page


def test_round_page_queries_do_not_grow_with_tables(director_client, tournament, make_teams,
                                                    django_assert_max_num_queries):
    make_teams(tournament, 60)
    round_ = add_round(tournament)
    pair_round(round_)
    with django_assert_max_num_queries(25):
        director_client.get(f"/director/t/{tournament.slug}/rounds/1/")


def test_plan_button(director_client, tournament, make_teams):
    make_teams(tournament, 6)
    director_client.post(f"/director/t/{tournament.slug}/rounds/plan/")
    assert Round.objects.filter(tournament=tournament).count() == 3
