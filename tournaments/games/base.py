"""What every game tells the tournament core about its score sheets (:class:`GamePlugin`), and
what scoring a sheet needs to know of its tournament (:class:`Scoring`).

A sheet is stored seat-indexed (``Result.sheet``): side 0 is the first side on the sheet, the
one that deals first. The tournament file writes a team tournament's sheets keyed by team id and an
individual tournament's by pair index; :meth:`GamePlugin.to_file` and :meth:`GamePlugin.from_file`
convert (``keys``: the seated sides' ids in sheet order, or their indices).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from scoring.points import DEFAULT_PAWN_ORDER_POINTS, TableScore
from tournaments.numbers import whole_or

if TYPE_CHECKING:  # the models read a tournament's plug-in lazily (Tournament.plugin); types only here
    from tournaments.models import Ruling, Tournament


@dataclass(frozen=True)
class Scoring:
    """What scoring a sheet needs of its tournament: the system, pawn-order's points list, the
    deals of a Klaverjassen round, the game's house-rule flags and the forfeit rule. Equal setups score a sheet
    alike, so it is also the key under which a scored sheet is remembered."""

    system: str
    points_list: tuple[int, ...] = DEFAULT_PAWN_ORDER_POINTS
    deals: int = 16
    rules: tuple[tuple[str, Any], ...] = ()
    absent_pawns: int = 0  # a forfeit as a lost game of 8 pawns against this many (pawns-2pt); 0: full win and 0

    @classmethod
    def of(cls, tournament: Any) -> Scoring:
        """The setup of a tournament (or of anything with its fields, such as a file being read)."""
        rules = getattr(tournament, "game_rules", None)
        # Only flags of plain values count (what the game's rules read); anything else in the JSON
        # (typed in the admin) is no flag, and must not stop the standings.
        flags = tuple(sorted((str(key), value) for key, value in rules.items()
                             if isinstance(value, (bool, int, str)))) if isinstance(rules, dict) else ()
        return cls(tournament.scoring_system, tuple(tournament.points_list), int(tournament.deals), flags,
                   int(getattr(tournament, "absent_pawns", 0) or 0))

    @classmethod
    def of_round(cls, round_: Any) -> Scoring:
        """The setup a round's sheets are entered, checked and printed with: the tournament's, but a
        knock-out final of fewer deals (``Finals.deals``) has its own deals. A Swiss round asks nothing
        more; a finals round one query."""
        setup = cls.of(round_.tournament)
        if getattr(round_, "final", False) and setup.game.plays_deals:
            from tournaments.models import Finals

            deals = Finals.objects.filter(tournament_id=round_.tournament_id).values_list("deals", flat=True).first()
            if deals:
                return replace(setup, deals=deals)
        return setup

    @property
    def game(self) -> GamePlugin:
        from tournaments.games import game_of

        return game_of(self.system)


class HouseRules(Protocol):
    """A game's rules object of its house-rule flags (Keezen: :class:`engine.house_rules.HouseRules`,
    Klaverjassen: :class:`klaverjas.HouseRules`): what every game's has."""

    def as_json(self) -> dict[str, Any]:
        """The flags, as ``Tournament.game_rules`` and the tournament file keep them."""
        ...


@dataclass(frozen=True)
class Unfinished:
    """What the score-entry form asks of a sheet that cannot be a finished game yet: before the
    round's clock starts, while it runs, and the short note of the live preview."""

    waiting: str
    running: str
    note: str


class GamePlugin:
    """One game's answers. Subclasses set :attr:`game` and :attr:`result_fields` and implement
    every method; the core never asks which game it is."""

    game: str = ""
    result_fields: tuple[str, ...] = ()
    """The keys a stored sheet and the tournament file's table may hold, ``forfeit`` included."""
    sides_per_table: tuple[int, ...] = (2,)
    """How many sides a table of this game may seat."""
    file_default: bool = False
    """Whether a tournament file without ``"game"`` is of this game (its files then leave ``"game"`` out)."""
    file_system: str = ""
    """The scoring system of a tournament file of this game that names none."""
    file_names_system: bool = True
    """Whether a tournament file of this game must name its scoring system (a game of one system need not)."""
    file_writes_deals: bool = False
    """Whether the tournament file writes the deals of a round (``"deals"``)."""
    file_foreign_result: str | Promise = ""
    """Why the tournament file refuses a result field of another game in a file of this game."""
    seats_two_only: str | Promise = ""
    """Why a table of this game cannot seat three sides (a game of tables of two)."""
    site_name: str | Promise = ""
    """The site's name on the pages and papers of a tournament of this game ("Keezen Tournament")."""
    has_clock_stop: bool = False
    """Whether the score sheet has "stopped by the clock" (a game the round's clock may end unfinished)."""
    plays_deals: bool = False
    """Whether a round is a number of deals (``Tournament.deals``), shown on the tournament's public page."""
    seat_colours: bool = False
    """Whether the players sit in a board's colours (the seating shows "red + yellow")."""
    counts_pawns: bool = False
    """Whether a sheet counts pawns home: a level final then goes to the most pawns before a lot."""
    rules_helper_url_name: str = ""
    """The public rules helper of the game (a team pass links to it)."""
    dispute_desk_url_name: str = ""
    """The director's page where this game's disputes are ruled (a URL name taking the tournament's slug)."""
    dispute_desk_label: str | Promise = ""
    """What the button beside a table that opens that page says: what it opens."""
    keeps_card_rulings: bool = False
    """Whether this game's rulings are card questions kept by the card rules helper
    (:mod:`tournaments.services.card_rulings`), not claims ruled at the dispute desk."""
    ruling_template: str = ""
    """A kept ruling of this game on the director's pages and in the rulings PDF (inside
    ``tournaments/disputes/_ruling.html``, the ruling as ``ruling``)."""
    public_ruling_template: str = ""
    """A kept ruling of this game in players' words (inside ``tournaments/disputes/_public_ruling.html``,
    the words as ``words``: :meth:`ruling_words`)."""
    score_sheet_template: str = ""
    """The printed score sheet on the table card (inside ``tournaments/pdf/table_cards.html``)."""
    score_sheet_style_template: str = ""
    """The printed score sheet's own style rules (inside the table cards' ``<style>``; may be empty)."""

    def check(self, scoring: Scoring, names: list[str], data: dict[str, Any]) -> list[str]:
        """Every problem with a stored sheet, as messages for people naming the sides by ``names``."""
        raise NotImplementedError

    def scores(self, scoring: Scoring, seat_count: int, data: dict[str, Any]) -> list[TableScore]:
        """Each side's points for a valid stored sheet, in sheet order."""
        raise NotImplementedError

    def to_file(self, keys: list[Any], sheet: dict[str, Any]) -> dict[str, Any]:
        """The file's result fields of a stored sheet, sides named by ``keys``."""
        raise NotImplementedError

    def from_file(self, keys: list[Any], entry: dict[str, Any]) -> dict[str, Any]:
        """The stored sheet of the file's result fields (checked already: :meth:`file_problems`)."""
        raise NotImplementedError

    def file_problems(self, scoring: Scoring, keys: list[Any], entry: dict[str, Any],
                      by_index: bool = False) -> list[str]:
        """What cannot be in the file's result fields, naming the sides by ``keys``; ``by_index``:
        the fields name sides by index (an individual file), else by team id."""
        raise NotImplementedError

    def read_entry(self, scoring: Scoring, names: list[str], players: list[list[str]],
                   fields: Any) -> tuple[dict[str, Any], list[str]]:
        """The stored sheet of the score-entry form's ``fields`` (the desk, the table's phone) and
        the typing errors; the form's fields are the template ``tournaments/sheets/_fields_<system>.html``."""
        raise NotImplementedError

    def sheet_fields(self, sheet: dict[str, Any]) -> dict[str, str]:
        """The form's fields holding a stored sheet (a correction starts from them), the forfeit aside."""
        raise NotImplementedError

    def unfinished(self, scoring: Scoring, sheet: dict[str, Any], points: list[TableScore]) -> Unfinished | None:
        """What to ask before saving a valid sheet that cannot be a finished game; None when it can be one."""
        raise NotImplementedError

    def file_rules(self, tournament: Tournament) -> dict[str, Any]:
        """The tournament's house-rule flags as the file's ``rules`` writes them."""
        raise NotImplementedError

    def house_rules(self, flags: Any) -> HouseRules:
        """The game's rules object of stored house-rule flags (``Tournament.game_rules``, every game's
        flags in the one JSON field; a flag left out has its default); the defaults when they cannot
        be read (typed in the admin)."""
        raise NotImplementedError

    def rule_fields(self) -> dict[str, forms.Field]:
        """The tournament form's fields of this game's house rules, by name, in the form's order."""
        raise NotImplementedError

    rules_legend: str | Promise = ""
    """The title of the tournament form's fieldset of this game's house rules."""
    rules_fieldset_extra: tuple[str, ...] = ()
    """Tournament fields shown first in that fieldset (Klaverjassen: the deals per round)."""

    def rules_initial(self, rules: HouseRules) -> dict[str, Any]:
        """The form fields' values of a rules object (:meth:`house_rules`)."""
        raise NotImplementedError

    def rules_of_form(self, data: dict[str, Any], fields: dict[str, forms.Field]) -> tuple[dict[str, Any] | None, list[tuple[str | None, str]]]:
        """The flags ``Tournament.game_rules`` keeps of the form's cleaned ``data`` (``fields``: the
        form's fields, for a value left out), and what the form must refuse: (field or None, message)."""
        raise NotImplementedError

    def ruling_words(self, ruling: Ruling) -> object:
        """A kept ruling of this game in players' words, in the active language (:attr:`public_ruling_template`)."""
        raise NotImplementedError

    def rules_in_words(self, tournament: Tournament) -> list[str]:
        """The tournament's house rules of this game, one short sentence each, as players read them
        on the table cards."""
        raise NotImplementedError

    def as_written(self, scoring: Scoring, keys: list[str], sheet: dict[str, Any]) -> str:
        """A stored sheet in a few words, sides named by ``keys`` (the standings workbook's "sheet"
        column: what the paper says)."""
        raise NotImplementedError

    def random_sheet(self, scoring: Scoring, seats: int, rng: random.Random, stopped: bool | None = None) -> dict[str, Any]:
        """A random but valid stored sheet for ``seats`` sides, drawn from ``rng`` alone (the same
        seed gives the same sheets): practice runs and the demo. ``stopped``: the round's clock
        stopped the game before its end (None: now and then, as on the day)."""
        raise NotImplementedError

    def practice_notes(self) -> tuple[str, str]:
        """What a practice run writes as the desk's reason for a correction, and as the other
        team's reason for a dispute, in the game's words."""
        raise NotImplementedError

    def file_result_kinds(self, kinds: Any) -> dict[str, Any]:
        """The schema's kinds of this game's result fields of a file's table and sheet versions, in the
        order they are checked; ``kinds`` (:class:`tournaments.services.tournament_file.schema.FileKinds`)
        offers the schema's kinds and how the file names a side. (``Any``: the tournament file's modules
        build on the games, so the games do not import them, not even for types.)"""
        raise NotImplementedError

    def file_rules_kind(self, kinds: Any) -> Any:
        """The schema's kind of a tournament file's ``rules`` in this game (``kinds`` as above)."""
        raise NotImplementedError

    def file_flags(self, rules: Any) -> dict[str, Any] | None:
        """The game's own flags (``Tournament.game_rules``) of a file's ``rules``; None: none kept there."""
        return None

    def check_file_rules(self, data: dict[str, Any]) -> None:
        """Check the house rules of a tournament file whose values passed the schema as the game's rules
        read them; :class:`ValueError` with the message when they cannot be read."""
        raise NotImplementedError

    def written(self, data: dict[str, Any]) -> bool:
        """Whether a stored sheet holds a result (a scheduled table's sheet holds none)."""
        return any(data.get(key) is not None for key in self.result_fields)


def read_forfeit(fields: Any, sides: int) -> tuple[dict[str, Any], list[str]] | None:
    """The form's absent side (every game's form has it), or None when both sides played."""
    forfeit = (fields.get("forfeit") or "").strip()
    if not forfeit:
        return None
    if whole_or(forfeit, None, 1, sides) is None:
        return {}, [_("Choose the absent team.")]
    return {"forfeit": int(forfeit) - 1}, []
