"""The director's prize pages, under ``/director/t/<slug>/prizes/`` beside the tournament's own
(keezen_site/urls.py); every view checks the director's permission, as the tournament's director
tier does."""

from django.urls import path

from prizes import views
from tournaments.views import downloads

app_name = "prizes"

urlpatterns = [
    path("t/<slug:slug>/prizes/", views.prizes_page, name="list"),
    # The prize list's PDF (prizes/exporters.py) through the core's one download view.
    path("t/<slug:slug>/prizes.pdf", downloads.tournament_file, {"identifier": "prizes-pdf"}, name="pdf"),
    path("t/<slug:slug>/prizes/categories/add/", views.category_add, name="category_add"),
    path("t/<slug:slug>/prizes/categories/<int:pk>/", views.category_page, name="category"),
    path("t/<slug:slug>/prizes/categories/<int:pk>/delete/", views.category_delete, name="category_delete"),
]
