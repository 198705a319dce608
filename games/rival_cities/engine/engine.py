"""The engine object: options, the task loop, to_move / legal_moves / apply.

The state holds a queue of tasks (top = last). Tasks that need no decision run on
their own; the first one that needs a decision names the seat to move and its
legal moves. When the queue is empty the turn passes to the rival.
"""

from __future__ import annotations

from games.engines.base import (
    IllegalMove,
    InvalidOptions,
    _,
    canonical,
    check_move,
    redeal,
    rng_redrawn,
)
from games.rival_cities.engine import actions, board, lowseason, turn
from games.rival_cities.engine.common import clone_state, direction, gettext_noop
from games.rival_cities.engine.log import describe
from games.rival_cities.engine.pieces import LAWSUIT_MAX, LAWSUITS, TOTALS
from games.rival_cities.engine.scoring import outcome
from games.rival_cities.engine.victories import check_instant
from games.rival_cities.engine.view import event_text, secrets, view

# kind -> (auto, moves, play); auto returns True when it resolved the task.
HANDLERS = {
    "start": (None, turn.start_moves, turn.start_play),
    "inkwell": (None, turn.inkwell_moves, turn.inkwell_play),
    "pay": (None, turn.pay_moves, turn.pay_play),
    "option": (None, turn.option_moves, turn.option_play),
    "card": (turn.card_auto, turn.card_moves, turn.card_play),
    "discard": (turn.discard_auto, None, None),
    "production": (
        actions.production_auto,
        actions.production_moves,
        actions.production_play,
    ),
    "gift": (actions.gift_auto, None, None),
    "donation": (None, actions.donation_moves, actions.donation_play),
    "exchange": (None, actions.exchange_moves, actions.exchange_play),
    "letter": (actions.letter_auto, None, None),
    "draw": (actions.draw_auto, None, None),
    "factory": (actions.factory_auto, actions.factory_moves, actions.factory_play),
    "reactivate": (actions.reactivate_auto, None, None),
    "prestige": (actions.prestige_auto, None, None),
    "repeat": (None, actions.repeat_moves, actions.repeat_play),
    "piracy": (None, actions.piracy_moves, actions.piracy_play),
    "steal": (None, actions.steal_moves, actions.steal_play),
    "alliance": (None, board.alliance_moves, board.alliance_play),
    "ship": (None, board.ship_moves, board.ship_play),
    "ship_gain": (board.ship_gain_auto, None, None),
    "lawsuit": (None, board.lawsuit_moves, board.lawsuit_play),
    "lawsuit_bonus": (board.lawsuit_bonus_auto, None, None),
    "lawsuit_extra": (None, board.lawsuit_extra_moves, board.lawsuit_extra_play),
    "lawsuit_step": (board.lawsuit_step_auto, None, None),
    "court": (None, board.court_moves, board.court_play),
    "lowseason": (lowseason.lowseason_auto, None, None),
    "ls_upkeep": (lowseason.upkeep_all_auto, None, None),
    "upkeep": (lowseason.upkeep_auto, lowseason.upkeep_moves, lowseason.upkeep_play),
    "ls_naval": (lowseason.naval_auto, None, None),
    "ls_ships": (lowseason.ships_auto, None, None),
    "ls_track": (lowseason.track_auto, None, None),
    "ls_lawsuit": (lowseason.lawsuit_auto, None, None),
    "ls_specials": (lowseason.specials_auto, None, None),
    "ls_factories": (lowseason.factories_auto, None, None),
    "ls_end": (lowseason.end_auto, None, None),
}

STOP_ONLY = [{"type": "stop"}]

# R-rc "Gagner une lettre": a letter exchanges one resource for any other, at no
# moment the text names. Offered before moving the inkwell, at the option choice
# and at every decision where something is paid or about to be paid (the decision
# stays open after the exchange).
LETTER_DECISIONS = frozenset(
    (
        "inkwell",
        "option",
        "pay",
        "ship",
        "lawsuit",
        "lawsuit_extra",
        "donation",
        "factory",
        "repeat",
        "upkeep",
    )
)


def costs_ahead(state: dict, task: dict) -> list[dict]:
    """The costs a paying decision could pay, to keep it open while a letter's
    exchange would make one of them payable."""
    seat, kind = task["seat"], task["t"]
    if kind == "ship":
        return [
            board.ship_cost(state, seat, card)
            for card in state["ships_face_up"]
            if card
        ]
    if kind == "lawsuit":
        return [LAWSUITS[entry["card"]]["cost"] for entry in state["lawsuits"] if entry]
    if kind == "lawsuit_extra":
        index = board.lawsuit_position(state, task["card"])
        marker = state["lawsuits"][index]["marker"] if index is not None else None
        if marker is None or marker * direction(seat) >= LAWSUIT_MAX:
            return []
        return [LAWSUITS[task["card"]]["cost"]]
    if kind == "donation":
        return [task["cost"]] if state["supply"]["star"] else []
    if kind == "repeat":
        return [actions.REPEAT_COST[via] for via in task["vias"]]
    return []


def decision_moves(state: dict, task: dict) -> list[dict]:
    """The legal moves of the decision `task`, with the letter's exchanges."""
    moves = HANDLERS[task["t"]][1](state, task)
    if task["t"] in LETTER_DECISIONS:
        moves = moves + turn.letter_exchange_moves(state, task["seat"])
    return moves


# What a refused move is told, by the decision being made (R-rc rule named).
REASONS = {
    "start": gettext_noop("Choose one resource: beer, leather, cloth or furniture."),
    "inkwell": gettext_noop(
        "The inkwell moves 1 space or more, and it cannot stop on a space "
        "whose cost you cannot pay."
    ),
    "pay": gettext_noop("Pay with a resource you hold."),
    "card": gettext_noop(
        "On a split card choose one half (both only with the Gdańsk alliance)."
    ),
    "production": gettext_noop("Flip at most as many factories as you have active."),
    "donation": gettext_noop(
        "A donation needs its resources in your reserve and a star in the supply."
    ),
    "exchange": gettext_noop(
        "Exchange one of your resources for another type from the supply."
    ),
    "factory": gettext_noop(
        "Building a factory costs 2 resources and needs one in the supply."
    ),
    "repeat": gettext_noop(
        "That repeat is not yours to pay for, or you cannot pay it."
    ),
    "piracy": gettext_noop("Piracy steals a resource your rival holds."),
    "steal": gettext_noop("Steal a resource your rival holds."),
    "alliance": gettext_noop(
        "Take an alliance from the board for free, or from your rival for "
        "a letter token."
    ),
    "ship": gettext_noop("Buy a face-up ship whose cost you can pay."),
    "lawsuit": gettext_noop(
        "Advance one of the face-up lawsuits whose cost you can pay."
    ),
    "lawsuit_extra": gettext_noop(
        "An extra lawsuit step costs the lawsuit's cost again, up to "
        "the number on the card."
    ),
    "court": gettext_noop(
        "The court resolves the lawsuit in position I only when its marker is "
        "on 2, 3 or 4 on your side; otherwise swap two adjacent lawsuits (never I "
        "with III)."
    ),
    "upkeep": gettext_noop("Pay this alliance's upkeep or give it back to the board."),
}
DEFAULT_OPTIONS = {"first_game": False, "first_player": "random"}


def advance(state: dict) -> None:
    """Runs every task that needs no decision, until one does or the game ends."""
    while not check_instant(state):
        if not state["queue"]:
            state["turn"] = 1 - state["turn"]
            state["queue"].append({"t": "inkwell", "seat": state["turn"]})
        task = state["queue"][-1]
        auto, moves, _play = HANDLERS[task["t"]]
        if auto is not None and auto(state, task):
            continue
        if moves(state, task) == STOP_ONLY and not any(
            turn.payable_with_letters(state, task["seat"], cost)
            for cost in costs_ahead(state, task)
        ):
            state["queue"].pop()  # nothing left to decide in this action
            continue
        return


def is_legal(legal: list[dict], move) -> bool:
    """Whether `move` is one of `legal`, as `base.check_move` decides it (equal as
    JSON: 1 is not true, nor 1.0). Moves are flat, so when every value has the
    type of the legal move's value, equal objects are equal JSON; only otherwise is
    the canonical text compared."""
    if not isinstance(move, dict):
        return False
    for candidate in legal:
        if candidate == move:
            for key, value in candidate.items():
                if type(move[key]) is not type(value):
                    break
            else:
                return True
            if canonical(candidate) == canonical(move):
                return True
    return False


def current_task(state: dict) -> dict | None:
    if state["over"] or not state["queue"]:
        return None
    return state["queue"][-1]


class RivalCitiesEngine:
    slug = "rival-cities"
    name = gettext_noop("Rival Cities")  # shown through gettext, per reader
    min_players = 2
    max_players = 2
    version = 1  # the rules' version (game records)

    def default_options(self, num_players: int) -> dict:
        return dict(DEFAULT_OPTIONS)

    def validate_options(self, num_players: int, options: dict) -> dict:
        if num_players != 2:
            raise InvalidOptions(_("Rival Cities is a game for exactly 2 players."))
        if not isinstance(options, dict):
            raise InvalidOptions(_("The options must be a JSON object."))
        unknown = set(options) - set(DEFAULT_OPTIONS)
        if unknown:
            raise InvalidOptions(
                _("Unknown option: {name}.").format(name=sorted(unknown)[0])
            )
        full = {**DEFAULT_OPTIONS, **options}
        if not isinstance(full["first_game"], bool):
            raise InvalidOptions(_("first_game must be true or false."))
        if full["first_player"] not in ("random", 0, 1) or isinstance(
            full["first_player"], bool
        ):
            raise InvalidOptions(_('first_player must be "random", 0 or 1.'))
        return full

    def setup(self, num_players: int, options: dict, seed: int) -> dict:
        state = turn.setup(self.validate_options(num_players, options), seed)
        advance(state)
        state["events"] = []
        return state

    def to_move(self, state: dict) -> list[int]:
        task = current_task(state)
        return [task["seat"]] if task else []

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        task = current_task(state)
        if task is None or task["seat"] != seat:
            return []
        return decision_moves(state, task)

    def apply(self, state: dict, seat: int, move: dict) -> dict:
        task = current_task(state)
        if task is None:
            raise IllegalMove(_("The game is over."))
        if task["seat"] != seat:
            raise IllegalMove(_("It is not your turn to decide."))
        if not is_legal(decision_moves(state, task), move):
            if task["t"] == "option":
                reason = turn.option_reason(state, task, move)
            else:
                reason = _(REASONS.get(task["t"], "That move is not allowed now."))
            check_move([], move, reason)  # raises, with base's exact message
        new = clone_state(state, events=False)
        new["events"] = []
        new["decisions"] += 1
        new_task = new["queue"][-1]
        if move["type"] == "letter_exchange":
            turn.letter_exchange(new, seat, move)  # the decision stays open
        else:
            HANDLERS[new_task["t"]][2](new, new_task, move)
        advance(new)
        return new

    def is_over(self, state: dict) -> bool:
        return state["over"]

    def outcome(self, state: dict) -> list[dict]:
        return outcome(state)

    def view(self, state: dict, seat: int | None) -> dict:
        return view(self, state, seat)

    def secrets(self, state: dict, seat: int | None) -> list[str]:
        return secrets(state, seat)

    def describe(self, state: dict, seat: int, move: dict, viewer: int | None) -> str:
        """The move's line, then one line per step that resolved on its own after it
        (draws without their card, each step of a low season), so that the game
        log keeps them. Events hold nothing hidden, so every viewer reads them."""
        line = describe(state, seat, move, viewer)
        try:
            after = self.apply(state, seat, move)
        except IllegalMove:
            return line
        return "\n".join([line, *(event_text(e) for e in after["events"])])

    def determinize(self, state: dict, seat: int | None, rng) -> dict:
        """A state `seat` cannot tell from `state`, the rest dealt again from `rng`:
        the rival's hand (both hands for a spectator) with the special deck, the ship
        pile with the ships boxed at set-up, the lawsuit pile with the boxed lawsuits,
        each place keeping its size, and the RNG redrawn. Never mutates `state`."""
        new = clone_state(state)
        if state["over"]:
            return new
        players = new["players"]
        hidden = [s for s in (0, 1) if s != seat]
        dealt = redeal(
            [new["special_deck"], *(players[s]["hand"] for s in hidden)], rng
        )
        new["special_deck"] = dealt[0]
        for s, hand in zip(hidden, dealt[1:], strict=True):
            players[s]["hand"] = hand
        new["ship_deck"], new["ships_boxed"] = redeal(
            [new["ship_deck"], new["ships_boxed"]], rng
        )
        new["lawsuit_deck"], new["lawsuits_boxed"] = redeal(
            [new["lawsuit_deck"], new["lawsuits_boxed"]], rng
        )
        new["rng"] = rng_redrawn(rng)
        return new

    def check_invariants(self, state: dict) -> None:
        """Supply + holdings = the fixed totals, for each resource and token."""
        players = state["players"]
        for res, total in TOTALS.items():
            held = state["supply"][res]
            for player in players:
                if res == "letter":
                    held += player["letters"]
                elif res == "star":
                    held += player["stars"]
                elif res == "factory":
                    held += player["factories"]["active"] + player["factories"]["spent"]
                else:
                    held += player["res"][res]
                    if player["res"][res] < 0:
                        raise AssertionError(f"negative {res}")
            if held != total:
                raise AssertionError(f"{res}: {held} in play, {total} expected")
        cards = (
            state["special_deck"]
            + state["special_discard"]
            + state["played"]
            + [space["card"] for space in state["ring"] if space["kind"] == "special"]
            + players[0]["hand"]
            + players[1]["hand"]
        )
        cards = [card for card in cards if card]
        if not len(cards) == len(set(cards)) == 24:
            raise AssertionError("special cards lost or doubled")
