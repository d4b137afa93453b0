"""The door's director URLs, under ``/director/`` beside the tournament's own (``keezen_site/urls.py``)."""

from django.urls import path

from door import views

app_name = "door"

urlpatterns = [
    path("t/<slug:slug>/checkin/<int:pk>/pay/", views.pay, name="pay"),
    path("t/<slug:slug>/checkin/<int:pk>/undo-payment/", views.undo, name="undo"),
    path("t/<slug:slug>/cash/", views.cash, name="cash"),
    path("t/<slug:slug>/cash/fee/", views.fee, name="fee"),
]
