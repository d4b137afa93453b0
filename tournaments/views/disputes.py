"""The dispute desk (director, with the tournament's house rules) and the public rules helper (house
rules ticked by the visitor). One page, answered by htmx: every tap or choice posts the whole desk
state (position code, colour, seat, card, claim) and gets the desk back with the engine's answer.
Without JavaScript the same forms work as plain posts."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from engine.drawing import board_svg
from engine.house_rules import DEFAULTS, HouseRules
from tournaments.models import Table, Tournament
from tournaments.permissions import director_required
from tournaments.services import disputes
from tournaments.services.clock import current_round
from tournaments.services.disputes import ruling_groups
from tournaments.services.house_rules import house_rule_lines
from tournaments.services.seating import COLOURS
from tournaments.views.lookups import tournament_or_404

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
    return int(value) if value and value.isdigit() and low <= int(value) <= high else default


def _rules_from(data: QueryDict) -> HouseRules:
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
        taps.append((hole, int(colour) if colour.isdigit() else None))
    return taps


def _tap_text(taps: list[tuple[str, int | None]]) -> str:
    return ",".join(hole if colour is None else f"{hole}:{colour}" for hole, colour in taps)


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
    action = data.get("action") or data.get("do", "")
    try:
        if action == "empty":
            players = data.get("players", "")
            desk.setup = disputes.empty_setup(int(players) if players in ("2", "4", "6", "8") else 4)
            desk.colour = desk.seat = 0
            desk.taps, desk.claim = [], ""
        elif action == "load":
            desk.setup = disputes.read_setup(data.get("paste", ""))
            desk.taps, desk.claim = [], ""
            desk.colour = min(desk.colour, desk.setup.players - 1)
            desk.seat = min(desk.seat, desk.setup.players - 1)
        elif action == "tap" and data.get("tap"):
            tap_colour = data.get("tap_colour")
            colour = int(tap_colour) if tap_colour and tap_colour.isdigit() else None
            if desk.mode == "setup":
                hole = data["tap"]
                if hole != "n":
                    desk.setup = disputes.toggle(desk.setup, colour if colour is not None else desk.colour, hole)
                desk.claim = ""
            elif desk.card:
                desk.taps.append((data["tap"], colour))
                desk.claim = disputes.claim_from_taps(desk.setup, desk.card, desk.taps) or desk.claim
            else:
                desk.errors.append(_("Pick the card first, then tap the pawn and the hole it is claimed to go to."))
        elif action in ("clear", "card", "seat"):
            desk.taps, desk.claim = [], ""
    except disputes.SetupError as error:
        desk.errors.append(str(error))
    return desk


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
                    lang=disputes.language())
    return {
        "desk": desk, "position": position, "answer": answer, "verdict": verdict, "board": svg,
        "colours": [(i, COLOURS[i]) for i in range(desk.setup.players)], "cards": disputes.CARDS,
        "taps_text": _tap_text(desk.taps), "arrows_hidden": bool(answer and len(drawn) < len(answer.moves)),
        "rules": desk.rules, "rule_lines": house_rule_lines(desk.rules),
    }


def _render(request: HttpRequest, context: dict) -> HttpResponse:
    template = "tournaments/disputes/_desk.html" if request.htmx else "tournaments/disputes/desk.html"
    return render(request, template, context)


def rules_helper(request: HttpRequest) -> HttpResponse:
    """Public: any position, the default house rules or the ones ticked."""
    data = request.POST if request.method == "POST" else request.GET
    desk = read_desk(data, _rules_from(data))
    return _render(request, {**desk_context(desk), "public": True, "desk_url": request.path})


def _tables(tournament: Tournament) -> list[Table]:
    round_ = current_round(tournament.pk)
    if round_ is None:
        return []
    return list(round_.tables.select_related("round").prefetch_related("seats__team").order_by("number"))


@director_required
def director_desk(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament's house rules apply; a ruling is saved with the table."""
    tournament = tournament_or_404(slug)
    data = request.POST if request.method == "POST" else request.GET
    desk = read_desk(data, tournament.house_rules)
    if request.method == "POST" and data.get("action") == "save":
        table = None
        if data.get("table", "").isdigit():
            table = Table.objects.filter(pk=int(data["table"]), round__tournament=tournament).select_related("round").first()
        if not desk.card:
            desk.errors.append(_("Pick the card before saving the ruling."))
        else:
            try:
                ruling = disputes.save_ruling(tournament, table, desk.setup.position(desk.rules), desk.setup.code,
                                              desk.seat, desk.card, desk.claim, data.get("note", ""), request.user)
            except disputes.SetupError as error:
                desk.errors.append(str(error))
            else:
                messages.success(request, _("Ruling saved%(where)s.") % {
                    "where": (" " + _("with round %(round)s, table %(table)s") % {
                        "round": table.round.number, "table": table.number}) if table else ""})
                if request.htmx:
                    context = desk_context(desk)
                    context.update(tournament=tournament, tables=_tables(tournament), saved=ruling,
                                   desk_url=request.path, chosen_table=table.pk if table else None)
                    return _render(request, context)
                return redirect("director:rulings", slug)
    chosen = data.get("table", "")
    context = desk_context(desk)
    context.update(tournament=tournament, tables=_tables(tournament), desk_url=request.path,
                   chosen_table=int(chosen) if chosen.isdigit() else None, table_number=data.get("table_number"))
    return _render(request, context)


@director_required
def rulings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    return render(request, "tournaments/disputes/rulings.html", {
        "tournament": tournament, "groups": ruling_groups(tournament),
    })
