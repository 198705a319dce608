"""Set-up and the turn: starting resources, moving the inkwell, paying, options A-D.

R-rc "Mise en place" and "Déroulement d'un tour". A turn is: one `move` decision
(how many spaces), one `pay` decision per resource of the cost, the low season if
the inkwell passed the bell, then one `option` decision, then the decisions of
the chosen card(s).
"""

from __future__ import annotations

from games.engines.base import SeededRandom, _, rng_new
from games.rival_cities.engine.cards import BASIC_CARDS, CARDS, SPECIAL_CARDS
from games.rival_cities.engine.common import (
    action_task,
    draw_special,
    gain,
    has_alliance,
    has_ship,
    pay,
    pay_letter,
    push,
    push_seq,
    total_resources,
)
from games.rival_cities.engine.pieces import (
    ALLIANCES,
    ALLIANCES_IN_GAME,
    LAWSUITS,
    LAWSUITS_FACE_UP,
    LAWSUITS_IN_GAME,
    RESOURCES,
    RING_SIZE,
    SHIPS,
    SHIPS_FACE_UP,
    SHIPS_IN_GAME,
    SPECIAL_SPACES,
    START,
    TOTALS,
)

# --- Set-up ---------------------------------------------------------------------


def setup(options: dict, seed: int) -> dict:
    state = {"rng": rng_new(seed), "options": dict(options)}
    basics = [card["id"] for card in BASIC_CARDS]
    specials = [card["id"] for card in SPECIAL_CARDS]
    ships = sorted(SHIPS, key=lambda c: int(c.split("-")[1]))
    alliances = list(ALLIANCES)
    lawsuits = sorted(LAWSUITS, key=lambda c: int(c.split("-")[1]))
    with SeededRandom(state) as rng:
        if not options["first_game"]:
            rng.shuffle(basics)  # R-rc: shuffled unless it is a first game
        rng.shuffle(specials)
        rng.shuffle(ships)
        rng.shuffle(alliances)
        rng.shuffle(lawsuits)
        if options["first_player"] == "random":
            first = rng.randrange(2)  # R-rc: chosen at random
        else:
            first = int(options["first_player"])
    ring = []
    for space in range(RING_SIZE):
        if space in SPECIAL_SPACES:
            ring.append({"kind": "special", "card": None})
        else:
            ring.append({"kind": "basic", "card": basics.pop(0)})
    ship_pile = ships[:SHIPS_IN_GAME]
    lawsuit_pile = lawsuits[:LAWSUITS_IN_GAME]
    state.update(
        {
            "ring": ring,
            "inkwell": START,
            "bell": None,  # None: on the board; else the seat holding it
            "special_deck": specials,
            "special_discard": [],
            "played": [],
            "ships_face_up": ship_pile[:SHIPS_FACE_UP],
            "ship_deck": ship_pile[SHIPS_FACE_UP:],
            "ships_boxed": ships[SHIPS_IN_GAME:],
            "alliances_board": alliances[:ALLIANCES_IN_GAME],
            "alliances_boxed": alliances[ALLIANCES_IN_GAME:],
            "lawsuits": [
                {"card": card, "marker": 0} for card in lawsuit_pile[:LAWSUITS_FACE_UP]
            ],
            "lawsuit_deck": lawsuit_pile[LAWSUITS_FACE_UP:],
            "lawsuits_boxed": lawsuits[LAWSUITS_IN_GAME:],
            "lawsuits_out": [],  # resolved without a winner: boxed face up
            "supply": dict(TOTALS),
            "prestige": 0,
            "players": [
                {
                    "res": {res: 0 for res in RESOURCES},
                    "letters": 0,
                    "factories": {"active": 0, "spent": 0},
                    "stars": 0,
                    "hand": [],
                    "ships": [],
                    "alliances": [],
                    "lawsuits": [],
                }
                for _seat in (0, 1)
            ],
            "first": first,
            "turn": first,
            "low_seasons": 0,
            "decisions": 0,
            "queue": [],
            "events": [],
            "over": False,
            "result": None,
        }
    )
    for space in SPECIAL_SPACES:
        state["ring"][space]["card"] = draw_special(state)
    second = 1 - first
    for seat in (0, 1):
        state["supply"]["factory"] -= 1  # R-rc: each city starts with one factory
        state["players"][seat]["factories"]["active"] = 1
    # R-rc: the first player takes 1 beer, the other 2 beers; each then chooses one
    # more resource (the first decisions of the game).
    for seat, beers in ((first, 1), (second, 2)):
        state["supply"]["beer"] -= beers
        state["players"][seat]["res"]["beer"] += beers
    push_seq(
        state,
        [
            {"t": "start", "seat": first},
            {"t": "start", "seat": second},
            {"t": "inkwell", "seat": first},
        ],
    )
    return state


def start_moves(state: dict, task: dict) -> list[dict]:
    return [{"type": "start", "resource": res} for res in RESOURCES]


def start_play(state: dict, task: dict, move: dict) -> None:
    state["queue"].pop()
    state["supply"][move["resource"]] -= 1
    state["players"][task["seat"]]["res"][move["resource"]] += 1


# --- Moving the inkwell (R-rc "Déplacer l'encrier") ------------------------------------


def move_cost(spaces: int, free_extra: bool = False) -> int:
    """1-2 spaces free, 3 -> 1, 4 -> 2, 5 -> 4, 6 -> 6, +2 per further space.

    Ship 17 gives one more free space each turn: the cost of one space less."""
    if free_extra:
        spaces -= 1
    if spaces <= 2:
        return 0
    if spaces <= 4:
        return spaces - 2
    return 2 * spaces - 6


# How far the inkwell can go on a budget: the cost grows with the distance, so the
# payable moves are 1..REACH[free_extra][budget] (budgets past the list reach 18).
REACH = {
    free_extra: [
        sum(1 for spaces in range(1, RING_SIZE) if move_cost(spaces, free_extra) <= b)
        for b in range(move_cost(RING_SIZE - 1, free_extra) + 1)
    ]
    for free_extra in (False, True)
}


def inkwell_moves(state: dict, task: dict) -> list[dict]:
    seat = task["seat"]
    budget = total_resources(state, seat)
    reach = REACH[has_ship(state, seat, 17)]
    last = reach[budget] if budget < len(reach) else RING_SIZE - 1
    return [{"type": "move", "spaces": spaces} for spaces in range(1, last + 1)]


def inkwell_play(state: dict, task: dict, move: dict) -> None:
    seat = task["seat"]
    state["queue"].pop()
    target = state["inkwell"] + move["spaces"]
    passed_bell = target >= RING_SIZE
    state["inkwell"] = target % RING_SIZE
    cost = move_cost(move["spaces"], has_ship(state, seat, 17))
    push(state, {"t": "option", "seat": seat})
    if passed_bell:
        # R-rc: finish the move and pay, then the low season before the option.
        push(state, {"t": "lowseason", "seat": seat})
    if cost:
        push(state, {"t": "pay", "seat": seat, "left": cost, "for": "inkwell"})


# --- A letter spent to exchange a resource (R-rc "Gagner une lettre": the back of
# each letter token). The text sets no moment: the engine offers it before moving
# the inkwell, at the option choice and at every decision where something is paid
# or about to be paid (engine.LETTER_DECISIONS).


def letter_exchange_moves(state: dict, seat: int) -> list[dict]:
    if state["players"][seat]["letters"] < 1:
        return []
    mine = state["players"][seat]["res"]
    theirs = state["players"][1 - seat]["res"]
    return [
        {"type": "letter_exchange", "give": give, "take": take}
        for give in RESOURCES
        if mine[give]
        for take in RESOURCES
        if take != give and (state["supply"][take] or theirs[take] > mine[take])
    ]


def letter_exchange(state: dict, seat: int, move: dict) -> None:
    pay_letter(state, seat)
    pay(state, seat, move["give"])
    gain(state, seat, move["take"])


def payable_with_letters(state: dict, seat: int, cost: dict) -> bool:
    """Whether `cost` can be paid after at most one letter's exchange per letter held:
    a swap keeps the number of resources, so enough resources in all and no more
    missing fixed resources than letters."""
    player = state["players"][seat]
    holding = player["res"]
    fixed = sum(n for res, n in cost.items() if res != "any")
    if total_resources(state, seat) < fixed + cost.get("any", 0):
        return False
    missing = sum(max(0, n - holding[res]) for res, n in cost.items() if res != "any")
    return missing <= player["letters"]


# --- Paying resources of one's choice, one at a time ------------------------------------


def pay_moves(state: dict, task: dict) -> list[dict]:
    holding = state["players"][task["seat"]]["res"]
    return [{"type": "pay", "resource": res} for res in RESOURCES if holding[res] > 0]


def pay_play(state: dict, task: dict, move: dict) -> None:
    pay(state, task["seat"], move["resource"])
    task["left"] -= 1
    if task["left"] == 0:
        state["queue"].pop()


# --- Choosing an option (R-rc "Choisir une option") ------------------------------------


def option_c_free(state: dict, seat: int) -> bool:
    return has_ship(state, seat, 18)


def option_moves(state: dict, task: dict) -> list[dict]:
    seat = task["seat"]
    player = state["players"][seat]
    space = state["ring"][state["inkwell"]]
    moves = []
    if space["card"]:
        moves.append({"type": "option", "option": "A"})
    for card in player["hand"]:
        moves.append({"type": "option", "option": "B", "card": card})
    if space["card"] and (player["letters"] >= 1 or option_c_free(state, seat)):
        for card in player["hand"]:
            for first in ("A", "B"):
                moves.append(
                    {"type": "option", "option": "C", "card": card, "first": first}
                )
    if space["card"] and space["kind"] == "special":
        moves.append({"type": "option", "option": "D"})
    if not moves:
        # Chosen here: on an emptied special space with an empty hand, the turn
        # simply ends (the text does not say).
        moves.append({"type": "option", "option": "none"})
    return moves


def option_reason(state: dict, task: dict, move: dict) -> str:
    option = move.get("option") if isinstance(move, dict) else None
    player = state["players"][task["seat"]]
    space = state["ring"][state["inkwell"]]
    if option == "C" and player["letters"] < 1:
        return _("Option C needs a letter token, paid before either action.")
    if option in ("B", "C") and move.get("card") not in player["hand"]:
        return _("Option B and C play a special action card from your own hand.")
    if option == "D":
        return _("Option D only takes a special action card lying on your space.")
    if option in ("A", "C") and not space["card"]:
        return _("There is no card on this space for option A.")
    return _("Choose option A, B, C or D for the space where the inkwell stands.")


def option_play(state: dict, task: dict, move: dict) -> None:
    seat = task["seat"]
    state["queue"].pop()
    option = move["option"]
    space = state["ring"][state["inkwell"]]
    ring_task = {"t": "card", "seat": seat, "card": space["card"]}
    if option == "A":
        push(state, ring_task)
    elif option == "D":
        state["players"][seat]["hand"].append(space["card"])
        space["card"] = None
    elif option in ("B", "C"):
        card = move["card"]
        state["players"][seat]["hand"].remove(card)
        state["played"].append(card)
        hand_tasks = [
            {"t": "card", "seat": seat, "card": card},
            {"t": "discard", "card": card},
        ]
        if option == "B":
            push_seq(state, hand_tasks)
        else:
            if not option_c_free(state, seat):
                pay_letter(state, seat)  # R-rc: paid before either action
            if move["first"] == "A":
                push_seq(state, [ring_task, *hand_tasks])
            else:
                push_seq(state, [*hand_tasks, ring_task])


def discard_auto(state: dict, task: dict) -> bool:
    state["queue"].pop()
    state["played"].remove(task["card"])
    state["special_discard"].append(task["card"])
    return True


# --- A card's actions, split cards (R-rc "Cartes divisées") -----------------------------


def card_auto(state: dict, task: dict) -> bool:
    card = CARDS[task["card"]]
    if "halves" in card:
        return False
    state["queue"].pop()
    push_actions(state, task["seat"], card["actions"])
    return True


def push_actions(state: dict, seat: int, actions: list[dict]) -> None:
    push_seq(state, [action_task(seat, action) for action in actions])


def card_moves(state: dict, task: dict) -> list[dict]:
    moves = [{"type": "half", "half": "left"}, {"type": "half", "half": "right"}]
    if has_alliance(state, task["seat"], "gdansk"):
        moves.append({"type": "half", "half": "both"})  # R-rc: Gdańsk
    return moves


def card_play(state: dict, task: dict, move: dict) -> None:
    state["queue"].pop()
    halves = CARDS[task["card"]]["halves"]
    chosen = {"left": halves[0], "right": halves[1], "both": halves[0] + halves[1]}
    push_actions(state, task["seat"], chosen[move["half"]])
