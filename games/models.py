import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


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
    status = models.CharField(
        max_length=12, choices=Status, default=Status.OPEN, db_index=True
    )
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

    class Meta:
        indexes = [models.Index(fields=["status", "visibility", "-created_at"])]

    def __str__(self):
        return f"{self.engine} #{self.pk}"

    def get_absolute_url(self):
        return reverse("games:game", args=[self.pk])

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABANDONED)


class Seat(models.Model):
    """A place at a table, held by a user or a computer player."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="seats",
    )
    bot_level = models.CharField(max_length=16, blank=True)  # "" for a person
    joined_at = models.DateTimeField(auto_now_add=True)
    to_move = models.BooleanField(default=False)
    deadline = models.DateTimeField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    result_detail = models.JSONField(null=True, blank=True)

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
        indexes = [models.Index(fields=["user", "to_move"])]

    def __str__(self):
        return f"{self.game} seat {self.position}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def name(self) -> str:
        if self.is_bot:
            return str(_("Computer"))
        return self.user.name if self.user else "?"


class Move(models.Model):
    """One applied decision. Append-only; `log` holds its line per language and viewer."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
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
