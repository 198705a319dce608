"""The hard My City player's playouts: the searching seat's own board alone.

A My City board is its player's alone: the others build the same buildings on
their own boards, and they touch it only through the races. So a hard playout
(`ismcts.paired_search`, set up by its `levels.Paired`) plays the searching seat's
board alone, the rest of the deck in the order a determinization dealt it, each
building where the normal player would put it (`board.Board.best`:
normal's scores on bitmasks), and its result is that seat's final score as the
engine counts it.
"""

from __future__ import annotations

from games.my_city.bots.board import Board, scores
from games.my_city.engine.buildings import BLOCKING_CARD, BUILDINGS, CHURCH, building_of
from games.my_city.engine.rules import race_key, race_reached, track
from games.my_city.engine.scoring import seat_score

WIDTH = 3  # the normal player's best moves the hard search compares


def _may_pass(player: dict, passes: int, building: str) -> bool:
    return (
        track({**player, "passes": passes}) > 0
        and BUILDINGS[building]["colour"] != CHURCH
    )


def _next_building(deck: list) -> str | None:
    """Draws the next building to build from `deck` (the engine's `_reveal`)."""
    while deck:
        card = deck.pop(0)
        if card == BLOCKING_CARD:
            if deck:
                deck.pop(0)  # the next building is blocked: never built
            continue
        return building_of(card)
    return None


def solo_score(state: dict, seat: int) -> float:
    """The seat's final score when it plays the rest of the deck of `state` (a
    determinization) on its own board as the normal player would: its decision
    of this round pending or already resolved, every race still open that it
    reaches counted as its own (the others' boards are not played)."""
    player = state["players"][seat]
    board = Board(state, seat)
    passes = player["passes"]
    deck = list(state["deck"])
    move = state["pending"][seat]
    if state["over"] or player["stopped"]:
        building = None
    elif move is None:
        building = building_of(state["revealed"])
    else:
        if move["type"] == "pass":
            passes += 1
        elif move["type"] == "place":
            board.place(move["building"], move["orientation"], move["row"], move["col"])
        building = None if move["type"] == "stop" else _next_building(deck)
    while building is not None:
        choice = board.best(building, _may_pass(player, passes, building))
        if choice == "stop":
            break
        if choice == "pass":
            passes += 1
        else:
            board.place(building, choice[0], choice[1], choice[2])
        building = _next_building(deck)
    final = {**player, "placed": board.placed, "passes": passes}
    score, _detail = seat_score(state, seat, final, True)
    return float(score + _open_races(state, final))


def _open_races(state: dict, final: dict) -> int:
    """The points of the races still open that the final board reaches."""
    won = {award["race"] for award in state.get("races", [])}
    points = 0
    for index, rule in enumerate(state["rules"]):
        if rule["kind"] == "race" and race_key(index, rule) not in won:
            if race_reached(rule, final):
                points += rule["points"]
    return points


def solo_value(start: dict, state: dict, seat: int) -> float:
    """The paired search's result of a candidate (`ismcts.paired_search`): the
    seat's final score on its own board, from the determinization with its
    candidate applied; no playout of the others."""
    return solo_score(state, seat)


def playout_move(state: dict, seat: int, legal: list[dict], rng) -> dict:
    """The normal player's move from the state (its first best on a tie)."""
    values = scores(state, seat, legal)
    return legal[max(range(len(legal)), key=values.__getitem__)]


def searched(state: dict, seat: int) -> bool:
    """Whether the hard player searches this decision (else it plays the
    normal player's move): not the episode's last card, where the rest of the
    episode is that placement alone and normal's best gains the most."""
    return bool(state["deck"])
