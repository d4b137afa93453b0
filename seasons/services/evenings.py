"""A competition's evenings and excused absences, changed by the director: add a tournament as the
next evening, remove or move an evening, excuse a person for an evening, withdraw an excuse.

Why here and not in the views: each change is checked whole first (the game of the tournament,
the evenings the rules plan, whether the person played that evening) and then written in one
transaction, so a refused change writes nothing and a page or a script gets the same message.
Refusals are :class:`~django.core.exceptions.ValidationError` in the director's language.

Evenings are numbered 1…n without gaps: evening k is the k-th tournament of the series, as in the
competition file. An excused absence belongs to its evening and moves with it; the rules' periods
name positions (evening 5 is the fifth evening, whichever tournament that is).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Max, QuerySet
from django.utils.translation import gettext as _

from people.models import Person
from people.refs import people_by_name
from scoring.competition import MAX_EVENINGS, parse_rules
from scoring.systems import SYSTEMS_OF, Game
from seasons.models import Competition, Evening, Excused
from seasons.services.competition_file import fixed_teams
from seasons.services.places import forget_places, fresh_places
from seasons.services.standings import key_of, people_of
from tournaments.models import GameChoice, Tournament
from tournaments.names import clean_name, person_key

SHIFT = 1000
"""Numbers are moved past this while evenings are renumbered (the unique number of each evening
holds at every step; no competition has this many evenings, :data:`MAX_EVENINGS`)."""
assert SHIFT > MAX_EVENINGS


def game_name(game: str) -> str:
    """A game by its name in the director's language ("Klaverjassen")."""
    return str(GameChoice(game).label) if game in GameChoice.values else game


def planned(competition: Competition) -> int | None:
    """M, the evenings the rules plan (``count.of``), or None when they do not say."""
    return parse_rules(competition.rules).of


def candidates(competition: Competition) -> QuerySet[Tournament]:
    """The tournaments that may become the next evening: of the competition's game, not a practice
    run, not an evening of it already; the newest first."""
    return (Tournament.objects.filter(practice=False, scoring_system__in=SYSTEMS_OF[Game(competition.game)])
            .exclude(evenings__competition=competition).order_by("-date", "name"))


def evening_problems(competition: Competition, tournament: Tournament) -> list[str]:
    """Why ``tournament`` cannot be the competition's next evening (empty: it can)."""
    if tournament.practice:
        return [_("“%(tournament)s” is a practice run: nothing of it is public, so it cannot be an evening.")
                % {"tournament": tournament.name}]
    if tournament.game != competition.game:
        return [_("“%(tournament)s” is a tournament of %(other)s; this competition ranks %(game)s, so only "
                  "tournaments of %(game)s can be its evenings.")
                % {"tournament": tournament.name, "other": game_name(tournament.game),
                   "game": game_name(competition.game)}]
    if parse_rules(competition.rules).ranks == "teams" and not fixed_teams(tournament.individual,
                                                                           tournament.scoring_system):
        return [_("“%(tournament)s” does not rank fixed teams (its players enter alone, or it ranks players); this "
                  "competition ranks fixed teams.") % {"tournament": tournament.name}]
    if competition.evenings.filter(tournament=tournament).exists():
        return [_("“%(tournament)s” is an evening of this competition already.") % {"tournament": tournament.name}]
    count = competition.evenings.count()
    most = planned(competition) or MAX_EVENINGS
    if count >= most:
        return [_("This competition plans %(planned)s evenings and has all of them; plan more evenings in its "
                  "rules first.") % {"planned": most}]
    return []


def add_evening(competition: Competition, tournament: Tournament) -> Evening:
    """Make ``tournament`` the next evening; its players are linked to the register by name
    (:func:`people.refs.people_by_name`). :class:`ValidationError` when it cannot be."""
    problems = evening_problems(competition, tournament)
    if problems:
        raise ValidationError(problems)
    try:
        with transaction.atomic():
            number = (competition.evenings.aggregate(last=Max("number"))["last"] or 0) + 1
            evening = Evening.objects.create(competition=competition, number=number, tournament=tournament)
            people_by_name([tournament.pk], with_ids=True)
            forget_places([tournament.pk])
    except IntegrityError:  # another director added an evening at the same moment
        raise ValidationError(_("Another change to this competition's evenings came in at the same time; nothing "
                                "was saved. Look at the evenings and try again.")) from None
    return evening


def remove_evening(competition: Competition, number: int) -> None:
    """Remove evening ``number`` (the tournament stays); later evenings move up one, with their excused
    absences; the excused absences of the removed evening go with it."""
    with transaction.atomic():
        deleted, _rows = competition.evenings.filter(number=number).delete()
        if not deleted:
            raise ValidationError(_("This competition has no evening %(number)s.") % {"number": number})
        competition.excused.filter(evening=number).delete()
        for model, field in ((Evening, "number"), (Excused, "evening")):
            later = model.objects.filter(competition=competition, **{f"{field}__gt": number})
            later.update(**{field: F(field) + SHIFT})
            model.objects.filter(competition=competition, **{f"{field}__gt": SHIFT}).update(
                **{field: F(field) - SHIFT - 1})


def move_evening(competition: Competition, number: int, up: bool) -> None:
    """Swap evening ``number`` with the one before it (``up``) or after it, excused absences with them."""
    other = number - 1 if up else number + 1
    with transaction.atomic():
        found = set(competition.evenings.filter(number__in=[number, other]).values_list("number", flat=True))
        if number not in found:
            raise ValidationError(_("This competition has no evening %(number)s.") % {"number": number})
        if other not in found:
            raise ValidationError(_("Evening %(number)s is the first already.") % {"number": number} if up
                                  else _("Evening %(number)s is the last already.") % {"number": number})
        for model, field in ((Evening, "number"), (Excused, "evening")):
            rows = model.objects.filter(competition=competition)
            rows.filter(**{field: number}).update(**{field: SHIFT})
            rows.filter(**{field: other}).update(**{field: number})
            rows.filter(**{field: SHIFT}).update(**{field: other})


def played_keys(evening: Evening) -> set[str]:
    """Who played the evening, as the standings know people (the register's id in files or name as
    matched, else the player's name as matched): the entrants of its tournament who played a round."""
    evening = fresh_places([evening])[0]
    people = people_of([evening])
    return {key_of(pk, name, people) for place in (evening.places or {}).get("places", []) for pk, name in place[2]}


def excused_person(name: str) -> Person | None:
    """The register's person a typed name means (the oldest of that name), or None."""
    return Person.objects.filter(key=person_key(name)).order_by("pk").first()


def excuse_problems(competition: Competition, number: int, person: Person | None, name: str = "") -> list[str]:
    """Why ``person`` (or, when None, the person called ``name``) cannot be excused on evening ``number``."""
    evening = competition.evenings.select_related("tournament").filter(number=number).first()
    if evening is None:
        return [_("This competition has no evening %(number)s.") % {"number": number}]
    if parse_rules(competition.rules).ranks == "teams":
        return [_("This competition ranks fixed teams: excused absences are of people, and it has none.")]
    shown = person.name if person is not None else clean_name(name)
    key = person.competition_key if person is not None else person_key(name)
    if not key:
        return [_("Choose a person from the register or type a name.")]
    if key in played_keys(evening):
        return [_("%(person)s played on evening %(number)s (%(tournament)s) and cannot be excused for it.")
                % {"person": shown, "number": number, "tournament": evening.tournament.name}]
    if person is not None and competition.excused.filter(evening=number, person=person).exists():
        return [_("%(person)s is excused on evening %(number)s already.") % {"person": shown, "number": number}]
    return []


def excuse(competition: Competition, number: int, person: Person | None, name: str = "") -> Excused:
    """Excuse ``person`` — or the register's person called ``name``, created when the register has
    none — on evening ``number``; :class:`ValidationError` when they played it or are excused already."""
    if person is None and name:
        person = excused_person(name)
    problems = excuse_problems(competition, number, person, name)
    if problems:
        raise ValidationError(problems)
    try:
        with transaction.atomic():
            if person is None:
                person = Person.objects.get(pk=people_by_name([], [name], with_ids=True)[person_key(name)])
            return Excused.objects.create(competition=competition, evening=number, person=person)
    except IntegrityError:  # the same excuse sent twice at once
        raise ValidationError(_("%(person)s is excused on evening %(number)s already.")
                              % {"person": person.name, "number": number}) from None


def withdraw_excuse(competition: Competition, pk: int) -> None:
    deleted, _rows = competition.excused.filter(pk=pk).delete()
    if not deleted:
        raise ValidationError(_("This excused absence was withdrawn already."))
