"""The rules: every legal move of a card (generation) and the verdict on a claimed move (judging).

Both work on a :class:`Table`, the occupancy of one position computed once per question: which
pawn is on each track hole, which track holes are blocked (a pawn on its own start hole, R11),
which home holes are full per colour. Paths come precomputed from :mod:`engine.board`, so a move
is legal when its masks miss the blocked holes.

Generation and judging are written separately — generation for speed, judging to find the first
broken rule — and the property tests hold them to the same answers.
"""

from __future__ import annotations

from engine.notation import FORWARD_STEPS, MOVE, PLACING, SWAP
from engine.position import Position

SEVEN = 7


class Table:
    """Occupancy of one set of locations."""

    __slots__ = ("b", "locs", "occ", "blocked", "home_occ", "position")

    def __init__(self, position: Position, locs):
        b = position.board
        self.position = position
        self.b = b
        self.locs = locs
        occ = [-1] * b.track
        home_occ = [0] * b.players
        track, nest = b.track, b.nest
        for index, loc in enumerate(locs):
            if loc < track:
                occ[loc] = index
            elif loc < nest:
                home_occ[index >> 2] |= 1 << (loc - track)
        blocked = 0
        for colour, start in enumerate(b.starts):
            if occ[start] >> 2 == colour and occ[start] >= 0:
                blocked |= 1 << start
        self.occ = occ
        self.blocked = blocked
        self.home_occ = home_occ

    def all_home(self, colour: int) -> bool:
        return self.home_occ[colour] == 15

    def moved(self, index: int, dest: int) -> tuple[int, ...]:
        """Locations after pawn ``index`` moves to ``dest``, capturing what stands there (R10)."""
        locs = list(self.locs)
        if dest < self.b.track:
            victim = self.occ[dest]
            if victim >= 0:
                locs[victim] = self.b.nest
        locs[index] = dest
        return tuple(locs)


def controlled(position: Position, table: Table, seat: int) -> tuple[int, ...]:
    """The colours whose pawns the seat moves: its own, or once all are home its partners' (R9, R20)."""
    if not table.all_home(seat):
        return (seat,)
    return tuple(c for c in position.team_of(seat) if c != seat and not table.all_home(c))


# --- generation ------------------------------------------------------------------------------


def _forward_dests(table: Table, colour: int, loc: int, k: int, optional_entry: bool) -> list[int]:
    """Every hole a forward move of ``k`` can legally end on (R8, R10, R11, R13)."""
    b = table.b
    out = []
    if loc >= b.nest:
        return out
    path = b.forced[colour][loc][k]
    dest = path.dest
    if dest >= 0 and not path.track_mask & table.blocked and not path.home_mask & table.home_occ[colour]:
        if dest < b.track:
            if not (table.blocked >> dest) & 1:
                out.append(dest)
        elif not (table.home_occ[colour] >> (dest - b.track)) & 1:
            out.append(dest)
    if optional_entry and loc < b.track:
        around = b.around[colour][loc][k]
        if around.passes_entrance and not around.track_mask & table.blocked and not (table.blocked >> around.dest) & 1:
            out.append(around.dest)
    return out


def _placings(position: Position, table: Table, colours) -> list[tuple]:
    b = table.b
    out = []
    for colour in colours:
        start = b.starts[colour]
        occupant = table.occ[start]
        if occupant >= 0 and occupant >> 2 == colour:
            continue  # R12: own pawn on the start hole
        for index in range(4 * colour, 4 * colour + 4):
            if table.locs[index] == b.nest:
                out.append((((MOVE, colour, b.nest, start),), table.moved(index, start)))
                break
    return out


def _forwards(position: Position, table: Table, colours, k: int) -> list[tuple]:
    optional_entry = position.rules.home_entry == "optional"
    nest = table.b.nest
    out = []
    for colour in colours:
        for index in range(4 * colour, 4 * colour + 4):
            loc = table.locs[index]
            if loc == nest:
                continue
            for dest in _forward_dests(table, colour, loc, k, optional_entry):
                out.append((((MOVE, colour, loc, dest),), table.moved(index, dest)))
    return out


def _backwards(position: Position, table: Table, colours) -> list[tuple]:
    b = table.b
    out = []
    for colour in colours:
        for index in range(4 * colour, 4 * colour + 4):
            loc = table.locs[index]
            if loc >= b.track:
                continue  # R16: never in or out of a home; nest pawns do not move
            path = b.back4[loc]
            if path.track_mask & table.blocked or (table.blocked >> path.dest) & 1:
                continue
            out.append((((MOVE, colour, loc, path.dest),), table.moved(index, path.dest)))
    return out


def _swaps(position: Position, table: Table, seat: int, colours) -> list[tuple]:
    b = table.b
    rules = position.rules
    team = position.team_of(seat)
    locs = table.locs
    out = []
    for colour in colours:
        for index in range(4 * colour, 4 * colour + 4):
            loc = locs[index]
            if loc >= b.track:
                continue
            if loc == b.starts[colour] and not rules.jack_own_start:
                continue
            for other, other_loc in enumerate(locs):
                other_colour = other >> 2
                if other_loc >= b.track or other_colour == colour:
                    continue
                if other_loc == b.starts[other_colour]:
                    continue  # R11/R14: protected on its own start hole
                if other_colour in team and not rules.jack_partner:
                    continue
                swapped = list(locs)
                swapped[index], swapped[other] = other_loc, loc
                out.append((((SWAP, colour, loc, other_colour, other_loc),), tuple(swapped)))
    return out


def _sevens(position: Position, table: Table, seat: int) -> list[tuple]:
    out: list[tuple] = []
    rules = position.rules
    optional_entry = rules.home_entry == "optional"
    max_parts = rules.seven_max_pawns
    team = position.team_of(seat)

    def extend(table: Table, colours, remaining: int, parts: tuple, used: frozenset):
        last_part = len(parts) + 1 == max_parts
        nest = table.b.nest
        for colour in colours:
            for index in range(4 * colour, 4 * colour + 4):
                if index in used:
                    continue
                loc = table.locs[index]
                if loc == nest:
                    continue
                for k in (range(remaining, remaining + 1) if last_part else range(1, remaining + 1)):
                    for dest in _forward_dests(table, colour, loc, k, optional_entry):
                        locs = table.moved(index, dest)
                        new_parts = parts + ((MOVE, colour, loc, dest),)
                        left = remaining - k
                        next_table = None
                        next_colours = colours
                        if left and dest >= table.b.track:
                            next_table = Table(position, locs)
                            if next_table.all_home(colour):
                                # R15/R20: the rest goes to the partner, or the 7 is not playable.
                                if colour == seat:
                                    if not rules.seven_partner_remainder:
                                        continue
                                    pool = team
                                else:
                                    pool = colours
                                next_colours = tuple(
                                    c for c in pool if c != seat and not next_table.all_home(c)
                                )
                                if not next_colours:
                                    continue
                        if not left:
                            out.append((new_parts, locs))
                        elif len(new_parts) < max_parts:
                            extend(next_table or Table(position, locs), next_colours, left, new_parts, used | {index})

    extend(table, controlled(position, table, seat), SEVEN, (), frozenset())
    return out


def legal_moves(position: Position, seat: int, card: str, locs=None, table: Table | None = None) -> list[tuple]:
    """Every legal move of ``card`` for ``seat``: a list of ``(parts, result_locs)``.

    ``table``: the caller's :class:`Table` of ``position.locs`` (or of ``locs``) when it has one
    already — a Table never changes once built, so ``python -m engine batch`` builds one per position.
    """
    if table is None:
        table = Table(position, position.locs if locs is None else locs)
    colours = controlled(position, table, seat)
    if not colours:
        return []
    if card == "7":
        return _sevens(position, table, seat)
    if card == "4":
        return _backwards(position, table, colours)
    if card == "J":
        return _swaps(position, table, seat, colours)
    moves = _placings(position, table, colours) if card in PLACING else []
    if card in FORWARD_STEPS:
        moves += _forwards(position, table, colours, FORWARD_STEPS[card])
    return moves


def captures_own(position: Position, seat: int, locs_before, locs_after) -> bool:
    """Whether a move sent a pawn of the seat's team back to its nest (R17's self capture)."""
    b = position.board
    team = position.team_of(seat)
    for colour in team:
        for index in range(4 * colour, 4 * colour + 4):
            if locs_after[index] == b.nest and locs_before[index] != b.nest:
                return True
    return False
