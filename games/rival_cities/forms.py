"""The new-table form of Rival Cities: its options."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.forms.table import TableForm


class RivalCitiesForm(TableForm):
    advanced = (*TableForm.advanced, "first_game", "first_player")

    first_game = forms.BooleanField(
        label=_("First game"),
        required=False,
        initial=True,
        help_text=_(
            "The 15 basic action cards are laid around the ring in order, 1 to 15, "
            "as the rules advise for a first game; otherwise they are shuffled."
        ),
    )
    first_player = forms.ChoiceField(
        label=_("First player"),
        choices=[
            ("random", _("Drawn at random")),
            ("0", _("Hamburg (the table's creator)")),
            ("1", _("Altona (the other player)")),
        ],
        initial="random",
        help_text=_(
            "The first player starts with 1 beer, the other with 2; each then "
            "takes 1 resource of their choice."
        ),
    )

    def options(self) -> dict:
        first = self.cleaned_data["first_player"]
        return {
            "first_game": self.cleaned_data["first_game"],
            "first_player": first if first == "random" else int(first),
        }
