"""One sentence per move, in English or Dutch, for the dispute desk's list of legal moves.

``describe_move(position, "4", parts, "nl")`` → "Rood speelt een 4 en zet de pion van t3 vier
achteruit naar t63." The sentence names the player (the colour of the first part, or ``seat`` when
given), the card, every part with its direction and step count, where it ends (``into its home,
h2`` for a home hole) and what it captures (R10: a pawn standing on the hole where a part ends,
earlier parts of the same move taken into account). :func:`captures` gives those captures as data
for the board drawing.

Parts are those of :func:`engine.notation.parse_move`: ``(MOVE, colour, from, to)`` or
``(SWAP, colour, loc, other_colour, other_loc)``, locations numbered as in :mod:`engine.board`.
Nothing here judges legality; an illegal move is described as written.

The director's sentences name holes as the notation does (``t3``, ``h2``); ``plain=True`` names
them as players do ("the 3rd hole after red's start", :func:`engine.explain.hole_words`), for the
public pages.
"""

from __future__ import annotations

from typing import Any

from engine.board import COLOUR_NAMES
from engine.errors import EngineError
from engine.explain import CARD_NAMES, hole_words
from engine.notation import SWAP, parse_move
from engine.position import Position, parse_position

__all__ = ["LANGS", "captures", "card_name", "describe_move", "describe_move_text", "steps"]

LANGS = ("en", "nl")

NUMBER_WORDS = {
    "en": ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "eleven", "twelve", "thirteen"],
    "nl": ["nul", "één", "twee", "drie", "vier", "vijf", "zes", "zeven", "acht", "negen", "tien",
           "elf", "twaalf", "dertien"],
}

# Dutch adjectives for "the red pawn" when a player moves a partner's pawn (R20).
COLOUR_ADJECTIVES_NL = ["rode", "blauwe", "gele", "groene", "witte", "zwarte", "oranje", "paarse"]


def _position(position: Any) -> Position:
    return position if isinstance(position, Position) else parse_position(position)


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise EngineError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


def card_name(card: str, lang: str) -> str:
    """``an ace``, ``a 4``, ``an 8`` / ``een aas``, ``een 4``."""
    named = CARD_NAMES[_lang(lang)].get(card)
    if named:
        return named
    if lang == "en":
        return f"an {card}" if card == "8" else f"a {card}"
    return f"een {card}"


def _number(k: int, lang: str) -> str:
    words = NUMBER_WORDS[lang]
    return words[k] if 0 <= k < len(words) else str(k)


def steps(position: Any, card: str, part: tuple) -> int:
    """How many holes a MOVE part goes, forward (or backward with a 4), from the board geometry."""
    b = _position(position).board
    _kind, colour, a, c = part[:4]
    if a >= b.nest or c >= b.nest:
        return 0
    if card == "4":
        if a < b.track and c < b.track:
            return (a - c) % b.track
        return 0
    if a < b.track and c < b.track:
        return (c - a) % b.track
    if a < b.track:  # track to home: to the entrance, one step into h1, then on
        return (b.entrances[colour] - a) % b.track + 1 + (c - b.home0)
    if c < b.track:  # home to track never happens forward
        return 0
    return c - a


def captures(position: Any, card: str, parts: tuple) -> list[tuple[int, int]]:
    """The pawns the move sends to the nest (R10), as ``(colour, loc)`` in the order they fall.

    A pawn is captured when a MOVE part ends on the track hole where it stands, after the earlier
    parts of the move have been played. A swap captures nothing.
    """
    position = _position(position)
    b = position.board
    locs = list(position.locs)
    out: list[tuple[int, int]] = []
    for part in parts:
        if part[0] == SWAP:
            _kind, colour, loc, other, other_loc = part
            mine = _index(locs, colour, loc)
            theirs = _index(locs, other, other_loc)
            if mine is not None:
                locs[mine] = other_loc
            if theirs is not None:
                locs[theirs] = loc
            continue
        _kind, colour, a, c = part
        mover = _index(locs, colour, a)
        if c < b.track:
            for index, loc in enumerate(locs):
                if loc == c and index != mover:
                    out.append((index // 4, c))
                    locs[index] = b.nest
        if mover is not None:
            locs[mover] = c
    return out


def _index(locs: list[int], colour: int, loc: int) -> int | None:
    for index in range(4 * colour, 4 * colour + 4):
        if locs[index] == loc:
            return index
    return None


# --- sentences -------------------------------------------------------------------------------


def _capture_phrase(victim: int, player: int, lang: str) -> str:
    colours = COLOUR_NAMES[lang]
    if lang == "en":
        return "capturing its own pawn" if victim == player else f"capturing {colours[victim]}'s pawn"
    return "slaat zijn eigen pion" if victim == player else f"slaat de pion van {colours[victim]}"


def _pawn(colour: int, player: int, loc_text: str, lang: str) -> str:
    """The moved pawn: "the pawn on t3" / "de pion van t3", or a partner's "blue's pawn on t3"."""
    if lang == "en":
        return f"the pawn on {loc_text}" if colour == player else f"{COLOUR_NAMES['en'][colour]}'s pawn on {loc_text}"
    return f"de pion van {loc_text}" if colour == player else f"de {COLOUR_ADJECTIVES_NL[colour]} pion van {loc_text}"


def _clause(position: Position, card: str, part: tuple, player: int, victims: list[int], lang: str,
            plain: bool = False) -> str:
    """One part as a verb phrase: "moves the pawn on t3 four back to t63, capturing blue's pawn"."""
    b = position.board
    colours = COLOUR_NAMES[lang]

    def name(loc: int) -> str:
        return hole_words(b.name(loc), lang) if plain else b.name(loc)
    if part[0] == SWAP:
        _kind, colour, loc, other, other_loc = part
        if lang == "en":
            mine = f"its pawn on {name(loc)}" if colour == player else f"{colours[colour]}'s pawn on {name(loc)}"
            return f"swaps {mine} with {colours[other]}'s pawn on {name(other_loc)}"
        mine = f"zijn pion op {name(loc)}" if colour == player else f"de pion van {colours[colour]} op {name(loc)}"
        return f"ruilt {mine} met de pion van {colours[other]} op {name(other_loc)}"

    _kind, colour, a, c = part
    caught = "".join(
        (", " if lang == "en" else " en ") + _capture_phrase(victim, player, lang) for victim in victims
    )
    if a == b.nest:  # placing (R12)
        start = "" if plain else f" {name(c)}"  # in words the start hole is named once
        if lang == "en":
            where = "its start hole" if colour == player else f"{colours[colour]}'s start hole"
            pawn = "a pawn" if colour == player else f"a {colours[colour]} pawn"
            return f"places {pawn} on {where}{start}{caught}"
        pawn = "een pion" if colour == player else f"een {COLOUR_ADJECTIVES_NL[colour]} pion"
        whose = "" if colour == player or not plain else f" van {colours[colour]}"
        return f"zet {pawn} op de beginpositie{whose}{start}{caught}"

    k = steps(position, card, part)
    backward = card == "4"
    pawn = _pawn(colour, player, name(a), lang)
    into_home = a < b.track <= c < b.nest
    if lang == "en":
        direction = "back" if backward else "forward"
        if into_home and plain:
            target = f"into {name(c).replace('the home', 'its home')}"
        else:
            target = f"into its home, {name(c)}" if into_home else f"to {name(c)}"
        return f"moves {pawn} {_number(k, lang)} {direction} {target}{caught}"
    direction = "achteruit" if backward else "vooruit"
    target = f"naar huis, {name(c)}" if into_home else f"naar {name(c)}"
    return f"zet {pawn} {_number(k, lang)} {direction} {target}{caught}"


def describe_move(position: Any, card: str, parts: tuple, lang: str = "en", seat: int | None = None,
                  plain: bool = False) -> str:
    """One sentence for the move ``(card, parts)`` on ``position``, in ``lang`` ("en" or "nl").

    The subject is ``seat``'s colour, or the colour of the first part when no seat is given.
    ``plain``: holes in players' words instead of the notation's names.
    """
    position = _position(position)
    lang = _lang(lang)
    if not parts:
        raise EngineError("a move has at least one part")
    player = parts[0][1] if seat is None else seat
    colours = COLOUR_NAMES[lang]

    # Which captures belong to which part: replay the move part by part.
    per_part: list[list[int]] = []
    done = 0
    for index in range(len(parts)):
        so_far = captures(position, card, parts[: index + 1])
        per_part.append([colour for colour, _loc in so_far[done:]])
        done = len(so_far)

    clauses = [_clause(position, card, part, player, per_part[i], lang, plain) for i, part in enumerate(parts)]
    subject = colours[player].capitalize()
    played = card_name(card, lang)
    if len(clauses) == 1:
        verb = "plays" if lang == "en" else "speelt"
        conjunction = "and" if lang == "en" else "en"
        body = f"{subject} {verb} {played} {conjunction} {clauses[0]}"
    elif lang == "en":
        body = f"{subject} plays {played}, " + ", and then ".join(clauses)
    else:
        later = [clause.replace("zet ", "zet daarna ", 1) if clause.startswith("zet ") else f"daarna {clause}"
                 for clause in clauses[1:]]
        body = f"{subject} speelt {played}, " + ", en ".join([clauses[0], *later])
    return body + "."


def describe_move_text(position: Any, move_text: str, lang: str = "en", seat: int | None = None,
                       plain: bool = False) -> str:
    """:func:`describe_move` for a move written in the notation of ``engine-cli.md``."""
    position = _position(position)
    card, parts = parse_move(move_text, position.board)
    return describe_move(position, card, parts, lang, seat, plain)

