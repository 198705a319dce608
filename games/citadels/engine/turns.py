"""The flow of a round: its start and the draft's automatic steps, the call of
the ranks and a player's turn (resources, income, end), the end of the round.

Rules: citadels.fr.txt (the crown calls the characters in rank order; a killed
character stays silent; take 2 gold or draw 2 and keep 1, then the power, then
build one district of a name not yet in the city; the robbed player gives all
gold; the King takes the crown, even when killed; the end at the 8th district)
and citadels_game_help.fr.txt (TOURS DES JOUEURS, FIN DE PARTIE, discards face
down under the deck); for the round's start, the draft rules of draft.py.
Building is in building.py, powers in powers.py, unique districts in wonders.py;
the moves that call this flow back are in continuations.py.
"""

from __future__ import annotations

from games.citadels.engine import characters as ch
from games.citadels.engine import districts as ds
from games.citadels.engine.alternates import witch_takeover
from games.citadels.engine.chars2016 import INCOME_AS_CARDS, income_mix
from games.citadels.engine.common import (
    acting,
    ball_room_host,
    city_keys,
    draw,
    has,
    holder,
    rank,
    rng_randrange,
    rng_shuffle,
    set_crown,
    to_bottom,
)
from games.citadels.engine.powers import (
    QUEEN_BONUS,
    after_resources,
    at_end_of_turn,
    on_round_end,
)
from games.citadels.engine.schemers import threat_pending, threatened
from games.citadels.engine.wonders import theater_pending

GOLD_TAKEN = 2
CARDS_DRAWN = 2
POOR_HOUSE_GOLD = 1
PARK_CARDS = 2


def start_calls(state: dict) -> None:
    state["phase"] = "call"
    state["rank"] = 0
    state["draft"]["steps"] = []
    if theater_pending(state):
        return
    next_call(state)


def next_call(state: dict) -> None:
    """Calls the next rank that a living character holds; ends the round after 9."""
    state["turn"] = None
    while True:
        state["rank"] += 1
        if state["rank"] > len(state["lineup"]):
            end_round(state)
            return
        key = state["lineup"][state["rank"] - 1]
        seat = holder(state, key)
        if seat is None:
            continue
        if key == state["killed"]:
            if has(state, seat, "hospital"):
                # Hospital (Dark City): a killed character still takes its
                # resources, and nothing more; it counts as not revealed.
                state["turn"] = new_turn(seat, key)
                state["turn"]["hospital"] = True
                return
            continue
        reveal(state, seat, key)
        return


def new_turn(seat: int, key: str) -> dict:
    return {
        "seat": seat,
        "char": key,
        "step": "resources",
        "drawn": [],
        "built": 0,
        "power": False,
        "income": False,
        "used": [],
        "spent": 0,
        "beautified": 0,
        "sub": None,
    }


def reveal(state: dict, seat: int, key: str) -> None:
    player = state["players"][seat]
    player["revealed"].append(ch.char_id(key))
    state["turn"] = new_turn(seat, key)
    host = ball_room_host(state)
    if host is not None and host != seat:
        # Ball Room (Dark City): while its owner holds the crown, a player whose
        # character is called owes a "thank you" (the move "thank") before any
        # other move of the turn, or loses the turn (engine.py). Owed to the
        # host as the call is made, before a King revealed now takes the crown.
        state["turn"]["courtesy"] = host
    if state["robbed"] == key:
        thief = acting(state, "thief")
        if thief is not None and thief != seat:
            state["players"][thief]["gold"] += player["gold"]
            player["gold"] = 0
    if key in ch.CROWN_TAKERS:
        # A bewitched King or Patrician still takes the crown himself (2016
        # rulebook, Witch and King; the classic summary is silent on the crown).
        set_crown(state, seat)


def lose_turn(state: dict) -> None:
    """Ball Room: the called player made another move before thanking the host;
    the turn is lost (nothing of it happens; what the call itself did, the
    Thief's robbery and the crown, stays)."""
    next_call(state)


def early_abilities(state: dict) -> bool:
    """2016: a character's abilities (income included) may be used at any time
    during the turn (rulebook, "Character Abilities in Detail"), so before the
    resources too; not by the Witch (she gathers first), a threatened character
    (it gathers and settles the threat first), a bewitched player (no ability
    at all) nor a Hospital turn. Classic: the resources come first
    (citadels.fr.txt, "Ensuite, le joueur peut utiliser le pouvoir")."""
    turn = state["turn"]
    if state["edition"] != "2016" or turn["step"] != "resources":
        return False
    if turn["char"] == "witch" or turn.get("hospital"):
        return False
    if turn.get("courtesy") is not None:
        return False
    if state["bewitched"] == turn["char"] and holder(state, "witch") is not None:
        return False
    return not threat_pending(state, turn["seat"])


def end_round(state: dict) -> None:
    killed = state["killed"]
    if killed in ch.CROWN_TAKERS and holder(state, killed) is not None:
        # A killed King still takes the crown at the end of the round.
        set_crown(state, holder(state, killed))
    if state.get("queen_owed") is not None:
        # The Queen next to a killed rank-4 character gains her 3 gold when
        # that card is revealed, at the end of the round (2016 rulebook).
        state["players"][state["queen_owed"]]["gold"] += QUEEN_BONUS
        state["queen_owed"] = None
    state["turn"] = None
    if on_round_end(state):
        return
    finish_round(state)


def finish_round(state: dict) -> None:
    if state["first_complete"] is not None:
        state["phase"] = "over"
        state["pending"] = None
        return
    start_round(state)


# --- The draft of a round (set-up and the draft's moves: draft.py) ------------


def start_round(state: dict) -> None:
    """A new round: reset the round's records, lay out discards, start the draft."""
    n = state["num_players"]
    state["round"] += 1
    state["phase"] = "draft"
    state["killed"] = None
    state["robbed"] = None
    state["bewitched"] = None
    state["rank"] = 0
    state["turn"] = None
    state["draft_last"] = None
    state["warrants"] = None
    state["threats"] = None
    state["queen_owed"] = None
    for p in state["players"]:
        p["characters"] = []
        p["revealed"] = []
    pile = [ch.char_id(k) for k in state["lineup"]]
    rng_shuffle(state, pile)
    state["face_down"] = []
    face_up: list[str] = []
    steps: list[dict] = []
    crown = state["crown"]
    order = [(crown + i) % n for i in range(n)]
    if n >= 4:
        # 2016: the face-up discards first, then the face-down one (2016
        # rulebook, Selection Phase); classic: the face-down one first (the
        # order this engine has always used; citadels.fr.txt is silent).
        modern = state["edition"] == "2016"
        if not modern:
            state["face_down"].append({"id": pile.pop(), "by": None})
        face_up_count = max(0, len(pile) + (0 if modern else 1) - n - 2)
        king = _rank4(state)
        while len(face_up) < face_up_count:
            card = pile.pop()
            if card == king:
                # The rank-4 character is never discarded face up: it goes back
                # into the pile, which is shuffled again (DATA.md 2f).
                pile.insert(0, card)
                rng_shuffle(state, pile)
                continue
            face_up.append(card)
        if modern:
            state["face_down"].append({"id": pile.pop(), "by": None})
        steps = [{"seat": s, "action": "choose"} for s in order]
        if len(pile) == n:
            # 7 players with 8 characters, 8 with 9: the last player also takes
            # the face-down card and keeps one of the two.
            steps.insert(-1, {"seat": order[-1], "action": "take_face_down"})
    elif n == 3:
        state["face_down"].append({"id": pile.pop(), "by": None})
        steps = [{"seat": s, "action": "choose"} for s in order]
        if len(pile) == 8:
            # 2016, 9 characters: after the first picks, 1 of the remaining 5 is
            # discarded face down at random (DATA.md 2f).
            steps.append({"seat": None, "action": "random_discard"})
        steps += [{"seat": s, "action": "choose"} for s in order]
    else:
        # 2 players: one card face down at random, A keeps 1, then B, A, B each
        # keep 1 and discard 1 face down (DATA.md 2f, FFG rulebook).
        a, b = order
        state["face_down"].append({"id": pile.pop(), "by": None})
        steps = [{"seat": a, "action": "choose"}]
        for s in (b, a, b):
            steps += [{"seat": s, "action": "choose"}, {"seat": s, "action": "discard"}]
    state["draft"] = {"pile": pile, "face_up": face_up, "steps": steps}
    advance_draft(state)


def _rank4(state: dict) -> str | None:
    for key in state["lineup"]:
        if rank(state, key) == 4:
            return ch.char_id(key)
    return None


def advance_draft(state: dict) -> None:
    """Plays the automatic draft steps until a seat must decide, or ends the draft."""
    draft = state["draft"]
    while draft["steps"]:
        step = draft["steps"][0]
        if step["action"] == "random_discard":
            card = draft["pile"].pop(rng_randrange(state, len(draft["pile"])))
            state["face_down"].append({"id": card, "by": None})
        elif step["action"] == "take_face_down":
            first = state["face_down"].pop(0)
            draft["pile"].append(first["id"])
        elif step["action"] == "discard" and len(draft["pile"]) == 1:
            state["face_down"].append({"id": draft["pile"].pop(), "by": step["seat"]})
        else:
            return
        draft["steps"].pop(0)
    last = _last_picker(state)
    for card in draft["pile"]:
        state["face_down"].append({"id": card, "by": last})
    draft["pile"] = []
    start_calls(state)


def _last_picker(state: dict) -> int | None:
    return state.get("draft_last")


# --- Resources -----------------------------------------------------------------


def resource_moves(state: dict, seat: int) -> list[dict]:
    turn = state["turn"]
    if turn["step"] == "keep":
        return [{"type": "keep", "card": c} for c in turn["drawn"]]
    moves = [{"type": "take_gold"}]
    if state["deck"]:
        moves.append({"type": "draw_cards"})
    return moves


def gold_taken(state: dict, seat: int) -> int:
    return GOLD_TAKEN + (1 if has(state, seat, "gold_mine") else 0)


def apply_resources(state: dict, seat: int, move: dict) -> None:
    turn = state["turn"]
    player = state["players"][seat]
    if move["type"] == "take_gold":
        player["gold"] += gold_taken(state, seat)
        resources_done(state, seat)
    elif move["type"] == "draw_cards":
        count = CARDS_DRAWN + (1 if has(state, seat, "observatory") else 0)
        drawn = draw(state, count)
        if has(state, seat, "library") or len(drawn) <= 1:
            player["hand"].extend(drawn)
            resources_done(state, seat)
        else:
            turn["drawn"] = drawn
            turn["step"] = "keep"
    else:  # keep
        player["hand"].append(move["card"])
        turn["drawn"].remove(move["card"])
        to_bottom(state, turn["drawn"])
        turn["drawn"] = []
        resources_done(state, seat)


def resources_done(state: dict, seat: int) -> None:
    state["turn"]["step"] = "main"
    if state["turn"].get("hospital"):
        end_of_turn_districts(state, seat)
        next_call(state)
        return
    if threatened(state, seat):
        return  # the Blackmailer's threat is settled first
    resources_continue(state)


def resources_continue(state: dict) -> None:
    """After resources: the Witch takes over a bewitched turn, then the
    character's automatic gains."""
    witch_takeover(state)
    after_resources(state, state["turn"]["seat"])


# --- Income --------------------------------------------------------------------


def income(state: dict, seat: int, key: str) -> int:
    """1 gold per district of the character's type; the School of Magic counts
    as that type (its owner would always choose so)."""
    kind = ch.INCOME_TYPE.get(key)
    if not kind:
        return 0
    keys = city_keys(state["players"][seat], state)
    return sum(1 for k in keys if ds.kind(k) == kind or k == "school_of_magic")


def income_moves(state: dict, seat: int) -> list[dict]:
    """Income as gold; as cards for the Patrician and the Cardinal; any mix of
    gold and cards for the 2016 Abbot ("cards": how many of them are cards)."""
    turn = state["turn"]
    amount = income(state, seat, turn["char"])
    if turn["income"] or amount == 0:
        return []
    if income_mix(state, turn["char"]):
        return [{"type": "income", "cards": k} for k in range(amount + 1)]
    return [{"type": "income"}]


def take_income(state: dict, seat: int, cards: int = 0) -> None:
    turn = state["turn"]
    if not turn["income"]:
        turn["income"] = True
        amount = income(state, seat, turn["char"])
        if turn["char"] in INCOME_AS_CARDS:
            cards = amount
        state["players"][seat]["gold"] += amount - cards
        state["players"][seat]["hand"].extend(draw(state, cards))


# --- End of turn ---------------------------------------------------------------


def end_turn(state: dict, seat: int) -> None:
    """Uncollected income is collected, then the end-of-turn effects (the
    districts first, then the Alchemist), then the next rank is called (chosen
    here: income is never forfeited by forgetting)."""
    take_income(state, seat)
    # The Poor House before the Alchemist's refund (2016 rulebook, Poor House).
    end_of_turn_districts(state, seat)
    at_end_of_turn(state, seat)
    next_call(state)


def end_of_turn_districts(state: dict, seat: int) -> None:
    """Poor House: 1 gold if you have none; Park: 2 cards if your hand is empty."""
    player = state["players"][seat]
    if has(state, seat, "poor_house") and player["gold"] == 0:
        player["gold"] += POOR_HOUSE_GOLD
    if has(state, seat, "park") and not player["hand"]:
        player["hand"].extend(draw(state, PARK_CARDS))
