"""Hand-built Citadels states for rule tests and page tests (tests/ is on the
import path through its conftest.py)."""

from __future__ import annotations

from games.citadels.engine import ENGINE
from games.citadels.engine import characters as ch
from games.citadels.engine.common import card_map
from games.citadels.engine.turns import reveal


class Table:
    """A game set up by the engine, then arranged by hand for one scenario."""

    def __init__(self, players: int = 4, seed: int = 1, **options):
        self.engine = ENGINE
        opts = ENGINE.validate_options(players, options)
        self.state = ENGINE.setup(players, opts, seed)

    # Cards ----------------------------------------------------------------------

    def take(self, key: str) -> str:
        """A card of that key, taken from the deck (or a hand, if none is left)."""
        s = self.state
        for cid in s["deck"]:
            if card_map(s)[cid] == key:
                s["deck"].remove(cid)
                return cid
        for p in s["players"]:
            for cid in p["hand"]:
                if card_map(s)[cid] == key:
                    p["hand"].remove(cid)
                    return cid
        raise LookupError(key)

    def hand(self, seat: int, *keys: str) -> list[str]:
        """Replaces a seat's hand with cards of these keys."""
        p = self.state["players"][seat]
        self.state["deck"].extend(p["hand"])
        p["hand"] = []
        ids = [self.take(k) for k in keys]
        p["hand"] = list(ids)
        return ids

    def city(self, seat: int, *keys: str, round_built: int = 0) -> list[str]:
        """Replaces a seat's city with districts of these keys."""
        p = self.state["players"][seat]
        self.state["deck"].extend(d["id"] for d in p["city"])
        ids = [self.take(k) for k in keys]
        p["city"] = [{"id": c, "beautified": False, "round": round_built} for c in ids]
        return ids

    def gold(self, seat: int, amount: int) -> None:
        self.state["players"][seat]["gold"] = amount

    # Characters -------------------------------------------------------------------

    def characters(self, **by_key: int) -> None:
        """Ends the draft with these characters held (king=0, thief=2...); the
        others are discarded face down."""
        s = self.state
        s["draft"] = {"pile": [], "face_up": [], "steps": []}
        for p in s["players"]:
            p["characters"] = []
            p["revealed"] = []
        s["face_down"] = []
        for key in s["lineup"]:
            if key in by_key:
                s["players"][by_key[key]]["characters"].append(ch.char_id(key))
            else:
                s["face_down"].append({"id": ch.char_id(key), "by": None})
        s["phase"] = "call"
        s["pending"] = None

    def face_up(self, key: str) -> None:
        s = self.state
        cid = ch.char_id(key)
        s["face_down"] = [f for f in s["face_down"] if f["id"] != cid]
        s["draft"]["face_up"].append(cid)

    def turn(self, seat: int, key: str, *, main: bool = True) -> None:
        """Calls that character now: its holder's turn starts."""
        s = self.state
        s["rank"] = ch.rank(key, s["edition"])
        reveal(s, seat, key)
        if main:
            s["turn"]["step"] = "main"

    # Moves ------------------------------------------------------------------------

    def moves(self, seat: int | None = None) -> list[dict]:
        if seat is None:
            seat = self.engine.to_move(self.state)[0]
        return self.engine.legal_moves(self.state, seat)

    def play(self, seat: int, move: dict) -> dict:
        self.state = self.engine.apply(self.state, seat, move)
        return self.state

    def player(self, seat: int) -> dict:
        return self.state["players"][seat]

    def city_keys(self, seat: int) -> list[str]:
        return [card_map(self.state)[d["id"]] for d in self.player(seat)["city"]]

    def hand_keys(self, seat: int) -> list[str]:
        return [card_map(self.state)[c] for c in self.player(seat)["hand"]]
