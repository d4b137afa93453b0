"""The door app's part of the tournament file (``"door"``, optional in version 2), registered with the
core's registry of sections (:mod:`tournaments.services.tournament_file.sections`) from ``apps.py``.

The entry fee with its reductions, and every payment taken: a team by its id, ``player`` the seat of
its player when the fee is per person. Only a tournament that asks a fee writes the section, so the
files of the others stay as they were. Its models are what the automatic backups follow.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import F
from django.utils.translation import gettext as _

from door.models import MAX_REDUCTIONS, Fee, FeePer, Payment, Reduction
from tournaments.models import Player
from tournaments.services.teams import whole_batches
from tournaments.services.tournament_file.checks import ParsedFile
from tournaments.services.tournament_file.export import when
from tournaments.services.tournament_file.kinds import TEAM_ID, Kind, List, Obj, moment
from tournaments.services.tournament_file.schema import column
from tournaments.services.tournament_file.sections import ExportContext, Kept, Section, WriteContext, register


def schema(individual: bool, by: Kind) -> Obj:
    """The money at the door: the entry fee with its reductions, and every payment taken."""
    reduction = Obj({"name": column(Reduction, "name", blank=False), "amount": column(Reduction, "amount")},
                    required=("name", "amount"))
    fee = Obj({"per": column(Fee, "per"), "amount": column(Fee, "amount"), "reductions": List(reduction, 0, MAX_REDUCTIONS)},
              required=("per", "amount", "reductions"))
    payment = Obj({"team": TEAM_ID, "player": column(Player, "seat"), "amount": column(Payment, "amount"),
                   "method": column(Payment, "method"), "reduction": column(Payment, "reduction", blank=False),
                   "at": column(Payment, "paid_at"), "by": by},
                  required=("team", "amount", "method", "at"))
    return Obj({"fee": fee, "payments": List(payment)}, required=("fee", "payments"))


def check(door: dict, parsed: ParsedFile, errors: list[str]) -> None:
    """The entry fee's reductions named once and below the fee; each payment of a team of the file
    (and of one of its players when the fee is per person), paid once, with a reduction of the fee."""
    fee = door["fee"]
    names: set[str] = set()
    for reduction in fee["reductions"]:
        if reduction["name"].casefold() in names:
            errors.append(_("door: the reduction “%(name)s” is given twice") % {"name": reduction["name"]})
        names.add(reduction["name"].casefold())
        if reduction["amount"] > fee["amount"]:
            errors.append(_("door: the reduction “%(name)s” is more than the fee itself") % {"name": reduction["name"]})
    reductions = {reduction["name"] for reduction in fee["reductions"]}
    players = {team["id"]: (1 if parsed.individual else 2) for team in parsed.teams}
    per_person = fee["per"] == FeePer.PERSON
    paid: dict[tuple[str, int | None], int] = {}
    for number, payment in enumerate(door["payments"], start=1):
        at = _("door, payment %(number)s") % {"number": number}
        team, seat = payment["team"], payment.get("player")
        if team not in players:
            message = (_("%(at)s: player %(team)s is not in the list of players") if parsed.individual
                       else _("%(at)s: team %(team)s is not in the list of teams"))
            errors.append(message % {"at": at, "team": team})
            continue
        if per_person and seat is None:
            errors.append(_('%(at)s: "player" is missing: the fee is paid per person') % {"at": at})
            continue
        if not per_person and seat is not None:
            errors.append(_('%(at)s: "player" is given, but the fee is paid per team') % {"at": at})
            continue
        whom = (_("player %(player)s") if parsed.individual else _("team %(team)s")) % {"team": team, "player": team}
        if seat is not None and seat > players[team]:  # only an individual file's entrant: a team of one
            errors.append(_('%(at)s: player %(player)s enters alone: "player" must be 1') % {"at": at, "player": team})
            continue
        if (team, seat) in paid:
            message = (_("%(at)s: %(who)s has paid already (payment %(other)s)") if seat is None or parsed.individual
                       else _("%(at)s: player %(seat)s of %(who)s has paid already (payment %(other)s)"))
            errors.append(message % {"at": at, "who": whom, "seat": seat, "other": paid[(team, seat)]})
            continue
        paid[(team, seat)] = number
        if "reduction" in payment and payment["reduction"] not in reductions:
            errors.append(_("%(at)s: “%(name)s” is not a reduction of the fee") % {"at": at, "name": payment["reduction"]})


def export(context: ExportContext) -> dict[str, Any] | None:
    """The entry fee, its reductions (by name) and the payments (by team number and seat), or None
    when the tournament asks no fee."""
    fee = Fee.objects.filter(tournament=context.tournament).values("pk", "per", "amount").first()
    if fee is None:
        return None
    reductions = sorted(Reduction.objects.filter(fee_id=fee["pk"]).values_list("name", "amount"))
    by = f"by__{get_user_model().USERNAME_FIELD}"
    payments = []
    for row in Payment.objects.filter(team__tournament=context.tournament).order_by("team__number", "player__seat").values(
            "team_id", "player__seat", "amount", "method", "reduction", "paid_at", taken_by=F(by)):
        entry: dict[str, Any] = {"team": context.key_of[row["team_id"]]}
        if row["player__seat"] is not None:
            entry["player"] = row["player__seat"]
        entry.update({"amount": row["amount"], "method": row["method"]})
        if row["reduction"]:
            entry["reduction"] = row["reduction"]
        entry["at"] = when(row["paid_at"])
        if row["taken_by"]:
            entry["by"] = row["taken_by"]
        payments.append(entry)
    return {"fee": {"per": fee["per"], "amount": fee["amount"],
                    "reductions": [{"name": name, "amount": amount} for name, amount in reductions]},
            "payments": payments}


def write(door: dict, context: WriteContext) -> None:
    """The entry fee, its reductions and the payments: three inserts, and one query for the players
    when the fee is per person."""
    tournament, team_of = context.tournament, context.team_of
    fee = Fee.objects.create(tournament=tournament, per=door["fee"]["per"], amount=door["fee"]["amount"])
    Reduction.objects.bulk_create([Reduction(fee=fee, name=reduction["name"], amount=reduction["amount"])
                                   for reduction in door["fee"]["reductions"]])
    players = {}
    if any("player" in payment for payment in door["payments"]):
        players = {(player.team_id, player.seat): player for player in Player.objects.filter(team__tournament=tournament)}
    with whole_batches():
        Payment.objects.bulk_create([
            Payment(team=team_of[payment["team"]], player=players.get((team_of[payment["team"]].pk, payment.get("player"))),
                    amount=payment["amount"], method=payment["method"], reduction=payment.get("reduction", ""),
                    paid_at=moment(payment["at"]), by=context.users.get(payment.get("by")))
            for payment in door["payments"]
        ])


def users(door: dict) -> set[str]:
    """Who took the payments."""
    return {payment["by"] for payment in door["payments"] if payment.get("by")}


DOOR = register(Section(
    name="door", key="door", schema=schema, check=check, export=export, write=write, users=users,
    models={Fee: Kept(), Reduction: Kept(("fee",)), Payment: Kept(("team",))},
))
