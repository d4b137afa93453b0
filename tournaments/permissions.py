"""Who may direct: members of the Directors group (or anyone given the permission).

Being logged in is not enough; the director area checks ``tournaments.direct_tournament``.

An archived tournament is read-only for directors too: the same check refuses every POST to a
director URL of an archived tournament (``slug`` in the URL), in one place, so no view that changes
a tournament can forget it. A view whose POSTs only read (the desk's preview, the dispute desk's
taps) or that lifts the archive says so with :func:`allowed_when_archived`.
"""

from __future__ import annotations

from django.contrib.auth.mixins import PermissionRequiredMixin
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.db.models import Q

DIRECTOR_PERMISSION = "tournaments.direct_tournament"
DIRECTORS_GROUP = "Directors"


def directors_group() -> Group:
    """The Directors group, holding the director permission (created when missing)."""
    from tournaments.models import Tournament

    content_type = ContentType.objects.get_for_model(Tournament)
    permission, _ = Permission.objects.get_or_create(
        codename="direct_tournament",
        content_type=content_type,
        defaults={"name": "Can direct tournaments"},
    )
    group, _ = Group.objects.get_or_create(name=DIRECTORS_GROUP)
    group.permissions.add(permission)
    return group


def is_director(user) -> bool:
    """Whether ``user`` holds the director permission, as ``user.has_perm`` answers it with Django's
    model backend (an active superuser; an active user given it, or in a group given it), in one
    query instead of ``has_perm``'s two (every permission of the user, then of their groups), and
    asked once per request: every director page and the menu of every page ask it."""
    if not (user.is_authenticated and user.is_active):
        return False
    if user.is_superuser:
        return True
    found = getattr(user, "_is_director", None)
    if found is None:
        app_label, codename = DIRECTOR_PERMISSION.split(".")
        found = user._is_director = Permission.objects.filter(
            Q(user=user) | Q(group__user=user), content_type__app_label=app_label, codename=codename).exists()
    return found


def allowed_when_archived(changes=None):
    """Mark a director view whose POSTs stay allowed on an archived tournament; ``changes(request)``
    picks out the POSTs that would still change it (those are refused)."""
    def mark(view):
        view.archived_post_changes = changes or (lambda request: False)
        return view

    return mark


def archived_refusal(request, view, kwargs):
    """The answer to a POST that would change an archived tournament, or None when it may go on:
    the reason as an error message and a redirect back (htmx: ``HX-Redirect``, status 409)."""
    if request.method != "POST" or "slug" not in kwargs:
        return None
    changes = getattr(view, "archived_post_changes", None)
    if changes is not None and not changes(request):
        return None
    from django.contrib import messages
    from django.http import HttpResponse
    from django.shortcuts import redirect
    from django.urls import reverse

    from common.redirects import back_to
    from tournaments.models import Tournament
    from tournaments.services.lifecycle import ARCHIVED_MESSAGE

    if not Tournament.objects.filter(slug=kwargs["slug"], archived=True).exists():
        return None
    messages.error(request, ARCHIVED_MESSAGE)
    back = back_to(request, request.headers.get("HX-Current-URL") or request.headers.get("Referer"),
                   reverse("director:tournament_lifecycle", args=[kwargs["slug"]]))
    if request.headers.get("HX-Request"):
        return HttpResponse(str(ARCHIVED_MESSAGE), status=409, headers={"HX-Redirect": back},
                            content_type="text/plain; charset=utf-8")
    return redirect(back)


class DirectorRequiredMixin(PermissionRequiredMixin):
    """Anonymous visitors go to the login page; logged-in non-directors get 403; a POST that would
    change an archived tournament is refused (:func:`archived_refusal`)."""

    permission_required = DIRECTOR_PERMISSION

    def has_permission(self) -> bool:
        return is_director(self.request.user)

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and self.has_permission():
            refused = archived_refusal(request, self, kwargs)
            if refused is not None:
                return refused
        return super().dispatch(request, *args, **kwargs)


def director_required(view):
    """Function-view form of :class:`DirectorRequiredMixin` (an archived tournament refuses changes too)."""
    from functools import wraps

    from django.contrib.auth.views import redirect_to_login
    from django.core.exceptions import PermissionDenied

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_director(request.user):
            raise PermissionDenied
        refused = archived_refusal(request, view, kwargs)
        if refused is not None:
            return refused
        return view(request, *args, **kwargs)

    return wrapper
