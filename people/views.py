"""The register's director pages: the list with its search, a person added or edited, a person's
results in every tournament, merging a duplicate, and the suggestions under a typed player's name.

Thin: who matches whom is :mod:`people.matching`, a merge is :mod:`people.merging`, a person's
results are :mod:`people.history`. A refused form or merge answers 4xx with the page and the reason;
nothing is written then.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from people import history, merging
from people.forms import PersonForm
from people.matching import search_people, suggestions
from people.models import Person
from tournaments.numbers import whole_or
from tournaments.permissions import director_required
from tournaments.views.lookups import CONFLICT, REFUSED, search_text

PER_PAGE = 50
MERGE_CHOICES = 20


@director_required
@require_GET
def register(request: HttpRequest) -> HttpResponse:
    """Every person of the register, or those the search finds, by name; 50 a page."""
    query = search_text(request)
    page = Paginator(search_people(query), PER_PAGE).get_page(request.GET.get("page"))
    played = history.tournaments_played([person.pk for person in page])
    return render(request, "people/register.html", {
        "query": query, "page": page, "people": [(person, played.get(person.pk, 0)) for person in page]})


def _person_form(request: HttpRequest, person: Person | None) -> HttpResponse:
    form = PersonForm(request.POST or None, instance=person)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                person = form.save()
        except IntegrityError:  # the same member number or id saved for someone else at this moment
            form.add_error(None, _("Another person got this member number or id in files at the same moment; "
                                   "nothing was saved. Check the register and try again."))
            return render(request, "people/person_form.html", {"form": form, "person": person}, status=CONFLICT)
        messages.success(request, _("%(name)s saved.") % {"name": person.name})
        return redirect("people:detail", person.pk)
    return render(request, "people/person_form.html", {"form": form, "person": person},
                  status=REFUSED if form.errors else 200)


@director_required
@require_http_methods(["GET", "POST"])
def person_add(request: HttpRequest) -> HttpResponse:
    return _person_form(request, None)


@director_required
@require_http_methods(["GET", "POST"])
def person_edit(request: HttpRequest, pk: int) -> HttpResponse:
    return _person_form(request, get_object_or_404(Person, pk=pk))


@director_required
@require_GET
def person_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The person and their results in every tournament (practice runs left out)."""
    person = get_object_or_404(Person.objects.select_related("club"), pk=pk)
    return render(request, "people/person_detail.html", {"person": person, "results": history.results_of(person)})


@director_required
@require_http_methods(["GET", "POST"])
def person_merge(request: HttpRequest, pk: int) -> HttpResponse:
    """Merge a duplicate (``other``) into this person. GET: find the duplicate (the people of the same
    name first, or a search), then what the merge would do; POST: do it, or refuse it (422 for a
    duplicate that is no one or the person themselves, 409 when both play in one tournament)."""
    keep = get_object_or_404(Person.objects.select_related("club"), pk=pk)
    data = request.POST if request.method == "POST" else request.GET
    other_pk = whole_or(data.get("other"), None, 1)
    other = Person.objects.select_related("club").filter(pk=other_pk).first() if other_pk is not None else None
    query = search_text(request)
    context = {"keep": keep, "other": other, "query": query,
               "found": [person for person in (search_people(query, MERGE_CHOICES) if query else
                                               Person.objects.select_related("club").filter(key=keep.key))
                         if person.pk != keep.pk]}
    problem = ""
    if "other" in data and other is None:
        problem = _("There is no person with the number “%(other)s” in the register; choose the duplicate from the "
                    "list.") % {"other": str(data.get("other"))[:20]}
    elif other is not None:
        problem = merging.merge_problem(keep, other)
    elif request.method == "POST":
        problem = _("Choose the duplicate to merge into this person.")
    if problem:
        status = REFUSED if other is None or other.pk == keep.pk else CONFLICT
        return render(request, "people/merge.html", {**context, "problem": problem}, status=status)
    if request.method == "POST":
        try:
            done = merging.merge_people(keep, other)
        except ValidationError as error:  # changed since the check above
            return render(request, "people/merge.html", {**context, "problem": " ".join(error.messages)},
                          status=CONFLICT)
        count = len(done.tournaments)
        messages.success(request, ngettext("%(other)s merged into %(keep)s: %(count)d tournament moved.",
                                           "%(other)s merged into %(keep)s: %(count)d tournaments moved.", count)
                         % {"other": done.other.name, "keep": done.keep.name, "count": count})
        return redirect("people:detail", keep.pk)
    if other is not None:
        context["preview"] = merging.preview(keep, other)
    return render(request, "people/merge.html", context)


@director_required
@require_GET
def suggest(request: HttpRequest) -> JsonResponse:
    """The people of the register a player's name may be, as it is typed (``?q=``): JSON for
    static/js/people.js."""
    return JsonResponse({"people": suggestions(search_text(request))})


@director_required
@require_http_methods(["GET", "POST"])
def person_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Remove a person from the register, after a page that says what stays (GET asks, POST does)."""
    person = get_object_or_404(Person, pk=pk)
    if request.method == "POST":
        merging.delete_person(person)
        messages.success(request, _("%(name)s is no longer in the register.") % {"name": person.name})
        return redirect("people:register")
    return render(request, "people/person_delete.html",
                  {"person": person, "played": history.tournaments_played([person.pk]).get(person.pk, 0)})
