"""A small Lost Cities heuristic: extend started expeditions with small gaps, start
one only with enough value in hand, discard what helps the opponent least, and take
a discard only when it fits an expedition."""

from __future__ import annotations


def _top(cards: list[dict]) -> int:
    values = [c["value"] for c in cards if c["value"] is not None]
    return max(values) if values else 1


def score_move(view: dict, seat: int, move: dict) -> float:
    mine = view["expeditions"][seat]
    theirs = view["expeditions"][1 - seat]
    hand = view["hand"] or []
    if move["type"] == "draw":
        if move["source"] == "deck":
            return 1.0
        card = view["discards"][move["source"]]["top"]
        cards = mine[card["colour"]]["cards"]
        if card["value"] is not None and cards and card["value"] > _top(cards):
            return 3.0 - (card["value"] - _top(cards)) * 0.2
        return 0.0
    card = next(c for c in hand if c["id"] == move["card"])
    colour = card["colour"]
    cards = mine[colour]["cards"]
    same = [c for c in hand if c["colour"] == colour]
    potential = sum(c["value"] or 0 for c in same)
    if move["type"] == "play":
        if card["wager"]:
            return 2.0 if potential >= 25 else -5.0
        gap = card["value"] - _top(cards)
        if cards:
            return 6.0 - gap * 0.8
        return (potential + card["value"] - 20) / 5.0 - gap * 0.3
    # Discarding: prefer cards the opponent cannot use and that we cannot use.
    their_cards = theirs[colour]["cards"]
    helps_them = bool(their_cards) and (card["value"] or 0) > _top(their_cards)
    useless_to_me = bool(cards) and (card["value"] or 0) <= _top(cards)
    return (
        1.0
        + (2.0 if useless_to_me else 0.0)
        - (3.0 if helps_them else 0.0)
        - (card["value"] or 0) * 0.05
    )
