"""Tables: creating one, joining, computer players, leaving, rematches, the start."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import engines
from games.bots import LEVELS
from games.engines import InvalidOptions
from games.errors import Conflict, Invalid, NotAllowed, NotFound

from ..events import rematch_offered, table_changed
from ..models import BOT_LEVEL_DEFAULT, CancelledTable, Game, Seat
from .core import game_locked, state_changed_after


def game_create(
    *,
    creator,
    engine_slug: str,
    num_players: int,
    options: dict,
    visibility: str = Game.Visibility.PUBLIC,
    time_per_move=None,
    timeout_policy: str = Game.TimeoutPolicy.BOT,
    rated: bool = True,
) -> Game:
    try:
        engine = engines.get(engine_slug)
    except KeyError:
        raise NotFound(_("There is no such game.")) from None
    if not engine.min_players <= num_players <= engine.max_players:
        raise Invalid(_("That game is not played with that many players."))
    try:
        options = engine.validate_options(num_players, options)
    except InvalidOptions as exc:
        raise Invalid(exc.reason) from None
    with transaction.atomic():
        _lock_person(creator)
        limit = settings.TABLES_PER_HOUR
        since = timezone.now() - timedelta(hours=1)
        if Game.objects.filter(created_by=creator, created_at__gte=since).count() >= (
            limit
        ):
            raise Conflict(
                ngettext(
                    "You can open at most %(n)d table an hour: try again later.",
                    "You can open at most %(n)d tables an hour: try again later.",
                    limit,
                )
                % {"n": limit}
            )
        game = Game.objects.create(
            engine=engine_slug,
            num_players=num_players,
            options=options,
            visibility=visibility,
            time_per_move=time_per_move,
            timeout_policy=timeout_policy,
            rated=rated,
            created_by=creator,
        )
        Seat.objects.create(game=game, position=0, user=creator)
    return game


def _lock_person(user) -> None:
    """Locks the person's row: their limits are counted one request at a time."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()


def _computer_tables_allowed(user) -> None:
    """Refuses another table with computer players to a person who already
    keeps COMPUTER_TABLES_PER_ACCOUNT of them open or under way. Caller holds
    the game's row lock; the person's row is locked here."""
    _lock_person(user)
    limit = settings.COMPUTER_TABLES_PER_ACCOUNT
    kept = (
        Game.objects.filter(
            created_by=user, status__in=[Game.Status.OPEN, Game.Status.ACTIVE]
        )
        .filter(seats__bot_level__gt="")
        .distinct()
        .count()
    )
    if kept >= limit:
        raise Conflict(
            ngettext(
                "You already have %(n)d table with computer players open or "
                "under way: finish or leave it before you start another.",
                "You already have %(n)d tables with computer players open or "
                "under way: finish or leave one before you start another.",
                limit,
            )
            % {"n": limit}
        )


def _table_changed(game: Game) -> None:
    """An open table's seats changed: announced (`table_changed`), so that its
    people's pages hear of it after the commit."""
    user_ids = [s.user_id for s in game.seats.all() if s.user_id]
    table_changed.send(sender=Game, game=game, user_ids=[game.created_by_id, *user_ids])


def seat_join(*, game_id: int, user) -> Game:
    """Takes the next free seat; the game starts when the table is full."""
    with transaction.atomic():
        game = game_locked(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(_("This table is no longer open."))
        seats = list(game.seats.all())
        if any(s.user_id == user.pk for s in seats):
            raise Conflict(_("You already have a seat at this table."))
        try:
            with transaction.atomic():
                Seat.objects.create(game=game, position=len(seats), user=user)
        except IntegrityError:
            raise Conflict(_("That seat was just taken.")) from None
        if len(seats) + 1 == game.num_players:
            game_start(game)
        else:
            _table_changed(game)
    return game


def seat_add_bot(*, game_id: int, user, level: str = BOT_LEVEL_DEFAULT) -> Game:
    """The table's creator fills the next free seat with a computer player of
    that level (easy, normal or hard)."""
    if level not in LEVELS:
        raise Invalid(
            _("Choose a level for the computer player: easy, normal or hard.")
        )
    with transaction.atomic():
        game = game_locked(game_id)
        if game.created_by_id != user.pk:
            raise NotAllowed(_("Only the table's creator can add a computer player."))
        if game.status != Game.Status.OPEN:
            raise Conflict(_("This table is no longer open."))
        if not game.seats.exclude(bot_level="").exists():  # its first one
            _computer_tables_allowed(user)
        count = game.seats.count()
        Seat.objects.create(game=game, position=count, bot_level=level)
        if count + 1 == game.num_players:
            game_start(game)
    return game


def game_leave(*, game_id: int, user) -> Game | None:
    """Leaves an open table; the creator leaving closes it."""
    with transaction.atomic():
        game = game_locked(game_id)
        if game.status != Game.Status.OPEN:
            raise Conflict(_("The game has started: it can no longer be left."))
        if game.created_by_id == user.pk:
            CancelledTable.objects.create(
                game_id=game.pk,
                engine=game.engine,
                created_by=user,
                players=[s.user_id for s in game.seats.all() if s.user_id],
            )
            game.delete()
            return None
        deleted, _rows = game.seats.filter(user=user).delete()
        if not deleted:
            raise NotAllowed(_("You have no seat at this table."))
        for position, seat in enumerate(game.seats.order_by("position")):
            if seat.position != position:
                Seat.objects.filter(pk=seat.pk).update(position=position)
        _table_changed(game)
    return game


def game_rematch(*, game_id: int, user) -> Game:
    """A new table like a finished one (same game, options and table settings),
    offered to its players: the one who asks sits first, the computer players sit
    again at once, the other people join from the finished game's page or "My
    games" (they hear of it: `games.events.rematch_offered`).
    One rematch per game: asking again (a double click, the other player asking
    too) gives the table already offered."""
    with transaction.atomic():
        old = game_locked(game_id)
        seats = list(old.seats.select_related("user"))
        if not any(s.user_id == user.pk for s in seats):
            raise NotAllowed(_("Only the players of this game can offer a rematch."))
        if not old.is_over:
            raise Conflict(_("The game is not over yet."))
        if old.options.get("mode") == "campaign":
            raise Conflict(
                _("A campaign episode is followed by the next one, not a rematch.")
            )
        existing = Game.objects.filter(rematch_of=old).first()
        if existing is not None:
            return existing
        if any(s.is_bot for s in seats):
            _computer_tables_allowed(user)
        game = Game.objects.create(
            engine=old.engine,
            num_players=old.num_players,
            options=old.options,
            visibility=old.visibility,
            time_per_move=old.time_per_move,
            timeout_policy=old.timeout_policy,
            rated=old.rated,
            created_by=user,
            rematch_of=old,
        )
        bots = [s for s in seats if s.is_bot]
        Seat.objects.bulk_create(
            [
                Seat(game=game, position=0, user=user),
                *(
                    Seat(game=game, position=position, bot_level=bot.bot_level)
                    for position, bot in enumerate(bots, start=1)
                ),
            ]
        )
        rematch_offered.send(sender=Game, game=game, by=user, seats=seats)
        if 1 + len(bots) == game.num_players:
            game_start(game)
    return game


def game_start(game: Game) -> None:
    """Caller holds the game row lock and every seat is filled: the engine sets
    the game up (`state_changed` tells the rest, a computer player who moves
    first among them)."""
    engine = engines.get(game.engine)
    game.state = engine.setup(game.num_players, game.options, game.seed)
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    game.save(update_fields=["state", "status", "started_at"])
    seats = list(game.seats.all())
    state_changed_after(game, engine, seats)
