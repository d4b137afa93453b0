"""Judging a claimed move: legal, or the first rule it breaks, with the pawns and holes involved.

The claim is replayed part by part on a :class:`engine.rules.Table`; the first broken rule
gives the reason code of ``engine-cli.md`` and the facts the explanation sentence needs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.notation import FORWARD_STEPS, PLACING, SWAP
from engine.position import Position
from engine.rules import SEVEN, Table, controlled


@dataclass
class Verdict:
    reason: str
    rule: str
    facts: dict = field(default_factory=dict)


class Illegal(Exception):
    def __init__(self, reason: str, rule: str, **facts):
        super().__init__(reason)
        self.verdict = Verdict(reason, rule, facts)


def judge(position: Position, seat: int, card: str, parts: tuple, table: Table | None = None) -> Verdict | None:
    """None when the claimed move is legal, else the verdict.

    ``table``: the caller's :class:`Table` of ``position.locs`` when it has one already.
    """
    try:
        _replay(position, seat, card, parts, table)
    except Illegal as illegal:
        return illegal.verdict
    return None


def _replay(position: Position, seat: int, card: str, parts: tuple, table: Table | None = None) -> None:
    b = position.board
    if table is None:
        table = Table(position, position.locs)
    colours = controlled(position, table, seat)
    team = position.team_of(seat)
    facts = {"card": card, "seat": seat}

    kinds = {part[0] for part in parts}
    if card == "J":
        if kinds != {SWAP} or len(parts) != 1:
            raise Illegal("wrong-card", "R4", **facts, wanted="swap")
        _swap(position, table, seat, colours, team, parts[0], facts)
        return
    if SWAP in kinds:
        raise Illegal("wrong-card", "R4", **facts, wanted="no-swap")
    if card != "7" and len(parts) > 1:
        raise Illegal("wrong-card", "R5", **facts, wanted="one-part")
    if card == "7" and len(parts) > position.rules.seven_max_pawns:
        raise Illegal("seven-too-many-pawns", "R15", **facts, parts=len(parts), max=position.rules.seven_max_pawns)

    remaining = SEVEN
    used: set[int] = set()
    for number, (_kind, colour, start, dest) in enumerate(parts):
        part_facts = {**facts, "colour": colour, "from": b.name(start), "to": b.name(dest)}
        if colour not in colours:
            if card == "7" and colour in team and colour != seat and not table.all_home(seat):
                raise Illegal("remainder-to-partner", "R15", **part_facts)
            raise Illegal("not-own-pawn", "R9", **part_facts, partner=len(team) > 1)
        if start == b.nest:
            if card not in PLACING:
                if dest == b.starts[colour]:  # a placing, with a card that cannot place
                    raise Illegal("wrong-card", "R12", **part_facts, wanted="only-ace-king")
                raise Illegal("pawn-in-nest", "R12", **part_facts)
            _place(table, colour, dest, part_facts)  # only an ace or a king places: one part, the last
            continue
        if card == "K":
            raise Illegal("wrong-card", "R2", **part_facts, wanted="place")
        index = _pawn_at(table, colour, start, part_facts)
        if card == "7" and index in used:
            raise Illegal("seven-same-pawn", "R15", **part_facts)
        used.add(index)
        if card == "4":
            _backward(table, colour, start, dest, part_facts)  # a 4 is one part, the last
            continue
        steps = FORWARD_STEPS.get(card) if card != "7" else None
        dest_ok, k = _forward(position, table, colour, start, dest, steps, remaining, part_facts)
        if card == "7":  # only a 7 has parts after this one, judged on the table after it
            table = table_after(position, table, index, dest_ok)
            remaining -= k
            if remaining and table.all_home(colour) and b.is_home(dest):
                if colour == seat:
                    if not position.rules.seven_partner_remainder:
                        raise Illegal("remainder-to-partner", "R15", **part_facts, flag=False)
                    colours = tuple(c for c in team if c != seat and not table.all_home(c))
                else:
                    colours = tuple(c for c in colours if not table.all_home(c))
                if not colours:
                    raise Illegal("seven-incomplete", "R15", **part_facts, left=remaining, team_home=True)
            if number == len(parts) - 1 and remaining:
                raise Illegal("seven-incomplete", "R15", **part_facts, left=remaining)


def table_after(position: Position, table: Table, index: int, dest: int) -> Table:
    return Table(position, table.moved(index, dest))


def _pawn_at(table: Table, colour: int, loc: int, facts: dict) -> int:
    if loc < table.b.track:
        index = table.occ[loc]
        if index >= 0 and index >> 2 == colour:
            return index
    else:
        for index in range(4 * colour, 4 * colour + 4):
            if table.locs[index] == loc:
                return index
    raise Illegal("no-pawn-there", "R9", **facts)


def _place(table: Table, colour: int, dest: int, facts: dict) -> None:
    b = table.b
    start = b.starts[colour]
    if not any(table.locs[i] == b.nest for i in range(4 * colour, 4 * colour + 4)):
        raise Illegal("nest-empty", "R12", **facts)
    if dest != start:
        raise Illegal("wrong-steps", "R12", **facts, start=b.name(start))
    occupant = table.occ[start]
    if occupant >= 0 and occupant >> 2 == colour:
        raise Illegal("start-occupied", "R12", **facts)


def _blocker(table: Table, mask: int) -> str:
    hit = mask & table.blocked
    return table.b.name((hit & -hit).bit_length() - 1)


def _backward(table: Table, colour: int, start: int, dest: int, facts: dict) -> int:
    b = table.b
    if start >= b.track or dest >= b.track:
        raise Illegal("home-backward", "R16", **facts)
    path = b.back4[start]
    if path.dest != dest:
        raise Illegal("wrong-steps", "R16", **facts, steps=4, expected=b.name(path.dest))
    if path.track_mask & table.blocked or (table.blocked >> dest) & 1:
        raise Illegal("blocked-start", "R11", **facts,
                      hole=_blocker(table, path.track_mask | (1 << dest)))
    return dest


def _forward(position, table: Table, colour: int, start: int, dest: int, steps, remaining: int, facts: dict):
    """The checked destination and the number of steps it took."""
    b = table.b
    counts = [steps] if steps is not None else list(range(1, remaining + 1))
    if b.is_home(start) and (not b.is_home(dest) or dest <= start):
        raise Illegal("home-backward", "R13", **facts)
    overshoot = False
    for k in counts:
        path = b.forced[colour][start][k]
        if path.dest == -1:
            overshoot = True
        elif path.dest == dest:
            if path.track_mask & table.blocked:
                raise Illegal("blocked-start", "R11", **facts, hole=_blocker(table, path.track_mask))
            if b.is_home(dest):
                if (path.home_mask | (1 << (dest - b.track))) & table.home_occ[colour]:
                    raise Illegal("passes-home-pawn", "R13", **facts)
            elif (table.blocked >> dest) & 1:
                raise Illegal("blocked-start", "R11", **facts, hole=b.name(dest))
            return dest, k
        if start < b.track:
            around = b.around[colour][start][k]
            if around.passes_entrance and around.dest == dest:
                if position.rules.home_entry == "forced":
                    raise Illegal("own-home-entrance", "R13", **facts, entrance=b.name(b.entrances[colour]))
                if around.track_mask & table.blocked or (table.blocked >> dest) & 1:
                    raise Illegal("blocked-start", "R11", **facts,
                                  hole=_blocker(table, around.track_mask | (1 << dest)))
                return dest, k
    if b.is_home(dest) and overshoot:
        raise Illegal("overshoots-home", "R13", **facts)
    if steps is None and not b.is_home(dest):
        # a 7 part longer than what is left of the 7, or not forward at all
        raise Illegal("wrong-steps", "R15", **facts, steps=remaining)
    raise Illegal("wrong-steps", "R8", **facts, steps=steps if steps is not None else remaining)


def _swap(position: Position, table: Table, seat: int, colours, team, part, facts: dict) -> None:
    b = table.b
    _kind, colour, loc, other_colour, other_loc = part
    facts = {**facts, "colour": colour, "from": b.name(loc), "other": other_colour, "to": b.name(other_loc)}
    if colour not in colours:
        raise Illegal("not-own-pawn", "R14", **facts, partner=len(team) > 1)
    for where in (loc, other_loc):
        if where == b.nest:
            raise Illegal("pawn-in-nest", "R14", **facts)
        if where >= b.track:
            raise Illegal("pawn-in-home", "R14", **facts)
    _pawn_at(table, colour, loc, facts)
    _pawn_at(table, other_colour, other_loc, {**facts, "colour": other_colour})
    if other_colour == colour:
        raise Illegal("swap-same-colour", "R14", **facts)
    if other_colour in team and not position.rules.jack_partner:
        raise Illegal("swap-partner", "R14", **facts)
    if other_loc == b.starts[other_colour]:
        raise Illegal("swap-protected", "R11", **facts, hole=b.name(other_loc), whose=other_colour)
    if loc == b.starts[colour] and not position.rules.jack_own_start:
        raise Illegal("swap-protected", "R14", **facts, hole=b.name(loc), whose=colour)
