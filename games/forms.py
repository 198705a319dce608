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

    def num_players(self) -> int:
        return 2


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


class CitadelsForm(TableForm):
    """Citadels: players, edition, characters, unique districts, short game.
    Opens on 4 players, the smallest table where each player plays one
    character (2 and 3 players play two each: rules/DATA.md 2f)."""

    advanced = (
        *TableForm.advanced,
        "edition",
        "character_set",
        *(f"rank_{r}" for r in range(1, 10)),
        "nine_characters",
        "unique_districts",
        "chosen_districts",
        "short_game",
    )
    folds = (
        (
            _("The characters, rank by rank"),
            tuple(f"rank_{r}" for r in range(1, 10)),
        ),
        (_("The unique districts, one by one"), ("chosen_districts",)),
    )

    players = forms.TypedChoiceField(
        label=_("Players"),
        coerce=int,
        choices=[(n, str(n)) for n in range(2, 9)],
        initial=4,
        help_text=_(
            "2 and 3 players each play two characters; 8 players use a rank-9 "
            "character."
        ),
    )
    edition = forms.ChoiceField(
        label=_("Edition"),
        choices=[
            ("classic", _("Classic (with the Dark City)")),
            ("2016", _("2016 edition")),
        ],
        initial="classic",
        help_text=_(
            "Classic: cities of 8 districts. 2016: 27 characters, 30 unique "
            "districts, cities of 7 districts from 4 players."
        ),
    )
    character_set = forms.ChoiceField(
        label=_("Characters"),
        choices=[
            ("base", _("The 8 base characters")),
            ("random", _("One at random for each rank")),
            ("chosen", _("Chosen rank by rank (below)")),
        ],
        initial="base",
    )
    nine_characters = forms.BooleanField(
        label=_("Play with a rank-9 character"),
        required=False,
        help_text=_(
            "The Queen or the Artist (classic), or the 2016 rank-9 characters. "
            "Always used with 8 players, and with 3 players in the 2016 edition."
        ),
    )
    unique_districts = forms.ChoiceField(
        label=_("Unique districts"),
        choices=[
            ("base", _("The recommended set (classic base purples, 2016 first game)")),
            ("random", _("A random set")),
            ("chosen", _("Chosen below")),
        ],
        initial="base",
    )
    chosen_districts = forms.MultipleChoiceField(
        label=_("Chosen unique districts"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Classic: 11 of them; 2016: 14 of them."),
    )
    short_game = forms.TypedChoiceField(
        label=_("Length"),
        coerce=int,
        choices=[
            (0, _("A full game")),
            (7, _("Short: a city is complete at 7 districts")),
            (6, _("Short: a city is complete at 6 districts")),
        ],
        initial=0,
        required=False,
        empty_value=0,
    )

    def __init__(self, *args, **kwargs):
        from games.engines.citadels import characters as ch
        from games.engines.citadels import districts as ds

        super().__init__(*args, **kwargs)
        for rank in range(1, 10):
            keys = [
                k
                for k, (_n, classic, modern) in ch.CHARACTERS.items()
                if rank in (classic, modern)
            ]
            choices = [("", _("(none)") if rank == 9 else "—")]
            for key in keys:
                editions = [
                    e
                    for e, r in (("classic", 1), ("2016", 2))
                    if ch.CHARACTERS[key][r] == rank and key in ch.IMPLEMENTED[e]
                ]
                if editions:
                    names = [
                        str(_("classic")) if e == "classic" else e for e in editions
                    ]
                    label = f"{_(ch.name(key))} ({', '.join(names)})"
                    choices.append((key, label))
            self.fields[f"rank_{rank}"] = forms.ChoiceField(
                label=_("Rank %(rank)d") % {"rank": rank},
                choices=choices,
                required=False,
                help_text=_("Used when the characters are chosen rank by rank.")
                if rank == 1
                else "",
            )
        keys = sorted(
            set(ds.CLASSIC_UNIQUES) | set(ds.CLASSIC_DARK_CITY) | set(ds.UNIQUES_2016)
        )

        def where(key):
            out = [
                label
                for label, pool in (
                    (_("classic"), ds.CLASSIC_UNIQUES),
                    (_("Dark City"), ds.CLASSIC_DARK_CITY),
                    ("2016", ds.UNIQUES_2016),
                )
                if key in pool
            ]
            return ", ".join(str(x) for x in out)

        self.fields["chosen_districts"].choices = [
            (k, f"{_(ds.NAMES.get(k, k))} ({where(k)})") for k in keys
        ]
        # Keep the order of the fields as declared, the ranks after the set.
        order = list(self.fields)
        ranks = [f"rank_{r}" for r in range(1, 10)]
        rest = [f for f in order if f not in ranks]
        at = rest.index("character_set") + 1
        self.order_fields(rest[:at] + ranks + rest[at:])

    def options(self) -> dict:
        data = self.cleaned_data
        edition = data["edition"]
        out = {"edition": edition, "character_set": data["character_set"]}
        if data["character_set"] == "chosen":
            keys = [data.get(f"rank_{r}") or "" for r in range(1, 10)]
            if not keys[8]:
                keys = keys[:8]
            out["characters"] = keys
        else:
            out["nine_characters"] = data["nine_characters"] or (
                data["players"] == 8 or (edition == "2016" and data["players"] == 3)
            )
        uniques = data["unique_districts"]
        if uniques == "chosen":
            out["unique_districts"] = list(data["chosen_districts"])
        elif uniques == "base":
            out["unique_districts"] = "base" if edition == "classic" else "first-game"
        else:
            out["unique_districts"] = "random"
        out["short_game"] = data.get("short_game") or None
        return out

    def num_players(self) -> int:
        return self.cleaned_data["players"]
