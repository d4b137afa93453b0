"""Where a view may send the browser back to: one check for every ``next`` (and ``Referer``) a request
brings, so no view redirects to another site.

Why: a form that returns to "the page it came from" reads that address from the request, which
anyone can write; a link that posts ``next=https://elsewhere.example/`` would otherwise send a
director from this site to a look-alike login page (an open redirect). Django's login, logout and
language views check their own ``next``; every view of ours that redirects to an address from the
request calls :func:`back_to`.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme


def back_to(request: HttpRequest, url: str | None, default: str) -> str:
    """``url`` when it is an address on this site (the request's own host; HTTPS when the request is
    HTTPS, so a redirect never downgrades it), else ``default``."""
    if url and url_has_allowed_host_and_scheme(url, allowed_hosts={request.get_host()},
                                               require_https=request.is_secure()):
        return url
    return default
