"""Replay snapshots, imported game records, ratings and the per-game rated marker."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class Snapshot(models.Model):
    """The engine state of a game after its first `seq` moves (a cache for replays).

    Deterministic from the seed and the moves, so a row is never wrong once written;
    deleting every row only makes replays slower.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    state = models.JSONField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="snapshot_seq"),
        ]

    def __str__(self):
        return f"{self.game} after move {self.seq}"


class ImportedRecord(models.Model):
    """A game record someone imported; it replayed to its stated outcome."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    engine = models.CharField(_("game"), max_length=32)
    record = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.engine} record #{self.pk}"


class Rating(models.Model):
    """A player's skill at one game (openskill's mu and sigma)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    engine = models.CharField(_("game"), max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    # mu - 3 sigma: what leaderboards sort by (a cautious estimate of skill).
    ordinal = models.FloatField(db_index=True)
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "engine"], name="rating_per_game"),
        ]
        indexes = [models.Index(fields=["engine", "-ordinal"])]

    def __str__(self):
        return f"{self.user} {self.engine} {self.display}"

    @property
    def display(self) -> int:
        """The number players see: the ordinal on a 0-3000 like scale, never below 0."""
        return max(0, round(self.ordinal * 40 + 1000))


class RatedGame(models.Model):
    """Marks a game whose result went into the ratings, so that it counts once."""

    game = models.OneToOneField(
        Game, on_delete=models.CASCADE, primary_key=True, related_name="rated_marker"
    )
    rated_at = models.DateTimeField(auto_now_add=True)
    # Per user id: [display before, display after]; empty when nothing was rated.
    changes = models.JSONField(default=dict)

    def __str__(self):
        return f"{self.game} rated"
