"""The dispute desk's state: what the director (or a visitor of the public rules helper) has set up
and asked, read from one request, and what the desk shows in answer.

Why a service and not the view: the desk keeps nothing on the server between taps — the position
code, colour, seat, card, claim and taps travel with every request — so reading that state and
applying the request's action (a tap, a pasted position, a new board) is the desk's whole logic.
The view only picks the house rules and renders; the engine work is in :mod:`.disputes`.

A claim belongs to its position: every action that changes the position (a tap while setting up,
a new board, a pasted position) clears the claim and its taps, so no claim is ever judged on a
position it was not made on. The state is also written as the page's address (:func:`state_query`),
so a reload, a shared link or the NL/EN switch shows the same board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.core.exceptions import ValidationError
from django.http import QueryDict
from django.utils.translation import gettext as _

from engine.board_svg import BoardWords, board_svg
from engine.house_rules import DEFAULTS, HouseRules
from tournaments.models import Ruling, Table, Tournament
from tournaments.numbers import whole_or
from tournaments.services import disputes
from tournaments.services.clock import current_round
from tournaments.services.house_rules import house_rule_lines
from tournaments.services.seating import COLOURS, sides

MAX_ARROWS = 16
"""More legal moves than this are listed but not all drawn (a split 7 can have dozens)."""


@dataclass
class Desk:
    """Everything the desk shows, read from one request."""

    setup: disputes.Setup
    rules: HouseRules
    colour: int = 0
    mode: str = "setup"  # or "claim"
    seat: int = 0
    card: str = ""
    claim: str = ""
    taps: list[tuple[str, int | None]] = field(default_factory=list)
    shown: int | None = None
    errors: list[str] = field(default_factory=list)


def _int(value: str | None, default: int, low: int, high: int) -> int:
    return whole_or(value, default, low, high)


def rules_from(data: QueryDict) -> HouseRules:
    """The public helper's ticked house rules; without a choice the defaults apply."""
    if "rules_set" not in data:
        return DEFAULTS
    return HouseRules(
        jack_partner="jack_partner" in data,
        jack_own_start="jack_own_start" in data,
        self_capture="optional" if "self_capture_optional" in data else "forced",
        home_entry="optional" if "home_entry_optional" in data else "forced",
        seven_partner_remainder="seven_partner_remainder" in data,
        seven_max_pawns=_int(data.get("seven_max_pawns"), DEFAULTS.seven_max_pawns, 1, 7),
    )


def _taps(text: str) -> list[tuple[str, int | None]]:
    taps = []
    for item in filter(None, text.split(",")):
        hole, _sep, colour = item.partition(":")
        taps.append((hole, whole_or(colour)))
    return taps


def _tap_text(taps: list[tuple[str, int | None]]) -> str:
    return ",".join(hole if colour is None else f"{hole}:{colour}" for hole, colour in taps)


def _claim_parts(card: str, rules: HouseRules) -> int:
    """How many (pawn, hole) pairs one claim of ``card`` has at most: a 7 is split over up to the
    house rule's number of pawns, every other card moves (or swaps) once."""
    return rules.seven_max_pawns if card == "7" else 1


def _clear_claim(desk: Desk) -> None:
    desk.taps, desk.claim, desk.shown = [], "", None


def read_desk(data: QueryDict, rules: HouseRules) -> Desk:
    """The desk after the request's action (a tap, a pasted position, a new board …)."""
    errors = []
    try:
        setup = disputes.read_setup(data["code"]) if data.get("code") else disputes.empty_setup()
    except disputes.SetupError as error:
        setup, errors = disputes.empty_setup(), [str(error)]
    desk = Desk(setup=setup, rules=rules, errors=errors,
                colour=_int(data.get("colour"), 0, 0, setup.players - 1),
                mode="claim" if data.get("mode") == "claim" else "setup",
                seat=_int(data.get("seat"), 0, 0, setup.players - 1),
                card=data.get("card") if data.get("card") in disputes.CARDS else "",
                claim=data.get("claim", "").strip(), taps=_taps(data.get("taps", "")),
                shown=_int(data.get("show"), -1, 0, 10_000))
    if errors:  # the position sent could not be read: no claim belongs to the empty board shown
        _clear_claim(desk)
    action = data.get("action") or data.get("do", "")
    try:
        if action == "empty":
            players = data.get("players", "")
            desk.setup = disputes.empty_setup(int(players) if players in ("2", "4", "6", "8") else 4)
            desk.colour = desk.seat = 0
            _clear_claim(desk)
        elif action == "load":
            desk.setup = disputes.read_setup(data.get("paste", ""))
            _clear_claim(desk)
            desk.colour = min(desk.colour, desk.setup.players - 1)
            desk.seat = min(desk.seat, desk.setup.players - 1)
        elif action == "tap" and data.get("tap"):
            tap_colour = data.get("tap_colour")
            colour = whole_or(tap_colour)
            if desk.mode == "setup":
                hole = data["tap"]
                if hole != "n":
                    desk.setup = disputes.toggle(desk.setup, colour if colour is not None else desk.colour, hole)
                    _clear_claim(desk)  # the claim was made on the position before this tap
            elif desk.card:
                if len(desk.taps) >= 2 * _claim_parts(desk.card, rules):
                    desk.taps = []  # the claim is complete: this tap starts the next one
                desk.taps.append((data["tap"], colour))
                try:
                    desk.claim = disputes.claim_from_taps(desk.setup, desk.card, desk.taps)
                except disputes.SetupError:
                    desk.taps = desk.taps[:-2]  # a pair without a pawn to move is not kept
                    desk.claim = _tapped_claim(desk)
                    raise
            else:
                desk.errors.append(_("Pick the card first, then tap the pawn and the hole it is claimed to go to."))
        elif action in ("clear", "card", "seat"):
            _clear_claim(desk)
        elif action == "judge" and desk.taps and desk.claim != _tapped_claim(desk):
            desk.taps = []  # a typed claim: the tapped holes are not its holes
    except disputes.SetupError as error:
        desk.errors.append(str(error))
    return desk


def _tapped_claim(desk: Desk) -> str:
    try:
        return disputes.claim_from_taps(desk.setup, desk.card, desk.taps)
    except disputes.SetupError:
        return ""


def state_query(desk: Desk, public: bool, table: int | None = None) -> str:
    """The desk's state as a query string (``code=K4%3At0%7C-%7C-%7C-&card=4…``): the page's address
    after each answer, read back by a GET. Only what differs from a fresh desk is written; the
    public helper's ticked house rules too (the director's desk applies the tournament's)."""
    fields: list[tuple[str, str]] = [("code", desk.setup.code)]
    if desk.mode == "claim":
        fields.append(("mode", "claim"))
    fields += [(name, str(value)) for name, value in (("colour", desk.colour), ("seat", desk.seat)) if value]
    if desk.card:
        fields.append(("card", desk.card))
    if desk.claim:
        fields.append(("claim", desk.claim))
    if desk.taps:
        fields.append(("taps", _tap_text(desk.taps)))
    if desk.shown is not None and desk.shown >= 0:
        fields.append(("show", str(desk.shown)))
    if public and desk.rules != DEFAULTS:
        rules = desk.rules
        fields.append(("rules_set", "1"))
        fields += [(name, "on") for name, on in (
            ("jack_partner", rules.jack_partner), ("jack_own_start", rules.jack_own_start),
            ("self_capture_optional", rules.self_capture == "optional"),
            ("home_entry_optional", rules.home_entry == "optional"),
            ("seven_partner_remainder", rules.seven_partner_remainder)) if on]
        fields.append(("seven_max_pawns", str(rules.seven_max_pawns)))
    if table is not None:
        fields.append(("table", str(table)))
    return urlencode(fields)


def board_words() -> BoardWords:
    """The board's screen-reader words in the active language."""
    return BoardWords(board=_("Keezen board"), pawn=_("pawn"), start=_("start"), nest=_("nest"),
                      colours=tuple(str(colour) for colour in COLOURS))


def desk_context(desk: Desk) -> dict:
    position = desk.setup.position(desk.rules)
    answer, verdict = None, None
    if desk.card:
        answer = disputes.ask(position, desk.seat, desk.card)
        if desk.claim:
            try:
                verdict = disputes.judge_claim(position, desk.seat, desk.card, desk.claim)
            except disputes.SetupError as error:
                desk.errors.append(str(error))
    drawn = []
    if answer:
        if desk.shown is not None and 0 <= desk.shown < len(answer.moves):
            drawn = [answer.moves[desk.shown]]
        elif len(answer.moves) <= MAX_ARROWS:
            drawn = answer.moves
    svg = board_svg(position, moves=[move.text for move in drawn],
                    claim=tuple(hole if colour is None else (hole, colour) for hole, colour in desk.taps),
                    words=board_words())
    return {
        "desk": desk, "position": position, "answer": answer, "verdict": verdict, "board": svg,
        "colours": [(i, COLOURS[i]) for i in range(desk.setup.players)], "cards": disputes.CARDS,
        "taps_text": _tap_text(desk.taps), "arrows_hidden": bool(answer and len(drawn) < len(answer.moves)),
        "rules": desk.rules, "rule_lines": house_rule_lines(desk.rules),
    }


def chosen_table(tournament: Tournament, value: str | None) -> Table | None:
    """The table a ruling is kept with (the desk's table choice), only one of this tournament."""
    pk = whole_or((value or "").strip())
    if pk is None:
        return None
    return Table.objects.filter(pk=pk, round__tournament=tournament).select_related("round").first()


def current_tables(tournament: Tournament) -> list[Table]:
    """The tables of the round being played: what a ruling can be kept with."""
    round_ = current_round(tournament.pk)
    if round_ is None:
        return []
    tables = list(round_.tables.select_related("round").with_seats().order_by("number"))
    for table in tables:  # how the picker names a table's sides: "De Kezers / De Pionnen", or the pairs
        table.side_labels = " / ".join(side.name for side in sides(table))
    return tables


def save(desk: Desk, tournament: Tournament, table: Table | None, note: str, user) -> Ruling | None:
    """Keep the desk's question and the engine's verdict as a ruling; None (and ``desk.errors``
    say why) when it cannot be kept."""
    if not desk.card:
        desk.errors.append(_("Pick the card before saving the ruling."))
        return None
    try:
        return disputes.save_ruling(tournament, table, desk.setup.position(desk.rules), desk.setup.code,
                                    desk.seat, desk.card, desk.claim, note, user)
    except disputes.SetupError as error:
        desk.errors.append(str(error))
        return None
    except ValidationError as error:  # the note
        desk.errors.extend(error.messages)
        return None
