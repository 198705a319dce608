"""Writes about people: notification preferences, unsubscribing, vacations."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.errors import Conflict, Invalid, NotFound
from games.services.vacations import deadlines_resume, deadlines_shift

from .models import User, Vacation

# --- notification preferences ---------------------------------------------------------


def preferences_saved(*, user) -> None:
    """Keeps the digest schedule in step with the preferences just saved."""
    if user.turn_emails == User.TurnEmails.DIGEST:
        user.digest_next_at = user.digest_next_time(after=timezone.now())
    else:
        user.digest_next_at = None
    User.objects.filter(pk=user.pk).update(digest_next_at=user.digest_next_at)


UNSUBSCRIBE_FIELDS = {
    "your_turn": ("turn_emails", User.TurnEmails.NONE),
    "digest": ("turn_emails", User.TurnEmails.NONE),
    "reminder": ("reminder_emails", False),
    "timeout": ("reminder_emails", False),
    "game_over": ("game_over_emails", False),
    "rematch": ("game_over_emails", False),
    "invitation": ("invitation_emails", False),
}


def notifications_unsubscribe(*, user_id: int, kind: str) -> User:
    """Turns off the kind of email a link came from. NotFound for an unknown user."""
    field, value = UNSUBSCRIBE_FIELDS.get(kind, ("turn_emails", User.TurnEmails.NONE))
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id).first()
        if user is None:
            raise NotFound(_("This account no longer exists."))
        setattr(user, field, value)
        fields = [field]
        if field == "turn_emails":
            user.digest_next_at = None
            fields.append("digest_next_at")
        user.save(update_fields=fields)
    return user


def unsubscribe_topic(kind: str) -> str:
    field = UNSUBSCRIBE_FIELDS.get(kind, ("turn_emails",))[0]
    return {
        "turn_emails": _("emails telling you it is your turn"),
        "reminder_emails": _("reminders before your time runs out"),
        "game_over_emails": _("emails with the result of your games"),
        "invitation_emails": _("emails inviting you to campaigns"),
    }[field]


# --- vacations ------------------------------------------------------------------------


def allowance() -> int:
    return int(getattr(settings, "VACATION_DAYS_PER_YEAR", 30))


def _days_in_year(start: date, end: date, year: int) -> int:
    first = max(start, date(year, 1, 1))
    last = min(end, date(year, 12, 31))
    return max(0, (last - first).days + 1)


def vacation_days_used(*, user, year: int) -> int:
    return sum(
        _days_in_year(v.start, v.end, year)
        for v in user.vacations.filter(
            start__lte=date(year, 12, 31), end__gte=date(year, 1, 1)
        )
    )


def vacation_declare(*, user, start: date, end: date) -> Vacation:
    """Declares a vacation: the user's pending deadlines are paused for its length.

    Refused (games.errors) if it starts in the past, ends before it starts, overlaps another one,
    or takes a year past the site's allowance (VACATION_DAYS_PER_YEAR).
    """
    now = timezone.now()
    tz = user.tzinfo
    today = now.astimezone(tz).date()
    if end < start:
        raise Invalid(_("The last day cannot come before the first."))
    if start < today:
        raise Invalid(_("A vacation cannot start in the past."))
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        if user.vacations.filter(start__lte=end, end__gte=start).exists():
            raise Conflict(_("That vacation overlaps one you already declared."))
        limit = allowance()
        for year in range(start.year, end.year + 1):
            wanted = _days_in_year(start, end, year)
            used = vacation_days_used(user=user, year=year)
            if used + wanted > limit:
                left = max(0, limit - used)
                raise Conflict(
                    ngettext(
                        "That is more than your allowance: %(left)d day of "
                        "vacation is left for %(year)d.",
                        "That is more than your allowance: %(left)d days of "
                        "vacation are left for %(year)d.",
                        left,
                    )
                    % {"left": left, "year": year}
                )
        starts_at = datetime.combine(start, time.min, tzinfo=tz)
        ends_at = datetime.combine(end + timedelta(days=1), time.min, tzinfo=tz)
        vacation = Vacation.objects.create(
            user=user, start=start, end=end, starts_at=starts_at, ends_at=ends_at
        )
        pivot = max(starts_at, now)
        deadlines_shift(user_id=user.pk, after=pivot, by=ends_at - pivot)
        _away_refresh(user, now)
    return vacation


def vacation_cancel(*, user, vacation_id: int) -> None:
    """Cancels a vacation that has not started; deadlines get their time back."""
    now = timezone.now()
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        vacation = user.vacations.filter(pk=vacation_id).first()
        if vacation is None:
            raise NotFound(_("There is no such vacation."))
        if vacation.starts_at <= now:
            raise Conflict(_("A vacation that has begun cannot be cancelled."))
        deadlines_shift(user_id=user.pk, after=vacation.ends_at, by=-vacation.length)
        vacation.delete()
        _away_refresh(user, now)


def vacation_end(*, user, vacation_id: int) -> int:
    """Ends the user's vacation under way now (the "I'm back" button). Returns
    the days given back to the allowance.

    The vacation now ends at this moment and its last day becomes today (the
    user's time zone; a day begun away counts as used), so the days after today
    go back to the allowance. The clocks the vacation stopped start again now:
    each pending deadline pushed past the vacation becomes now plus the time the
    player had left when the clock stopped (the whole time per move for a turn
    that came during the vacation); later vacations are still skipped. That is
    the deadline the player would have had with a vacation declared to end now:
    no time lost, none gained by leaving and coming back at once.

    Raises Vacation.DoesNotExist for a vacation that is not the user's; refused,
    changing nothing, for one not under way (not begun, or already over: a
    second click).
    """
    now = timezone.now()
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        vacation = user.vacations.get(pk=vacation_id)
        if vacation.starts_at > now:
            raise Conflict(
                _("This vacation has not begun yet; you can cancel it instead.")
            )
        if vacation.ends_at <= now:
            raise Conflict(_("This vacation is already over."))
        today = now.astimezone(user.tzinfo).date()
        days_before = vacation.days
        paused_until = vacation.ends_at
        vacation.end = max(vacation.start, min(vacation.end, today))
        vacation.ends_at = now
        vacation.save(update_fields=["end", "ends_at"])
        deadlines_resume(user_id=user.pk, paused_until=paused_until, now=now)
        _away_refresh(user, now)
    return days_before - vacation.days


def _away_refresh(user, now) -> None:
    nxt = user.vacations.filter(ends_at__gt=now).order_by("starts_at").first()
    user.away_from = nxt.starts_at if nxt else None
    user.away_until = nxt.ends_at if nxt else None
    User.objects.filter(pk=user.pk).update(
        away_from=user.away_from, away_until=user.away_until
    )
