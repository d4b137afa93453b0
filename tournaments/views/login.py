"""The login page (``/login/``, and ``/admin/login/`` too): Django's, with throttled tries.

While the account or the address waits (``services/logins.py``), the page refuses even the right
password with a form error saying how long to wait, status 429 and ``Retry-After``. A wrong
password answers 400 with Django's message. The template stays Django's ``registration/login.html``.
"""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.views.decorators.debug import sensitive_variables

from common.https import client_address
from tournaments.services import logins
from tournaments.views.lookups import rate_limited


class ThrottledAuthenticationForm(AuthenticationForm):
    """Checks the password only when neither the account nor the address has to wait."""

    wait = 0

    @sensitive_variables()
    def clean(self):
        username = self.cleaned_data.get("username")
        if username is None or not self.cleaned_data.get("password"):
            return super().clean()  # a field is missing: nothing is checked, nothing counted
        try:
            return logins.checked(username, client_address(self.request), super().clean)
        except logins.Throttled as throttled:
            self.wait = throttled.wait
            raise ValidationError(throttled.message, code="throttled") from None


class LoginView(auth_views.LoginView):
    authentication_form = ThrottledAuthenticationForm

    def form_invalid(self, form: ThrottledAuthenticationForm) -> HttpResponse:
        response = super().form_invalid(form)
        if form.wait:
            return rate_limited(response, form.wait)
        response.status_code = 400
        return response
