"""Director forms, laid out by crispy-forms."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Fieldset, Layout, Submit
from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.club_register import club_register
from tournaments.games import GAMES, GamePlugin, game_of
from scoring.systems import SYSTEMS_OF
from tournaments.models import (
    MAX_TEAM_NUMBER, NAME_MAX_LENGTH, Club, DrawMode, Entry, GameChoice, Language, LevelRule, MissedRounds, PublicNames,
    Result, Team, Tournament,
)
from tournaments.names import clean_name
from tournaments.numbers import whole_or
from tournaments.services.bracket import LOT_ONLY
from tournaments.services.finals import FinalsSetup
from tournaments.services.teams import TeamData, entry_change_problem, name_taken_message


class TournamentForm(forms.ModelForm):
    """A tournament's settings; each game adds the fields of its house rules (``GamePlugin.rule_fields``),
    and the game of the chosen scoring system keeps its flags in ``Tournament.game_rules``."""

    class Meta:
        model = Tournament
        fields = [
            "name", "slug", "date", "venue", "entry", "draw_mode", "scoring_system", "deals", "rounds", "round_minutes",
            "teams_per_table", "three_team_table", "avoid_same_club", "absent_pawns",
            "entry_grace_minutes", "confirmed_counts", "seed", "public_names", "language", "missed_rounds",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                   "public_names": forms.RadioSelect, "missed_rounds": forms.RadioSelect}
        help_texts = {"missed_rounds": _(
            "A team misses a round when it sits at no table of the round or is the absent team of a forfeit; "
            "a bye given by the draw is no missed round. A team that never played is always listed after the "
            "others, marked “did not play”, and wins no prize."
        ), "draw_mode": _(
            "Individual tournaments only. Planned: every round is drawn before round 1, so each player can "
            "get a route card with their tables and partners; by standings: each round is drawn after the "
            "previous one, players of close places together. Either way nobody partners the same player twice."
        ), "public_names": _(
            "How player names appear on the public pages (the tournament's page, standings, round and "
            "table pages, find my table, the projector), on the standings and prize-list PDFs and table "
            "cards, and in the standings Excel: everything that goes on the wall or leaves this laptop. "
            "Your own pages always show full names, and so do the tournament file (backup) and the "
            "teams Excel, which are yours to keep. With team names only, a player's place in individual "
            "standings shows as the team and the seat: “De Kezers (1)”."
        )}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Every game's house rules (a new tournament may choose any game), each preset from the
        # tournament's flags when it plays that game, else from the game's defaults.
        self.rule_fields: dict[GamePlugin, dict[str, forms.Field]] = {}
        for game in GAMES.values():
            fields = game.rule_fields()
            flags = self.instance.game_rules if game is self.instance.plugin else {}
            for name, value in game.rules_initial(game.house_rules(flags)).items():
                fields[name].initial = value
                self.initial.setdefault(name, value)  # as a model field's value would be: the form's initial data
            self.fields.update(fields)
            self.rule_fields[game] = fields
        self.helper = FormHelper()
        # What only a game or an entry needs is marked, and static/js/tournament_form.js shows it only
        # when that game or entry is chosen (without JavaScript everything shows). The status is no
        # field: it moves by itself (services/lifecycle.py), and the edit page shows it.
        self.helper.layout = Layout(
            Fieldset(_("Tournament"), "name", "slug", "date", "venue", "language"),
            Fieldset(_("Play"), "entry", Div("draw_mode", data_for_entry=Entry.INDIVIDUAL), "scoring_system",
                     "rounds", "round_minutes", Div("teams_per_table", data_needs="three"),
                     Div("absent_pawns", data_needs="absent-pawns")),
            *(Div(Fieldset(game.rules_legend, *game.rules_fieldset_extra, *fields), data_for_game=game.game)
              for game, fields in self.rule_fields.items()),
            Fieldset(_("Draws"), Div("three_team_table", data_needs="three"), "avoid_same_club", "seed"),
            Fieldset(_("Sheets from the tables"), "entry_grace_minutes", "confirmed_counts"),
            Fieldset(_("Standings and prizes"), "missed_rounds"),
            Fieldset(_("Privacy"), "public_names"),
            Submit("save", _("Save")),
        )
        # A form sent without the field (an older page, a script) keeps the tournament's setting.
        self.fields["public_names"].required = False
        self.fields["language"].required = False
        self.fields["entry"].required = False
        self.fields["draw_mode"].required = False
        self.fields["missed_rounds"].required = False
        # Left empty (the browser fills it from the name as one types; without JavaScript it stays empty):
        # made from the name, as the browser would.
        self.fields["slug"].required = False
        # The game is chosen with the scoring system when the tournament is created, and kept: a
        # tournament's sheets are of its game. The choices are grouped by game.
        games = [self.instance.game] if self.instance.pk else list(SYSTEMS_OF)
        labels = dict(self.fields["scoring_system"].choices)
        self.fields["scoring_system"].choices = [
            (GameChoice(game).label, [(system, labels[system]) for system in SYSTEMS_OF[game]]) for game in games]
        self.fields["deals"].required = False
        self.fields["absent_pawns"].required = False

    @property
    def games_data(self) -> dict:
        """For static/js/tournament_form.js: each scoring system's game, and what each game needs
        (``three``: tables of three teams)."""
        return {"systems": {system: game for game, systems in SYSTEMS_OF.items() for system in systems},
                "needs": {plugin.game: ["three"] if 3 in plugin.sides_per_table else [] for plugin in GAMES.values()},
                "system_needs": {system: ["absent-pawns"] for systems in SYSTEMS_OF.values() for system in systems
                                 if scoring.check_absent_pawns(system, 1) is None}}

    def clean_absent_pawns(self) -> int:
        """An absent team's pawns other than 0 only where the system counts pawns (pawns-2pt); a form
        without the field keeps the tournament's setting."""
        value = self.cleaned_data.get("absent_pawns")
        value = self.instance.absent_pawns if value is None else value
        system = self.data.get(self.add_prefix("scoring_system")) or self.instance.scoring_system
        if value and scoring.check_absent_pawns(system, value) is not None:
            raise forms.ValidationError(_("Only 2 points a pawn counts an absent team's pawns: leave it at 0 for "
                                          "this scoring system."))
        return value

    def clean_rounds(self) -> int:
        """Once the knock-out finals have begun, the Swiss rounds before them are what they were."""
        rounds = self.cleaned_data.get("rounds")
        if self.instance.pk and rounds != self.instance.rounds and \
                self.instance.round_set.filter(final=True).exists():
            raise forms.ValidationError(_("The finals have begun after round %(rounds)s: the number of rounds stays "
                                          "%(rounds)s.") % {"rounds": self.instance.rounds})
        return rounds

    def clean_public_names(self) -> str:
        return self.cleaned_data.get("public_names") or self.instance.public_names or PublicNames.FULL

    def clean_slug(self) -> str:
        slug = self.cleaned_data.get("slug")
        if slug:
            return slug
        if self.instance.pk:
            return self.instance.slug
        return Tournament.objects.free_slug(slugify(self.cleaned_data.get("name") or "")[:50] or "tournament")

    def clean_language(self) -> str:
        return self.cleaned_data.get("language") or self.instance.language or Language.DUTCH

    def clean_entry(self) -> str:
        """Kept when not sent; changed only while nobody is registered and no round is drawn: a team
        of two cannot become a player alone, nor the other way round."""
        entry = self.cleaned_data.get("entry") or self.instance.entry or Entry.TEAMS
        if self.instance.pk and entry != self.instance.entry:
            problem = entry_change_problem(self.instance)
            if problem:
                raise forms.ValidationError(problem)
        return entry

    def clean_missed_rounds(self) -> str:
        return self.cleaned_data.get("missed_rounds") or self.instance.missed_rounds or MissedRounds.RANKED

    def clean_draw_mode(self) -> str:
        return self.cleaned_data.get("draw_mode") or self.instance.draw_mode or DrawMode.PLANNED

    def clean_deals(self) -> int:
        """Kept when not sent; never fewer than a saved card of the tournament holds."""
        deals = self.cleaned_data.get("deals") or self.instance.deals
        if self.instance.pk and deals < self.instance.deals:
            most = max((len(sheet.get("deals") or ()) for sheet in Result.objects.filter(
                table__round__tournament=self.instance).values_list("sheet", flat=True) if isinstance(sheet, dict)),
                default=0)
            if deals < most:
                raise forms.ValidationError(_("A saved card has %(most)s deals: a round keeps at least as many.")
                                            % {"most": most})
        return deals

    def clean(self) -> dict:
        """The house-rule flags of the chosen scoring system's game, as its rules take them, go to
        ``game_rules``; the game refuses what its tables cannot be."""
        data = super().clean()
        game = game_of(data.get("scoring_system") or self.instance.scoring_system)
        rules, problems = game.rules_of_form(data, self.rule_fields[game])
        for field, message in problems:
            self.add_error(field, message)
        if rules is not None:
            data["game_rules"] = rules
        return data

    def save(self, commit: bool = True) -> Tournament:
        if "game_rules" in self.cleaned_data:
            self.instance.game_rules = self.cleaned_data["game_rules"]
        return super().save(commit)


class TeamForm(forms.Form):
    """A team with its two players; the club is typed and matched by name. In an individual
    tournament, one player: the entrant is a team of one, named after the player.

    Each player's name suggests people of the club's register as it is typed (static/js/people.js);
    choosing one puts the person's pk in the hidden ``person_<seat>``. Who a player is follows the
    register's ``link_seats`` (:mod:`tournaments.club_register`, docs/people.md): the chosen person
    while the name is still theirs, else the one person of that name, as the Excel import matches; a
    player added or renamed whom nobody of the register is joins it when the team is saved, as an
    imported one does (``TeamData.new_people``); with several people of the name, no one. Without a
    register nobody is suggested, linked or added."""

    name = forms.CharField(label=_("Team name"), max_length=NAME_MAX_LENGTH)
    player_1 = forms.CharField(label=_("Player 1"), max_length=NAME_MAX_LENGTH)
    player_2 = forms.CharField(label=_("Player 2"), max_length=NAME_MAX_LENGTH)
    club = forms.CharField(
        label=_("Club"), max_length=NAME_MAX_LENGTH, required=False,
        widget=forms.TextInput(attrs={"list": "club-names", "autocomplete": "off"}),
    )
    number = forms.IntegerField(
        label=_("Team number"), min_value=1, max_value=MAX_TEAM_NUMBER, required=False,
        help_text=_("Leave empty to give the next free number."),
    )
    # The person of the register each player is, as chosen from the suggestions (a pk, or empty).
    person_1 = forms.CharField(required=False, widget=forms.HiddenInput)
    person_2 = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, tournament: Tournament, team: Team | None = None, **kwargs):
        if team is not None and "initial" not in kwargs:
            players = team.player_names + ["", ""]
            people = {player.seat: player.person_id for player in team.players.all()}
            kwargs["initial"] = {
                "name": team.name, "player_1": players[0], "player_2": players[1],
                "club": team.club.name if team.club else "", "number": team.number,
                "person_1": people.get(1) or "", "person_2": people.get(2) or "",
            }
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.team = team
        self.individual = tournament.individual
        self.people: tuple[int | None, ...] = ()
        self.new_people: tuple[bool, ...] = ()
        if self.individual:  # the player's name is the entrant's name
            del self.fields["player_1"], self.fields["player_2"], self.fields["person_2"]
            self.fields["name"].label = _("Player's name")
            self.fields["number"].label = _("Number")
        self._suggest_people()
        self.club_names = Club.objects.values_list("name", flat=True)
        self.helper = FormHelper()
        self.helper.form_tag = False
        another = Submit("save_and_add", _("Save and add another"))
        another.field_classes = "btn btn-outline-primary"  # not also btn-primary: blue text on blue
        self.helper.layout = Layout(
            *(["name", "person_1"] if self.individual else ["name", "player_1", "person_1", "player_2", "person_2"]),
            "club", "number", Submit("save", _("Save")), another,
        )

    @property
    def seat_fields(self) -> tuple[str, ...]:
        """The fields that hold the players' names, by seat."""
        return ("name",) if self.individual else ("player_1", "player_2")

    def _suggest_people(self) -> None:
        """Ask static/js/people.js for suggestions under each player's name; a player linked already
        shows who they are (one query, only when someone is linked)."""
        register = club_register()
        if register is None:
            return
        chosen = {field: whole_or(str(self[f"person_{seat}"].value() or ""), None, 1)
                  for seat, field in enumerate(self.seat_fields, start=1)}
        linked = register.labels([pk for pk in chosen.values() if pk is not None]) if any(chosen.values()) else {}
        for seat, field in enumerate(self.seat_fields, start=1):
            self.fields[field].widget.attrs.update({
                "data-person-suggest": register.suggest_url(), "data-person-field": f"id_person_{seat}",
                "data-person-label": linked.get(chosen[field], ""), "autocomplete": "off",
                "data-person-linked": _("In the register: %(person)s"),
            })

    def _others(self):
        others = self.tournament.teams.all()
        return others.exclude(pk=self.team.pk) if self.team else others

    def clean_name(self) -> str:
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("The player's name is empty.") if self.individual
                                        else _("The team name is empty."))
        if self._others().filter(name__iexact=name).exists():
            raise forms.ValidationError(name_taken_message(self.tournament, name))
        return name

    def clean_player_1(self) -> str:
        return self._clean_player("player_1")

    def clean_player_2(self) -> str:
        return self._clean_player("player_2")

    def _clean_player(self, field: str) -> str:
        name = clean_name(self.cleaned_data[field])
        if not name:
            raise forms.ValidationError(_("A team has exactly two players; this name is empty."))
        return name

    def clean_number(self) -> int | None:
        number = self.cleaned_data.get("number")
        if number is not None and self._others().filter(number=number).exists():
            raise forms.ValidationError(
                _("Number %(number)s is already taken.") if self.individual else _("Team number %(number)s is already taken."),
                params={"number": number})
        return number

    def clean(self) -> dict:
        """Who of the register the players are (the register's ``link_seats``); a chosen person
        who cannot be this player is named on the player's field."""
        data = super().clean()
        names = [data.get(field) for field in self.seat_fields]
        register = club_register()
        if register is None or any(name is None for name in names):  # no register; a name refused already
            return data
        # A value that is no person's pk (0) is named as a person no longer in the register.
        chosen = [whole_or(value, 0, 1) if (value := str(data.get(f"person_{seat}") or "").strip()) else None
                  for seat in range(1, len(self.seat_fields) + 1)]
        # An edited team's player whose name and person are as saved keeps the person, however spelt.
        saved = {player.seat: (player.name, player.person_id) for player in self.team.players.all()} if self.team else {}
        unchanged = [saved.get(seat) == (name, pk) for seat, (name, pk) in enumerate(zip(names, chosen), start=1)]
        links = register.link_seats(names, chosen, tournament_id=self.tournament.pk,
                           team_id=self.team.pk if self.team else None, unchanged=unchanged)
        for index, problem in links.problems.items():
            self.add_error(self.seat_fields[index], problem)
        self.people, self.new_people = links.people, links.new
        return data

    def team_data(self) -> TeamData:
        data = self.cleaned_data
        players = (data["name"],) if self.individual else (data["player_1"], data["player_2"])
        return TeamData(name=data["name"], players=players, club=clean_name(data.get("club")),
                        number=data.get("number"), people=self.people, new_people=self.new_people)


class TeamImportForm(forms.Form):
    file = forms.FileField(
        label=_("Excel file (.xlsx)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx"}),
    )


class TableForm(forms.Form):
    """Seat teams at a new table, in sheet order (the first team deals first)."""

    def __init__(self, *args, round_, **kwargs):
        super().__init__(*args, **kwargs)
        self.round = round_
        tournament = round_.tournament
        free = (
            tournament.teams.active()
            .exclude(seats__round=round_)
            .exclude(bye__round=round_)
            .order_by("number")
        )
        count = max(tournament.sides_per_table)
        if tournament.individual:  # consecutive players are a pair: pair 1 = players 1 and 2
            for index in range(1, 2 * count + 1):
                self.fields[f"team_{index}"] = forms.ModelChoiceField(
                    queryset=free, required=index <= 4,
                    label=_("Pair %(pair)s, player %(member)s") % {"pair": (index + 1) // 2, "member": 2 - index % 2},
                )
        else:
            for position in range(1, count + 1):
                self.fields[f"team_{position}"] = forms.ModelChoiceField(
                    queryset=free, label=_("Team %(position)s") % {"position": position},
                    required=position <= 2,
                )
        self.fields["number"] = forms.IntegerField(
            label=_("Table number"), min_value=1, max_value=999, required=False,
            help_text=_("Leave empty for the next number."),
        )
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True

    def teams(self) -> list:
        chosen = [(int(key.removeprefix("team_")), team) for key, team in self.cleaned_data.items()
                  if key.startswith("team_") and team]
        return [team for _index, team in sorted(chosen, key=lambda item: item[0])]


class FinalsForm(forms.Form):
    """The knock-out finals a director chooses (the finals page), before the first finals round."""

    size = forms.TypedChoiceField(label=_("Teams in the bracket"), coerce=int, initial=4,
                                  choices=[(2, "2"), (4, "4"), (8, "8")], widget=forms.RadioSelect)
    playoffs = forms.BooleanField(label=_("Play-offs for every place down the bracket (3rd/4th, 5th–8th)"),
                                  required=False, initial=True)
    consolation_count = forms.IntegerField(
        label=_("Consolation brackets for the next teams"), min_value=0, max_value=8, initial=0,
        help_text=_("0: none. 1 after a bracket of 8: places 9–12 (or 9–16) are played for by the next teams of "
                    "the standings, and so on."))
    consolation_size = forms.TypedChoiceField(label=_("Teams in a consolation bracket"), coerce=int,
                                              initial=4, choices=[(4, "4"), (8, "8")],
                                              help_text=_("Only when there are consolation brackets."))
    level_rule = forms.ChoiceField(label=_("A final that ends level is decided by"),
                                   choices=LevelRule.choices, initial=LevelRule.PAWNS_THEN_LOT,
                                   widget=forms.RadioSelect)
    deals = forms.IntegerField(label=_("Deals in a final"), min_value=1, required=False)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        if not tournament.plugin.counts_pawns:  # no pawns on the sheet: a level final goes to the lot
            self.fields["level_rule"].choices = [(LevelRule.PAWNS_THEN_LOT, LOT_ONLY), (LevelRule.REPLAY,
                                                                                        LevelRule.REPLAY.label)]
        if tournament.plugin.plays_deals:
            self.fields["deals"].initial = tournament.deals
            self.fields["deals"].max_value = tournament.deals
        else:
            del self.fields["deals"]

    def setup(self) -> FinalsSetup:
        data = self.cleaned_data
        return FinalsSetup(
            size=data["size"], playoffs=data["playoffs"], consolation_size=data["consolation_size"],
            consolation_count=data["consolation_count"], level_rule=data["level_rule"], deals=data.get("deals"))
