"""Who may direct: members of the Directors group (or anyone given the permission).

Being logged in is not enough; the director area checks ``tournaments.direct_tournament``.
"""

from __future__ import annotations

from django.contrib.auth.mixins import PermissionRequiredMixin
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType

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
    return bool(user.is_authenticated and user.has_perm(DIRECTOR_PERMISSION))


class DirectorRequiredMixin(PermissionRequiredMixin):
    """Anonymous visitors go to the login page; logged-in non-directors get 403."""

    permission_required = DIRECTOR_PERMISSION


def director_required(view):
    """Function-view form of :class:`DirectorRequiredMixin`."""
    from functools import wraps

    from django.contrib.auth.views import redirect_to_login
    from django.core.exceptions import PermissionDenied

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_director(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper
