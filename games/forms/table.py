"""The choices of every table (the form each game's own extends)."""

from datetime import timedelta

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import BOT_LEVEL_CHOICES, BOT_LEVEL_DEFAULT, Game

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
    """The choices of every table; a game's form adds its own options. The form
    opens on the settings recommended for a first game; the fields named in
    `advanced` are folded away under "Advanced options" (games/new.html)."""

    advanced: tuple[str, ...] = ("timeout_policy", "rated")
    # Inside the advanced options, groups of fields folded once more:
    # (title, field names); the fields also appear in `advanced`.
    folds: tuple[tuple[str, tuple[str, ...]], ...] = ()

    against_computer = forms.BooleanField(
        label=_("Play against the computer"),
        required=False,
        initial=False,
        help_text=_(
            "The other seats are taken by computer players and the game starts at once."
        ),
    )
    bot_level = forms.ChoiceField(
        label=_("Computer player's level"),
        choices=BOT_LEVEL_CHOICES,
        initial=BOT_LEVEL_DEFAULT,
        required=False,
    )
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

    def basic_fields(self) -> list:
        return [f for f in self.visible_fields() if f.name not in self.advanced]

    def advanced_fields(self) -> list:
        return [f for f in self.visible_fields() if f.name in self.advanced]

    def advanced_errors(self) -> bool:
        """An advanced option refused: the fold opens on it."""
        return any(self.errors.get(name) for name in self.advanced)

    def advanced_loose(self) -> list:
        """The advanced fields outside the inner folds."""
        folded = {name for _title, names in self.folds for name in names}
        return [f for f in self.advanced_fields() if f.name not in folded]

    def inner_folds(self) -> list[dict]:
        return [
            {
                "title": title,
                "fields": [self[name] for name in names],
                "open": any(self.errors.get(name) for name in names),
            }
            for title, names in self.folds
        ]

    @classmethod
    def preset(cls) -> tuple[int, dict]:
        """The players and options of the form as it opens (the preset)."""
        form = cls()
        data = {}
        for name, field in form.fields.items():
            value = form.get_initial_for_field(field, name)
            if isinstance(field, forms.BooleanField):
                if value:
                    data[name] = "on"
            elif value is not None:
                data[name] = value
        bound = cls(data)
        if not bound.is_valid():
            raise ValueError(f"{cls.__name__}: its initial values are refused.")
        return bound.num_players(), bound.options()

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

    def bot_level_chosen(self) -> str:
        return self.cleaned_data.get("bot_level") or BOT_LEVEL_DEFAULT

    def num_players(self) -> int:
        return 2
