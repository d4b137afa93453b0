"""Django admin for the prize tables: the director's escape hatch, as for the tournament's."""

from django.contrib import admin

from prizes.models import Category, PlayerCategory, Prize, PrizeSettings, TeamCategory


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament"]
    search_fields = ["name", "tournament__name"]
    raw_id_fields = ["tournament"]


@admin.register(TeamCategory)
class TeamCategoryAdmin(admin.ModelAdmin):
    list_display = ["category", "team"]
    raw_id_fields = ["category", "team"]


@admin.register(PlayerCategory)
class PlayerCategoryAdmin(admin.ModelAdmin):
    list_display = ["category", "player"]
    raw_id_fields = ["category", "player"]


@admin.register(Prize)
class PrizeAdmin(admin.ModelAdmin):
    list_display = ["what", "order", "rule", "number", "category", "tournament"]
    list_filter = ["rule"]
    raw_id_fields = ["tournament", "category"]


@admin.register(PrizeSettings)
class PrizeSettingsAdmin(admin.ModelAdmin):
    list_display = ["tournament", "one_each", "club_size"]
    raw_id_fields = ["tournament"]
