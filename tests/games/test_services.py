"""The platform's services: tables, joining, moves, computer players."""

import pytest
from django.db import transaction
from page_helpers import play_to_the_end

from games import engines, services
from games.errors import Conflict, Invalid, NotAllowed, NotFound, Refused
from games.models import Game, Move, Seat

pytestmark = pytest.mark.django_db


def seat_of(game, user):
    return game.seats.get(user=user).position


def first_legal(game, position):
    engine = engines.get(game.engine)
    return engine.legal_moves(game.state, position)[0]


def test_game_starts_when_the_table_is_full(ana, ben):
    """A table opens with its creator seated and starts when the last seat fills."""
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={"rounds": 3}
    )
    assert game.status == Game.Status.OPEN and game.state is None
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert game.options == {"expeditions": 5, "rounds": 3}
    assert game.state["current"] in (0, 1)
    assert list(game.seats.filter(to_move=True).values_list("position", flat=True)) == [
        game.state["current"]
    ]


def test_invalid_options_are_refused_with_the_engines_reason(ana):
    """Options the engine refuses create nothing."""
    with pytest.raises(Refused, match="5 expeditions"):
        services.game_create(
            creator=ana,
            engine_slug="lost-cities",
            num_players=2,
            options={"expeditions": 9},
        )
    assert Game.objects.count() == 0


def test_joining_twice_or_a_full_table_is_refused(ana, ben, make_user):
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    with pytest.raises(Refused, match="already have a seat"):
        services.seat_join(game_id=game.pk, user=ana)
    services.seat_join(game_id=game.pk, user=ben)
    with pytest.raises(Refused, match="no longer open"):
        services.seat_join(game_id=game.pk, user=make_user())


def test_a_move_is_applied_appended_and_bumps_the_version(lost_cities_game, ana, ben):
    game = lost_cities_game
    mover = ana if seat_of(game, ana) == game.state["current"] else ben
    move = first_legal(game, seat_of(game, mover))
    services.move_submit(game_id=game.pk, user=mover, move=move, expected_version=0)
    game.refresh_from_db()
    assert game.version == 1
    assert list(Move.objects.filter(game=game).values_list("seq", "move")) == [
        (1, move)
    ]
    log = Move.objects.get(game=game).log
    assert set(log) == {"en", "fr"} and set(log["en"]) == {"0", "1", "-"}


@pytest.mark.parametrize(
    "case",
    ["stale", "not-your-turn", "illegal", "stranger", "unknown-game"],
)
def test_bad_moves_change_nothing(lost_cities_game, ana, ben, make_user, case):
    """Stale versions, wrong seats, illegal moves and strangers are refused."""
    game = lost_cities_game
    current = game.state["current"]
    mover = ana if seat_of(game, ana) == current else ben
    waiting = ben if mover is ana else ana
    move = first_legal(game, current)
    kwargs = {"game_id": game.pk, "user": mover, "move": move, "expected_version": 0}
    expected_kind = {
        "stale": Conflict,
        "not-your-turn": Conflict,
        "illegal": Invalid,
        "stranger": NotAllowed,
        "unknown-game": NotFound,
    }[case]
    if case == "stale":
        kwargs["expected_version"] = 5
    elif case == "not-your-turn":
        kwargs["user"] = waiting
    elif case == "illegal":
        kwargs["move"] = {"type": "draw", "source": "deck"}
    elif case == "stranger":
        kwargs["user"] = make_user()
    elif case == "unknown-game":
        kwargs["game_id"] = 999999
    before = game.state
    with pytest.raises(Refused) as info:
        services.move_submit(**kwargs)
    assert type(info.value) is expected_kind
    game.refresh_from_db()
    assert game.state == before and game.version == 0
    assert not Move.objects.exists()


def test_the_game_ends_with_results_on_each_seat(lost_cities_game, ana, ben):
    """Played to the end, the game is finished and each seat holds its result."""
    game = lost_cities_game
    engine = engines.get("lost-cities")
    game = play_to_the_end(game, {seat_of(game, ana): ana, seat_of(game, ben): ben})
    assert game.status == Game.Status.FINISHED and game.finished_at
    outcome = {r["seat"]: r for r in engine.outcome(game.state)}
    for seat in game.seats.all():
        assert seat.score == outcome[seat.position]["score"]
        assert seat.rank == outcome[seat.position]["rank"]
        assert not seat.to_move
    with pytest.raises(Refused, match="over"):
        services.move_submit(
            game_id=game.pk,
            user=ana,
            move={"type": "draw"},
            expected_version=game.version,
        )


@pytest.mark.django_db(transaction=True)
def test_computer_player_moves_after_commit(ana):
    """A bot seat moves through the Celery task queued after the commit."""
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    services.seat_add_bot(game_id=game.pk, user=ana)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    # Whoever started, after the bot's turn (if any) it is Ana's turn.
    assert game.state["current"] == 0
    engine = engines.get("lost-cities")
    for _turn in range(3):
        for _step in range(2):
            move = engine.legal_moves(game.state, 0)[-1]
            services.move_submit(
                game_id=game.pk, user=ana, move=move, expected_version=game.version
            )
            game.refresh_from_db()
        assert game.state["current"] == 0  # the bot has answered
    bot_moves = Move.objects.filter(game=game, seat=1).count()
    assert bot_moves >= 6


def test_bot_task_is_queued_only_after_commit(ana, django_capture_on_commit_callbacks):
    """The computer player's move waits for the commit of the move before it."""
    for _attempt in range(20):
        game = services.game_create(
            creator=ana, engine_slug="lost-cities", num_players=2, options={}
        )
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            services.seat_add_bot(game_id=game.pk, user=ana)
        game.refresh_from_db()
        if game.state["current"] == 1:
            break
    assert game.state["current"] == 1, "the seed never let the bot start"
    assert not Move.objects.filter(game=game).exists()  # nothing ran inside
    with django_capture_on_commit_callbacks(execute=True):  # each move's commit
        for callback in callbacks:
            callback()
    assert Move.objects.filter(game=game, seat=1).count() == 2


def test_only_the_creator_adds_a_computer_player(ana, ben):
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    with pytest.raises(Refused) as info:
        services.seat_add_bot(game_id=game.pk, user=ben)
    assert isinstance(info.value, NotAllowed)
    assert Seat.objects.filter(game=game).count() == 1


def test_bots_play_is_idempotent(ana):
    """Running the bot task again when no bot must move changes nothing."""
    game = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    with transaction.atomic():
        services.seat_add_bot(game_id=game.pk, user=ana)
    for _move in range(10):  # one move per run, until the person is to move
        if services.bots_play(game_id=game.pk) == 0:
            break
    game.refresh_from_db()
    version = game.version
    assert services.bots_play(game_id=game.pk) == 0
    game.refresh_from_db()
    assert game.version == version


def test_simultaneous_decisions_are_not_stale_for_each_other(ana, ben):
    """In a simultaneous round, a decision made on the version both players saw is
    accepted after the other player's decision; a second click is still refused."""
    game = services.game_create(
        creator=ana, engine_slug="my-city", num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    engine = engines.get("my-city")
    assert sorted(engine.to_move(game.state)) == [0, 1]
    seen = game.version
    users = {seat_of(game, ana): ana, seat_of(game, ben): ben}
    moves = {p: engine.legal_moves(game.state, p)[0] for p in (0, 1)}
    services.move_submit(
        game_id=game.pk, user=users[1], move=moves[1], expected_version=seen
    )
    services.move_submit(
        game_id=game.pk, user=users[0], move=moves[0], expected_version=seen
    )
    game.refresh_from_db()
    assert game.moves.count() == 2
    with pytest.raises(Refused) as info:
        services.move_submit(
            game_id=game.pk, user=users[0], move=moves[0], expected_version=seen
        )
    assert isinstance(info.value, Conflict)
    assert game.moves.count() == 2


def test_in_a_turn_based_game_a_move_on_a_version_before_the_opponents_is_stale(
    lost_cities_game, ana, ben
):
    """Lost Cities: Ana plays and draws from version v; Ben's move sent with v
    (before Ana's moves, when he was not to move) is refused, nothing changes,
    though it is now his turn and the move is legal."""
    game = lost_cities_game
    engine = engines.get("lost-cities")
    users = {seat_of(game, ana): ana, seat_of(game, ben): ben}
    first = game.state["current"]
    seen = game.version
    for _ in range(2):  # a card played, then one drawn: the turn passes
        game = services.move_submit(
            game_id=game.pk,
            user=users[first],
            move=first_legal(game, first),
            expected_version=game.version,
        ).game
    game.refresh_from_db()
    second = 1 - first
    assert engine.to_move(game.state) == [second] and game.version == seen + 2
    move = first_legal(game, second)
    with pytest.raises(Refused) as info:
        services.move_submit(
            game_id=game.pk, user=users[second], move=move, expected_version=seen
        )
    assert isinstance(info.value, Conflict)
    with pytest.raises(Refused) as info:
        services.move_submit(
            game_id=game.pk, user=users[second], move=move, expected_version=seen + 1
        )
    assert isinstance(info.value, Conflict)
    game.refresh_from_db()
    assert game.version == seen + 2 and game.moves.count() == 2
    services.move_submit(
        game_id=game.pk, user=users[second], move=move, expected_version=seen + 2
    )


def test_a_simultaneous_decision_on_a_version_from_before_the_round_is_stale(
    make_user,
):
    """My City with three players: a decision sent with a version from the
    previous round (when only another seat was to decide) is refused, though the
    seat has not moved since; one sent with the version at the start of this
    round stands."""
    users = [make_user() for _ in range(3)]
    game = services.game_create(
        creator=users[0], engine_slug="my-city", num_players=3, options={}
    )
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    engine = engines.get("my-city")
    by_seat = {seat_of(game, u): u for u in users}
    for position in (0, 1):  # round 1: two of three have placed
        game = services.move_submit(
            game_id=game.pk,
            user=by_seat[position],
            move=first_legal(game, position),
            expected_version=game.version,
        ).game
    game.refresh_from_db()
    before_round = game.version  # seat 2 alone to decide
    game = services.move_submit(
        game_id=game.pk,
        user=by_seat[2],
        move=first_legal(game, 2),
        expected_version=before_round,
    ).game
    game.refresh_from_db()
    round_two = game.version
    assert sorted(engine.to_move(game.state)) == [0, 1, 2]
    game = services.move_submit(
        game_id=game.pk,
        user=by_seat[0],
        move=first_legal(game, 0),
        expected_version=round_two,
    ).game
    game.refresh_from_db()
    with pytest.raises(Refused) as info:
        services.move_submit(
            game_id=game.pk,
            user=by_seat[1],
            move=first_legal(game, 1),
            expected_version=before_round,
        )
    assert isinstance(info.value, Conflict)
    services.move_submit(
        game_id=game.pk,
        user=by_seat[1],
        move=first_legal(game, 1),
        expected_version=round_two,
    )
    game.refresh_from_db()
    assert game.version == round_two + 2
