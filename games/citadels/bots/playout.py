"""The Citadels hard player's paired playouts (its `levels.Paired`): which
decisions it searches, how a playout moves, and what a playout is worth.

Hard searches only the character it chooses in the draft: the normal
heuristic's moves (at most five characters, `Paired.width`) are each played
out on the same determinizations and playout seeds (`ismcts.paired_search`),
every seat moved by the normal player (`playout_move`, on `fast_view`), to the
end of the round under way (`HORIZON`), and valued as the seat's lead over its
best rival in points it may count on (`worth`: the city's score, gold, cards in
hand, the crown; the final score when the game ends in it). Every other
decision is normal's move, at once. A playout to the game's end would be
many times longer, and searching the Assassin's and the Thief's targets as
well did not pay (docs/bots.md). The budget (`budget` of the game's
`PLAYERS`) is 40 playouts: 8 deals of five characters, 20 of two."""

from __future__ import annotations

from games.citadels.bots.fast import fast_view
from games.citadels.bots.normal import score_move
from games.citadels.engine.scoring import breakdown

HORIZON = 1  # rounds played out after the one under way at the decision
GOLD = 0.6  # an evaluation's points per gold piece
CARD = 0.9  # ... per card in hand
CROWN = 1.0  # ... for the crown


def searched(state: dict, seat: int) -> bool:
    """Whether hard searches this decision: the character it chooses."""
    return (
        state["phase"] == "draft" and state["draft"]["steps"][0]["action"] == "choose"
    )


def playout_move(state: dict, seat: int, legal: list[dict], rng) -> dict:
    """The normal player's move (its best score, ties broken by `rng`)."""
    if len(legal) == 1:
        return legal[0]
    view = fast_view(state, seat)
    values = [score_move(view, seat, move) for move in legal]
    best = max(values)
    ties = [i for i, value in enumerate(values) if value == best]
    return legal[ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]]


def worth(state: dict, seat: int) -> float:
    """What a seat's position is worth in points, from what every seat sees:
    its city's score (without a Secret Vault in hand, which only its owner
    sees), its gold, its hand's size and the crown."""
    player = state["players"][seat]
    score = breakdown(state, seat)
    return (
        score["total"]
        - score["uniques"].get("secret_vault", 0)
        + GOLD * player["gold"]
        + CARD * len(player["hand"])
        + (CROWN if state["crown"] == seat else 0.0)
    )


def round_value(start: dict, state: dict, seat: int) -> float | None:
    """The seat's lead over its best rival once `HORIZON` rounds after the one
    under way at `start` are over (or the game is); None before."""
    over = state["phase"] == "over"
    if not over and state["round"] <= start["round"] + HORIZON - 1:
        return None
    if over:
        scores = [breakdown(state, s)["total"] for s in range(state["num_players"])]
    else:
        scores = [worth(state, s) for s in range(state["num_players"])]
    mine = scores[seat]
    return mine - max(s for i, s in enumerate(scores) if i != seat)
