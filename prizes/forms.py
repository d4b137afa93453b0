"""The director's prize forms, laid out by crispy-forms as the tournament's forms are."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Layout, Submit
from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from prizes import text
from prizes.models import CATEGORY_NAME_MAX_LENGTH, DEFAULT_CLUB_SIZE, MAX_CLUB_SIZE, PrizeSettings

PRIZES_MAX_LENGTH = text.MAX_PRIZES * 250  # the longest list: every line a long prize


class PrizesForm(forms.Form):
    """The prize list as text (:mod:`prizes.text`) and the settings of the prize-giving."""

    prizes = forms.CharField(label=_("Prizes, in the order they are handed out"), required=False, strip=False,
                             max_length=PRIZES_MAX_LENGTH,
                             widget=forms.Textarea(attrs={"rows": 12, "class": "font-monospace"}))
    one_each = forms.BooleanField(label=capfirst(PrizeSettings._meta.get_field("one_each").verbose_name),
                                  required=False, help_text=PrizeSettings._meta.get_field("one_each").help_text)
    club_size = forms.IntegerField(label=capfirst(PrizeSettings._meta.get_field("club_size").verbose_name),
                                   min_value=1, max_value=MAX_CLUB_SIZE, initial=DEFAULT_CLUB_SIZE,
                                   help_text=PrizeSettings._meta.get_field("club_size").help_text)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["prizes"].help_text = text.help_text()
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.layout = Layout("prizes", "one_each", "club_size", Submit("save", _("Save prizes")))


class CategoryForm(forms.Form):
    """A new category's name (who carries it is ticked on its own page)."""

    name = forms.CharField(label=_("New category"), max_length=CATEGORY_NAME_MAX_LENGTH,
                           help_text=_("For example youth, ladies, newcomers or a club's name."))
