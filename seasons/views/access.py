"""Who may see what of a competition: the lookups of a URL's competition (a hidden one is on no
public page), the director's check, and the evening a page is asked for (``?after=N``).

Why not :func:`tournaments.permissions.director_required`: that check also refuses a POST to an
archived *tournament* of the URL's ``slug``, and a competition may share its short name with one.
A competition has no archive; the director check is the same :func:`is_director`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from seasons.models import Competition
from seasons.services.shown import AfterError, after_of
from tournaments.permissions import is_director


def director_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Anonymous visitors go to the login page; logged-in non-directors get 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_director(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def competition_or_404(slug: str) -> Competition:
    return get_object_or_404(Competition, slug=slug)


def public_competition_or_404(slug: str) -> Competition:
    """The competition of ``slug`` as the public sees it: a hidden one is not there (404)."""
    found = Competition.objects.filter(slug=slug, hidden=False).first()
    if found is None:
        raise Http404("No competition matches the given query.")
    return found


def after_or_400(request: HttpRequest, competition: Competition) -> int | None | HttpResponse:
    """The evening ``?after=N`` asks for (None: the last held), or the 400 answer that says why N is
    not an evening of the competition."""
    try:
        return after_of(competition, request.GET.get("after"))
    except AfterError as error:  # an old link, after an evening was removed: a page that says so, and the way back
        return render(request, "seasons/bad_after.html", {"competition": competition, "problem": str(error),
                                                          "back": request.path}, status=400)
