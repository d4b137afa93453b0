"""The Klaverjassen rules helper: the public page (house rules ticked by the visitor) and the
director's, for one Klaverjassen tournament (its house rules; a ruling kept with a table).

One form, answered by htmx: every tap posts the whole question (trump, trick, hand, card in
dispute) and gets the form back with the answer, and the page's address becomes that question
(``HX-Replace-Url``), so a reload, a shared link or the language switch shows the same cards.
Without JavaScript the same buttons are plain posts: a complete question is answered by a redirect
to its address, one still being tapped is shown at once. A refusal is 422, as everywhere
(:data:`tournaments.views.lookups.REFUSED`). The state and the rules' answers are in
:mod:`tournaments.services.card_rules`, the ruling in :mod:`tournaments.services.card_rulings`; a
whole deal in dispute is :mod:`tournaments.services.card_deals`, kept by :mod:`~tournaments.services.deal_rulings`.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django_htmx.http import replace_url

from tournaments.games.base import Scoring
from tournaments.games.klaverjas import rules_of
from tournaments.models import Ruling, Table, Tournament
from tournaments.permissions import allowed_when_archived, director_required
from tournaments.services import card_deals, card_rules, card_rulings, deal_rulings, dispute_desk
from tournaments.services.house_rules import card_rule_lines, revoke_penalty_words
from tournaments.views.dispute_desk import own_desk
from tournaments.views.lookups import REFUSED, tournament_or_404

ASKING = ("ask", "save")
"""Actions that want the answer: what is still missing is refused, not hinted at."""


def _read(request: HttpRequest, rules) -> tuple[card_rules.Question, str]:
    data = request.POST if request.method == "POST" else request.GET
    question = card_rules.read_question(data, rules)
    action = card_rules.action_of(data)
    if action in ASKING or (request.method == "GET" and question.hand and not question.trump):
        card_rules.insist(question)
    return question, action


def _render(request: HttpRequest, question: card_rules.Question, context: dict, public: bool,
            table: int | None = None) -> HttpResponse:
    """The helper; 422 when what was sent is refused. The address follows the question."""
    query = card_rules.state_query(question, public, table)
    address = f"{request.path}?{query}" if query else request.path
    if request.method == "POST" and not request.htmx and question.complete:
        return HttpResponseRedirect(address, status=303)
    full = {**card_rules.helper_context(question), **context, "public": public, "helper_url": request.path}
    template = "tournaments/card_rules/_helper.html" if request.htmx else "tournaments/card_rules/page.html"
    response = render(request, template, full, status=REFUSED if question.errors else 200)
    return replace_url(response, address) if request.htmx else response


def rules_helper(request: HttpRequest) -> HttpResponse:
    """Public: any question, the default house rules or the ones ticked."""
    data = request.POST if request.method == "POST" else request.GET
    question, _action = _read(request, card_rules.rules_from(data))
    return _render(request, question, {}, public=True)


def _keep(request: HttpRequest, tournament: Tournament, errors: list[str],
          save: Callable[[Table | None], Ruling]) -> Ruling | None:
    """Keep a ruling with the table the form chose (none: without a table; another tournament's is
    refused); a refusal goes to ``errors`` (the page shows them, 422), a kept ruling is announced."""
    try:
        table = deal_rulings.ruling_table(tournament, request.POST.get("table"))
        ruling = save(table)
    except card_rulings.RulingRefused as error:
        errors.append(str(error))
        return None
    except ValidationError as error:  # the note
        errors.extend(error.messages)
        return None
    messages.success(request, _("Ruling saved with round %(round)s, table %(table)s.") % {
        "round": table.round.number, "table": table.number} if table else _("Ruling saved."))
    return ruling


@director_required
@allowed_when_archived(lambda request: request.POST.get("action") == "save")  # taps only read
def director_helper(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament's house rules apply; a ruling is saved with the table. A tournament of another
    game has its disputes at its own desk."""
    tournament = tournament_or_404(slug)
    data = request.POST if request.method == "POST" else request.GET
    elsewhere = own_desk(tournament, data, "director:card_rules")
    if elsewhere is not None:
        return elsewhere
    rules = rules_of(Scoring.of(tournament))
    question, action = _read(request, rules)
    table = dispute_desk.chosen_table(tournament, data.get("table"))
    context = {"tournament": tournament, "tables": dispute_desk.current_tables(tournament),
               "chosen_table": table.pk if table else None, "rule_lines": card_rule_lines(rules)}
    if request.method == "POST" and action == "save" and not question.errors:
        ruling = _keep(request, tournament, question.errors, lambda table: card_rulings.save_card_ruling(
            tournament, table, question, data.get("note", ""), request.user))
        if ruling is not None:
            if not request.htmx:
                return redirect("director:rulings", slug)
            context["saved"] = ruling
    return _render(request, question, context, public=False, table=context["chosen_table"])


@director_required
@allowed_when_archived(lambda request: request.POST.get("action") == "save")  # a replay only reads
def deal_helper(request: HttpRequest, slug: str) -> HttpResponse:
    """A whole deal in dispute (issue 35): the tricks as played (and the hands, when known) replayed
    under the tournament's house rules; the first card that broke a rule, and why; with the team that
    played (and the roem), the deal's score under the tournament's revoke penalty. "Save ruling"
    keeps it with a table (:mod:`~tournaments.services.deal_rulings`). A deal that cannot be, or a
    ruling that cannot be kept, is refused (422) naming what is wrong; nothing is written."""
    tournament = tournament_or_404(slug)
    data = request.POST if request.method == "POST" else request.GET
    elsewhere = own_desk(tournament, data, "director:card_rules")
    if elsewhere is not None:
        return elsewhere
    saving = request.method == "POST" and data.get("action") == "save"
    asked = "tricks" in data or saving
    rules = rules_of(Scoring.of(tournament))
    question = card_deals.answer(card_deals.read_deal(data), rules) if asked else None
    chosen = data.get("table")
    if saving and question is not None and not question.errors:
        if _keep(request, tournament, question.errors, lambda table: deal_rulings.save_deal_ruling(
                tournament, table, question, data.get("note", ""), request.user)) is not None:
            return redirect("director:rulings", slug)
    table = dispute_desk.chosen_table(tournament, chosen)
    return render(request, "tournaments/card_rules/deal.html", {
        "tournament": tournament, "question": question or card_deals.DealQuestion(trump="H"),
        "seats": range(card_deals.SEATS), "suits": card_deals.suit_choices(), "tap_cards": card_deals.tap_cards(), "teams": card_deals.TEAMS, "asked": asked,
        "tables": dispute_desk.current_tables(tournament), "chosen_table": table.pk if table else None,
        "penalty_rule": revoke_penalty_words(rules.revoke_penalty),
    }, status=REFUSED if question is not None and question.errors else 200)
