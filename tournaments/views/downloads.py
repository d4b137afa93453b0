"""Every director download through one view: the exporter named in the URL (see
:mod:`tournaments.exporters.catalogue`), for the tournament or one of its rounds.

Slow files (the PDFs) are print files made in the background (:mod:`tournaments.services.
print_files`): a click downloads the finished file, or shows its progress until it is done.
A file with the phones' address (the table cards' QR codes) first warns when no phone could open
that address (``localhost``): printed, such cards would have to be printed again. Files for the
tables and the wall are made in the tournament's language (docs/printing.md).

One table's card (:func:`table_card`, a card to print again) is the table cards' file of that one
table, made when asked: a single card takes a fraction of a second.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _

from common.https import PhonesAddress, phones_address
from tournaments.exporters.base import Exporter, exporter
from tournaments.models import PrintFile, Round, Tournament
from tournaments.numbers import whole_or
from tournaments.permissions import director_required
from tournaments.services import print_files
from tournaments.services.standings import AfterRoundError, after_round_of
from tournaments.views.lookups import refused, round_or_404, tournament_or_404


def file_response(found: Exporter, tournament: Tournament, round_: Round | None, content: bytes,
                  filename: str = "") -> HttpResponse:
    response = HttpResponse(content, content_type=found.content_type)
    disposition = "inline" if found.inline else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{filename or found.filename(tournament, round_)}"'
    return response


def _phones_warning(request: HttpRequest, tournament: Tournament, round_: Round | None, found: Exporter,
                    address: PhonesAddress) -> HttpResponse | None:
    """The warning instead of a file whose QR codes point where no phone gets (docs/printing.md), until
    the director clicks *Print anyway*; None when there is nothing to warn of."""
    if found.shows_links and not address.reachable and "anyway" not in request.GET and "job" not in request.GET:
        return render(request, "tournaments/director/print_file.html", {
            "tournament": tournament, "round": round_, "exporter": found, "phones_address": address,
            "anyway_url": _url_with(request, anyway=1),
        })
    return None


def _download(request: HttpRequest, tournament: Tournament, round_: Round | None, identifier: str) -> HttpResponse:
    found = exporter(identifier)
    if found is None or found.per_round != (round_ is not None):
        raise Http404
    after_round = None
    if found.takes_after_round:
        try:
            after_round = after_round_of(tournament, request.GET.get("after_round"))
        except AfterRoundError as error:
            return HttpResponseBadRequest(str(error), content_type="text/plain; charset=utf-8")
    address = phones_address(request)
    site_url = address.url
    if len(site_url) > PrintFile._meta.get_field("site_url").max_length:
        return HttpResponseBadRequest(_("The address of this site is too long for the QR codes; open it by its "
                                        "LAN address."), content_type="text/plain; charset=utf-8")
    warning = _phones_warning(request, tournament, round_, found, address)
    if warning is not None:
        return warning
    if not found.background:
        with translation.override(found.language(tournament)):
            return file_response(found, tournament, round_, found.render(
                tournament, round_=round_, after_round=after_round, site_url=site_url))
    wait = 0 if request.htmx else print_files.WAIT_SECONDS
    job = _followed_job(request, tournament, found)
    if job is not None:  # the progress page follows the job it started, whatever came in since
        job = print_files.wait_for(job, wait)
    else:
        job = print_files.ready_or_started(found, tournament, round_, after_round, site_url, wait=wait,
                                           retry="retry" in request.GET)
    if job.is_ready and not request.htmx:
        return file_response(found, tournament, round_, bytes(job.content))
    follow = _url_with(request, job=job.pk)
    if job.is_ready:  # the progress page asked (htmx): the browser now opens the file itself
        response = HttpResponse()
        response["HX-Redirect"] = follow
        return response
    # Not ready yet: the progress page asks again (htmx) and opens the file once it is ready.
    template = "tournaments/director/_print_file.html" if request.htmx else "tournaments/director/print_file.html"
    return render(request, template, {
        "tournament": tournament, "round": round_, "job": job, "exporter": found,
        "progress": print_files.progress(job), "download_url": follow,
        "retry_url": _url_with(request, retry=1), "no_worker": print_files.nobody_makes(job),
    }, status=200 if job.failed else 202)


def _followed_job(request: HttpRequest, tournament: Tournament, found: Exporter) -> PrintFile | None:
    pk = whole_or(request.GET.get("job"))
    if pk is None or "retry" in request.GET:
        return None
    return PrintFile.objects.filter(pk=pk, tournament=tournament, exporter=found.identifier).defer("content").first()


def _url_with(request: HttpRequest, **params: object) -> str:
    """This download's address with ``params`` instead of its own ``job`` and ``retry``."""
    query = request.GET.copy()
    for name in ("job", "retry"):
        query.pop(name, None)
    query.update({name: str(value) for name, value in params.items()})
    return f"{request.path}?{query.urlencode()}"


@director_required
def tournament_file(request: HttpRequest, slug: str, identifier: str) -> HttpResponse:
    return _download(request, tournament_or_404(slug), None, identifier)


@director_required
def round_file(request: HttpRequest, slug: str, number: int, identifier: str) -> HttpResponse:
    round_ = round_or_404(slug, number)
    return _download(request, round_.tournament, round_, identifier)


@director_required
def table_card(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """The card of one table with its score sheet, as the round's table cards print it: a card to
    print again. A table the round does not have: the round page with a message, 404."""
    round_ = round_or_404(slug, number)
    tournament = round_.tournament
    if not round_.tables.filter(number=table).exists():
        return refused(request, [_("Round %(round)s has no table %(table)s.") % {"round": number, "table": table}],
                       "director:round_detail", slug, number, status=404)
    found = exporter("table-cards-pdf")
    address = phones_address(request)
    warning = _phones_warning(request, tournament, round_, found, address)
    if warning is not None:
        return warning
    from tournaments.exporters import round_pdfs  # WeasyPrint: loaded when a file is made, not by every process

    with translation.override(found.language(tournament)):
        content = round_pdfs.table_cards_pdf(round_, address.url, number=table)
    filename = f"{tournament.slug}-round-{number}-table-{table}-card.pdf"
    return file_response(found, tournament, round_, content, filename)
