"""The Citadels engine: the contract of docs/engines.md over the rule modules."""

from __future__ import annotations

from games.citadels.engine import (
    alternates,
    building,
    chars2016,
    continuations,
    darkcity,
    determinize,
    draft,
    options,
    powers,
    schemers,
    scoring,
    turns,
    view,
    wonders,
)
from games.citadels.engine.common import next_state
from games.citadels.engine.reasons import explain
from games.engines.base import IllegalMove, _, canonical, gettext_noop

POWER_MOVES = {
    "kill",
    "rob",
    "swap_hands",
    "redraw_card",
    "destroy",
    "beautify",
    "bewitch",
    "wizard_look",
    "give_crown",
    "navigate",
    "exchange",
    "scholar",
    "seize",
    "spy",
    "seer",
    "tithe",
    "warrants",
    "threats",
}
WONDER_MOVES = {"smithy", "laboratory", "museum", "armory"}


class CitadelsEngine:
    slug = "citadels"
    name = gettext_noop("Citadels")  # shown through gettext, per reader
    min_players = 2
    max_players = 8
    version = 1  # the rules' version (game records)

    def default_options(self, num_players: int) -> dict:
        return options.default_options(num_players)

    def validate_options(self, num_players: int, opts: dict) -> dict:
        return options.validate_options(num_players, opts)

    def setup(self, num_players: int, opts: dict, seed: int) -> dict:
        return draft.setup(num_players, opts, seed)

    def is_over(self, state: dict) -> bool:
        return state["phase"] == "over"

    def to_move(self, state: dict) -> list[int]:
        if state["phase"] == "over":
            return []
        if state["pending"]:
            return [state["pending"]["seat"]]
        if state["phase"] == "draft":
            return [state["draft"]["steps"][0]["seat"]]
        return [state["turn"]["seat"]]

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        return self._legal(state, seat, None)

    def _legal(self, state: dict, seat: int, kind: str | None) -> list[dict]:
        """The legal moves; with `kind` (a move type), in the main part of a turn,
        only those of the module that makes moves of that type (enough to tell
        whether a move of that type is legal: each type comes from one module)."""
        if seat not in self.to_move(state):
            return []
        pending = state["pending"]
        if pending:
            return PENDING_MOVES[pending["kind"]](state, seat)
        if state["phase"] == "draft":
            return draft.draft_moves(state, seat)
        turn = state["turn"]
        if turn["sub"]:
            return SUB_MOVES[turn["sub"]["kind"]](state, seat)
        courtesy = [{"type": "thank"}] if turn.get("courtesy") is not None else []
        if turn["step"] != "main":
            moves = courtesy + turns.resource_moves(state, seat)
            if turns.early_abilities(state):
                # 2016: abilities and income at any time of the turn, even
                # before the resources (not the builds).
                moves += turns.income_moves(state, seat) + powers.power_moves(
                    state, seat, early=True
                )
                moves += wonders.wonder_moves(state, seat)
            return moves
        if turn["char"] == "witch":
            # She must name a character; nothing else before her turn is put
            # on hold (2016 rulebook, Witch).
            return powers.power_moves(state, seat) or [{"type": "end_turn"}]
        if courtesy:
            return courtesy + self._legal_main(state, seat, None)
        return self._legal_main(state, seat, kind)

    def _legal_main(self, state: dict, seat: int, kind: str | None) -> list[dict]:
        if kind is not None:
            if kind == "build":
                return building.build_moves(state, seat)
            if kind == "income":
                return turns.income_moves(state, seat)
            if kind in WONDER_MOVES:
                return wonders.wonder_moves(state, seat)
            if kind == "end_turn":
                if powers.must_use_power(state, seat):
                    return []
                return [{"type": "end_turn"}]
            if kind in POWER_MOVES:
                return powers.power_moves(state, seat)
        moves = (
            turns.income_moves(state, seat)
            + powers.power_moves(state, seat)
            + building.build_moves(state, seat)
            + wonders.wonder_moves(state, seat)
        )
        if not powers.must_use_power(state, seat):
            moves.append({"type": "end_turn"})
        return moves

    def apply(self, state: dict, seat: int, move: dict) -> dict:
        if not isinstance(move, dict):
            raise IllegalMove(explain(state, seat, move, self.to_move(state)))
        kind = move.get("type")
        legal = self._legal(state, seat, kind if type(kind) is str else None)
        # Equal as Python objects first (cheap), then as JSON (1 is not true):
        # the same types all the way is the same JSON; else compare the texts.
        key = None
        for m in legal:
            if m == move:
                if _same(m, move):  # m is a dict, move too, and they are equal
                    break
                if key is None:
                    key = canonical(move)
                if canonical(m) == key:
                    break
        else:
            if key is None:
                canonical(move)  # a move that is not JSON fails here, as always
            raise IllegalMove(explain(state, seat, move, self.to_move(state)))
        new = next_state(state)
        turn = new.get("turn")
        if turn and turn.get("courtesy") is not None and not new["pending"]:
            # Ball Room: the first move of a called player is the "thank you";
            # any other move loses the turn instead of being played.
            turn["courtesy"] = None
            if kind != "thank":
                turns.lose_turn(new)
            return new
        _dispatch(new, seat, move)
        return new

    def view(self, state: dict, seat: int | None) -> dict:
        return view.view(self, state, seat)

    def secrets(self, state: dict, seat: int | None) -> list[str]:
        return view.secrets(state, seat)

    def describe(self, state: dict, seat: int, move: dict, viewer: int | None) -> str:
        return view.describe(state, seat, move, viewer)

    def outcome(self, state: dict) -> list[dict]:
        return scoring.outcome(state)

    def determinize(self, state: dict, seat: int | None, rng) -> dict:
        """A state `seat` cannot tell from `state`, what it cannot see dealt again
        from `rng` (determinize.py). Never mutates `state`."""
        return determinize.determinize(state, seat, rng)

    def check_invariants(self, state: dict) -> None:
        view.check_invariants(state)


def _same(a, b) -> bool:
    """Two equal JSON values have the same types all the way down (so the same
    JSON text: True is not 1)."""
    if type(a) is dict:
        for k, v in a.items():
            w = b[k]
            if type(v) is not type(w) or (type(v) in _CONTAINERS and not _same(v, w)):
                return False
        return True
    for v, w in zip(a, b, strict=True):
        if type(v) is not type(w) or (type(v) in _CONTAINERS and not _same(v, w)):
            return False
    return True


_CONTAINERS = (dict, list)


PENDING_MOVES = {
    "graveyard": wonders.graveyard_moves,
    "theater": wonders.theater_moves,
    "emperor": alternates.tribute_moves,
    "emperor_crown": alternates.emperor_crown_moves,
    "magistrate": schemers.confiscate_moves,
    "blackmail": schemers.reveal_moves,
}
SUB_MOVES = {
    "redraw": powers.redraw_moves,
    "den": building.den_moves,
    "wizard": alternates.wizard_sub_moves,
    "wizard_card": alternates.wizard_sub_moves,
    "scholar": chars2016.scholar_sub_moves,
    "seer": chars2016.seer_sub_moves,
    "cardinal": chars2016.cardinal_sub_moves,
    "bribe": schemers.bribe_moves,
    "lighthouse": darkcity.lighthouse_moves,
    "bell_tower": darkcity.bell_tower_moves,
}


def _dispatch(state: dict, seat: int, move: dict) -> None:
    kind = move["type"]
    if kind in ("choose", "discard_character"):
        draft.apply_draft(state, seat, move)
    elif kind == "graveyard":
        wonders.apply_graveyard(state, seat, move)
    elif kind in ("theater_swap", "theater_pass"):
        continuations.apply_theater(state, seat, move)
    elif kind == "lighthouse":
        darkcity.apply_lighthouse(state, seat, move)
    elif kind == "bell_tower":
        darkcity.apply_bell_tower(state, seat, move)
    elif kind == "confiscate":
        schemers.apply_confiscate(state, seat, move)
    elif kind == "bribe":
        continuations.apply_bribe(state, seat, move)
    elif kind == "reveal_threat":
        continuations.apply_reveal(state, seat, move)
    elif kind == "scholar_keep":
        chars2016.apply_scholar(state, seat, move)
    elif kind == "seer_give":
        chars2016.apply_seer(state, seat, move)
    elif kind == "give_card":
        chars2016.apply_cardinal_card(state, seat, move)
    elif kind == "tribute":
        alternates.apply_tribute(state, seat, move)
    elif kind == "give_crown" and state["pending"]:
        continuations.apply_emperor_crown(state, seat, move)
    elif kind in ("wizard_take", "wizard_build", "wizard_keep"):
        alternates.apply_wizard(state, seat, move)
    elif kind in ("redraw_card", "redraw_done") and state["turn"]["sub"]:
        powers.apply_redraw(state, seat, move)
    elif kind == "pay_card":
        building.apply_den(state, seat, move)
    elif kind in ("take_gold", "draw_cards", "keep"):
        turns.apply_resources(state, seat, move)
    elif kind == "income":
        turns.take_income(state, seat, move.get("cards", 0))
    elif kind == "build":
        building.apply_build(state, seat, move)
    elif kind in POWER_MOVES:
        continuations.apply_power(state, seat, move)
    elif kind in WONDER_MOVES:
        wonders.apply_wonder(state, seat, move)
    elif kind == "end_turn":
        turns.end_turn(state, seat)
    else:  # pragma: no cover - legal_moves lists nothing else
        raise IllegalMove(_("That move is not allowed now."))
