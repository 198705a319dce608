"""The normal Lost Cities player: the easy player's rules of thumb, with each
expedition valued by what it can still become.

For each colour it estimates the cards still to come: those in hand above the
expedition's top, plus a share of the unseen ones (not in hand, on an
expedition or on top of a discard pile) equal to the share of the unseen cards
this seat will draw before the deck runs out; and no more cards than it has
turns left to lay. An expedition is started, and a wager laid, only when that
estimate clears the 20-point cost with a margin; a card that would skip over
cards held in hand is laid later; a discard never feeds the rival's expedition;
a discard pile is taken when its card fits; near the end the seat that leads
draws from the deck to hasten the end, the one behind takes a discard to delay it.
"""

from __future__ import annotations

VALUES = range(2, 11)
COST = 20


def _values(cards: list[dict]) -> list[int]:
    return [c["value"] for c in cards if c["value"] is not None]


def _top(cards: list[dict]) -> int:
    values = _values(cards)
    return max(values) if values else 1


class Estimate:
    """What the seat knows and can hope for, per colour (computed per call:
    the scoring function is given one view and one move at a time)."""

    def __init__(self, view: dict, seat: int):
        self.view = view
        self.seat = seat
        self.mine = view["expeditions"][seat]
        self.theirs = view["expeditions"][1 - seat]
        self.hand = view["hand"] or []
        deck = view["deck_count"]
        self.turns = max(1, (deck + 1) // 2)  # turns left to this seat, about
        seen = {c["id"] for c in self.hand}
        for side in (self.mine, self.theirs):
            for pile in side.values():
                seen.update(c["id"] for c in pile["cards"])
        for pile in view["discards"].values():
            if pile["top"]:
                seen.add(pile["top"]["id"])
        self.seen = seen
        unseen = deck + view["hand_counts"][1 - seat] + self._buried()
        self.share = (deck / 2) / unseen if unseen else 0.0

    def _buried(self) -> int:
        return sum(max(0, p["count"] - 1) for p in self.view["discards"].values())

    def unseen_above(self, colour: str, top: int) -> float:
        held = {c["value"] for c in self.hand if c["colour"] == colour}
        played = set()
        for side in (self.mine, self.theirs):
            played.update(_values(side[colour]["cards"]))
        pile = self.view["discards"][colour]["top"]
        if pile and pile["value"]:
            played.add(pile["value"])
        return sum(v for v in VALUES if v > top and v not in held and v not in played)

    def future(self, colour: str, above: int) -> float:
        """The points this colour's expedition may still gain above `above`."""
        held = sorted(
            c["value"]
            for c in self.hand
            if c["colour"] == colour and c["value"] is not None and c["value"] > above
        )
        held = held[: self.turns]
        return sum(held) + self.share * self.unseen_above(colour, above)

    def wagers(self, colour: str) -> int:
        return sum(1 for c in self.mine[colour]["cards"] if c["wager"])


def score_move(view: dict, seat: int, move: dict) -> float:  # noqa: C901, PLR0911
    est = Estimate(view, seat)
    if move["type"] == "draw":
        return _draw(view, seat, move, est)
    card = next(c for c in est.hand if c["id"] == move["card"])
    colour = card["colour"]
    cards = est.mine[colour]["cards"]
    top = _top(cards)
    if move["type"] == "play":
        if card["wager"]:
            projected = est.future(colour, 1)
            if projected >= COST + 8 and est.turns > 6:
                return 2.0 + (projected - COST - 8) / 5.0
            return -5.0
        skipped = sum(
            c["value"]
            for c in est.hand
            if c["colour"] == colour and c["value"] and top < c["value"] < card["value"]
        )
        gap = card["value"] - top
        if cards:
            return 6.0 - gap * 0.6 - skipped * 0.5
        projected = card["value"] + est.future(colour, card["value"])
        multiplier = 1 + est.wagers(colour)
        margin = (projected - COST) * multiplier
        late = 0.0 if est.turns > 8 else (8 - est.turns) * 0.6
        return margin / 4.0 - gap * 0.3 - skipped * 0.3 - late
    # Discarding: a card that neither seat can use, never one the rival needs.
    their_cards = est.theirs[colour]["cards"]
    value = card["value"] or 0
    helps_them = bool(their_cards) and (card["wager"] or value > _top(their_cards))
    if card["wager"] and their_cards and _values(their_cards):
        helps_them = False  # a wager cannot follow a number
    useless_to_me = bool(cards) and (card["value"] is None or value <= top)
    hopeless = not cards and est.future(colour, 1) < COST - 4
    return (
        1.0
        + (2.0 if useless_to_me else 0.0)
        + (1.0 if hopeless else 0.0)
        - (3.0 if helps_them else 0.0)
        - value * 0.05
    )


def _draw(view: dict, seat: int, move: dict, est: Estimate) -> float:
    running = view.get("running") or [0, 0]
    # A tie counts as ahead: of two players, at most one delays the end (two
    # players both taking discards back and forth would never end the game).
    ahead = running[seat] >= running[1 - seat]
    if move["source"] == "deck":
        if view["deck_count"] <= 4:
            return 2.0 if ahead else 0.5
        return 1.0
    card = view["discards"][move["source"]]["top"]
    if card["id"] == view.get("discarded"):
        return -10.0  # not allowed anyway: the card just discarded
    cards = est.mine[card["colour"]]["cards"]
    late = view["deck_count"] <= 4 and not ahead
    if card["value"] is not None and cards and card["value"] > _top(cards):
        return 3.0 - (card["value"] - _top(cards)) * 0.2
    return 1.5 if late else 0.0
