"""Small lookups on the state shared by the rule modules."""

from __future__ import annotations

from functools import lru_cache

from games.citadels.engine import characters as ch
from games.citadels.engine import districts as ds
from games.engines.base import SeededRandom, _, pgettext


@lru_cache(maxsize=64)
def _card_map(edition: str, uniques: tuple[str, ...]) -> dict[str, str]:
    cards = ds.catalogue(edition, list(uniques))
    return {f"district-{i + 1}": key for i, (key, _c) in enumerate(cards)}


@lru_cache(maxsize=64)
def _tables(edition: str, uniques: tuple[str, ...]) -> tuple[dict, dict, dict]:
    """Per game: id -> key, id -> cost, key -> the ids of that district."""
    cards = _card_map(edition, uniques)
    costs = {card: ds.cost(key, edition) for card, key in cards.items()}
    ids: dict[str, list[str]] = {}
    for card, key in cards.items():
        ids.setdefault(key, []).append(card)
    return cards, costs, {key: frozenset(v) for key, v in ids.items()}


def tables(state: dict) -> tuple[dict, dict, dict]:
    return _tables(state["edition"], tuple(state["uniques"]))


def card_map(state: dict) -> dict[str, str]:
    """District id -> key for this game; derived from the edition and the unique
    districts in play, so the state does not carry it."""
    return _tables(state["edition"], tuple(state["uniques"]))[0]


def key_of(state: dict, card: str) -> str:
    return _tables(state["edition"], tuple(state["uniques"]))[0][card]


def cost_of(state: dict, card: str) -> int:
    return _tables(state["edition"], tuple(state["uniques"]))[1][card]


def value(state: dict, district: dict) -> int:
    """A built district's cost: the printed cost, +1 once the Artist has
    beautified it. The 2016 rulebook (Artist): the beautified cost is
    permanently higher, for everything that reads a cost (scoring, the Warlord,
    the Diplomat, the Marshal's limit and price, the Basilica)."""
    return _tables(state["edition"], tuple(state["uniques"]))[1][district["id"]] + (
        1 if district["beautified"] else 0
    )


def dname(state: dict, card: str) -> str:
    """A district card's translated name."""
    return _(ds.name(key_of(state, card), state["edition"]))


# The names a language gives the 2016 cards otherwise than the classic ones: the
# French 2016 edition feminised the Magician, the Merchant and the Navigator
# (Magicienne, Marchande, Navigatrice; GLOSSARY.md 1, "use the name of the edition
# being played"). Same English; a French text of their own in the context
# "citadels 2016". Literal calls, so that makemessages collects them.
NAMES_2016 = {
    "magician": lambda: pgettext("citadels 2016", "Magician"),
    "merchant": lambda: pgettext("citadels 2016", "Merchant"),
    "navigator": lambda: pgettext("citadels 2016", "Navigator"),
}


def character_name(key: str, edition: str) -> str:
    """A character's translated name, as that edition names it."""
    if edition == "2016" and key in NAMES_2016:
        return NAMES_2016[key]()
    return _(ch.name(key))


def cname(state: dict, key: str) -> str:
    """A character's translated name, as the edition being played names it."""
    return character_name(key, state["edition"])


def rank(state: dict, key: str) -> int:
    return ch.rank(key, state["edition"])


def city_keys(player: dict, state: dict) -> list[str]:
    cards = card_map(state)
    return [cards[d["id"]] for d in player["city"]]


def has(state: dict, seat: int, key: str) -> bool:
    """A district of that key is in the seat's city (by the ids of that key: most
    asks are for a unique district that is not in this game at all)."""
    ids = _tables(state["edition"], tuple(state["uniques"]))[2].get(key)
    if ids:
        for d in state["players"][seat]["city"]:
            if d["id"] in ids:
                return True
    return False


def city_size(state: dict, seat: int) -> int:
    """Districts counted toward completion (the Monument counts twice)."""
    city = state["players"][seat]["city"]
    return len(city) + (1 if has(state, seat, "monument") else 0)


def is_complete(state: dict, seat: int) -> bool:
    return city_size(state, seat) >= state["complete_size"]


def set_crown(state: dict, seat: int) -> None:
    """The crown changes hands; each Throne Room owner gains 1 gold (Dark City)."""
    if seat is None or state["crown"] == seat:
        return
    state["crown"] = seat
    for s in range(state["num_players"]):
        if has(state, s, "throne_room"):
            state["players"][s]["gold"] += 1


def holder(state: dict, key: str) -> int | None:
    """The seat that chose that character this round, if any."""
    cid = ch.char_id(key)
    for seat, p in enumerate(state["players"]):
        if cid in p["characters"]:
            return seat
    return None


def acting(state: dict, key: str) -> int | None:
    """The seat that uses a character's power: its holder, or the Witch's player
    when that character is bewitched."""
    seat = holder(state, key)
    if seat is not None and state.get("bewitched") == key:
        witch = holder(state, "witch")
        if witch is not None:
            return witch
    return seat


def witch_paused(state: dict) -> bool:
    """The current turn is the Witch's own, before she names a character or once
    she has named one (her turn is then on hold): she builds nothing then."""
    turn = state.get("turn")
    return bool(turn) and turn["char"] == "witch"


def ball_room_host(state: dict) -> int | None:
    """The seat that owns the Ball Room and holds the crown, if any (Dark City)."""
    crown = state["crown"]
    if crown is not None and has(state, crown, "ball_room"):
        return crown
    return None


def draw(state: dict, count: int) -> list[str]:
    """Takes up to `count` cards from the top of the deck."""
    cards = state["deck"][:count]
    del state["deck"][:count]
    return cards


def to_bottom(state: dict, cards: list[str]) -> None:
    """Discarded and destroyed districts go face down under the deck (2016 help;
    the classic rule does the same with its discards)."""
    state["deck"].extend(cards)


def rng_shuffle(state: dict, items: list) -> None:
    with SeededRandom(state) as rng:
        rng.shuffle(items)


def rng_randrange(state: dict, n: int) -> int:
    with SeededRandom(state) as rng:
        return rng.randrange(n)


_CONTAINERS = (dict, list)


# Parts of a state that no move changes once the game is set up: shared between a
# state and the next one rather than copied.
_FIXED = frozenset(("options", "lineup", "uniques", "rng"))
# A player's lists: of ids (strings), and the city (its districts are shared).
_FLAT = frozenset(("hand", "museum", "characters", "revealed", "city"))


def next_state(state: dict) -> dict:
    """The copy `apply` works on: what a move may change is copied, what it never
    changes is shared with `state` (which is never mutated either way).

    Shared: the table (`options`, `lineup`, `uniques`, never changed after set-up),
    the RNG state (replaced, never changed: base.SeededRandom) and the districts of
    the cities (`{id, beautified, round}`: a move that changes one puts a new dict
    in its place, see `powers.beautify`). The lists that hold them, the players
    and everything else are copied."""
    new = state.copy()
    for key, value in state.items():
        if type(value) in _CONTAINERS and key not in _FIXED:
            if key == "players":
                new[key] = [_copy_player(p) for p in value]
            elif key == "deck":
                new[key] = value[:]
            else:
                new[key] = copy_state(value)
    return new


_PLAYER_KEYS = frozenset(("gold", "hand", "city", "museum", "characters", "revealed"))


def _copy_player(player):
    if type(player) is not dict:
        return copy_state(player)
    out = player.copy()
    if player.keys() == _PLAYER_KEYS:
        # A player as draft.setup makes it: the gold and five lists.
        out["hand"] = player["hand"][:]
        out["city"] = player["city"][:]
        out["museum"] = player["museum"][:]
        out["characters"] = player["characters"][:]
        out["revealed"] = player["revealed"][:]
        return out
    for key, value in player.items():
        if type(value) is list:
            out[key] = value[:] if key in _FLAT else copy_state(value)
        elif type(value) is dict:
            out[key] = copy_state(value)
    return out


def copy_state(obj):
    """A deep copy of a JSON state (what base.clone does, for JSON values only,
    several times faster than copy.deepcopy on a Citadels state). Scalars are
    kept as they are without a call each (most of the values of a state)."""
    if type(obj) is dict:
        return {
            k: copy_state(v) if type(v) in _CONTAINERS else v for k, v in obj.items()
        }
    if type(obj) is list:
        return [copy_state(v) if type(v) in _CONTAINERS else v for v in obj]
    return obj
