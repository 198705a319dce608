"""The new-table form of Example Game: its options."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.forms.table import TableForm


class ExampleGameForm(TableForm):
    advanced = (*TableForm.advanced, "goal")

    goal = forms.TypedChoiceField(
        label=_("Goal"),
        coerce=int,
        choices=[(10, _("10 steps")), (15, _("15 steps"))],
        initial=10,
        help_text=_("The first runner to reach it wins."),
    )

    def options(self) -> dict:
        return {"goal": self.cleaned_data["goal"]}
