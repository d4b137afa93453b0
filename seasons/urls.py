"""Competitions' URLs: the public page and its PDF under ``c/``, the director's pages under
``director/competitions/`` (so HTTPS=1 and robots.txt treat them as every director page)."""

from django.urls import path

from seasons.views import director, evenings, public

app_name = "seasons"

urlpatterns = [
    path("c/<slug:slug>/", public.competition_page, name="competition"),
    path("c/<slug:slug>/standings.pdf", public.competition_pdf, name="competition_pdf"),
    path("director/competitions/", director.competition_list, name="list"),
    path("director/competitions/new/", director.competition_create, name="create"),
    path("director/competitions/<slug:slug>/", director.competition_detail, name="detail"),
    path("director/competitions/<slug:slug>/edit/", director.competition_edit, name="edit"),
    path("director/competitions/<slug:slug>/standings.pdf", director.competition_pdf, name="pdf"),
    path("director/competitions/<slug:slug>/standings.xlsx", director.competition_xlsx, name="xlsx"),
    path("director/competitions/<slug:slug>/evenings/add/", evenings.add, name="evening_add"),
    path("director/competitions/<slug:slug>/evenings/<int:number>/remove/", evenings.remove, name="evening_remove"),
    path("director/competitions/<slug:slug>/evenings/<int:number>/move/", evenings.move, name="evening_move"),
    path("director/competitions/<slug:slug>/excused/add/", evenings.excuse, name="excused_add"),
    path("director/competitions/<slug:slug>/excused/<int:pk>/withdraw/", evenings.withdraw, name="excused_withdraw"),
]
