"""The director's finals page: start the knock-out finals after the Swiss rounds, follow the bracket,
draw each next stage (or the replays). Thin: the work is :mod:`tournaments.services.finals`."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.models import LevelRule, Tournament
from tournaments.permissions import director_required
from tournaments.services import finals as finals_services
from tournaments.services.bracket import bracket
from tournaments.services.standings import standings
from tournaments.views.lookups import REFUSED, act, tournament_or_404


class FinalsForm(forms.Form):
    size = forms.TypedChoiceField(label=gettext_lazy("Teams in the bracket"), coerce=int, initial=4,
                                  choices=[(2, "2"), (4, "4"), (8, "8")], widget=forms.RadioSelect)
    playoffs = forms.BooleanField(label=gettext_lazy("Play-offs for every place down the bracket (3rd/4th, 5th–8th)"),
                                  required=False, initial=True)
    consolation_count = forms.IntegerField(label=gettext_lazy("Consolation brackets for the next teams"),
                                           min_value=0, max_value=8, initial=0)
    consolation_size = forms.TypedChoiceField(label=gettext_lazy("Teams in a consolation bracket"), coerce=int,
                                              initial=4, choices=[(4, "4"), (8, "8")])
    level_rule = forms.ChoiceField(label=gettext_lazy("A final that ends level is decided by"),
                                   choices=LevelRule.choices, initial=LevelRule.PAWNS_THEN_LOT,
                                   widget=forms.RadioSelect)
    deals = forms.IntegerField(label=gettext_lazy("Deals in a final"), min_value=1, required=False)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        if tournament.plugin.plays_deals:
            self.fields["deals"].initial = tournament.deals
            self.fields["deals"].max_value = tournament.deals
        else:
            del self.fields["deals"]

    def setup(self) -> finals_services.FinalsSetup:
        data = self.cleaned_data
        return finals_services.FinalsSetup(
            size=data["size"], playoffs=data["playoffs"], consolation_size=data["consolation_size"],
            consolation_count=data["consolation_count"], level_rule=data["level_rule"], deals=data.get("deals"))


@director_required
def finals_page(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    form = FinalsForm(request.POST or None, tournament=tournament)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                round_ = finals_services.start_finals(tournament, form.setup())
            except ValidationError as error:
                for message in error.messages:
                    form.add_error(None, message)
            else:
                return redirect("director:round_detail", slug, round_.number)
        status = REFUSED
    found = bracket(tournament)
    report = standings(tournament) if found is not None and found.complete else None
    return render(request, "tournaments/director/finals.html", {
        "tournament": tournament, "form": form, "bracket": found, "final_rows": report.bracket_rows if report else (),
        "swiss_problems": finals_services.swiss_problems(tournament) if found is None else [],
        "next_problems": finals_services.advance_problems(found) if found is not None else [],
    }, status=status)


@director_required
@require_POST
def finals_next(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    made = []
    response = act(request, lambda: made.append(finals_services.advance(tournament)),
                   _("The next finals round is drawn: check it, then publish."), "director:finals", slug)
    return redirect("director:round_detail", slug, made[0].number) if made else response
