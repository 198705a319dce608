"""An episode game that ends abandoned (a forfeit under the timeout rule, or any
other path): it counts as played, scored by the engine as if every player still
building had stopped where the game was abandoned, and the campaign goes on."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from campaign_helpers import ENGINE, campaign_with, jump_to_last_episode, play_episode
from django.test import Client
from django.utils import timezone

from campaigns import episodes, services, tasks
from campaigns.models import Campaign, CampaignPlayer, Episode
from games import services as games_services
from games import tasks as games_tasks
from games.models import Game

pytestmark = pytest.mark.django_db
START = datetime(2027, 9, 6, 8, 0, tzinfo=UTC)


@pytest.fixture
def capture(django_capture_on_commit_callbacks):
    return django_capture_on_commit_callbacks


def everyone_stops(state: dict) -> dict:
    """The rules' "arrêter votre épisode" for every player still building, through
    the engine alone: what an abandoned episode is scored as."""
    while ENGINE.to_move(state):
        for seat in ENGINE.to_move(state):
            state = ENGINE.apply(state, seat, {"type": "stop"})
    return state


def first_place(state: dict, seat: int) -> dict:
    """A legal placement covering at least one empty meadow."""
    terrain = state["players"][seat]["terrain"]
    images = ENGINE.view(state, seat)["revealed"]["orientations"]
    return next(
        m
        for m in ENGINE.legal_moves(state, seat)
        if m["type"] == "place"
        and any(
            terrain[m["row"] + dr][m["col"] + dc] == "."
            for dr, dc in images[m["orientation"]]
        )
    )


def forfeit_by_ana(ana, ben, capture, clock):
    """Ana and Ben, one day per move under the forfeit rule; Ben builds in round 1,
    Ana lets her time run out and the deadline sweep abandons the episode."""
    with capture(execute=True):
        campaign = campaign_with(
            ana, [ben], num_players=2, time_per_move=timedelta(days=1)
        )
    game = campaign.episodes.get().game
    Game.objects.filter(pk=game.pk).update(timeout_policy=Game.TimeoutPolicy.FORFEIT)
    game.refresh_from_db()
    with capture(execute=True):
        games_services.move_submit(
            game_id=game.pk,
            user=ben,
            move=first_place(game.state, 1),
            expected_version=game.version,
        )
    game.refresh_from_db()
    state_when_abandoned = game.state
    clock.shift(timedelta(days=1, seconds=1))
    with capture(execute=True):
        assert games_tasks.deadlines_sweep() == 1
    game.refresh_from_db()
    assert game.status == Game.Status.ABANDONED
    assert game.seats.get(position=0).forfeited
    return campaign, game, state_when_abandoned


def test_an_episode_abandoned_by_a_forfeit_counts_as_played_and_the_next_opens(
    ana, ben, capture
):
    """The forfeit closes episode 1 with the engine's scores, ranks, circles and
    boards (Ana stops where she was; Ben's building decided in time stands), and
    episode 2 opens from those boards."""
    with time_machine.travel(START, tick=False) as clock:
        campaign, game, state = forfeit_by_ana(ana, ben, capture, clock)
    first = Episode.objects.get(campaign=campaign, number=1)
    assert first.closed_at is not None
    expected = ENGINE.outcome(everyone_stops(state))
    assert [
        (r["seat"], r["score"], r["rank"], r["circles_won"]) for r in first.results
    ] == [
        (row["seat"], row["score"], row["rank"], row["detail"]["circles_won"])
        for row in expected
    ]
    assert [r["forfeited"] for r in first.results] == [True, False]
    # Ben's placement, decided before the deadline, is in his episode score.
    # (it covers an empty meadow, each worth -1 while empty).
    assert (
        expected[1]["detail"]["empty_meadows"]
        > ENGINE.outcome(state)[1]["detail"]["empty_meadows"]
    )
    players = list(
        CampaignPlayer.objects.filter(campaign=campaign).order_by("position")
    )
    for player in players:
        assert player.carry == expected[player.position]["carry"]
        assert player.circles == player.carry["circles"]
    second = Episode.objects.get(campaign=campaign, number=2)
    assert second.game.status == Game.Status.ACTIVE
    for player in players:
        board = second.game.state["players"][player.position]
        assert board["terrain"] == player.carry["terrain"]
        assert board["circles"] == player.circles
    assert Campaign.objects.get(pk=campaign.pk).status == Campaign.Status.ACTIVE


def test_closing_an_abandoned_episode_twice_changes_nothing(ana, ben, capture):
    """A retried close of an abandoned episode finds it closed: same results and
    boards, still one episode 2."""
    with time_machine.travel(START, tick=False) as clock:
        campaign, _game, _state = forfeit_by_ana(ana, ben, capture, clock)
    before = list(
        CampaignPlayer.objects.filter(campaign=campaign).values("circles", "carry")
    )
    first = Episode.objects.get(campaign=campaign, number=1)
    with capture(execute=True):
        assert tasks.episode_close_task(campaign.pk, 1) is False
        assert episodes.episode_close(campaign_id=campaign.pk, number=1) is False
        assert tasks.campaigns_catch_up_task() == 0
    assert (
        list(
            CampaignPlayer.objects.filter(campaign=campaign).values("circles", "carry")
        )
        == before
    )
    again = Episode.objects.get(campaign=campaign, number=1)
    assert (again.closed_at, again.results) == (first.closed_at, first.results)
    assert Episode.objects.filter(campaign=campaign).count() == 2


def test_an_episode_abandoned_outside_the_move_service_is_closed_by_the_sweep(
    ana, capture
):
    """A game abandoned without any signal (an admin, a script): the campaigns'
    catch-up sweep closes the episode and opens the next; a second run does
    nothing."""
    with capture(execute=True):
        campaign = services.campaign_create(creator=ana, num_players=2, bots=1)
    game = campaign.episodes.get().game
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.ABANDONED, finished_at=timezone.now()
    )
    client = Client()
    client.force_login(ana)
    waiting = client.get(campaign.get_absolute_url()).content.decode()
    assert "Episode 1 was abandoned; it is being counted" in waiting
    assert "Play episode 1" not in waiting
    with capture(execute=True):
        assert tasks.campaigns_catch_up_task() == 1
    assert "Play episode 2" in client.get(campaign.get_absolute_url()).content.decode()
    first = Episode.objects.get(campaign=campaign, number=1)
    assert first.closed_at is not None
    keys = ("seat", "score", "rank", "circles_won", "forfeited")
    assert [{k: r[k] for k in keys} for r in first.results] == [
        {**r, "forfeited": False}
        for r in (
            {
                "seat": row["seat"],
                "score": row["score"],
                "rank": row["rank"],
                "circles_won": row["detail"]["circles_won"],
            }
            for row in ENGINE.outcome(everyone_stops(game.state))
        )
    ]
    assert Episode.objects.get(campaign=campaign, number=2).game.status == "active"
    with capture(execute=True):
        assert tasks.campaigns_catch_up_task() == 0
    assert Episode.objects.filter(campaign=campaign).count() == 2


def test_a_lost_open_task_is_made_up_by_the_catch_up_sweep(ana, capture):
    """Episode 1 closed but the task opening episode 2 was lost: the sweep opens
    it, once."""
    with capture(execute=True):
        campaign = services.campaign_create(creator=ana, num_players=2, bots=1)
    play_episode(campaign.episodes.get().game.pk, {0: ana}, capture)
    Episode.objects.filter(campaign=campaign, number=2).delete()
    with capture(execute=True):
        assert tasks.campaigns_catch_up_task() == 1
        assert tasks.campaigns_catch_up_task() == 0
    assert Episode.objects.get(campaign=campaign, number=2).closed_at is None


def test_an_abandoned_last_episode_finishes_the_campaign(ana, capture):
    """Episode 24 abandoned: the campaign is over, with its winner, and nothing
    more opens."""
    with capture(execute=True):
        campaign = services.campaign_create(creator=ana, num_players=2, bots=1)
    game = jump_to_last_episode(campaign, ana, capture)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)
    with capture(execute=True):
        assert tasks.campaigns_catch_up_task() == 1
    campaign.refresh_from_db()
    assert campaign.status == Campaign.Status.FINISHED
    assert Episode.objects.filter(campaign=campaign).count() == 1


def test_the_campaign_page_says_the_episode_was_abandoned_and_who_forfeited(
    ana, ben, capture
):
    """The history marks episode 1 abandoned and Ana's result forfeited, says how
    it was counted, and offers episode 2; in French too."""
    with time_machine.travel(START, tick=False) as clock:
        campaign, _game, _state = forfeit_by_ana(ana, ben, capture, clock)
    client = Client()
    client.force_login(ben)
    body = client.get(campaign.get_absolute_url()).content.decode()
    history = body.split('id="history-title"')[1]
    assert 'data-abandoned="1"' in history
    assert "abandoned" in history and "forfeited" in history
    assert "counts as played" in history
    assert "Play episode 2" in body
    ana.language = "fr"
    ana.save(update_fields=["language"])
    client.force_login(ana)
    french = client.get(campaign.get_absolute_url()).content.decode()
    history = french.split('id="history-title"')[1]
    assert "abandonné" in history and "forfait" in history
    assert "compte comme joué" in history


def test_the_catch_up_sweep_is_in_the_beat_schedule():
    """Beat runs the campaigns' catch-up sweep."""
    from config.celery import app

    entry = app.conf.beat_schedule["campaigns"]
    assert entry["task"] == "campaigns.tasks.campaigns_catch_up_task"
    assert entry["task"] in app.tasks
