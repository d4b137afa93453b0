"""URL tiers: ``public`` (no login), ``table`` (a table's private link: that table's sheet and
nothing else) and ``director`` (director permission required)."""

from django.urls import include, path

from tournaments.views import (
    backup,
    clock,
    desk,
    director,
    disputes,
    draft,
    players,
    public,
    results_overview,
    round_prints,
    rounds,
    standings,
    standings_exports,
    table_entry,
    team_excel,
)

public_patterns = (
    [
        path("", public.tournament_list, name="tournament_list"),
        path("rules/", disputes.rules_helper, name="rules_helper"),
        path("t/<slug:slug>/", public.tournament_detail, name="tournament_detail"),
        path("t/<slug:slug>/standings/", standings.public_page, name="standings"),
        path("t/<slug:slug>/rounds/<int:number>/", standings.public_round, name="round"),
        path("t/<slug:slug>/rounds/<int:number>/tables/<int:table>/", players.table_page, name="table"),
        path("t/<slug:slug>/find/", players.find_table, name="find"),
        path("t/<slug:slug>/projector/", players.projector, name="projector"),
        path("t/<slug:slug>/clock.json", clock.clock_json, name="clock"),
    ],
    "public",
)

director_patterns = (
    [
        path("", director.TournamentList.as_view(), name="tournament_list"),
        path("new/", director.TournamentCreate.as_view(), name="tournament_create"),
        path("restore/", backup.restore, name="tournament_restore"),
        path("t/<slug:slug>/tournament.json", backup.download, name="tournament_download"),
        path("t/<slug:slug>/edit/", director.TournamentEdit.as_view(), name="tournament_edit"),
        path("t/<slug:slug>/teams/", director.TeamList.as_view(), name="team_list"),
        path("t/<slug:slug>/teams/add/", director.TeamAdd.as_view(), name="team_add"),
        path("t/<slug:slug>/teams/<int:pk>/edit/", director.TeamEdit.as_view(), name="team_edit"),
        path("t/<slug:slug>/teams/<int:pk>/withdraw/", director.team_withdraw, name="team_withdraw"),
        path("t/<slug:slug>/teams/<int:pk>/reinstate/", director.team_reinstate, name="team_reinstate"),
        path("t/<slug:slug>/checkin/", director.checkin, name="checkin"),
        path("t/<slug:slug>/checkin/<int:pk>/", director.checkin_toggle, name="checkin_toggle"),
        path("t/<slug:slug>/teams/template.xlsx", team_excel.template, name="team_template"),
        path("t/<slug:slug>/teams/export.xlsx", team_excel.export, name="team_export"),
        path("t/<slug:slug>/teams/import/", team_excel.upload, name="team_import"),
        path("t/<slug:slug>/teams/import/confirm/", team_excel.confirm, name="team_import_confirm"),
        path("t/<slug:slug>/standings/", standings.director_page, name="standings"),
        path("t/<slug:slug>/standings/freeze/", standings.freeze, name="standings_freeze"),
        path("t/<slug:slug>/standings.pdf", standings_exports.standings_pdf, name="standings_pdf"),
        path("t/<slug:slug>/prizes.pdf", standings_exports.prizes_pdf, name="prizes_pdf"),
        path("t/<slug:slug>/standings.xlsx", standings_exports.standings_xlsx, name="standings_xlsx"),
        path("t/<slug:slug>/desk/", desk.desk_start, name="desk_start"),
        path("t/<slug:slug>/desk/<int:number>/", desk.desk, name="desk"),
        path("t/<slug:slug>/desk/<int:number>/preview/", desk.desk_preview, name="desk_preview"),
        path("t/<slug:slug>/disputes/", disputes.director_desk, name="disputes"),
        path("t/<slug:slug>/rulings/", disputes.rulings, name="rulings"),
        path("t/<slug:slug>/rulings.pdf", disputes.rulings_download, name="rulings_pdf"),
        path("t/<slug:slug>/rounds/", rounds.round_list, name="round_list"),
        path("t/<slug:slug>/rounds/add/", rounds.round_add, name="round_add"),
        path("t/<slug:slug>/rounds/plan/", draft.plan, name="round_plan"),
        path("t/<slug:slug>/rounds/<int:number>/", rounds.round_detail, name="round_detail"),
        path("t/<slug:slug>/rounds/<int:number>/results/", results_overview.overview, name="round_results"),
        path("t/<slug:slug>/rounds/<int:number>/tables/<int:table>/approve/", results_overview.approve,
             name="table_approve"),
        path("t/<slug:slug>/rounds/<int:number>/draw/", draft.draw, name="round_draw"),
        path("t/<slug:slug>/rounds/<int:number>/publish/", draft.publish, name="round_publish"),
        path("t/<slug:slug>/rounds/<int:number>/unpublish/", draft.unpublish, name="round_unpublish"),
        path("t/<slug:slug>/rounds/<int:number>/swap/", draft.swap, name="round_swap"),
        path("t/<slug:slug>/rounds/<int:number>/arrangement/", draft.arrangement, name="round_arrangement"),
        path("t/<slug:slug>/rounds/<int:number>/clock/start/", clock.start, name="clock_start"),
        path("t/<slug:slug>/rounds/<int:number>/clock/pause/", clock.pause, name="clock_pause"),
        path("t/<slug:slug>/rounds/<int:number>/clock/resume/", clock.resume, name="clock_resume"),
        path("t/<slug:slug>/rounds/<int:number>/clock/extend/", clock.extend, name="clock_extend"),
        path("t/<slug:slug>/rounds/<int:number>/tables/<int:table>/delete/", rounds.table_delete, name="table_delete"),
        path("t/<slug:slug>/rounds/<int:number>/table-cards.pdf", round_prints.table_cards, name="round_table_cards"),
        path("t/<slug:slug>/rounds/<int:number>/wall-by-table.pdf", round_prints.wall_by_table, name="round_wall_tables"),
        path("t/<slug:slug>/rounds/<int:number>/wall-by-team.pdf", round_prints.wall_by_team, name="round_wall_teams"),
        path("t/<slug:slug>/rounds/<int:number>/missing-results.pdf", round_prints.missing_results, name="round_missing"),
    ],
    "director",
)

table_patterns = (
    [
        path("s/<str:token>/", table_entry.sheet, name="sheet"),
    ],
    "table",
)

urlpatterns = [
    path("", include(public_patterns)),
    path("", include(table_patterns)),
    path("director/", include(director_patterns)),
]
