"""The entry fee's form: per team or per person, the amount and up to six reductions, typed in euros.

Why a form of its own: amounts are typed as people write them ("12,50", "€ 12.50") and read by
:func:`door.money.parse_cents`; what makes sense (a reduction below the fee, names used once) is
the service's to check (:func:`door.services.set_fee`), so the page and the tests refuse the same.
"""

from __future__ import annotations

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from door.models import MAX_CENTS, MAX_REDUCTIONS, REDUCTION_NAME_MAX_LENGTH, Fee, FeePer
from door.money import as_decimal, euros, parse_cents


class EuroField(forms.CharField):
    """An amount in euros, cleaned to whole cents."""

    def __init__(self, **kwargs):
        kwargs.setdefault("widget", forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off",
                                                           "maxlength": "30"}))
        super().__init__(**kwargs)

    def to_python(self, value):
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        cents = parse_cents(text)
        if cents is None:
            raise forms.ValidationError(_("Type an amount in euros, like 12,50."))
        if cents > MAX_CENTS:
            raise forms.ValidationError(_("At most %(max)s.") % {"max": euros(MAX_CENTS)})
        return cents


def _typed(cents: int) -> str:
    """Cents as the form shows them again, in the page's language without a euro sign: "12,50" or "12.50"."""
    return number_format(as_decimal(cents), decimal_pos=2)


class FeeForm(forms.Form):
    per = forms.ChoiceField(label=_("The fee is paid"), choices=FeePer.choices, widget=forms.RadioSelect(attrs={"class": "form-check-input"}),
                            initial=FeePer.TEAM)
    amount = EuroField(label=_("Entry fee (€)"))

    def __init__(self, *args, fee: Fee | None = None, **kwargs):
        if fee is not None and "initial" not in kwargs:
            initial = {"per": fee.per, "amount": _typed(fee.amount)}
            for number, reduction in enumerate(fee.reductions.all(), start=1):
                initial[f"reduction_name_{number}"] = reduction.name
                initial[f"reduction_amount_{number}"] = _typed(reduction.amount)
            kwargs["initial"] = initial
        super().__init__(*args, **kwargs)
        for number in range(1, MAX_REDUCTIONS + 1):
            self.fields[f"reduction_name_{number}"] = forms.CharField(
                label=_("Reduction %(number)s: for whom") % {"number": number}, required=False,
                max_length=REDUCTION_NAME_MAX_LENGTH)
            self.fields[f"reduction_amount_{number}"] = EuroField(
                label=_("Reduction %(number)s: amount off (€)") % {"number": number}, required=False)

    def reduction_rows(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """The reduction fields in pairs, for the page."""
        return [(self[f"reduction_name_{number}"], self[f"reduction_amount_{number}"])
                for number in range(1, MAX_REDUCTIONS + 1)]

    def clean(self):
        data = super().clean()
        for number in range(1, MAX_REDUCTIONS + 1):
            name, cents = data.get(f"reduction_name_{number}"), data.get(f"reduction_amount_{number}")
            if name and cents is None and f"reduction_amount_{number}" not in self.errors:
                self.add_error(f"reduction_amount_{number}", _("How much is taken off for “%(name)s”?") % {"name": name})
            elif cents is not None and not name:
                self.add_error(f"reduction_name_{number}", _("Name the reduction (members, youth …)."))
        return data

    def reductions(self) -> list[tuple[str, int]]:
        """The filled-in reductions as (name, cents off)."""
        data = self.cleaned_data
        return [(data[f"reduction_name_{number}"], data[f"reduction_amount_{number}"])
                for number in range(1, MAX_REDUCTIONS + 1)
                if data.get(f"reduction_name_{number}") and data.get(f"reduction_amount_{number}") is not None]
