"""The director's prize pages: the prize list and its settings, the categories and who carries them.
Thin: the rules, the checks and the writing are :mod:`prizes.services`; a refused change answers
422 (what was typed) or 409 (the tournament's state) with every problem named, nothing written."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from prizes import services
from prizes.forms import CategoryForm, PrizesForm
from prizes.models import Category
from tournaments.permissions import director_required
from tournaments.services.standings import standings
from tournaments.views.lookups import REFUSED, act, refused, tournament_or_404


@director_required
def prizes_page(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the prize list as text, the settings, the categories, and who wins with the standings as
    they are now. POST: the list and settings saved, all or nothing."""
    tournament = tournament_or_404(slug)
    problems: list[str] = []
    if request.method == "POST":
        form = PrizesForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            try:
                count = services.save_prizes(tournament, data["prizes"], data["one_each"], data["club_size"])
            except ValidationError as error:
                problems = error.messages
            else:
                messages.success(request, ngettext("%(count)s prize saved.", "%(count)s prizes saved.", count)
                                 % {"count": count})
                return redirect("prizes:list", slug)
    else:
        settings = services.settings_of(tournament)
        form = PrizesForm(initial={"prizes": services.prizes_text(tournament), "one_each": settings.one_each,
                                   "club_size": settings.club_size})
    report = standings(tournament)
    return render(request, "prizes/prizes.html", {
        "tournament": tournament, "form": form, "problems": problems, "category_form": CategoryForm(),
        "categories": services.category_counts(tournament), "awards": services.prize_awards(report),
        "clubs": services.club_ranking(report), "per_player": report.per_player,
    }, status=REFUSED if problems or form.errors else 200)


@director_required
@require_POST
def category_add(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    form = CategoryForm(request.POST)
    if not form.is_valid():
        return refused(request, [error for errors in form.errors.values() for error in errors],
                       "prizes:list", slug, status=REFUSED)
    try:
        category = services.add_category(tournament, form.cleaned_data["name"])
    except ValidationError as error:
        return refused(request, error.messages, "prizes:list", slug, status=REFUSED)
    messages.success(request, _("Category “%(name)s” added: tick who carries it.") % {"name": category.name})
    return redirect("prizes:category", slug, category.pk)


def _category_or_404(slug: str, pk: int) -> Category:
    return get_object_or_404(Category.objects.select_related("tournament"), tournament__slug=slug, pk=pk)


@director_required
def category_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """GET: the category's name and a tick per team and player. POST: saved, all or nothing."""
    category = _category_or_404(slug, pk)
    tournament = category.tournament
    problems: list[str] = []
    if request.method == "POST":
        name = request.POST.get("name", "")
        teams, players = request.POST.getlist("teams"), request.POST.getlist("players")
        try:
            services.update_category(category, name, teams, players)
        except ValidationError as error:
            problems = error.messages
        else:
            messages.success(request, _("Category “%(name)s” saved.") % {"name": category.name})
            return redirect("prizes:list", slug)
    else:
        name = category.name
        teams = [str(pk) for pk in category.teams.values_list("pk", flat=True)]
        players = [str(pk) for pk in category.players.values_list("pk", flat=True)]
    return render(request, "prizes/category.html", {
        "tournament": tournament, "category": category, "name": name, "problems": problems,
        "teams": tournament.teams.with_people().order_by("number"),
        "ticked_teams": set(teams), "ticked_players": set(players),
    }, status=REFUSED if problems else 200)


@director_required
@require_POST
def category_delete(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    category = _category_or_404(slug, pk)
    return act(request, lambda: services.delete_category(category),
               _("Category “%(name)s” deleted.") % {"name": category.name}, "prizes:list", slug)
