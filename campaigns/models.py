"""Campaigns: a group of players, a game's episodes, what each player carries
from one to the next.

A campaign is of one game whose spec declares a `campaign` (games.registry.
CampaignSpec): each episode is a games.Game of it in the "campaign" mode, whose
options carry what the previous episode left each player (the engine's
`carry`), which the campaign keeps per player between episodes.
"""

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import registry
from games.bots.names import bot_name, level_rank
from games.engines.base import InvalidOptions

MIN_PLAYERS, MAX_PLAYERS = 2, 4


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


def campaign_games() -> list[registry.GameSpec]:
    """The games played as campaigns, in the lobby's order."""
    return [spec for spec in registry.GAMES if spec.campaign is not None]


def default_game() -> str:
    """The slug of the first game played as a campaign."""
    games = campaign_games()
    return games[0].slug if games else ""


class Campaign(models.Model):
    """A campaign of one game for 2 to 4 players; `chapters` null is the game's
    own."""

    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        ACTIVE = "active", _("in progress")
        FINISHED = "finished", _("finished")

    name = models.CharField(_("name"), max_length=80, blank=True)
    engine = models.CharField(_("game"), max_length=32, default=default_game)
    num_players = models.PositiveSmallIntegerField(_("players"), default=2)
    chapters = models.JSONField(
        _("chapters"),
        null=True,
        blank=True,
        help_text=_(
            "Empty for the game's own campaign; or chapters of the players' own, "
            "in the format of the game's rules page."
        ),
    )
    status = models.CharField(
        max_length=12, choices=Status, default=Status.OPEN, db_index=True
    )
    invite_token = models.CharField(
        max_length=32, unique=True, default=new_invite_token
    )
    time_per_move = models.DurationField(_("time per move"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return self.name or f"{self.spec.name} campaign #{self.pk}"

    def get_absolute_url(self):
        return reverse("campaigns:campaign", args=[self.pk])

    @property
    def spec(self) -> registry.GameSpec:
        """The game the campaign is of."""
        return registry.get(self.engine)

    def clean(self):
        """Chapters of the players' own must be what the game reads."""
        super().clean()
        if self.chapters is None:
            return
        try:
            self.spec.campaign.validate_chapters(self.chapters)
        except InvalidOptions as exc:
            raise ValidationError({"chapters": exc.reason}) from None

    @property
    def is_custom(self) -> bool:
        return self.chapters is not None


class CampaignPlayer(models.Model):
    """A player of a campaign (a person or a computer player), with the board and
    the progress circles the last closed episode left them."""

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="players"
    )
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="campaign_players",
    )
    bot_level = models.CharField(max_length=16, blank=True)  # "" for a person
    circles = models.PositiveSmallIntegerField(_("progress circles"), default=0)
    carry = models.JSONField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "position"], name="campaign_player_position"
            ),
            models.UniqueConstraint(
                fields=["campaign", "user"],
                condition=models.Q(user__isnull=False),
                name="one_place_per_user_in_campaign",
            ),
        ]

    def __str__(self):
        return f"{self.campaign} player {self.position}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def name(self) -> str:
        if self.is_bot:
            rank = level_rank(self, self.campaign.players.all())
            return bot_name(self.campaign.engine, self.bot_level, rank, gettext)
        return self.user.name if self.user else "?"


class Episode(models.Model):
    """One episode of a campaign, played as a game; closed once its results and
    boards are recorded (never twice)."""

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="episodes"
    )
    number = models.PositiveSmallIntegerField(_("episode"))
    game = models.OneToOneField(
        "games.Game", on_delete=models.PROTECT, related_name="campaign_episode"
    )
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    results = models.JSONField(null=True, blank=True)
    email_sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "number"], name="one_episode_per_number"
            ),
            models.CheckConstraint(
                condition=models.Q(number__gte=1), name="episode_number_from_one"
            ),
        ]

    def __str__(self):
        return f"{self.campaign} episode {self.number}"


class CampaignInvitation(models.Model):
    """A place in a campaign offered to an email address, waiting for an answer.

    Whoever has that address, confirmed, on their account sees the invitation on
    the campaigns page and accepts it (taking the next free place) or declines it;
    either way the row goes, as it does when the campaign starts without them. The
    inviter is never told whether the address has an account."""

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="invitations"
    )
    email = models.EmailField(_("email address"))  # lower-cased
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    email_sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["campaign", "email"], name="one_invitation_per_address"
            ),
        ]
        indexes = [models.Index(fields=["email"], name="campaign_invitation_email")]

    def __str__(self):
        return f"{self.campaign} invitation to {self.email}"


class InvitationSent(models.Model):
    """An address a person invited, kept after the invitation is answered or
    expired: counts the invitations a person sends in a day, and keeps a second
    email from the same person to the same address within a week from going
    out (`emailed_at`: when the last one did). Deleted after
    `INVITATION_SENT_KEPT` by the invitations' sweep."""

    sender = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    email = models.EmailField()  # lower-cased
    created_at = models.DateTimeField(default=timezone.now)
    emailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["sender", "created_at"], name="invitation_sent_day"),
            models.Index(fields=["sender", "email"], name="invitation_sent_address"),
        ]

    def __str__(self):
        return f"{self.sender_id} invited {self.email}"
