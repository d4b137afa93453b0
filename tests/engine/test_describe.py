"""One sentence per move, English and Dutch (engine.describe)."""

from __future__ import annotations

import pytest

from tests.engine.helpers import CARDS, moves, pos


def describe(position, text, lang):
    from engine.describe import describe_move_text

    return describe_move_text(position, text, lang)


def captures_of(position, text):
    from engine.describe import captures
    from engine.notation import parse_move
    from engine.position import parse_position

    p = parse_position(position)
    card, parts = parse_move(text, p.board)
    return [(colour, p.board.name(loc)) for colour, loc in captures(p, card, parts)]


P4 = pos(4, {0: ["t3", "t40", "t17"], 1: ["t6", "t20", "t33"], 2: ["t35"]})

CASES = [
    ("4 0:t3>t63", "Red plays a 4 and moves the pawn on t3 four back to t63.",
     "Rood speelt een 4 en zet de pion van t3 vier achteruit naar t63."),
    ("K 0:n>t0", "Red plays a king and places a pawn on its start hole t0.",
     "Rood speelt een heer en zet een pion op de beginpositie t0."),
    ("A 0:n>t0", "Red plays an ace and places a pawn on its start hole t0.",
     "Rood speelt een aas en zet een pion op de beginpositie t0."),
    ("A 0:t3>t4", "Red plays an ace and moves the pawn on t3 one forward to t4.",
     "Rood speelt een aas en zet de pion van t3 één vooruit naar t4."),
    ("Q 0:t3>t15", "Red plays a queen and moves the pawn on t3 twelve forward to t15.",
     "Rood speelt een vrouw en zet de pion van t3 twaalf vooruit naar t15."),
    ("3 0:t17>t20", "Red plays a 3 and moves the pawn on t17 three forward to t20, capturing blue's pawn.",
     "Rood speelt een 3 en zet de pion van t17 drie vooruit naar t20 en slaat de pion van blauw."),
    ("8 0:t40>t48", "Red plays an 8 and moves the pawn on t40 eight forward to t48.",
     "Rood speelt een 8 en zet de pion van t40 acht vooruit naar t48."),
    ("J 0:t3<>1:t33", "Red plays a jack and swaps its pawn on t3 with blue's pawn on t33.",
     "Rood speelt een boer en ruilt zijn pion op t3 met de pion van blauw op t33."),
    ("7 0:t3>t6,0:t40>t44",
     ("Red plays a 7, moves the pawn on t3 three forward to t6, capturing blue's pawn, "
     "and then moves the pawn on t40 four forward to t44."),
     ("Rood speelt een 7, zet de pion van t3 drie vooruit naar t6 en slaat de pion van blauw, "
     "en zet daarna de pion van t40 vier vooruit naar t44.")),
]


@pytest.mark.parametrize(("text", "en", "nl"), CASES)
def test_sentences(text, en, nl):
    assert describe(P4, text, "en") == en
    assert describe(P4, text, "nl") == nl


def test_every_card_kind_in_both_languages():
    for card in CARDS:
        for entry in moves(P4, 0, card):
            for lang in ("en", "nl"):
                sentence = describe(P4, entry["move"], lang)
                assert sentence.endswith(".") and sentence[0].isupper()
                assert ("Red" if lang == "en" else "Rood") in sentence


def test_home_entry():
    p = pos(4, {0: ["t62", "h1"]})
    assert describe(p, "5 0:t62>h4", "en") == "Red plays a 5 and moves the pawn on t62 five forward into its home, h4."
    assert describe(p, "5 0:t62>h4", "nl") == "Rood speelt een 5 en zet de pion van t62 vijf vooruit naar huis, h4."
    assert describe(p, "2 0:h1>h3", "en") == "Red plays a 2 and moves the pawn on h1 two forward to h3."


def test_capture_by_four_backward_and_by_placing():
    p = pos(4, {0: ["t5", "t50"], 1: ["t1"], 3: ["t0"]})
    assert captures_of(p, "4 0:t5>t1") == [(1, "t1")]
    assert describe(p, "4 0:t5>t1", "en").endswith("four back to t1, capturing blue's pawn.")
    assert describe(p, "4 0:t5>t1", "nl").endswith("vier achteruit naar t1 en slaat de pion van blauw.")
    assert captures_of(p, "K 0:n>t0") == [(3, "t0")]
    assert describe(p, "K 0:n>t0", "en") == "Red plays a king and places a pawn on its start hole t0, capturing green's pawn."


def test_captures_follow_earlier_parts_of_a_seven():
    p = pos(4, {0: ["t3", "t10"], 1: ["t6"]})
    # the first part captures blue on t6
    assert captures_of(p, "7 0:t3>t6,0:t10>t14") == [(1, "t6")]
    # the first part leaves t10, so the second part landing there captures nothing
    assert captures_of(pos(4, {0: ["t5", "t10"]}), "7 0:t10>t12,0:t5>t10") == []
    # the first part moves to t12, the second part lands on it: the own pawn is captured
    p = pos(4, {0: ["t7", "t10"]})
    assert captures_of(p, "7 0:t10>t12,0:t7>t12") == [(0, "t12")]
    assert describe(p, "7 0:t10>t12,0:t7>t12", "en").endswith("five forward to t12, capturing its own pawn.")
    assert describe(p, "7 0:t10>t12,0:t7>t12", "nl").endswith("vijf vooruit naar t12 en slaat zijn eigen pion.")
    # passing does not capture; a swap does not capture
    assert captures_of(pos(4, {0: ["t3"], 1: ["t5"]}), "7 0:t3>t10") == []
    assert captures_of(P4, "J 0:t3<>1:t33") == []


def test_partner_pawns():
    p = pos(4, {0: ["t62", "h2", "h3", "h4"], 2: ["t9"]})
    en = describe(p, "7 0:t62>h1,2:t9>t14", "en")
    assert en == ("Red plays a 7, moves the pawn on t62 two forward into its home, h1, "
                  "and then moves yellow's pawn on t9 five forward to t14.")
    nl = describe(p, "7 0:t62>h1,2:t9>t14", "nl")
    assert nl.endswith("en zet daarna de gele pion van t9 vijf vooruit naar t14.")
    from engine.describe import describe_move_text

    assert describe_move_text(p, "K 2:n>t32", "en", seat=0) == (
        "Red plays a king and places a yellow pawn on yellow's start hole t32.")


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_every_listed_move_gets_a_sentence(players):
    track = 16 * players
    samples = [
        pos(players, {0: ["t0", "t5", "t13"], 1: ["t16", f"t{track - 2}", "h1"]}),
        pos(players, {0: [f"t{track - 3}", "t2", "h4"], 1: ["t4", "t20"], players - 1: [f"t{track - 1}"]}),
        pos(players, {0: ["t62" if players > 2 else "t30", "h2", "h3", "h4"], players // 2: ["t9"]}
            if players > 2 else {0: ["t30", "h2", "h3", "h4"], 1: ["t9"]}),
        pos(players, {}),
    ]
    for position in samples:
        for seat in (0, 1):
            for card in CARDS:
                for entry in moves(position, seat, card):
                    for lang in ("en", "nl"):
                        sentence = describe(position, entry["move"], lang)
                        assert sentence and sentence.endswith(".")


def test_unknown_language():
    from engine.errors import EngineError

    with pytest.raises(EngineError):
        describe(P4, "4 0:t3>t63", "de")
