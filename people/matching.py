"""Who of the register a typed or imported player is: the one set of matching rules.

Why one module: the register's search, the suggestions under a player's name, the team form and the
Excel import must agree on who "Zoë Özdemir" is. Searching compares names as every search of the site
does (:func:`tournaments.names.matches`, accent-, case- and apostrophe-blind, in Python, the same on
SQLite and PostgreSQL); linking compares a name as a person is known by it
(:func:`tournaments.names.person_key`, kept in ``Person.key``, so it is one indexed query).

The rules of a link (docs/people.md):

- A member number finds its person first; a name finds the one person of that name.
- *Unsure* is when those disagree or are not enough: the member number is someone of another name,
  several people share the name, the one person of the name has another member number, or the person
  found already plays in the tournament (a person holds one place in a tournament). Then a director
  chooses; nothing is guessed.

Every function reads a fixed number of queries, whatever the number of players.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from people.models import Person
from tournaments.models import Player
from tournaments.names import matches, person_key, sort_key

SUGGESTIONS = 8
"""How many people the suggestions under a name show: enough to choose from, short enough to read."""


def describe(person: Person) -> str:
    """A person as a choice shows them: the name, then club and member number when known."""
    details = [part for part in (person.club.name if person.club_id else "", person.member_number) if part]
    return f"{person.name} ({', '.join(details)})" if details else person.name


def search_people(query: str, limit: int | None = None) -> list[Person]:
    """The people whose name, club, member number or e-mail holds every word of ``query``
    (:func:`~tournaments.names.matches`), in the order of their names; all of them for an empty
    query. One query."""
    people = Person.objects.select_related("club")
    found = [person for person in people
             if not query or matches(query, person.name, person.club.name if person.club_id else "",
                                     person.member_number, person.email)]
    found.sort(key=lambda person: (sort_key(person.name), person.pk))
    return found[:limit] if limit is not None else found


def suggestions(query: str) -> list[dict]:
    """The suggestions under a player's name as it is typed: who of the register the name may be
    (plain values, for the page's script). Nothing for fewer than two letters."""
    if len(query.strip()) < 2:
        return []
    return [{"id": person.pk, "name": person.name, "club": person.club.name if person.club_id else "",
             "member_number": person.member_number, "label": describe(person)}
            for person in search_people(query, SUGGESTIONS)]


def playing_in(tournament_id: int, people: Iterable[int] | None = None, *,
               except_team: int | None = None) -> dict[int, str]:
    """Which of ``people`` (every linked player's person when None) play in the tournament already (but
    in ``except_team``): person pk → the team, as "De Kezers (3)". One query."""
    players = Player.objects.filter(team__tournament_id=tournament_id, person__isnull=False)
    if people is not None:
        players = players.filter(person_id__in=list(people))
    if except_team is not None:
        players = players.exclude(team_id=except_team)
    return {person: f"{name} ({number})"
            for person, name, number in players.values_list("person_id", "team__name", "team__number")}


@dataclass(frozen=True)
class Match:
    """Who of the register a player is. ``person`` when sure; when unsure, ``candidates`` (the people
    it may be, best first) and ``reason`` (why a director must choose); a new person when neither."""

    person: int | None = None
    how: str = "new"  # "member" (found by member number), "name" (by name), "new", "unsure"
    candidates: tuple[int, ...] = ()
    reason: str = ""
    adds_member_number: bool = False  # found by name, without the member number the file gives: it gets it

    @property
    def unsure(self) -> bool:
        return self.how == "unsure"


@dataclass
class Matching:
    """The matches of a list of players, with the people they name (pk → person, club loaded)."""

    matches: list[Match]
    people: dict[int, Person]

    def member_number_owner(self, number: str) -> Person | None:
        """The person of the register who has this member number, among those read."""
        return next((person for person in self.people.values() if number and person.member_number == number), None)


def match_players(players: Sequence[tuple[str, str]], taken: Collection[int] = ()) -> Matching:
    """Who each player (name, member number) is, by the rules of the module's docstring. ``taken``:
    the people who play in the tournament already; a person found for a player is taken for the
    players after it too, so nobody is linked twice in one tournament without a director choosing.
    Two queries."""
    numbers = {number for _name, number in players if number}
    keys = {person_key(name) for name, _number in players} - {""}
    people: dict[int, Person] = {}
    by_number: dict[str, Person] = {}
    by_key: dict[str, list[Person]] = defaultdict(list)
    if numbers:
        for person in Person.objects.select_related("club").filter(member_number__in=numbers):
            people[person.pk] = by_number[person.member_number] = person
    if keys:
        for person in Person.objects.select_related("club").filter(key__in=keys).order_by("pk"):
            people.setdefault(person.pk, person)
            by_key[person.key].append(people[person.pk])
    taken = set(taken)
    found = []
    for name, number in players:
        match = _match(name, number, by_number.get(number) if number else None, by_key.get(person_key(name), []))
        if match.person is not None and match.person in taken:
            match = Match(how="unsure", candidates=(match.person,), reason=_(
                "%(person)s already plays in this tournament; a person holds one place in a tournament.")
                % {"person": describe(people[match.person])})
        if match.person is not None:
            taken.add(match.person)
        found.append(match)
    return Matching(found, people)


def _match(name: str, number: str, owner: Person | None, named: list[Person]) -> Match:
    """One player's match: ``owner`` has the member number, ``named`` are the people of the name."""
    key = person_key(name)
    if owner is not None:
        if owner.key == key:
            return Match(person=owner.pk, how="member")
        others = tuple(person.pk for person in named)
        return Match(how="unsure", candidates=(owner.pk, *others), reason=_(
            "Member number %(number)s is %(person)s's in the register, not %(name)s's.")
            % {"number": number, "person": owner.name, "name": name})
    if not named:
        return Match(how="new")
    if len(named) > 1:
        return Match(how="unsure", candidates=tuple(person.pk for person in named), reason=_(
            "%(count)d people of the register are called %(name)s.") % {"count": len(named), "name": name})
    person = named[0]
    if number and person.member_number:
        return Match(how="unsure", candidates=(person.pk,), reason=_(
            "%(person)s has member number %(theirs)s in the register; the file says %(number)s.")
            % {"person": person.name, "theirs": person.member_number, "number": number})
    return Match(person=person.pk, how="name", adds_member_number=bool(number))


@dataclass(frozen=True)
class SeatLinks:
    """The people a form's players are (pk or None, by seat), the seats whose player is new to the
    register (True, by seat: added when the team is written), and what is wrong (seat index → message)."""

    people: tuple[int | None, ...]
    problems: dict[int, str]
    new: tuple[bool, ...] = ()


def link_seats(names: Sequence[str], chosen: Sequence[int | None], *, tournament_id: int,
               team_id: int | None = None, unchanged: Sequence[bool] = ()) -> SeatLinks:
    """Who the players typed on a form are. A person chosen from the suggestions counts while the name
    is still theirs (as :func:`person_key` reads it: choosing fills in the name, typing over it lets go),
    or while the seat is ``unchanged`` (an edited team's player, name and person as saved: a player
    registered as "Anna d. Vries" and linked to Anna de Vries stays linked). A name typed without
    choosing is matched as the Excel import matches a name (:func:`match_players`, without member
    numbers): the one person of that name who does not play in the tournament yet is linked; when nobody
    of the register has the name, the player is new to the register (``new``), unless the seat is
    ``unchanged`` (only a player added or renamed joins the register: a player left unlinked on purpose
    stays so); when unsure (several people of the name, or the one plays in the tournament already) the
    player stays unlinked: the form does not guess, the director chooses from the suggestions. A chosen
    person who is not in the register, or who plays in the tournament already (in another team, or on
    both seats), is a problem. Three queries."""
    keys = [person_key(name) for name in names]
    wanted = {pk for pk in chosen if pk is not None}
    found = dict(Person.objects.filter(pk__in=wanted).values_list("pk", "key")) if wanted else {}
    playing = playing_in(tournament_id, except_team=team_id)
    people: list[int | None] = [None] * len(names)
    problems: dict[int, str] = {}
    typed: list[int] = []
    for index, (key, pk) in enumerate(zip(keys, chosen)):
        if pk is not None and pk not in found:
            problems[index] = _("The person chosen from the register is not there any more; type the name "
                                "again and choose from the suggestions.")
        elif pk is not None and (found[pk] == key or (index < len(unchanged) and unchanged[index])):
            if pk in playing:
                problems[index] = _("This person of the register already plays in this tournament, in %(team)s; a "
                                    "person holds one place in a tournament.") % {"team": playing[pk]}
            elif pk in people:
                problems[index] = _("This person plays on the other seat already.")
            else:
                people[index] = pk
        else:
            typed.append(index)
    new = [False] * len(names)
    matching = match_players([(names[index], "") for index in typed],
                             taken={*playing, *(pk for pk in people if pk is not None)})
    for index, match in zip(typed, matching.matches):
        people[index] = match.person
        new[index] = match.how == "new" and not (index < len(unchanged) and unchanged[index])
    return SeatLinks(tuple(people), problems, tuple(new))
