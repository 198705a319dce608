"""Replays: the board at each step, rebuilt from the seed and the moves."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import engines
from games.engines.base import canonical
from history import replay as replay_module
from history.models import Snapshot
from history.services import game_state_at

pytestmark = pytest.mark.django_db


def client_for(user):
    c = Client()
    c.force_login(user)
    return c


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_replay_of_a_finished_game_reproduces_the_final_outcome(engine, play):
    """The state rebuilt at the last step is the stored one, and ends the same way."""
    game = play(engine.slug, seed=5)
    assert game.status == "finished"
    rebuilt = game_state_at(game=game, step=game.version - 1)
    last = game.moves.get(seq=game.version)
    rebuilt = engine.apply(rebuilt, last.seat, last.move)
    assert canonical(rebuilt) == canonical(game.state)
    assert engine.outcome(rebuilt) == engine.outcome(game.state)
    by_seat = {s.position: s for s in game.seats.all()}
    for row in engine.outcome(rebuilt):
        assert (by_seat[row["seat"]].score, by_seat[row["seat"]].rank) == (
            row["score"],
            row["rank"],
        )


def test_snapshots_are_kept_every_n_moves_and_give_the_same_states(play, monkeypatch):
    """A replay stores a snapshot every N moves; starting from one gives the same state."""
    monkeypatch.setattr(replay_module, "SNAPSHOT_EVERY", 10)
    game = play("lost-cities", seed=3)
    engine = engines.get("lost-cities")
    fresh = engine.setup(2, game.options, game.seed)
    moves = list(game.moves.order_by("seq"))
    expected = [fresh]
    for m in moves:
        expected.append(engine.apply(expected[-1], m.seat, m.move))
    middle = game.version - 5
    assert canonical(game_state_at(game=game, step=middle)) == canonical(
        expected[middle]
    )
    kept = list(Snapshot.objects.filter(game=game).values_list("seq", flat=True))
    assert kept and all(seq % 10 == 0 and seq <= middle for seq in kept)
    for step in (0, 1, 9, 10, 11, 35, middle):
        assert canonical(game_state_at(game=game, step=step)) == canonical(
            expected[step]
        )


def test_replay_page_steps_through_a_finished_game(play, client):
    """Anyone may replay a finished public game; the step is clamped to the range."""
    game = play("lost-cities", seed=4)
    url = reverse("history:replay", args=[game.pk])
    for step, shown in (("0", 0), ("3", 3), ("99999", game.version), ("-4", 0)):
        response = client.get(url, {"step": step})
        assert response.status_code == 200
        assert f'data-step="{shown}"' in response.content.decode()
    response = client.get(url, {"step": "nonsense"})
    assert f'data-step="{game.version}"' in response.content.decode()


def test_replay_of_a_game_in_progress_is_404_to_strangers(play, make_user, client):
    """While a game is played only its players can step back through it."""
    game = play("lost-cities", seed=4, moves=6)
    url = reverse("history:replay", args=[game.pk])
    assert client.get(url).status_code == 404
    assert client_for(make_user()).get(url).status_code == 404
    player = game.seats.get(position=0).user
    assert client_for(player).get(url).status_code == 200


def test_replay_of_a_private_finished_game_is_404_to_strangers(play, make_user):
    """A private game stays private after its end."""
    game = play("lost-cities", seed=4, visibility="private")
    url = reverse("history:replay", args=[game.pk])
    assert client_for(make_user()).get(url).status_code == 404
    assert Client().get(url).status_code == 404
    assert client_for(game.seats.get(position=1).user).get(url).status_code == 200
    assert Client().get(url, {"invite": game.invite_token}).status_code == 200


def _ids_in(text: str, ids) -> set:
    return {i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)}


def test_replay_during_a_game_never_shows_other_seats_hidden_information(play):
    """At every step, a player's replay page holds no id hidden from their seat,
    even when they ask to see another seat or everyone."""
    engine = engines.get("lost-cities")
    game = play("lost-cities", seed=9, moves=40)
    url = reverse("history:replay", args=[game.pk])
    for position in (0, 1):
        c = client_for(game.seats.get(position=position).user)
        for step in range(0, game.version + 1):
            state = game_state_at(game=game, step=step)
            forbidden = set(engine.secrets(state, None)) | (
                set(engine.secrets(state, 1 - position))
                - set(engine.secrets(state, position))
            )
            for seat in ("all", str(1 - position)):
                body = c.get(url, {"step": step, "seat": seat}).content.decode()
                assert not _ids_in(body, forbidden), (step, seat)
            own = set(engine.secrets(state, position))
            assert _ids_in(body, own) == own  # their own hand is there


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_replay_views_during_a_game_hold_no_hidden_ids_for_any_engine(engine, play):
    """For every engine, the view each seat gets at each replayed step leaks nothing."""
    from history.selectors import replay_context

    players = engine.min_players
    length = play(engine.slug, players=players, seed=2).version
    game = play(engine.slug, players=players, seed=2, moves=min(30, length - 1))
    assert not game.is_over
    for position in range(players):
        user = game.seats.get(position=position).user
        for step in range(0, game.version + 1):
            context = replay_context(game=game, user=user, step=step, pov="all")
            state = game_state_at(game=game, step=step)
            forbidden = set(engine.secrets(state, None))
            for other in range(players):
                if other != position:
                    forbidden |= set(engine.secrets(state, other)) - set(
                        engine.secrets(state, position)
                    )
            assert [b["position"] for b in context["boards"]] == [position]
            text = json.dumps(context["boards"]) + json.dumps(
                [line["text"] for line in context["log"]]
            )
            assert not _ids_in(text, forbidden), (step, position)


def test_after_the_end_reveal_all_shows_every_hand(play, client):
    """Once over, the replay can show the game as every seat saw it."""
    engine = engines.get("lost-cities")
    game = play("lost-cities", seed=4)
    step = 10
    state = game_state_at(game=game, step=step)
    url = reverse("history:replay", args=[game.pk])
    body = client.get(url, {"step": step, "seat": "all"}).content.decode()
    for position in (0, 1):
        hand = set(engine.secrets(state, position))
        assert _ids_in(body, hand) == hand
    spectator = client.get(url, {"step": step, "seat": "-"}).content.decode()
    assert not _ids_in(spectator, set(engine.secrets(state, 0)))


def test_replay_page_queries_do_not_grow_with_the_game(
    play, django_assert_max_num_queries
):
    """A replay step costs a fixed number of queries, even for the last step of a
    long game (snapshots make the rebuild short)."""
    game = play("lost-cities", seed=4)
    c = client_for(game.seats.get(position=0).user)
    url = reverse("history:replay", args=[game.pk])
    c.get(url, {"step": game.version - 1})  # fills the snapshots
    with django_assert_max_num_queries(10):
        assert c.get(url, {"step": game.version - 2}).status_code == 200


def test_the_game_page_links_to_the_replay_and_the_record_once_over(play, client):
    """The end of a game offers its replay and its record; during it, players get a
    link to step back through the moves."""
    game = play("lost-cities", seed=4, moves=6)
    player = client_for(game.seats.get(position=0).user)
    replay_url = reverse("history:replay", args=[game.pk])
    export_url = reverse("history:export", args=[game.pk])
    body = player.get(reverse("games:game", args=[game.pk])).content.decode()
    assert replay_url in body and export_url not in body
    assert replay_url not in client.get(game.get_absolute_url()).content.decode()
    over = play("lost-cities", seed=4)
    body = client.get(over.get_absolute_url()).content.decode()
    assert reverse("history:replay", args=[over.pk]) in body
    assert reverse("history:export", args=[over.pk]) in body


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_replay_page_renders_every_engines_board(engine, play, client):
    """Each engine's board partial (or the plain fallback) renders at any step."""
    game = play(engine.slug, seed=6)
    url = reverse("history:replay", args=[game.pk])
    for step in (0, 1, game.version // 2, game.version):
        for seat in ("all", "-", "0"):
            response = client.get(url, {"step": step, "seat": seat})
            assert response.status_code == 200, (step, seat)
    player = client_for(game.seats.get(position=0).user)
    assert player.get(url, {"step": 2}).status_code == 200


@pytest.mark.parametrize("engine", engines.all(), ids=lambda e: e.slug)
def test_replay_pages_during_a_game_leak_nothing_for_any_engine(engine, play):
    """Through HTTP, for every engine: a player's replay page at a step holds no id
    that only another seat (or no seat) could see then, whatever seat is asked for."""
    length = play(engine.slug, seed=2).version
    game = play(engine.slug, seed=2, moves=min(24, length - 1))
    url = reverse("history:replay", args=[game.pk])
    checked = 0
    for position in range(game.num_players):
        c = client_for(game.seats.get(position=position).user)
        for step in range(0, game.version + 1, 3):
            state = game_state_at(game=game, step=step)
            forbidden = set(engine.secrets(state, None))
            for other in range(game.num_players):
                if other != position:
                    forbidden |= set(engine.secrets(state, other)) - set(
                        engine.secrets(state, position)
                    )
            body = c.get(url, {"step": step, "seat": "all"}).content.decode()
            assert not _ids_in(body, forbidden), (step, position)
            checked += len(forbidden)
    assert checked  # there was something to hide
