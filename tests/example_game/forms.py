"""The new-table form of Example Game: its options."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.forms.table import TableForm


class ExampleGameForm(TableForm):
    advanced = (*TableForm.advanced, "stones")

    stones = forms.TypedChoiceField(
        label=_("Pile"),
        coerce=int,
        choices=[(15, _("15 stones")), (21, _("21 stones"))],
        initial=21,
        help_text=_("The stones in the pile at the start."),
    )

    def options(self) -> dict:
        return {"stones": self.cleaned_data["stones"]}
