"""The board drawing (engine.board_svg): SVG that parses, one tappable spot per location, pawns, arrows."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

import pytest

from tests.engine.helpers import CARDS, moves, pos

SVG = "{http://www.w3.org/2000/svg}"


def draw(position, **kwargs):
    from engine.board_svg import board_svg

    return ET.fromstring(board_svg(position, **kwargs))


def by_class(root, name):
    return [el for el in root.iter() if name in el.get("class", "").split()]


def sample(players):
    track = 16 * players
    return pos(players, {
        0: ["t3", "t17", "h2"],
        1: [f"t{track - 1}", "h1", "h4"],
        players - 1: ["t16"] if players > 2 else ["t16", "t20"],
    })


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_spots(players):
    root = draw(sample(players))
    assert root.tag == SVG + "svg"
    holes = by_class(root, "hole")
    track = [h for h in holes if h.get("data-loc", "").startswith("t")]
    homes = [h for h in holes if h.get("data-loc", "").startswith("h")]
    nests = [h for h in holes if h.get("data-loc") == "n"]
    assert len(track) == 16 * players
    assert len(homes) == 4 * players
    assert len(nests) == 4 * players
    assert len(holes) == 24 * players
    keys = {(h.get("data-loc"), h.get("data-colour"), h.get("data-index")) for h in holes}
    assert len(keys) == len(holes)
    assert {h.get("data-loc") for h in track} == {f"t{k}" for k in range(16 * players)}
    assert {(h.get("data-loc"), h.get("data-colour")) for h in homes} == {
        (f"h{j}", str(c)) for c in range(players) for j in range(1, 5)}
    for hole in holes:
        assert hole.get("tabindex") == "0" and hole.get("role") == "button" and hole.get("aria-label")
    assert by_class(root, "hole")[0].get("aria-label") == "t0, start red"
    h2 = next(h for h in homes if h.get("data-loc") == "h2" and h.get("data-colour") == "1")
    assert h2.get("aria-label") == "h2 blue"


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_pawns_where_the_position_says(players):
    position = sample(players)
    root = draw(position)
    pawns = by_class(root, "pawn")
    assert len(pawns) == 4 * players
    for colour, row in enumerate(position["pawns"]):
        drawn = sorted(p.get("data-loc") for p in pawns if p.get("data-colour") == str(colour))
        assert drawn == sorted(row)
    for pawn in pawns:
        assert pawn.get("pointer-events") == "none"


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_one_arrow_per_part(players):
    position = sample(players)
    given = []
    for card in CARDS:
        given += [entry["move"] for entry in moves(position, 0, card)]
    assert any(text.startswith("7 ") and "," in text for text in given)
    root = draw(position, moves=given)
    arrows = by_class(root, "move-arrow")
    assert len(arrows) == sum(len(text.split(" ", 1)[1].split(",")) for text in given)
    for text in given:
        parts = len(text.split(" ", 1)[1].split(","))
        assert len([a for a in arrows if a.get("data-move") == text]) == parts
    assert all(a.get("marker-end") for a in arrows)
    swaps = [a for a in arrows if a.get("data-move", "").startswith("J ")]
    assert swaps and all(a.get("marker-start") for a in swaps)


def test_moves_as_parsed_parts_and_highlight():
    from engine.notation import parse_move
    from engine.position import parse_position

    position = pos(4, {0: ["t3", "t40"], 1: ["t6", "t44"]})
    board = parse_position(position).board
    given = [parse_move("7 0:t3>t6,0:t40>t44", board), parse_move("7 0:t3>t10", board)]
    root = draw(position, moves=given, highlight=0)
    arrows = by_class(root, "move-arrow")
    assert len(arrows) == 3
    assert [a.get("data-move") for a in by_class(root, "highlight")] == ["7 0:t3>t6,0:t40>t44"] * 2
    assert len(by_class(root, "dim")) == 1


def test_captured_marks():
    position = pos(4, {0: ["t3", "t40"], 1: ["t6", "t44"]})
    root = draw(position, moves=["7 0:t3>t6,0:t40>t44", "4 0:t40>t36", "7 0:t3>t10"])
    captured = by_class(root, "captured")
    assert sorted((c.get("data-loc"), c.get("data-colour"), c.get("data-move")) for c in captured) == [
        ("t44", "1", "7 0:t3>t6,0:t40>t44"), ("t6", "1", "7 0:t3>t6,0:t40>t44")]
    backward = draw(pos(4, {0: ["t5"], 1: ["t1"]}), moves=["4 0:t5>t1"])
    assert [(c.get("data-loc"), c.get("data-colour")) for c in by_class(backward, "captured")] == [("t1", "1")]


def test_claim_and_not_selectable():
    position = sample(4)
    root = draw(position, claim=(3, 17, ("h2", 0)))
    claimed = {(h.get("data-loc"), h.get("data-colour")) for h in by_class(root, "claimed")}
    assert claimed == {("t3", None), ("t17", None), ("h2", "0")}
    plain = draw(position, selectable=False)
    assert all(h.get("tabindex") is None and h.get("role") is None for h in by_class(plain, "hole"))


def test_labels_and_the_callers_words():
    from engine.board_svg import BoardWords

    dutch = BoardWords(board="Keezenbord", pawn="pion", start="beginpositie", nest="nest",
                       colours=("rood", "blauw", "geel", "groen", "wit", "zwart", "oranje", "paars"))
    root = draw(sample(4), labels={"t5": "5!"}, words=dutch)
    assert root.get("aria-label") == "Keezenbord, 4"
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "5!" in texts and "0" in texts  # start holes are numbered
    h2 = next(h for h in by_class(root, "hole") if h.get("data-loc") == "h2" and h.get("data-colour") == "1")
    assert h2.get("aria-label").startswith("h2 blauw")


def _centres(root, kind):
    out = {}
    for hole in by_class(root, "hole"):
        loc = hole.get("data-loc")
        if loc.startswith(kind):
            circle = hole.find(SVG + "circle")
            out[(loc, hole.get("data-colour"), hole.get("data-index"))] = (float(circle.get("cx")), float(circle.get("cy")))
    return out


def test_track_holes_far_enough_apart_for_four_players():
    root = draw(sample(4))
    width = float(root.get("viewBox").split()[2])
    centres = list(_centres(root, "t").values())
    closest = min(math.dist(a, b) for a, b in itertools.combinations(centres, 2))
    assert closest >= 28 / 360 * width


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_no_spots_overlap(players):
    from engine.board_svg import HOLE_R, SCALE

    root = draw(sample(players))
    centres = [c for kind in "thn" for c in _centres(root, kind).values()]
    closest = min(math.dist(a, b) for a, b in itertools.combinations(centres, 2))
    assert closest >= 2 * HOLE_R * SCALE
    x, y, w, h = map(float, root.get("viewBox").split())
    assert all(x < cx < x + w and y < cy < y + h for cx, cy in centres)


def test_layout_is_cached_geometry():
    from engine.board_svg import home_xy, layout, nest_xy

    for players in (2, 4, 6, 8):
        assert len(layout(players)) == 16 * players
        assert len(home_xy(players)) == 4 * players
        assert len(nest_xy(players)) == 4 * players
    with pytest.raises(ValueError):
        layout(3)
