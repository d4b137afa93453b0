"""Hostile input to every URL of the site: no answer is a server error, and a refused request
writes nothing.

Why a sweep and not one test per field: the attack that found the 500s tried every parameter of
every page with the values people and scripts send by accident or on purpose (digits that
``str.isdigit`` accepts and ``int`` refuses, numbers past the database's columns, texts past their
length, NUL characters, JSON nested a hundred thousand deep). The sweep walks the URL patterns
themselves, so a new page is covered the day it is added; the forms are read from the pages as a
director sees them. It runs on SQLite and, in CI, on PostgreSQL, where integer and length
overflows show; there it sends only what a database may answer differently (:data:`DATABASE_KINDS`).
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from urllib.parse import urlencode, urlsplit

import pytest
from django.apps import apps
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.db import connection
from django.http import QueryDict
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse
from django.urls.exceptions import Resolver404

from devtools.busy_day import build_busy_day
from tournaments.models import ResultEvent, Table, Tournament
from tournaments.permissions import directors_group
from tournaments.services import door_window
from tournaments.services.rounds import add_round

# One value of each kind. Field values: what a phone, a pasted text or a script may send.
HOSTILE = {
    "non-ascii digit": "²",
    "arabic digits": "١٢٣",
    "past int limit": "9" * 4400,
    "64-bit": str(2**63),
    "past 32-bit": "40000000000",
    "past 16-bit": "40000",
    "negative": "-1",
    "zero": "0",
    "empty": "",
    "long text": "x" * 10000,
    "nul": "a\x00b",
    "float": "1e309",
}
# The kinds a database may answer differently: numbers past a column's range (SQLite's columns have
# none, and it refuses past 64 bits with its own error), texts past a column's length, NUL (PostgreSQL
# keeps none), an infinite float. The others ("²" and the other digits ``int`` reads or refuses,
# signs, nothing, 4,400 digits) are read or refused by Python before any query, as are deep JSON and a
# field sent twice: the same on every database. CI's PostgreSQL run sends only these
# (:func:`python_too`, docs/decisions.md).
DATABASE_KINDS = ("64-bit", "past 32-bit", "past 16-bit", "long text", "nul", "float")
# The kinds sent to one field at a time (all of them go to every field at once).
# Django's form fields are cleaned one by one, so every field at once finds what a field refuses
# badly; one at a time, with the others valid, finds what a form lets through to a column too small.
EACH_FIELD = ("past 32-bit", "past 16-bit", "long text", "nul")
# ... chosen by what the field is on the page (its ``<input type>``, ``<select>``, ``<textarea>``,
# ``<button>``), each kind where it can get through to a column or to a view's own parsing:
# - free text: "long text" (a form's text field longer than its column) and "nul" (PostgreSQL keeps no
#   NUL; a view's own ``int()`` refuses it as it refuses any non-number); the numbers too when the input
#   is numeric (``inputmode`` numeric or decimal, or a number shown in it): a text input a view reads
#   as a number;
# - numbers: the two integer overflows (40000 gets past a 32-bit maximum into a 16-bit column,
#   40000000000 past a 64-bit one into a 32-bit column) and "nul" for a view's own ``int()``; a text
#   that is no number is refused by a number field as "nul" is;
# - choices (select, radio, checkbox, button): a form refuses every value not offered alike, so
#   "past 32-bit" (a view that reads the value as a number, past both integer columns) and "nul" (a
#   view that keeps the value as text: PostgreSQL refuses it in any column, as it refuses a long one);
# - hidden fields (versions, ids: anything) and anything else: all four.
TEXT_INPUTS = {"text", "search", "email", "url", "tel", "password", "textarea", "date", "time", "datetime-local",
               "month", "week", "color", "file"}
CHOICE_INPUTS = {"select", "radio", "checkbox", "button", "submit", "reset", "image"}
NUMBERS = ("past 32-bit", "past 16-bit")


def python_too() -> bool:
    """Whether the sweep sends what Python answers before any query too: on SQLite (``make test``, and
    CI's first run), not on PostgreSQL, CI's second run, which sends only :data:`DATABASE_KINDS`."""
    return connection.vendor != "postgresql"


def kinds() -> dict[str, str]:
    """The hostile values this run sends (:func:`python_too`)."""
    return HOSTILE if python_too() else {kind: HOSTILE[kind] for kind in DATABASE_KINDS}


def each_field_kinds(kind: str, numeric: bool) -> tuple[str, ...]:
    """The kinds sent to a field of this kind one at a time (see ``EACH_FIELD``). On PostgreSQL a number
    field is not sent "nul": what is no number is refused by Python's ``int`` before any query."""
    if kind in TEXT_INPUTS:
        return ("long text", "nul", *NUMBERS) if numeric else ("long text", "nul")
    if kind in ("number", "range"):
        return (*NUMBERS, "nul") if python_too() else NUMBERS
    if kind in CHOICE_INPUTS:
        return ("past 32-bit", "nul")
    return EACH_FIELD

# Path values: the URL converters let only digits through to ``int`` parameters.
PATH_INT = {"zero": 0, "huge": 10**30, "64-bit": 2**63, "past 32-bit": 40000000000}
PATH_STR = {"non-ascii digit": "²", "long text": "x" * 300, "dots": "..", "nul-like": "%00"}
DEEP_JSON = "[" * 100_000 + "]" * 100_000
# Query parameters the views read (from request.GET), besides every field of the page's forms.
# ("retry" is left out: it makes a PDF again, whatever its value.)
QUERY_NAMES = ("q", "table", "after_round", "after", "job", "show", "page", "per_page", "sort", "next", "other",
               "table_number", "state")
# The kinds that make a query longest and oddest, sent as one value to every page.
ODD_QUERY = ("long text", "nul", "non-ascii digit")
# Pages whose form shows for a query: the results desk's sheet of table 1.
FORM_QUERY = {"director:results_desk": "?table=1"}
# Forms whose fields another test sends one at a time, with the other fields valid (which the form read
# from an empty page cannot give), every kind and twice: here only every field at once.
EACH_FIELD_ELSEWHERE = {
    "seasons:create": "tests/test_competition_pages.py::test_hostile_values_in_every_field_are_refused_without_writing",
    "seasons:edit": "tests/test_competition_pages.py::test_hostile_values_in_every_field_are_refused_without_writing",
}
# Not sent: logging out would end the director's session for the rest of the sweep.
SKIP_POST = {"logout"}
# A form shown again with its errors: Bootstrap's markers of a refused field or message.
REFUSED_FORM = re.compile(rb'is-invalid|invalid-feedback|errorlist|alert-danger[^>]*role="alert"')


class Forms(HTMLParser):
    """The forms of a page: action, method and their fields' names and values, as a browser would send
    them (a select its selected option, or its first when none is selected)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self.select: tuple[str, bool] | None = None  # the open single select's name, and whether an option was read

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        attrs = dict(attrs)
        if tag == "option" and self.select and self.forms:
            name, read = self.select
            if not read or "selected" in attrs:
                self.forms[-1]["fields"][name] = attrs.get("value") or ""
                self.select = (name, True)
            return
        if tag == "select" and attrs.get("name") and "multiple" not in attrs:
            self.select = (attrs["name"], False)
        if tag == "form":
            self.forms.append({"action": attrs.get("action") or attrs.get("hx-post") or "",
                               "method": (attrs.get("method") or "get").lower(), "fields": {}, "types": {}})
        elif tag in ("input", "select", "textarea", "button") and self.forms and attrs.get("name"):
            if attrs.get("type") in ("checkbox", "radio") and "checked" not in attrs:
                self.forms[-1]["fields"].setdefault(attrs["name"], "")
            else:
                self.forms[-1]["fields"][attrs["name"]] = attrs.get("value") or ""
            kind = (attrs.get("type") or "text").lower() if tag == "input" else tag
            if tag == "button":
                kind = "button"
            numeric = attrs.get("inputmode") in ("numeric", "decimal") or bool(
                re.fullmatch(r"-?[0-9]+([.,][0-9]+)?", attrs.get("value") or ""))
            types = self.forms[-1].setdefault("types", {})
            known, was_numeric = types.get(attrs["name"], (kind, False))
            types[attrs["name"]] = (known, numeric or was_numeric)  # the first of a name's inputs names its kind


def patterns(resolver: URLResolver | None = None, prefix: str = "") -> list[tuple[str, URLPattern]]:
    """Every named URL pattern of the site with its namespaced name, admin excluded (tested apart)."""
    resolver = resolver or get_resolver()
    found = []
    for item in resolver.url_patterns:
        if isinstance(item, URLResolver):
            if item.namespace == "admin":
                continue
            found += patterns(item, f"{prefix}{item.namespace}:" if item.namespace else prefix)
        elif item.name:
            found.append((prefix + item.name, item))
    return found


def director_names(resolver: URLResolver | None = None, prefix: str = "", route: str = "") -> set[str]:
    """The names of the patterns under ``director/``, whatever their app's namespace (``seasons:``,
    ``people:``, ``prizes:``, ``door:`` serve director pages too)."""
    resolver = resolver or get_resolver()
    found: set[str] = set()
    for item in resolver.url_patterns:
        full = route + str(item.pattern)
        if isinstance(item, URLResolver):
            if item.namespace != "admin":
                found |= director_names(item, f"{prefix}{item.namespace}:" if item.namespace else prefix, full)
        elif item.name and (full.startswith("director/") or (prefix + item.name).startswith("director:")):
            found.add(prefix + item.name)
    return found


def snapshot_models() -> list:
    """The models :func:`snapshot` reads: every model of the site's apps (the seasons' apps' too) but
    the counted attempts (rate limits count refusals by design), and the users."""
    return [model for app in ("tournaments", "people", "seasons", "prizes", "door")
            for model in apps.get_app_config(app).get_models() if model._meta.model_name != "attempt"] \
        + [get_user_model()]


def snapshot() -> dict:
    """Every row of :func:`snapshot_models`, but the log lines of refused codes and refused second
    sheets (a refusal is logged, nothing changes) and of the users only what a request may change."""
    rows = {}
    for model in snapshot_models():
        query = model.objects.order_by("pk")
        if model is get_user_model():
            rows["users"] = list(query.values_list("pk", "username", "password", "is_active"))
            continue
        if model is ResultEvent:
            query = query.exclude(kind__in=[ResultEvent.Kind.REFUSED_CODE, ResultEvent.Kind.CONFLICT])
        rows[model._meta.label] = list(query.values_list())
    return rows


def rows_written() -> int:
    """How many rows the test's database connection has inserted, updated or deleted so far: SQLite's
    ``total_changes`` (of every table), PostgreSQL's counters of the current transaction of the tables
    :func:`snapshot` reads (not the system catalogues' hundreds of rows, nor the sessions and counted
    attempts that a refused request writes: a snapshot read again after each of those found the same
    rows). It only grows, and every request of the sweep writes through this connection (print files
    and backups run inline or not at all in tests; no code of the site truncates a table), so while it
    stands still :func:`snapshot` would read the same rows again."""
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        return connection.connection.total_changes
    with connection.cursor() as cursor:
        cursor.execute("SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) FROM pg_stat_xact_user_tables "
                       "WHERE relname = ANY(%s)", [[model._meta.db_table for model in snapshot_models()]])
        return int(cursor.fetchone()[0])


@pytest.fixture(scope="module")
def _built_day(module_transaction, django_db_blocker) -> int:
    """The day is built once for the module's 100-odd sweeps; each sweep's writes are rolled back."""
    from tests.conftest import built_for_the_module

    with built_for_the_module(django_db_blocker):
        tournament = build_busy_day(8, seed=3)
        add_round(tournament)  # a planned round too: its draw and publish forms
        _season_of(tournament)
        return tournament.pk


@pytest.fixture
def day(db, _built_day):
    return Tournament.objects.get(pk=_built_day)


def _season_of(tournament):
    """What the season's pages show for the day, under the URL values of :func:`kwargs_for`: a competition
    of the day's short name with the day as its evening and an excused absence, a person, a prize
    category and an entry fee, so every form of them is swept."""
    from door.services import record_payment, set_fee
    from people.models import Person
    from prizes.models import Category
    from seasons.models import Competition
    from seasons.services.evenings import add_evening, excuse

    door_window.open_door(tournament)  # the passes' "we are here" is swept too (before the evening reads the day)
    competition = Competition.objects.create(name="Fuzz season", slug=tournament.slug, rules={
        "per_evening": "points", "count": {"best": 2, "of": 4}, "absence": {"points": 5, "max": 1}})
    add_evening(competition, tournament)
    excuse(competition, 1, None, "Someone Absent")
    Person.objects.create(name="Fuzz Person", member_number="7")
    Category.objects.create(tournament=tournament, name="Jeugd")
    set_fee(tournament, "team", 1250, [("member", 250)])
    record_payment(tournament.teams.order_by("number").last(), "cash")


@pytest.fixture
def director_client(day):
    user = get_user_model().objects.create_user("fuzz-director", password="x")
    user.groups.add(directors_group())
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def kwargs_for(pattern: URLPattern, day, name: str = "") -> dict:
    from people.models import Person
    from prizes.models import Category
    from seasons.models import Excused

    table = Table.objects.filter(round__tournament=day, round__number=3).order_by("number").first()
    gone = 10**6  # once a sweep's good request removed it: the pages of one that is not there
    pk = {"people": lambda: getattr(Person.objects.filter(name="Fuzz Person").first(), "pk", gone),
          "prizes": lambda: getattr(Category.objects.filter(tournament=day).first(), "pk", gone),
          "seasons": lambda: getattr(Excused.objects.first(), "pk", gone)}.get(
        name.split(":")[0], lambda: table.seats.first().team_id)
    values = {"slug": day.slug, "number": 3 if not name.startswith("seasons:") else 1, "table": table.number,
              "pk": pk() if "pk" in pattern.pattern.converters else None,
              "seat": 1, "identifier": "standings-xlsx", "name": "none.json",
              # A team pass's token on its pages (its sheet and its forms swept too), a table's elsewhere.
              "token": table.seats.first().team.pass_token if name.startswith("pass:") else table.token}
    return {name: values[name] for name in pattern.pattern.converters}


def hostile_paths(name: str, pattern: URLPattern, day) -> list[tuple[str, str]]:
    """The pattern with each of its parameters replaced by each hostile path value."""
    good = kwargs_for(pattern, day, name)
    out = []
    for key, converter in pattern.pattern.converters.items():
        values = PATH_INT if converter.__class__.__name__ == "IntConverter" else PATH_STR
        for kind, value in values.items():
            try:
                out.append((f"{key}={kind}", reverse(name, kwargs={**good, key: value})))
            except Exception:  # noqa: BLE001 - the converter refuses it: no request reaches a view
                continue
    return out


ALL = "*"
"""In :data:`QUERY_NAMES_READ`: the names were gone through (iterated, counted, copied), not looked up one by one."""
QUERY_NAMES_READ: set[str] | None = None
"""The query names the last request looked up (those absent included), noted by :class:`NoteQueryNames`;
None when it did not run (another test module's sweep): then every name counts as read."""


class NotingQueryDict(QueryDict):
    """``request.GET`` as Django makes it, noting in :data:`QUERY_NAMES_READ` each name looked up, and
    :data:`ALL` when the names are gone through. It answers exactly as a QueryDict does. Reading the
    query into it notes nothing (QueryDict asks itself about every name it appends), or every name sent
    would count as read."""

    def __init__(self, *args, **kwargs) -> None:
        self._noting = False
        super().__init__(*args, **kwargs)
        self._noting = True

    def _note(self, key=ALL) -> None:
        if QUERY_NAMES_READ is not None and self._noting:
            QUERY_NAMES_READ.add(key)

    def __getitem__(self, key):
        self._note(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self._note(key)
        return super().get(key, default)

    def getlist(self, key, default=None):
        self._note(key)
        return super().getlist(key, default)

    def __contains__(self, key):
        self._note(key)
        return super().__contains__(key)

    def _all(name):  # noqa: N805 - builds the methods that go through every name
        def method(self, *args, **kwargs):
            self._note()
            return getattr(super(NotingQueryDict, self), name)(*args, **kwargs)
        method.__name__ = name
        return method

    for _name in ("__iter__", "__len__", "keys", "items", "values", "lists", "dict", "copy", "urlencode",
                  "__copy__", "__deepcopy__", "__repr__"):
        locals()[_name] = _all(_name)
    del _name, _all


class NoteQueryNames:
    """Test middleware, first of all: ``request.GET`` becomes a :class:`NotingQueryDict` of the same query,
    so the sweep knows which names a page reads. Nothing else changes."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        request.GET = NotingQueryDict(request.META.get("QUERY_STRING", ""), encoding=request.encoding)
        return self.get_response(request)


def note_query_names(settings) -> None:
    """:class:`NoteQueryNames` first in the test's middleware (pytest-django's ``settings``)."""
    settings.MIDDLEWARE = [f"{__name__}.NoteQueryNames", *settings.MIDDLEWARE]


@pytest.fixture(autouse=True)
def _note_query_names(settings):
    global QUERY_NAMES_READ
    note_query_names(settings)
    yield
    QUERY_NAMES_READ = None


class Sweep:
    """Sends requests and collects what went wrong, so one run names every failure. A refused POST
    is compared with the rows before it; a GET is only checked for server errors (a GET may start a
    print file, and comparing after every one would make the sweep slow)."""

    def __init__(self, client: Client, ours: bool = True) -> None:
        self.client = client
        self.ours = ours  # our pages: a refused form or action must answer 4xx
        self.failures: list[str] = []
        self.before: dict | None = None
        self.read: tuple[int, dict] | None = None  # rows_written() when snapshot() was last read, and what it read
        self.names_read: set[str] = set()  # the query names the GETs of the sweep looked up

    def rows(self) -> dict:
        """:func:`snapshot`, read again only when the connection wrote a row since it was last read
        (:func:`rows_written`): most requests of a sweep write nothing, and the rows were read once for
        each of them."""
        written = rows_written()
        if self.read is None or self.read[0] != written:
            self.read = (written, snapshot())
        return self.read[1]

    def request(self, method: str, url: str, data=None, **extra):
        global QUERY_NAMES_READ
        QUERY_NAMES_READ = set()
        response = getattr(self.client, method)(url, data, **extra) if data is not None else \
            getattr(self.client, method)(url, **extra)
        if method == "get":  # without the middleware (another module's sweep), every name counts as read
            noted = QUERY_NAMES_READ if isinstance(response.wsgi_request.GET, NotingQueryDict) else None
            self.names_read |= {ALL} if noted is None else noted
        return response

    def reads(self, name: str) -> bool:
        """Whether a GET of the sweep looked up the query name ``name`` (or went through all names)."""
        return ALL in self.names_read or name in self.names_read

    def send(self, what: str, method: str, url: str, data=None, **extra) -> int:
        """Sends the request, notes what went wrong, and answers its status."""
        if method == "post" and self.before is None:
            self.before = self.rows()
        response = self.request(method, url, data, **extra)
        status = response.status_code
        if status >= 500:
            self.failures.append(f"{status} {method.upper()} {url[:120]} ({what})")
        if self.ours and method == "post" and status == 200 and REFUSED_FORM.search(response.content):
            self.failures.append(f"200 for a refused form (should be 4xx): POST {url[:120]} ({what})")
        if self.ours and method == "post" and 300 <= status < 400 and any(
                message.level == messages.ERROR for message in messages.get_messages(response.wsgi_request)) \
                and self.rows() == self.before:  # refused whole (a round added but not drawn is half done)
            self.failures.append(f"{status} for a refused action (should be 4xx): POST {url[:120]} ({what})")
        if method == "post" and 400 <= status < 500:
            after = self.rows()
            if after != self.before:
                changed = [label for label in after if after[label] != self.before.get(label)]
                self.failures.append(f"{status} but wrote {changed}: {method.upper()} {url[:120]} ({what})")
            self.before = after
        elif status < 400 or status >= 500:  # it may have written: take a new baseline before the next POST
            self.before = None
        return status

    def forms_of(self, url: str) -> list[dict]:
        response = self.request("get", url)
        self.before = None
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            return []
        parser = Forms()
        parser.feed(response.content.decode())
        for form in parser.forms:
            form["action"] = form["action"] or url
        return parser.forms


def sweep_pattern(sweep: Sweep, name: str, pattern: URLPattern, day, each_field: bool = True) -> None:
    url = reverse(name, kwargs=kwargs_for(pattern, day, name)) + FORM_QUERY.get(name, "")
    for what, bad_url in hostile_paths(name, pattern, day):
        sweep.send(what, "get", bad_url)
        sweep.send(what, "post", bad_url, {"action": "confirm", "code": "1"})
    forms = sweep.forms_of(url)
    names = set(QUERY_NAMES) | {field for form in forms if form["method"] == "get" for field in form["fields"]}
    # Every name at once. First one value that is long and odd at once (the kinds of ODD_QUERY, one
    # after the other): a page that looks up none of the names (in the plain page or this request:
    # :class:`NoteQueryNames`) answers every value alike, and what differs is only the raw query, its
    # length and its escapes. A page that looks names up gets each kind too.
    odd = "".join(kinds()[kind] for kind in ODD_QUERY if kind in kinds())
    sweep.send("every query parameter long and odd", "get", f"{url}?{urlencode(dict.fromkeys(names, odd))}")
    for kind, value in kinds().items() if any(sweep.reads(name) for name in names) else ():
        sweep.send(f"every query parameter {kind}", "get", f"{url}?{urlencode(dict.fromkeys(names, value))}")
    # One at a time (a refusal of one hides no other), each name the page looks up: a request that
    # differs from the plain page's only in a name it never looks up goes the plain page's way.
    for field in sorted(name for name in names if sweep.reads(name)) if each_field and python_too() else ():
        for kind in ("non-ascii digit", "past int limit"):
            sweep.send(f"?{field}={kind}", "get", f"{url}?{urlencode({field: HOSTILE[kind]})}")
    if name.split(":")[-1] in SKIP_POST:
        return
    if python_too():
        sweep.send("deep JSON", "post", url, DEEP_JSON, content_type="application/json")
        sweep.send("wrong JSON types", "post", url, json.dumps({"number": [], "table": {}, "code": None}),
                   content_type="application/json")
    for form in forms:
        if form["method"] != "post" or not same_view(form["action"], url):
            continue
        fields = {name: value for name, value in form["fields"].items() if name != "csrfmiddlewaretoken"}
        for kind, value in kinds().items():
            sweep.send(f"every field {kind}", "post", form["action"], dict.fromkeys(fields, value))
        if name in EACH_FIELD_ELSEWHERE:
            continue
        # One field at a time finds what the form lets through to a column, so the others must be
        # valid: the form as shown first. If that is refused (an empty page to add something), no
        # hostile field can get past the others; each field was sent each kind with every field at
        # once above, and twice here.
        if not shown_valid(sweep, form["action"], fields):
            if python_too():
                sweep.send("every field twice", "post", form["action"], {field: ["1", "²"] for field in fields})
            continue
        for field in fields:
            for kind in each_field_kinds(*form["types"].get(field, ("", False))):
                sweep.send(f"{field}={kind}", "post", form["action"], {**fields, field: HOSTILE[kind]})
            if python_too():
                sweep.send(f"{field} twice", "post", form["action"], {**fields, field: ["1", "²"]})


def shown_valid(sweep: Sweep, action: str, fields: dict) -> bool:
    """Whether the form, sent as the page shows it, is taken (not refused with a 4xx)."""
    return sweep.send("as shown", "post", action, fields) < 400


def same_view(action: str, url: str) -> bool:
    try:
        return resolve(urlsplit(action).path).func == resolve(urlsplit(url).path).func
    except Resolver404:
        return False


SITE = patterns()
DIRECTOR = director_names()


@pytest.mark.parametrize("name,pattern", SITE, ids=[name for name, _p in SITE])
def test_no_server_error_and_nothing_written_for_hostile_input(name, pattern, day, director_client):
    client = director_client if name in DIRECTOR else Client(raise_request_exception=False)
    failures = []
    # The anonymous visitor of a director page too: refused before the view, nothing written (login
    # comes before any query of the view's, the same on every database).
    clients = [client, Client(raise_request_exception=False)] if name in DIRECTOR and python_too() else [client]
    for each in clients:
        sweep = Sweep(each)
        sweep_pattern(sweep, name, pattern, day, each_field=each is client)
        failures += sweep.failures
    assert not failures, "\n".join(failures[:40])


# Kinds the admin answers as it answers another kind sent: a sign, a zero and other digits are read by
# Django's own ``int`` (ordering, page, the object's id) as the digits are, or searched for as any text.
ADMIN_ALIKE = ("negative", "zero", "arabic digits")


def test_the_admin_answers_hostile_input_without_a_server_error(day):
    """The admin is Django's, for a superuser: its lists, searches, sorts and pages, its change and
    add pages with every kind of value. Only server errors are looked for (its refused forms answer
    200, as Django's admin does).

    Every kind (but :data:`ADMIN_ALIKE`) goes to every model's list (its search, sorts, filters and
    pages are ours to set). The change page looks the object up by its primary key, in Django's own
    code (no admin of ours changes the lookup): every kind goes to the first model of each kind of
    key (a 32-bit ``AutoField``, a 64-bit ``BigAutoField``), one to the others. The add page is sent
    the values as "name" and "number": a model whose form has neither field reads none of them, so it
    is sent one kind (its form refused for the missing fields), the others every kind."""
    from django.contrib import admin

    superuser = get_user_model().objects.create_superuser("fuzz-admin", password="x")
    client = Client(raise_request_exception=False)
    client.force_login(superuser)
    sweep = Sweep(client, ours=False)
    models = [model for model in apps.get_models() if admin.site.is_registered(model)]
    assert models
    for model in models:  # the change page's lookup is Django's own for every model (see above)
        kept = type(admin.site.get_model_admin(model))
        assert kept.get_object is admin.ModelAdmin.get_object, kept
        assert kept.get_queryset is admin.ModelAdmin.get_queryset, kept
    keys_looked_up = set()
    for model in models:
        info = (model._meta.app_label, model._meta.model_name)
        changelist = reverse("admin:%s_%s_changelist" % info)
        editable = {field.name for field in model._meta.get_fields() if getattr(field, "editable", False)}
        every_key = type(model._meta.pk) not in keys_looked_up
        keys_looked_up.add(type(model._meta.pk))
        for kind, value in kinds().items():
            if kind in ADMIN_ALIKE:
                continue
            sweep.send(kind, "get", f"{changelist}?{urlencode({'q': value, 'o': value, 'p': value, 'e': value})}")
            if every_key or kind == "64-bit":
                sweep.send(kind, "get", reverse("admin:%s_%s_change" % info, args=[value or "0"]))
            if editable & {"name", "number"} or kind == "long text":
                sweep.send(kind, "post", reverse("admin:%s_%s_add" % info), {"name": value, "number": value})
    assert not sweep.failures, "\n".join(sweep.failures[:40])
