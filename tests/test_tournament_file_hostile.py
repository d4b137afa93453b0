"""The tournament file against hostile values: every place of a real day's file — each leaf and each
container of its JSON tree — replaced by each value a curious player would try is either read or
refused with :class:`InvalidTournamentFile`, never another exception, and a refused file writes
nothing. Run on SQLite and on PostgreSQL alike: a value one database keeps and the other refuses
(a number beyond a column, a text beyond its length, NUL) must be refused before either sees it.

One place per key path, not per list element (the first element of each list, and the first entry
of each shape: the first bye as well as the first table), so that the whole run takes seconds.
"""

from __future__ import annotations

import copy
import json
import math
import re
from collections import defaultdict
from collections.abc import Iterator

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction

from tests.test_hostile_input import python_too
from tournaments.models import Bye, Club, Player, Result, ResultEvent, Round, Ruling, Table, TableSeat, Team, Tournament
from tournaments.services.tournament_file import InvalidTournamentFile, export_file, import_file, loads, restore_file
from tournaments.services.tournament_file.checks import read_file
from tournaments.services.tournament_file.spec import MAX_BYTES, MAX_DEPTH

pytestmark = pytest.mark.usefixtures("english")

DEEP = "[" * 100_000 + "]" * 100_000
"""Deep nesting, spliced into the text (no parser builds it first)."""
DATABASE_VALUES: list = [10**30, 2**63, 2**31, "x" * 10_000, "\x00", "\ud800", float("nan"), float("inf")]
"""What a database may answer differently, once read: numbers past a column's range, long text, NUL
and half a surrogate pair (PostgreSQL refuses them), floats that are no number."""
VALUES: list = [
    "²", -1, 0, 1.5, True, None, "", [], {},
    20261121,  # a number where a date or a time is
    DEEP,
    *DATABASE_VALUES,
]
"""Every value: the rest is answered by the file's checks in Python before anything is written, the
same on either database."""


def values() -> list:
    """The values this run puts at each place: all on SQLite (``make test``, CI's first run), and on
    PostgreSQL, CI's second run, only :data:`DATABASE_VALUES` (as ``test_hostile_input.kinds``)."""
    return VALUES if python_too() else DATABASE_VALUES


def enough(seen: dict[str, int], refused: int, read: int, written: int) -> bool:
    """Whether a test tried enough: more than ``refused``, ``read`` and ``written`` files with every
    value; on PostgreSQL, which gets only :data:`DATABASE_VALUES`, its share of the refused files and
    at least one value read and written (the database's part)."""
    if values() is VALUES:
        return seen["refused"] > refused and seen["read"] > read and seen["written"] > written
    share = refused * len(DATABASE_VALUES) // len(VALUES)
    return seen["refused"] > share and seen["read"] >= 1 and seen["written"] >= 1


MARKED = "\u0001hostile\u0001"
MARK_TEXT = json.dumps(MARKED)


def rows() -> tuple[int, ...]:
    """How many rows every table the file is written to holds, in one query."""
    models = (Tournament, Team, Player, Club, Round, Table, TableSeat, Bye, Result, ResultEvent, Ruling, get_user_model())
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(f"(SELECT COUNT(*) FROM {model._meta.db_table})" for model in models))
        return tuple(cursor.fetchone())


def places(tree) -> Iterator[tuple]:
    """The path of every node of ``tree`` (the root first), once per key path: the first node of
    each pattern (``tables[*].bye`` is the first bye, ``tables[*].table`` the first table)."""
    seen: set[tuple] = set()

    def walk(node, path):
        pattern = tuple("*" if isinstance(step, int) else step for step in path)
        if pattern not in seen:
            seen.add(pattern)
            yield path
        if isinstance(node, dict):
            for key, value in node.items():
                yield from walk(value, (*path, key))
        elif isinstance(node, list):
            for index, value in enumerate(node):
                yield from walk(value, (*path, index))

    yield from walk(tree, ())


def marked(data: dict, paths: list[tuple]) -> str:
    """The file's text with a mark at each of ``paths`` (a path inside one marked already is left)."""
    edited, done = copy.deepcopy(data), []
    for path in sorted(paths, key=len):
        if any(path[:len(other)] == other for other in done):
            continue
        done.append(path)
        if not path:
            edited = MARKED
            continue
        node = edited
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = MARKED
    return json.dumps(edited, ensure_ascii=False)


def with_value(text: str, value) -> str:
    """A marked text with ``value`` at the marks, as JSON writes it (``DEEP`` spliced in as text)."""
    return text.replace(MARK_TEXT, written(value))


def written(value) -> str:
    return value if value is DEEP else json.dumps(value)  # "\ud800" as JSON writes it


def named(value) -> str:
    return repr(value)[:40]


class Undo(Exception):
    """Rolls back a file that was written: the next one starts from the same database."""


def outcome(how, text: str) -> str:
    """``how`` (import_file, restore_file) given the decoded ``text``: "written" (and rolled back,
    after an export of what was written), or "refused" with nothing written."""
    before = rows()
    try:
        with transaction.atomic():
            export_file(how(loads(text.encode())))
            raise Undo
    except Undo:
        return "written"
    except InvalidTournamentFile as refused:
        assert refused.errors and all(isinstance(error, str) and error for error in refused.errors)
        assert rows() == before, "a refused file wrote something"
        return "refused"


def read(data, path: tuple, value) -> None:
    """:func:`read_file` of ``data`` with ``value`` at ``path``, which is put back after. The same
    as reading the text: json gives back each value as it was written (NaN, "\\ud800" and 10**30
    included); the text itself is read for deep nesting, which only a text can hold."""
    if not path:
        read_file(value)
        return
    node = data
    for step in path[:-1]:
        node = node[step]
    kept, node[path[-1]] = node[path[-1]], value
    try:
        read_file(data)
    finally:
        node[path[-1]] = kept


def try_every_place(data: dict, ways) -> dict[str, int]:
    """Each hostile value at each place, read first (:func:`read_file`, which each way begins with;
    :func:`loads` for deep nesting): any exception but InvalidTournamentFile fails the test, naming
    the place and the value; for each value one refused file also goes through every way. Then
    every way writes, per value, one file with the value at each place where it was read (rolled
    back); a file refused or failing so is tried place by place, to name the place."""
    seen = {"refused": 0, "read": 0, "written": 0}
    read_at: dict[int, list[tuple]] = defaultdict(list)
    sampled: set[int] = set()
    before = rows()
    sent = values()
    for number, path in enumerate(places(data)):
        for index, value in enumerate(sent):
            if value is DEEP and number > 1:
                # The depth check reads the text before any place is parsed: its 100,000 "[" in a row
                # refuse it alike wherever they stand, so deep nesting goes to the file itself (the
                # root, a text of brackets alone) and to its first place inside the file, not to each.
                continue
            try:
                if value is DEEP:
                    loads(with_value(marked(data, [path]), value))
                else:
                    read(data, path, value)
            except InvalidTournamentFile:
                seen["refused"] += 1
                if index not in sampled:
                    sampled.add(index)
                    assert all(outcome(how, with_value(marked(data, [path]), value)) == "refused" for how in ways)
                continue
            except Exception as error:  # noqa: BLE001 — the point of the test
                pytest.fail(f"reading raised {error!r} with {named(value)} at {path}")
            seen["read"] += 1
            read_at[index].append(path)
    assert rows() == before
    for index, paths in read_at.items():
        value = sent[index]
        try:
            together = [outcome(how, with_value(marked(data, paths), value)) for how in ways]
        except Exception as error:  # noqa: BLE001
            together, failed = [], error
        if together and "refused" not in together:
            seen["written"] += len(together)
            continue
        for path in paths:  # refused together (two places that do not make sense together) or failed
            for how in ways:
                try:
                    seen[outcome(how, with_value(marked(data, [path]), value))] += 1
                except Exception as error:  # noqa: BLE001
                    pytest.fail(f"{how.__name__} raised {error!r} with {named(value)} at {path}")
        if not together:
            pytest.fail(f"writing raised {failed!r} with {named(value)} at {paths} together")
    return seen


@pytest.fixture(scope="module")
def _small_day(module_transaction, django_db_blocker) -> int:
    """The small day, built once for the module's tests: what each test writes or deletes (a restore
    over it, the day deleted before a version 1 file comes in) is rolled back after it."""
    from tests.conftest import built_for_the_module, new_director

    with built_for_the_module(django_db_blocker):
        return build_small_day(new_director()).pk


@pytest.fixture
def small_day(db, _small_day) -> Tournament:
    """:func:`build_small_day`, as built for the module."""
    return Tournament.objects.get(pk=_small_day)


def build_small_day(director) -> Tournament:
    """A small running day with every shape a day's file has: sheets entered, corrected (with a
    reason), submitted, disputed (with a note) and settled at the desk, confirmed through the link and
    approved (confirmed sheets count once approved), stopped by
    the clock; a bye; check-ins; a withdrawal; frozen standings; a paused clock; rulings with and
    without a table (devtools/busy_day.py builds the same, ten times larger)."""
    import datetime

    from django.utils import timezone

    from devtools import busy_day
    from tournaments.services import clock, dispute_desk, disputes, table_entry
    from tournaments.services.results import record_result
    from tournaments.services.standings import set_frozen
    from tournaments.services.teams import register_numbered_teams, set_checked_in, set_withdrawn

    tournament = Tournament.objects.create(name="Small day", slug="small-day", date=datetime.date(2026, 11, 21),
                                           venue="De Kwakel", rounds=3, seed=7, three_team_table=False,
                                           confirmed_counts=False)
    teams = register_numbered_teams(tournament, 5)  # odd: a bye
    for team in teams:
        set_checked_in(team, True)
    now = timezone.now()
    first = busy_day.drawn_and_started(tournament, now - datetime.timedelta(hours=1))
    one, two = busy_day.tables_of(first)
    record_result(one, {"arrivals": [0, 1, 0]}, user=director)
    record_result(one, {"arrivals": [1, 1, 0]}, user=director, reason="the order was wrong")
    table_entry.submit(two, 1, {"arrivals": [0, 0]}, now=now)
    table_entry.dispute(two, two.seats.get(position=2).code, "they counted wrong", now=now)
    record_result(two, {"arrivals": [0, 1]}, user=director, reason="the desk settled the dispute")
    set_frozen(tournament, True)
    set_withdrawn(teams[4], True)
    second = busy_day.drawn_and_started(tournament, now - datetime.timedelta(minutes=10))
    one, two = busy_day.tables_of(second)
    table_entry.submit(one, 1, {"arrivals": [0, 1], "stopped_by_clock": True})
    table_entry.confirm(one, one.seats.get(position=2).code)
    table_entry.approve(one, director)
    table_entry.submit(two, 2, {"arrivals": [1]})  # waits for the other team's code
    clock.pause(second)
    for table, claim in ((one, "7 0:t20>t27"), (None, "")):
        desk = dispute_desk.Desk(setup=disputes.read_setup("K4:t20|t5|-|-"), rules=tournament.house_rules, card="7",
                                 claim=claim)
        assert dispute_desk.save(desk, tournament, table, "a note", director) is not None
    tournament.refresh_from_db()
    return tournament


def test_every_place_of_a_running_day_refuses_hostile_values_or_reads_them(small_day, settings, tmp_path):
    settings.BACKUP_DIR = tmp_path
    data = export_file(small_day)
    assert data["tournament"]["frozen_standings"] and any(entry.get("bye") for entry in data["tables"])
    assert [bool(ruling.get("table")) for ruling in data["rulings"]] == [True, False]
    # As a copy beside the original (import_file of a tournament that is here), and restored over it.
    seen = try_every_place(data, (import_file, restore_file))
    assert enough(seen, refused=2000, read=100, written=20), seen


def test_every_place_of_a_version_1_file_refuses_hostile_values_or_reads_them(small_day):
    data = export_file(small_day, version=1)
    small_day.delete()
    seen = try_every_place(data, (import_file,))
    assert enough(seen, refused=500, read=10, written=9), seen


@pytest.mark.same_on_every_database  # the database's values are all refused in reading: nothing is written
@pytest.mark.parametrize("system, result", [
    ("pawns-2pt", {"pawns_home": {"T1": 8, "T2": 5}}),
    ("individual-11", {"home": {"T1": [[4, 3, 2, 1], [4, 3, 2, 1]], "T2": [[4, 3], [1]]}}),
    ("pawn-order", {"forfeit": "T2"}),
])
def test_every_kind_of_result_refuses_hostile_values_or_reads_them(db, system, result):
    data = {"format": "keezen-tournament", "version": 1, "name": "Cup", "date": "2026-11-21", "scoring": system,
            "rules": {"seven_max_pawns": 2},
            "teams": [{"id": "T1", "name": "A", "players": ["a", "b"], "club": "C"},
                      {"id": "T2", "name": "B", "players": ["c", "d"]}, {"id": "T3", "name": "D", "players": ["e", "f"]}],
            "tables": [{"round": 1, "table": 1, "teams": ["T1", "T2"], **result}, {"round": 1, "bye": "T3"}]}
    seen = try_every_place(data, (import_file,))
    assert enough(seen, refused=400, read=0, written=0), seen


def test_the_file_s_limits_are_named(db):
    def refused(text) -> str:
        with pytest.raises(InvalidTournamentFile) as raised:
            loads(text)
        return "\n".join(raised.value.errors)

    assert f"larger than {MAX_BYTES // 2**20} MB" in refused(b" " * (MAX_BYTES + 1))
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) == [[]] if MAX_DEPTH == 2 else True
    assert f"more than {MAX_DEPTH} deep" in refused(DEEP)
    assert f"more than {MAX_DEPTH} deep" in refused('{"a": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}")
    assert loads('{"a": "' + "[" * 1000 + '"}') == {"a": "[" * 1000}  # brackets in texts do not count
    assert loads('{"a": "\\"[[[[\\\\"}') == {"a": '"[[[[\\'}
    assert "4300 digits" in refused('{"seed": ' + "1" * 5000 + "}")
    assert "not text (UTF-8)" in refused(b'{"name": "\xff"}')


def test_a_value_beyond_its_column_is_refused_naming_its_place(small_day):
    """The findings of issue 15: each was a server error (on PostgreSQL, or on both databases)."""
    data = export_file(small_day)
    before = rows()

    def refused(edit) -> str:
        edited = copy.deepcopy(data)
        edit(edited)
        with pytest.raises(InvalidTournamentFile) as raised:
            import_file(edited)
        return "\n".join(raised.value.errors)

    assert 'tables[0]: "table" must be a whole number from 1 to 32767, not 40000' in refused(
        lambda d: d["tables"][0].__setitem__("table", 40000))
    assert '"venue" must be a text of at most 200 characters, not "xxx' in refused(lambda d: d.__setitem__("venue", "x" * 500))
    assert 'teams[0]: "club" must be a text of at most 100 characters' in refused(
        lambda d: d["teams"][0].__setitem__("club", "x" * 500))
    assert '"date" must be a date like 2026-11-21, not 20261121' in refused(lambda d: d.__setitem__("date", 20261121))
    for seed in (10**30, 2**63, True, 1.5):
        assert '"seed" must be a whole number from -9223372036854775808 to 9223372036854775807' in refused(
            lambda d: d.__setitem__("seed", seed))
    assert 'team_details[0]: "number" must be a whole number from 1 to 2147483647, not 2147483648' in refused(
        lambda d: d["team_details"][0].__setitem__("number", 2**31))
    assert 'round_details[0]: "started_at" must be a time' in refused(
        lambda d: d["round_details"][0].__setitem__("started_at", 20261121))
    assert 'tournament: "created_at" must be a time with its offset from UTC' in refused(
        lambda d: d["tournament"].__setitem__("created_at", "2026-11-21T10:00:00"))
    assert 'rulings[0]: "note" holds a character that cannot be stored' in refused(
        lambda d: d["rulings"][0].__setitem__("note", "a\x00b"))
    assert "rulings[0].position" in refused(lambda d: d["rulings"][0]["position"].__setitem__("evil", math.inf))
    assert 'table_details[0].codes: "T' in refused(
        lambda d: d["table_details"][0]["codes"].__setitem__(next(iter(d["table_details"][0]["codes"])), "²²²²²²"))
    assert re.search(r'rules: "jack_queen" is not known here', refused(lambda d: d["rules"].__setitem__("jack_queen", True)))
    assert rows() == before


def test_many_problems_are_listed_up_to_a_hundred(small_day):
    data = export_file(small_day)
    for entry in data["team_details"]:
        entry.update(number=-1, checked_in=1, withdrawn=None, registered_at=0)
    with pytest.raises(InvalidTournamentFile) as raised:
        import_file(data)
    assert len(raised.value.errors) == 5 * 4  # every problem of the 5 teams, each named
    data["tables"] = [{"round": 0, "table": 0, "teams": 0}] * 200
    with pytest.raises(InvalidTournamentFile) as raised:
        import_file(data)
    assert len(raised.value.errors) == 101 and raised.value.errors[-1].startswith("… and ")


def test_the_commands_read_no_more_than_the_size_limit(db, tmp_path):
    from io import StringIO

    from django.core.management import CommandError, call_command

    big = tmp_path / "big.json"
    with big.open("wb") as stream:
        stream.truncate(MAX_BYTES + 1000)
    before = rows()  # the module's small day may be there
    for command in ("import_tournament", "restore_tournament"):
        with pytest.raises(CommandError, match=f"larger than {MAX_BYTES // 2**20} MB"):
            call_command(command, str(big), stdout=StringIO(), stderr=StringIO())
    assert rows() == before
