"""Creating a campaign: players, invitations, computer players and the chapters."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.core.validators import validate_email
from django.utils.translation import gettext_lazy as _

from games import json_input
from games.engines.base import InvalidOptions
from games.forms import TIME_CHOICES
from games.models import BOT_LEVEL_CHOICES, BOT_LEVEL_DEFAULT

from .models import campaign_games

MAX_CHAPTERS_BYTES = 64 * 1024


class CampaignForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=80,
        required=False,
        help_text=_("For example: Tuesday evenings."),
    )
    players = forms.TypedChoiceField(
        label=_("Players"),
        coerce=int,
        choices=[(2, "2"), (3, "3"), (4, "4")],
        initial=2,
    )
    emails = forms.CharField(
        label=_("Invite by email"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_(
            "Email addresses of the players you invite, one per line: whoever has "
            "an account with that address accepts or declines on the campaigns "
            "page. The other places are taken with the join link shown once the "
            "campaign is created."
        ),
    )
    bots = forms.TypedChoiceField(
        label=_("Computer players"),
        coerce=int,
        choices=[(0, "0"), (1, "1"), (2, "2"), (3, "3")],
        initial=0,
        required=False,
        empty_value=0,
    )
    bot_level = forms.ChoiceField(
        label=_("Computer player's level"),
        choices=BOT_LEVEL_CHOICES,
        initial=BOT_LEVEL_DEFAULT,
        required=False,
    )
    time_per_move = forms.ChoiceField(
        label=_("Time per move"), choices=TIME_CHOICES, required=False, initial="3"
    )
    chapters_file = forms.FileField(
        label=_("Your own chapters (JSON file)"), required=False
    )
    chapters_text = forms.CharField(
        label=_("Or paste your chapters (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
    )

    def __init__(self, *args, spec=None, **kwargs):
        """A campaign of `spec`'s game (the first played as a campaign)."""
        super().__init__(*args, **kwargs)
        self.spec = spec or campaign_games()[0]
        self.fields["chapters_file"].help_text = _(
            self.spec.campaign.texts["chapters_help"]
        )

    def clean_emails(self) -> list[str]:
        """The addresses, checked for their form only: whether one has an account
        is never said here (nor anywhere the inviter can see)."""
        raw = self.cleaned_data.get("emails") or ""
        addresses = [a.strip() for a in raw.replace(",", "\n").split() if a.strip()]
        for address in addresses:
            try:
                validate_email(address)
            except forms.ValidationError:
                raise forms.ValidationError(
                    _("%(email)s is not an email address."),
                    params={"email": address},
                ) from None
        return list(dict.fromkeys(address.lower() for address in addresses))

    def clean(self):
        data = super().clean()
        upload = data.get("chapters_file")
        text = data.get("chapters_text") or ""
        chapters = None
        if upload is not None:
            if upload.size > MAX_CHAPTERS_BYTES:
                raise forms.ValidationError(_("That chapters file is too large."))
            text = upload.read().decode("utf-8", errors="replace")
        if text.strip():
            try:
                chapters = self.spec.campaign.validate_chapters(json_input.loads(text))
            except json_input.TooDeep:
                raise forms.ValidationError(
                    _("The chapters are nested too deeply.")
                ) from None
            except ValueError:
                raise forms.ValidationError(
                    _("The chapters are not valid JSON.")
                ) from None
            except InvalidOptions as exc:
                raise forms.ValidationError(exc.reason) from None
        data["chapters"] = chapters
        invited = data.get("emails") or []
        players = data.get("players") or 2
        if 1 + len(invited) + (data.get("bots") or 0) > players:
            raise forms.ValidationError(
                _("More invited and computer players than places in the campaign.")
            )
        return data

    def service_arguments(self) -> dict:
        days = self.cleaned_data.get("time_per_move")
        return {
            "game": self.spec.slug,
            "name": self.cleaned_data.get("name") or "",
            "num_players": self.cleaned_data["players"],
            "invited_emails": self.cleaned_data.get("emails") or [],
            "bots": self.cleaned_data.get("bots") or 0,
            "bot_level": self.cleaned_data.get("bot_level") or BOT_LEVEL_DEFAULT,
            "chapters": self.cleaned_data.get("chapters"),
            "time_per_move": timedelta(days=int(days)) if days else None,
        }
