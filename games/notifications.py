"""Asynchronous turns: the email outbox, sending, digests, reminders and deadlines.

How it fits together:

- `on_state_changed` listens to `games.events.state_changed`, inside the move's
  transaction: it writes one `Notification` row per email the move causes (an
  outbox) and registers their sending with `transaction.on_commit`; a "your
  turn" row waits `TURN_EMAIL_DELAY_SECONDS` (a minute) and longer for a
  player looking at the page (`POSTPONE`): `outbox_sweep` sends it when due,
  unless the player has moved since (and waits again if they are looking).
- `notification_send` sends one row, exactly once: it first *claims* the row
  (a conditional UPDATE that moves `next_attempt_at` a lease ahead), then checks
  that the email still makes sense (a move made since "your turn" was written
  sends nothing), sends, and marks the row sent. A failed send releases the row
  with a backoff; a worker killed mid-send leaves a lease that expires, after
  which `outbox_sweep` sends it.
- The sweeps run from Celery beat (`config/celery.py`). Each is one query over
  the due rows (never a loop over games) and safe to run twice at once: what
  they write is guarded by unique keys, what they queue is guarded by claims and
  by the game's version.
- Deadlines: `seat_timeout` applies the table's timeout rule under the game row
  lock, only if the game's version is still the one the sweep saw, so a
  timeout and the player's own move never both apply.
- Vacations pause deadlines: declaring one shifts the pending deadlines by its
  length; a deadline set before or during a vacation skips it; no timeout or
  reminder fires while the player is away; coming back early restarts the
  paused clocks (`deadlines_resume`).
"""

from __future__ import annotations

import email.policy
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import (
    DateTimeField,
    DurationField,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Q,
    Subquery,
    Value,
)
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from games import engines

from . import rows as sql_rows
from .events import state_changed
from .models import Game, Move, Notification, Seat

log = logging.getLogger(__name__)

LEASE = timedelta(minutes=5)  # a claimed row is retried after this if not sent
PRESENCE_WRITE_SECONDS = 30  # the game page writes Seat.seen_at at most this often
PRESENCE_WINDOW = timedelta(seconds=75)  # "looking at the page" if seen this recently
POSTPONE = timedelta(minutes=2)  # a "your turn" email waits this long per look
SWEEP_BATCH = 1000
MAX_TIMEOUT_MOVES = 50
UNSUBSCRIBE_SALT = "notifications.unsubscribe"
UNSUBSCRIBE_MAX_AGE = 90 * 24 * 3600
RETRY_MAX_SECONDS = 3600
KEEP_SENT = timedelta(days=120)  # sent and skipped rows are deleted after this

Kind = Notification.Kind
State = Notification.State


def _retry_base() -> float:
    return float(getattr(settings, "NOTIFICATION_RETRY_SECONDS", 30))


def _turn_email_delay() -> timedelta:
    """How long a "your turn" email waits before it is sent (settings:
    TURN_EMAIL_DELAY_SECONDS; 0 sends it as soon as the move is saved)."""
    return timedelta(seconds=float(getattr(settings, "TURN_EMAIL_DELAY_SECONDS", 60)))


def backoff(attempts: int) -> float:
    """Seconds to wait before attempt `attempts + 1` after `attempts` failures."""
    return min(RETRY_MAX_SECONDS, _retry_base() * 2 ** max(0, attempts - 1))


# --- presence: no "your turn" email while the page is open -----------------------------


def presence_mark(*, game_id: int, user) -> None:
    """The user has the game's page open. Cheap: at most one UPDATE per 30 s."""
    if not user.is_authenticated:
        return
    key = f"presence:{game_id}:{user.pk}"
    if cache.add(key, 1, timeout=PRESENCE_WRITE_SECONDS):
        Seat.objects.filter(game_id=game_id, user_id=user.pk).update(
            seen_at=timezone.now()
        )


def _present(seat: Seat, now: datetime) -> bool:
    """The seat's player has had the game page open very recently."""
    return bool(seat.seen_at and seat.seen_at >= now - PRESENCE_WINDOW)


# --- the outbox: rows written with the move ------------------------------------------


def on_state_changed(sender, *, game, engine, seats, newly_to_move, finished, **kw):
    """Receiver of `state_changed`; the caller holds the game row lock."""
    from accounts.models import User

    now = timezone.now()
    waiting = [s for s in newly_to_move if s.user_id] if not finished else []
    ended = [s for s in seats if s.user_id] if finished else []
    user_ids = {s.user_id for s in waiting + ended}
    if not user_ids:
        return
    # The move service loads the seats with their users: no second lookup then.
    users = {
        s.user_id: s.user
        for s in waiting + ended
        if Seat.user.is_cached(s) and s.user is not None
    }
    if len(users) < len(user_ids):
        users = {
            u.pk: u
            for u in User.objects.filter(pk__in=user_ids).only(
                "id", "turn_emails", "game_over_emails", "away_from", "away_until"
            )
        }
    if game.time_per_move:
        away = [
            s
            for s in waiting
            if s.deadline
            and users[s.user_id].away_until
            and users[s.user_id].away_until > now
        ]
        if away:
            _deadlines_skip_vacations(away, game.time_per_move, now)
    # A "your turn" email waits a little (TURN_EMAIL_DELAY_SECONDS): a player
    # who moves in the meantime gets none (the send checks again), so a quick
    # exchange of moves sends no email per move. A player
    # looking at the game page waits longer, as a worker would make them wait
    # (POSTPONE). Either way no task is queued with the move: the outbox sweep
    # takes the row when it is due.
    delay = _turn_email_delay()
    rows = [
        Notification(
            user_id=s.user_id,
            game=game,
            kind=Kind.YOUR_TURN,
            version=game.version,
            next_attempt_at=now + (POSTPONE if _present(s, now) else delay),
        )
        for s in waiting
        if users[s.user_id].turn_emails == "every"
    ]
    rows += [
        Notification(
            user_id=s.user_id, game=game, kind=Kind.GAME_OVER, version=game.version
        )
        for s in ended
        if users[s.user_id].game_over_emails
    ]
    _write_and_queue(rows)


def rematch_offered(*, game: Game, by, seats: list[Seat]) -> None:
    """The other people of the finished game hear of the rematch `by` offered
    (`game` is the new table), if they take emails about their games' results.
    Caller holds the lock; sent after the commit."""
    rows = [
        Notification(user_id=s.user_id, game=game, kind=Kind.REMATCH, version=0)
        for s in seats
        if s.user_id and s.user_id != by.pk and s.user.game_over_emails
    ]
    _write_and_queue(rows)


def _write_and_queue(rows: list[Notification]) -> None:
    """Writes the rows; those due now are queued after the commit, the others
    are left to the outbox sweep."""
    if not rows:
        return
    now = timezone.now()
    sql_rows.insert(rows)  # as bulk_create, at a fraction of its cost per move
    ids = [n.pk for n in rows if n.next_attempt_at <= now]
    if ids:
        transaction.on_commit(lambda: enqueue_sends(ids))


def enqueue_sends(ids) -> None:
    """Queues one send task per row; a broker failure is left to `outbox_sweep`."""
    from games.tasks import notification_send_task

    for notification_id in ids:
        try:
            notification_send_task.delay(notification_id)
        except Exception:  # the row stays pending; the outbox sweep retries it
            log.exception("could not queue notification %s", notification_id)


# --- sending ----------------------------------------------------------------------------


@dataclass
class SendFailed(Exception):
    """The mail server refused or could not be reached; retry in `retry_in` s."""

    notification_id: int
    retry_in: float
    reason: str

    def __str__(self):
        return f"notification {self.notification_id}: {self.reason}"


def _claim(notification_id: int, now: datetime) -> bool:
    """Takes the row for one send attempt; False if sent, skipped or held."""
    return bool(
        Notification.objects.filter(
            pk=notification_id, state=State.PENDING, next_attempt_at__lte=now
        ).update(next_attempt_at=now + LEASE)
    )


def notification_send(*, notification_id: int) -> str:
    """Sends one outbox row at most once: 'sent', 'skipped', 'postponed' or 'busy'.

    Raises SendFailed (after releasing the row with a backoff) when SMTP fails.
    """
    now = timezone.now()
    if not _claim(notification_id, now):
        return "busy"
    notification = (
        Notification.objects.select_related("user", "game")
        .filter(pk=notification_id)
        .first()
    )
    if notification is None:
        return "busy"
    verdict = _still_wanted(notification, now)
    if verdict == "postpone":
        Notification.objects.filter(pk=notification_id).update(
            next_attempt_at=now + POSTPONE
        )
        return "postponed"
    if verdict:
        Notification.objects.filter(pk=notification_id).update(
            state=State.SKIPPED, detail=verdict[:200]
        )
        return "skipped"
    try:
        message = compose(notification)
        message.send()
    except Exception as exc:  # SMTP errors, refused connections, timeouts
        attempts = notification.attempts + 1
        wait = backoff(attempts)
        Notification.objects.filter(pk=notification_id).update(
            attempts=attempts,
            next_attempt_at=timezone.now() + timedelta(seconds=wait),
            detail=f"{type(exc).__name__}: {exc}"[:200],
        )
        raise SendFailed(notification_id, wait, str(exc)) from exc
    Notification.objects.filter(pk=notification_id).update(
        state=State.SENT,
        sent_at=timezone.now(),
        attempts=F("attempts") + 1,
        detail="",
    )
    return "sent"


def _seat_of(notification) -> Seat | None:
    return Seat.objects.filter(
        game_id=notification.game_id, user_id=notification.user_id
    ).first()


def _still_wanted(n: Notification, now: datetime) -> str:
    """'' to send; 'postpone'; or why the email is no longer wanted."""
    user = n.user
    if not user.is_active:
        return "inactive user"
    if n.kind == Kind.DIGEST:
        if user.turn_emails != "digest":
            return "digest no longer chosen"
        if not _waiting_seats(user).exists():
            return "nothing waits"
        return ""
    if n.kind == Kind.GAME_OVER:
        return "" if user.game_over_emails else "game-over emails off"
    if n.kind == Kind.REMATCH:
        if not user.game_over_emails:
            return "game-over emails off"
        if n.game is None or n.game.status != Game.Status.OPEN:
            return "rematch no longer open"
        if _seat_of(n) is not None:
            return "already joined the rematch"
        return ""
    if n.kind == Kind.TIMEOUT:
        return "" if user.reminder_emails else "reminders off"
    game = n.game
    if game is None or game.status != Game.Status.ACTIVE:
        return "game no longer in progress"
    seat = _seat_of(n)
    if seat is None or not seat.to_move:
        return "overtaken: already moved"
    if n.kind == Kind.YOUR_TURN:
        if user.turn_emails != "every":
            return "turn emails off"
        # The turn may have come back since: a move of this seat after the row
        # was written means this turn is over (the next one has its own row).
        if Move.objects.filter(
            game_id=n.game_id, seat=seat.position, seq__gt=n.version
        ).exists():
            return "overtaken: already moved"
        if _present(seat, now):
            return "postpone"
        return ""
    if n.kind == Kind.REMINDER:
        if not user.reminder_emails:
            return "reminders off"
        if seat.deadline != n.deadline:
            return "overtaken: deadline changed"
        if user.on_vacation:
            return "on vacation"
        return ""
    return f"unknown kind {n.kind}"


def _waiting_seats(user):
    return (
        Seat.objects.filter(user=user, to_move=True, game__status=Game.Status.ACTIVE)
        .select_related("game")
        .order_by("deadline", "game_id")
    )


# --- composing -----------------------------------------------------------------------


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def unsubscribe_token(*, user_id: int, kind: str) -> str:
    return signing.dumps({"u": user_id, "k": kind}, salt=UNSUBSCRIBE_SALT)


def unsubscribe_read(token: str) -> tuple[int, str]:
    """(user id, kind) from a token; raises signing.SignatureExpired/BadSignature."""
    data = signing.loads(token, salt=UNSUBSCRIBE_SALT, max_age=UNSUBSCRIBE_MAX_AGE)
    if not isinstance(data, dict) or "u" not in data or "k" not in data:
        raise signing.BadSignature("malformed")
    return int(data["u"]), str(data["k"])


def _game_context(game: Game, user) -> dict:
    seats = list(game.seats.select_related("user"))
    mine = next((s for s in seats if s.user_id == user.pk), None)
    return {
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
        context["waiting"] = list(_waiting_seats(user)[:50])
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
        subject = " ".join(
            render_to_string(f"emails/{n.kind}_subject.txt", context).split()
        )
        text = render_to_string(f"emails/{n.kind}.txt", context)
        html = render_to_string(f"emails/{n.kind}.html", context)
    message = NotificationEmail(
        subject=subject,
        body=text,
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
            "Content-Language": user.language,
        },
    )
    message.attach_alternative(html, "text/html")
    return message


# --- sweeps (Celery beat) ------------------------------------------------------------


def _not_away(now: datetime, prefix: str = "user__") -> Q:
    return (
        Q(**{f"{prefix}away_until__isnull": True})
        | Q(**{f"{prefix}away_until__lte": now})
        | Q(**{f"{prefix}away_from__gt": now})
    )


def outbox_sweep(now: datetime | None = None) -> int:
    """Queues the pending rows that are due: new ones whose task was lost,
    failed ones whose backoff is over, claimed ones whose worker died."""
    now = now or timezone.now()
    # Old rows serve no key any more (a deadline is at most weeks away): prune.
    Notification.objects.exclude(state=State.PENDING).filter(
        created_at__lt=now - KEEP_SENT
    ).delete()
    ids = list(
        Notification.objects.filter(state=State.PENDING, next_attempt_at__lte=now)
        .order_by("next_attempt_at")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )
    enqueue_sends(ids)
    return len(ids)


def reminders_sweep(now: datetime | None = None) -> int:
    """Writes and queues a reminder for every seat with a fifth of its time left."""
    now = now or timezone.now()
    already = Notification.objects.filter(
        kind=Kind.REMINDER,
        user=OuterRef("user"),
        game=OuterRef("game"),
        deadline=OuterRef("deadline"),
    )
    due = (
        Seat.objects.filter(
            to_move=True,
            deadline__gt=now,
            game__status=Game.Status.ACTIVE,
            game__time_per_move__isnull=False,
            user__reminder_emails=True,
            user__is_active=True,
        )
        .filter(_not_away(now))
        .alias(
            five_times_left=ExpressionWrapper(
                (F("deadline") - Value(now, output_field=DateTimeField())) * 5,
                output_field=DurationField(),
            )
        )
        .filter(five_times_left__lte=F("game__time_per_move"))
        .filter(~Exists(already))
        .values_list("user_id", "game_id", "game__version", "deadline")[:SWEEP_BATCH]
    )
    rows = [
        Notification(
            user_id=user_id,
            game_id=game_id,
            kind=Kind.REMINDER,
            version=version,
            deadline=deadline,
            created_at=now,
        )
        for user_id, game_id, version, deadline in due
    ]
    return _write_sweep_rows(rows, Kind.REMINDER, now)


def deadlines_sweep(now: datetime | None = None) -> int:
    """Queues the timeout of every seat past its deadline (not on vacation)."""
    from games.tasks import seat_timeout_task

    now = now or timezone.now()
    vacations_refresh(now=now)
    due = list(
        Seat.objects.filter(
            to_move=True, deadline__lte=now, game__status=Game.Status.ACTIVE
        )
        .filter(_not_away(now))
        .values_list("game_id", "pk", "game__version")
        .order_by("deadline")[:SWEEP_BATCH]
    )
    for game_id, seat_id, version in due:
        try:
            seat_timeout_task.delay(game_id, seat_id, version)
        except Exception:  # the next sweep finds the seat again
            log.exception("could not queue the timeout of seat %s", seat_id)
    return len(due)


def digests_sweep(now: datetime | None = None) -> int:
    """Writes and queues today's digest for every user whose digest hour has come."""
    from accounts.models import User
    from accounts.services import digest_next_time

    now = now or timezone.now()
    # Chosen outside the preferences page (the admin, a script): schedule it.
    unscheduled = list(
        User.objects.filter(
            turn_emails=User.TurnEmails.DIGEST, digest_next_at__isnull=True
        ).only("id", "timezone", "digest_hour")[:SWEEP_BATCH]
    )
    for u in unscheduled:
        u.digest_next_at = digest_next_time(user=u, after=now)
    if unscheduled:
        User.objects.bulk_update(unscheduled, ["digest_next_at"])
    due = list(
        User.objects.filter(
            turn_emails=User.TurnEmails.DIGEST, digest_next_at__lte=now, is_active=True
        )
        .annotate(
            has_waiting=Exists(
                Seat.objects.filter(
                    user=OuterRef("pk"), to_move=True, game__status=Game.Status.ACTIVE
                )
            )
        )
        .only("id", "timezone", "digest_hour", "digest_next_at")[:SWEEP_BATCH]
    )
    if not due:
        return 0
    rows = [
        Notification(
            user_id=u.pk,
            kind=Kind.DIGEST,
            day=u.digest_next_at.astimezone(u.tzinfo).date(),
            created_at=now,
        )
        for u in due
        if u.has_waiting
    ]
    for u in due:
        u.digest_next_at = digest_next_time(user=u, after=now)
    User.objects.bulk_update(due, ["digest_next_at"])
    return _write_sweep_rows(rows, Kind.DIGEST, now)


def _write_sweep_rows(rows: list[Notification], kind: str, now: datetime) -> int:
    """Writes a sweep's rows (those already there are left alone) and queues the
    ones written now; returns how many. Rows a concurrent sweep wrote first carry
    its own `now` and are its to queue."""
    if not rows:
        return 0
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    ids = list(
        Notification.objects.filter(kind=kind, created_at=now).values_list(
            "pk", flat=True
        )
    )
    enqueue_sends(ids)
    return len(ids)


# --- deadlines -----------------------------------------------------------------------


def seat_timeout(*, game_id: int, seat_id: int, version: int) -> str:
    """Applies the timeout rule to a seat past its deadline, if nothing moved since.

    Returns 'bot' (a computer player moved for the seat), 'forfeit', or why
    nothing was done. Under the game row lock and only at `version`: a move that
    got in first makes this a no-op, and a move that comes second finds a new
    version and is refused as stale.
    """
    from games import services
    from games.bots import choose_move

    now = timezone.now()
    with transaction.atomic():
        try:
            game = services._locked(game_id)
        except services.Rejected:
            return "no game"
        if game.status != Game.Status.ACTIVE:
            return "not active"
        if game.version != version:
            return "overtaken"
        seats = list(game.seats.select_related("user"))
        seat = next((s for s in seats if s.pk == seat_id), None)
        if seat is None or not seat.to_move or not seat.deadline:
            return "not waiting"
        if seat.deadline > now:
            return "not due"
        if seat.user and seat.user.on_vacation:
            return "on vacation"
        engine = engines.get(game.engine)
        if seat.is_bot or game.timeout_policy == Game.TimeoutPolicy.BOT:
            for _ in range(MAX_TIMEOUT_MOVES):
                if game.status != Game.Status.ACTIVE:
                    break
                if seat.position not in engine.to_move(game.state):
                    break
                move = choose_move(
                    engine, game.state, seat.position, seed=game.seed + game.version
                )
                services._apply(game, engine, seats, seat.position, move)
            if seat.user_id and seat.user.reminder_emails:
                _write_and_queue(
                    [
                        Notification(
                            user_id=seat.user_id,
                            game=game,
                            kind=Kind.TIMEOUT,
                            version=version,
                        )
                    ]
                )
            return "bot"
        _forfeit(game, engine, seats, seat, now)
        return "forfeit"


def _forfeit(game, engine, seats, absent, now) -> None:
    """Caller holds the lock. The game ends abandoned by `absent`; the others'
    results stand (they share first place); the engine is not asked."""
    game.status = Game.Status.ABANDONED
    game.finished_at = now
    game.version += 1  # so that open pages refresh; no Move is appended
    game.save(update_fields=["status", "finished_at", "version"])
    for s in seats:
        s.to_move, s.deadline = False, None
        if s is absent:
            s.forfeited = True
            s.rank = len(seats)
            s.result_detail = {"forfeit": True}
        else:
            s.rank = 1
            s.result_detail = {"forfeit_by": absent.position}
    Seat.objects.bulk_update(
        seats, ["to_move", "deadline", "forfeited", "rank", "result_detail"]
    )
    state_changed.send(
        sender=Game,
        game=game,
        engine=engine,
        seats=seats,
        newly_to_move=[],
        finished=True,
        by_bot=False,
    )


# --- vacations -----------------------------------------------------------------------


def deadline_skipping(start: datetime, duration: timedelta, vacations) -> datetime:
    """When `duration` of clock time started at `start` runs out, the clock being
    stopped during each (starts_at, ends_at) vacation. Vacations don't overlap."""
    t, remaining = start, duration
    for starts_at, ends_at in sorted(vacations):
        if ends_at <= t:
            continue
        if starts_at >= t + remaining:
            break
        remaining -= max(timedelta(0), starts_at - t)
        t = ends_at
    return t + remaining


def _deadlines_skip_vacations(seats, duration: timedelta, now: datetime) -> None:
    """Caller holds the lock; the seats' deadlines were just set to now + duration."""
    from accounts.models import Vacation

    spans: dict[int, list] = {}
    for user_id, starts_at, ends_at in Vacation.objects.filter(
        user_id__in={s.user_id for s in seats}, ends_at__gt=now
    ).values_list("user_id", "starts_at", "ends_at"):
        spans.setdefault(user_id, []).append((starts_at, ends_at))
    changed = []
    for seat in seats:
        deadline = deadline_skipping(now, duration, spans.get(seat.user_id, []))
        if deadline != seat.deadline:
            seat.deadline = deadline
            changed.append(seat)
    if changed:
        Seat.objects.bulk_update(changed, ["deadline"])


def deadlines_shift(*, user_id: int, after: datetime, by: timedelta) -> int:
    """Moves the user's pending deadlines later than `after` by `by` (one UPDATE)."""
    return Seat.objects.filter(
        user_id=user_id,
        to_move=True,
        deadline__gt=after,
        game__status=Game.Status.ACTIVE,
    ).update(deadline=F("deadline") + by)


def deadlines_resume(*, user_id: int, paused_until: datetime, now: datetime) -> int:
    """The player is back at `now` from a vacation that was to end at
    `paused_until`: each pending deadline pushed past that end restarts now with
    the clock time it had left when it stopped (the whole time per move for a
    turn that came during the vacation), later vacations still skipped. That is
    what `deadline_skipping` gives had the vacation been declared to end now.
    The caller holds the user's row lock."""
    from accounts.models import Vacation

    later = list(
        Vacation.objects.filter(user_id=user_id, ends_at__gt=paused_until)
        .order_by("starts_at")
        .values_list("starts_at", "ends_at")
    )
    seats = list(
        Seat.objects.select_for_update(of=("self",))
        .filter(
            user_id=user_id,
            to_move=True,
            deadline__gt=paused_until,
            game__status=Game.Status.ACTIVE,
        )
        .only("pk", "deadline")
    )
    for seat in seats:
        left = seat.deadline - paused_until
        for starts_at, ends_at in later:  # clock stopped then too
            left -= max(timedelta(0), min(ends_at, seat.deadline) - starts_at)
        seat.deadline = deadline_skipping(now, left, later)
    Seat.objects.bulk_update(seats, ["deadline"])
    return len(seats)


def vacations_refresh(*, now: datetime | None = None) -> int:
    """Copies each user's next vacation onto the user once the last one ended."""
    from accounts.models import User, Vacation

    now = now or timezone.now()
    upcoming = Vacation.objects.filter(user=OuterRef("pk"), ends_at__gt=now).order_by(
        "starts_at"
    )
    return User.objects.filter(away_until__lte=now).update(
        away_from=Subquery(upcoming.values("starts_at")[:1]),
        away_until=Subquery(upcoming.values("ends_at")[:1]),
    )
