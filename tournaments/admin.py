"""Django admin for every model: the director's escape hatch for anything the pages lack."""

from django.contrib import admin

from tournaments.models import Club, Player, Team, Tournament


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
    list_display = ["number", "name", "tournament", "club", "checked_in", "withdrawn"]
    list_filter = ["tournament", "checked_in", "withdrawn"]
    search_fields = ["name", "players__name", "club__name"]
    list_select_related = ["tournament", "club"]
    inlines = [PlayerInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "team", "seat"]
    search_fields = ["name", "team__name"]
    list_select_related = ["team"]
