import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.bots.levels import DEFAULT_LEVEL, LEVELS
from games.bots.names import bot_name, level_rank

# The computer players' levels as the site names them (games/bots/levels.py).
BOT_LEVEL_LABELS = {
    "easy": pgettext_lazy("computer level", "easy"),
    "normal": pgettext_lazy("computer level", "normal"),
    "hard": pgettext_lazy("computer level", "hard"),
}
BOT_LEVEL_CHOICES = [(level, BOT_LEVEL_LABELS[level]) for level in LEVELS]
BOT_LEVEL_DEFAULT = DEFAULT_LEVEL


def new_seed() -> int:
    return secrets.randbits(62)


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


class Game(models.Model):
    """A table: its engine, options and players; `state` caches seed + moves."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        ACTIVE = "active", _("in progress")
        FINISHED = "finished", _("finished")
        ABANDONED = "abandoned", _("abandoned")

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("public")
        PRIVATE = "private", _("private (invitation link)")

    class TimeoutPolicy(models.TextChoices):
        BOT = "bot", _("the computer moves for the absent player")
        FORFEIT = "forfeit", _("the absent player forfeits")

    engine = models.CharField(_("game"), max_length=32)
    options = models.JSONField(default=dict)
    num_players = models.PositiveSmallIntegerField(default=2)
    seed = models.BigIntegerField(default=new_seed)
    status = models.CharField(max_length=12, choices=Status, default=Status.OPEN)
    visibility = models.CharField(
        max_length=12, choices=Visibility, default=Visibility.PUBLIC
    )
    invite_token = models.CharField(
        max_length=32, unique=True, default=new_invite_token
    )
    state = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    time_per_move = models.DurationField(_("time per move"), null=True, blank=True)
    timeout_policy = models.CharField(
        max_length=12, choices=TimeoutPolicy, default=TimeoutPolicy.BOT
    )
    rated = models.BooleanField(_("rated"), default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # When a computer player's move was last queued and not yet played
    # (games/services/bots.py): beat's catch-up leaves a game queued recently
    # alone, and each owner's games waiting on the computer space each other's.
    bot_queued_at = models.DateTimeField(null=True, blank=True)
    # The finished game this table is the rematch of (one rematch per game).
    rematch_of = models.OneToOneField(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rematch",
    )

    class Meta:
        indexes = [models.Index(fields=["status", "visibility", "-created_at"])]

    # The seats by position with their users, when read with the game in one
    # query (games.rows.game_with_seats); None when the game was read alone.
    seats_read: list | None = None

    def __str__(self):
        return f"{self.engine} #{self.pk}"

    def get_absolute_url(self):
        return reverse("games:game", args=[self.pk])

    def seat_list(self) -> list:
        """The seats by position: those read with the game (`seats_read`), else
        `self.seats.all()` (prefetched, or one query)."""
        if self.seats_read is not None:
            return self.seats_read
        return list(self.seats.all())

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABANDONED)


class Seat(models.Model):
    """A place at a table, held by a user or a computer player."""

    # No index of their own: (game, position) and (user, to_move) lead with them,
    # and every index is one more write at each turn (docs/benchmarks.md).
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="seats", db_index=False
    )
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="seats",
        db_index=False,
    )
    # "easy", "normal" or "hard" (BOT_LEVEL_CHOICES); "" for a person.
    bot_level = models.CharField(max_length=16, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    to_move = models.BooleanField(default=False)
    deadline = models.DateTimeField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    result_detail = models.JSONField(null=True, blank=True)
    # The seat let its time run out under the forfeit rule: the game was abandoned.
    forfeited = models.BooleanField(default=False)
    # Last time its player had the game page open (written at most every 30 s).
    seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_position"),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="one_seat_per_user",
            ),
        ]
        indexes = [
            models.Index(fields=["user", "to_move"]),
            models.Index(
                fields=["deadline"],
                condition=models.Q(to_move=True, deadline__isnull=False),
                name="seat_pending_deadline",
            ),
        ]

    def __str__(self):
        return f"{self.game} seat {self.position}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def name(self) -> str:
        if self.is_bot:
            # Its own name at this table, translated (games/bots/names.py).
            rank = level_rank(self, self.game.seat_list())
            return bot_name(self.game.engine, self.bot_level, rank, gettext)
        return self.user.name if self.user else "?"


class Move(models.Model):
    """One applied decision. Append-only; `log` holds its line per language and viewer."""

    # No index of its own: (game, seq) leads with it.
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="moves", db_index=False
    )
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    move = models.JSONField()
    log = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="move_seq"),
        ]

    def __str__(self):
        return f"{self.game} move {self.seq}"


class Notification(models.Model):
    """One email, written in the transaction that caused it (an outbox).

    Unique keys make every email exactly-once: a turn or a game's end per
    (user, game, kind, version), a reminder per (user, game, deadline), a digest
    per (user, day). A task sends a row only if it can claim it (`next_attempt_at`
    due), so duplicated or retried tasks send nothing twice.
    """

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", _("your turn")
        REMINDER = "reminder", _("reminder")
        GAME_OVER = "game_over", _("game over")
        TIMEOUT = "timeout", _("time ran out")
        DIGEST = "digest", _("daily digest")
        REMATCH = "rematch", _("rematch offer")

    class State(models.TextChoices):
        PENDING = "pending", _("pending")
        SENT = "sent", _("sent")
        SKIPPED = "skipped", _("skipped")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(max_length=12, choices=Kind)
    version = models.PositiveIntegerField(default=0)
    deadline = models.DateTimeField(null=True, blank=True)
    day = models.DateField(null=True, blank=True)
    state = models.CharField(max_length=8, choices=State, default=State.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)
    detail = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "kind", "version"],
                condition=models.Q(kind__in=["your_turn", "game_over", "timeout"]),
                name="notification_once_per_version",
            ),
            models.UniqueConstraint(
                fields=["user", "game", "deadline"],
                condition=models.Q(kind="reminder"),
                name="notification_reminder_once_per_deadline",
            ),
            models.UniqueConstraint(
                fields=["user", "day"],
                condition=models.Q(kind="digest"),
                name="notification_digest_once_per_day",
            ),
        ]
        indexes = [
            models.Index(
                fields=["next_attempt_at"],
                condition=models.Q(state="pending"),
                name="notification_pending",
            )
        ]

    def __str__(self):
        return f"{self.kind} to {self.user_id} ({self.state})"


class CancelledTable(models.Model):
    """A table its creator cancelled before it started (the game row is gone):
    kept so that its players find a page that says so instead of a bare 404."""

    game_id = models.PositiveBigIntegerField(primary_key=True)
    engine = models.CharField(max_length=32)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # The users who held a seat when it was cancelled (ids).
    players = models.JSONField(default=list)
    cancelled_at = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"{self.engine} #{self.game_id} (cancelled)"


class SentForm(models.Model):
    """A form that makes something (a table, a campaign, an imported record) sent
    once: its one-time token's nonce, consumed in the transaction that made the
    thing, and where that thing is, for a second post of the same form
    (games/services/once.py)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    nonce = models.CharField(max_length=32)
    url = models.CharField(max_length=400, blank=True)
    sent_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "nonce"], name="sent_form_once")
        ]

    def __str__(self):
        return f"form {self.nonce} of user {self.user_id}"
