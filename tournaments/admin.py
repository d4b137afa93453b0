"""Django admin for every model: the director's escape hatch for anything the pages lack.

The models' own orderings name foreign keys by column (no joins, docs/decisions.md); across
tournaments the admin lists newest tournament first, then round and table number.
"""

from django.contrib import admin
from django_tasks_db.models import DBTaskResult

from tournaments.models import (
    Attempt,
    Bye,
    Club,
    FinalMatch,
    Finals,
    Player,
    PrintFile,
    Result,
    ResultEvent,
    Round,
    Ruling,
    Table,
    TableSeat,
    Team,
    Tournament,
    SentAction,
    Worker,
)


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    max_num = 2


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "venue", "scoring_system", "status"]
    list_filter = ["status", "scoring_system"]
    search_fields = ["name", "venue", "slug"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "town"]
    search_fields = ["name", "town"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    ordering = ["-tournament__date", "tournament__name", "number"]
    list_display = ["number", "name", "tournament", "club", "checked_in", "withdrawn"]
    list_filter = ["tournament", "checked_in", "withdrawn"]
    search_fields = ["name", "players__name", "club__name"]
    list_select_related = ["tournament", "club"]
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    ordering = ["-team__tournament__date", "team__number", "seat"]
    list_display = ["name", "team", "seat"]
    search_fields = ["name", "team__name"]
    list_select_related = ["team"]


class TableSeatInline(admin.TabularInline):
    model = TableSeat
    extra = 0
    max_num = 3
    autocomplete_fields = ["team"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    ordering = ["-tournament__date", "tournament__name", "number"]
    list_display = ["tournament", "number", "status", "final", "minutes", "started_at"]
    list_filter = ["tournament", "status", "final"]


@admin.register(Finals)
class FinalsAdmin(admin.ModelAdmin):
    ordering = ["-tournament__date", "tournament__name"]
    list_display = ["tournament", "size", "playoffs", "consolation_count", "level_rule", "created_at"]
    list_select_related = ["tournament"]


@admin.register(FinalMatch)
class FinalMatchAdmin(admin.ModelAdmin):
    ordering = ["-table__round__tournament__date", "table__round__number", "table__number"]
    list_display = ["table", "low", "high", "replay_of"]
    list_select_related = ["table__round__tournament", "replay_of__table__round"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    ordering = ["-round__tournament__date", "round__number", "number"]
    list_display = ["round", "number"]
    list_filter = ["round__tournament", "round"]
    list_select_related = ["round__tournament"]
    inlines = [TableSeatInline]


@admin.register(TableSeat)
class TableSeatAdmin(admin.ModelAdmin):
    ordering = ["-table__round__tournament__date", "table__round__number", "table__number", "position"]
    list_display = ["table", "position", "team"]
    list_select_related = ["table__round__tournament", "team"]
    autocomplete_fields = ["team"]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    ordering = ["-round__tournament__date", "round__number", "team__number"]
    list_display = ["round", "team"]
    list_select_related = ["round__tournament", "team"]


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    """Results are versioned: the admin shows the history but never overwrites or deletes it."""

    ordering = ["-table__round__tournament__date", "table__round__number", "table__number", "-version"]
    list_display = ["table", "version", "source", "created_by", "created_at"]
    list_filter = ["source", "table__round__tournament"]
    list_select_related = ["table__round__tournament", "created_by"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Ruling)
class RulingAdmin(admin.ModelAdmin):
    """Rulings are kept as made: readable here, not editable."""

    ordering = ["-tournament__date", "created_at"]
    list_display = ["tournament", "table", "card", "claim", "created_by", "created_at"]
    list_filter = ["tournament"]
    list_select_related = ["tournament", "table__round", "created_by"]

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(ResultEvent)
class ResultEventAdmin(admin.ModelAdmin):
    """The log of every sheet: read only."""

    ordering = ["-table__round__tournament__date", "table__round__number", "table__number", "created_at", "pk"]
    list_display = ["table", "kind", "source", "seat", "user", "created_at"]
    list_filter = ["kind", "source", "table__round__tournament"]
    list_select_related = ["table__round__tournament", "user"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    """Counted attempts (wrong team codes, unknown links, failed logins); deleting one lifts its limit."""

    list_display = ["key", "count", "window_started_at"]


@admin.register(SentAction)
class SentActionAdmin(admin.ModelAdmin):
    """A table link's actions by their one-time key, with their outcome (services/sent_actions.py)."""

    list_display = ["table", "key", "status", "position", "created_at"]
    readonly_fields = ["key", "table", "fingerprint", "status", "messages", "position", "created_at"]

    def has_add_permission(self, request):
        return False


@admin.register(PrintFile)
class PrintFileAdmin(admin.ModelAdmin):
    """Files made in the background; deleting one makes it again at the next click."""

    list_display = ["tournament", "round", "exporter", "status", "language", "created_at", "finished_at"]
    list_filter = ["status", "exporter", "tournament"]
    list_select_related = ["tournament", "round__tournament"]
    exclude = ["content"]
    readonly_fields = ["tournament", "round", "exporter", "key", "after_round", "site_url", "language", "status",
                       "estimate_seconds", "error", "created_at", "started_at", "finished_at"]

    def has_add_permission(self, request):
        return False


@admin.register(Worker)
class WorkerAdmin(admin.ModelAdmin):
    """The background workers as they last said they were alive (services/task_workers.py)."""

    list_display = ["host", "pid", "worker_id", "started_at", "seen_at"]
    readonly_fields = list_display

    def has_add_permission(self, request):
        return False


# The task engine's own rows (services/background.py) are not the director's: a failed print file
# or backup shows on the pages it concerns, with a retry. Its admin (English only) is left out.
if admin.site.is_registered(DBTaskResult):
    admin.site.unregister(DBTaskResult)
