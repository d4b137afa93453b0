"""Template context shared by every page."""

from django.conf import settings

from tournaments.permissions import is_director


def director(request) -> dict[str, bool]:
    return {"is_director": is_director(request.user)}


def robots(request) -> dict[str, bool]:
    """``noindex``: whether the page asks search engines to keep out. Always, unless the site
    allows them (``SEARCH_ENGINES_ALLOWED``) and the page is public (not a director's page, nor a
    table's private link)."""
    match = getattr(request, "resolver_match", None)
    public = match is not None and match.namespace == "public"
    return {"noindex": not (settings.SEARCH_ENGINES_ALLOWED and public)}
