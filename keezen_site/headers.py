"""The Content-Security-Policy (django-csp), as keezen_site/settings.py's security section sets it.

The policy allows only the site's own files: every script and style sheet is a file under
``static/``, no inline script, style element or ``style=""`` attribute, no ``unsafe-inline`` or
``unsafe-eval``. Two exceptions, each for a reason:

* The dispute desk's board (engine/board_svg.py) is SVG with its own ``<style>`` element, so the
  drawing stays whole when saved as a file; the policy allows exactly that style by its hash
  (:data:`BOARD_STYLE_HASH`, computed from the engine's text, so it follows any change).
* PDFs get no policy: Chrome shows an inline PDF in a viewer page of its own that a policy on the
  PDF's response breaks (crbug.com/271452). WeasyPrint makes the PDFs on the server, where a
  browser's policy does not apply anyway. The other headers (nosniff, frame denial) still apply.
"""

from __future__ import annotations

import base64
import hashlib

from csp.middleware import CSPMiddleware
from django.http import HttpRequest, HttpResponseBase

from engine.board_svg import STYLE


def style_hash(text: str) -> str:
    """A CSP source that allows one ``<style>`` element whose content is exactly ``text``."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


BOARD_STYLE_HASH = style_hash(STYLE)


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's middleware, leaving PDFs without a policy (see the module's docstring)."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if response.get("Content-Type", "").startswith("application/pdf"):
            response._csp_exempt = True
            response._csp_exempt_ro = True
        return super().process_response(request, response)
