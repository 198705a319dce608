"""The new-table form of Lost Cities: its options."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.forms.table import TableForm


class LostCitiesForm(TableForm):
    advanced = (*TableForm.advanced, "expeditions", "rounds")

    expeditions = forms.TypedChoiceField(
        label=_("Expeditions"),
        coerce=int,
        choices=[(5, _("5 expeditions (classic)")), (6, _("6 expeditions (variant)"))],
        initial=5,
        help_text=_("The variant adds a purple expedition and 12 cards."),
    )
    rounds = forms.TypedChoiceField(
        label=_("Length"),
        coerce=int,
        choices=[(1, _("One round")), (3, _("A match of three rounds"))],
        initial=1,
        help_text=_("In a match the three rounds' scores add up."),
    )

    def options(self) -> dict:
        return {
            "expeditions": self.cleaned_data["expeditions"],
            "rounds": self.cleaned_data["rounds"],
        }
