"""Lost Cities: the steps of a turn and of a match, for rules.py. Whether a move
is legal now (and why not), the next state after a checked play, discard or
draw, the deal of a round, its end and the match totals.

Rules text (lost_cities.fr.txt) and DATA.md section 1. Choices where the text is
silent are marked "Chosen here" and listed in README.md.
"""

from __future__ import annotations

from bisect import insort

from games.engines.base import IllegalMove, SeededRandom, _
from games.lost_cities.engine.cards import COLOUR_OF, HAND_SIZE, ORDER, make_deck, parse
from games.lost_cities.engine.scoring import round_score


def refuse(state: dict, seat: int, move: dict) -> None:
    """Raises IllegalMove with the reason `move` cannot be played now; returns if it
    can. Checked in a fixed order, so that each mistake always gets the same reason."""
    if state["over"]:
        raise IllegalMove(_("The game is over."))
    if seat != state["current"]:
        raise IllegalMove(_("It is not your turn."))
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove(_("A move must be a JSON object with a type."))
    kind = move["type"]
    if state["phase"] == "play":
        if kind not in ("play", "discard"):
            raise IllegalMove(_("First play a card on an expedition or discard it."))
        card = move.get("card")
        if not isinstance(card, str) or card not in state["hands"][seat]:
            raise IllegalMove(_("That card is not in your hand."))
        if kind == "play":
            problem = play_problem(state, seat, card)
            if problem:
                raise IllegalMove(problem)
        if set(move) != {"type", "card"}:
            raise IllegalMove(_("A move must be a JSON object with a type."))
        return
    if kind != "draw":
        raise IllegalMove(_("You have played a card: now draw one."))
    source = move.get("source")
    if set(move) != {"type", "source"}:
        raise IllegalMove(_("A move must be a JSON object with a type."))
    if source != "deck":
        if source not in state["colours"]:
            raise IllegalMove(_("Draw from the deck or from a discard pile."))
        if source == state["discarded"]:
            raise IllegalMove(_("You cannot take back the card you just discarded."))
        if not state["discards"][source]:
            raise IllegalMove(_("That discard pile is empty."))


# The next state after a checked move. Only what changes is copied: the rest is
# shared with `state`, which nothing changes in place. These run at every decision
# of every game (bots, replays, the benchmarks), hence the plain inline code: a
# per-seat pair is rebuilt as [new, other] or [other, new] (`seat` is 0 or 1).


def from_hand(state: dict, seat: int, card: str) -> dict:
    """A copy of `state` whose `seat` no longer holds `card`, now to draw."""
    new = state.copy()
    hands = state["hands"]
    hand = hands[seat].copy()
    hand.remove(card)
    new["hands"] = [hand, hands[1]] if seat == 0 else [hands[0], hand]
    new["phase"] = "draw"
    return new


def after_play(state: dict, seat: int, card: str) -> dict:
    """`card` from the hand onto its expedition; now draw."""
    new = from_hand(state, seat, card)
    expeditions = state["expeditions"]
    mine = expeditions[seat].copy()
    colour = COLOUR_OF[card]
    mine[colour] = [*mine[colour], card]
    new["expeditions"] = [mine, expeditions[1]] if seat == 0 else [expeditions[0], mine]
    return new


def after_discard(state: dict, seat: int, card: str) -> dict:
    """`card` from the hand onto its colour's pile; now draw (not from that pile)."""
    new = from_hand(state, seat, card)
    discards = new["discards"] = state["discards"].copy()
    colour = new["discarded"] = COLOUR_OF[card]
    discards[colour] = [*discards[colour], card]
    return new


def after_draw(state: dict, seat: int, source: str) -> dict:
    """The top card of the deck or of a pile into the hand; then the other seat
    plays, or the round ends if that was the deck's last card."""
    new = state.copy()
    deck = state["deck"]
    if source == "deck":
        card = deck[-1]
        deck = new["deck"] = deck[:-1]
    else:
        discards = new["discards"] = state["discards"].copy()
        pile = discards[source]
        card = pile[-1]
        discards[source] = pile[:-1]
    # Hands are dealt in hand order (ORDER) and kept so, so that legal_moves need
    # not sort them. (A hand stored unsorted by an older version stays unsorted.)
    hands = state["hands"]
    hand = hands[seat].copy()
    insort(hand, card, key=ORDER.__getitem__)
    new["hands"] = [hand, hands[1]] if seat == 0 else [hands[0], hand]
    if not deck:
        new = copy_state(new)
        end_round(new)
    else:
        new["current"] = 1 - seat
        new["phase"] = "play"
        new["discarded"] = None
    return new


def play_problem(state: dict, seat: int, card: str) -> str | None:
    """Why `card` cannot go on its expedition, or None if it can."""
    colour, value = parse(card)
    numbers = [
        v for v in (parse(c)[1] for c in state["expeditions"][seat][colour]) if v
    ]
    if value is None:
        if numbers:
            return _("Wagers must be played before any number card of that expedition.")
        return None
    if numbers and value <= max(numbers):
        return _(
            "Cards go on an expedition in ascending order: play higher than {value}."
        ).format(value=max(numbers))
    return None


def copy_state(state: dict) -> dict:
    """A copy deep enough that changing it never touches `state` (cards are strings)."""
    new = dict(state)
    new["deck"] = list(state["deck"])
    new["hands"] = [list(h) for h in state["hands"]]
    new["expeditions"] = [
        {c: list(v) for c, v in e.items()} for e in state["expeditions"]
    ]
    new["discards"] = {c: list(v) for c, v in state["discards"].items()}
    new["results"] = list(state["results"])
    return new


def deal_round(state: dict, starter: int) -> None:
    colours = state["colours"]
    deck = make_deck(colours)
    with SeededRandom(state) as rng:
        rng.shuffle(deck)
    hands: list[list[str]] = [[], []]
    for i in range(2 * HAND_SIZE):
        hands[(starter + i) % 2].append(deck.pop())
    for hand in hands:
        hand.sort(key=ORDER.__getitem__)  # kept in hand order (see after_draw)
    state.update(
        round=state["round"] + 1,
        deck=deck,
        hands=hands,
        expeditions=[{c: [] for c in colours}, {c: [] for c in colours}],
        discards={c: [] for c in colours},
        current=starter,
        starter=starter,
        phase="play",
        discarded=None,
    )


def end_round(state: dict) -> None:
    """The round ends at once when the last deck card is drawn."""
    colours = state["colours"]
    scores = [round_score(state["expeditions"][s], colours) for s in range(2)]
    state["results"].append({"round": state["round"], "scores": scores})
    if state["round"] >= state["rounds"]:
        state["over"] = True
        state["phase"] = None
        return
    # Chosen here (DATA.md): the player with more points this round starts the next;
    # on a tie, the player who did not start this round.
    a, b = scores[0]["total"], scores[1]["total"]
    starter = 0 if a > b else 1 if b > a else 1 - state["starter"]
    deal_round(state, starter)


def match_totals(state: dict) -> list[int]:
    return [sum(r["scores"][s]["total"] for r in state["results"]) for s in range(2)]
