"""The register's forms: a person, and the duplicate to merge into a person."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Layout, Submit
from django import forms
from django.utils.translation import gettext_lazy as _

from people.models import Person
from tournaments.models import NAME_MAX_LENGTH, Club
from tournaments.names import clean_member_number, clean_name
from tournaments.services.teams import club_by_name


class PersonForm(forms.ModelForm):
    """A person of the register; the club is typed and matched by name, as on the team form (a new
    name makes a new club)."""

    club_name = forms.CharField(
        label=_("Club"), max_length=NAME_MAX_LENGTH, required=False,
        widget=forms.TextInput(attrs={"list": "club-names", "autocomplete": "off"}),
    )

    class Meta:
        model = Person
        fields = ["name", "club_name", "member_number", "email", "ref"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.club_id and "club_name" not in self.initial:
            self.initial["club_name"] = self.instance.club.name
        self.club_names = Club.objects.values_list("name", flat=True)
        self.helper = FormHelper()
        self.helper.layout = Layout("name", "club_name", "member_number", "email", "ref", Submit("save", _("Save")))

    def clean_name(self) -> str:
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("The name is empty."))
        return name

    def clean_member_number(self) -> str:
        return clean_member_number(self.cleaned_data.get("member_number"))

    def clean_ref(self) -> str:
        return clean_name(self.cleaned_data.get("ref"))

    def save(self, commit: bool = True) -> Person:
        self.instance.club = club_by_name(self.cleaned_data.get("club_name") or "")
        return super().save(commit)
