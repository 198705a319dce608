"""A broker outage answers committed writes as usual (config/enqueue.py): the
task queued after the commit is lost, logged, and beat's catch-up sweep does
its work later, once. The broker fails as kombu fails when Redis refuses the
connection (OperationalError, out of `apply_async`); real commits
(transaction=True), so that the after-commit work runs inside the request."""

import json
import random
from datetime import timedelta
from unittest import mock

import pytest
from celery.app.task import Task
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from game_helpers import once
from kombu.exceptions import OperationalError

from campaigns.models import Campaign, CampaignInvitation
from campaigns.tasks import campaigns_catch_up_task
from config import enqueue
from games import engines, services
from games.models import Game, Move
from history.models import RatedGame
from history.tasks import ratings_catch_up_task

pytestmark = pytest.mark.django_db(transaction=True)

REFUSED = OperationalError(
    "Error 111 connecting to 127.0.0.1:6379. Connection refused."
)


def broker_down():
    return mock.patch.object(Task, "apply_async", side_effect=REFUSED)


def one_move_from_the_end(ana, ben, seed=31):
    """A rated Lost Cities game between Ana and Ben, played (random legal moves)
    to one move before its end; (game, mover, last move)."""
    engine = engines.get("lost-cities")

    def play(stop_before_end):
        game = services.game_create(
            creator=ana, engine_slug="lost-cities", num_players=2, options={}
        )
        Game.objects.filter(pk=game.pk).update(seed=seed, rated=True)
        services.seat_join(game_id=game.pk, user=ben)
        game.refresh_from_db()
        by_seat = {s.position: s.user for s in game.seats.all()}
        chooser = random.Random(seed)
        moves = []
        while not engine.is_over(game.state):
            seat = chooser.choice(engine.to_move(game.state))
            move = chooser.choice(engine.legal_moves(game.state, seat))
            moves.append((seat, move))
            if stop_before_end and len(moves) == stop_before_end:
                return game, by_seat[seat], move
            game = services.move_submit(
                game_id=game.pk,
                user=by_seat[seat],
                move=move,
                expected_version=game.version,
            ).game
        return game, None, len(moves)

    _full, _, count = play(None)  # how long the game is
    return play(count)


def test_the_last_move_of_a_rated_game_answers_200_with_the_broker_down(ana, ben):
    game, mover, move = one_move_from_the_end(ana, ben)
    client = Client(raise_request_exception=False)
    client.force_login(mover)
    form = {"move": json.dumps(move), "version": game.version}
    url = reverse("games:move", args=[game.pk])
    with broker_down():
        response = client.post(url, form, headers={"HX-Request": "true"})
        assert response.status_code == 200
        again = client.post(url, form, headers={"HX-Request": "true"})  # a retry
    assert again.status_code < 500
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert Move.objects.filter(game=game).count() == game.version  # the last once
    assert not RatedGame.objects.filter(game=game).exists()  # its task was lost
    assert ratings_catch_up_task() == 1  # beat's sweep rates it
    assert ratings_catch_up_task() == 0
    assert RatedGame.objects.filter(game=game).count() == 1


def test_a_campaign_with_an_invitation_is_created_once_with_the_broker_down(
    ana, ben, settings
):
    client = Client(raise_request_exception=False)
    client.force_login(ana)
    form = {
        **once(ana),
        "name": "Tuesdays",
        "players": "2",
        "bots": "0",
        "time_per_move": "",
        "emails": ben.email,
    }
    mail.outbox.clear()
    with broker_down():
        response = client.post(reverse("campaigns:new"), form)
        again = client.post(reverse("campaigns:new"), form)  # a retry
    assert response.status_code == 302
    assert again.status_code == 302
    (campaign,) = Campaign.objects.all()  # one: nobody had to try again
    assert response.url == campaign.get_absolute_url()
    (invitation,) = CampaignInvitation.objects.filter(campaign=campaign)
    assert invitation.email_sent_at is None and mail.outbox == []
    # Beat's catch-up sends it once its task is late, and only once.
    assert campaigns_catch_up_task() == 0  # not late yet: its task may come
    # Five minutes on (Ben's account was there before the invitation).
    type(ben).objects.filter(pk=ben.pk).update(
        date_joined=timezone.now() - timedelta(minutes=10)
    )
    CampaignInvitation.objects.filter(pk=invitation.pk).update(
        created_at=timezone.now() - timedelta(minutes=5)
    )
    assert campaigns_catch_up_task() == 1
    assert campaigns_catch_up_task() == 0
    assert [m.to for m in mail.outbox] == [[ben.email]]


def test_a_failed_enqueue_is_logged_and_skipped_by_the_breaker(monkeypatch, caplog):
    from config.breaker import Breaker
    from config.celery import app
    from history.tasks import rating_update_task

    monkeypatch.setattr(enqueue, "breaker", Breaker("broker", 5.0))
    app.conf.task_always_eager = False
    try:
        with broker_down() as apply_async:
            assert enqueue.enqueue(rating_update_task, 1) is False
            assert enqueue.enqueue(rating_update_task, 2) is False  # skipped at once
    finally:
        app.conf.task_always_eager = True
    assert apply_async.call_count == 1
    assert "rating_update_task(1,) not queued (OperationalError)" in caplog.text
