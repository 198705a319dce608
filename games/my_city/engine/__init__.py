"""My City: simultaneous placement, a 24-episode campaign, the Eternal game.

The engine behind the contract of docs/engines.md; see README.md in this folder for the moves, the
options, the state and which rule each module implements.
"""

from __future__ import annotations

import json

from games.engines.base import gettext_noop, rng_redrawn
from games.my_city.engine import options as _options
from games.my_city.engine import rules, view
from games.my_city.engine.buildings import (
    BLOCKING_CARD,
    CAMPAIGN_BUILDINGS,
    CHURCHES,
    card_of,
)
from games.my_city.engine.campaign import carry_after_episode, sticker_picks
from games.my_city.engine.scoring import circles_won, ranking


class MyCityEngine:
    slug = "my-city"
    name = gettext_noop("My City")  # shown through gettext, per reader
    min_players = 2
    max_players = 4
    version = 1  # the rules' version (game records)

    def default_options(self, num_players: int) -> dict:
        return _options.default_options(num_players)

    def validate_options(self, num_players: int, options: dict) -> dict:
        return _options.validate_options(num_players, options)

    def setup(self, num_players: int, options: dict, seed: int) -> dict:
        return rules.setup(num_players, options, seed)

    def to_move(self, state: dict) -> list[int]:
        return rules.to_move(state)

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        return rules.legal_moves(state, seat)

    def apply(self, state: dict, seat: int, move: dict) -> dict:
        return rules.apply(state, seat, move)

    def view(self, state: dict, seat: int | None) -> dict:
        out = view.view(state, seat)
        if state["over"]:
            out["outcome"] = self.outcome(state)
        return out

    def secrets(self, state: dict, seat: int | None) -> list[str]:
        return view.secrets(state, seat)

    def describe(self, state: dict, seat: int, move: dict, viewer: int | None) -> str:
        return view.describe(state, seat, move, viewer)

    def is_over(self, state: dict) -> bool:
        return state["over"]

    def outcome(self, state: dict) -> list[dict]:
        """Per seat: score, rank, the breakdown, and (once over, outside the Eternal
        game) the carry for the next episode with the progress circles won."""
        scores, details, ranks = ranking(state)
        num_players = len(state["players"])
        picks = sticker_picks(state, ranks) if state["over"] else {}
        out = []
        for seat in range(num_players):
            detail = dict(details[seat])
            carry = None
            if state["mode"] != "eternal":
                won = (
                    circles_won(ranks[seat], num_players, scores[seat])
                    if state["over"]
                    else 0
                )
                detail["circles_won"] = won
                if state["over"]:
                    carry = carry_after_episode(
                        state, seat, scores[seat], ranks[seat], won, picks.get(seat)
                    )
                    if seat in picks:
                        detail["sticker_earned"] = picks[seat]
            out.append(
                {
                    "seat": seat,
                    "score": scores[seat],
                    "rank": ranks[seat],
                    "detail": detail,
                    "carry": carry,
                }
            )
        return json.loads(json.dumps(out))  # a fresh copy, shares nothing

    def determinize(self, state: dict, seat: int | None, rng) -> dict:
        """A state `seat` cannot tell from `state`, the rest drawn from `rng`: the
        face-down deck in a new order, each other seat's pending decision of this
        round replaced by one of its legal decisions, and the RNG redrawn. Never
        mutates `state`."""
        new = json.loads(json.dumps(state))
        if state["over"]:
            return new
        rng.shuffle(new["deck"])
        for other, decision in enumerate(state["pending"]):
            if other == seat or decision is None:
                continue
            undecided = dict(new, pending=list(new["pending"]))
            undecided["pending"][other] = None
            new["pending"][other] = dict(
                rng.choice(rules.legal_moves(undecided, other))
            )
        new["rng"] = rng_redrawn(rng)
        return new

    def check_invariants(self, state: dict) -> None:
        """Every card is in the deck, revealed or played exactly once; no two
        buildings of a player share a space; no building is placed twice."""
        cards = [card_of(b) for b in CAMPAIGN_BUILDINGS]
        if state["mode"] == "eternal":
            cards += [card_of(b) for b in CHURCHES] + [BLOCKING_CARD]
        seen = state["deck"] + state["played"]
        if len(seen) != len(set(seen)) or not set(seen) <= set(cards):
            raise AssertionError("card conservation broken")
        if state["revealed"] and state["revealed"] not in state["played"]:
            raise AssertionError("the revealed card is not among the played cards")
        for player in state["players"]:
            cells = [tuple(c) for e in player["placed"] for c in e["cells"]]
            if len(cells) != len(set(cells)):
                raise AssertionError("two buildings share a space")
            names = [e["building"] for e in player["placed"]]
            if len(names) != len(set(names)):
                raise AssertionError("a building was placed twice")


ENGINE = MyCityEngine()
