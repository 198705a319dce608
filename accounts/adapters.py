"""The one customisation seam of allauth."""

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django.conf import settings
from django.contrib import messages
from django.contrib.sites.shortcuts import get_current_site
from django.utils import translation
from django.utils.translation import gettext as _

# The address just confirmed in a browser that is not signed in, for the log-in
# form to offer (accounts.forms.LoginForm).
CONFIRMED_EMAIL_KEY = "accounts_confirmed_email"


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit=False)
        if not user.display_name:
            user.display_name = user.email.split("@")[0][:40]
        language = translation.get_language() or "en"
        user.language = "fr" if language.startswith("fr") else "en"
        zone = getattr(form, "cleaned_data", {}).get("timezone")
        if zone:  # the browser's, checked by accounts.forms.SignupForm
            user.timezone = zone
        if commit:
            user.save()
        return user

    # allauth names the site after the request's host ("[127.0.0.1:8000]"): the
    # site's name (SITE_NAME) in subjects and in the emails' greeting instead.
    def format_email_subject(self, subject: str) -> str:
        return f"[{settings.SITE_NAME}] {subject}"

    def send_mail(self, template_prefix, email, context):
        site = get_current_site(allauth_context.request)
        site.name = settings.SITE_NAME
        super().send_mail(template_prefix, email, {**context, "current_site": site})

    def get_email_verification_redirect_url(self, email_address):
        """An address confirmed where its owner is not signed in (another browser
        than the sign-up's; allauth logs in only the session that signed up, so
        that the link alone never opens an account) leads to the log-in page,
        which says so and offers the address."""
        request = self.request
        if not request.user.is_authenticated:
            request.session[CONFIRMED_EMAIL_KEY] = email_address.email
            messages.info(request, _("Your address is confirmed: log in to continue."))
        return super().get_email_verification_redirect_url(email_address)
