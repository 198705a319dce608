from allauth.account import forms as allauth_forms
from django import forms
from django.utils.translation import gettext_lazy as _

from .adapters import CONFIRMED_EMAIL_KEY
from .models import DEFAULT_TIMEZONE, User, timezone_choices


class TimezoneInput(forms.TextInput):
    """A searchable time zone: a text field with the zones as suggestions (a
    datalist); static/js/timezone.js fills it from the browser when the person
    has never chosen one (still the default, UTC)."""

    template_name = "accounts/widgets/timezone.html"

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        context["widget"]["zones"] = [zone for zone, _label in timezone_choices()]
        if value in (None, "", DEFAULT_TIMEZONE):
            context["widget"]["attrs"]["data-detect-timezone"] = ""
        return context


class PreferencesForm(forms.ModelForm):
    timezone = forms.ChoiceField(
        label=_("Time zone"),
        choices=timezone_choices,
        widget=TimezoneInput,
        help_text=_("Type to search, e.g. Paris, New York or Tokyo."),
    )

    class Meta:
        model = User
        fields = [
            "display_name",
            "language",
            "timezone",
            "turn_emails",
            "digest_hour",
            "reminder_emails",
            "game_over_emails",
            "invitation_emails",
            "confirm_moves",
        ]
        help_texts = {"display_name": _("How other players see you.")}
        widgets = {"turn_emails": forms.RadioSelect}
        labels = {"turn_emails": _("When it is your turn")}

    def clean_display_name(self):
        name = self.cleaned_data["display_name"].strip()
        if not name:
            raise forms.ValidationError(_("Choose a display name."))
        return name

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Left out of a post, the email choices keep their current values.
        for name in ("turn_emails", "digest_hour"):
            self.fields[name].required = False

    def clean_turn_emails(self):
        return self.cleaned_data["turn_emails"] or self.instance.turn_emails

    def clean_digest_hour(self):
        hour = self.cleaned_data["digest_hour"]
        return self.instance.digest_hour if hour in (None, "") else hour

    def save(self, commit=True):
        from .services import preferences_saved

        user = super().save(commit=commit)
        if commit:
            preferences_saved(user=user)
        return user


class VacationForm(forms.Form):
    start = forms.DateField(
        label=_("First day"), widget=forms.DateInput(attrs={"type": "date"})
    )
    end = forms.DateField(
        label=_("Last day"), widget=forms.DateInput(attrs={"type": "date"})
    )


class LoginForm(allauth_forms.LoginForm):
    """allauth's log-in form, offering the address just confirmed in this browser."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound and self.request is not None:
            email = self.request.session.pop(CONFIRMED_EMAIL_KEY, None)
            if email:
                self.fields["login"].initial = email


class SignupForm(allauth_forms.SignupForm):
    """allauth's sign-up form, with the display name (asked, first) and the
    browser's time zone (a hidden field that static/js/timezone.js fills; left
    empty without JavaScript)."""

    display_name = forms.CharField(
        label=_("Display name"),
        max_length=User._meta.get_field("display_name").max_length,
        help_text=_("How other players see you."),
        widget=forms.TextInput(
            attrs={"placeholder": _("Display name"), "autocomplete": "nickname"}
        ),
    )
    timezone = forms.CharField(
        required=False,
        widget=forms.HiddenInput(attrs={"data-detect-timezone": ""}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.order_fields(["display_name", *self.fields])

    def clean_display_name(self):
        name = self.cleaned_data["display_name"].strip()
        if not name:
            raise forms.ValidationError(_("Choose a display name."))
        return name

    def clean_timezone(self):
        zone = self.cleaned_data["timezone"]
        return zone if zone in dict(timezone_choices()) else ""
