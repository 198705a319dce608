"""Composing an email from an outbox row, and the links it carries.

Each email is rendered from `templates/emails/<kind>{_subject.txt,.txt,.html}`
in its reader's language and time zone, with a one-click unsubscribe link
(RFC 8058) signed for the reader and the kind of email. The subject is rendered
once, as plain text (`render_email`), and the HTML part shows it escaped like
any other text a person may have written (a display name, a campaign's name).
"""

from __future__ import annotations

import email.policy
from urllib.parse import urlsplit

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db.models import F
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from .. import registry
from ..models import Game, Notification, Seat

UNSUBSCRIBE_SALT = "notifications.unsubscribe"
UNSUBSCRIBE_MAX_AGE = 90 * 24 * 3600

Kind = Notification.Kind


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def message_id(*parts) -> str:
    """A Message-ID made of what names one email for good (its row's id and
    creation time), at the site's host: the same each time that email is sent
    again, so that a mail server or client that gets it twice (a worker dying
    between the SMTP server's accept and marking the row sent) keeps one."""
    host = urlsplit(settings.SITE_URL).hostname or "localhost"
    return "<" + ".".join(str(part) for part in parts) + f"@{host}>"


def notification_message_id(n: Notification) -> str:
    return message_id("notification", n.pk, int(n.created_at.timestamp()))


def unsubscribe_token(*, user_id: int, kind: str) -> str:
    return signing.dumps({"u": user_id, "k": kind}, salt=UNSUBSCRIBE_SALT)


def unsubscribe_read(token: str) -> tuple[int, str]:
    """(user id, kind) from a token; raises signing.SignatureExpired/BadSignature."""
    data = signing.loads(token, salt=UNSUBSCRIBE_SALT, max_age=UNSUBSCRIBE_MAX_AGE)
    if not isinstance(data, dict) or "u" not in data or "k" not in data:
        raise signing.BadSignature("malformed")
    return int(data["u"]), str(data["k"])


def waiting_seats(user):
    """The user's seats whose turn it is, in active games, as "My games" lists
    them: the nearest deadline first, games without one last, then the oldest."""
    return (
        Seat.objects.filter(user=user, to_move=True, game__status=Game.Status.ACTIVE)
        .select_related("game")
        .order_by(F("deadline").asc(nulls_last=True), "game_id")
    )


def _how_won(game: Game, seats: list) -> str:
    """How a finished game was won, in the game's own words (its spec's
    `result_words`); "" when it has none or the game is not over."""
    spec = registry.find(game.engine)
    if spec is None or spec.result_words is None or game.status != Game.Status.FINISHED:
        return ""
    details = {s.position: s.result_detail or {} for s in seats}
    return spec.result_words(details, {s.position: s.name for s in seats})


def _game_context(game: Game, user) -> dict:
    seats = list(game.seats.select_related("user"))
    mine = next((s for s in seats if s.user_id == user.pk), None)
    return {
        "how_won": _how_won(game, seats),
        "game": game,
        "game_url": absolute(game.get_absolute_url()),
        "seats": seats,
        "seat": mine,
        "opponents": [s.name for s in seats if s.user_id != user.pk],
        "ranked": sorted(seats, key=lambda s: (s.rank or 99, s.position)),
        "shared_first": sum(1 for s in seats if s.rank == 1) > 1,
    }


class NotificationEmail(EmailMultiAlternatives):
    """Headers kept on one line (RFC 5322 allows 998 characters): folded at 78,
    a long List-Unsubscribe URL would be turned into encoded words that mail
    clients do not read as a URL."""

    def message(self, *, policy=email.policy.default):
        return super().message(policy=policy.clone(max_line_length=998))


def render_email(template: str, context: dict) -> tuple[str, str, str]:
    """(subject, text, html) of `<template>_subject.txt`, `<template>.txt` and
    `<template>.html`. The subject template is plain text (autoescape off): its
    words on one line are the Subject header as written, and the HTML's title
    (`subject` in its context), where Django escapes it."""
    subject = " ".join(render_to_string(f"{template}_subject.txt", context).split())
    context = {**context, "subject": subject}
    text = render_to_string(f"{template}.txt", context)
    html = render_to_string(f"{template}.html", context)
    return subject, text, html


def compose(n: Notification) -> EmailMultiAlternatives:
    """The email of one row, in its reader's language and time zone."""
    user = n.user
    context = {
        "user": user,
        "kind": n.kind,
        "site_url": absolute("/"),
        "preferences_url": absolute(reverse("accounts:preferences")),
        "my_games_url": absolute(reverse("games:my_games")),
    }
    token = unsubscribe_token(user_id=user.pk, kind=n.kind)
    unsubscribe = absolute(reverse("accounts:unsubscribe", args=[token]))
    context["unsubscribe_url"] = unsubscribe
    if n.game_id:
        context.update(_game_context(n.game, user))
    if n.kind == Kind.DIGEST:
        context["waiting"] = list(waiting_seats(user)[:50])
        for seat in context["waiting"]:
            seat.url = absolute(seat.game.get_absolute_url())
    if n.kind == Kind.REMINDER:
        context["deadline"] = n.deadline
    if n.kind == Kind.REMATCH:
        game = n.game
        context["offered_by"] = game.created_by.name if game.created_by else ""
        context["join_url"] = absolute(
            f"{game.get_absolute_url()}?invite={game.invite_token}"
        )
    with translation.override(user.language), timezone.override(user.tzinfo):
        subject, text, html = render_email(f"emails/{n.kind}", context)
    message = NotificationEmail(
        subject=subject,
        body=text,
        to=[user.email],
        headers={
            "Message-ID": notification_message_id(n),
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
            "Content-Language": user.language,
        },
    )
    message.attach_alternative(html, "text/html")
    return message
