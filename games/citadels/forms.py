"""The new-table form of Citadels: its options."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.forms.table import TableForm


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
        from games.citadels.engine import characters as ch
        from games.citadels.engine import districts as ds

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
