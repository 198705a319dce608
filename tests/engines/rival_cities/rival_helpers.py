"""Helpers for the Rival Cities tests: hand-built states and short scripts."""

from games.engines.base import clone
from games.rival_cities.engine import ENGINE
from games.rival_cities.engine.engine import advance
from games.rival_cities.engine.pieces import RESOURCES


def fresh(seed=1, **options):
    """A new game, before the two starting-resource choices."""
    options.setdefault("first_player", 0)
    return ENGINE.setup(2, ENGINE.validate_options(2, options), seed)


def started(seed=1, **options):
    """A new game after both cities chose furniture: Hamburg (0) to move the inkwell."""
    state = fresh(seed, **options)
    state = ENGINE.apply(state, 0, {"type": "start", "resource": "furniture"})
    return ENGINE.apply(state, 1, {"type": "start", "resource": "furniture"})


def set_res(state, seat, **res):
    """Sets a city's resources (others to 0), keeping the supply's totals right."""
    holding = state["players"][seat]["res"]
    for kind in RESOURCES:
        want = res.get(kind, 0)
        state["supply"][kind] += holding[kind] - want
        holding[kind] = want
        assert state["supply"][kind] >= 0
    return state


def set_tokens(state, seat, letters=None, stars=None):
    player = state["players"][seat]
    if letters is not None:
        state["supply"]["letter"] += player["letters"] - letters
        player["letters"] = letters
    if stars is not None:
        state["supply"]["star"] += player["stars"] - stars
        player["stars"] = stars
    return state


def take_ship(state, seat, card):
    """Gives a ship to a city, from wherever it lies."""
    for pile in ("ships_face_up", "ship_deck", "ships_boxed"):
        if card in state[pile]:
            if pile == "ships_face_up":
                state[pile][state[pile].index(card)] = None
            else:
                state[pile].remove(card)
    state["players"][seat]["ships"].append(card)
    return state


def take_alliance(state, seat, card):
    if card in state["alliances_board"]:
        state["alliances_board"][state["alliances_board"].index(card)] = None
    elif card in state["alliances_boxed"]:
        # Swap a boxed alliance in for the first one on the board.
        state["alliances_boxed"].remove(card)
        index = next(i for i, c in enumerate(state["alliances_board"]) if c)
        state["alliances_boxed"].append(state["alliances_board"][index])
        state["alliances_board"][index] = None
    state["players"][seat]["alliances"].append(card)
    return state


def with_tasks(state, seat, tasks):
    """`seat` is in its turn with these tasks to do (tasks[0] first)."""
    state = clone(state)
    state["turn"] = seat
    state["queue"] = [
        dict(task, seat=task.get("seat", seat)) for task in reversed(tasks)
    ]
    state["events"] = []
    advance(state)
    return state


def action(state, seat, do, **params):
    """`seat` is doing one action (as on a card)."""
    return with_tasks(state, seat, [{"t": do, **params}])


def play(state, *moves):
    """Applies moves in turn, each by whoever must decide."""
    for move in moves:
        seat = ENGINE.to_move(state)[0]
        state = ENGINE.apply(state, seat, move)
    return state


def decision(state):
    task = state["queue"][-1] if state["queue"] and not state["over"] else None
    return task["t"] if task else None


STOP = {"type": "stop"}


def locate_special(state, card):
    """Removes a special card from wherever it is; returns the state."""
    for pile in ("special_deck", "special_discard"):
        if card in state[pile]:
            state[pile].remove(card)
    for space in state["ring"]:
        if space["card"] == card:
            space["card"] = None
    for player in state["players"]:
        if card in player["hand"]:
            player["hand"].remove(card)
    return state


def give_card(state, seat, card):
    """Puts a special card into a hand (from wherever it was)."""
    locate_special(state, card)
    state["players"][seat]["hand"].append(card)
    return state


def put_on_ring(state, space, card):
    """Puts a card on a ring space; a special card displaced goes to the deck."""
    old = state["ring"][space]["card"]
    if old == card:
        return state
    if card.startswith("special-"):
        locate_special(state, card)
        if old:
            state["special_deck"].append(old)
        state["ring"][space]["card"] = card
    else:
        where = next(i for i, s in enumerate(state["ring"]) if s["card"] == card)
        state["ring"][where]["card"] = old
        state["ring"][space]["card"] = card
    return state


def standing_on(state, space, card=None):
    """The mover's inkwell stands on `space` (holding `card`): the option comes next."""
    if card:
        put_on_ring(state, space, card)
    seat = state["turn"]
    state = with_tasks(state, seat, [{"t": "option"}])
    state["inkwell"] = space
    return state
