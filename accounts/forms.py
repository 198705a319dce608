from django import forms
from django.utils.translation import gettext_lazy as _

from .models import User, timezone_choices


class PreferencesForm(forms.ModelForm):
    timezone = forms.ChoiceField(label=_("Time zone"), choices=timezone_choices)

    class Meta:
        model = User
        fields = ["display_name", "language", "timezone"]
        help_texts = {"display_name": _("How other players see you.")}

    def clean_display_name(self):
        name = self.cleaned_data["display_name"].strip()
        if not name:
            raise forms.ValidationError(_("Choose a display name."))
        return name
