"""The one customisation seam of allauth."""

from allauth.account.adapter import DefaultAccountAdapter
from django.utils import translation


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit=False)
        if not user.display_name:
            user.display_name = user.email.split("@")[0][:40]
        language = translation.get_language() or "en"
        user.language = "fr" if language.startswith("fr") else "en"
        if commit:
            user.save()
        return user
