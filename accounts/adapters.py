"""The one customisation seam of allauth."""

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from allauth.core import ratelimit
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.sites.shortcuts import get_current_site
from django.utils import translation
from django.utils.translation import gettext as _

# The address just confirmed in a browser that is not signed in, for the log-in
# form to offer (accounts.forms.LoginForm).
CONFIRMED_EMAIL_KEY = "accounts_confirmed_email"

# Failed log-ins, counted by allauth's rate limits (ACCOUNT_RATE_LIMITS in
# config/settings.py) on two keys of ours besides allauth's own per address:
# one account from one client address (the strict limit), and one account from
# anywhere (a looser one, against guesses spread over many addresses). Both keys
# hold the account's session hash, which changes with its password: a password
# reset lifts them.
LOGIN_FAILED_CLIENT = "login_failed_client"
LOGIN_FAILED_ACCOUNT = "login_failed_account"


class AccountAdapter(DefaultAccountAdapter):
    def _failed_login_keys(self, request, credentials) -> list[tuple[str, str]]:
        login = (credentials.get("email") or credentials.get("username") or "").lower()
        user = get_user_model().objects.filter(email__iexact=login).first()
        password = user.get_session_auth_hash() if user is not None else ""
        account = f"{login}:{password}"
        client = f"{account}:{self.get_client_ip(request)}"
        return [(LOGIN_FAILED_CLIENT, client), (LOGIN_FAILED_ACCOUNT, account)]

    def pre_authenticate(self, request, **credentials):
        """Refuses a log-in past a limit of failures (allauth's own per address,
        then ours per account and client, and per account), before the
        password is even checked."""
        super().pre_authenticate(request, **credentials)
        for action, key in self._failed_login_keys(request, credentials):
            if not ratelimit.consume(request, action=action, key=key, dry_run=True):
                raise self.validation_error("too_many_login_attempts")

    def authentication_failed(self, request, **credentials):
        """Counts a wrong password on our two keys (a right one counts nowhere)."""
        super().authentication_failed(request, **credentials)
        for action, key in self._failed_login_keys(request, credentials):
            ratelimit.consume(request, action=action, key=key)

    def save_user(self, request, user, form, commit=True):
        user = super().save_user(request, user, form, commit=False)
        cleaned = getattr(form, "cleaned_data", {})
        if cleaned.get("display_name"):  # asked at sign-up (accounts.forms)
            user.display_name = cleaned["display_name"]
        if not user.display_name:
            user.display_name = user.email.split("@")[0][:40]
        language = translation.get_language() or "en"
        user.language = "fr" if language.startswith("fr") else "en"
        zone = cleaned.get("timezone")
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
