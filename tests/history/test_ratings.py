"""Ratings: openskill per game, updated once per rated game after it ends."""

import random

import pytest

from games import engines, services
from games.models import Game
from history.models import RatedGame, Rating
from history.services import game_rate
from history.tasks import rating_update_task, ratings_catch_up_task

pytestmark = pytest.mark.django_db


def winner_and_loser(game):
    seats = sorted(game.seats.all(), key=lambda s: s.rank)
    return seats[0].user, seats[-1].user


def test_the_end_of_a_rated_game_queues_the_rating_once(
    play, django_capture_on_commit_callbacks
):
    """The last move's commit runs the rating task; the winner goes up, the loser down."""
    engine = engines.get("lost-cities")
    game = play("lost-cities", seed=31)
    # Replay the same game to one move before its end, then finish it for real.
    RatedGame.objects.all().delete()
    Rating.objects.all().delete()
    again = play("lost-cities", seed=31, moves=game.version - 1, users=None)
    last = game.moves.get(seq=game.version)
    mover = again.seats.get(position=last.seat).user
    assert last.move in engine.legal_moves(again.state, last.seat)
    with django_capture_on_commit_callbacks(execute=True):
        services.move_submit(
            game_id=again.pk,
            user=mover,
            move=last.move,
            expected_version=again.version,
        )
    again.refresh_from_db()
    assert again.status == Game.Status.FINISHED
    assert RatedGame.objects.filter(game=again).exists()
    winner, loser = winner_and_loser(again)
    up = Rating.objects.get(user=winner, engine="lost-cities")
    down = Rating.objects.get(user=loser, engine="lost-cities")
    assert up.mu > 25 > down.mu and up.games == down.games == 1
    assert up.display > down.display


def test_a_rating_task_run_twice_changes_nothing_the_second_time(play):
    game = play("lost-cities", seed=32)
    assert rating_update_task(game.pk) is True
    before = sorted(Rating.objects.values_list("user_id", "mu", "sigma", "games"))
    assert rating_update_task(game.pk) is False
    assert ratings_catch_up_task() == 0
    after = sorted(Rating.objects.values_list("user_id", "mu", "sigma", "games"))
    assert before == after and len(after) == 2
    assert RatedGame.objects.filter(game=game).count() == 1


def test_a_friendly_game_changes_no_rating(play):
    game = play("lost-cities", seed=33, rated=False)
    assert game_rate(game_id=game.pk) is False
    assert not Rating.objects.exists() and not RatedGame.objects.exists()


def test_a_game_in_progress_is_not_rated(play):
    game = play("lost-cities", seed=33, moves=5)
    assert game_rate(game_id=game.pk) is False
    assert not RatedGame.objects.exists()


def test_a_forfeit_counts_as_a_loss_for_the_one_who_forfeited(play):
    """In an abandoned game the forfeiting seat is last, whatever else it was given."""
    game = play("lost-cities", seed=34, moves=20)
    forfeiter = game.seats.get(position=0)
    other = game.seats.get(position=1)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)
    type(forfeiter).objects.filter(pk=forfeiter.pk).update(
        rank=1, result_detail={"forfeit": True}
    )
    assert ratings_catch_up_task() == 1
    lost = Rating.objects.get(user=forfeiter.user)
    won = Rating.objects.get(user=other.user)
    assert lost.mu < 25 < won.mu


def test_computer_players_are_left_out_of_the_ratings(ana):
    """A game against the computer is marked as rated but moves no person's rating."""
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_add_bot(game_id=game.pk, user=ana)
    game.refresh_from_db()
    engine = engines.get("lost-cities")
    chooser = random.Random(1)
    mine = game.seats.get(user=ana).position
    while not game.is_over:
        if mine in engine.to_move(game.state):
            move = chooser.choice(engine.legal_moves(game.state, mine))
            services.move_submit(
                game_id=game.pk, user=ana, move=move, expected_version=game.version
            )
        else:
            services.bots_play(game_id=game.pk)
        game.refresh_from_db()
    assert game_rate(game_id=game.pk) is True
    assert not Rating.objects.exists()


def test_a_multiplayer_game_rates_every_person_by_rank(play):
    """More than two players: the ratings follow the final ranks."""
    game = play("citadels", players=4, seed=35)
    game_rate(game_id=game.pk)
    by_rank = sorted(game.seats.all(), key=lambda s: (s.rank, s.position))
    mus = [Rating.objects.get(user=s.user).mu for s in by_rank]
    assert mus[0] > 25 and mus[-1] < 25
    assert len(Rating.objects.filter(engine="citadels")) == 4


def test_the_catch_up_sweep_is_scheduled_and_registered():
    """Beat runs the catch-up sweep, so a lost after-commit task is made up for."""
    from config.celery import app

    app.loader.import_default_modules()
    assert app.conf.beat_schedule["ratings"]["task"] in app.tasks
