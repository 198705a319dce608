"""The My City game page: the board, placing, passing, stopping, hidden choices."""

import json

import pytest
from django.urls import reverse
from game_helpers import once
from page_helpers import data_moves, login, post_move

from games import engines, services
from games.bots import choose_move
from games.models import Game

pytestmark = pytest.mark.django_db
ENGINE = engines.get("my-city")


@pytest.fixture
def game(ana, ben):
    """An active two-player single episode: Ana seat 0, Ben seat 1."""
    game = services.game_create(
        creator=ana, engine_slug="my-city", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    return game


def test_page_shows_the_board_revealed_building_and_legal_placements(game, ana):
    """The page draws the SVG board and offers each legal placement of the chosen
    image as a control carrying its move, with pass and stop."""
    response = login(ana).get(game.get_absolute_url())
    body = response.content.decode()
    assert response.status_code == 200
    assert "<svg" in body and 'class="river"' in body
    legal = ENGINE.legal_moves(game.state, 0)
    offered = data_moves(body)
    assert {"type": "stop"} in offered and {"type": "pass"} in offered
    places = [m for m in offered if m["type"] == "place"]
    assert places and all(m in legal for m in places)
    assert {m["orientation"] for m in places} == {0}


def test_choosing_another_image_offers_its_placements(game, ana):
    """`?o=N` (the rotate and mirror links) offers the placements of image N."""
    view = ENGINE.view(game.state, 0)
    count = len(view["revealed"]["orientations"])
    last = count - 1
    body = login(ana).get(game.get_absolute_url() + f"?o={last}").content.decode()
    places = [m for m in data_moves(body) if m["type"] == "place"]
    assert {m["orientation"] for m in places} <= {last}
    expected = [
        m for m in ENGINE.legal_moves(game.state, 0) if m.get("orientation") == last
    ]
    assert len(places) == len(expected)
    assert "Rotate" in body and "Mirror" in body


def test_a_bad_image_number_falls_back_to_the_first(game, ana):
    """A nonsense `?o=` is not an error: the first image is shown."""
    response = login(ana).get(game.get_absolute_url() + "?o=banana")
    assert response.status_code == 200
    response = login(ana).get(game.get_absolute_url() + "?o=99")
    assert response.status_code == 200


def test_placing_keeps_the_choice_hidden_until_the_round_resolves(game, ana, ben):
    """After Ana places, Ben's page says she decided but shows nothing of where."""
    move = next(m for m in ENGINE.legal_moves(game.state, 0) if m["type"] == "place")
    a, b = login(ana), login(ben)
    response = post_move(a, game, move)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.version == 1 and game.state["pending"][0] == move
    secret = ENGINE.secrets(game.state, 0)[0]
    ben_page = b.get(game.get_absolute_url()).content.decode()
    ana_page = a.get(game.get_absolute_url()).content.decode()
    assert secret not in ben_page
    # Nothing is built on any board yet, and no pending outline reaches Ben.
    assert 'class="bld c-' not in ben_page and 'class="pending"' not in ben_page
    assert "decided" in ben_page
    assert 'class="pending"' in ana_page
    # Ben's own placements are still offered; Ana gets none until the round resolves.
    assert any(m["type"] == "place" for m in data_moves(ben_page))
    assert data_moves(ana_page) == []
    assert "You have decided" in ana_page
    poll = b.get(reverse("games:poll", args=[game.pk]) + "?version=0").content.decode()
    assert 'class="pending"' not in poll


def test_the_round_resolves_and_shows_both_cities(game, ana, ben):
    """When the last player decides, both buildings appear on their boards."""
    a, b = login(ana), login(ben)
    move_a = next(m for m in ENGINE.legal_moves(game.state, 0) if m["type"] == "place")
    post_move(a, game, move_a)
    game.refresh_from_db()
    move_b = ENGINE.legal_moves(game.state, 1)[0]
    response = post_move(b, game, move_b)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.state["round"] == 2
    body = b.get(game.get_absolute_url()).content.decode()
    assert body.count('class="bld c-') >= 2 * len(
        game.state["players"][0]["placed"][0]["cells"]
    )
    assert "Round 1" in body


@pytest.mark.parametrize(
    "move, message",
    [
        (
            {"type": "place", "building": "ZZ", "orientation": 0, "row": 0, "col": 0},
            "revealed building",
        ),
        ({"type": "jump"}, "Unknown move"),
    ],
)
def test_bad_moves_get_a_message_and_change_nothing(game, ana, move, message):
    """A building not revealed or an unknown move: a 400 naming the rule."""
    response = post_move(login(ana), game, move)
    assert response.status_code == 400
    assert message in response.content.decode()
    game.refresh_from_db()
    assert game.version == 0


def test_an_illegal_position_is_refused(game, ana):
    """A placement off the legal ones is refused with the rule's name."""
    building = ENGINE.view(game.state, 0)["revealed"]["building"]
    move = {"type": "place", "building": building, "orientation": 0, "row": 0, "col": 0}
    response = post_move(login(ana), game, move)
    assert response.status_code == 400
    assert "Rule" in response.content.decode()
    game.refresh_from_db()
    assert game.version == 0


def test_a_second_decision_in_the_same_round_is_refused(game, ana):
    """Once Ana decided, another decision this round changes nothing."""
    a = login(ana)
    post_move(a, game, {"type": "pass"})
    game.refresh_from_db()
    response = post_move(a, game, {"type": "stop"})
    assert response.status_code == 409
    game.refresh_from_db()
    assert game.version == 1 and game.state["pending"][0] == {"type": "pass"}


def test_passing_at_zero_is_refused(game, ana):
    """With the track at 0 the pass button is gone and a pass is refused."""
    state = json.loads(json.dumps(game.state))
    state["players"][0]["passes"] = 10
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()
    a = login(ana)
    body = a.get(game.get_absolute_url()).content.decode()
    assert {"type": "pass"} not in data_moves(body)
    response = post_move(a, game, {"type": "pass"})
    assert response.status_code == 400 and "no pass at 0" in response.content.decode()


def test_a_spectator_sees_no_controls(game, make_user):
    """Someone without a seat sees the cities but cannot act."""
    body = login(make_user("Cy")).get(game.get_absolute_url()).content.decode()
    assert "<svg" in body and data_moves(body) == []


def test_the_page_takes_a_constant_number_of_queries(
    game, ana, ben, django_assert_max_num_queries
):
    """The board page stays within a dozen queries, early or late in the episode."""
    a = login(ana)
    with django_assert_max_num_queries(12):
        a.get(game.get_absolute_url())
    for _ in range(6):
        game.refresh_from_db()
        for seat, user in ((0, ana), (1, ben)):
            if seat in ENGINE.to_move(game.state):
                move = choose_move(ENGINE, game.state, seat, seed=game.version)
                services.move_submit(
                    game_id=game.pk, user=user, move=move, expected_version=game.version
                )
                game.refresh_from_db()
    with django_assert_max_num_queries(12):
        a.get(game.get_absolute_url())


def test_a_whole_episode_through_the_pages(game, ana, ben):
    """Two players play an episode to its end by posting the page's own moves; the
    result table appears."""
    clients = {0: login(ana), 1: login(ben)}
    for _ in range(200):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        for seat in ENGINE.to_move(game.state):
            body = clients[seat].get(game.get_absolute_url()).content.decode()
            offered = data_moves(body)
            view = ENGINE.view(game.state, seat)
            from games.my_city.bots.easy import score_move

            move = max(offered, key=lambda m: score_move(view, seat, m))
            assert post_move(clients[seat], game, move).status_code == 200
            game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    body = clients[0].get(game.get_absolute_url()).content.decode()
    assert "Final score" in body
    assert "wins the episode" in body or "A shared first place" in body


def test_the_table_form_creates_an_eternal_game(ana):
    """The creation form offers 2 to 4 players and the Eternal game."""
    c = login(ana)
    response = c.post(
        reverse("games:new", args=["my-city"]),
        {
            **once(c),
            "visibility": "public",
            "time_per_move": "",
            "timeout_policy": "bot",
            "players": "3",
            "mode": "eternal",
            "episode": "1",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.num_players == 3 and game.options["mode"] == "eternal"


def test_a_computer_player_does_not_stop_at_once(ana):
    """The My City heuristic builds on its first turn rather than stopping."""
    game = services.game_create(
        creator=ana, engine_slug="my-city", num_players=2, options={}
    )
    for seed in range(5):
        move = choose_move(ENGINE, ENGINE.setup(2, {}, seed), 1, seed=seed)
        assert move["type"] == "place"
    assert game


def test_the_eternal_game_page_shows_wells_and_gold(ana, ben):
    """The Eternal game's board has its wells and gold veins drawn."""
    game = services.game_create(
        creator=ana, engine_slug="my-city", num_players=2, options={"mode": "eternal"}
    )
    services.seat_join(game_id=game.pk, user=ben)
    body = login(ana).get(game.get_absolute_url()).content.decode()
    assert 'class="well"' in body and 'class="gold"' in body
    assert "The Eternal game" in body


def test_the_top_bar_shows_each_score_so_far(game, ana):
    """The players' list at the top carries the score as it would be counted now."""
    body = login(ana).get(game.get_absolute_url()).content.decode()
    scores = ENGINE.view(game.state, 0)["running"]
    assert body.count('title="Score so far"') == 2
    assert f">{scores[0]}</span>" in body


def test_a_my_city_round_is_a_tour_in_french(game, ana, ben):
    """My City's round heading has its own context: "Tour 1" in French, where a
    Lost Cities round is a "Manche"."""
    ben.language = "fr"
    ben.save(update_fields=["language"])
    a, b = login(ana), login(ben)
    move_a = next(m for m in ENGINE.legal_moves(game.state, 0) if m["type"] == "place")
    post_move(a, game, move_a)
    game.refresh_from_db()
    post_move(b, game, ENGINE.legal_moves(game.state, 1)[0])
    body = b.get(game.get_absolute_url()).content.decode()
    assert ">Tour 1</h2>" in body and "Manche 1" not in body


def test_a_campaign_chapter_and_its_rules_read_in_french(ana, ben):
    """The built-in chapters' names and rule texts are in the catalogue: a French
    reader sees "Premières pierres", not the English kept in the chapter data."""
    ben.language = "fr"
    ben.save(update_fields=["language"])
    game = services.game_create(
        creator=ana,
        engine_slug="my-city",
        num_players=2,
        options={"mode": "campaign", "episode": 4},
    )
    services.seat_join(game_id=game.pk, user=ben)
    body = login(ben).get(game.get_absolute_url()).content.decode()
    assert "Chapitre 2 : Au bord de l&#39;eau" in body
    assert "chaque bâtiment qui longe la rivière" in body
    assert "The riverside" not in body


def test_stop_asks_for_a_confirmation_whatever_the_preference(game, ana):
    """ "Stop for this episode" first opens a box saying it cannot be undone; the
    stop move is only on the "Yes, stop" button inside it (no JavaScript needed,
    whatever the confirm-moves preference)."""
    assert not ana.confirm_moves
    body = login(ana).get(game.get_absolute_url()).content.decode()
    box = body[body.index('<details class="mc-stop">') :]
    box = box[: box.index("</details>")]
    assert "cannot be undone" in box and "Yes, stop for this episode" in box
    assert json.dumps({"type": "stop"}) not in body.replace(box, "").replace(
        "&quot;", '"'
    )


def _ended(game, state):
    state["over"] = True
    state["revealed"] = None
    Game.objects.filter(pk=game.pk).update(state=state, status=Game.Status.FINISHED)
    game.refresh_from_db()
    return game


def test_the_tie_break_that_decided_an_episode_is_shown(game, ana):
    """Same score, different ranks: the page names the row of empty meadows that
    decided it."""
    state = json.loads(json.dumps(game.state))
    state["rules"] = []
    put_entry = {"building": "Y1", "orientation": 0}
    state["players"][0]["placed"] = [
        {**put_entry, "row": 0, "col": 2, "cells": [[0, 2], [0, 3]]}
    ]
    state["players"][1]["placed"] = [
        {**put_entry, "row": 1, "col": 1, "cells": [[1, 1], [1, 2]]}
    ]
    out = ENGINE.outcome(state)
    assert out[0]["score"] == out[1]["score"] and out[0]["rank"] == 1
    body = login(ana).get(_ended(game, state).get_absolute_url()).content.decode()
    assert 'data-tiebreak="1"' in body
    assert "fewer empty meadows in row 1" in body


def test_the_final_table_circles_match_the_text(game, ana):
    """At the end the table's circles include those the episode won."""
    state = json.loads(json.dumps(game.state))
    state["mode"] = "campaign"
    state["players"][0]["circles"] = 3
    state["players"][0]["placed"] = [
        {
            "building": "Y1",
            "orientation": 0,
            "row": 0,
            "col": 3,
            "cells": [[0, 3], [0, 4]],
        }
    ]
    body = login(ana).get(_ended(game, state).get_absolute_url()).content.decode()
    assert "+2" in body
    row = body[body.index("Progress circles</th>") :]
    row = row[: row.index("</tr>")]
    assert "<td>5</td>" in row


def test_what_the_others_built_shows_once_the_round_resolves(game, ana, ben):
    """After the round, Ana sees Ben's new building outlined on his board, in the
    round's list, and in the log line of the move that resolved the round."""
    a, b = login(ana), login(ben)
    ana_move = next(
        m for m in ENGINE.legal_moves(game.state, 0) if m["type"] == "place"
    )
    post_move(a, game, ana_move)
    game.refresh_from_db()
    assert 'class="fresh"' not in a.get(game.get_absolute_url()).content.decode()
    ben_move = next(
        m for m in ENGINE.legal_moves(game.state, 1) if m["type"] == "place"
    )
    post_move(b, game, ben_move)
    game.refresh_from_db()
    body = a.get(game.get_absolute_url()).content.decode()
    others = body[body.index('class="mc-others"') :]
    assert '<g class="fresh">' in others
    line = game.moves.order_by("-seq").first().log["en"]["0"]
    assert "Round 1:" in line
    assert f"at row {ben_move['row'] + 1}, column {ben_move['col'] + 1}" in line


def test_the_episode_page_tells_the_chapter_story_and_the_episodes_own_rule(ana, ben):
    """Episode 4: the riverside's story, its own race, the rule it replaced and
    the rules still in force from chapter 1."""
    game = services.game_create(
        creator=ana, engine_slug="my-city", num_players=2, options={"episode": 4}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    body = login(ana).get(game.get_absolute_url()).content.decode()
    assert "The river becomes a trade route" in body
    episode = body[body.index('data-rules="episode"') :]
    assert "Race:" in episode[: episode.index("</ul>")]
    assert 'data-rules="replaced"' in body


def test_the_board_says_how_the_score_stands_in_words(game, ana):
    """A fresh board reads "what counts so far" and what the empty meadows will
    cost, not a bare -73 (issue 31)."""
    detail = ENGINE.view(game.state, 0)["players"][0]["detail"]
    empty = sum(detail["empty_by_row"])
    counted = detail["total"] - detail["empty_meadows"]
    html = login(ana).get(game.get_absolute_url()).content.decode()
    standing = html.split("data-standing", 1)[1].split("</div>", 1)[0]
    assert f"Counted so far: {counted} points" in standing
    assert f"Your {empty} empty meadows will cost {empty} points at the end" in standing
    assert f"your city would score {detail['total']}." in standing
