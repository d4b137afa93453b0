"""The prizes app's part of the tournament file (``"prizes"``, optional in version 2), registered with the
core's registry of sections (:mod:`tournaments.services.tournament_file.sections`) from ``apps.py``.

The settings, the categories with who carries them (a team by its id, a team's player by its team's id
and seat; in an individual file a player by their id), and the prizes in handing-out order, each as
:class:`prizes.models.Prize` keeps it (a category prize names its category). Only a tournament with a
prize, a category or settings of its own writes the section. The prizes are written as the file holds
them, without the director's page's check that somebody can win each one in the standings of now: a
backup of the day restores whatever the standings are. Its models are what the automatic backups follow.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from prizes.models import Category, PlayerCategory, Prize, PrizeRule, PrizeSettings, TeamCategory
from prizes.text import MAX_PRIZES
from tournaments.models import Player
from tournaments.services.teams import whole_batches
from tournaments.services.tournament_file.checks import ParsedFile
from tournaments.services.tournament_file.kinds import TEAM_ID, Kind, List, Misplaced, Obj
from tournaments.services.tournament_file.schema import PLAYER_ID, column
from tournaments.services.tournament_file.sections import ExportContext, Kept, Section, WriteContext, register


def schema(individual: bool, by: Kind) -> Obj:
    """The prize settings, the categories with who carries them, and the prize list."""
    name = column(Category, "name", blank=False)
    if individual:
        category = Obj({"name": name, "players": List(PLAYER_ID),
                        "teams": Misplaced(gettext_lazy('an individual file lists the "players" of a category'))},
                       required=("name", "players"))
    else:
        player = Obj({"team": TEAM_ID, "player": column(Player, "seat")}, required=("team", "player"))
        category = Obj({"name": name, "teams": List(TEAM_ID), "players": List(player)},
                       required=("name", "teams", "players"))
    prize = Obj({"rule": column(Prize, "rule"), "category": name, "number": column(Prize, "number"),
                 "what": column(Prize, "what", blank=False)},
                required=("rule", "number", "what"))
    return Obj({"one_each": column(PrizeSettings, "one_each"), "club_size": column(PrizeSettings, "club_size"),
                "categories": List(category), "list": List(prize, 0, MAX_PRIZES)},
               required=("one_each", "club_size", "categories", "list"))


def _check_category_tags(category: dict, parsed: ParsedFile, errors: list[str]) -> None:
    """Who carries ``category``: teams and players of the file, each once (an individual file's
    players by their ids; a team file's players by their team's id and seat)."""
    at = _("prizes, category “%(name)s”") % {"name": category["name"]}
    ids = {team["id"] for team in parsed.teams}
    if parsed.individual:
        tagged: set = set()
        for player in category["players"]:
            if player not in ids:
                errors.append(_("%(at)s: player %(player)s is not in the list of players")
                              % {"at": at, "player": player})
            elif player in tagged:
                errors.append(_("%(at)s: player %(player)s is listed twice") % {"at": at, "player": player})
            tagged.add(player)
        return
    teams: set[str] = set()
    for team in category["teams"]:
        if team not in ids:
            errors.append(_("%(at)s: team %(team)s is not in the list of teams") % {"at": at, "team": team})
        elif team in teams:
            errors.append(_("%(at)s: team %(team)s is listed twice") % {"at": at, "team": team})
        teams.add(team)
    players: set[tuple[str, int]] = set()
    for player in category["players"]:
        key = (player["team"], player["player"])
        if key[0] not in ids:
            errors.append(_("%(at)s: team %(team)s is not in the list of teams") % {"at": at, "team": key[0]})
        elif key in players:
            errors.append(_("%(at)s: player %(seat)s of team %(team)s is listed twice")
                          % {"at": at, "seat": key[1], "team": key[0]})
        players.add(key)


def check(prizes: dict, parsed: ParsedFile, errors: list[str]) -> None:
    """Each category named once (ignoring case, as the database does), carried by teams and players
    of the file; each prize of a category naming one of them, and no other prize naming one. Not
    checked: whether anybody can win a prize in the standings (the director's page asks that of a
    change; a backup holds what the day had, and restores it as it was)."""
    names: dict[str, str] = {}
    for category in prizes["categories"]:
        key = category["name"].lower()
        if key in names:
            errors.append(_("prizes: the category “%(name)s” is given twice") % {"name": category["name"]})
            continue
        names[key] = category["name"]
        _check_category_tags(category, parsed, errors)
    for number, prize in enumerate(prizes["list"], start=1):
        at = _("prizes, prize %(number)s") % {"number": number}
        if prize["rule"] != PrizeRule.CATEGORY:
            if "category" in prize:
                errors.append(_('%(at)s: "category" is given, but only a prize of a category names one') % {"at": at})
        elif "category" not in prize:
            errors.append(_('%(at)s: "category" is missing: the prize is for the best of a category') % {"at": at})
        elif prize["category"].lower() not in names:
            errors.append(_('%(at)s: “%(name)s” is not a category of "categories"')
                          % {"at": at, "name": prize["category"]})


def export(context: ExportContext) -> dict[str, Any] | None:
    """The prize settings, the categories by name with who carries them (teams by number, players
    by team number and seat; an individual tournament's players by their ids) and the prizes in
    handing-out order; None when the tournament has no prize, no category and the default settings.
    Five queries."""
    tournament, key_of, number_of = context.tournament, context.key_of, context.number_of
    settings = PrizeSettings.objects.filter(tournament=tournament).values("one_each", "club_size").first()
    defaults = {field: PrizeSettings._meta.get_field(field).default for field in ("one_each", "club_size")}
    categories = sorted(Category.objects.filter(tournament=tournament).values_list("pk", "name"), key=lambda c: c[1])
    prizes = list(Prize.objects.filter(tournament=tournament).order_by("order").values(
        "rule", "number", "what", "category__name"))
    if not prizes and not categories and (settings is None or settings == defaults):
        return None
    settings = settings or defaults
    teams: dict[int, set[int]] = defaultdict(set)
    for category_id, team_id in TeamCategory.objects.filter(category__tournament=tournament).values_list(
            "category_id", "team_id"):
        teams[category_id].add(team_id)
    players: dict[int, set[tuple[int, int]]] = defaultdict(set)
    for category_id, team_id, seat in PlayerCategory.objects.filter(category__tournament=tournament).values_list(
            "category_id", "player__team_id", "player__seat"):
        players[category_id].add((team_id, seat))
    listed = []
    for pk, name in categories:
        if context.individual:  # the entrant or its one player carries it: the player of the file
            carriers = teams[pk] | {team_id for team_id, _seat in players[pk]}
            listed.append({"name": name,
                           "players": [key_of[team_id] for team_id in sorted(carriers, key=number_of.get)]})
        else:
            listed.append({"name": name, "teams": [key_of[team_id] for team_id in sorted(teams[pk], key=number_of.get)],
                           "players": [{"team": key_of[team_id], "player": seat} for team_id, seat in
                                       sorted(players[pk], key=lambda found: (number_of[found[0]], found[1]))]})
    entries = []
    for prize in prizes:
        entry: dict[str, Any] = {"rule": prize["rule"]}
        if prize["rule"] == PrizeRule.CATEGORY:
            entry["category"] = prize["category__name"]
        entry.update({"number": prize["number"], "what": prize["what"]})
        entries.append(entry)
    return {"one_each": settings["one_each"], "club_size": settings["club_size"], "categories": listed, "list": entries}


def write(prizes: dict, context: WriteContext) -> None:
    """The prize settings, the categories with their tags and the prizes in handing-out order: five
    inserts, and one query for the players when a team's player carries a category. An individual
    file's player carries a category as the director's page ticks it: the entrant (a team of one)."""
    tournament, team_of, individual = context.tournament, context.team_of, context.individual
    PrizeSettings.objects.create(tournament=tournament, one_each=prizes["one_each"], club_size=prizes["club_size"])
    player_of = {}
    if not individual and any(category["players"] for category in prizes["categories"]):
        player_of = {(team_id, seat): pk for pk, team_id, seat in
                     Player.objects.filter(team__tournament=tournament).values_list("pk", "team_id", "seat")}
    with whole_batches():
        categories = Category.objects.bulk_create([Category(tournament=tournament, name=category["name"])
                                                   for category in prizes["categories"]])
        tagged = list(zip(prizes["categories"], categories))
        TeamCategory.objects.bulk_create([
            TeamCategory(category=category, team=team_of[team])
            for entry, category in tagged for team in entry["players" if individual else "teams"]
        ])
        if not individual:
            PlayerCategory.objects.bulk_create([
                PlayerCategory(category=category, player_id=player_of[(team_of[player["team"]].pk, player["player"])])
                for entry, category in tagged for player in entry["players"]
            ])
        by_name = {category.name.lower(): category for category in categories}  # named once, ignoring case (checked)
        Prize.objects.bulk_create([
            Prize(tournament=tournament, order=order, what=prize["what"], rule=prize["rule"], number=prize["number"],
                  category=by_name[prize["category"].lower()] if "category" in prize else None)
            for order, prize in enumerate(prizes["list"], start=1)
        ])


PRIZES = register(Section(
    name="prizes", key="prizes", schema=schema, check=check, export=export, write=write,
    models={PrizeSettings: Kept(), Category: Kept(), Prize: Kept(), TeamCategory: Kept(("category",)),
            PlayerCategory: Kept(("category",))},
))
