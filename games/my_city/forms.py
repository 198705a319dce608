"""The new-table form of My City: its options."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.forms.table import TableForm


class MyCityForm(TableForm):
    advanced = (*TableForm.advanced, "mode", "episode")

    players = forms.TypedChoiceField(
        label=_("Players"),
        coerce=int,
        choices=[(2, "2"), (3, "3"), (4, "4")],
        initial=2,
    )
    mode = forms.ChoiceField(
        label=_("Game"),
        choices=[
            ("single", _("One episode")),
            ("eternal", _("The Eternal game")),
        ],
        initial="single",
        help_text=_(
            "One episode on a fresh board, with the rules of its chapter; or the "
            "Eternal game (27 buildings, churches, the blocking card). A 24-episode "
            "campaign is started from the campaigns page."
        ),
    )
    episode = forms.TypedChoiceField(
        label=_("Episode"),
        coerce=int,
        choices=[(n, str(n)) for n in range(1, 25)],
        initial=1,
        help_text=_(
            "Episode 1 is the base game; later ones add their chapter's rules."
        ),
    )

    def options(self) -> dict:
        if self.cleaned_data["mode"] == "eternal":
            return {"mode": "eternal"}
        return {"mode": "single", "episode": self.cleaned_data["episode"]}

    def num_players(self) -> int:
        return self.cleaned_data["players"]
