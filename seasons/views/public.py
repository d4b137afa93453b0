"""The public competition page (phones first) and its notice-board PDF.

Thin: the standings are :func:`seasons.services.standings.competition_standings` (a few queries:
each evening keeps its tournament's places), the names under the competition's privacy setting
:func:`seasons.services.shown.shown_lines`. A hidden competition is not there (404).

The PDF is laid out once per content: phones may ask for it all evening, and WeasyPrint takes a
fraction of a second per file, so the file is kept in the cache under a fingerprint of what it
shows (the standings, names, rules and language) and made again only when that changes.
"""

from __future__ import annotations

import hashlib
import json
import logging

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.gzip import gzip_page

from scoring.competition import parse_rules
from seasons.exporters import CompetitionExporter, competition_exporter
from seasons.models import Competition
from seasons.services.evenings import game_name
from seasons.services.rules_input import rules_in_words
from seasons.services.shown import evening_choices, shown_lines, split_ranked
from seasons.services.standings import competition_standings
from seasons.views.access import after_or_400, public_competition_or_404

logger = logging.getLogger(__name__)

PDF_CACHE_SECONDS = 600


@gzip_page  # 300 people over forty evenings is some 400 KB of HTML, a tenth of it compressed
def competition_page(request: HttpRequest, slug: str) -> HttpResponse:
    competition = public_competition_or_404(slug)
    after = after_or_400(request, competition)
    if isinstance(after, HttpResponse):
        return after
    report = competition_standings(competition, after, movement=True)
    ranked, unranked = split_ranked(shown_lines(report, public=True))
    rules = parse_rules(competition.rules)
    return render(request, "seasons/public/competition.html", {
        "competition": competition, "report": report, "ranked": ranked, "unranked": unranked,
        "choices": evening_choices(report), "rules": rules, "words": rules_in_words(rules),
        "game": game_name(competition.game),
        "shared_page": True,  # no CSRF token in the page (base.html): nothing on it posts but the language switch
    })


def competition_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    competition = public_competition_or_404(slug)
    after = after_or_400(request, competition)
    if isinstance(after, HttpResponse):
        return after
    found = competition_exporter("competition-standings-pdf")
    report = competition_standings(competition, after, movement=True)
    shown = [[line.name, line.movement, line.moved] for line in shown_lines(report, public=True)]
    fingerprint = hashlib.sha256(json.dumps(
        [competition.pk, competition.name, competition.rules, competition.public_names, get_language(),
         report.as_json(), shown], default=str).encode()).hexdigest()
    key = f"competition-pdf:{fingerprint}"
    content = _cached(key)
    if content is None:
        content = found.render(competition, after_round=after, report=report)
        _cached(key, content)
    return file_response(found, competition, after, content)


def _cached(key: str, content: bytes | None = None) -> bytes | None:
    """The file kept under ``key`` (or keep ``content``); a cache that fails only costs a new file."""
    try:
        if content is None:
            return cache.get(key)
        cache.set(key, content, PDF_CACHE_SECONDS)
    except Exception:  # noqa: BLE001 - any backend's error: the file is made (again) instead
        logger.warning("the competition PDF's cache failed", exc_info=True)
    return None


def file_response(found: CompetitionExporter, competition: Competition, after: int | None,
                  content: bytes | None = None) -> HttpResponse:
    """The competition's file ``found`` makes (or its ``content``, made already), shown (a PDF) or saved."""
    if content is None:
        content = found.render(competition, after_round=after)
    response = HttpResponse(content, content_type=found.content_type)
    disposition = "inline" if found.inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{found.competition_filename(competition, after)}"'
    return response
