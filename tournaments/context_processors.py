"""Template context shared by every page."""

from tournaments.permissions import is_director


def director(request) -> dict[str, bool]:
    return {"is_director": is_director(request.user)}
