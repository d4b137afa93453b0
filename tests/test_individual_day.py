"""An individual tournament's day through the services: the draw writes pairs as sides of tables,
every seat has a code, the sheets score per player in all three systems, byes rotate, and bad
requests are refused with a message and nothing written (issue 17)."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import Bye, DrawMode, Entry, ResultState, Round, Table, TableSeat, Tournament
from tournaments.services import draft, pairing, rounds, table_entry
from tournaments.services.results import record_result
from tournaments.services.seating import sides
from tournaments.services.standings import standings
from tournaments.services.teams import TeamData, register_teams

pytestmark = pytest.mark.usefixtures("english")


def individual(players: int, system: str = "pawns-2pt", rounds_: int = 3, six: bool = False,
               mode: str = DrawMode.PLANNED) -> Tournament:
    tournament = Tournament.objects.create(
        name="Individueel", slug=f"individueel-{players}-{system}", date=datetime.date(2026, 11, 25), seed=7,
        entry=Entry.INDIVIDUAL, scoring_system=system, rounds=rounds_, three_team_table=six, draw_mode=mode,
    )
    register_teams(tournament, [TeamData(name=f"Speler {n:02d}", players=(f"Speler {n:02d}",))
                                for n in range(1, players + 1)])
    return tournament


def table(round_: Round, number: int = 1) -> Table:
    return Table.objects.with_seats().select_related("round__tournament").get(round=round_, number=number)


@pytest.mark.django_db
def test_a_drawn_round_seats_pairs_with_a_code_each():
    tournament = individual(9)
    round_ = rounds.add_round(tournament)
    pairing.pair_round(round_)
    seats = list(TableSeat.objects.filter(round=round_))
    assert len(seats) == 8 and Bye.objects.filter(round=round_).count() == 1
    assert len({seat.code for seat in seats}) == len(seats)  # a code per player, all different
    first = sides(table(round_))
    assert [side.position for side in first] == [1, 2]
    assert all(side.pair and len(side.players) == 2 for side in first)
    assert [player.board_seat for player in first[0].players] == [0, 2]  # partners opposite
    assert first[0].name == " & ".join(team.name for team in first[0].teams)


@pytest.mark.django_db
def test_a_six_player_board_takes_two_spare_players():
    tournament = individual(10, six=True)
    round_ = rounds.add_round(tournament)
    drawn = pairing.pair_round(round_)
    assert [len(t.players) for t in drawn.tables] == [4, 6] and drawn.byes == ()
    six = sides(table(round_, 2))
    assert len(six) == 3 and [p.board_seat for p in six[2].players] == [2, 5]


@pytest.mark.parametrize("system, sheet, points", [
    ("pawn-order", {"arrivals": [0, 0, 1, 0, 0, 0, 0, 0, 0]}, (1060, 1060, 130, 130)),
    ("pawns-2pt", {"pawns_home": [8, 5]}, (13, 13, 5, 5)),
    ("individual-11", {"home": [[[4, 3, 2, 1], [4, 3, 2, 1]], [[4, 3], [2]]]}, (11, 11, 7, 2)),
    ("pawns-2pt", {"forfeit": 1}, (13, 13, 0, 0)),
])
@pytest.mark.django_db
def test_each_player_scores_their_share(system, sheet, points):
    tournament = individual(8, system, rounds_=2)
    round_ = rounds.add_round(tournament)
    pairing.pair_round(round_)
    found = table(round_)
    record_result(found, sheet)
    players = [team for side in sides(found) for team in side.teams]
    by_key = {row.key: row for row in standings(tournament).rows}
    assert tuple(by_key[f"P{team.number}"].rounds[0] for team in players) == points
    assert all(row.player for row in by_key.values())


@pytest.mark.django_db
def test_by_standings_and_byes_rotate_over_a_whole_evening():
    tournament = individual(9, rounds_=4, mode=DrawMode.STANDINGS)
    partners: set[frozenset[int]] = set()
    for number in range(1, 5):
        round_ = rounds.add_round(tournament)
        pairing.pair_round(round_)
        for found in Table.objects.filter(round=round_).with_seats().select_related("round__tournament"):
            for side in sides(found):
                pair = frozenset(team.pk for team in side.teams)
                assert pair not in partners
                partners.add(pair)
            record_result(found, {"pawns_home": [8, number % 8]})
        round_.status = "finished"
        round_.save()
    assert Bye.objects.filter(round__tournament=tournament).values("team").distinct().count() == 4
    assert len(standings(tournament).rows) == 9


@pytest.mark.django_db
def test_planned_rounds_at_once_and_too_many_rounds_refused():
    tournament = individual(10, rounds_=6)
    with pytest.raises(ValidationError) as error:
        pairing.plan_all_rounds(tournament)
    assert "10 players can play at most 5 rounds" in error.value.messages[0]
    assert not tournament.round_set.exists()
    tournament.rounds = 5
    tournament.save()
    planned = pairing.plan_all_rounds(tournament)
    assert len(planned) == 5 and Bye.objects.filter(round__tournament=tournament).count() == 10


@pytest.mark.django_db
def test_fewer_than_four_players_refused():
    tournament = individual(3)
    round_ = rounds.add_round(tournament)
    with pytest.raises(ValidationError) as error:
        pairing.pair_round(round_)
    assert "At least 4 present players" in error.value.messages[0]
    assert not TableSeat.objects.filter(round=round_).exists()


@pytest.mark.django_db
def test_a_partners_code_is_their_own_and_an_opponents_code_confirms():
    tournament = individual(8)
    round_ = rounds.add_round(tournament)
    pairing.pair_round(round_)
    round_.status = "published"
    round_.save()
    found = table(round_)
    first, second = sides(found)
    table_entry.submit(found, 1, {"pawns_home": [8, 3]})
    with pytest.raises(ValidationError):
        table_entry.confirm(table(round_), first.codes[1], guesser="phone")
    table_entry.confirm(table(round_), second.codes[1], guesser="phone")
    assert table(round_).current_sheet.state == ResultState.CONFIRMED


@pytest.mark.django_db
def test_draft_swap_and_arrangement_keep_pairs():
    tournament = individual(8)
    round_ = rounds.add_round(tournament)
    pairing.pair_round(round_)
    seating = draft.current_seating(round_)
    assert [len(t) for t in seating.tables] == [4, 4]
    a, b = seating.tables[0][0], seating.tables[1][0]
    teams = {team.pk: team for team in tournament.teams.all()}
    draft.swap_teams(round_, teams[a], teams[b])
    assert draft.current_seating(round_).tables[0][0] == b
    with pytest.raises(ValidationError) as error:
        draft.set_seating(round_, draft.Seating(tables=[seating.tables[0][:3], seating.tables[1] + [seating.tables[0][3]]]))
    assert "would seat 3 players" in " ".join(error.value.messages)


@pytest.mark.django_db
def test_route_cards_of_a_planned_evening():
    from tournaments.exporters.route_cards import route_cards, route_cards_pdf

    tournament = individual(9, rounds_=3)
    pairing.plan_all_rounds(tournament)
    cards = route_cards(tournament)
    assert len(cards) == 9 and all(len(card.lines) == 3 for card in cards)
    assert sum(line.table is None for card in cards for line in card.lines) == 3  # one bye a round
    played = [line for card in cards for line in card.lines if line.table]
    assert all(line.partner and len(line.opponents) == 2 for line in played)
    assert route_cards_pdf(tournament).startswith(b"%PDF")


@pytest.mark.django_db
def test_by_standings_cannot_be_planned_at_once():
    tournament = individual(8, mode=DrawMode.STANDINGS)
    with pytest.raises(ValidationError) as error:
        pairing.plan_all_rounds(tournament)
    assert "from the standings" in error.value.messages[0]


@pytest.mark.django_db
def test_the_round_papers_name_every_player_with_their_own_code():
    import io

    import pypdf

    from tournaments.exporters import round_pdfs

    def text(content: bytes) -> str:
        return " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(content)).pages).split())

    tournament = individual(9, "individual-11")
    round_ = rounds.add_round(tournament)
    pairing.pair_round(round_)
    first, second = sides(table(round_))
    cards = text(round_pdfs.table_cards_pdf(round_))
    for side in (first, second):
        for team, code in zip(side.teams, side.codes):
            assert f"Player {team.number} · code {code}" in cards
    assert f"The pair {first.numbers} deals first" in cards
    lines = {line.team.pk: line for line in round_pdfs.team_lines(round_)}
    me, partner = first.teams
    assert lines[me.pk].partners == (partner.name,)
    assert lines[me.pk].opponents == tuple(f"{team.number}. {team.name}" for team in second.teams)
    wall = text(round_pdfs.wall_by_team_pdf(round_))
    assert f"with {partner.name}" in wall
    codes = round_pdfs.code_lines(round_)
    assert len([line for line in codes if not line.bye]) == 8 and len({line.code for line in codes if line.code}) == 8


@pytest.mark.django_db
def test_byes_corrections_and_the_freeze_work_per_player():
    from tournaments.services.standings import public_standings, set_frozen

    tournament = individual(9, rounds_=2)
    for number, pawns in ((1, [8, 2]), (2, [4, 8])):
        round_ = rounds.add_round(tournament)
        pairing.pair_round(round_)
        for found in Table.objects.filter(round=round_).with_seats().select_related("round__tournament"):
            record_result(found, {"pawns_home": pawns})
    corrected = table(round_)
    record_result(corrected, {"pawns_home": [8, 0]}, reason="typed the wrong table")
    live = standings(tournament)
    rows = {row.key: row for row in live.rows}
    bye = Bye.objects.get(round__number=2, round__tournament=tournament).team
    own = rows[f"P{bye.number}"]
    assert own.bye_round == 2 and own.rounds[1] == own.rounds[0]  # the average of the player's own rounds
    for team in (team for side in sides(corrected) for team in side.teams):
        assert rows[f"P{team.number}"].corrected == (2,)
    set_frozen(tournament, True)
    tournament.refresh_from_db()
    frozen = public_standings(tournament)
    assert frozen.frozen and [(r.key, r.player, r.points) for r in frozen.rows] == \
        [(r.key, r.player, r.points) for r in live.rows]
    assert tournament.frozen_standings["standings"][0]["id"].startswith("P")


@pytest.mark.django_db
def test_a_practice_run_of_an_individual_evening():
    from tournaments.services import rehearsal

    tournament = individual(9, "individual-11", rounds_=3)
    pairing.plan_all_rounds(tournament)
    summary = rehearsal.start(tournament)
    copy = summary.tournament
    assert copy.practice and copy.individual and summary.rounds == 3 and summary.byes == 3
    assert summary.sheets == 6 and len(standings(copy).rows) == 9
    assert not results_of(tournament)  # the tournament itself does not change


def results_of(tournament: Tournament) -> list:
    from tournaments.models import Result

    return list(Result.objects.filter(table__round__tournament=tournament))


@pytest.mark.django_db
def test_a_withdrawal_on_a_planned_day_redraws_the_remaining_rounds(director_client):
    tournament = individual(9, rounds_=4)
    pairing.plan_all_rounds(tournament)
    first = tournament.round_set.get(number=1)
    draft.publish(first)
    gone = tournament.teams.get(number=5)
    gone.withdrawn = True
    gone.save()
    response = director_client.get(f"/director/t/{tournament.slug}/rounds/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Draw rounds 2 to 4 again for the players present" in response.content.decode()
    response = director_client.post(f"/director/t/{tournament.slug}/rounds/plan/", HTTP_ACCEPT_LANGUAGE="en",
                                    follow=True)
    assert "Rounds 2 to 4 drawn again" in response.content.decode()
    for number in (2, 3, 4):
        seated = set(TableSeat.objects.filter(round__tournament=tournament, round__number=number)
                     .values_list("team_id", flat=True))
        assert gone.pk not in seated and len(seated) == 8  # 8 players: two tables, nobody sits out
    flags = draft.round_flags(tournament.round_set.get(number=3))
    assert not [flag for flag in flags if flag.kind in ("partners-again", "withdrawn", "not-placed")]


@pytest.mark.django_db
def test_no_round_beyond_the_tournaments_rounds(director_client):
    tournament = individual(8, rounds_=1)
    pairing.plan_all_rounds(tournament)
    page = director_client.get(f"/director/t/{tournament.slug}/rounds/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Draw round 2" not in page and 'data-testid="all-rounds-drawn"' in page
    response = director_client.post(f"/director/t/{tournament.slug}/rounds/add/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 409 and tournament.round_set.count() == 1


def all_partners(tournament: Tournament) -> list[frozenset[int]]:
    found = []
    for earlier in pairing.individual_history(tournament, except_round=0):
        found += [frozenset(int(p) for p in pair) for t in earlier.tables for pair in t.pairs]
    return found


@pytest.mark.parametrize("players, rounds_", [(9, 8), (10, 5), (11, 3), (12, 4), (13, 6)])
@pytest.mark.django_db
def test_redrawing_one_round_of_a_planned_day_keeps_clear_of_the_later_rounds(director_client, players, rounds_):
    tournament = individual(players, rounds_=rounds_)
    pairing.plan_all_rounds(tournament)
    draft.publish(tournament.round_set.get(number=1))
    response = director_client.post(f"/director/t/{tournament.slug}/rounds/2/draw/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code in (302, 409), response.content[:300]
    partners = all_partners(tournament)
    assert len(partners) == len(set(partners))
    byes = list(Bye.objects.filter(round__tournament=tournament).values_list("team_id", flat=True))
    assert len(byes) == len(set(byes))


@pytest.mark.django_db
def test_a_withdrawal_mid_day_checks_only_the_rounds_left():
    tournament = individual(12, rounds_=5, mode=DrawMode.STANDINGS)
    for number in range(1, 4):
        round_ = rounds.add_round(tournament)
        pairing.pair_round(round_)
        for found in Table.objects.filter(round=round_).with_seats().select_related("round__tournament"):
            record_result(found, {"pawns_home": [8, number]})
    gone = tournament.teams.get(number=3)
    gone.withdrawn = True
    gone.save()
    for number in (4, 5):  # 11 players: three sit out each round, never one who sat out before
        drawn = pairing.pair_round(rounds.add_round(tournament))
        assert len(drawn.byes) == 3 and str(gone.pk) not in drawn.player_ids
        for found in Table.objects.filter(round__tournament=tournament, round__number=number).with_seats() \
                .select_related("round__tournament"):
            record_result(found, {"pawns_home": [8, 1]})
    partners = all_partners(tournament)
    assert len(partners) == len(set(partners))
