"""Small helpers on the state: gaining, paying, the task queue, the log events.

"Pay" always returns to the common supply and "gain" always takes from it (R-rc,
"Quelques rappels"). A missing resource is taken from the rival only when the
rival holds more of it than the gainer; otherwise it is not gained (R-rc). Letters,
factories and stars come from the supply only (R-rc for stars and factories;
letters chosen here the same way).
"""

from __future__ import annotations

from games.engines.base import SeededRandom
from games.rival_cities.engine.pieces import ALLIANCES, RESOURCES

# --- Who is who ------------------------------------------------------------------


def rival(seat: int) -> int:
    return 1 - seat


def direction(seat: int) -> int:
    """Hamburg (seat 0) pushes markers toward +, Altona (seat 1) toward -."""
    return 1 if seat == 0 else -1


def has_alliance(state: dict, seat: int, name: str) -> bool:
    return f"alliance-{name}" in state["players"][seat]["alliances"]


def has_ship(state: dict, seat: int, number: int) -> bool:
    return f"ship-{number}" in state["players"][seat]["ships"]


def alliance_production_types(state: dict, seat: int) -> list[str]:
    return [
        ALLIANCES[card]["production"]
        for card in state["players"][seat]["alliances"]
        if "production" in ALLIANCES[card]
    ]


# --- Resources ---------------------------------------------------------------------


def total_resources(state: dict, seat: int) -> int:
    return sum(state["players"][seat]["res"].values())


def gain(state: dict, seat: int, res: str, n: int = 1) -> int:
    """Gains n of a resource or token; returns how many were actually gained."""
    if res not in RESOURCES:
        return gain_token(state, seat, res, n)
    me = state["players"][seat]["res"]
    them = state["players"][rival(seat)]["res"]
    got = 0
    for _ in range(n):
        if state["supply"][res] > 0:
            state["supply"][res] -= 1
        elif them[res] > me[res]:
            them[res] -= 1
        else:
            continue
        me[res] += 1
        got += 1
    return got


def gain_token(state: dict, seat: int, kind: str, n: int = 1) -> int:
    """Letters, stars, factories: from the supply only, never from the rival."""
    got = min(n, state["supply"][kind])
    state["supply"][kind] -= got
    player = state["players"][seat]
    if kind == "letter":
        player["letters"] += got
    elif kind == "star":
        player["stars"] += got
    elif kind == "factory":
        player["factories"]["active"] += got
    return got


def gain_all(state: dict, seat: int, bundle: dict) -> None:
    for res, n in bundle.items():
        gain(state, seat, res, n)


def pay(state: dict, seat: int, res: str, n: int = 1) -> None:
    holding = state["players"][seat]["res"]
    if holding[res] < n:
        raise AssertionError("paying with a resource one lacks")
    holding[res] -= n
    state["supply"][res] += n


def pay_letter(state: dict, seat: int) -> None:
    player = state["players"][seat]
    if player["letters"] < 1:
        raise AssertionError("paying with a letter one lacks")
    player["letters"] -= 1
    state["supply"]["letter"] += 1


def can_afford(state: dict, seat: int, cost: dict) -> bool:
    holding = state["players"][seat]["res"]
    fixed = 0
    for res, n in cost.items():
        if res == "any":
            continue
        if holding[res] < n:
            return False
        fixed += n
    return total_resources(state, seat) - fixed >= cost.get("any", 0)


def start_payment(state: dict, seat: int, cost: dict, label: str) -> None:
    """Pays the fixed part now and queues one `pay` decision per free resource.

    The caller has checked `can_afford` and pushed what follows the payment."""
    for res, n in cost.items():
        if res != "any" and n:
            pay(state, seat, res, n)
    if cost.get("any", 0) > 0:
        push(state, {"t": "pay", "seat": seat, "left": cost["any"], "for": label})


# --- The task queue (top = last) -----------------------------------------------------


STOP = {"type": "stop"}  # the move that ends an optional choice


def push(state: dict, task: dict) -> None:
    state["queue"].append(task)


def pop(state: dict) -> None:
    """The current task is done."""
    state["queue"].pop()


def push_seq(state: dict, tasks: list[dict]) -> None:
    """Queues tasks so that tasks[0] runs first."""
    for task in reversed(tasks):
        state["queue"].append(task)


def action_task(seat: int, action: dict, **extra) -> dict:
    task = {key: value for key, value in action.items() if key != "do"}
    task.update(extra)
    task["t"] = action["do"]
    task["seat"] = seat
    return task


# --- Events (what happened on its own, for the log; the view translates them) -----


def gettext_noop(text: str) -> str:
    """Marks a string for translation (collected by makemessages), translated later."""
    return text


def event(state: dict, msg: str, **args) -> None:
    state["events"].append({"msg": msg, "args": args})


# --- Decks ------------------------------------------------------------------------


def draw_special(state: dict) -> str | None:
    """The top special card; the discard is reshuffled when the deck is empty (R-rc)."""
    if not state["special_deck"] and state["special_discard"]:
        deck = list(state["special_discard"])
        state["special_discard"] = []
        with SeededRandom(state) as rng:
            rng.shuffle(deck)
        state["special_deck"] = deck
    if not state["special_deck"]:
        return None
    return state["special_deck"].pop()


# --- Copying a state (for `apply`, which never mutates its input) ------------------

# Keys whose value is a flat list of card ids (str) or None slots.
_ID_LISTS = (
    "special_deck",
    "special_discard",
    "played",
    "ships_face_up",
    "ship_deck",
    "ships_boxed",
    "alliances_board",
    "alliances_boxed",
    "lawsuit_deck",
    "lawsuits_boxed",
    "lawsuits_out",
)
_PLAYER_ID_LISTS = ("hand", "ships", "alliances", "lawsuits")


def deep_copy(value):
    """A deep copy of JSON data (dicts, lists, scalars)."""
    kind = type(value)
    if kind is dict:
        return {key: deep_copy(item) for key, item in value.items()}
    if kind is list:
        return [deep_copy(item) for item in value]
    return value


def _copy_task(task: dict) -> dict:
    new = task.copy()
    for key, value in task.items():
        if type(value) is list or type(value) is dict:
            new[key] = deep_copy(value)  # vias, a gift's res, a donation's cost
    return new


def _copy_player(player: dict) -> dict:
    new = player.copy()
    new["res"] = player["res"].copy()
    new["factories"] = player["factories"].copy()
    new["hand"] = player["hand"].copy()
    new["ships"] = player["ships"].copy()
    new["alliances"] = player["alliances"].copy()
    new["lawsuits"] = player["lawsuits"].copy()
    if len(new) != _PLAYER_KEYS:
        for key, value in player.items():
            if key not in _PLAYER_KNOWN and type(value) in (dict, list):
                new[key] = deep_copy(value)
    return new


def clone_state(state: dict, events: bool = True) -> dict:
    """A deep copy of a state, the same as `base.clone` (nothing shared with the
    input) but several times faster: it knows the state's shape (README, "The
    state") and copies each flat list and dict with one call. Any other key holding
    a list or dict is deep-copied. `events=False` leaves `events` shared, for a
    caller that replaces it at once."""
    new = state.copy()  # the scalars: inkwell, bell, prestige, first, turn, ...
    new["rng"] = state["rng"].copy()
    new["options"] = state["options"].copy()
    new["ring"] = [space.copy() for space in state["ring"]]
    for key in _ID_LISTS:
        new[key] = state[key].copy()
    new["lawsuits"] = [
        None if slot is None else slot.copy() for slot in state["lawsuits"]
    ]
    new["supply"] = state["supply"].copy()
    new["players"] = [_copy_player(player) for player in state["players"]]
    new["queue"] = [_copy_task(task) for task in state["queue"]]
    if events:
        new["events"] = deep_copy(state["events"])
    if state["result"] is not None:
        new["result"] = deep_copy(state["result"])
    if not _ALL_KEYS.issuperset(state):
        for key, value in state.items():
            if key not in _KNOWN and type(value) in (dict, list):
                new[key] = deep_copy(value)
    return new


_PLAYER_KNOWN = frozenset(("res", "factories", *_PLAYER_ID_LISTS))
_PLAYER_KEYS = len(_PLAYER_KNOWN) + 2  # and letters, stars (ints)
_KNOWN = frozenset(
    (
        "rng",
        "options",
        "ring",
        *_ID_LISTS,
        "lawsuits",
        "supply",
        "players",
        "queue",
        "events",
        "result",
    )
)
# The keys that hold scalars (copied by the first `copy`).
_SCALARS = ("inkwell", "bell", "prestige", "first", "turn", "low_seasons", "decisions")
_ALL_KEYS = _KNOWN | frozenset((*_SCALARS, "over"))
