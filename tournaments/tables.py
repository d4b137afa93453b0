"""django-tables2 tables of the director area."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournaments.models import Team


class TeamTable(tables.Table):
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


class StandingsTable(tables.Table):
    """Standings rows of :func:`tournaments.services.standings.standings_json`, one column per round."""

    rank = tables.Column(verbose_name=_("Rank"))
    name = tables.Column(verbose_name=_("Team"))
    players = tables.Column(verbose_name=_("Players"))
    points = tables.Column(verbose_name=_("Total"), attrs={"td": {"class": "fw-semibold text-end"}})
    lot = tables.Column(verbose_name="", empty_values=())

    class Meta:
        orderable = False
        attrs = {"class": "table table-sm table-hover align-middle", "id": "standings"}
        sequence = ("rank", "name", "players", "...", "points", "lot")

    def __init__(self, data, rounds: int, per_player: bool = False, **kwargs):
        extra = [(f"round_{n}", tables.Column(verbose_name=_("R%(n)s") % {"n": n},
                                              attrs={"td": {"class": "text-end"}}, default=""))
                 for n in range(1, rounds + 1)]
        rows = []
        for row in data:
            row = dict(row)
            for n, points in enumerate(row["rounds"], start=1):
                row[f"round_{n}"] = points if points is not None else ""
            if per_player:
                row["players"], row["name"] = [row["player"]], row["team"]
            row["lot"] = row["lot"] and rounds > 0  # before any round everyone is level: no lot to show
            rows.append(row)
        super().__init__(rows, extra_columns=extra, **kwargs)
        if per_player:
            self.columns["name"].column.verbose_name = _("Team")
            self.columns["players"].column.verbose_name = _("Player")

    def render_players(self, value) -> str:
        return " & ".join(value)

    def render_lot(self, value) -> str:
        return _("by lot") if value else ""
