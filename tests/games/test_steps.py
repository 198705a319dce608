"""The line under each game's prompt says what the current step allows: every
step any engine can reach has a text, in English and French, drawn from the
view and the legal moves (games/steps.py)."""

import random

import pytest
from django.utils import translation

from games import bots, engines, registry, steps
from games.citadels.engine.engine import PENDING_MOVES, SUB_MOVES
from games.rival_cities.engine.engine import HANDLERS

# (slug, players, options): the set-ups whose steps differ.
SETUPS = [
    ("lost-cities", 2, {}),
    ("lost-cities", 2, {"expeditions": 6, "rounds": 3}),
    ("citadels", 4, {}),
    ("citadels", 5, {"edition": "2016"}),
    ("citadels", 3, {"edition": "classic"}),
    ("citadels", 2, {"edition": "2016"}),
    ("rival-cities", 2, {}),
    ("my-city", 2, {}),
    ("my-city", 3, {"mode": "eternal"}),
    ("my-city", 2, {"mode": "single", "episode": 13}),
]
# Every other registered game (the tests' example game) with its defaults.
SETUPS += [
    (spec.slug, spec.engine.min_players, {})
    for spec in registry.GAMES
    if spec.slug not in {setup[0] for setup in SETUPS}
]


def walk(slug, players, options, seed, limit=400):
    """Plays one game, half the moves the computer player's and half random,
    and yields (view, legal) of each seat to move at each decision."""
    engine = engines.get(slug)
    options = engine.validate_options(players, options)
    state = engine.setup(players, options, seed)
    rng = random.Random(seed)
    for n in range(limit):
        if engine.is_over(state):
            return
        seat = engine.to_move(state)[0]
        legal = engine.legal_moves(state, seat)
        yield engine.view(state, seat), legal
        if rng.random() < 0.5:
            move = bots.choose_move(engine, state, seat, seed=seed * 1000 + n)
        else:
            move = rng.choice(legal)
        state = engine.apply(state, seat, move)


@pytest.fixture(scope="module")
def met():
    """Every (slug, step) the walks meet, with one (view, legal) of each."""
    found = {}
    for slug, players, options in SETUPS:
        for seed in range(1, 4):
            for view, legal in walk(slug, players, options, seed):
                name = steps.step_name(slug, view, legal)
                found.setdefault((slug, name), (view, legal))
    return found


def test_every_step_met_in_random_games_has_a_line_in_english_and_french(met):
    """Each step a seat met while computer and random players played every
    game has a line under the prompt, and the French line is a translation."""
    assert len(met) >= 25  # the walks do reach many steps of every game
    missing = []
    for (slug, name), (view, legal) in sorted(met.items(), key=str):
        with translation.override("en"):
            english = steps.step_help(slug, view, legal)
        with translation.override("fr"):
            french = steps.step_help(slug, view, legal)
        if not english or "{" in english or not french or french == english:
            missing.append((slug, name, english, french))
    assert missing == []


def test_every_step_an_engine_declares_has_a_text():
    """The steps that random games reach rarely are listed by the engines
    themselves: each Citadels question and sub-choice, each Rival Cities
    decision kind, each Lost Cities phase and each My City decision."""
    declared = {("citadels", "pending_" + k) for k in PENDING_MOVES}
    declared |= {("citadels", "sub_" + k) for k in SUB_MOVES}
    declared |= {("citadels", k) for k in ("draft_discard", "draft_choose")}
    declared |= {("citadels", k) for k in ("resources", "keep", "main")}
    declared |= {
        ("rival-cities", k) for k, (_a, moves, _p) in HANDLERS.items() if moves
    }
    declared |= {("lost-cities", "play"), ("lost-cities", "draw")}
    declared |= {
        ("my-city", k) for k in ("build", "build_no_pass", "no_room", "stop_only")
    }
    missing = [d for d in sorted(declared) if d[1] not in steps.texts(d[0])]
    assert missing == []


def test_a_citadels_turn_says_what_the_legal_moves_allow():
    """The main step of a Citadels turn names what is legal now: the power
    and the builds while they are possible, never a build that is not."""
    view = {
        "phase": "call",
        "call": {"turn": {"step": "main", "build_limit": 3, "built": 1}},
    }
    legal = [{"type": "kill", "character": "king"}, {"type": "build", "card": "d-1"}]
    legal.append({"type": "end_turn"})
    with translation.override("en"):
        line = steps.step_help("citadels", view, legal)
        assert (
            line
            == "You may use your power, build up to 2 districts, then end your turn."
        )
        line = steps.step_help("citadels", view, [{"type": "end_turn"}])
        assert "build" not in line
        # The Witch must name a character: no end of turn is offered before.
        line = steps.step_help(
            "citadels", view, [{"type": "bewitch", "character": "king"}]
        )
        assert line == "You must use your power before your turn can end."


def test_rival_cities_options_lists_only_the_options_offered():
    """At the option choice, the line lists the options the legal moves hold."""
    view = {"decision": {"t": "option"}}
    legal = [{"type": "option", "option": "A"}, {"type": "option", "option": "D"}]
    with translation.override("en"):
        line = steps.step_help("rival-cities", view, legal)
    assert "A, do the card" in line and "D, take" in line and "B, play" not in line


def test_no_line_for_a_seat_without_a_move():
    assert steps.step_help("lost-cities", {"phase": "play"}, []) == ""


@pytest.mark.django_db
@pytest.mark.parametrize("slug", [spec.slug for spec in registry.GAMES])
def test_the_board_shows_the_line_under_the_prompt_to_the_player_to_move(
    ana, ben, slug
):
    """The player who must act reads the line under the prompt, right after
    it; a player who waits reads none."""
    from page_helpers import login

    from games import services

    game = services.game_create(
        creator=ana, engine_slug=slug, num_players=2, options={}
    )
    services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    engine = engines.get(slug)
    to_move = engine.to_move(game.state)
    for seat in game.seats.all():
        body = login(seat.user).get(game.get_absolute_url()).content.decode()
        if seat.position in to_move:
            view = engine.view(game.state, seat.position)
            legal = engine.legal_moves(game.state, seat.position)
            with translation.override("en"):
                line = steps.step_help(slug, view, legal)
            assert f'<p class="step-help" data-step-help>{line}</p>' in body.replace(
                "&#x27;", "'"
            ).replace("&#39;", "'")
            prompt_end = body.index('class="prompt"')
            assert body.index("data-step-help") > prompt_end
        else:
            assert "data-step-help" not in body
