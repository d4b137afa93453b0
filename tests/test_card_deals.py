"""A whole Klaverjassen deal in dispute on the director's page (services/card_deals.py): the tricks
typed as played, replayed under the tournament's house rules; the first card against the rules with
its reason in words; typed cards either way round; what cannot be a deal refused (422), named. With
the team that played and the roem, the deal's score under the tournament's revoke penalty; the deal
kept as a ruling with a table (services/deal_rulings.py): listed, printed, shown on the table's
public page, carried by the tournament file; a ruling that cannot be kept refused, nothing written."""

from __future__ import annotations

import datetime
import io
import json
import re
from html import unescape

import pypdf
import pytest
from django.urls import reverse

import klaverjas
from klaverjas.api import answer
from tests.test_klaverjas_card import drive, running  # noqa: F401 - fixtures
from tests.test_tournament_file import run, same_day, write
from tournaments.models import Ruling, Tournament
from tournaments.services import deal_rulings
from tournaments.services.card_deals import card_of

pytestmark = pytest.mark.usefixtures("english")


def url(tournament) -> str:
    return f"/director/t/{tournament.slug}/card-rules/deal/"


def test_cards_typed_either_way_round():
    from klaverjas.cards import CARDS

    assert [CARDS[card_of(token)] for token in ("H7", "ha", "S10", "7h", "10s", "TC", "Ad")] == [
        "7H", "AH", "10S", "7H", "10S", "10C", "AD"]
    assert card_of("H11") is None and card_of("X7") is None


def test_a_revoke_shown_by_a_later_card(director_client, drive):  # noqa: F811
    assert director_client.get(url(drive), HTTP_ACCEPT_LANGUAGE="en").status_code == 200
    page = director_client.post(url(drive), {"trump": "H", "leader": "0", "tricks": "SA C7 S7 S8\nSK S10 D8 S9"},
                                HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-testid="deal-breach" data-trick="1" data-seat="2"' in html
    assert "trick 1, seat 2 (team B) played the seven of clubs" in html and "follow suit" in html.lower()


def test_a_clean_deal_and_one_that_needs_the_hands(director_client, drive):  # noqa: F811
    html = director_client.post(url(drive), {"trump": "H", "leader": "0", "tricks": "SA C7 S7 S8"},
                                HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="deal-clean"' in html and 'data-testid="deal-possible"' in html
    hands = {"hand_0": "SA SK H7 H8 H9 D7 D8 D9", "hand_1": "C7 S10 C8 C9 C10 CJ CQ CK",
             "hand_2": "S7 H10 HJ HQ HK HA D10 DJ", "hand_3": "S8 S9 SJ SQ CA DQ DK DA"}
    html = director_client.post(url(drive), {"trump": "H", "leader": "0", "tricks": "SA C7 S7 S8", **hands},
                                HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="deal-breach" data-trick="1" data-seat="2"' in html


@pytest.mark.parametrize("fields, message", [
    ({"tricks": "SA C7 S7 S8\nSA SK SQ SJ"}, "AS is played twice"),
    ({"tricks": "SA C7 XX S8"}, "“XX” is not a card"),
    ({"tricks": ""}, "Type the tricks as played"),
    ({"tricks": "SA C7 S7 S8", "trump": "Z"}, "Choose the trump suit"),
    ({"tricks": "SA C7 S7 S8", "leader": "9"}, "Choose who led the first trick"),
    ({"tricks": "SA C7 S7\nSK"}, "trick 1 has 3 cards"),
])
def test_what_cannot_be_a_deal_is_refused(director_client, drive, fields, message):  # noqa: F811
    page = director_client.post(url(drive), {"trump": "H", "leader": "0", **fields}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 422 and message in page.content.decode()


def test_a_keezen_tournament_goes_to_its_own_desk(director_client, tournament):
    response = director_client.get(url(tournament))
    assert response.status_code == 302 and "/disputes/" in response["Location"]


# --------------------------------------------------------------------------- the deal's score under the revoke penalty

# docs/klaverjas.md's example 4: trump hearts, seat 1 leads; seat 4 (team B) does not play trump on
# trump in trick 2 (the ace of diamonds) and plays the ten of hearts in trick 4. As played team A has
# 13 card points, team B 149.
WHOLE_DEAL = "7S AS 8S QS\nKH QH AD 9D\n8D 10D QD 7D\n7H 10H JS AH\nJC 7C KC 8C\n9S JD JH KS\n9H 8H 10S QC\nKD 10C 9C AC"


def scored(client, tournament, **fields) -> tuple[int, str]:
    page = client.post(url(tournament), {"trump": "H", "leader": "0", "tricks": WHOLE_DEAL, **fields},
                       HTTP_ACCEPT_LANGUAGE="en")
    return page.status_code, unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.content.decode())))


@pytest.mark.parametrize(("rule", "score", "words"), [
    (None, "team A 182, team B 0", "Nat: the offending team scores 0, the other team 162 and all roem"),
    ("nat", "team A 182, team B 0", "Nat: the offending team scores 0"),
    ("roem-stays", "team A 162, team B 20", "The other team scores 162 and its own roem"),
    ("director", None, "The director decides the deal's score."),
])
def test_the_page_scores_the_deal_under_the_tournament_penalty(director_client, drive, rule, score, words):  # noqa: F811
    if rule:
        drive.game_rules = {**drive.game_rules, "revoke_penalty": rule}
        drive.save(update_fields=["game_rules"])
    status, text = scored(director_client, drive, playing="B", roem_b="20")
    assert status == 200 and "Revoke penalty for team B:" in text and words in text
    assert "As played: team A 13, team B 169." in text
    if score:
        assert f"The deal's score: {score}." in text
    else:
        assert "The deal's score:" not in text


def test_without_the_team_that_played_the_deal_is_not_scored(director_client, drive):  # noqa: F811
    status, text = scored(director_client, drive)
    assert status == 200 and "trick 2, seat 4 (team B) played the ace of diamonds" in text and "The deal's score:" not in text
    status, text = scored(director_client, drive, playing="A", tricks="SA C7 S7 S8\nSK S10 D8 S9")
    assert "The deal's score: team A 162, team B 0." in text  # nat: B revoked
    assert "As played: not known until all eight tricks are laid out." in text


@pytest.mark.parametrize(("fields", "message"), [
    ({"playing": "C"}, "Choose the team that played the deal: A or B."),
    ({"playing": "A", "roem_a": "15"}, "Team A's roem: type a multiple of 10 from 0 to 9990, not “15”."),
    ({"playing": "A", "roem_b": "-20"}, "Team B's roem: type a multiple of 10"),
    ({"playing": "A", "roem_b": "veel"}, "Team B's roem: type a multiple of 10"),
    ({"roem_a": "20"}, "Choose the team that played the deal to score its roem."),
])
def test_a_score_that_cannot_be_is_refused(director_client, drive, fields, message):  # noqa: F811
    status, text = scored(director_client, drive, **fields)
    assert status == 422 and message in text


# --------------------------------------------------------------------------- a deal kept as a ruling


def keep(client, tournament, **fields):
    return client.post(url(tournament), {
        "trump": "H", "leader": "0", "tricks": WHOLE_DEAL, "playing": "B", "roem_b": "20",
        "note": "Table 1 laid the deal out at 21:10.", "action": "save", **fields}, HTTP_ACCEPT_LANGUAGE="en")


def shown_rulings(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", "".join(
        re.findall(r'<div class="ruling card.*?</div></div>', html, re.S)))))


def test_a_deal_ruling_is_kept_with_the_table_listed_printed_and_shown(director_client, client, drive, running):  # noqa: F811
    table = running.tables.get(number=1)
    response = keep(director_client, drive, table=table.pk)
    assert response.status_code == 302 and response["Location"] == reverse("director:rulings", args=[drive.slug])
    ruling = Ruling.objects.get()
    assert ruling.table == table and ruling.game == "klaverjas" and ruling.created_by is not None
    assert (ruling.seat, ruling.card, ruling.claim) == (4, "AD", "")  # seat 4 as the page numbers it
    assert ruling.code == ("KJD:H|0|7S.AS.8S.QS/KH.QH.AD.9D/8D.10D.QD.7D/7H.10H.JS.AH/JC.7C.KC.8C/9S.JD.JH.KS/"
                           "9H.8H.10S.QC/KD.10C.9C.AC|-|B|0.20")
    assert ruling.position == {
        "game": "klaverjas", "kind": "deal", "trump": "H", "leader": 0, "hands": None,
        "tricks": [trick.split() for trick in WHOLE_DEAL.split("\n")], "rules": klaverjas.DEFAULTS.as_json(),
        "playing": "B", "roem": {"A": 0, "B": 20}}
    breach = ruling.verdict["breach"]
    assert {key: breach[key] for key in ("trick", "seat", "team", "card", "reason", "certain")} == {
        "trick": 2, "seat": 3, "team": "B", "card": "AD", "reason": "follow-suit", "certain": True}
    assert breach["explanation"].startswith("Trump (hearts) was led") and breach["explanation_nl"].startswith("Er is troef")
    assert ruling.verdict["leaders"] == [0, 1, 1, 2, 1, 3, 1, 1] and ruling.verdict["possible"] == []
    penalty = ruling.verdict["penalty"]
    assert {key: penalty[key] for key in ("rule", "offender", "score", "played")} == {
        "rule": "nat", "offender": "B", "score": {"A": 182, "B": 0},
        "played": {"score": {"A": 13, "B": 169}, "nat": False, "pit": None}}
    assert penalty["explanation"].startswith("Nat:") and penalty["explanation_nl"]
    # the question as kept is a batch question: python -m klaverjas batch answers it the same way
    question = {key: value for key, value in ruling.position.items() if key not in ("game", "kind")}
    assert answer({"id": 1, "cmd": "replay", **question})["penalty"]["score"] == penalty["score"]

    listing = shown_rulings(director_client.get(reverse("director:rulings", args=[drive.slug]),
                                                HTTP_ACCEPT_LANGUAGE="en").content.decode())
    for words in ("Round 1 · table 1", "A whole deal in dispute, trump H, 8 tricks laid out.", ruling.code,
                  "The first card against the rules: trick 2, seat 4 (team B) played AD.", "Trump (hearts) was led",
                  "Revoke penalty for team B:", "The deal's score: team A 182, team B 0.",
                  "As played: team A 13, team B 169.", "Table 1 laid the deal out"):
        assert words in listing, words
    dutch = shown_rulings(director_client.get(reverse("director:rulings", args=[drive.slug]),
                                              HTTP_ACCEPT_LANGUAGE="nl").content.decode())
    assert breach["explanation_nl"] in dutch

    pdf = director_client.get(reverse("director:rulings_pdf", args=[drive.slug]), HTTP_ACCEPT_LANGUAGE="en")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf.content)).pages))
    for words in ("trick 2, seat 4 (team B) played AD", "team A 182, team B 0", "KJD:H|0|7S.AS.8S.QS",
                  "Table 1 laid the deal out"):
        assert words in text, words

    public = shown_rulings(client.get(reverse("public:table", args=[drive.slug, 1, 1]),
                                      HTTP_ACCEPT_LANGUAGE="en").content.decode())
    for words in ("A whole deal in dispute. Trump: hearts.",
                  "The first card against the rules: trick 2, seat 4 (team B) played the ace of diamonds.",
                  "The deal's score: team A 182, team B 0."):
        assert words in public, words
    assert "KJD:" not in public and "follow-suit" not in public  # no codes for players
    dutch_public = shown_rulings(client.get(reverse("public:table", args=[drive.slug, 1, 1]),
                                            HTTP_ACCEPT_LANGUAGE="nl").content.decode())
    assert "de ruitenaas" in dutch_public and breach["explanation_nl"] in dutch_public


def test_a_clean_deal_without_a_table_is_kept_too(director_client, drive):  # noqa: F811
    response = keep(director_client, drive, tricks="SA S7 S8 S9", playing="", roem_b="", note="")
    assert response.status_code == 302
    ruling = Ruling.objects.get()
    assert ruling.table is None and (ruling.seat, ruling.card) == (0, "")
    assert ruling.code == "KJD:H|0|AS.7S.8S.9S|-" and "playing" not in ruling.position
    assert ruling.verdict == {"leaders": [0], "breach": None, "possible": []}
    listing = shown_rulings(director_client.get(reverse("director:rulings", args=[drive.slug]),
                                                HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "No card of the tricks laid out can be shown to break a rule." in listing


def test_the_longest_deal_code_fits_its_column():
    tricks = [["10S", "10H", "10D", "10C"]] * 8
    code = deal_rulings.deal_code("H", 3, tricks, [["10S"] * 8] * 4, "A", {"A": 9990, "B": 9990})
    assert len(code) <= Ruling._meta.get_field("code").max_length


@pytest.fixture
def other_table(db, published_round):
    other = Tournament.objects.create(name="Other drive", slug="other-drive", date=datetime.date(2026, 11, 28),
                                      scoring_system="klaverjas", deals=4, seed=8)
    return published_round(other, 2).tables.get()


@pytest.mark.parametrize(("fields", "message"), [
    ({"table": "other"}, "That table is not in this tournament."),
    ({"table": "999999"}, "That table is not in this tournament."),
    ({"table": "x1"}, "That table is not in this tournament."),
    ({"tricks": "SA C7 S7 S8\nSA SK SQ SJ"}, "AS is played twice"),
    ({"tricks": "SA C7 XX S8"}, "“XX” is not a card"),
    ({"tricks": ""}, "Type the tricks as played"),
    ({"roem_a": "15"}, "Team A's roem: type a multiple of 10"),
    ({"note": "x" * 10_001}, "The note is 10001 characters long"),
])
def test_a_deal_ruling_that_cannot_be_kept_is_refused_and_nothing_is_written(director_client, drive, running,  # noqa: F811
                                                                             other_table, fields, message):
    if fields.get("table") == "other":
        fields = {**fields, "table": other_table.pk}
    page = keep(director_client, drive, **fields)
    assert page.status_code == 422 and message in unescape(page.content.decode())
    assert not Ruling.objects.exists()


def test_a_save_without_the_deal_is_refused(director_client, drive):  # noqa: F811
    page = director_client.post(url(drive), {"action": "save", "trump": "H"}, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 422 and "Type the tricks as played" in page.content.decode()
    assert not Ruling.objects.exists()


def test_an_archived_tournament_replays_but_keeps_nothing(director_client, drive):  # noqa: F811
    Tournament.objects.filter(pk=drive.pk).update(archived=True)
    assert scored(director_client, drive, playing="B")[0] == 200
    assert keep(director_client, drive).status_code == 302 and not Ruling.objects.exists()


def test_the_tournament_file_carries_a_deal_ruling(director_client, drive, running, tmp_path):  # noqa: F811
    drive.game_rules = {**drive.game_rules, "revoke_penalty": "roem-stays"}
    drive.save(update_fields=["game_rules"])
    keep(director_client, drive, table=running.tables.get(number=1).pk)
    first = json.loads(run("export_tournament", drive.slug))
    assert first["rules"]["revoke_penalty"] == "roem-stays"
    entry = first["rulings"][0]
    assert (entry["round"], entry["table"], entry["seat"], entry["card"]) == (1, 1, 4, "AD")
    assert entry["position"]["kind"] == "deal" and entry["position"]["rules"]["revoke_penalty"] == "roem-stays"
    assert entry["verdict"]["penalty"]["score"] == {"A": 162, "B": 20}
    Tournament.objects.get(slug=drive.slug).delete()  # another laptop
    assert run("import_tournament", write(tmp_path, first, "drive.json")).strip() == drive.slug
    again = Ruling.objects.get()
    assert again.position["kind"] == "deal" and again.table.number == 1 and again.verdict == entry["verdict"]
    assert Tournament.objects.get(slug=drive.slug).house_rules.revoke_penalty == "roem-stays"
    assert same_day(json.loads(run("export_tournament", drive.slug))) == same_day(first)
    listing = shown_rulings(director_client.get(reverse("director:rulings", args=[drive.slug]),
                                                HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "The deal's score: team A 162, team B 20." in listing


def test_a_hand_edited_deal_ruling_is_shown_without_a_server_error(director_client, client, drive, running):  # noqa: F811
    keep(director_client, drive, table=running.tables.get(number=1).pk)
    Ruling.objects.update(position={"game": "klaverjas", "kind": "deal", "trump": 7, "tricks": "7S"},
                          verdict={"breach": {"seat": "x", "card": 5}, "possible": "no", "penalty": [1]})
    assert director_client.get(reverse("director:rulings", args=[drive.slug])).status_code == 200
    assert director_client.get(reverse("director:rulings_pdf", args=[drive.slug])).status_code == 200
    page = client.get(reverse("public:table", args=[drive.slug, 1, 1]), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200 and "A whole deal in dispute." in page.content.decode()


# --------------------------------------------------------------------------- the house rule on the tournament form


def test_the_tournament_form_sets_the_revoke_penalty(director_client):
    from tests.test_klaverjas_card import form_data

    page = director_client.get("/director/new/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="card_revoke_penalty"' in page and '<option value="nat" selected>' in page
    assert director_client.post("/director/new/", form_data(card_revoke_penalty="director"),
                                HTTP_ACCEPT_LANGUAGE="en").status_code == 302
    drive = Tournament.objects.get(slug="drive-dec")
    assert drive.game_rules["revoke_penalty"] == "director" and drive.house_rules.revoke_penalty == "director"
    edit_url = f"/director/t/{drive.slug}/edit/"
    assert '<option value="director" selected>' in director_client.get(edit_url).content.decode()
    # a form sent without the field keeps it; back to the default, it is no longer written
    data = form_data()
    assert director_client.post(edit_url, data, HTTP_ACCEPT_LANGUAGE="en").status_code == 302
    drive.refresh_from_db()
    assert drive.game_rules["revoke_penalty"] == "director"
    assert director_client.post(edit_url, {**data, "card_revoke_penalty": "nat"}).status_code == 302
    drive.refresh_from_db()
    assert "revoke_penalty" not in drive.game_rules


def test_the_tournament_form_refuses_an_unknown_penalty(director_client):
    from tests.test_klaverjas_card import form_data

    response = director_client.post("/director/new/", form_data(card_revoke_penalty="half"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422 and "Select a valid choice" in unescape(response.content.decode())
    assert not Tournament.objects.exists()


def test_a_file_with_an_unknown_penalty_is_refused_whole(db, tmp_path):
    from django.core.management import CommandError

    from tests.test_klaverjas_file import DRIVE

    with pytest.raises(CommandError) as refused:
        run("import_tournament", write(tmp_path, {**DRIVE, "rules": {"revoke_penalty": "half"}}))
    assert '"rules": house rule revoke_penalty must be "nat", "roem-stays" or "director"' in str(refused.value)
    assert not Tournament.objects.exists()


def test_a_dutch_page_takes_the_cards_in_dutch_letters(director_client, drive):
    """Schoppen, harten, ruiten, klaveren; boer, vrouw, heer, aas — as a Dutch table says them, commas
    or spaces between; K and H keep their Dutch meaning, J, Q, D and C are read as well."""
    from tournaments.services.card_deals import card_of
    from klaverjas.cards import CARD_CODES

    for typed, card in (("SB", "JS"), ("hv", "QH"), ("R10", "10D"), ("KA", "AC"), ("KH", "KC"), ("HH", "KH"),
                        ("BS", "JS"), ("10r", "10D"), ("SJ", "JS"), ("DQ", "QD"), ("CT", "10C")):
        assert card_of(typed, "nl") == CARD_CODES[card], typed
    for typed, card in (("KH", "KH"), ("HK", "KH"), ("CJ", "JC"), ("SB", "JS"), ("R7", "7D")):
        assert card_of(typed, "en") == CARD_CODES[card], typed
    assert card_of("KK", "nl") is None and card_of("X7", "en") is None
    url = reverse("director:card_deal", args=[drive.slug])
    page = director_client.post(url, {"trump": "H", "leader": "0", "tricks": "S7, SA, S8, SV"},
                                HTTP_ACCEPT_LANGUAGE="nl")
    html = page.content.decode()
    assert page.status_code == 200 and "is geen kaart" not in html and "♥ harten" in html and "deal-clean" in html
