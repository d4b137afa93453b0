"""Teams in and out of Excel.

One layout for the template, the export and the import, so a sheet exported today imports
again tomorrow; an individual tournament has its own, one player per row (:data:`PLAYERS`), read
by the same code. Headings are accepted in Dutch and English. A member number per player is an
optional column the template leaves out (:attr:`Layout.extra`): a club that keeps them adds it, and
the import then finds the player in the register by it first (:mod:`tournaments.club_register`). The importer
reads every row and collects every problem, naming the row, before anything is written; the caller
writes the result in one transaction, in bulk (:func:`tournaments.services.teams.register_teams`). The
checks against the database read the tournament's teams and players once, never per row, so reading
a sheet costs two queries however long it is. A problem stops the import and is named by its row, in
row order; a player named twice is a warning the director may import anyway (two people may share a
name). The template's own example row, left in, is skipped and the preview says so
(:func:`_is_example_row`). An upload is checked against :mod:`tournaments.excel.limits`
before openpyxl opens it, and read in read-only mode within those limits, so no file can exhaust
the laptop.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from tournaments.excel.limits import LAST_EXCEL_ROW, MAX_COLUMNS, MAX_ROWS, archive_problem
from tournaments.exporters.workbook import SheetSpec, WorkbookRows
from tournaments.models import MAX_TEAM_NUMBER, NAME_MAX_LENGTH, Player, Team, Tournament
from tournaments.models.registration import MEMBER_NUMBER_MAX_LENGTH
from tournaments.names import clean_member_number, clean_name, search_key
from tournaments.services.teams import TeamData

# Column key → heading. Every language's heading is accepted on import.
COLUMNS: dict[str, object] = {
    "number": gettext_lazy("Team number"),
    "name": gettext_lazy("Team name"),
    "player_1": gettext_lazy("Player 1"),
    "player_2": gettext_lazy("Player 2"),
    "club": gettext_lazy("Club"),
}
REQUIRED = ("name", "player_1", "player_2")
TEAM_WIDTHS = (14, 32, 28, 28, 28)


@dataclass(frozen=True)
class Layout:
    """The columns of a sheet of entrants: teams of two, or players alone (an individual tournament,
    where the player's name is the entrant's name)."""

    columns: dict[str, object]  # key → heading
    required: tuple[str, ...]
    widths: tuple[int, ...]
    individual: bool = False
    extra: dict[str, object] = field(default_factory=dict)
    """Optional columns an import accepts that the template and the export leave out: the players'
    member numbers (``member_1``, ``member_2``: seat order)."""

    @property
    def members(self) -> tuple[str, ...]:
        return tuple(key for key in self.extra if key.startswith("member_"))


TEAMS = Layout(COLUMNS, REQUIRED, TEAM_WIDTHS, extra={
    "member_1": gettext_lazy("Member number 1"), "member_2": gettext_lazy("Member number 2")})
PLAYERS = Layout(
    {"number": gettext_lazy("Number"), "name": gettext_lazy("Player"), "club": gettext_lazy("Club")},
    ("name",), (14, 36, 28), individual=True, extra={"member_1": gettext_lazy("Member number")},
)


def layout_of(tournament: Tournament | None) -> Layout:
    """The sheet's layout for ``tournament`` (teams when there is none)."""
    return PLAYERS if tournament is not None and tournament.individual else TEAMS


@dataclass
class ImportResult:
    teams: list[TeamData] = field(default_factory=list)
    # Each team's member numbers, by seat ("" where the sheet gives none), in the order of ``teams``.
    members: list[tuple[str, ...]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    # Shown with the preview, which may still be confirmed: a player named twice (two people may share a name).
    warnings: list[str] = field(default_factory=list)
    # Shown with the preview too, nothing to check: the template's example row, skipped.
    notes: list[str] = field(default_factory=list)
    # The sheet row of each team, so a later check (at confirm) names the same rows.
    row_numbers: list[int] = field(default_factory=list)
    # Refused for its size alone, before its content was read (the page answers 413, not 422).
    too_large: bool = False

    @property
    def ok(self) -> bool:
        return not self.errors and bool(self.teams)


def _heading_keys(layout: Layout) -> dict[str, str]:
    """Casefolded heading in any language → column key."""
    keys = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for key, label in {**layout.columns, **layout.extra}.items():
                keys[str(label).casefold()] = key
    for key in (*layout.columns, *layout.extra):
        keys[key.replace("_", " ")] = key
    return keys


def _headings(layout: Layout) -> list[str]:
    return [str(label) for label in layout.columns.values()]


# --- writing -------------------------------------------------------------------------------


class TeamsWorkbook(WorkbookRows):
    """The teams (or an individual tournament's players) in the import's layout (one sheet, headings
    first); as a template, empty but for an example row, with a sheet of instructions."""

    def __init__(self, tournament: Tournament | None = None, template: bool = False):
        self.tournament = tournament
        self.template = template or tournament is None
        self.layout = layout_of(tournament)

    def sheets(self) -> list[SheetSpec]:
        title = _("Players") if self.layout.individual else _("Teams")
        specs = [SheetSpec("teams", title, self.layout.widths)]
        if self.template:
            specs.append(SheetSpec("instructions", _("Instructions"), (100,), headings=False))
        return specs

    def _instructions(self) -> tuple[str, ...]:
        if self.layout.individual:
            return (
                _("One row per player. Replace the example row with your own players."),
                _("Player is required: the player's name. Two players cannot have the same name; add an "
                  "initial or a town to tell them apart."),
                _("Number and Club may be empty; empty numbers are given in order."),
                _("Optional: a column “Member number” with the club's number for the player. The import then "
                  "finds the player in the club's register by that number first, then by name."),
                _("Type names as text, not formulas. Do not add other columns."),
                _("The import reads the first sheet only."),
            )
        return (
            _("One row per team. Replace the example row with your own teams."),
            _("Team name, Player 1 and Player 2 are required; every team has exactly two players."),
            _("Team number and Club may be empty; empty numbers are given in order."),
            _("Optional: columns “Member number 1” and “Member number 2” with the club's numbers for the "
              "players. The import then finds each player in the club's register by that number first, then by "
              "name."),
            _("Type names as text, not formulas. Do not add other columns."),
            _("The import reads the first sheet only."),
        )

    def iterate_sheet(self, sheet: SheetSpec) -> Iterator[list]:
        if sheet.name == "instructions":
            yield from ([line] for line in self._instructions())
            return
        yield _headings(self.layout)
        if self.template:
            yield _example_row(self.layout)
            return
        for team in self.tournament.teams.with_people().order_by("number"):
            club = team.club.name if team.club else ""
            if self.layout.individual:
                yield [team.number, team.name, club]
            else:
                players = team.player_names + ["", ""]
                yield [team.number, team.name, players[0], players[1], club]


def _example_row(layout: Layout) -> list:
    """The template's example row, in the active language (its columns are the layout's, in order)."""
    if layout.individual:
        return [1, _("Example: Anna de Vries"), "KC Noord"]
    return [1, _("Example: De Kezers"), "Anna de Vries", "Bram Jansen", "KC Noord"]


def _examples(layout: Layout) -> list[dict[str, object]]:
    """The template's example row as each of the site's languages writes it: column key → value."""
    examples = []
    for code, _language in settings.LANGUAGES:
        with translation.override(code):
            examples.append(dict(zip(layout.columns, _example_row(layout))))
    return examples


def _is_example_row(cells, columns: dict[int, str], layout: Layout, examples: list[dict[str, object]]) -> bool:
    """Whether a row is the template's own example row (one of ``examples``: :func:`_examples`), as the
    template writes it in any of the site's languages: a director who fills in the template and leaves
    the example in does not mean it as a team. Every column of the sheet holds the example's value
    (columns the sheet left out are not compared); the optional member numbers are empty. Another team
    in its place (another name, other players, club or number) is a team."""
    values = {key: cells[index].value if index < len(cells) else None for index, key in columns.items()}
    if any(clean_member_number(values[key]) for key in layout.extra if key in values):
        return False
    read = {key: _whole_number(value) if key == "number" else clean_name(value)
            for key, value in values.items() if key in layout.columns}
    return any(all(read[key] == example[key] for key in read) for example in examples)


def template_xlsx(tournament: Tournament | None = None) -> bytes:
    """An empty sheet with the headings (of ``tournament``'s entry: teams or players) and a second
    sheet that explains them."""
    return TeamsWorkbook(tournament, template=True).render()


def export_xlsx(tournament: Tournament) -> bytes:
    """Every team of the tournament in the template's layout, by number."""
    return TeamsWorkbook(tournament).render()


# --- reading -------------------------------------------------------------------------------


class _Unreadable(Exception):
    """openpyxl failed while reading the workbook: the file is damaged or not a workbook."""


class _OverLimit(Exception):
    """The sheet goes beyond a limit of :mod:`tournaments.excel.limits`; the message names it."""


def _unreadable_message(upload) -> str:
    return _("“%(name)s” could not be read as an Excel workbook (.xlsx).") % {
        "name": getattr(upload, "name", "") or ""
    }


def _open_workbook(upload, result: ImportResult):
    name = getattr(upload, "name", "") or ""
    if not name.lower().endswith(".xlsx"):
        result.errors.append(
            _("“%(name)s” is not an Excel file (.xlsx). Save the sheet as an Excel workbook and try again.")
            % {"name": name}
        )
        return None
    if upload.size > settings.TEAM_IMPORT_MAX_BYTES:
        result.errors.append(
            _("The file is %(size).1f MB; the limit is %(limit)d MB.")
            % {"size": upload.size / 1024 / 1024, "limit": settings.TEAM_IMPORT_MAX_BYTES // 1024 // 1024}
        )
        result.too_large = True
        return None
    problem = archive_problem(upload, name)
    if problem:
        result.errors.append(problem)
        return None
    try:
        upload.seek(0)
        # keep_links=False: links to other workbooks hold cached copies of them, parsed whole.
        workbook = load_workbook(upload, read_only=True, data_only=False, keep_links=False)
    except Exception:  # noqa: BLE001 - any failure to parse an uploaded file means "not readable"
        result.errors.append(_unreadable_message(upload))
        return None
    if not workbook.worksheets:
        workbook.close()
        result.errors.append(_unreadable_message(upload))
        return None
    return workbook


def _rows(sheet):
    """The sheet's rows, numbered from 1; openpyxl parses lazily, so a damaged sheet fails here,
    not on opening.

    The size the sheet declares is ignored (openpyxl would pad every row to it, and a small file
    can declare a million rows by 16,384 columns): each row is as wide as its last cell, and a
    row wider than :data:`MAX_COLUMNS` stops the reading.
    """
    sheet.reset_dimensions()
    rows = sheet.iter_rows()
    row_number = 0
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return
        except Exception as error:  # noqa: BLE001 - damaged XML, bad zip member, …
            raise _Unreadable from error
        row_number += 1
        if len(row) > MAX_COLUMNS:
            raise _OverLimit(
                _("Row %(row)s goes on to column %(column)s; the sheet may have at most %(max)s columns.")
                % {"row": row_number, "column": get_column_letter(min(len(row), 18278)), "max": MAX_COLUMNS}
            )
        if row_number > LAST_EXCEL_ROW:
            raise _OverLimit(_("The sheet has more than %(max)s rows of teams.") % {"max": MAX_ROWS})
        yield row_number, row


def _is_formula(cell) -> bool:
    return getattr(cell, "data_type", None) == "f" or (
        isinstance(cell.value, str) and cell.value.startswith("=")
    )


def _read_columns(header_cells, layout: Layout, result: ImportResult) -> dict[int, str] | None:
    """Column index → key, or None when the heading row is wrong."""
    known = _heading_keys(layout)
    columns: dict[int, str] = {}
    for index, cell in enumerate(header_cells):
        heading = clean_name(cell.value)
        if not heading:
            continue
        key = known.get(heading.casefold())
        if key is None:
            result.errors.append(
                _("Row 1: unknown column “%(heading)s” in column %(column)s. The columns are: %(allowed)s.")
                % {"heading": heading, "column": get_column_letter(index + 1), "allowed": ", ".join(_headings(layout))}
            )
        elif key in columns.values():
            result.errors.append(
                _("Row 1: the column “%(heading)s” appears twice.") % {"heading": heading}
            )
        else:
            columns[index] = key
    for key in layout.required:
        if key not in columns.values():
            result.errors.append(_("Row 1: the column “%(heading)s” is missing.") % {"heading": layout.columns[key]})
    return None if result.errors else columns


def _whole_number(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    # Only 0-9: str.isdigit() also accepts "²", which int() refuses.
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        return int(value.strip())
    return None


def _read_row(row_number: int, cells, columns: dict[int, str], layout: Layout,
              result: ImportResult) -> tuple[TeamData, tuple[str, ...]] | None:
    """The row's team and its players' member numbers, or None when a problem was added."""
    values: dict[str, str | object] = {key: "" for key in (*layout.columns, *layout.extra)}
    formulas: set[str] = set()
    errors_before = len(result.errors)
    for index, cell in enumerate(cells):
        key = columns.get(index)
        if key is None:
            if cell.value not in (None, ""):
                result.errors.append(
                    _("Row %(row)s: column %(column)s has a value but no heading.")
                    % {"row": row_number, "column": get_column_letter(index + 1)}
                )
            continue
        heading = {**layout.columns, **layout.extra}[key]
        if _is_formula(cell):
            result.errors.append(
                _("Row %(row)s: “%(heading)s” holds a formula (%(formula)s); type the name itself.")
                % {"row": row_number, "heading": heading, "formula": cell.value}
            )
            formulas.add(key)
            continue
        if key == "number":
            values[key] = cell.value
        elif key in layout.extra:
            values[key] = clean_member_number(cell.value)
        else:
            values[key] = clean_name(cell.value)

    # A formula is reported already: its cell is not also "empty".
    for key in formulas:
        values[key] = "="
    name = values["name"]
    if layout.individual:
        if not name:
            result.errors.append(_("Row %(row)s: the player's name is empty.") % {"row": row_number})
        players: tuple[str, ...] = (name,)
    else:
        players = _two_players(row_number, name, values["player_1"], values["player_2"], result)
    for key in (key for key in layout.columns if key != "number"):
        if len(str(values[key])) > NAME_MAX_LENGTH:
            result.errors.append(
                _("Row %(row)s: “%(heading)s” is longer than %(max)s characters.")
                % {"row": row_number, "heading": layout.columns[key], "max": NAME_MAX_LENGTH}
            )
    for key in layout.members:
        if len(str(values[key])) > MEMBER_NUMBER_MAX_LENGTH:
            result.errors.append(
                _("Row %(row)s: “%(heading)s” is longer than %(max)s characters.")
                % {"row": row_number, "heading": layout.extra[key], "max": MEMBER_NUMBER_MAX_LENGTH}
            )
    number = None
    if values["number"] not in (None, "") and "number" not in formulas:
        number = _whole_number(values["number"])
        if number is None or number < 1:
            message = (_("Row %(row)s: number “%(value)s” is not a whole number of 1 or more.") if layout.individual
                       else _("Row %(row)s: team number “%(value)s” is not a whole number of 1 or more."))
            result.errors.append(message % {"row": row_number, "value": values["number"]})
        elif number > MAX_TEAM_NUMBER:
            message = (_("Row %(row)s: number %(value)s is too large; the largest is %(max)s.") if layout.individual
                       else _("Row %(row)s: team number %(value)s is too large; the largest is %(max)s."))
            result.errors.append(message % {"row": row_number, "value": number, "max": MAX_TEAM_NUMBER})
    if len(result.errors) > errors_before:
        return None
    members = tuple("" if key in formulas else str(values[key]) for key in layout.members)
    return TeamData(name=name, players=players, club=values["club"], number=number), members


def _two_players(row_number: int, name: str, player_1: str, player_2: str, result: ImportResult) -> tuple[str, str]:
    """A team's two players; a missing one is reported."""
    if not name:
        result.errors.append(_("Row %(row)s: the team name is empty.") % {"row": row_number})
    if not player_1 and not player_2:
        result.errors.append(
            _("Row %(row)s: team “%(team)s” has no players; a team has exactly two.")
            % {"row": row_number, "team": name}
        )
    elif not player_1 or not player_2:
        result.errors.append(
            _("Row %(row)s: team “%(team)s” has only one player; a team has exactly two.")
            % {"row": row_number, "team": name}
        )
    return player_1, player_2


def _apart(message: str, team: TeamData, other_club: str) -> str:
    """``message``, with what to do when the two teams of one name come from different clubs: add the club."""
    if not team.club or team.club.casefold() == other_club.casefold():
        return message
    return message + " " + _("Team names differ within a tournament: add the club, for example “%(suggestion)s”.") % {
        "suggestion": f"{team.name} ({team.club})"}


def registered_problems(tournament: Tournament, rows: list[tuple[int, TeamData]]) -> list[tuple[int, str]]:
    """(row, message) for names and numbers already taken in the tournament, or twice in the file;
    when the two teams of one name come from different clubs, the message says how to tell them apart.

    One query (the tournament's names, numbers and clubs), whatever the number of rows.
    """
    registered = {
        name.casefold(): (number, club or "")
        for name, number, club in Team.objects.filter(tournament=tournament).values_list("name", "number", "club__name")
    }
    taken_numbers = {number for number, _club in registered.values()}
    seen_names: dict[str, tuple[int, str]] = {}
    seen_numbers: dict[int, int] = {}
    problems: list[tuple[int, str]] = []
    words = _PLAYER_WORDS if tournament.individual else _TEAM_WORDS
    for row_number, team in rows:
        key = team.name.casefold()
        if key in seen_names:
            other, club = seen_names[key]
            message = str(words["name twice"]) % {"row": row_number, "team": team.name, "other": other}
            problems.append((row_number, message if tournament.individual else _apart(message, team, club)))
        elif key in registered:
            number, club = registered[key]
            message = str(words["name taken"]) % {"row": row_number, "team": team.name, "number": number}
            problems.append((row_number, message if tournament.individual else _apart(message, team, club)))
        seen_names.setdefault(key, (row_number, team.club))
        if team.number is not None:
            if team.number in seen_numbers:
                problems.append((row_number, str(words["number twice"])
                                 % {"row": row_number, "number": team.number, "other": seen_numbers[team.number]}))
            elif team.number in taken_numbers:
                problems.append((row_number, str(words["number taken"]) % {"row": row_number, "number": team.number}))
            seen_numbers.setdefault(team.number, row_number)
    return problems


# The messages of :func:`registered_problems` for a sheet of teams and for one of players.
_TEAM_WORDS = {
    "name twice": gettext_lazy("Row %(row)s: the team name “%(team)s” also appears in row %(other)s."),
    "name taken": gettext_lazy("Row %(row)s: a team named “%(team)s” is already registered (number %(number)s)."),
    "number twice": gettext_lazy("Row %(row)s: team number %(number)s also appears in row %(other)s."),
    "number taken": gettext_lazy("Row %(row)s: team number %(number)s is already taken in this tournament."),
}
_PLAYER_WORDS = {
    "name twice": gettext_lazy("Row %(row)s: the player “%(team)s” also appears in row %(other)s. Two players "
                               "cannot have the same name: add an initial or a town to tell them apart."),
    "name taken": gettext_lazy("Row %(row)s: there is already a player called “%(team)s” (number %(number)s). "
                               "Add an initial or a town to tell them apart."),
    "number twice": gettext_lazy("Row %(row)s: number %(number)s also appears in row %(other)s."),
    "number taken": gettext_lazy("Row %(row)s: number %(number)s is already taken in this tournament."),
}


def members_twice(rows: list[tuple[int, tuple[str, ...]]]) -> list[tuple[int, str]]:
    """(row, message) for a member number given to two players of the sheet: a member number is one
    person's. Reads nothing."""
    seen: dict[str, int] = {}
    problems: list[tuple[int, str]] = []
    for row_number, members in rows:
        for number in filter(None, members):
            if number in seen:
                problems.append((row_number, _("Row %(row)s: member number %(number)s also appears in row %(other)s; "
                                               "a member number is one person's.")
                                 % {"row": row_number, "number": number, "other": seen[number]}))
            seen.setdefault(number, row_number)
    return problems


def check_against_registered(
    tournament: Tournament, rows: list[tuple[int, TeamData]], errors: list[str]
) -> None:
    """Add the messages of :func:`registered_problems` to ``errors``, in row order."""
    errors.extend(message for _row, message in registered_problems(tournament, rows))


def players_twice(tournament: Tournament, rows: list[tuple[int, TeamData]]) -> list[tuple[int, str]]:
    """(row, warning) for a player who appears twice: both players of a row, a player of an earlier row,
    or a player already registered in the tournament — compared as every search compares names
    (:func:`tournaments.names.search_key`). A warning, not an error: two people may share a name.
    One query. Not for an individual tournament: there a player's name is the entrant's, and a name
    twice is an error (:func:`registered_problems`)."""
    if tournament.individual:
        return []
    seen: dict[str, str] = {}
    for team_name, number, player in Player.objects.filter(team__tournament=tournament).values_list(
            "team__name", "team__number", "name"):
        seen.setdefault(search_key(player), _("team “%(team)s” (number %(number)s)") % {
            "team": team_name, "number": number})
    warnings: list[tuple[int, str]] = []
    for row_number, team in rows:
        first, second = (search_key(player) for player in team.players)
        if first and first == second:
            warnings.append((row_number, _("Row %(row)s: both players of “%(team)s” are called “%(player)s”.")
                             % {"row": row_number, "team": team.name, "player": team.players[1]}))
        for player, key in zip(team.players, (first, second)):
            if key in seen:
                warnings.append((row_number, _(
                    "Row %(row)s: “%(player)s” also plays in %(where)s. A person plays in one team; if these are "
                    "two people, tell them apart (an initial, a second name).")
                    % {"row": row_number, "player": player, "where": seen[key]}))
        for key in (first, second):
            seen.setdefault(key, _("team “%(team)s” (row %(row)s)") % {"team": team.name, "row": row_number})
    return warnings


def read_teams(upload, tournament: Tournament) -> ImportResult:
    """Read and validate an uploaded sheet. Writes nothing."""
    result = ImportResult()
    workbook = _open_workbook(upload, result)
    if workbook is None:
        return result
    try:
        _read_sheet(workbook.worksheets[0], tournament, result)
    except _Unreadable:
        result.errors[:] = [_unreadable_message(upload)]
        result.teams, result.row_numbers, result.members, result.notes = [], [], [], []
    except _OverLimit as over:
        result.errors[:] = [str(over)]
        result.teams, result.row_numbers, result.members, result.notes = [], [], [], []
    finally:
        workbook.close()
    return result


def _read_sheet(sheet, tournament: Tournament, result: ImportResult) -> None:
    layout = layout_of(tournament)
    rows = _rows(sheet)
    _number, header = next(rows, (1, None))
    if header is None:
        result.errors.append(_("The first sheet is empty: it has no headings and no players.") if layout.individual
                             else _("The first sheet is empty: it has no headings and no teams."))
        return
    columns = _read_columns(header, layout, result)
    if columns is None:
        return
    examples = _examples(layout)
    numbered: list[tuple[int, TeamData]] = []
    members: list[tuple[int, tuple[str, ...]]] = []
    problems: list[tuple[int, str]] = []
    for row_number, cells in rows:
        if all(cell.value in (None, "") or (isinstance(cell.value, str) and not cell.value.strip()) for cell in cells):
            continue
        if row_number > MAX_ROWS + 1:
            result.errors.append(_("The sheet has more than %(max)s rows of teams.") % {"max": MAX_ROWS})
            break
        if _is_example_row(cells, columns, layout, examples):
            result.notes.append(_("Row %(row)s: the template's example row is skipped.") % {"row": row_number})
            continue
        before = len(result.errors)
        read = _read_row(row_number, cells, columns, layout, result)
        if read is not None:
            numbered.append((row_number, read[0]))
            members.append((row_number, read[1]))
        problems += [(row_number, message) for message in result.errors[before:]]
        del result.errors[before:]
    # Every message in the order of the rows, a row's own problems before those with other rows.
    problems += registered_problems(tournament, numbered) + members_twice(members)
    result.errors += [message for _row, message in sorted(problems, key=lambda problem: problem[0])]
    result.warnings = [message for _row, message in players_twice(tournament, numbered)]
    if not numbered and not result.errors and result.notes:
        result.errors.append(_("The sheet holds only the template's example row; replace it with your own players.")
                             if layout.individual else
                             _("The sheet holds only the template's example row; replace it with your own teams."))
    elif not numbered and not result.errors:
        result.errors.append(_("The sheet has headings but no players.") if layout.individual
                             else _("The sheet has headings but no teams."))
    result.teams = [team for _row, team in numbered]
    result.members = [numbers for _row, numbers in members]
    result.row_numbers = [row for row, _team in numbered]
