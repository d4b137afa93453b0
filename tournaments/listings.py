"""Listings of the director area (django-tables2): sortable, searchable, paged lists of records.

Called listings, not tables, because a table here is where teams play.
"""

from __future__ import annotations

import django_tables2 as tables
from django.core.paginator import Paginator
from django.db.models import Case, IntegerField, QuerySet, When
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, Team
from tournaments.names import entrant_sort_key


class ListingPaginator(Paginator):
    """A page of 1 to 1,000 rows, whatever ``?per_page=`` says: django-tables2 takes the number from the
    address as it is, and zero or less left no page to show (a server error)."""

    def __init__(self, object_list, per_page, *args, **kwargs) -> None:
        super().__init__(object_list, min(max(int(per_page), 1), 1000), *args, **kwargs)


class TeamListing(tables.Table):
    number = tables.Column(verbose_name=_("No."))
    name = tables.Column(verbose_name=_("Team"))
    players = tables.Column(verbose_name=_("Players"), empty_values=(), orderable=False)
    club = tables.Column(verbose_name=_("Club"), accessor="club__name", order_by=("club__name",))
    checked_in = tables.BooleanColumn(verbose_name=_("Present"), yesno="✔,")
    withdrawn = tables.BooleanColumn(verbose_name=_("Withdrawn"), yesno="✔,")
    actions = tables.TemplateColumn(
        template_name="tournaments/director/_team_actions.html",
        verbose_name="", orderable=False, empty_values=(),
    )

    class Meta:
        model = Team
        fields = ["number", "name", "players", "club", "checked_in", "withdrawn", "actions"]
        attrs = {"class": "table table-sm table-hover align-middle"}
        row_attrs = {"class": lambda record: "text-body-tertiary" if record.withdrawn else ""}
        per_page = 25
        order_by = "number"

    def render_players(self, record: Team) -> str:
        return format_html("{}", " & ".join(record.player_names))

    def order_name(self, queryset: QuerySet, is_descending: bool) -> tuple[QuerySet, bool]:
        """By name as people sort names (:func:`tournaments.names.entrant_sort_key`: a team's name as
        written, "De Kezers" under D; a player's by the Dutch rule, "’t Hooft" under H; accents and case
        ignored), not by the database's collation; still one paged query."""
        rows = sorted(queryset.values_list("pk", "name", "tournament__entry"),
                      key=lambda row: (entrant_sort_key(row[1], row[2] == Entry.INDIVIDUAL), row[0]),
                      reverse=is_descending)
        if not rows:
            return queryset, True
        place = Case(*[When(pk=pk, then=index) for index, (pk, *_rest) in enumerate(rows)], output_field=IntegerField())
        return queryset.annotate(name_place=place).order_by("name_place"), True
