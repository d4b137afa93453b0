"""The database side of the prizes: read a tournament's categories, tags, prizes and settings; award
the prizes over a standings; check and save what the director changes.

Why here and not in the views: the director's page, the prize-list PDF and the public club ranking
all need the same awards from the same standings (:func:`tournaments.services.standings.standings`),
and a change is checked whole before anything is written. Every change is checked against the
standings as they are now — a prize nobody can win is refused with a message naming it — and then
written in one transaction that raises the tournament's results version, so the cached public
page and the prize-list PDF (both keyed by it) are made again.

Who may win: every place of the standings but those of withdrawn teams (they are not at the
prize-giving) and of teams that did not play; when the tournament gives teams that missed a round
no prize (``missed_rounds`` "no-prizes"), not theirs either; and the booby prize goes only to a
team that took part in every round (a bye given by the draw is no missed round). A place (a team,
or a player where players are ranked) carries a category when its team carries it, or its player
does; a team's place also when both its players carry it (a team of two ladies is a ladies' team).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from prizes import awarding, text
from prizes.models import CATEGORY_NAME_MAX_LENGTH, Category, PlayerCategory, Prize, PrizeSettings, TeamCategory
from tournaments.models import MissedRounds, Player, Team, Tournament
from tournaments.names import clean_name
from tournaments.numbers import whole_or
from tournaments.services.standings import Standings, StandingsRow, standings
from tournaments.signals import bump, changed

# --- reading ----------------------------------------------------------------------------------


def settings_of(tournament: Tournament) -> PrizeSettings:
    """The tournament's prize settings (the defaults when it has none saved)."""
    return PrizeSettings.objects.filter(tournament=tournament).first() or PrizeSettings(tournament=tournament)


@dataclass(frozen=True)
class Tags:
    """Who carries which category: ``teams`` team id → category ids, ``players`` (team id, seat) →
    category ids, ``seats`` team id → its players' seats, ``names`` category id → name."""

    teams: dict[int, frozenset[int]]
    players: dict[tuple[int, int], frozenset[int]]
    seats: dict[int, tuple[int, ...]]
    names: dict[int, str]


def tags_of(tournament: Tournament) -> Tags:
    """The tournament's categories and their tags, in three queries."""
    names = dict(Category.objects.filter(tournament=tournament).order_by("name").values_list("pk", "name"))
    teams: dict[int, set[int]] = defaultdict(set)
    for team, category in TeamCategory.objects.filter(category__tournament=tournament).values_list(
            "team_id", "category_id"):
        teams[team].add(category)
    players: dict[tuple[int, int], set[int]] = defaultdict(set)
    seats: dict[int, list[int]] = defaultdict(list)
    for team, seat, category in Player.objects.filter(team__tournament=tournament).order_by(
            "team_id", "seat").values_list("team_id", "seat", "category_tags__category_id"):
        if seat not in seats[team]:
            seats[team].append(seat)
        if category is not None:
            players[(team, seat)].add(category)
    return Tags({pk: frozenset(found) for pk, found in teams.items()},
                {pk: frozenset(found) for pk, found in players.items()},
                {pk: tuple(found) for pk, found in seats.items()}, names)


@dataclass(frozen=True)
class Place:
    """A place of the standings as :mod:`prizes.awarding` reads it, with its standings ``row``."""

    rank: int
    key: str
    name: str
    points: int
    club: str
    categories: frozenset
    row: StandingsRow
    every_round: bool = True  # the team took part in every round: only such a place wins the booby prize


def places(report: Standings, tags: Tags | None = None) -> list[Place]:
    """The places that may win a prize, best first: every place but a withdrawn team's, a team's that
    did not play (a registered no-show wins no booby prize) and, under ``missed_rounds`` "no-prizes",
    a team's that missed a round. The club ranking counts the same places."""
    tags = tags or Tags({}, {}, {}, {})
    no_prizes = report.tournament.missed_rounds == MissedRounds.NO_PRIZES
    found = []
    for row in report.placed_rows:  # the final ranking once the finals are over
        if row.team.withdrawn or row.did_not_play or (no_prizes and row.missed):
            continue
        pk = row.team.pk
        carried = set(tags.teams.get(pk, ()))
        seat = row.key.rpartition("/")[2] if report.per_player and not report.tournament.individual else ""
        if seat.isdigit():  # a player's place: their own tags
            carried |= tags.players.get((pk, int(seat)), frozenset())
        elif tags.seats.get(pk):  # a team's place (or an entrant's): the tags every player carries
            carried |= frozenset.intersection(*(tags.players.get((pk, s), frozenset()) for s in tags.seats[pk]))
        found.append(Place(row.rank, row.key, row.name, row.points, row.team.club, frozenset(carried), row,
                           every_round=not row.missed))
    return found


@dataclass(frozen=True)
class ClubRanking:
    """The clubs by their best ``size`` places (:func:`prizes.awarding.club_ranking`)."""

    size: int
    clubs: list[awarding.ClubPlace]


def club_ranking(report: Standings) -> ClubRanking:
    """The club ranking of ``report`` (one query: the tournament's number of places that count)."""
    size = settings_of(report.tournament).club_size
    return ClubRanking(size, awarding.club_ranking(places(report), size))


@dataclass(frozen=True)
class _Rule:
    """A prize as :func:`prizes.awarding.awards` takes it: its rule, what is given and, when typed, its line."""

    rule: awarding.Rule
    what: str
    line: int | None


def _rules(prizes: Iterable[Prize]) -> list[_Rule]:
    return [_Rule(prize.as_rule, prize.what, None) for prize in prizes]


@dataclass(frozen=True)
class PrizeAward:
    """A prize as the pages show it: what is given, why (the rule in words), and the winning
    ``place`` (a team's or player's) or ``club``; without a winner, why not (``problem``, a sentence)."""

    what: str
    why: str
    place: Place | None = None
    club: awarding.ClubPlace | None = None
    problem: str = ""

    @property
    def won(self) -> bool:
        return self.place is not None or self.club is not None


def describe(rule: awarding.Rule, names: dict[int, str]) -> str:
    """The rule in words: "Place 1", "Best of “youth”", "Booby prize: the last place", "Best club"."""
    n = rule.number
    if rule.kind == awarding.PLACE:
        return _("Place %(n)s") % {"n": n}
    if rule.kind == awarding.CATEGORY:
        name = names.get(rule.category, "?")
        return (_("Best of “%(category)s”") % {"category": name} if n == 1
                else _("Place %(n)s of “%(category)s”") % {"n": n, "category": name})
    if rule.kind == awarding.BOOBY:
        return _("Booby prize: the last place") if n == 1 else _("Booby prize: place %(n)s from the bottom") % {"n": n}
    return _("Best club") if n == 1 else _("Club place %(n)s") % {"n": n}


def _reason(award: awarding.Award, names: dict[int, str], club_size: int) -> str:
    """Why nobody wins ``award``, in a sentence."""
    rule = award.prize.rule
    named = {"count": award.candidates, "category": names.get(rule.category, "?"), "size": club_size}
    if award.problem == awarding.ALL_AWARDED:
        return _("Everyone who could win it has a prize handed out before it, and a winner gets at most one prize.")
    if rule.kind == awarding.BOOBY and award.candidates < rule.number:
        return ngettext("Only %(count)s place in the standings is of a team that played every round.",
                        "Only %(count)s places in the standings are of teams that played every round.",
                        award.candidates) % named
    if rule.kind in (awarding.PLACE, awarding.BOOBY):
        if not award.candidates:
            return _("Nobody is in the standings yet.")
        return ngettext("The standings have only %(count)s place.", "The standings have only %(count)s places.",
                        award.candidates) % named
    if rule.kind == awarding.CATEGORY:
        if not award.candidates:
            return _("No team or player in the standings carries the category “%(category)s”; tag them first.") % named
        return ngettext("Only %(count)s place in the standings carries the category “%(category)s”.",
                        "Only %(count)s places in the standings carry the category “%(category)s”.",
                        award.candidates) % named
    if not award.candidates:
        return ngettext("No club has a team in the standings.", "No club has %(size)s teams in the standings.",
                        club_size) % named
    return ngettext("Only %(count)s club has %(size)s teams in the standings.",
                    "Only %(count)s clubs have %(size)s teams in the standings.", award.candidates) % named


def refusal(award: PrizeAward, line: int | None) -> str:
    """The message that refuses a prize nobody can win, naming it (and its typed line)."""
    named = {"what": award.what, "rule": award.why, "reason": award.problem, "line": line}
    if line is None:
        return _("Nobody can win “%(what)s” (%(rule)s). %(reason)s") % named
    return _("Line %(line)s: nobody can win “%(what)s” (%(rule)s). %(reason)s") % named


def _awards(rules: list[_Rule], found: list[Place], tags: Tags, settings: PrizeSettings) -> list[PrizeAward]:
    shown = []
    for award in awarding.awards(rules, found, one_each=settings.one_each, club_size=settings.club_size):
        why = describe(award.prize.rule, tags.names)
        if award.winner is None:
            shown.append(PrizeAward(award.prize.what, why, problem=_reason(award, tags.names, settings.club_size)))
        elif isinstance(award.winner, awarding.ClubPlace):
            shown.append(PrizeAward(award.prize.what, why, club=award.winner))
        else:
            shown.append(PrizeAward(award.prize.what, why, place=award.winner))
    return shown


def prize_awards(report: Standings) -> list[PrizeAward] | None:
    """The tournament's prizes in handing-out order with their winners in ``report`` (the names as
    ``report`` has them: the prize list takes them with the privacy setting), or None when the
    tournament has no prizes. Five queries."""
    tournament = report.tournament
    prizes = list(Prize.objects.filter(tournament=tournament).order_by("order"))
    if not prizes:
        return None
    tags = tags_of(tournament)
    return _awards(_rules(prizes), places(report, tags), tags, settings_of(tournament))


def prizes_text(tournament: Tournament) -> str:
    """The tournament's prizes as the director types them (:mod:`prizes.text`)."""
    names = dict(Category.objects.filter(tournament=tournament).values_list("pk", "name"))
    return text.prize_lines(((prize.as_rule, prize.what) for prize in
                             Prize.objects.filter(tournament=tournament).order_by("order")), names)


# --- changing ---------------------------------------------------------------------------------


def _locked(tournament: Tournament) -> Tournament:
    """The tournament's row locked for the transaction: one change of its prizes at a time."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _refuse_unsatisfied(tournament: Tournament, rules: list[_Rule], tags: Tags, settings: PrizeSettings) -> None:
    """A ValidationError naming every prize nobody can win in the standings as they are now."""
    if not rules:
        return
    problems = [refusal(award, rule.line) for rule, award in
                zip(rules, _awards(rules, places(standings(tournament), tags), tags, settings), strict=True)
                if not award.won]
    if problems:
        raise ValidationError(problems)


def _category_keys(tags: Tags) -> dict[str, int]:
    return {text.name_key(name): pk for pk, name in tags.names.items()}


def save_prizes(tournament: Tournament, typed: str, one_each: bool, club_size: int) -> int:
    """Replace the tournament's prizes by the ``typed`` list and save the settings; returns how many
    prizes there are. Every line and every prize is checked first (a line that cannot be read, a
    prize nobody can win); a ValidationError names them all and nothing is written."""
    with transaction.atomic():
        _locked(tournament)
        tags = tags_of(tournament)
        read = text.read_prizes(typed, _category_keys(tags))
        if read.problems:
            raise ValidationError(read.problems)
        settings = settings_of(tournament)
        settings.one_each, settings.club_size = one_each, club_size
        settings.full_clean(exclude=["tournament"], validate_unique=False)
        rules = [_Rule(prize.rule, prize.what, prize.line) for prize in read.prizes]
        _refuse_unsatisfied(tournament, rules, tags, settings)
        settings.save()
        Prize.objects.filter(tournament=tournament).delete()
        Prize.objects.bulk_create([
            Prize(tournament=tournament, order=order, what=prize.what, rule=prize.rule.kind, number=prize.rule.number,
                  category_id=prize.rule.category)
            for order, prize in enumerate(read.prizes, start=1)
        ])
        bump(pk=tournament.pk)
        changed(tournament.pk)  # bulk_create sends no post_save: the backups hear of the prizes here
    return len(read.prizes)


def checked_category_name(tournament: Tournament, name: str, category: Category | None = None) -> str:
    """``name`` with its spaces normalised; a ValidationError when it cannot name a category: empty, too
    long, a number (that is a place), with a colon (the prize list's separator), a keyword, or taken."""
    name = clean_name(name)
    if not name:
        raise ValidationError(_("Give the category a name."))
    if len(name) > CATEGORY_NAME_MAX_LENGTH:
        raise ValidationError(_("The name is %(length)s characters long; at most %(max)s fit.")
                              % {"length": len(name), "max": CATEGORY_NAME_MAX_LENGTH})
    if "\x00" in name:
        raise ValidationError(_("The name holds a character that cannot be saved."))
    if ":" in name:
        raise ValidationError(_("A category's name cannot hold a colon: the prize list puts one after it."))
    if whole_or(name) is not None:
        raise ValidationError(_("A category cannot be called by a number: in the prize list a number is a place."))
    if text.name_key(name) in text.keywords():
        raise ValidationError(_("“%(name)s” names the booby prize or the best club in the prize list; choose "
                                "another name.") % {"name": name})
    taken = Category.objects.filter(tournament=tournament).exclude(pk=category.pk if category else None)
    if any(text.name_key(other) == text.name_key(name) for other in taken.values_list("name", flat=True)):
        raise ValidationError(_("This tournament already has a category “%(name)s”.") % {"name": name})
    return name


def add_category(tournament: Tournament, name: str) -> Category:
    """A new category, nobody tagged yet."""
    with transaction.atomic():
        _locked(tournament)
        return Category.objects.create(tournament=tournament, name=checked_category_name(tournament, name))


def _ids(values: Iterable[str], allowed: set[int], what: str) -> set[int]:
    found = set()
    for value in values:
        pk = whole_or(value, None)
        if pk is None or pk not in allowed:
            raise ValidationError(what)
        found.add(pk)
    return found


def update_category(category: Category, name: str, teams: Iterable[str], players: Iterable[str]) -> None:
    """Rename ``category`` and set who carries it (``teams`` and ``players``: ids as posted by the
    checkboxes). Refused whole when the name cannot be, an id is not of this tournament, or a prize
    would then have no winner."""
    tournament = category.tournament
    with transaction.atomic():
        _locked(tournament)
        name = checked_category_name(tournament, name, category)
        team_ids = _ids(teams, set(Team.objects.filter(tournament=tournament).values_list("pk", flat=True)),
                        _("A team that is not of this tournament was ticked; nothing was saved."))
        seats = {pk: (team, seat) for pk, team, seat in
                 Player.objects.filter(team__tournament=tournament).values_list("pk", "team_id", "seat")}
        player_ids = _ids(players, set(seats),
                          _("A player who is not of this tournament was ticked; nothing was saved."))
        tags = tags_of(tournament)
        ours = frozenset({category.pk})
        team_tags = {pk: found - ours for pk, found in tags.teams.items()}
        for pk in team_ids:
            team_tags[pk] = team_tags.get(pk, frozenset()) | ours
        player_tags = {key: found - ours for key, found in tags.players.items()}
        for pk in player_ids:
            player_tags[seats[pk]] = player_tags.get(seats[pk], frozenset()) | ours
        new = Tags(team_tags, player_tags, tags.seats, {**tags.names, category.pk: name})
        prizes = list(Prize.objects.filter(tournament=tournament).order_by("order"))
        _refuse_unsatisfied(tournament, _rules(prizes), new, settings_of(tournament))
        category.name = name
        category.save(update_fields=["name"])
        TeamCategory.objects.filter(category=category).exclude(team_id__in=team_ids).delete()
        PlayerCategory.objects.filter(category=category).exclude(player_id__in=player_ids).delete()
        have = set(TeamCategory.objects.filter(category=category).values_list("team_id", flat=True))
        TeamCategory.objects.bulk_create([TeamCategory(category=category, team_id=pk) for pk in team_ids - have])
        have = set(PlayerCategory.objects.filter(category=category).values_list("player_id", flat=True))
        PlayerCategory.objects.bulk_create([PlayerCategory(category=category, player_id=pk)
                                            for pk in player_ids - have])
        bump(pk=tournament.pk)
        changed(tournament.pk)  # bulk_create sends no post_save: the backups hear of the tags here


def delete_category(category: Category) -> None:
    """Delete ``category`` and its tags; refused while a prize is for it."""
    with transaction.atomic():
        _locked(category.tournament)
        used = list(Prize.objects.filter(category=category).order_by("order").values_list("what", flat=True))
        if used:
            raise ValidationError(ngettext(
                "The category “%(name)s” is used by the prize “%(prizes)s”; remove that prize first.",
                "The category “%(name)s” is used by the prizes %(prizes)s; remove those prizes first.",
                len(used)) % {"name": category.name, "prizes": used[0] if len(used) == 1
                              else ", ".join(f"“{what}”" for what in used)})
        category.delete()
        bump(pk=category.tournament_id)


@dataclass(frozen=True)
class CategoryCount:
    category: Category
    teams: int
    players: int


def category_counts(tournament: Tournament) -> list[CategoryCount]:
    """The tournament's categories by name, each with how many teams and players carry it."""
    return [CategoryCount(category, category.team_count, category.player_count) for category in
            Category.objects.filter(tournament=tournament).annotate(
                team_count=Count("team_tags", distinct=True), player_count=Count("player_tags", distinct=True),
            ).order_by("name")]
