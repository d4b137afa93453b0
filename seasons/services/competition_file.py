"""The competition file (``shared/spec/competition.md``): a season as JSON — its rules, excused
absences and its tournaments as inline tournament files — read, checked whole, written in one
transaction, and exported so that it reads back to the same competition.

Why every check before any write: a club mails this file around; one wrong evening must refuse the
file with every problem named, never leave half a season behind. The tournaments are checked by the
tournament file's own :func:`read_file` (a tournament the importer would refuse refuses the
competition), and written by its :func:`import_file`.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from people.refs import people_by_name, people_by_ref
from scoring import INDIVIDUAL_11, PER_PLAYER, Game
from scoring.competition import MAX_EVENINGS, Rules, RulesError, parse_rules, whole
from seasons.models import Competition, Evening, Excused
from tournaments.games import DEFAULT_GAME
from tournaments.models.registration import NAME_MAX_LENGTH, free_slug
from tournaments.names import person_key
from tournaments.services.tournament_file import InvalidTournamentFile, export_file, import_file, read_file
from tournaments.services.tournament_file.checks import ParsedFile, too_deep
from tournaments.services.tournament_file.sides import players_of

FORMAT = "keezen-competition"
VERSION = 1
MAX_BYTES = 100 * 1024 * 1024
"""The largest competition file read: forty evenings of a big club's day, twice over."""
SEED_RANGE = (-(2**63), 2**63 - 1)


class InvalidCompetitionFile(ValueError):
    def __init__(self, errors: list[str]):
        super().__init__("\n".join(errors))
        self.errors = errors


@dataclass
class ParsedCompetition:
    """A checked competition file: its rules, tournaments and excused absences (evening, person key)."""

    data: dict
    rules: Rules
    tournaments: list[ParsedFile]
    excused: list[tuple[int, str, str]] = field(default_factory=list)  # (evening, ref or "", name or "")


def loads(content: bytes | str) -> Any:
    """The decoded JSON of a competition file, within its size and depth limits."""
    if len(content) > MAX_BYTES:
        raise InvalidCompetitionFile([_("the file is larger than %(mb)s MB: not a competition file")
                                      % {"mb": MAX_BYTES // (1024 * 1024)}])
    try:
        text = content.decode("utf-8") if isinstance(content, bytes) else content
    except UnicodeDecodeError:
        raise InvalidCompetitionFile([_("the file is not text (UTF-8): not a competition file")]) from None
    if too_deep(text):
        raise InvalidCompetitionFile([_("the file nests arrays and objects too deep: not a competition file")])
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidCompetitionFile([_("the file is not a competition file, or it is damaged or cut off: "
                                        "%(problem)s at line %(line)s")
                                      % {"problem": error.msg, "line": error.lineno}]) from None
    except ValueError:
        raise InvalidCompetitionFile([_("the file holds a number of more than %(digits)s digits")
                                      % {"digits": sys.get_int_max_str_digits()}]) from None


def read_competition(data: Any) -> ParsedCompetition:
    """Check a decoded competition file whole; :class:`InvalidCompetitionFile` lists every problem."""
    if not isinstance(data, dict):
        raise InvalidCompetitionFile([_("the file must hold one JSON object")])
    errors: list[str] = []
    if data.get("format") != FORMAT:
        errors.append(_('"format" must be "%(format)s": this is not a competition file') % {"format": FORMAT})
    if data.get("version") != VERSION or not whole(data.get("version")):
        errors.append(_('"version" must be %(version)s: this program reads competition files of version %(version)s')
                      % {"version": VERSION})
    if errors:
        raise InvalidCompetitionFile(errors)
    known = {"format", "version", "name", "game", "seed", "rules", "excused", "tournaments"}
    errors += [_('"%(field)s" is not a field of a competition file (known: %(known)s)')
               % {"field": key, "known": ", ".join(sorted(known))} for key in data if key not in known]
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_MAX_LENGTH:
        errors.append(_('"name" must be a text of 1 to %(max)s characters') % {"max": NAME_MAX_LENGTH})
    game = data.get("game", DEFAULT_GAME)
    if game not in tuple(Game):
        errors.append(_('"game" must be one of %(games)s') % {"games": ", ".join(f'"{g}"' for g in Game)})
    seed = data.get("seed")
    if seed is not None and not (whole(seed) and SEED_RANGE[0] <= seed <= SEED_RANGE[1]):
        errors.append(_('"seed" must be a whole number'))
    rules = None
    if "rules" not in data:
        errors.append(_('"rules" is missing (at least {"per_evening": …})'))
    else:
        try:
            rules = parse_rules(data["rules"])
        except RulesError as error:
            errors += error.errors
    tournaments = _tournaments(data.get("tournaments"), game, rules, errors)
    planned = _planned(rules, len(data.get("tournaments") or []) if isinstance(data.get("tournaments"), list) else 0)
    excused = _excused(data.get("excused", []), planned, tournaments, errors, rules.ranks if rules else "people")
    if errors or rules is None:
        raise InvalidCompetitionFile(errors)
    return ParsedCompetition(data=data, rules=rules, tournaments=tournaments, excused=excused)


def _planned(rules: Rules | None, count: int) -> int:
    """M, the evenings planned: ``count.of``, else the tournaments given or the last evening a period names."""
    if rules is not None and rules.of:
        return rules.of
    named = max((k for period in (rules.periods if rules else ()) for k in period.evenings), default=0)
    return max(count, named)


def _tournaments(value: Any, game: Any, rules: Rules | None, errors: list[str]) -> list[ParsedFile]:
    if not isinstance(value, list):
        errors.append(_('"tournaments" must be a list of tournament files (evening k is the k-th)'))
        return []
    if rules is not None and rules.of and len(value) > rules.of:
        errors.append(_('"tournaments" holds %(count)s evenings, more than the %(of)s of "count"')
                      % {"count": len(value), "of": rules.of})
    if len(value) > MAX_EVENINGS:
        errors.append(_('"tournaments" holds more than %(max)s evenings') % {"max": MAX_EVENINGS})
        return []
    parsed = []
    for number, tournament in enumerate(value, start=1):
        at = _("evening %(number)s (tournaments[%(index)s])") % {"number": number, "index": number - 1}
        if isinstance(tournament, dict) and tournament.get("game", DEFAULT_GAME) != game and game in tuple(Game):
            errors.append(_('%(at)s: a tournament of %(other)s in a competition of %(game)s')
                          % {"at": at, "other": tournament.get("game", DEFAULT_GAME), "game": game})
            continue
        try:
            parsed.append(read_file(tournament))
        except InvalidTournamentFile as error:
            errors += [f"{at}: {problem}" for problem in error.errors]
            continue
        if rules is not None and rules.ranks == "teams" and not fixed_teams(parsed[-1].individual, parsed[-1].setup.system):
            errors.append(_("%(at)s: a competition of fixed teams takes tournaments of teams that rank teams (not "
                            "players entering alone, not %(system)s)") % {"at": at, "system": INDIVIDUAL_11})
    return parsed


def fixed_teams(individual: bool, system: str) -> bool:
    """Whether a tournament's standings rank fixed teams, as a competition of teams needs."""
    return not individual and system not in PER_PLAYER


def _identities(parsed: ParsedFile) -> set[str]:
    """Who plays in a tournament: each player's person id, or their name as matched."""
    return {ref or person_key(name) for entrant in parsed.teams
            for name, ref in players_of(entrant, parsed.individual)}


def _excused(value: Any, planned: int, tournaments: list[ParsedFile], errors: list[str],
             ranks: str = "people") -> list[tuple[int, str, str]]:
    if not isinstance(value, list):
        errors.append(_('"excused" must be a list of {"evening": k, "person": …}'))
        return []
    if value and ranks == "teams":
        errors.append(_('"excused": excused absences are of people; a competition of fixed teams has none'))
        return []
    refs = {ref for parsed in tournaments for entrant in parsed.teams
            for _name, ref in players_of(entrant, parsed.individual) if ref}
    found: list[tuple[int, str, str]] = []
    seen: set[tuple[int, str]] = set()
    for index, entry in enumerate(value):
        at = f"excused[{index}]"
        if not isinstance(entry, dict) or set(entry) != {"evening", "person"}:
            errors.append(_('%(at)s must be {"evening": k, "person": …}') % {"at": at})
            continue
        evening, person = entry["evening"], entry["person"]
        if not whole(evening) or not 1 <= evening <= max(planned, 1):
            errors.append(_("%(at)s: evening %(evening)s is not an evening of this competition (1 to %(last)s)")
                          % {"at": at, "evening": json.dumps(evening), "last": max(planned, 1)})
            continue
        if not isinstance(person, str) or not person.strip() or len(person) > NAME_MAX_LENGTH:
            errors.append(_("%(at)s: person must be a person's id or name (1 to %(max)s characters)")
                          % {"at": at, "max": NAME_MAX_LENGTH})
            continue
        ref, name = (person, "") if person in refs else ("", person.strip())
        key = ref or person_key(name)
        if (evening, key) in seen:
            errors.append(_("%(at)s: %(person)s is excused on evening %(evening)s twice")
                          % {"at": at, "person": person, "evening": evening})
            continue
        seen.add((evening, key))
        if evening <= len(tournaments) and key in _identities(tournaments[evening - 1]):
            errors.append(_("%(at)s: %(person)s played on evening %(evening)s and cannot be excused for it")
                          % {"at": at, "person": person, "evening": evening})
            continue
        found.append((evening, ref, name))
    return found


def import_competition(data: Any) -> Competition:
    """Create the competition of a file (checked whole first) with its tournaments, in one transaction."""
    parsed = read_competition(data)
    with transaction.atomic():
        tournaments = []
        for number, tournament in enumerate(parsed.data["tournaments"], start=1):
            try:
                tournaments.append(import_file(tournament))
            except InvalidTournamentFile as error:  # what only the database can tell (a link taken here)
                transaction.set_rollback(True)
                raise InvalidCompetitionFile([_("evening %(number)s: %(problem)s") % {"number": number, "problem": p}
                                              for p in error.errors]) from None
        named = people_by_name([t.pk for t in tournaments], [name for _e, ref, name in parsed.excused if not ref])
        referred = people_by_ref({ref: ref for _e, ref, _name in parsed.excused if ref})
        data = parsed.data
        competition = Competition.objects.create(
            name=data["name"].strip(), slug=competition_slug(data["name"]), game=data.get("game", DEFAULT_GAME),
            rules=data["rules"], **({"seed": data["seed"]} if "seed" in data else {}))
        Evening.objects.bulk_create([Evening(competition=competition, number=number, tournament=tournament)
                                     for number, tournament in enumerate(tournaments, start=1)])
        Excused.objects.bulk_create([
            Excused(competition=competition, evening=evening,
                    person_id=referred[ref] if ref else named[person_key(name)])
            for evening, ref, name in parsed.excused])
    return competition


def competition_slug(name: str) -> str:
    """The competition's short name: from its name, the first one free."""
    return free_slug(Competition.objects.all(), slugify(name)[:50] or "competition")


def export_competition(competition: Competition) -> dict[str, Any]:
    """The competition as a file that :func:`import_competition` reads back to the same standings;
    its tournaments as version-1 files (teams and the results that count)."""
    evenings = list(competition.evenings.select_related("tournament").order_by("number"))
    excused = [{"evening": evening, "person": ref or name} for evening, ref, name in
               competition.excused.order_by("evening", "person__key", "person_id")
               .values_list("evening", "person__ref", "person__name")]
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "name": competition.name, "game": competition.game,
                            "seed": competition.seed, "rules": competition.rules}
    if excused:
        data["excused"] = excused
    data["tournaments"] = [export_file(evening.tournament, version=1) for evening in evenings]
    return data
