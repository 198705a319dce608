"""Table creation: the common choices, plus each game's own options."""

from datetime import timedelta

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Game

TIME_CHOICES = [
    ("", _("No time limit")),
    ("1", _("1 day per move")),
    ("2", _("2 days per move")),
    ("3", _("3 days per move")),
    ("5", _("5 days per move")),
    ("7", _("7 days per move")),
    ("14", _("14 days per move")),
]


class TableForm(forms.Form):
    visibility = forms.ChoiceField(
        label=_("Who can join"),
        choices=Game.Visibility.choices,
        initial=Game.Visibility.PUBLIC,
        help_text=_(
            "A public table is listed in the lobby; a private one is joined "
            "through its invitation link."
        ),
    )
    time_per_move = forms.ChoiceField(
        label=_("Time per move"),
        choices=TIME_CHOICES,
        required=False,
        initial="3",
        help_text=_("How long each player has for a move."),
    )
    timeout_policy = forms.ChoiceField(
        label=_("When time runs out"),
        choices=Game.TimeoutPolicy.choices,
        initial=Game.TimeoutPolicy.BOT,
    )

    rated = forms.BooleanField(
        label=_("Rated game"),
        required=False,
        initial=True,
        help_text=_(
            "A rated game counts for the players' ratings; a friendly one does not."
        ),
    )

    def table_settings(self) -> dict:
        days = self.cleaned_data.get("time_per_move")
        return {
            "rated": self.cleaned_data["rated"],
            "visibility": self.cleaned_data["visibility"],
            "time_per_move": timedelta(days=int(days)) if days else None,
            "timeout_policy": self.cleaned_data["timeout_policy"],
        }

    def options(self) -> dict:
        return {}

    def num_players(self) -> int:
        return 2


class LostCitiesForm(TableForm):
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


class MyCityForm(TableForm):
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
        help_text=_("Episode 1 is the base game; later ones add their chapter's rules."),
    )

    def options(self) -> dict:
        if self.cleaned_data["mode"] == "eternal":
            return {"mode": "eternal"}
        return {"mode": "single", "episode": self.cleaned_data["episode"]}

    def num_players(self) -> int:
        return self.cleaned_data["players"]


class RivalCitiesForm(TableForm):
    first_game = forms.BooleanField(
        label=_("First game"),
        required=False,
        initial=False,
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


FORMS = {
    "lost-cities": LostCitiesForm,
    "my-city": MyCityForm,
    "rival-cities": RivalCitiesForm,
}


def form_for(slug: str):
    return FORMS.get(slug, TableForm)
