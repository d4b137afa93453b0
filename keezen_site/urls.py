"""Root URLs: language switch, login, admin, the favicon, the register of people and the tournament app's tiers."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.templatetags.static import static
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.generic import RedirectView
from django.views.i18n import set_language

from common import https
from tournaments.views.login import LoginView
from tournaments.views.public import robots_txt

urlpatterns = [
    # CSRF-exempt: at worst another site switches a visitor's language; in exchange the public
    # standings page needs no per-visitor token and is served to every phone from one copy.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("robots.txt", robots_txt, name="robots_txt"),
    # Browsers ask for it on their own (a PDF, the projector); pages link static/favicon.svg.
    path("favicon.ico", RedirectView.as_view(url=static("favicon.ico"), permanent=True), name="favicon"),
    path("https/keezen-ca.crt", https.ca_certificate, name="https_ca"),  # HTTPS=1: trust it once (docs/https.md)
    path("login/", LoginView.as_view(), name="login"),
    path("admin/login/", LoginView.as_view()),  # the admin's login: the same throttled page
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("director/people/", include("people.urls")),  # the club's register of people (issue 19)
    path("director/", include("door.urls")),  # the money at the door: fees, payments, the cash list
    path("", include("seasons.urls")),  # competitions: /c/<slug>/ and /director/competitions/ (issue 19)
    path("director/", include("prizes.urls")),  # prizes on the day: the prize list, categories (issue 19)
    path("", include("tournaments.urls")),
]
