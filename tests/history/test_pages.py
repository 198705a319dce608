"""Profiles, leaderboards, statistics and the search of finished games."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Game, Seat
from history.models import RatedGame, Rating
from history.services import game_rate

pytestmark = pytest.mark.django_db


def client_for(user):
    c = Client()
    c.force_login(user)
    return c


def make_finished(players, *, count, engine="lost-cities", private_every=0, **extra):
    """`count` finished games between `players` (bulk rows, seat 0 always wins)."""
    now = timezone.now()
    games = Game.objects.bulk_create(
        [
            Game(
                engine=engine,
                num_players=len(players),
                status=Game.Status.FINISHED,
                visibility=Game.Visibility.PRIVATE
                if private_every and i % private_every == 0
                else Game.Visibility.PUBLIC,
                version=40 + i % 7,
                state={},
                started_at=now - datetime.timedelta(days=2, minutes=i),
                finished_at=now - datetime.timedelta(minutes=i),
                **extra,
            )
            for i in range(count)
        ]
    )
    detail = {
        "rounds": [
            {
                "expeditions": {
                    "red": {"cards": 3, "score": 12},
                    "blue": {"cards": 0, "score": 0},
                },
                "total": 12,
            }
        ]
    }
    Seat.objects.bulk_create(
        [
            Seat(
                game=g,
                position=p,
                user=u,
                score=30 - 10 * p,
                rank=p + 1,
                result_detail=detail,
            )
            for g in games
            for p, u in enumerate(players)
        ]
    )
    return games


def test_a_profile_shows_per_game_counts_rating_and_recent_games(ana, ben, client):
    games = make_finished([ana, ben], count=3)
    game_rate(game_id=games[0].pk)
    body = client.get(reverse("history:profile", args=[ana.pk])).content.decode()
    assert "Ana" in body and "Lost Cities" in body
    assert '<td class="num" data-played>3</td>' in body
    assert '<td class="num" data-won>3</td>' in body
    assert str(Rating.objects.get(user=ana).display) in body
    assert reverse("history:replay", args=[games[1].pk]) in body


def test_private_games_show_on_the_owners_profile_only(ana, ben, make_user):
    private = make_finished([ana, ben], count=2, private_every=1)
    mark = f'data-game="{private[0].pk}"'
    assert (
        mark
        in client_for(ana)
        .get(reverse("history:profile", args=[ana.pk]))
        .content.decode()
    )
    stranger = client_for(make_user()).get(reverse("history:profile", args=[ana.pk]))
    assert mark not in stranger.content.decode()


def test_profile_of_an_unknown_player_is_404(client):
    assert client.get(reverse("history:profile", args=[987654])).status_code == 404


def test_profile_queries_do_not_grow_with_the_number_of_games(
    ana, ben, make_user, django_assert_max_num_queries
):
    """Profiles with 500 games cost the same queries as with 5."""
    make_finished([ana, ben], count=5)
    carl = make_user("Carl")
    active = Game.objects.create(engine="lost-cities", status=Game.Status.ACTIVE)
    Seat.objects.create(game=active, position=0, user=ana)
    Seat.objects.create(game=active, position=1, user=carl)
    game_rate(game_id=Game.objects.filter(status="finished").first().pk)
    viewer = client_for(ana)
    url = reverse("history:profile", args=[ana.pk])
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as few:
        assert viewer.get(url).status_code == 200
    games = make_finished([ana, ben], count=495, private_every=3)
    for g in games[:50]:
        game_rate(game_id=g.pk)
    for _ in range(10):
        more = Game.objects.create(engine="my-city", status=Game.Status.ACTIVE)
        Seat.objects.create(game=more, position=0, user=ana)
    with django_assert_max_num_queries(len(few.captured_queries)):
        response = viewer.get(url)
    assert response.status_code == 200
    assert "data-played>500<" in response.content.decode()


def test_leaderboard_orders_players_by_rating(ana, ben, make_user, client):
    games = make_finished([ana, ben], count=4)
    for g in games:
        game_rate(game_id=g.pk)
    assert RatedGame.objects.count() == 4
    body = client.get(
        reverse("history:leaderboard", args=["lost-cities"])
    ).content.decode()
    assert body.index("Ana") < body.index("Ben")
    assert client.get(reverse("history:leaderboard", args=["chess"])).status_code == 404


def test_leaderboard_queries_are_constant(
    ana, ben, make_user, django_assert_max_num_queries, client
):
    players = [make_user() for _ in range(6)]
    for a, b in zip(players, players[1:], strict=False):
        game_rate(game_id=make_finished([a, b], count=1)[0].pk)
    with django_assert_max_num_queries(6):
        assert (
            client.get(reverse("history:leaderboard", args=["lost-cities"])).status_code
            == 200
        )


def test_statistics_show_games_played_length_and_the_games_own_figure(ana, ben, client):
    make_finished([ana, ben], count=6)
    body = client.get(
        reverse("history:statistics", args=["lost-cities"])
    ).content.decode()
    assert 'data-stat="played">6<' in body
    assert "Average score of a started expedition" in body and "12.0" in body


def test_statistics_say_not_enough_data_where_the_outcome_lacks_it(ana, ben, client):
    """Citadels' outcome does not name characters yet: no figure is made up."""
    make_finished([ana, ben], count=2, engine="citadels")
    body = client.get(reverse("history:statistics", args=["citadels"])).content.decode()
    assert "data-figures-missing" in body
    empty = client.get(
        reverse("history:statistics", args=["rival-cities"])
    ).content.decode()
    assert "not enough data" in empty.lower()


def test_statistics_of_each_engine_from_real_games(play, client):
    """Rival Cities says how games were won; My City gives the average episode score."""
    play("rival-cities", seed=3)
    play("my-city", seed=3)
    rival = client.get(
        reverse("history:statistics", args=["rival-cities"])
    ).content.decode()
    assert "Won " in rival and "data-figures" in rival
    city = client.get(reverse("history:statistics", args=["my-city"])).content.decode()
    assert "Average episode score" in city


def test_search_finds_finished_games_by_game_player_and_date(
    ana, ben, make_user, client
):
    carl = make_user("Carl")
    with_ben = make_finished([ana, ben], count=2)
    with_carl = make_finished([ana, carl], count=1, engine="citadels")
    hidden = make_finished([ben, carl], count=1, private_every=1)
    url = reverse("history:search")
    body = client.get(url, {"player": "carl"}).content.decode()
    assert f'data-game="{with_carl[0].pk}"' in body
    assert f'data-game="{with_ben[0].pk}"' not in body
    assert f'data-game="{hidden[0].pk}"' not in body
    body = client.get(url, {"game": "lost-cities"}).content.decode()
    assert all(f'data-game="{g.pk}"' in body for g in with_ben)
    assert f'data-game="{with_carl[0].pk}"' not in body
    tomorrow = (timezone.now() + datetime.timedelta(days=1)).date().isoformat()
    assert 'data-game="' not in client.get(url, {"since": tomorrow}).content.decode()
    own = client_for(ben).get(url, {"player": "carl"}).content.decode()
    assert f'data-game="{hidden[0].pk}"' in own
    assert client.get(url, {"since": "not a date"}).status_code == 400
    assert client.get(url, {"game": "chess"}).status_code == 400


def test_search_queries_are_constant(ana, ben, client, django_assert_max_num_queries):
    make_finished([ana, ben], count=120)
    with django_assert_max_num_queries(5):
        response = client.get(reverse("history:search"), {"player": "ana", "page": 2})
    assert response.status_code == 200 and "Older" in response.content.decode()


def test_a_profile_says_draw_for_a_shared_first_place(ana, ben, client):
    from games import services

    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    Seat.objects.filter(game=game).update(rank=1, score=0)
    page = client.get(reverse("history:profile", args=[ana.pk])).content.decode()
    row = page.split(f'data-game="{game.pk}"')[1].split("</li>")[0]
    assert "Draw" in row and "Won" not in row


@pytest.mark.parametrize(
    "page",
    ["9" * 30, str(2**63), str(2**63 // 30), "-1", "-99999999999999999999", "0"]
    + ["abc", "1e9", "", "2.5", "\u0662"],
)
def test_any_page_number_of_the_search_gets_a_200_or_a_404(ana, ben, client, page):
    """A page number out of range, negative or not a number is never a 500 (a
    huge one used to overflow the database's OFFSET)."""
    make_finished([ana, ben], count=3)
    response = client.get(reverse("history:search"), {"page": page})
    assert response.status_code in (200, 404)
    response = client.get(reverse("history:search"), {"player": "ana", "page": page})
    assert response.status_code in (200, 404)


def test_the_pages_of_the_search_within_range_are_served(ana, ben, client):
    make_finished([ana, ben], count=35)
    url = reverse("history:search")
    assert client.get(url, {"page": "1"}).status_code == 200
    second = client.get(url, {"page": "2"})
    assert (
        second.status_code == 200 and second.content.decode().count("data-game=") == 5
    )
    assert client.get(url, {"page": "3"}).status_code == 200  # past the end: empty
