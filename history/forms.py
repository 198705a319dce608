from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import registry


def _engine_choices():
    return [("", _("Any game"))] + [
        (spec.slug, gettext(spec.name)) for spec in registry.GAMES
    ]


class SearchForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), required=False, choices=_engine_choices)
    player = forms.CharField(label=_("Player"), required=False, max_length=40)
    since = forms.DateField(
        label=_("Finished from"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    until = forms.DateField(
        label=_("Finished until"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )


class ImportForm(forms.Form):
    record = forms.FileField(
        label=_("Game record (JSON)"),
        help_text=_("A file exported from a game's replay page."),
    )
