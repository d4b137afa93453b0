"""Knock-out finals after the Swiss rounds (issue 35): the bracket from the standings, each next stage
from the sheets, play-offs and a consolation bracket, level finals by each rule, and the final
ranking above the Swiss standings everywhere."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.conftest import new_teams, new_tournament
from tests.test_tournament_file import same_day
from tournaments.models import Finals, Round, RoundStatus
from tournaments.services import bracket as bracket_services
from tournaments.services import clock as clock_services
from tournaments.services.draft import publish
from tournaments.services.finals import FinalsSetup, advance, ranked_teams, start_finals
from tournaments.services.pairing import pair_round
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round
from tournaments.services.standings import standings

pytestmark = pytest.mark.usefixtures("english")


def play(round_: Round, sheet_of=None) -> None:
    """Publish ``round_``, start its clock and enter a sheet at every table: by default the team first
    on the sheet wins 8 pawns against as many as its table number (less 1, at most 7)."""
    if round_.status == RoundStatus.DRAFT:
        publish(round_)
    clock_services.start(round_)
    for table in round_.tables.order_by("number"):
        sheet = sheet_of(table) if sheet_of else {"pawns_home": [8, min(table.number - 1, 7)]}
        record_result(table, sheet)


def swiss_day(teams: int = 12, rounds: int = 2, sheet_of=None, **fields):
    """A tournament (2 points a pawn unless ``fields`` say otherwise) whose Swiss rounds are played."""
    tournament = new_tournament(**{"scoring_system": "pawns-2pt", "rounds": rounds, **fields})
    new_teams(tournament, teams)
    for _number in range(rounds):
        round_ = add_round(tournament)
        pair_round(round_)
        play(round_, sheet_of)
    return tournament


def drive_day(teams: int, sheet_of=lambda table: {"totals": [1600, 1000]}):
    """A Klaverjassen drive of 16 deals whose one Swiss round is played."""
    return swiss_day(teams, rounds=1, sheet_of=sheet_of, scoring_system="klaverjas", deals=16, name="Drive",
                     slug="drive")


def matches_of(round_: Round) -> list[tuple[tuple[int, int], list[int], int]]:
    """Each table of a finals round: the places it plays for, its teams' pks, its number."""
    return [((table.final_match.low, table.final_match.high),
             [seat.team_id for seat in table.seats.order_by("position")], table.number)
            for table in round_.tables.select_related("final_match").order_by("number")]


@pytest.mark.django_db
def test_finals_of_4_with_play_offs_and_a_consolation_bracket():
    tournament = swiss_day(12)
    ranked = ranked_teams(tournament)
    first = start_finals(tournament, FinalsSetup(size=4, playoffs=True, consolation_size=4, consolation_count=1))
    assert first.final and first.status == RoundStatus.DRAFT and first.number == 3
    assert [(places, teams) for places, teams, _n in matches_of(first)] == [
        ((1, 4), [ranked[0], ranked[3]]), ((1, 4), [ranked[1], ranked[2]]),
        ((5, 8), [ranked[4], ranked[7]]), ((5, 8), [ranked[5], ranked[6]]),
    ]
    with pytest.raises(ValidationError, match="4 finals are still to be played"):
        advance(tournament)
    play(first)  # the better seed, first on the sheet, wins every match
    second = advance(tournament)
    assert [(places, teams) for places, teams, _n in matches_of(second)] == [
        ((1, 2), [ranked[0], ranked[1]]), ((3, 4), [ranked[2], ranked[3]]),  # the better seed first, as in round 3
        ((5, 6), [ranked[4], ranked[5]]), ((7, 8), [ranked[6], ranked[7]]),
    ]
    assert standings(tournament).final_rows == ()  # not over yet: no final ranking
    play(second, lambda table: {"pawns_home": [3, 8]})  # the second on each sheet wins
    with pytest.raises(ValidationError, match="The finals are over"):
        advance(tournament)
    report = standings(tournament)
    order = [ranked[1], ranked[0], ranked[3], ranked[2], ranked[5], ranked[4], ranked[7], ranked[6]]
    assert [row.team.pk for row in report.final_rows[:8]] == order
    assert [row.rank for row in report.final_rows] == list(range(1, 13))
    assert [row.team.pk for row in report.final_rows[8:]] == ranked[8:]
    assert [row.team.pk for row in report.rows] == ranked  # the Swiss standings stay as they were
    assert report.placed_rows == report.final_rows
    data = report.as_json()
    assert [entry["rank"] for entry in data["final_ranking"]] == list(range(1, 13))
    assert len(data["standings"][0]["rounds"]) == 2  # the finals are no Swiss round


@pytest.mark.django_db
def test_finals_of_8_without_play_offs_share_the_places_down_the_bracket():
    tournament = swiss_day(10, rounds=3)
    ranked = ranked_teams(tournament)
    first = start_finals(tournament, FinalsSetup(size=8, playoffs=False))
    assert [teams for _p, teams, _n in matches_of(first)] == [
        [ranked[0], ranked[7]], [ranked[3], ranked[4]], [ranked[1], ranked[6]], [ranked[2], ranked[5]]]
    play(first)
    semis = advance(tournament)
    assert [(places, teams) for places, teams, _n in matches_of(semis)] == [
        ((1, 4), [ranked[0], ranked[3]]), ((1, 4), [ranked[1], ranked[2]])]
    play(semis)
    final = advance(tournament)
    assert [(places, teams) for places, teams, _n in matches_of(final)] == [((1, 2), [ranked[0], ranked[1]])]
    play(final)
    rows = standings(tournament).final_rows
    assert [(row.rank, row.team.pk) for row in rows[:8]] == [
        (1, ranked[0]), (2, ranked[1]), (3, ranked[2]), (3, ranked[3]),
        (5, ranked[4]), (5, ranked[5]), (5, ranked[6]), (5, ranked[7])]
    assert [row.rank for row in rows[8:]] == [9, 10]


@pytest.mark.django_db
def test_finals_of_8_with_play_offs_decide_every_place():
    tournament = swiss_day(8, rounds=2)
    ranked = ranked_teams(tournament)
    play(start_finals(tournament, FinalsSetup(size=8)))
    play(advance(tournament))
    last = advance(tournament)
    assert [places for places, _t, _n in matches_of(last)] == [(1, 2), (3, 4), (5, 6), (7, 8)]
    play(last)
    rows = standings(tournament).final_rows
    assert [row.rank for row in rows] == list(range(1, 9))
    assert [row.team.pk for row in rows][:4] == ranked[:4]


@pytest.mark.django_db
def test_a_level_final_goes_to_the_most_pawns_then_to_a_lot_drawn_from_the_seed():
    tournament = swiss_day(4)
    first = start_finals(tournament, FinalsSetup(size=2))
    play(first, lambda table: {"pawns_home": [5, 5], "stopped_by_clock": True})
    found = bracket_services.bracket(tournament)
    match = found.stages[0][0]
    assert match.by == bracket_services.LOT and match.winner in (0, 1)
    assert bracket_services.bracket(tournament).stages[0][0].winner == match.winner  # the same lot every time
    rows = standings(tournament).final_rows
    assert rows[0].team.pk == match.teams[match.winner]
    assert "by lot" in match.decided_by


@pytest.mark.django_db
def test_a_level_final_under_the_replay_rule_is_played_again():
    tournament = swiss_day(4)
    ranked = ranked_teams(tournament)
    first = start_finals(tournament, FinalsSetup(size=2, level_rule="replay"))
    play(first, lambda table: {"pawns_home": [5, 5], "stopped_by_clock": True})
    assert bracket_services.bracket(tournament).replays_due
    assert standings(tournament).final_rows == ()
    replay = advance(tournament)
    assert [(places, teams) for places, teams, _n in matches_of(replay)] == [((1, 2), [ranked[0], ranked[1]])]
    assert replay.tables.get().final_match.replay_of == first.tables.get().final_match
    play(replay, lambda table: {"pawns_home": [4, 8]})
    rows = standings(tournament).final_rows
    assert [row.team.pk for row in rows[:2]] == [ranked[1], ranked[0]]
    with pytest.raises(ValidationError, match="The finals are over"):
        advance(tournament)


@pytest.mark.django_db
def test_finals_are_refused_before_the_swiss_rounds_are_complete_and_when_too_large():
    tournament = new_tournament(scoring_system="pawns-2pt", rounds=2)
    new_teams(tournament, 6)
    round_ = add_round(tournament)
    pair_round(round_)
    with pytest.raises(ValidationError) as refused:
        start_finals(tournament, FinalsSetup(size=4))
    assert "drawn so far: 1 of 2" in str(refused.value) and "Round 1 is a draft" in str(refused.value)
    play(round_)
    second = add_round(tournament)
    pair_round(second)
    publish(second)
    with pytest.raises(ValidationError, match="3 tables of the Swiss rounds are still open"):
        start_finals(tournament, FinalsSetup(size=4))
    play(second)
    with pytest.raises(ValidationError, match="need 8 teams, but only 6 teams played"):
        start_finals(tournament, FinalsSetup(size=8))
    with pytest.raises(ValidationError, match="need 8 teams"):
        start_finals(tournament, FinalsSetup(size=4, consolation_count=1))
    assert not Finals.objects.exists() and Round.objects.filter(final=True).count() == 0
    start_finals(tournament, FinalsSetup(size=4))
    with pytest.raises(ValidationError, match="have started already"):
        start_finals(tournament, FinalsSetup(size=2))


@pytest.mark.django_db
def test_the_finals_go_with_the_tournament_file_byte_for_byte():
    import json

    from tournaments.services.tournament_file import dumps, export_file, import_file

    tournament = swiss_day(6)
    play(start_finals(tournament, FinalsSetup(size=4, level_rule="replay")))
    second = advance(tournament)
    play(second, lambda table: {"pawns_home": [5, 5], "stopped_by_clock": True} if table.number == 1
         else {"pawns_home": [8, 2]})
    play(advance(tournament), lambda table: {"pawns_home": [2, 8]})  # the final's replay
    before = standings(tournament).as_json()
    first = export_file(tournament)
    assert first["finals"]["level_rule"] == "replay" and first["finals"]["matches"][-1]["replay_of"] == [4, 1]
    assert max(entry["round"] for entry in first["tables"]) == 5 and first["rounds"] == 2
    assert "finals" not in export_file(tournament, version=1)
    assert max(entry["round"] for entry in export_file(tournament, version=1)["tables"]) == 2
    tournament.delete()
    again = import_file(json.loads(dumps(first)))
    second_file = export_file(again)
    assert dumps(same_day(second_file)) == dumps(same_day(first))  # byte for byte
    assert standings(again).as_json()["final_ranking"] == before["final_ranking"]


@pytest.mark.django_db
def test_a_file_whose_finals_do_not_fit_its_tables_is_refused_whole():
    from tournaments.services.tournament_file import InvalidTournamentFile, export_file, import_file

    tournament = swiss_day(4)
    play(start_finals(tournament, FinalsSetup(size=2)))
    data = export_file(tournament)
    tournament.delete()
    bad = {**data, "finals": {**data["finals"], "matches": [{"round": 7, "table": 1, "places": [2, 1]}]}}
    with pytest.raises(InvalidTournamentFile) as refused:
        import_file(bad)
    text = str(refused.value)
    assert "no such table" in text and "in order" in text and "rounds after the 2 Swiss rounds" in text
    assert not Finals.objects.exists()


def finished_finals(teams: int = 6):
    """A day of 2 Swiss rounds and finals of 4 with play-offs, all played: the second on each sheet of
    the last round wins."""
    tournament = swiss_day(teams)
    play(start_finals(tournament, FinalsSetup(size=4)))
    play(advance(tournament), lambda table: {"pawns_home": [3, 8]})
    return tournament


@pytest.mark.django_db
def test_the_final_ranking_is_everywhere_above_the_swiss_standings(client, director_client):
    import io

    from openpyxl import load_workbook

    import prizes.services as prizes
    from tournaments.exporters.standings_pdf import standings_html
    from tournaments.exporters.standings_xlsx import StandingsWorkbook
    from tournaments.models import Team

    tournament = finished_finals()
    report = standings(tournament)
    winner = Team.objects.get(pk=report.final_rows[0].team.pk)
    swiss_first = Team.objects.get(pk=report.rows[0].team.pk)
    assert winner != swiss_first  # the final's winner was second in the Swiss rounds
    page = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    assert 'data-testid="final-ranking"' in page and page.index(winner.name) < page.index(swiss_first.name)
    assert page.index('data-testid="final-ranking"') < page.index('data-testid="standings-list"')
    director_page = director_client.get(f"/director/t/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Final ranking" in director_page.content.decode()
    html = standings_html(report)
    assert "data-final-ranking" in html and html.index("Final ranking") < html.index("<table class=\"standings\"")
    book = load_workbook(io.BytesIO(StandingsWorkbook(tournament).render()))
    assert book.sheetnames[0] == "Final ranking" and "Round 4 (finals)" in book.sheetnames
    finals_sheet = list(book["Round 4 (finals)"].iter_rows(values_only=True))
    assert finals_sheet[0][-1] == "Match" and [row[-1] for row in finals_sheet[1:]] == [
        "Final", "Match for places 3 and 4"]
    rows = list(book["Final ranking"].iter_rows(values_only=True))
    assert rows[1][:3] == (1, winner.number, winner.name) and rows[1][6] == "yes" and rows[5][6] in ("", None)
    prizes.save_prizes(tournament, "1: the cup\n2: flowers", one_each=True, club_size=2)
    awards = prizes.prize_awards(standings(tournament))
    assert [award.place.row.team.pk for award in awards] == [report.final_rows[0].team.pk, report.final_rows[1].team.pk]


@pytest.mark.django_db
def test_the_frozen_standings_keep_the_final_ranking(client):
    from tournaments.services.standings import public_standings, set_frozen

    tournament = finished_finals()
    live = standings(tournament)
    set_frozen(tournament, True)
    frozen = public_standings(tournament)
    assert [(row.rank, row.key) for row in frozen.final_rows] == [(row.rank, row.key) for row in live.final_rows]
    assert [row.key for row in frozen.bracket_rows] == [row.key for row in live.bracket_rows]


@pytest.mark.django_db
def test_the_finals_page_starts_the_finals_and_draws_the_next_round(director_client):
    tournament = new_tournament(scoring_system="pawns-2pt", rounds=1)
    new_teams(tournament, 4)
    url = f"/director/t/{tournament.slug}/rounds/finals/"
    page = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "drawn so far: 0 of 1" in page and 'data-testid="finals-form"' in page
    form = {"size": "4", "playoffs": "on", "consolation_count": "0", "consolation_size": "4",
            "level_rule": "pawns-then-lot"}
    refused = director_client.post(url, form, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 422 and "drawn so far: 0 of 1" in refused.content.decode()
    assert not Finals.objects.exists()
    round_ = add_round(tournament)
    pair_round(round_)
    play(round_)
    seeds = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="finals-seeds"' in seeds and seeds.count("<li>") >= 4
    too_big = director_client.post(url, {**form, "size": "8"}, HTTP_ACCEPT_LANGUAGE="en")
    assert too_big.status_code == 422 and "need 8 teams, but only 4 teams" in too_big.content.decode()
    bad = director_client.post(url, {**form, "size": "3", "level_rule": "coin"}, HTTP_ACCEPT_LANGUAGE="en")
    assert bad.status_code == 422 and not Finals.objects.exists()
    started = director_client.post(url, form, HTTP_ACCEPT_LANGUAGE="en")
    assert started.status_code == 302 and started["Location"].endswith("/rounds/2/")
    detail = director_client.get(started["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="finals-badge"' in detail and "round_draw" not in detail
    waiting = director_client.post(f"{url}next/", HTTP_ACCEPT_LANGUAGE="en")
    assert waiting.status_code == 409 and "2 finals are still to be played" in waiting.content.decode()
    final_round = Round.objects.get(final=True)
    play(final_round)
    bracket_page = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert bracket_page.count('data-testid="final-match"') == 2 and "Semi-final" in bracket_page
    drawn = director_client.post(f"{url}next/", HTTP_ACCEPT_LANGUAGE="en")
    assert drawn.status_code == 302 and drawn["Location"].endswith("/rounds/3/")
    no_swiss = director_client.post(f"/director/t/{tournament.slug}/rounds/add/", HTTP_ACCEPT_LANGUAGE="en")
    assert no_swiss.status_code == 409 and "no Swiss round comes after them" in no_swiss.content.decode()
    redraw = director_client.post(f"/director/t/{tournament.slug}/rounds/3/draw/", HTTP_ACCEPT_LANGUAGE="en")
    assert redraw.status_code == 409 and "finals round" in redraw.content.decode()


@pytest.mark.django_db
def test_a_finals_sheet_and_card_say_which_match_it_is_and_how_a_level_result_is_decided(client):
    from tournaments.exporters.round_pdfs import table_cards_html

    tournament = swiss_day(4)
    first = start_finals(tournament, FinalsSetup(size=2, level_rule="replay"))
    publish(first)
    table = first.tables.get()
    page = client.get(f"/s/{table.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="final-note"' in page and "Final" in page and "Level: The match is played again" in page
    assert "Level: The match is played again" in table_cards_html(first)
    swiss = Round.objects.get(tournament=tournament, number=1).tables.first()
    assert 'data-testid="final-note"' not in client.get(f"/s/{swiss.token}/").content.decode()


@pytest.mark.django_db
def test_a_klaverjas_drive_plays_finals_of_fewer_deals():
    tournament = drive_day(4, lambda table: {"totals": [1600, 1000 + table.number]})
    ranked = ranked_teams(tournament)
    with pytest.raises(ValidationError, match="from 1 to 16 deals"):
        start_finals(tournament, FinalsSetup(size=2, deals=20))
    first = start_finals(tournament, FinalsSetup(size=2, deals=8))
    assert tournament.finals.deals == 8 and first.minutes == 23  # half of a 16-deal round's 45 minutes
    deal = {"playing": 0, "points": [100, 62], "roem": [0, 0], "pit": None}
    play(first, lambda table: {"deals": [deal] * 8})
    assert [row.team.pk for row in standings(tournament).final_rows] == ranked


@pytest.mark.django_db
def test_a_team_outside_the_finals_is_told_so_not_sent_to_the_desk(client):
    from tournaments.models import Team

    tournament = swiss_day(6)
    first = start_finals(tournament, FinalsSetup(size=4))
    publish(first)
    outside = Team.objects.get(pk=ranked_teams(tournament)[5])
    found = client.get(f"/t/{tournament.slug}/find/", {"q": outside.name}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "does not play in finals round 3" in found and "go to the desk" not in found
    page = client.get(f"/p/{outside.pass_token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "does not play in finals round 3" in page


@pytest.mark.django_db
def test_a_correction_after_the_next_round_holds_the_final_ranking_back(director_client):
    tournament = swiss_day(6)
    first = start_finals(tournament, FinalsSetup(size=4, playoffs=False))
    play(first)
    play(advance(tournament))
    assert standings(tournament).final_rows
    semi = first.tables.get(number=1)
    record_result(semi, {"pawns_home": [1, 8]}, reason="the other team won")  # the final was of the wrong team
    found = bracket_services.bracket(tournament)
    assert found.problems and "Round 4 does not follow from the results of round 3" in found.problems[0]
    assert standings(tournament).final_rows == () and not found.complete
    with pytest.raises(ValidationError, match="does not follow"):
        advance(tournament)
    page = director_client.get(f"/director/t/{tournament.slug}/rounds/finals/", HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and 'data-testid="bracket-problems"' in page.content.decode()
    record_result(semi, {"pawns_home": [8, 1]}, reason="corrected back")
    assert standings(tournament).final_rows


@pytest.mark.django_db
def test_the_last_finals_round_is_taken_back_while_it_has_no_sheet(director_client):
    from tournaments.services.finals import take_back

    tournament = swiss_day(4)
    first = start_finals(tournament, FinalsSetup(size=4))
    url = f"/director/t/{tournament.slug}/rounds/finals/"
    assert 'data-testid="finals-take-back"' in director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    play(first)
    second = advance(tournament)
    assert take_back(tournament) == second.number and not Round.objects.filter(pk=second.pk).exists()
    refused = director_client.post(f"{url}take-back/", HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 409 and "has a sheet or a ruling" in refused.content.decode()
    assert Round.objects.filter(final=True).count() == 1
    tournament2 = swiss_day(4, name="Second", slug="second")
    start_finals(tournament2, FinalsSetup(size=2))
    taken = director_client.post(f"/director/t/{tournament2.slug}/rounds/finals/take-back/", HTTP_ACCEPT_LANGUAGE="en")
    assert taken.status_code == 302 and not Finals.objects.filter(tournament=tournament2).exists()
    start_finals(tournament2, FinalsSetup(size=4))  # started again, as chosen now


@pytest.mark.django_db
def test_the_frozen_standings_keep_the_finals_sheets_on_the_public_pages(client):
    from tournaments.services.standings import set_frozen

    tournament = finished_finals()
    final = Round.objects.filter(final=True).order_by("-number").first()
    before = client.get(f"/t/{tournament.slug}/rounds/{final.number}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    set_frozen(tournament, True)
    after = client.get(f"/t/{tournament.slug}/rounds/{final.number}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert after == before


@pytest.mark.django_db
def test_the_pass_the_text_standings_and_the_rounds_setting_follow_the_finals(client, director_client):
    import io

    from django.core.management import call_command

    from tests.test_klaverjas_card import form_data
    from tournaments.models import Team

    tournament = finished_finals()
    report = standings(tournament)
    winner = Team.objects.get(pk=report.final_rows[0].team.pk)
    assert report.rows[0].team.pk != winner.pk
    page = client.get(f"/p/{winner.pass_token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    out = io.StringIO()
    call_command("standings", tournament.slug, stdout=out)
    assert out.getvalue().index("final ranking") < out.getvalue().index("after round 2")
    assert "final place 1 ·" in page  # the final's winner, second after the Swiss rounds
    edit = director_client.post(f"/director/t/{tournament.slug}/edit/", form_data(
        name=tournament.name, slug=tournament.slug, scoring_system="pawns-2pt", rounds=5), HTTP_ACCEPT_LANGUAGE="en")
    assert edit.status_code == 422 and "the number of rounds stays 2" in edit.content.decode()


HOSTILE = [
    (lambda f: f["finals"].update(matches=[]), 'tables: "round" must be a round from 1 to 2, not 3'),
    (lambda f: f["finals"]["matches"][0].update(places=[1, 99]), "the bracket's settings give 1–4, 1–4"),
    (lambda f: f["finals"].update(size=8), "the bracket's settings give 1–8"),
    (lambda f: f["finals"].update(deals=5), '"deals" is for a game of deals'),
    (lambda f: f["finals"]["matches"].append({"round": 4, "table": 1, "places": [1, 4], "replay_of": [9, 9]}),
     "replay_of must name a final of an earlier round"),
    (lambda f: f["finals"]["matches"].__setitem__(0, {**f["finals"]["matches"][0], "table": 7}), "no such table"),
    (lambda f: f["tournament"].update(frozen_standings={"standings": [], "final_ranking": [{"team": ["T1"]}]}),
     "final_ranking"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("spoil", "message"), HOSTILE)
def test_a_file_with_hostile_finals_is_refused_by_name(spoil, message):
    import copy

    from tournaments.services.tournament_file import InvalidTournamentFile, export_file, import_file

    tournament = swiss_day(4)
    play(start_finals(tournament, FinalsSetup(size=4)))
    data = copy.deepcopy(export_file(tournament))
    tournament.delete()
    spoil(data)
    with pytest.raises(InvalidTournamentFile) as refused:
        import_file(data)
    assert message in str(refused.value)
    assert not Finals.objects.exists() and not Round.objects.exists()


@pytest.mark.django_db
def test_the_finals_rounds_say_which_match_each_table_plays(client, director_client):
    tournament = finished_finals()
    final = Round.objects.filter(final=True).order_by("-number").first()
    detail = director_client.get(f"/director/t/{tournament.slug}/rounds/{final.number}/", HTTP_ACCEPT_LANGUAGE="en")
    assert detail.content.decode().count('data-testid="final-name"') == 2 and "Final" in detail.content.decode()
    public = client.get(f"/t/{tournament.slug}/rounds/{final.number}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Match for places 3 and 4" in public
    standings_page = client.get(f"/t/{tournament.slug}/standings/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert standings_page.count('data-testid="finals-round-link"') == 2
    assert 'data-testid="final-name"' not in client.get(f"/t/{tournament.slug}/rounds/1/").content.decode()
    drafted = director_client.get(f"/director/t/{tournament.slug}/rounds/{final.number}/").content.decode()
    assert "has no place in this round" not in drafted  # no flags in a finals round


@pytest.mark.django_db
def test_a_klaverjas_drive_s_level_final_goes_to_the_lot_in_its_own_words(director_client):
    tournament = drive_day(2)
    form = director_client.get(f"/director/t/{tournament.slug}/rounds/finals/", HTTP_ACCEPT_LANGUAGE="en")
    assert "pawns home" not in form.content.decode() and "A lot drawn from the tournament" in form.content.decode()
    first = start_finals(tournament, FinalsSetup(size=2))
    play(first, lambda table: {"totals": [1500, 1500]})
    match = bracket_services.bracket(tournament).stages[0][0]
    assert match.by == bracket_services.LOT and match.decided_by == "level: by lot"
    page = director_client.get(f"/director/t/{tournament.slug}/rounds/finals/", HTTP_ACCEPT_LANGUAGE="en")
    assert "pawns home" not in page.content.decode() and "A lot drawn from the tournament" in page.content.decode()


@pytest.mark.django_db
def test_finals_of_8_with_play_offs_and_a_consolation_bracket_of_4_place_12_teams():
    tournament = swiss_day(14, rounds=2)
    ranked = ranked_teams(tournament)
    first = start_finals(tournament, FinalsSetup(size=8, consolation_size=4, consolation_count=1))
    assert [(places, teams) for places, teams, _n in matches_of(first)][4:] == [
        ((9, 12), [ranked[8], ranked[11]]), ((9, 12), [ranked[9], ranked[10]])]
    play(first)
    second = advance(tournament)
    assert sorted(places for places, _t, _n in matches_of(second)) == [
        (1, 4), (1, 4), (5, 8), (5, 8), (9, 10), (11, 12)]
    play(second)
    third = advance(tournament)
    assert sorted(places for places, _t, _n in matches_of(third)) == [(1, 2), (3, 4), (5, 6), (7, 8)]
    play(third)
    rows = standings(tournament).final_rows
    assert [row.rank for row in rows] == list(range(1, 15))
    assert [row.team.pk for row in rows[:12]] == ranked[:12]  # the better seed won every match
    assert [row.team.pk for row in rows[12:]] == ranked[12:]


@pytest.mark.django_db
def test_a_klaverjas_final_s_card_has_the_final_s_deals(director_client):
    from tournaments.exporters.round_pdfs import table_cards_html
    from tournaments.services.sheet_entry import unfinished_question

    tournament = drive_day(2)
    assert table_cards_html(Round.objects.get(tournament=tournament, number=1)).count('<td class="ab">AB</td></tr>') == 16
    first = start_finals(tournament, FinalsSetup(size=2, deals=4))
    publish(first)
    clock_services.start(first)
    table = first.tables.get()
    deal = {"playing": 0, "points": [100, 62], "roem": [0, 0], "pit": None}
    with pytest.raises(ValidationError, match="The card has 5 deals; a round has 4"):
        record_result(table, {"deals": [deal] * 5})
    assert table_cards_html(first).count('<td class="ab">AB</td></tr>') == 4  # a row per deal of the final
    assert unfinished_question(table, {"deals": [deal] * 4}, []) is None  # every deal of the final: no question
    assert unfinished_question(table, {"deals": [deal] * 3}, []) is not None


@pytest.mark.django_db
def test_the_phone_card_of_a_klaverjas_final_has_the_final_s_deals(client):
    tournament = drive_day(2)
    first = start_finals(tournament, FinalsSetup(size=2, deals=4))
    publish(first)
    page = client.get(f"/s/{first.tables.get().token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="deal_4_playing"' in page and 'name="deal_5_playing"' not in page
