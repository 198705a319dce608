"""The normal Lost Cities player's scores, computed from the state for the hard
search's playouts.

`normal.score_move` is given one view and one move at a time, so it
rebuilds its estimate of every expedition for each legal move, from a view the
engine builds card by card: most of a playout's time. `scores` gives the same
number for every legal move (equal floats: the same sums in the same order),
reading only what the seat may see in the state (its hand, the expeditions, the
discard piles' tops and sizes, the deck's size), with the estimate built once
per decision. `tests/engines/test_lost_cities_hard.py` checks the equality on
the positions of many games.
"""

from __future__ import annotations

from games.lost_cities.engine.cards import PARSED
from games.lost_cities.engine.scoring import round_score

VALUES = range(2, 11)
COST = 20


def _top(pile: list[str]) -> int:
    """The highest number on an expedition, 1 when it has none (the normal
    player's `_top`)."""
    for card in reversed(pile):
        value = PARSED[card][1]
        if value is not None:
            return value
    return 1


class Position:
    """What one seat knows of a state, per colour, built once per decision."""

    __slots__ = (
        "ahead",
        "deck",
        "free",
        "futures",
        "held",
        "mine",
        "share",
        "state",
        "theirs",
        "turns",
    )

    def __init__(self, state: dict, seat: int):
        self.state = state
        mine = self.mine = state["expeditions"][seat]
        theirs = self.theirs = state["expeditions"][1 - seat]
        deck = self.deck = len(state["deck"])
        self.turns = max(1, (deck + 1) // 2)
        discards = state["discards"]
        buried = sum(max(0, len(p) - 1) for p in discards.values())
        unseen = deck + len(state["hands"][1 - seat]) + buried
        self.share = (deck / 2) / unseen if unseen else 0.0
        held: dict[str, list] = {c: [] for c in discards}
        for card in state["hands"][seat]:  # in hand order: by value in a colour
            colour, value = PARSED[card]
            held[colour].append(value)
        self.held = held
        # Per colour, the numbers neither held, nor on an expedition, nor on top
        # of the discard pile: those the seat may still draw.
        free = {}
        for colour, pile in discards.items():
            gone = {PARSED[c][1] for c in mine[colour]}
            gone.update(PARSED[c][1] for c in theirs[colour])
            if pile:
                gone.add(PARSED[pile[-1]][1])
            gone.update(held[colour])
            free[colour] = [v for v in VALUES if v not in gone]
        self.free = free
        self.futures: dict = {}
        self.ahead: bool | None = None  # whether the seat leads, when asked

    def future(self, colour: str, above: int) -> float:
        """The points this colour's expedition may still gain above `above`."""
        key = (colour, above)
        known = self.futures.get(key)
        if known is None:
            held = [v for v in self.held[colour] if v is not None and v > above]
            if len(held) > self.turns:
                held = sorted(held)[: self.turns]
            unseen = sum(v for v in self.free[colour] if v > above)
            known = self.futures[key] = sum(held) + self.share * unseen
        return known


def score(pos: Position, seat: int, move: dict) -> float:  # noqa: PLR0911
    """The normal player's `score_move` for `move`, from `pos`."""
    if move["type"] == "draw":
        return _draw(pos, seat, move)
    colour, value = PARSED[move["card"]]
    cards = pos.mine[colour]
    top = _top(cards)
    if move["type"] == "play":
        if value is None:
            projected = pos.future(colour, 1)
            if projected >= COST + 8 and pos.turns > 6:
                return 2.0 + (projected - COST - 8) / 5.0
            return -5.0
        skipped = sum(v for v in pos.held[colour] if v and top < v < value)
        gap = value - top
        if cards:
            return 6.0 - gap * 0.6 - skipped * 0.5
        projected = value + pos.future(colour, value)
        multiplier = 1 + sum(1 for c in cards if PARSED[c][1] is None)
        margin = (projected - COST) * multiplier
        late = 0.0 if pos.turns > 8 else (8 - pos.turns) * 0.6
        return margin / 4.0 - gap * 0.3 - skipped * 0.3 - late
    their_cards = pos.theirs[colour]
    number = value or 0
    helps_them = bool(their_cards) and (value is None or number > _top(their_cards))
    if value is None and their_cards and any(PARSED[c][1] for c in their_cards):
        helps_them = False
    useless_to_me = bool(cards) and (value is None or number <= top)
    hopeless = not cards and pos.future(colour, 1) < COST - 4
    return (
        1.0
        + (2.0 if useless_to_me else 0.0)
        + (1.0 if hopeless else 0.0)
        - (3.0 if helps_them else 0.0)
        - number * 0.05
    )


def _draw(pos: Position, seat: int, move: dict) -> float:
    state = pos.state
    if pos.ahead is None:
        colours = state["colours"]
        mine = round_score(pos.mine, colours)["total"]
        pos.ahead = mine >= round_score(pos.theirs, colours)["total"]
    ahead = pos.ahead
    if move["source"] == "deck":
        if pos.deck <= 4:
            return 2.0 if ahead else 0.5
        return 1.0
    colour, value = PARSED[state["discards"][move["source"]][-1]]
    cards = pos.mine[colour]
    late = pos.deck <= 4 and not ahead
    if value is not None and cards and value > _top(cards):
        return 3.0 - (value - _top(cards)) * 0.2
    return 1.5 if late else 0.0


def scores(state: dict, seat: int, legal: list[dict]) -> list[float]:
    """The normal player's score of each of `legal`, in order."""
    pos = Position(state, seat)
    if legal and legal[0]["type"] == "draw" and pos.deck > 4:
        # Far from the end the draw's scores do not depend on who leads.
        return [_early_draw(pos, move) for move in legal]
    return [score(pos, seat, move) for move in legal]


def _early_draw(pos: Position, move: dict) -> float:
    if move["source"] == "deck":
        return 1.0
    colour, value = PARSED[pos.state["discards"][move["source"]][-1]]
    cards = pos.mine[colour]
    if value is not None and cards and value > _top(cards):
        return 3.0 - (value - _top(cards)) * 0.2
    return 0.0


def playout_move(state: dict, seat: int, legal: list[dict], rng) -> dict:
    """The normal player's move (its best score, ties broken by `rng`)."""
    if len(legal) == 1:
        return legal[0]
    values = scores(state, seat, legal)
    best = max(values)
    ties = [i for i, value in enumerate(values) if value == best]
    return legal[ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]]


def round_margin(start: dict, state: dict, seat: int) -> float | None:
    """The seat's lead in points once the round under way at `start` is over
    (the match totals', so earlier rounds count too); None before."""
    if not state["over"] and state["round"] == start["round"]:
        return None
    results = state["results"]
    mine = sum(r["scores"][seat]["total"] for r in results)
    theirs = sum(r["scores"][1 - seat]["total"] for r in results)
    return float(mine - theirs)


def searched(state: dict, seat: int) -> bool:
    """Whether hard searches this decision: the card to play or discard, not
    the draw. A draw from a pile rather than the deck shifts every card still
    to be drawn, so paired playouts of the two share nothing and their
    difference is as noisy as two unpaired games (a standard deviation of
    30-60 points against 5-20 for two cards to play); the normal player draws."""
    return state["phase"] == "play"
