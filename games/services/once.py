"""Forms that make something submit once.

The new-table, new-campaign and import forms carry a one-time token (`mint`,
signed for the person who opened the form, valid a day). `submit_once` makes
the thing and consumes the token in one transaction: a second post of the same
form (a double click, a browser's retry) finds the token consumed and gets the
address of what the first one made, whatever their order; a post whose making
was refused leaves its token unused. The rows are deleted after two days
(`purge`, a beat sweep).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import timedelta

from django.core import signing
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import Invalid
from ..models import SentForm

FIELD = "once"  # the hidden field's name
MAX_AGE = timedelta(days=1)
KEEP = timedelta(days=2)


def _salt(user) -> str:
    return f"games.once:{user.pk}"


def mint(user) -> str:
    """A fresh token for a form `user` is about to send."""
    return signing.dumps(secrets.token_hex(16), salt=_salt(user))


def submit_once(*, user, token: str | None, make: Callable[[], str]) -> str:
    """Runs `make` (which returns the address of what it made) once for `token`,
    in a transaction with the token's consumption; a token already consumed
    returns the first address without running `make`. A token that is missing,
    forged, another person's or older than a day is refused (Invalid)."""
    try:
        nonce = signing.loads(
            token or "", salt=_salt(user), max_age=MAX_AGE.total_seconds()
        )
    except signing.BadSignature:
        raise Invalid(_("This form has expired: check it and send it again.")) from None
    with transaction.atomic():
        try:
            with transaction.atomic():
                row = SentForm.objects.create(user=user, nonce=nonce)
        except IntegrityError:
            row = None
        if row is not None:
            row.url = make()
            row.save(update_fields=["url"])
            return row.url
    # Sent before: the first post committed (a concurrent one waited for it).
    first = SentForm.objects.filter(user=user, nonce=nonce).first()
    if first is None:  # pragma: no cover - the row was purged meanwhile
        raise Invalid(_("This form has expired: check it and send it again."))
    return first.url


def purge() -> int:
    """Deletes the marks older than any token that could still be sent."""
    deleted, _kinds = SentForm.objects.filter(
        sent_at__lt=timezone.now() - KEEP
    ).delete()
    return deleted
