import datetime
import zoneinfo

from django.conf import settings
from django.contrib.auth.base_user import BaseUserManager
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class UserManager(BaseUserManager):
    use_in_migrations = True

    def _create_user(self, email, password, **extra):
        if not email:
            raise ValueError("An email address is required.")
        user = self.model(email=self.normalize_email(email), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email=None, password=None, **extra):
        extra.setdefault("is_staff", False)
        extra.setdefault("is_superuser", False)
        return self._create_user(email, password, **extra)

    def create_superuser(self, email=None, password=None, **extra):
        extra.update(is_staff=True, is_superuser=True)
        return self._create_user(email, password, **extra)


DEFAULT_TIMEZONE = "UTC"


def timezone_choices():
    return [(name, name) for name in sorted(zoneinfo.available_timezones())]


class User(AbstractUser):
    """A person: signs in with an email address and shows a display name."""

    class Language(models.TextChoices):
        ENGLISH = "en", _("English")
        FRENCH = "fr", _("French")

    username = None
    email = models.EmailField(_("email address"), unique=True)
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    language = models.CharField(
        _("language"), max_length=8, choices=Language, default=Language.ENGLISH
    )
    timezone = models.CharField(_("time zone"), max_length=64, default=DEFAULT_TIMEZONE)

    class TurnEmails(models.TextChoices):
        EVERY = "every", _("An email every time it is my turn")
        DIGEST = "digest", _("One daily digest of the games waiting for me")
        NONE = "none", _("No email")

    turn_emails = models.CharField(
        _("your-turn emails"),
        max_length=8,
        choices=TurnEmails,
        default=TurnEmails.EVERY,
    )
    digest_hour = models.PositiveSmallIntegerField(
        _("digest hour"),
        default=8,
        choices=[(h, f"{h:02d}:00") for h in range(24)],
        help_text=_("When the daily digest is sent, in your time zone."),
    )
    reminder_emails = models.BooleanField(
        _("reminders"),
        default=True,
        help_text=_("An email when a fifth of your time for a move is left."),
    )
    game_over_emails = models.BooleanField(
        _("game-over emails"),
        default=True,
        help_text=_(
            "An email with the result when a game ends, and when a player offers "
            "you a rematch."
        ),
    )
    invitation_emails = models.BooleanField(
        _("campaign invitations"),
        default=True,
        help_text=_("An email when someone invites you to a campaign."),
    )
    confirm_moves = models.BooleanField(
        _("confirm before sending a move"),
        default=False,
        help_text=_("The game page asks before it sends a move, against misclicks."),
    )
    # When the next daily digest is due (UTC), kept by the digest sweep.
    digest_next_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # The current or next vacation, copied from Vacation so that pages and the
    # sweeps read it without a join; refreshed when a vacation ends.
    away_from = models.DateTimeField(null=True, blank=True)
    away_until = models.DateTimeField(null=True, blank=True)

    objects = UserManager()

    USERNAME_FIELD = "email"
    REQUIRED_FIELDS = []

    def __str__(self):
        return self.name

    @property
    def name(self) -> str:
        return self.display_name or self.email.split("@")[0]

    @property
    def tzinfo(self) -> zoneinfo.ZoneInfo:
        try:
            return zoneinfo.ZoneInfo(self.timezone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo("UTC")

    @property
    def on_vacation(self) -> bool:
        if self.away_from is None or self.away_until is None:
            return False
        return self.away_from <= timezone.now() < self.away_until

    def digest_next_time(self, *, after: datetime.datetime) -> datetime.datetime:
        """The next time, strictly after `after`, that the user's digest hour
        strikes in their time zone (DST-aware)."""
        tz = self.tzinfo
        day = after.astimezone(tz).date()
        for offset in range(3):
            candidate = datetime.datetime.combine(
                day + datetime.timedelta(days=offset),
                datetime.time(self.digest_hour),
                tzinfo=tz,
            )
            if candidate > after:
                return candidate
        raise AssertionError("unreachable")


class Vacation(models.Model):
    """A declared absence: the person's deadlines are paused for its length.

    `start` and `end` are the days as the person chose them (both included, in
    their time zone); `starts_at`/`ends_at` are the same span in UTC. A person
    back early ends it then: `ends_at` becomes that moment, `end` that day.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["starts_at"]
        indexes = [models.Index(fields=["user", "ends_at"])]

    def __str__(self):
        return f"{self.user} {self.start}..{self.end}"

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1

    @property
    def length(self):
        return self.ends_at - self.starts_at
