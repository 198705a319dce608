"""One account cannot fill the computer players' queue: table creation and
tables with computer players are limited per account, each owner's computer
moves are spaced in the queue so that another person's are not stuck behind
them, and beat's catch-up leaves a game queued recently alone."""

from datetime import timedelta
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from game_helpers import once

from games import receivers, services, tasks
from games.models import Game, Seat

pytestmark = pytest.mark.django_db

TABLE = {
    "visibility": "public",
    "time_per_move": "3",
    "timeout_policy": "bot",
    "expeditions": "5",
    "rounds": "1",
}


def login(user):
    c = Client()
    c.force_login(user)
    return c


def new_table(client, user, **extra):
    return client.post(
        reverse("games:new", args=["lost-cities"]), {**once(user), **TABLE, **extra}
    )


def test_tables_an_hour_are_limited_with_the_limit_in_words(ana, settings):
    settings.TABLES_PER_HOUR = 2
    c = login(ana)
    assert new_table(c, ana).status_code == new_table(c, ana).status_code == 302
    third = new_table(c, ana)
    assert third.status_code == 400
    assert "You can open at most 2 tables an hour" in third.content.decode()
    assert Game.objects.count() == 2


def test_tables_with_computer_players_are_limited(ana, settings):
    settings.COMPUTER_TABLES_PER_ACCOUNT = 2
    c = login(ana)
    computer = {"against_computer": "on", "bot_level": "easy"}
    assert new_table(c, ana, **computer).status_code == 302
    assert new_table(c, ana, **computer).status_code == 302
    refused = new_table(c, ana, **computer)
    assert refused.status_code == 400
    body = refused.content.decode()
    assert "You already have 2 tables with computer players open or under way" in body
    assert Game.objects.count() == 2  # the refused table is not left behind
    # A table of people only is fine; its first computer player is not.
    assert new_table(c, ana).status_code == 302
    table = Game.objects.latest("pk")
    added = c.post(reverse("games:add_bot", args=[table.pk]), {"level": "easy"})
    assert added.status_code == 409
    assert not table.seats.exclude(bot_level="").exists()
    # A finished one no longer counts.
    Game.objects.exclude(pk=table.pk).filter(pk=Game.objects.first().pk).update(
        status=Game.Status.FINISHED
    )
    added = c.post(reverse("games:add_bot", args=[table.pk]), {"level": "easy"})
    assert added.status_code == 302 and table.seats.exclude(bot_level="").exists()


def marked_game(owner, queued_at):
    game = services.game_create(
        creator=owner, engine_slug="lost-cities", num_players=2, options={}
    )
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.ACTIVE, bot_queued_at=queued_at
    )
    game.refresh_from_db()
    return game


def test_each_owners_computer_moves_are_spaced_in_the_queue(
    ana, ben, settings, django_capture_on_commit_callbacks
):
    settings.BOT_OWNER_SPACING_SECONDS = 0.5
    now = timezone.now()
    busy = [marked_game(ana, now) for _ in range(6)]
    alone = marked_game(ben, None)
    with (
        mock.patch.object(tasks.bots_play_task, "apply_async") as later,
        mock.patch.object(tasks.bots_play_task, "delay") as at_once,
        django_capture_on_commit_callbacks(execute=True),
    ):
        receivers.computer_move_queue(Game, game=busy[0], bots_next=True)
        receivers.computer_move_queue(Game, game=alone, bots_next=True)
    # Ana's five other queued games put her next move 2.5 s back; Ben's goes now.
    [call] = later.call_args_list
    assert call.args == ((busy[0].pk, busy[0].version),)
    assert call.kwargs == {"countdown": 2.5}
    assert [c.args for c in at_once.call_args_list] == [(alone.pk, alone.version)]
    assert Game.objects.get(pk=alone.pk).bot_queued_at is not None


def test_the_catch_up_skips_a_game_queued_recently_and_queues_a_lost_one_once(ana):
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    Seat.objects.filter(game=game, position=0).update(user=None, bot_level="easy")
    with mock.patch.object(tasks.bots_play_task, "delay"):  # the broker loses it
        services.seat_add_bot(game_id=game.pk, user=ana, level="easy")
    with mock.patch.object(tasks.bots_play_task, "delay") as delay:
        assert tasks.bots_catch_up() == 0  # queued a moment ago
        Game.objects.update(bot_queued_at=timezone.now() - timedelta(minutes=5))
        assert tasks.bots_catch_up() == 1  # lost: queued again
        assert tasks.bots_catch_up() == 0  # and not again a minute later
    assert delay.call_count == 1
