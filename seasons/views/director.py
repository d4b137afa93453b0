"""The director's competition pages: the list, the form with the rules, the competition's page
(standings, evenings, excused absences, downloads) and its files.

Thin: a refused form answers 422 with its errors on the same page (as the tournament forms do),
nothing written; the changes themselves are :mod:`seasons.services.evenings`.
"""

from __future__ import annotations

from django.contrib import messages
from django.db import IntegrityError
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from scoring.competition import parse_rules
from seasons.exporters import competition_exporter
from seasons.forms import CompetitionForm, EveningForm, ExcusedForm
from seasons.models import Competition
from seasons.services.evenings import game_name
from seasons.services.rules_input import rules_in_words
from seasons.services.shown import evening_choices, shown_lines, split_ranked
from seasons.services.standings import competition_standings
from seasons.views.access import after_or_400, competition_or_404, director_only
from seasons.views.public import file_response
from tournaments.views.lookups import REFUSED


@director_only
def competition_list(request: HttpRequest) -> HttpResponse:
    competitions = Competition.objects.annotate(evening_count=Count("evenings")).order_by("-created_at", "name")
    return render(request, "seasons/director/competition_list.html", {"competitions": competitions})


def _form_page(request: HttpRequest, form: CompetitionForm, status: int = 200) -> HttpResponse:
    competition = form.instance if form.instance.pk else None
    return render(request, "seasons/director/competition_form.html",
                  {"form": form, "competition": competition}, status=status)


def _save(request: HttpRequest, form: CompetitionForm, done: str) -> HttpResponse:
    if not form.is_valid():
        return _form_page(request, form, REFUSED)
    try:
        competition = form.save()
    except IntegrityError:  # the short name taken at the same moment
        form.add_error("slug", _("Another competition has this short name; choose another."))
        return _form_page(request, form, REFUSED)
    messages.success(request, done % {"name": competition.name})
    return redirect("seasons:detail", competition.slug)


@director_only
def competition_create(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        return _save(request, CompetitionForm(request.POST), _("Competition “%(name)s” created."))
    return _form_page(request, CompetitionForm())


@director_only
def competition_edit(request: HttpRequest, slug: str) -> HttpResponse:
    competition = competition_or_404(slug)
    if request.method == "POST":
        return _save(request, CompetitionForm(request.POST, instance=competition), _("Competition “%(name)s” saved."))
    return _form_page(request, CompetitionForm(instance=competition))


def detail_page(request: HttpRequest, competition: Competition, *, status: int = 200,
                evening_form: EveningForm | None = None, excused_form: ExcusedForm | None = None) -> HttpResponse:
    """The competition's page; a refused form of it is shown here with its errors (and ``status``)."""
    after = after_or_400(request, competition)
    if isinstance(after, HttpResponse):
        return after
    report = competition_standings(competition, after, movement=True)
    ranked, unranked = split_ranked(shown_lines(report, public=False))
    rules = parse_rules(competition.rules)
    excused = list(competition.excused.select_related("person").order_by("evening", "person__key"))
    return render(request, "seasons/director/competition_detail.html", {
        "competition": competition, "report": report, "ranked": ranked, "unranked": unranked,
        "choices": evening_choices(report), "rules": rules, "words": rules_in_words(rules),
        "game": game_name(competition.game), "evenings": report.evenings, "excused": excused,
        "evening_form": evening_form or EveningForm(competition=competition),
        "excused_form": excused_form or ExcusedForm(competition=competition),
        "planned": rules.of, "full": rules.of is not None and len(report.evenings) >= rules.of,
    }, status=status)


@director_only
def competition_detail(request: HttpRequest, slug: str) -> HttpResponse:
    return detail_page(request, competition_or_404(slug))


def _file(request: HttpRequest, slug: str, identifier: str) -> HttpResponse:
    """A competition file of the exporter registry (:mod:`seasons.exporters`), after ``?after=N``."""
    competition = competition_or_404(slug)
    after = after_or_400(request, competition)
    if isinstance(after, HttpResponse):
        return after
    return file_response(competition_exporter(identifier), competition, after)


@director_only
def competition_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    return _file(request, slug, "competition-standings-pdf")


@director_only
def competition_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    return _file(request, slug, "competition-standings-xlsx")
