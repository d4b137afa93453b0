"""The board as SVG markup (the board drawing), for the dispute desk: holes to tap, pawns, legal moves as arrows.

Geometry (:func:`layout`, in units of one hole spacing, centre of the board at 0, 0; y points
down, so "forward" runs clockwise on the screen, seat 0 at the bottom):

* 4, 6, 8 players: a regular polygon with one side per seat. Seat *s*'s side starts at the corner
  that holds the hole before its start (``t(16s − 1)``, its home entrance); its 16 holes run along
  the side with a slot (3 deep, 2 wide) pushed in from the middle — the slot gives the track enough
  length for holes a full spacing apart and holds the seat's nest (4 spots in a column, outside the
  track). The home ``h1 … h4`` runs from the corner hole straight towards the centre.
* 2 players: a circle of 32 holes; homes run radially inward from the hole before the start, nests
  sit outside near the start.

Every hole, home hole and nest spot is a ``<g class="hole" data-loc=…>`` (homes and nests also carry
``data-colour``, nest spots ``data-index``) with ``tabindex``, ``role="button"`` and an
``aria-label``, so it can be tapped and reached by keyboard; pawns ignore the pointer so a tap on a
pawn lands on its hole.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from engine.board import COLOUR_NAMES, HOLES_PER_SEAT, PLAYER_COUNTS
from engine.describe import captures
from engine.notation import MOVE, SWAP, move_text, parse_move
from engine.position import Position, parse_position

__all__ = ["PALETTE", "SCALE", "BoardWords", "board_svg", "home_xy", "layout", "nest_xy"]

PALETTE = ("#d62728", "#1f77b4", "#f2c200", "#2ca02c", "#ffffff", "#222222", "#ff7f0e", "#9467bd")
SCALE = 30.0  # viewBox units per hole spacing
HOLE_R = 0.34  # visible hole radius (hole spacings)
HIT_R = 0.48  # invisible tap target radius
PAWN_R = 0.27
NEST_R = 0.26
NEST_PAWN_R = 0.22

# The seat's side in local coordinates (u along the side from its corner, v inward):
SIDE = 10  # corner to corner
SLOT_AT, SLOT_WIDTH, SLOT_DEPTH = 4, 2, 3  # 10 + 2·3 = 16 holes from corner to corner
NEST_V = (-0.45, 0.3, 1.05, 1.8)  # the nest column in the slot, from its mouth inward
HOME_STEP = 1.0


@cache
def _geometry(players: int) -> tuple[dict, dict, dict]:
    if players not in PLAYER_COUNTS:
        raise ValueError(f"players must be 2, 4, 6 or 8, not {players}")
    return _circle(players) if players == 2 else _polygon(players)


def _polygon(players: int) -> tuple[dict, dict, dict]:
    radius = SIDE / (2 * math.sin(math.pi / players))
    corners = []
    for seat in range(players):
        angle = math.radians(90 - 180 / players + 360 * seat / players)
        corners.append((radius * math.cos(angle), radius * math.sin(angle)))
    local = [(0, 0), (SLOT_AT, 0), (SLOT_AT, SLOT_DEPTH), (SLOT_AT + SLOT_WIDTH, SLOT_DEPTH),
             (SLOT_AT + SLOT_WIDTH, 0), (SIDE, 0)]
    track: dict[int, tuple[float, float]] = {}
    homes: dict[tuple[int, int], tuple[float, float]] = {}
    nests: dict[tuple[int, int], tuple[float, float]] = {}
    for seat in range(players):
        (x0, y0), (x1, y1) = corners[seat], corners[(seat + 1) % players]
        ex, ey = (x1 - x0) / SIDE, (y1 - y0) / SIDE
        nx, ny = -ey, ex
        if nx * (x0 + x1) + ny * (y0 + y1) > 0:  # make the normal point inward
            nx, ny = -nx, -ny

        def point(u: float, v: float) -> tuple[float, float]:
            return (x0 + ex * u + nx * v, y0 + ey * u + ny * v)  # noqa: B023 (used at once)

        for i in range(1, HOLES_PER_SEAT + 1):  # hole t(16·seat + i − 1) lies i along the side
            left = float(i)
            for (u0, v0), (u1, v1) in itertools.pairwise(local):
                length = math.hypot(u1 - u0, v1 - v0)
                if left <= length + 1e-9:
                    t = left / length
                    track[HOLES_PER_SEAT * seat + i - 1] = point(u0 + (u1 - u0) * t, v0 + (v1 - v0) * t)
                    break
                left -= length
        distance = math.hypot(x0, y0)
        for j in range(1, 5):
            f = 1 - HOME_STEP * j / distance
            homes[(seat, j)] = (x0 * f, y0 * f)
        for index, v in enumerate(NEST_V):
            nests[(seat, index)] = point(SLOT_AT + SLOT_WIDTH / 2, v)
    return track, homes, nests


def _circle(players: int) -> tuple[dict, dict, dict]:
    count = HOLES_PER_SEAT * players
    radius = 0.5 / math.sin(math.pi / count)  # neighbours exactly one spacing apart
    step = 2 * math.pi / count
    base = math.radians(90 - 180 / players)  # where the hole before seat 0's start lies

    def polar(r: float, angle: float) -> tuple[float, float]:
        return (r * math.cos(angle), r * math.sin(angle))

    track = {loc: polar(radius, base + (loc + 1) * step) for loc in range(count)}
    homes: dict[tuple[int, int], tuple[float, float]] = {}
    nests: dict[tuple[int, int], tuple[float, float]] = {}
    for seat in range(players):
        entrance = base + HOLES_PER_SEAT * seat * step
        for j in range(1, 5):
            homes[(seat, j)] = polar(radius - HOME_STEP * j, entrance)
        for index in range(4):
            ring, along = divmod(index, 2)
            nests[(seat, index)] = polar(radius + 1.1 + 0.75 * ring, entrance + (2.2 + 1.4 * along) * step)
    return track, homes, nests


def layout(players: int) -> dict[int, tuple[float, float]]:
    """Centre of every track hole (location number → x, y in hole spacings, board centre 0, 0)."""
    return dict(_geometry(players)[0])


def home_xy(players: int) -> dict[tuple[int, int], tuple[float, float]]:
    """Centre of home hole ``hJ`` of each colour: ``(colour, J) → (x, y)``."""
    return dict(_geometry(players)[1])


def nest_xy(players: int) -> dict[tuple[int, int], tuple[float, float]]:
    """Centre of the four nest spots of each colour: ``(colour, index 0…3) → (x, y)``."""
    return dict(_geometry(players)[2])


@cache
def view_box(players: int) -> tuple[float, float, float, float]:
    """``(x, y, width, height)`` in viewBox units: every spot plus the margin."""
    track, homes, nests = _geometry(players)
    edges = [(p, HIT_R + 0.1) for p in (*track.values(), *homes.values())]
    edges += [(p, NEST_R + 0.15) for p in nests.values()]
    x0 = min(p[0] - m for p, m in edges) * SCALE
    y0 = min(p[1] - m for p, m in edges) * SCALE
    x1 = max(p[0] + m for p, m in edges) * SCALE
    y1 = max(p[1] + m for p, m in edges) * SCALE
    return (x0, y0, x1 - x0, y1 - y0)


# --- drawing ---------------------------------------------------------------------------------


def _f(value: float) -> str:
    text = f"{value:.1f}"
    return "0" if text in ("0.0", "-0.0") else text.removesuffix(".0")


def _xy(point: tuple[float, float]) -> tuple[float, float]:
    return (point[0] * SCALE, point[1] * SCALE)


def _attrs(**attrs: Any) -> str:
    return "".join(f" {key.rstrip('_').replace('_', '-')}={quoteattr(str(value))}"
                   for key, value in attrs.items() if value is not None)


def _tint(colour: str) -> str:
    """The colour mixed with white, for the fill of marked holes."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(round(c + (255 - c) * 0.6) for c in (r, g, b)))


STYLE = """
.hole{cursor:pointer;outline:none}
.hole .hit{fill:transparent}
.hole:focus .vis,.hole:hover .vis{stroke:#000;stroke-width:3}
.claimed .vis{stroke:#000;stroke-width:3.5;stroke-dasharray:4 2}
.pawn,.label,.captured,.move-arrow{pointer-events:none}
.move-arrow{fill:none;stroke:#333;stroke-width:2.2;stroke-opacity:.75}
.move-arrow.dim{stroke-opacity:.2}
.move-arrow.highlight{stroke:#000;stroke-width:3.4;stroke-opacity:1}
.label{font-family:sans-serif;font-size:9px;fill:#555;text-anchor:middle;dominant-baseline:central}
""".strip()


def _position(position: Any) -> Position:
    return position if isinstance(position, Position) else parse_position(position)


def _claim_keys(position: Position, claim) -> set[tuple]:
    """Claimed spots as keys ``(loc_text, colour or None)``; colour None matches every colour."""
    b = position.board
    keys = set()
    for item in claim:
        colour = None
        if isinstance(item, tuple):
            item, colour = item
        text = b.name(item) if isinstance(item, int) else str(item)
        keys.add((text, colour))
    return keys


@dataclass(frozen=True)
class BoardWords:
    """The words of the board's labels for screen readers. The engine speaks English; a caller
    that shows the board in another language passes its translations (the app uses gettext)."""

    board: str = "Keezen board"
    pawn: str = "pawn"
    start: str = "start"
    nest: str = "nest"
    colours: tuple[str, ...] = tuple(COLOUR_NAMES["en"])


def board_svg(position: Any, *, moves=(), highlight: int | None = None, claim: tuple = (),
              selectable: bool = True, labels: dict | None = None, words: BoardWords = BoardWords()) -> str:
    """SVG markup of the board with the position's pawns.

    * ``moves``: ``(card, parts)`` pairs (or move texts); each part becomes an arrow
      ``<path class="move-arrow" data-move="…">`` from the pawn's hole to where it ends (a swap: one
      arrow with heads at both ends), and every pawn a move captures gets a ``class="captured"`` mark.
    * ``highlight``: index into ``moves``; that move's arrows are emphasised (drawn last), the others
      dimmed, and only its captures are marked.
    * ``claim``: spots the user tapped — locations (ints as in :mod:`engine.board`, or texts such as
      ``"t17"``), or ``(location, colour)`` pairs for a home hole or nest; they get ``class="claimed"``.
    * ``selectable``: False draws a picture without tab stops or button roles.
    * ``labels``: extra text per spot, keyed ``"t17"`` or ``"h2:1"`` / ``"n:1"`` (spot:colour);
      drawn small beside the spot. Start holes show their number unless a label replaces it.
    * ``words``: the words of the aria labels (board, pawn, start, nest, the colour names).
    """
    position = _position(position)
    b = position.board
    players = position.players
    track, homes, nests = _geometry(players)
    names = words.colours
    claimed = _claim_keys(position, claim)
    labels = dict(labels or {})
    x0, y0, width, height = view_box(players)

    # Where each pawn stands: track and home holes from the position, nest pawns on spots 0, 1, …
    pawn_at: dict[tuple, int] = {}
    for colour in range(players):
        in_nest = 0
        for loc in position.colour_locs(colour):
            if loc < b.track:
                pawn_at[("t", loc)] = colour
            elif loc < b.nest:
                pawn_at[("h", colour, loc - b.track + 1)] = colour
            else:
                pawn_at[("n", colour, in_nest)] = colour
                in_nest += 1

    out = [
        (f'<svg xmlns="http://www.w3.org/2000/svg"{_attrs(viewBox=" ".join(map(_f, (x0, y0, width, height))))}'
        f'{_attrs(width="100%", class_="keezen-board", role="group", data_players=players)}'
        f'{_attrs(aria_label=f"{words.board}, {players}")}>'),
        f"<style>{STYLE}</style>",
        ('<defs><marker id="kz-arrowhead" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4.5" '
        'markerHeight="4.5" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#333"/></marker></defs>'),
    ]

    # The track line and the home lanes, under the holes.
    ring = [_xy(track[loc]) for loc in range(b.track)]
    out.append('<path class="track-line" fill="none" stroke="#c8c8c8" stroke-width="2" d="M'
               + "L".join(f"{_f(x)},{_f(y)}" for x, y in ring) + 'Z"/>')
    for colour in range(players):
        lane = [_xy(track[b.entrances[colour]])] + [_xy(homes[(colour, j)]) for j in range(1, 5)]
        out.append(f'<path class="home-line" fill="none" stroke={quoteattr(PALETTE[colour])} stroke-width="2" '
                   f'stroke-opacity=".6" d="M' + "L".join(f"{_f(x)},{_f(y)}" for x, y in lane) + '"/>')

    def spot(point, loc_text: str, aria: str, fill: str, stroke: str, radius: float, *, colour: int | None = None,
             index: int | None = None, dashed: bool = False, key_label: str | None = None) -> None:
        x, y = _xy(point)
        is_claimed = (loc_text, None) in claimed or (loc_text, colour) in claimed
        classes = "hole claimed" if is_claimed else "hole"
        occupant = pawn_at.get(("t", int(loc_text[1:])) if colour is None else
                               (loc_text[0], colour, index if loc_text == "n" else int(loc_text[1:])))
        if occupant is not None:
            aria += f", {names[occupant]} {words.pawn}"
        interactive = _attrs(tabindex="0", role="button") if selectable else ""
        out.append(
            f"<g{_attrs(class_=classes, data_loc=loc_text, data_colour=colour, data_index=index)}"
            f"{interactive}{_attrs(aria_label=aria)}>"
            f'<circle class="hit"{_attrs(cx=_f(x), cy=_f(y), r=_f(HIT_R * SCALE))}/>'
            f'<circle class="vis"{_attrs(cx=_f(x), cy=_f(y), r=_f(radius * SCALE), fill=fill, stroke=stroke)}'
            f'{_attrs(stroke_width="2.5" if stroke != "#999" else "1.2", stroke_dasharray="3 2" if dashed else None)}/>'
            "</g>"
        )
        text = labels.get(key_label or loc_text, None)
        if text is not None:
            # beside the spot, towards the centre of the board
            dx, dy = -point[0], -point[1]
            norm = math.hypot(dx, dy) or 1
            tx, ty = x + dx / norm * 0.62 * SCALE, y + dy / norm * 0.62 * SCALE
            out.append(f'<text class="label"{_attrs(x=_f(tx), y=_f(ty))}>{escape(str(text))}</text>')

    start_of = {start: colour for colour, start in enumerate(b.starts)}
    for loc in range(b.track):
        colour = start_of.get(loc)
        if colour is None:
            spot(track[loc], f"t{loc}", f"t{loc}", "#f4f4f4", "#999", HOLE_R)
        else:
            labels.setdefault(f"t{loc}", str(loc))
            spot(track[loc], f"t{loc}", f"t{loc}, {words.start} {names[colour]}", _tint(PALETTE[colour]),
                 PALETTE[colour] if colour != 4 else "#666", HOLE_R)
    for colour in range(players):
        stroke = PALETTE[colour] if colour != 4 else "#666"
        for j in range(1, 5):
            spot(homes[(colour, j)], f"h{j}", f"h{j} {names[colour]}", _tint(PALETTE[colour]), stroke, HOLE_R,
                 colour=colour, key_label=f"h{j}:{colour}")
        for index in range(4):
            spot(nests[(colour, index)], "n", f"{words.nest} {names[colour]} {index + 1}", "#ffffff", stroke, NEST_R,
                 colour=colour, index=index, dashed=True, key_label=f"n:{colour}" if index == 0 else f"n:{colour}:{index}")

    # Pawns, on top of the holes; taps go through them to the hole.
    for key, colour in pawn_at.items():
        if key[0] == "t":
            point, loc_text, radius = track[key[1]], f"t{key[1]}", PAWN_R
        elif key[0] == "h":
            point, loc_text, radius = homes[(colour, key[2])], f"h{key[2]}", PAWN_R
        else:
            point, loc_text, radius = nests[(colour, key[2])], "n", NEST_PAWN_R
        x, y = _xy(point)
        out.append(
            f'<circle class="pawn"{_attrs(data_colour=colour, data_loc=loc_text, cx=_f(x), cy=_f(y))}'
            f'{_attrs(r=_f(radius * SCALE), fill=PALETTE[colour], stroke="#222" if colour != 5 else "#888")}'
            ' stroke-width="1.5" pointer-events="none"/>'
        )

    # Moves: arrows per part, captured marks.
    parsed = []
    for move in moves:
        card, parts = parse_move(move, b) if isinstance(move, str) else move
        parsed.append((card, tuple(parts)))
    order = list(range(len(parsed)))
    if highlight is not None:
        order.sort(key=lambda i: i == highlight)  # the highlighted move last, on top
    for i in order:
        card, parts = parsed[i]
        text = move_text(b, card, parts)
        kind = "" if highlight is None else (" highlight" if i == highlight else " dim")
        nest_used: dict[int, int] = {}
        for part in parts:
            start, end = _part_points(position, part, pawn_at, nest_used)
            out.append(_arrow(start, end, f"move-arrow{kind}", text, both=part[0] == SWAP))
        if highlight is None or i == highlight:
            for colour, loc in captures(position, card, parts):
                x, y = _xy(track[loc])
                r = (HOLE_R + 0.08) * SCALE
                d = r * 0.6
                out.append(
                    f'<g class="captured"{_attrs(data_loc=f"t{loc}", data_colour=colour, data_move=text)}>'
                    f'<circle{_attrs(cx=_f(x), cy=_f(y), r=_f(r))} fill="none" stroke="#000" stroke-width="2.5"/>'
                    f'<path d="M{_f(x - d)},{_f(y - d)}L{_f(x + d)},{_f(y + d)}M{_f(x - d)},{_f(y + d)}L{_f(x + d)},{_f(y - d)}"'
                    ' stroke="#000" stroke-width="2.5"/></g>'
                )
    out.append("</svg>")
    return "\n".join(out)


def _part_points(position: Position, part: tuple, pawn_at: dict, nest_used: dict) -> tuple:
    b = position.board
    track, homes, nests = _geometry(position.players)

    def where(colour: int, loc: int):
        if loc < b.track:
            return track[loc]
        if loc < b.nest:
            return homes[(colour, loc - b.track + 1)]
        # the first nest spot of the colour holding a pawn not yet moved by this move
        taken = nest_used.get(colour, 0)
        spots = [index for index in range(4) if pawn_at.get(("n", colour, index)) == colour]
        nest_used[colour] = taken + 1
        return nests[(colour, spots[taken] if taken < len(spots) else 0)]

    if part[0] == MOVE:
        _kind, colour, a, c = part
        return where(colour, a), where(colour, c)
    _kind, colour, a, other, c = part
    return where(colour, a), where(other, c)


def _arrow(start, end, classes: str, text: str, both: bool = False) -> str:
    (sx, sy), (ex, ey) = start, end
    mx, my = (sx + ex) / 2, (sy + ey) / 2
    length = math.hypot(ex - sx, ey - sy) or 1.0
    px, py = -(ey - sy) / length, (ex - sx) / length
    if px * -mx + py * -my < 0:  # bend towards the centre of the board
        px, py = -px, -py
    bend = min(0.35 * length, 3.0)
    cx, cy = mx + px * bend, my + py * bend

    def trimmed(x, y, tx, ty, by):
        d = math.hypot(tx - x, ty - y) or 1.0
        return x + (tx - x) / d * by, y + (ty - y) / d * by

    sx, sy = trimmed(sx, sy, cx, cy, HOLE_R + 0.05)
    ex, ey = trimmed(ex, ey, cx, cy, HOLE_R + 0.12)
    d = f"M{_f(sx * SCALE)},{_f(sy * SCALE)}Q{_f(cx * SCALE)},{_f(cy * SCALE)} {_f(ex * SCALE)},{_f(ey * SCALE)}"
    start_marker = ' marker-start="url(#kz-arrowhead)"' if both else ""
    return (f'<path{_attrs(class_=classes, data_move=text, d=d)}{start_marker}'
            ' marker-end="url(#kz-arrowhead)"/>')
