"""Template context shared by every page."""

from common.headers import search_engines_may_index
from tournaments.permissions import is_director


def director(request) -> dict[str, bool]:
    return {"is_director": is_director(request.user)}


def robots(request) -> dict[str, bool]:
    """``noindex``: whether the page asks search engines to keep out. Always, unless the site
    allows them (``SEARCH_ENGINES_ALLOWED``) and the page is public (not a director's page, nor a
    table's private link): :func:`common.headers.search_engines_may_index`, the rule the
    ``X-Robots-Tag`` header follows too."""
    return {"noindex": not search_engines_may_index(request)}
