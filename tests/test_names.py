"""Names as people type and sort them (tournaments/names.py): ``search_key`` ignores case, accents,
apostrophes and spacing; ``sort_key`` orders lists of names the way a Dutch club expects.

Pure Python: plain strings, no database.
"""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from tournaments.names import matches, search_key, sort_key


def ordered(*names: str) -> list[str]:
    return sorted(names, key=sort_key)


# --- search_key ------------------------------------------------------------------------------


def test_search_key_ignores_case_accents_apostrophes_and_spacing():
    assert search_key("Zoë Özdemir") == search_key("zoe ozdemir") == search_key("ZOE  OZDEMIR") == "zoe ozdemir"
    assert search_key("’t Hooft") == search_key("'t Hooft") == search_key("‘t hooft") == "t hooft"
    assert search_key("De Vries-van Dam") == "de vries van dam"
    assert search_key("  Anna\tde\u00a0Vries ") == "anna de vries"
    assert search_key("Søren Łukasz Ærø") == "soren lukasz aero"
    assert search_key("Straße") == "strasse"


def test_matches_finds_what_people_type():
    assert matches("zoe ozdemir", "Zoë Özdemir")
    assert matches("özdemir", "Zoë Özdemir")
    assert matches("t hooft", "’t Hooft") and matches("'t Hooft", "’t Hooft")
    assert matches("李", "李小龍")
    assert not matches("", "anything") and not matches("   ", "anything")
    assert not matches("vries", "Anna de Vos", "")


# --- sort_key --------------------------------------------------------------------------------


def test_dutch_prefixes_are_passed_over():
    """"’t Hooft" stands under H, "van der Berg" under B, "de Groot" under G."""
    assert ordered("Zwart", "’t Hooft", "Appel", "van der Berg", "de Groot", "Hendriks") == [
        "Appel", "van der Berg", "de Groot", "Hendriks", "’t Hooft", "Zwart"]
    assert sort_key("’t Hooft")[0] == sort_key("'t Hooft")[0] == "hooft"
    assert sort_key("van der Berg")[0] == "berg"
    assert sort_key("Van Der Berg")[0] == "berg"
    # The prefix only breaks ties: "Berg" before "van den Berg" before "van der Berg".
    assert ordered("van der Berg", "Berg", "van den Berg") == ["Berg", "van den Berg", "van der Berg"]


def test_a_name_that_is_only_a_prefix_sorts_under_itself():
    assert sort_key("De")[0] == "de"
    assert ordered("Dames", "De", "Van", "Appel") == ["Appel", "Dames", "De", "Van"]


def test_accents_and_case_are_ignored():
    assert ordered("Pieters", "Özdemir", "oostveen", "Ömer", "appel", "Bakker") == [
        "appel", "Bakker", "Ömer", "oostveen", "Özdemir", "Pieters"]
    assert sort_key("Zoë")[0] == sort_key("zoe")[0] == sort_key("ZOE")[0]
    assert ordered("Émile", "Eva", "Edwin") == ["Edwin", "Émile", "Eva"]


def test_emoji_are_neither_first_nor_last_by_accident():
    names = ["Zebra's", "🎲 Dobbelaars", "Appel", "Kezers 🔥", "🦓 Zwarte Paarden", "Boeren"]
    assert ordered(*names) == ["Appel", "Boeren", "🎲 Dobbelaars", "Kezers 🔥", "Zebra's", "🦓 Zwarte Paarden"]
    # A name of emoji only has nothing to sort under: after every name with letters, on purpose.
    assert ordered("🎲🎲", "Zwart", "Appel") == ["Appel", "Zwart", "🎲🎲"]


def test_other_scripts_sort_after_latin_and_among_themselves():
    names = ["李小龍", "Юрий", "Anna", "Ωμέγα", "محمد"]
    result = ordered(*names)
    assert result[0] == "Anna"
    assert sorted(result) == sorted(names)


def test_the_order_is_total_and_stable():
    """Names that sort under the same letters still have one order: the name itself decides."""
    names = ["van Dijk", "Van Dijk", "Dijk", "dijk"]
    assert ordered(*names) == ordered(*reversed(names))
    assert len({sort_key(name) for name in names}) == len(names)


LATIN = st.text(alphabet=st.sampled_from("abcdefghijklmnopqrstuvwxyzéëöüçñ ABCDEFGHIJKLMNOPQRSTUVWXYZÉËÖÜ-'’"),
                max_size=30)


def _plain(text: str) -> str:
    return "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))


@given(st.text(max_size=40))
def test_any_text_has_a_key(text):
    key = sort_key(text)
    assert isinstance(key, tuple) and all(isinstance(part, str) for part in key)
    assert isinstance(search_key(text), str)
    assert search_key(search_key(text)) == search_key(text)


@given(LATIN)
def test_case_and_accents_never_change_where_a_name_stands(name):
    assert sort_key(name.upper())[0] == sort_key(name.lower())[0] == sort_key(_plain(name))[0]


@given(LATIN, st.sampled_from(["🎲 ", "🔥", " 🦓 ", "👍🏽 "]))
def test_an_emoji_never_moves_a_name(name, emoji):
    if not any(char.isalnum() for char in name):
        return
    assert sort_key(emoji + name)[0] == sort_key(name)[0] == sort_key(name + " " + emoji)[0]


@given(st.lists(st.text(max_size=12), max_size=12))
def test_sorting_twice_changes_nothing(names):
    once = sorted(names, key=sort_key)
    assert sorted(once, key=sort_key) == once
    assert sorted(reversed(once), key=sort_key) == once


def test_first_name_and_initial_keeps_prefixes_whatever_the_apostrophe():
    """One list of prefixes (names.PREFIXES) for sorting and for "first name and initial"."""
    from tournaments.services.public_names import initialled

    assert initialled("Kees van ’t Hek") == "Kees van ’t H."
    assert initialled("Kees van 't Hek") == "Kees van 't H."
    assert initialled("Anna voor de Wind") == "Anna voor de W."
