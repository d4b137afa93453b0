"""The Content-Security-Policy (django-csp), as keezen_site/settings.py's security section sets it,
and the one rule for search engines (:func:`search_engines_may_index`, :class:`RobotsTagMiddleware`).

The policy allows only the site's own files: every script and style sheet is a file under
``static/``, no inline script, style element or ``style=""`` attribute, no ``unsafe-inline`` or
``unsafe-eval``. Two exceptions, each for a reason:

* The dispute desk's board (engine/board_svg.py) is SVG with its own ``<style>`` element, so the
  drawing stays whole when saved as a file; the policy allows exactly that style by its hash
  (:data:`BOARD_STYLE_HASH`, computed from the engine's text, so it follows any change).
* PDFs get no policy: Chrome shows an inline PDF in a viewer page of its own that a policy on the
  PDF's response breaks (crbug.com/271452). WeasyPrint makes the PDFs on the server, where a
  browser's policy does not apply anyway. The other headers (nosniff, frame denial) still apply.

Search engines: players' names are on the public pages, so nothing is indexed unless the site
allows it (``SEARCH_ENGINES_ALLOWED``), and then only the public HTML pages. Pages say so in a
``<meta name="robots">`` (``tournaments.context_processors.robots``); every other answer — the
standings JSON, the competition's PDF, any file — in an ``X-Robots-Tag`` header, set here for every
response so that no new download can forget it (robots.txt only asks crawlers not to fetch; a link
elsewhere can still get a file indexed without this header).
"""

from __future__ import annotations

import base64
import hashlib

from collections.abc import Callable

from csp.middleware import CSPMiddleware
from django.conf import settings
from django.http import HttpRequest, HttpResponseBase

from engine.board_svg import STYLE


def style_hash(text: str) -> str:
    """A CSP source that allows one ``<style>`` element whose content is exactly ``text``."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


BOARD_STYLE_HASH = style_hash(STYLE)


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's middleware, leaving PDFs without a policy (see the module's docstring): a PDF's
    response is handed back before django-csp's work, so neither policy header is set on it."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if response.get("Content-Type", "").startswith("application/pdf"):
            return response
        return super().process_response(request, response)


NOINDEX = "noindex, nofollow"
NEVER_INDEXED = {"projector"}  # public pages that are not for search engines even where the site allows them


def search_engines_may_index(request: HttpRequest) -> bool:
    """Whether search engines may index the page this request shows: only with
    ``SEARCH_ENGINES_ALLOWED``, and only a public page (not a director's page, a table's private link,
    the admin or the login) other than the projector's, which is for the room."""
    match = getattr(request, "resolver_match", None)
    return (bool(settings.SEARCH_ENGINES_ALLOWED) and match is not None and match.namespace == "public"
            and match.url_name not in NEVER_INDEXED)


class RobotsTagMiddleware:
    """``X-Robots-Tag: noindex, nofollow`` on every answer but a public HTML page the site lets search
    engines index: a JSON or a file (a PDF of names) is never indexed."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        page = response.get("Content-Type", "").startswith("text/html")
        if not (page and search_engines_may_index(request)):
            response.headers.setdefault("X-Robots-Tag", NOINDEX)
        return response
