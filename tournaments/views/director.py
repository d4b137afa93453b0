"""Director area: tournaments, teams and the check-in at the door."""

from __future__ import annotations

from urllib.parse import urljoin

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.generic import CreateView, ListView, TemplateView, UpdateView
from django_tables2 import Column, SingleTableMixin

from common.https import phones_url
from common.redirects import back_to
from tournaments import presets, screens
from tournaments.forms import TeamForm, TournamentForm
from tournaments.listings import ListingPaginator, TeamListing
from tournaments.models import Team, Tournament
from tournaments.permissions import DirectorRequiredMixin, director_required
from tournaments.services import door_window, lifecycle, team_passes
from tournaments.services import teams as team_services
from tournaments.services.search import matching_team_ids
from tournaments.views.lookups import REFUSED, search_text, tournament_or_404


@director_required
def tournament_home(request: HttpRequest, slug: str) -> HttpResponse:
    """``/director/t/<slug>/``: where the list of tournaments opens it (its teams; a practice run's
    own page), so that an address typed or cut short lands somewhere."""
    tournament = tournament_or_404(slug)
    return redirect("director:practice_run" if tournament.practice else "director:team_list", tournament.slug)


class TournamentMixin(DirectorRequiredMixin):
    """Resolves ``self.tournament`` from the URL's slug, after the permission check."""

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and self.has_permission():
            self.tournament = tournament_or_404(kwargs["slug"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        return super().get_context_data(tournament=self.tournament, **kwargs)


class TournamentList(DirectorRequiredMixin, ListView):
    model = Tournament
    template_name = "tournaments/director/tournament_list.html"

    def get_queryset(self):
        return Tournament.objects.select_related("practice_of").annotate(
            team_count=Count("teams", filter=Q(teams__withdrawn=False)),
            present_count=Count("teams", filter=Q(teams__withdrawn=False, teams__checked_in=True)),
        ).order_by(  # a practice run right under its tournament
            Coalesce("practice_of__date", "date").desc(), Coalesce("practice_of__name", "name"),
            Coalesce("practice_of_id", "id"), "practice", "name",
        )


class RefusedFormMixin:
    """A form sent back with its errors answers 422, not 200: the same page, and a script can tell."""

    def form_invalid(self, form):
        response = super().form_invalid(form)
        response.status_code = REFUSED
        return response


KEPT_BY_PRESET = ("name", "slug", "date", "venue")
"""The fields a preset leaves as the director typed them: they come along in its link's query."""


class PresetMixin:
    """``?preset=<name>`` fills the form with a preset's values (``tournaments/presets.py``): the
    director still sees and saves the form. An unknown preset (400), or a preset on a tournament that
    has rounds already (409), is refused with the form as it was and the reason."""

    preset_problem: tuple[int, str] | None = None

    def get_initial(self):
        initial = super().get_initial()
        name = self.request.GET.get("preset", "")
        if not name:
            return initial
        preset = presets.preset_named(name[:50])
        if preset is None:
            self.preset_problem = (400, _("There is no preset “%(name)s”: choose one of the list.") % {"name": name[:50]})
        elif getattr(self, "object", None) is not None and self.object.round_set.exists():
            self.preset_problem = (409, _("This tournament has rounds already: a preset only fills the form of a "
                                          "tournament that has not begun. Change the fields one by one."))
        else:
            initial.update(preset.values)
            # What the director typed before choosing (static/js/tournament_form.js sends it along).
            initial.update({key: self.request.GET[key][:200] for key in KEPT_BY_PRESET if self.request.GET.get(key)})
        return initial

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)  # makes the form, and reads the preset
        return {**context, "presets": presets.PRESETS, "chosen_preset": self.request.GET.get("preset", "")[:50],
                "preset_problem": self.preset_problem[1] if self.preset_problem else ""}

    def render_to_response(self, context, **kwargs):
        response = super().render_to_response(context, **kwargs)
        if self.preset_problem is not None and self.request.method == "GET":
            response.status_code = self.preset_problem[0]
        return response


class TournamentCreate(PresetMixin, RefusedFormMixin, DirectorRequiredMixin, CreateView):
    model = Tournament
    form_class = TournamentForm
    template_name = "tournaments/director/tournament_form.html"

    def get_success_url(self) -> str:
        messages.success(self.request, _("Tournament “%(name)s” created.") % {"name": self.object.name})
        return reverse("director:team_list", args=[self.object.slug])


class TournamentEdit(PresetMixin, RefusedFormMixin, DirectorRequiredMixin, UpdateView):
    model = Tournament
    form_class = TournamentForm
    template_name = "tournaments/director/tournament_form.html"

    def form_valid(self, form):
        response = super().form_valid(form)
        if {"rounds", "confirmed_counts"} & set(form.changed_data):  # what the status is derived from
            lifecycle.update_status(self.object)
        return response

    def get_success_url(self) -> str:
        messages.success(self.request, _("Tournament “%(name)s” saved.") % {"name": self.object.name})
        return reverse("director:team_list", args=[self.object.slug])


class TeamList(TournamentMixin, SingleTableMixin, TemplateView):
    table_class = TeamListing
    table_pagination = {"paginator_class": ListingPaginator}
    template_name = "tournaments/director/team_list.html"

    def get_table_kwargs(self) -> dict:
        """An individual tournament lists players: the name is the player's, there is no second column of players."""
        if not self.tournament.individual:
            return {}
        return {"extra_columns": [("name", Column(verbose_name=_("Player")))], "exclude": ("players",)}

    def get_table_data(self):
        teams = self.tournament.teams.with_people()
        query = search_text(self.request)
        if query:
            teams = teams.filter(pk__in=matching_team_ids(self.tournament.pk, query, clubs=True))
        return teams

    def get_context_data(self, **kwargs):
        active = self.tournament.teams.active()
        return super().get_context_data(
            query=search_text(self.request),
            team_count=active.count(),
            present_count=active.filter(checked_in=True).count(),
            **kwargs,
        )


class TeamFormMixin(TournamentMixin):
    template_name = "tournaments/director/team_form.html"

    def get(self, request, *args, **kwargs):
        return self.render(TeamForm(tournament=self.tournament, team=self.get_team()))

    def post(self, request, *args, **kwargs):
        form = TeamForm(request.POST, tournament=self.tournament, team=self.get_team())
        if not form.is_valid():
            return self.render(form)
        try:
            team = self.save(form)
        except IntegrityError:  # a name or number registered meanwhile: the form's checks, again, name it
            form = TeamForm(request.POST, tournament=self.tournament, team=self.get_team())
            if form.is_valid():
                form.add_error(None, _("Another change to the registrations came in at the same time; nothing was "
                                       "saved. Check the list and try again."))
            return self.render(form)
        if self.tournament.individual:
            messages.success(request, _("Player %(player)s saved.") % {"player": team})
        else:
            messages.success(request, _("Team %(team)s saved.") % {"team": team})
        if "save_and_add" in request.POST:
            return redirect("director:team_add", self.tournament.slug)
        return redirect("director:team_list", self.tournament.slug)

    def render(self, form):
        team = self.get_team()
        pass_link = urljoin(phones_url(self.request), reverse("pass:page", args=[team.pass_token])) if team else ""
        return render(self.request, self.template_name, {"tournament": self.tournament, "form": form, "team": team,
                                                         "pass_link": pass_link},
                      status=REFUSED if form.errors else 200)


class TeamAdd(TeamFormMixin, TemplateView):
    def get_team(self):
        return None

    def save(self, form):
        return team_services.register_team(self.tournament, form.team_data())


class TeamEdit(TeamFormMixin, TemplateView):
    def get_team(self):
        return get_object_or_404(self.tournament.teams, pk=self.kwargs["pk"])

    def save(self, form):
        with transaction.atomic():
            return team_services.update_team(self.get_team(), form.team_data())


def _tournament_team(slug: str, pk: int) -> Team:
    return get_object_or_404(Team.objects.select_related("tournament"), tournament__slug=slug, pk=pk)


@director_required
def team_withdraw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """GET: the question "withdraw this team?" (the team list's button leads here, so a slip of the
    finger withdraws nothing, with or without JavaScript); POST: withdraw it."""
    team = _tournament_team(slug, pk)
    if request.method != "POST":
        return render(request, "tournaments/director/team_withdraw.html", {
            "tournament": team.tournament, "team": team, "players": team.player_names,
        })
    team = team_services.set_withdrawn(team, True)
    messages.info(request, (_("Player %(team)s withdrawn.") if team.tournament.individual
                            else _("Team %(team)s withdrawn.")) % {"team": team})
    return redirect(back_to(request, request.POST.get("next"), reverse("director:team_list", args=[slug])))


@director_required
@require_POST
def team_pass_replace(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A new pass for the team (lost, or seen by others): the old link opens nothing from now on."""
    team = team_passes.replace_pass(_tournament_team(slug, pk))
    messages.info(request, _("%(team)s has a new pass: print it (Team passes) or show the new link. The old one "
                             "no longer opens.") % {"team": team})
    return redirect("director:team_edit", slug, pk)


@director_required
@require_POST
def team_reinstate(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    team = team_services.set_withdrawn(_tournament_team(slug, pk), False)
    messages.info(request, (_("Player %(team)s reinstated.") if team.tournament.individual
                            else _("Team %(team)s reinstated.")) % {"team": team})
    return redirect(back_to(request, request.POST.get("next"), reverse("director:team_list", args=[slug])))


def _checkin_context(tournament: Tournament, query: str = "") -> dict:
    teams = list(tournament.teams.active().with_people())
    shown = teams
    if query:
        found = {pk: place for place, pk in enumerate(matching_team_ids(tournament.pk, query, clubs=True))}
        shown = sorted((team for team in teams if team.pk in found), key=lambda team: found[team.pk])
    return {
        "tournament": tournament,
        "teams": shown,
        **screens.page_data(screens.CHECKIN, tournament, shown),  # what the apps show (door: the fees)
        "query": query,
        "door": door_window.door(tournament),
        "present_count": sum(t.checked_in for t in teams),
        "team_count": len(teams),
    }


@director_required
def checkin(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_or_404(slug)
    return render(request, "tournaments/director/checkin.html", _checkin_context(tournament, search_text(request)))


@director_required
@require_POST
def checkin_toggle(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """One tap: present ↔ absent. htmx gets the row and the counter; a plain form gets a redirect."""
    team = _tournament_team(slug, pk)
    team_services.set_checked_in(team, request.POST.get("present") == "1")
    if not request.htmx:
        return redirect("director:checkin", slug)
    active = team.tournament.teams.active()
    row = Team.objects.with_people().get(pk=team.pk)
    return render(request, "tournaments/director/_checkin_row.html", {
        "team": row,
        "tournament": team.tournament,
        **screens.page_data(screens.CHECKIN, team.tournament, [row]),
        "present_count": active.filter(checked_in=True).count(),
        "team_count": active.count(),
        "oob": True,
    })
