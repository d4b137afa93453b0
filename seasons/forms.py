"""The director's forms for competitions (crispy-forms): the competition with its rules, the next
evening, an excused absence.

Why the rules are fields and not JSON: a director chooses "best 6 of 8" and types "Autumn: 1-4,
best 3"; the form builds the rules object of ``competition.md`` from that, names each mistake a
director can make in their language (best 9 of 8, periods that overlap, an evening outside 1…M),
and asks :func:`scoring.competition.parse_rules` last, as the guard the file has too. The form
offers exactly the rules of ``competition.md``; a new rule is a new field here.
"""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import HTML, Fieldset, Layout, Submit
from django import forms
from django.core.exceptions import ValidationError
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from people.models import Person
from scoring.competition import MAX_EVENINGS, RulesError, parse_rules
from seasons.models import Competition
from seasons.services.competition_file import competition_slug, fixed_teams
from seasons.services.evenings import candidates, evening_problems, excuse_problems, excused_person
from seasons.services.rules_input import (
    MAX_POINTS,
    number_for_json,
    period_lines,
    periods_text,
    place_points_list,
    place_points_text,
)
from tournaments.models import PublicNames, Tournament
from tournaments.models.registration import NAME_MAX_LENGTH
from tournaments.names import clean_name

PER_EVENING = [
    ("points", _("Their points: what the player scored in that tournament's standings")),
    ("place_points", _("Points for their place: a table such as 25, 20, 16, 13, 11, 10, or the number of entrants "
                       "minus the place plus one")),
    ("percentage", _("A percentage of the winner's score: 100 × their points ÷ the evening's best points")),
]
PLACE_POINTS = [
    ("table", _("From this table")),
    ("entrants", _("Number of entrants minus the place plus one (the last of 30 gets 1, the winner 30)")),
]
COUNT = [
    ("all", _("Every evening counts")),
    ("best", _("Only the best evenings count: the best N of the M evenings planned")),
]
ABSENCE = [
    ("none", _("No points for an absence")),
    ("fixed", _("A fixed number of points")),
    ("average", _("The person's average over the evenings they played")),
]


class CompetitionForm(forms.ModelForm):
    per_evening = forms.ChoiceField(
        label=_("What an evening gives a player"), choices=PER_EVENING, widget=forms.RadioSelect, initial="points",
        help_text=_("In a team tournament both players of a team get the team's result."))
    place_points_kind = forms.ChoiceField(
        label=_("Points for the place"), choices=PLACE_POINTS, widget=forms.RadioSelect, initial="table",
        required=False, help_text=_("Only with points for their place."))
    place_points = forms.CharField(
        label=_("Place points table"), required=False, max_length=8000,
        widget=forms.TextInput(attrs={"placeholder": "25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1"}),
        help_text=_("The points of the 1st, 2nd, 3rd … place, separated by commas; places past the end of the "
                    "table get 0."))
    count = forms.ChoiceField(
        label=_("Which evenings count"), choices=COUNT, widget=forms.RadioSelect, initial="all",
        help_text=_("With the best N of M, each player's N best results count and the others are dropped (struck "
                    "through on the standings). M is the number of evenings planned: no more evenings can be added."))
    best = forms.IntegerField(label=_("Best N"), required=False, min_value=1, max_value=MAX_EVENINGS,
                              help_text=_("For example 6 in “best 6 of 8”."))
    of = forms.IntegerField(label=_("Of M evenings planned"), required=False, min_value=1, max_value=MAX_EVENINGS,
                            help_text=_("For example 8 in “best 6 of 8”."))
    periods = forms.CharField(
        label=_("Periods"), required=False, max_length=10000, widget=forms.Textarea(attrs={
            "rows": 3, "placeholder": _("Autumn: 1-4, best 3\nSpring: 5-8, best 3")}),
        help_text=_("Optional: one period a line, “name: evenings, best n”. The total is then the sum of the best n "
                    "of each period, and evenings outside every period do not count: with periods, “best N” above no longer "
                    "decides, and M still says how many evenings are planned. Periods may not overlap and name only "
                    "evenings 1…M."))
    absence = forms.ChoiceField(
        label=_("An excused absence gives"), choices=ABSENCE, widget=forms.RadioSelect, initial="none",
        help_text=_("Excuse a person on the competition's page, evening by evening. An excused evening is a result "
                    "(it may be counted or dropped), not an evening played."))
    absence_points = forms.DecimalField(
        label=_("Points for an excused absence"), required=False, min_value=0, max_value=MAX_POINTS, max_digits=9,
        decimal_places=2, help_text=_("With a fixed number of points."))
    absence_max = forms.IntegerField(
        label=_("At most this many times"), required=False, min_value=0, max_value=MAX_EVENINGS,
        help_text=_("Only a person's first K excused evenings give points. Empty: every one."))
    ranks = forms.ChoiceField(
        label=_("The competition ranks"), initial="people", widget=forms.RadioSelect, required=False,
        choices=[("people", _("People: each player on their own, whoever their partner was")),
                 ("teams", _("Fixed teams: the same two people together, whatever the team is called"))],
        help_text=_("Fixed teams take tournaments of teams only (not players entering alone, not individual-11), "
                    "and have no excused absences."))
    minimum_evenings = forms.IntegerField(
        label=_("Minimum evenings to be ranked"), required=False, min_value=0, max_value=MAX_EVENINGS, initial=0,
        help_text=_("Someone who played fewer evenings is listed below the standings, unranked. 0: everyone is "
                    "ranked."))

    class Meta:
        model = Competition
        fields = ["name", "slug", "game", "seed", "hidden", "public_names"]
        widgets = {"public_names": forms.RadioSelect}
        help_texts = {
            "game": _("Every evening is a tournament of this game."),
            "seed": _("Decides the lot among people still tied after more evenings counted and the best single "
                      "result, so the lot can be repeated."),
            "public_names": _("How names appear on the public competition page, its PDF and its workbook. Your own "
                              "pages always show full names. A competition of people under team names only shows "
                              "them as “Player 1”, “Player 2”, … in the standings' order; fixed teams by their name."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules: dict[str, Any] = {}
        self.evening_count = self.instance.evenings.count() if self.instance.pk else 0
        if self.instance.pk:
            self.initial.update(initial_of(self.instance.rules))
        if self.evening_count:
            self.fields["game"].disabled = True
            self.fields["game"].help_text = _("Fixed: the competition has evenings of this game.")
        self.fields["slug"].required = False
        self.fields["public_names"].required = False
        self.fields["seed"].required = False
        self.helper = FormHelper()
        self.helper.layout = Layout(
            Fieldset(_("Competition"), "name", "slug", "game"),
            Fieldset(_("What an evening gives"), "per_evening", "place_points_kind", "place_points"),
            Fieldset(_("What counts"), "count", "best", "of", "periods"),
            Fieldset(_("Excused absence"), "absence", "absence_points", "absence_max"),
            Fieldset(_("Ranking"), "ranks", "minimum_evenings",
                     HTML(format_html('<p class="small text-body-secondary">{}</p>',
                                      _("Ties: more evenings counted, then the best single result, then lot."))),
                     "seed"),
            Fieldset(_("Privacy"), "hidden", "public_names"),
            Submit("save", _("Save")),
        )

    def clean_slug(self) -> str:
        return self.cleaned_data.get("slug") or (self.instance.slug if self.instance.pk else "")

    def clean_public_names(self) -> str:
        return self.cleaned_data.get("public_names") or self.instance.public_names or PublicNames.FULL

    def clean_seed(self) -> int:
        seed = self.cleaned_data.get("seed")
        return self.instance.seed if seed is None else seed

    def clean(self) -> dict:
        data = super().clean()
        rules: dict[str, Any] = {"per_evening": data.get("per_evening")}
        if data.get("per_evening") == "place_points":
            if data.get("place_points_kind") == "entrants":
                rules["place_points"] = "entrants"
            else:
                try:
                    rules["place_points"] = place_points_list(data.get("place_points") or "")
                except ValidationError as error:
                    self.add_error("place_points", error)
        of = self._count(data, rules)
        if (data.get("periods") or "").strip():
            try:
                rules["periods"] = period_lines(data["periods"], of)
            except ValidationError as error:
                self.add_error("periods", error)
        self._absence(data, rules)
        if data.get("minimum_evenings"):
            rules["minimum_evenings"] = data["minimum_evenings"]
        if data.get("ranks") == "teams":
            rules["ranks"] = "teams"
            self._fixed_teams(rules)
        if not self.errors:
            try:
                parse_rules(rules)  # the guard the competition file has: never store rules it would refuse
            except RulesError as error:  # what the form's own checks missed: said in general, the detail as the file says it
                raise ValidationError(_("These rules cannot be used (%(problems)s); check the rules above.")
                                      % {"problems": "; ".join(error.errors)}) from None
        self.rules = rules
        return data

    def _count(self, data: dict, rules: dict) -> int | None:
        if data.get("count") != "best":
            return None
        best, of = data.get("best"), data.get("of")
        if of is None:
            if "of" not in self.errors:
                self.add_error("of", _("How many evenings are planned? Needed with “the best N of M”."))
            return None
        if best is None:
            if "best" not in self.errors:
                self.add_error("best", _("How many evenings count? Needed with “the best N of M”."))
            return of
        if best > of:
            self.add_error("best", _("Best %(best)s of %(of)s cannot be: no more evenings can count than are "
                                     "planned.") % {"best": best, "of": of})
            return of
        if self.evening_count > of:
            self.add_error("of", _("This competition has %(count)s evenings already; it cannot plan only %(of)s. "
                                   "Remove evenings first, or plan more.") % {"count": self.evening_count, "of": of})
        elif self.instance.pk and self.instance.excused.filter(evening__gt=of).exists():
            self.add_error("of", _("Someone is excused on an evening after evening %(of)s; withdraw that first, or "
                                   "plan more evenings.") % {"of": of})
        rules["count"] = {"best": best, "of": of}
        return of

    def _fixed_teams(self, rules: dict) -> None:
        """A competition of fixed teams: no excused absences, and only evenings that rank fixed teams."""
        if "absence" in rules:
            self.add_error("absence", _("Excused absences are of people; a competition of fixed teams has none."))
        if self.instance.pk is None:
            return
        if self.instance.excused.exists():
            self.add_error("ranks", _("This competition has excused absences; withdraw them before it ranks fixed "
                                      "teams."))
        for evening in self.instance.evenings.select_related("tournament"):
            if not fixed_teams(evening.tournament.individual, evening.tournament.scoring_system):
                self.add_error("ranks", _("Evening %(number)s (%(tournament)s) does not rank fixed teams.")
                               % {"number": evening.number, "tournament": evening.tournament.name})
                return

    def _absence(self, data: dict, rules: dict) -> None:
        kind = data.get("absence")
        if kind not in ("fixed", "average"):
            return
        if kind == "fixed" and data.get("absence_points") is None:
            if "absence_points" not in self.errors:
                self.add_error("absence_points", _("How many points does an excused absence give?"))
            return
        absence: dict[str, Any] = {"points": "average" if kind == "average" else number_for_json(data["absence_points"])}
        if data.get("absence_max") is not None:
            absence["max"] = data["absence_max"]
        rules["absence"] = absence

    def save(self, commit: bool = True) -> Competition:
        competition = super().save(commit=False)
        competition.rules = self.rules
        if not competition.slug:
            competition.slug = competition_slug(competition.name)
        if commit:
            competition.save()
        return competition


def initial_of(rules: dict) -> dict[str, Any]:
    """The form's fields for stored rules (as the competition file writes them)."""
    rules = rules if isinstance(rules, dict) else {}
    count = rules.get("count")
    absence = rules.get("absence") if isinstance(rules.get("absence"), dict) else None
    place_points = rules.get("place_points")
    initial: dict[str, Any] = {
        "per_evening": rules.get("per_evening", "points"),
        "place_points_kind": "entrants" if place_points == "entrants" else "table",
        "place_points": place_points_text(place_points),
        "count": "best" if isinstance(count, dict) else "all",
        "periods": periods_text(rules.get("periods")),
        "absence": "none" if absence is None else "average" if absence.get("points") == "average" else "fixed",
        "minimum_evenings": rules.get("minimum_evenings", 0),
        "ranks": rules.get("ranks", "people"),
    }
    if isinstance(count, dict):
        initial.update(best=count.get("best"), of=count.get("of"))
    if absence is not None:
        initial.update(absence_points=None if absence.get("points") == "average" else absence.get("points"),
                       absence_max=absence.get("max"))
    return initial


class EveningForm(forms.Form):
    """The next evening: a tournament of the competition's game that is not an evening of it yet."""

    tournament = forms.ModelChoiceField(
        label=_("Tournament"), queryset=Tournament.objects.filter(practice=False),
        help_text=_("Tournaments of this competition's game that are not one of its evenings yet, the newest first. "
                    "Its players are linked to the register by name."))

    def __init__(self, *args, competition: Competition, **kwargs):
        super().__init__(*args, **kwargs)
        self.competition = competition
        self.fields["tournament"].choices = [("", "---------")] + [
            (tournament.pk, f"{tournament.name} · {tournament.date:%d-%m-%Y}") for tournament in candidates(competition)]

    def clean_tournament(self) -> Tournament:
        tournament = self.cleaned_data["tournament"]
        problems = evening_problems(self.competition, tournament)
        if problems:
            raise ValidationError(problems)
        return tournament


class ExcusedForm(forms.Form):
    """A person excused on an evening: from the register, or by name."""

    evening = forms.TypedChoiceField(label=_("Evening"), coerce=int, choices=())
    person = forms.ModelChoiceField(label=_("Person from the register"), required=False,
                                    queryset=Person.objects.select_related("club"))
    name = forms.CharField(label=_("Or type a name"), required=False, max_length=NAME_MAX_LENGTH,
                           help_text=_("A name the register does not know yet is added to it."))

    def __init__(self, *args, competition: Competition, **kwargs):
        super().__init__(*args, **kwargs)
        self.competition = competition
        self.fields["evening"].choices = [
            (number, _("Evening %(number)s · %(tournament)s") % {"number": number, "tournament": name})
            for number, name in competition.evenings.order_by("number").values_list("number", "tournament__name")]
        self.fields["person"].label_from_instance = lambda person: (
            f"{person.name} ({person.club})" if person.club_id else person.name)

    def clean(self) -> dict:
        data = super().clean()
        person, name = data.get("person"), clean_name(data.get("name"))
        if self.errors:
            return data
        if (person is None) == (not name):
            raise ValidationError(_("Choose a person from the register or type a name (one of the two)."))
        if person is None:
            person = excused_person(name)
        problems = excuse_problems(self.competition, data["evening"], person, name)
        if problems:
            raise ValidationError(problems)
        data["person"], data["name"] = person, name
        return data
