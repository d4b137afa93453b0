"""The knock-out finals in the tournament file (``"finals"``, optional in version 2; an addition to
``scoring.md``, see ``docs/tournament-file.md``): the bracket the director chose and which table of
which finals round plays which match.

Why the finals' tables stay in ``tables``: a final is a table like any other (its sheet, versions, log,
link and codes are written and read by the core), numbered in the rounds after the Swiss rounds. This
section says which rounds those are (the rounds of its ``matches``), and the core lets ``tables`` name
them. A file without finals is as it was; a version-1 file (the standings of the day) leaves the
finals' tables out.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import FinalMatch, Finals, Round, Table
from tournaments.pairing import knockout
from tournaments.services.finals import FinalsSetup, first_matches
from tournaments.services.tournament_file.checks import ParsedFile
from tournaments.services.tournament_file.export import when
from tournaments.services.tournament_file.kinds import Int, Kind, List, Obj, moment
from tournaments.services.tournament_file.schema import column
from tournaments.services.tournament_file.sections import ExportContext, Kept, Section, WriteContext, register

KEY = "finals"
SETTINGS = ("size", "playoffs", "consolation_size", "consolation_count", "level_rule")


def schema(individual: bool, by: Kind) -> Obj:
    place = Int(1, 32767)
    at = List(Int(1, 32767), 2, 2)
    match = Obj({"round": Int(1, 32767), "table": Int(1, 32767), "places": List(place, 2, 2), "replay_of": at},
                required=("round", "table", "places"), strict=True)
    fields: dict[str, Kind] = {name: column(Finals, name) for name in (*SETTINGS, "deals", "created_at")}
    fields["matches"] = List(match)
    return Obj(fields, required=(*SETTINGS, "created_at", "matches"), strict=True)


def check(finals: dict, parsed: ParsedFile, errors: list[str]) -> None:
    """The finals rounds follow the Swiss rounds without a gap; each match is a table of two teams of
    ``tables``, named once, playing for places in order; a replay names a final of an earlier round for
    the same teams and places; each round of new matches plays the places the bracket's settings give
    (:func:`_check_shape`); ``deals`` only for a game of deals, at most the rounds' deals."""
    rounds = parsed.data.get("rounds", 3)
    matches = finals["matches"]
    if not matches:
        errors.append(_('finals: "matches" is empty; a tournament without finals has no "finals"'))
    numbers = sorted({match["round"] for match in matches})
    if numbers and numbers != list(range(rounds + 1, rounds + 1 + len(numbers))):
        errors.append(_('finals: the finals are played in the rounds after the %(rounds)s Swiss rounds, one after '
                        'the other, not in rounds %(found)s')
                      % {"rounds": rounds, "found": ", ".join(map(str, numbers))})
    deals = finals.get("deals")
    if deals is not None and (not parsed.setup.game.plays_deals or deals > parsed.setup.deals):
        errors.append(_('finals: "deals" is for a game of deals, at most the rounds\' %(deals)s')
                      % {"deals": parsed.setup.deals})
    tables = {(entry["round"], entry["table"]): entry for entry in parsed.tables}
    seen: dict[tuple[int, int], dict] = {}
    for match in matches:
        at = _("finals, round %(round)s, table %(table)s") % {"round": match["round"], "table": match["table"]}
        key = (match["round"], match["table"])
        table = tables.get(key)
        low, high = match["places"]
        if table is None:
            errors.append(_("%(at)s: no such table in tables") % {"at": at})
        elif len(table.get("teams", ())) != 2:
            errors.append(_("%(at)s: a final is a table of two teams") % {"at": at})
        if key in seen:
            errors.append(_("%(at)s: the match is given twice") % {"at": at})
        if high <= low:
            errors.append(_("%(at)s: the places played for must be in order, such as [1, 4]") % {"at": at})
        replayed = match.get("replay_of")
        if replayed is not None:
            earlier = seen.get((replayed[0], replayed[1]))
            replayed_table = tables.get((replayed[0], replayed[1]))
            if earlier is None or earlier["places"] != match["places"] or replayed[0] >= match["round"]:
                errors.append(_("%(at)s: replay_of must name a final of an earlier round for the same places")
                              % {"at": at})
            elif table is not None and replayed_table is not None and \
                    set(replayed_table.get("teams", ())) != set(table.get("teams", ())):
                errors.append(_("%(at)s: a replay is played by the teams of the final it replays") % {"at": at})
        seen[key] = match
    if not errors:
        _check_shape(finals, errors)


def _check_shape(finals: dict, errors: list[str]) -> None:
    """Each round of new matches (replays aside) plays the places the settings give: the first the
    bracket's and the consolation brackets' first stage, each next one what follows from the one
    before (:mod:`tournaments.pairing.knockout`, whoever won)."""
    stages: dict[int, list[tuple[int, int]]] = {}
    for match in finals["matches"]:
        if match.get("replay_of") is None:
            stages.setdefault(match["round"], []).append((match["places"][0], match["places"][1]))
    setup = FinalsSetup(size=finals["size"], consolation_size=finals["consolation_size"],
                        consolation_count=finals["consolation_count"])
    expected = [match.places for match in first_matches(list(range(setup.teams_needed)), setup)]
    for number in sorted(stages):
        if expected == [] or Counter(stages[number]) != Counter(expected):
            errors.append(_("finals, round %(round)s: its matches play for places %(found)s, but the bracket's "
                            "settings give %(expected)s") % {
                "round": number, "found": _places(stages[number]), "expected": _places(expected) or "none"})
            return
        dummies = [knockout.Match(2 * index, 2 * index + 1, places) for index, places in enumerate(stages[number])]
        expected = [match.places for match in knockout.next_stage([(match, match.first) for match in dummies],
                                                                  finals["playoffs"])]


def _places(found: list[tuple[int, int]]) -> str:
    return ", ".join(f"{low}–{high}" for low, high in sorted(found))


def export(context: ExportContext) -> dict[str, Any] | None:
    """The finals' settings and matches in round and table order; None without finals (two queries)."""
    finals = Finals.objects.filter(tournament=context.tournament).first()
    if finals is None:
        return None
    data: dict[str, Any] = {name: getattr(finals, name) for name in SETTINGS}
    if finals.deals is not None:
        data["deals"] = finals.deals
    data["created_at"] = when(finals.created_at)
    matches = []
    for round_number, table_number, low, high, replay_round, replay_table in FinalMatch.objects.filter(
            table__round__tournament=context.tournament).order_by("table__round__number", "table__number").values_list(
            "table__round__number", "table__number", "low", "high", "replay_of__table__round__number",
            "replay_of__table__number"):
        entry: dict[str, Any] = {"round": round_number, "table": table_number, "places": [low, high]}
        if replay_round is not None:
            entry["replay_of"] = [replay_round, replay_table]
        matches.append(entry)
    data["matches"] = matches
    return data


def write(finals: dict, context: WriteContext) -> None:
    """The finals of the new tournament, over the rounds and tables the core wrote from the file."""
    tournament = context.tournament
    Finals.objects.create(tournament=tournament, **{name: finals[name] for name in SETTINGS},
                          deals=finals.get("deals"), created_at=moment(finals["created_at"]))
    numbers = {match["round"] for match in finals["matches"]}
    Round.objects.filter(tournament=tournament, number__in=numbers).update(final=True)
    table_of = {(table.round.number, table.number): table for table in
                Table.objects.filter(round__tournament=tournament, round__number__in=numbers).select_related("round")}
    made: dict[tuple[int, int], FinalMatch] = {}
    for match in finals["matches"]:  # in round order: a replay's final is made before it
        key = (match["round"], match["table"])
        replayed = match.get("replay_of")
        made[key] = FinalMatch.objects.create(table=table_of[key], low=match["places"][0], high=match["places"][1],
                                              replay_of=made[tuple(replayed)] if replayed else None)


FINALS = register(Section(name="finals", key=KEY, schema=schema, check=check, export=export, write=write, models={
    Finals: Kept(), FinalMatch: Kept(("table", "round")),
}))
