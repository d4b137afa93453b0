"""The register's director pages, under ``/director/people/`` (keezen_site/urls.py): the director's
permission is checked by every view, as in the tournaments' director tier."""

from django.urls import path

from people import views

app_name = "people"

urlpatterns = [
    path("", views.register, name="register"),
    path("add/", views.person_add, name="add"),
    path("suggest/", views.suggest, name="suggest"),
    path("<int:pk>/", views.person_detail, name="detail"),
    path("<int:pk>/edit/", views.person_edit, name="edit"),
    path("<int:pk>/merge/", views.person_merge, name="merge"),
    path("<int:pk>/delete/", views.person_delete, name="delete"),
]
