"""Games of every kind brought, through the services, to a point where the
viewer (seat 0) must decide: what the browser tests look at."""

from games import engines, services
from games.bots import choose_move
from games.models import Game

SLUGS = ["lost-cities", "citadels", "rival-cities", "my-city"]


def mid_game(slug: str, ana, ben, moves: int = 6, when=None) -> Game:
    """A game between Ana (seat 0) and Ben after at least `moves` moves, with
    Ana to decide (and `when(state)` true, if given)."""
    engine = engines.get(slug)
    game = services.game_create(
        creator=ana, engine_slug=slug, num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    users = {s.position: s.user for s in game.seats.all()}
    played = 0
    for _turn in range(400):
        to_move = engine.to_move(game.state)
        if played >= moves and 0 in to_move and (when is None or when(game.state)):
            return game
        # Ben first when both decide at once, so that Ana is left to decide.
        seat = max(to_move) if played >= moves and len(to_move) > 1 else to_move[0]
        move = choose_move(engine, game.state, seat, seed=played)
        services.move_submit(
            game_id=game.pk, user=users[seat], move=move, expected_version=game.version
        )
        game.refresh_from_db()
        played += 1
    raise AssertionError(f"{slug}: Ana never came to decide")


def finished(slug: str, ana, ben) -> Game:
    """A game between Ana and Ben played to its end by the computer's choices."""
    engine = engines.get(slug)
    game = services.game_create(
        creator=ana, engine_slug=slug, num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    users = {s.position: s.user for s in game.seats.all()}
    played = 0
    while not game.is_over:
        seat = engine.to_move(game.state)[0]
        move = choose_move(engine, game.state, seat, seed=played)
        services.move_submit(
            game_id=game.pk, user=users[seat], move=move, expected_version=game.version
        )
        game.refresh_from_db()
        played += 1
    return game


def draw_from_two_piles(state) -> bool:
    """Lost Cities: Ana draws, and two discard piles offer a card."""
    return state["phase"] == "draw" and sum(map(bool, state["discards"].values())) > 1


# Decisions of the viewer's: Lost Cities' play and draw (two piles' buttons),
# Citadels' draft and a turn, Rival Cities and My City in their first rounds.
DECISIONS = [
    ("lost-cities", 6, None),
    ("lost-cities", 6, draw_from_two_piles),
    ("citadels", 0, None),
    ("citadels", 6, None),
    ("rival-cities", 6, None),
    ("my-city", 6, None),
]
