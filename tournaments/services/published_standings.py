"""The public standings as players get them — the phone fragment (per language) and the JSON —
rendered once per change of results and shared by every server process (:mod:`.render_once`).

Why a service of its own: the public page is what every phone polls all day; it must cost one
query and a cache lookup, and it must show a confirmed result within seconds. The fragment, the
expensive part, is rendered once per results version and language. The whole page is too, for
the visitors who see the same page as everyone (:func:`same_for_everyone`: no session, no
messages, no query string; every phone that never logged in). For them the page carries no CSRF
token: the language switch, its only form, is CSRF-exempt (keezen_site/urls.py).

Each shared answer is kept gzip-compressed beside it (:class:`Body`), compressed once per version:
the 250-team page is 85 KB, 7 KB compressed, and every phone asks for gzip. On the venue's Wi-Fi
that is ten times less to carry per poll, and for the server far less to write. Only answers
without a secret are shared, so compression reveals nothing (BREACH needs a secret in the page).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from dataclasses import dataclass

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import strip_spaces_between_tags
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tournaments import screens
from tournaments.models import Round, Tournament
from tournaments.services.public_names import shown_standings
from tournaments.services.render_once import rendered
from tournaments.services.standings import Standings, public_standings

FRAGMENT_TEMPLATE = "tournaments/public/_standings.html"
PAGE_TEMPLATE = "tournaments/public/standings.html"


@dataclass(frozen=True)
class Body:
    """A shared answer: ``plain`` and the same ``gzipped``, made once with it, and ``tag``, the
    content's fingerprint: the ETag a phone sends back to hear 304 Not Modified while nothing
    changed (``tournaments.views.standings``)."""

    plain: bytes
    gzipped: bytes
    tag: str

    @classmethod
    def of(cls, content: str | bytes) -> Body:
        plain = content.encode() if isinstance(content, str) else content
        return cls(plain, gzip.compress(plain, compresslevel=6, mtime=0),
                   hashlib.blake2b(plain, digest_size=12).hexdigest())


def _base(tournament: Tournament, what: str) -> str:
    # created_at: a tournament that reuses a deleted one's id is another tournament. The privacy
    # setting: after a change of it, not even the moment's previous version (render_once) is served.
    # "body2": the shape of the value (a Body with its tag); a cache written by an older version keeps its own keys.
    return f"standings:{tournament.pk}:{tournament.created_at.timestamp()}:{tournament.public_names}:{what}:body2"


def render_fragment(tournament: Tournament, standings: Standings) -> str:
    """The standings list for phones, whitespace collapsed (it is polled all day). What the apps show
    under it (prizes: the club ranking) is of the same standings — the frozen ones once frozen — and
    is kept with them (:mod:`tournaments.screens`)."""
    html = render_to_string(FRAGMENT_TEMPLATE, {
        "tournament": tournament, "standings": standings, "poll_seconds": settings.PUBLIC_POLL_SECONDS,
        **screens.page_data(screens.STANDINGS, tournament, standings),
    })
    return re.sub(r"\s+", " ", strip_spaces_between_tags(html))


def fragment(tournament: Tournament) -> tuple[Body, int]:
    """(fragment HTML, after round) of the public standings in the active language."""
    def render() -> tuple[Body, int]:
        standings = shown_standings(public_standings(tournament))  # the tournament's privacy setting
        return Body.of(render_fragment(tournament, standings)), standings.after_round

    return rendered(_base(tournament, f"fragment:{get_language()}"), tournament.results_version,
                    tournament.results_changed_at, render)


def same_for_everyone(request: HttpRequest) -> bool:
    """Whether ``request`` gets the page every anonymous phone gets: a GET without a query string
    from a browser with no session (so no login, no messages in the session) and no messages
    cookie. Only the language differs, and it is part of the key."""
    return (request.method == "GET" and not request.META.get("QUERY_STRING")
            and settings.SESSION_COOKIE_NAME not in request.COOKIES
            and CookieStorage.cookie_name not in request.COOKIES)


def page(request: HttpRequest, tournament: Tournament) -> Body | bytes:
    """The whole public standings page: shared (rendered once per version and language, a
    :class:`Body`) when :func:`same_for_everyone`, else rendered for this visitor (bytes, never
    compressed: it holds the visitor's CSRF token)."""
    shared = same_for_everyone(request)

    def render() -> bytes:
        html, after_round = fragment(tournament)
        return render_to_string(PAGE_TEMPLATE, {
            "tournament": tournament, "standings": mark_safe(html.plain.decode()),  # our own template's output
            "round_numbers": range(1, after_round + 1), "shared_page": shared,
            "final_round_numbers": list(Round.objects.filter(  # the knock-out finals' rounds players may see
                tournament=tournament, final=True, status__in=Round.PUBLIC_STATUSES).values_list("number", flat=True)),
        }, request=request).encode()

    if not shared:
        return render()
    return rendered(_base(tournament, f"page:{get_language()}"), tournament.results_version,
                    tournament.results_changed_at, lambda: Body.of(render()))


def json_body(tournament: Tournament) -> Body:
    """The public standings as the JSON of scoring.md, with ``"frozen"`` added."""
    def render() -> bytes:
        # One file for every language: the words of a name ("Player 12" under team names only, in
        # an individual tournament) in the tournament's, not in that of whoever asked first.
        with translation.override(tournament.language or settings.LANGUAGE_CODE):
            standings = shown_standings(public_standings(tournament))  # the tournament's privacy setting
        return Body.of(json.dumps({**standings.as_json(), "frozen": standings.frozen}, ensure_ascii=False))

    return rendered(_base(tournament, "json"), tournament.results_version, tournament.results_changed_at, render)
