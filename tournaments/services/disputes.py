"""Positions for the dispute desk and the rules helper: set up a position, ask the engine what a card
allows, judge a claimed move, keep the ruling.

Why a layer over the engine: the director works with taps and pasted codes, in Dutch or English,
and needs messages that name what is wrong ("rood heeft 5 pionnen") rather than the engine's
English. The set-up is checked here first, with translated messages; the engine then answers with
the house rules of the tournament (or, on the public rules helper, the ones ticked).

The state of the desk travels with every request as a position code (``K4:t0.t23|-|t40|-``): the
server keeps nothing between taps.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from engine.api import can_fold, check
from engine.describe import describe_move
from engine.errors import EngineError
from engine.house_rules import HouseRules
from engine.notation import move_text
from engine.position import Position, parse_position
from engine.rules import legal_moves
from tournaments.models import Round, Ruling, Table, Tournament
from tournaments.services.notes import checked_note
from tournaments.services.seating import COLOURS

CARDS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PLAYER_COUNTS = (2, 4, 6, 8)
PAWNS = 4
HOLE = re.compile(r"^(?:t(?P<track>\d+)|h(?P<home>[1-4]))$")


class SetupError(Exception):
    """A position that cannot be set up; the message names the problem (translated)."""


def colour_name(colour: int) -> str:
    return str(COLOURS[colour])


@dataclass(frozen=True)
class Setup:
    """Pawns on the board per colour (hole names, nest pawns left out); 4 minus that are in the nest."""

    players: int
    pawns: tuple[tuple[str, ...], ...]

    @property
    def code(self) -> str:
        return f"K{self.players}:" + "|".join(".".join(holes) if holes else "-" for holes in self.pawns)

    def at(self, hole: str) -> int | None:
        """The colour of the pawn on a track hole, if any."""
        for colour, holes in enumerate(self.pawns):
            if hole in holes:
                return colour
        return None

    def position(self, rules: HouseRules) -> Position:
        rows = [list(holes) + ["n"] * (PAWNS - len(holes)) for holes in self.pawns]
        try:
            return parse_position({"players": self.players, "pawns": rows, "rules": rules.as_json()})
        except EngineError as error:  # checked before; kept as a guard with the engine's words
            raise SetupError(_("This position cannot be used: %(detail)s") % {"detail": error}) from None


def empty_setup(players: int = 4) -> Setup:
    """Every pawn in its nest."""
    return Setup(players, tuple(() for _ in range(players)))


def _sort_key(hole: str) -> tuple[int, int]:
    return (0, int(hole[1:])) if hole.startswith("t") else (1, int(hole[1:]))


def checked_setup(players: object, rows: list[list[str]]) -> Setup:
    """``rows``: per colour the holes of its pawns (``n`` for the nest). Every problem is named."""
    if players not in PLAYER_COUNTS or isinstance(players, bool):
        raise SetupError(_("A board has 2, 4, 6 or 8 players, not %(players)s.") % {"players": players})
    if len(rows) != players:
        raise SetupError(_("%(count)s colours are written for a board of %(players)s players.")
                         % {"count": len(rows), "players": players})
    track = 16 * players
    owner: dict[str, int] = {}
    out = []
    for colour, row in enumerate(rows):
        if len(row) > PAWNS:
            raise SetupError(_("%(colour)s has %(count)s pawns; every colour has 4.")
                             % {"colour": colour_name(colour), "count": len(row)})
        holes = []
        for hole in row:
            if hole == "n":
                continue
            match = HOLE.match(hole) if isinstance(hole, str) else None
            if not match or (match["track"] is not None and int(match["track"]) >= track):
                raise SetupError(_("“%(hole)s” is not a hole of a board for %(players)s players (t0 to t%(last)s, h1 to h4, n).")
                                 % {"hole": hole, "players": players, "last": track - 1})
            if hole in holes:
                raise SetupError(_("%(colour)s has two pawns on %(hole)s.") % {"colour": colour_name(colour), "hole": hole})
            if match["track"] is not None and hole in owner:
                raise SetupError(_("Two pawns on %(hole)s (%(first)s and %(second)s): a hole holds one pawn.") % {
                    "hole": hole, "first": colour_name(owner[hole]), "second": colour_name(colour)})
            if match["track"] is not None:
                owner[hole] = colour
            holes.append(hole)
        out.append(tuple(sorted(holes, key=_sort_key)))
    return Setup(players, tuple(out))


def read_setup(text: str) -> Setup:
    """A pasted position code (``K4:t0|-|t40|-``) or position JSON; house rules and teams in it are
    not used (the desk applies the tournament's)."""
    text = text.strip()
    if not text:
        raise SetupError(_("Paste a position code such as K4:t0.t23|-|t40|- or a position JSON."))
    if text.startswith("{"):
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as error:
            raise SetupError(_("The position JSON cannot be read: %(detail)s") % {"detail": error.msg}) from None
        pawns = raw.get("pawns") if isinstance(raw, dict) else None
        if not isinstance(pawns, list) or not all(isinstance(row, list) for row in pawns):
            raise SetupError(_("A position JSON has “players” and “pawns”: a list of holes per colour."))
        return checked_setup(raw.get("players"), pawns)
    head = text.split(";")[0]
    match = re.fullmatch(r"K(\d+):(.*)", head)
    if not match:
        raise SetupError(_("A position code starts with K and the number of players, e.g. K4:t0.t23|-|t40|-."))
    rows = [[] if chunk == "-" else chunk.split(".") for chunk in match[2].split("|")]
    return checked_setup(int(match[1]), rows)


def toggle(setup: Setup, colour: int, hole: str) -> Setup:
    """Tap a hole: take off the pawn of ``colour`` there, or put one of its nest pawns on it (a pawn
    of another colour on a track hole goes back to its nest). Home holes belong to one colour."""
    pawns = [list(holes) for holes in setup.pawns]
    if not 0 <= colour < setup.players:
        raise SetupError(_("There is no colour %(colour)s on this board.") % {"colour": colour})
    if hole in pawns[colour]:
        pawns[colour].remove(hole)
    else:
        if len(pawns[colour]) >= PAWNS:
            raise SetupError(_("All 4 pawns of %(colour)s are on the board; tap one of them to take it off first.")
                             % {"colour": colour_name(colour)})
        other = setup.at(hole) if hole.startswith("t") else None
        if other is not None:
            pawns[other].remove(hole)
        pawns[colour].append(hole)
    return checked_setup(setup.players, pawns)


# --------------------------------------------------------------------------- asking and judging


@dataclass(frozen=True)
class MoveView:
    text: str  # the notation, e.g. "4 0:t3>t63"
    sentence: str
    parts: tuple


@dataclass
class Answer:
    moves: list[MoveView] = field(default_factory=list)
    may_fold: bool = False  # every move captures an own or partner pawn and the house rule lets them fold


def language() -> str:
    """The engine's sentences exist in Dutch and English: the page's language, else English."""
    return "nl" if (get_language() or "").startswith("nl") else "en"


def ask(position: Position, seat: int, card: str) -> Answer:
    """Every legal move of ``card`` for ``seat``, in the engine's order, with a sentence each."""
    lang = language()
    listed = sorted(legal_moves(position, seat, card), key=lambda move: move[0])
    moves = [MoveView(move_text(position.board, card, parts), describe_move(position, card, parts, lang, seat=seat),
                      parts)
             for parts, _locs in listed]
    return Answer(moves=moves, may_fold=bool(moves) and can_fold(position, seat, [card]))


def judge_claim(position: Position, seat: int, card: str, claim: str) -> dict:
    """The engine's verdict on a claimed move (``check`` of engine-cli.md)."""
    try:
        return check(position, seat, card, claim)
    except EngineError as error:
        raise SetupError(_("The claimed move cannot be read: %(detail)s") % {"detail": error}) from None


def claim_from_taps(setup: Setup, card: str, taps: list[tuple[str, int | None]]) -> str:
    """Move notation from tapped holes: pairs of (from, to); a jack swaps the two tapped pawns.

    ``taps`` holds (hole, colour of the home or nest tapped, else None)."""
    parts = []
    for i in range(0, len(taps) - 1, 2):
        (start, start_colour), (end, _end_colour) = taps[i], taps[i + 1]
        mover = start_colour if start_colour is not None else setup.at(start)
        if mover is None:
            raise SetupError(_("There is no pawn on %(hole)s to move.") % {"hole": start})
        if card == "J":
            other = setup.at(end)
            if other is None:
                raise SetupError(_("A jack swaps two pawns, and there is no pawn on %(hole)s.") % {"hole": end})
            parts.append(f"{mover}:{start}<>{other}:{end}")
        else:
            parts.append(f"{mover}:{start}>{end}")
    return f"{card} " + ",".join(parts) if parts else ""


# --------------------------------------------------------------------------- rulings


def save_ruling(tournament: Tournament, table: Table | None, position: Position, code: str, seat: int, card: str,
                claim: str, note: str, user) -> Ruling:
    """Keep the question and the engine's answer now, with the director's note."""
    note = checked_note(note)
    if claim:
        verdict = judge_claim(position, seat, card, claim)
    else:
        answer = ask(position, seat, card)
        verdict = {"moves": [move.text for move in answer.moves], "may_fold": answer.may_fold}
    if table is not None and table.round.tournament_id != tournament.pk:
        raise SetupError(_("That table is not in this tournament."))
    with transaction.atomic():
        return Ruling.objects.create(
            tournament=tournament, table=table, position=position.to_json(), code=code, seat=seat, card=card,
            claim=claim, verdict=verdict, note=note, created_by=user if user and user.is_authenticated else None,
        )


def ruling_groups(tournament: Tournament) -> list[tuple[Round | None, list[Ruling]]]:
    """Rulings per round (rulings without a table last)."""
    found = (Ruling.objects.filter(tournament=tournament)
             .select_related("table__round", "created_by").order_by("table__round__number", "created_at"))
    groups: dict[int | None, list[Ruling]] = {}
    rounds: dict[int | None, Round | None] = {}
    for ruling in found:
        key = ruling.table.round.number if ruling.table_id else None
        groups.setdefault(key, []).append(ruling)
        rounds[key] = ruling.table.round if ruling.table_id else None
    keys = sorted(k for k in groups if k is not None) + ([None] if None in groups else [])
    return [(rounds[k], groups[k]) for k in keys]
