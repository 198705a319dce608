from django import forms
from django.utils.translation import gettext_lazy as _

from games import engines


def _engine_choices():
    from games.templatetags.games_tags import engine_name

    return [("", _("Any game"))] + [
        (e.slug, engine_name(e.slug)) for e in engines.all()
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
