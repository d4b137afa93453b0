"""The position code: one line that people can read, copy into a chat or onto paper, and paste back.

    K4:t0.t23.h4|-|t40|t47.h1.h2.h3;jo=0

``K`` and the player count, a colon, then for each seat in order the holes of its pawns that are
not in the nest (``-`` when all four are), separated by ``|``. Pawns not written are in the nest.
Optional, after ``;``: ``teams=02.13`` (seats of each team, teams separated by ``.``) and the
house-rule flags that differ from the position's defaults, each ``name=value``:
``jp`` jack_partner, ``jo`` jack_own_start (``1``/``0``), ``sc`` self_capture, ``he`` home_entry
(``f`` forced / ``o`` optional), ``sp`` seven_partner_remainder (``1``/``0``), ``sm``
seven_max_pawns (a number). The code round-trips: code → position → code gives the same text.
"""

from __future__ import annotations

from engine.errors import EngineError
from engine.position import Position, parse_position, position_json

FLAGS = {  # code → (flag, kind)
    "jp": ("jack_partner", "bool"),
    "jo": ("jack_own_start", "bool"),
    "sc": ("self_capture", "choice"),
    "he": ("home_entry", "choice"),
    "sp": ("seven_partner_remainder", "bool"),
    "sm": ("seven_max_pawns", "int"),
}
BY_FLAG = {flag: (code, kind) for code, (flag, kind) in FLAGS.items()}


def to_code(position: Position) -> str:
    data = position_json(position, position.locs)
    seats = []
    for pawns in data["pawns"]:
        out = [p for p in pawns if p != "n"]
        seats.append(".".join(out) if out else "-")
    text = f"K{position.players}:" + "|".join(seats)
    extras = []
    if position.given_teams is not None:
        extras.append("teams=" + ".".join("".join(str(s) for s in team) for team in position.given_teams))
    for flag, value in (position.given_rules or {}).items():
        code, kind = BY_FLAG[flag]
        if kind == "bool":
            value = "1" if value else "0"
        elif kind == "choice":
            value = value[0]
        extras.append(f"{code}={value}")
    return ";".join([text] + extras)


def _flag_value(code: str, kind: str, raw: str):
    if kind == "bool" and raw in ("0", "1"):
        return raw == "1"
    if kind == "choice" and raw in ("f", "o"):
        return {"f": "forced", "o": "optional"}[raw]
    if kind == "int" and raw.isdigit():
        return int(raw)
    raise EngineError(f"position code: {code}={raw} is not a value of {FLAGS[code][0]}")


def from_code(text: str) -> Position:
    """The position of a code; raises EngineError naming what is wrong."""
    text = text.strip()
    head, *extras = text.split(";")
    if not head.startswith("K") or ":" not in head:
        raise EngineError("a position code starts with K and the player count, e.g. K4:t0|-|t40|-")
    count, _, body = head[1:].partition(":")
    if not count.isdigit():
        raise EngineError(f"position code: “{count}” is not a player count")
    players = int(count)
    seats = body.split("|")
    if len(seats) != players:
        raise EngineError(f"position code: {len(seats)} seats written for {players} players")
    pawns = []
    for seat, chunk in enumerate(seats):
        holes = [] if chunk == "-" else chunk.split(".")
        if len(holes) > 4 or any(not h for h in holes):
            raise EngineError(f"position code: seat {seat} “{chunk}” is not up to four holes separated by dots")
        pawns.append(holes + ["n"] * (4 - len(holes)))
    raw: dict = {"players": players, "pawns": pawns}
    rules: dict = {}
    for extra in extras:
        key, eq, value = extra.partition("=")
        if not eq:
            raise EngineError(f"position code: “{extra}” is not name=value")
        if key == "teams":
            if not value or not all(part.isdigit() for part in value.split(".")):
                raise EngineError(f"position code: teams “{value}” is not seats per team, such as 02.13")
            raw["teams"] = [[int(seat) for seat in part] for part in value.split(".")]
        elif key in FLAGS:
            flag, kind = FLAGS[key]
            rules[flag] = _flag_value(key, kind, value)
        else:
            raise EngineError(f"position code: unknown field “{key}” (teams, {', '.join(FLAGS)})")
    if rules:
        raw["rules"] = rules
    return parse_position(raw)
