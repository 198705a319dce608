"""Lost Cities: the turn (play or discard, then draw), the end of a round, a match.

Rules text (lost_cities.fr.txt) and DATA.md section 1. Choices where the text is
silent are marked "Chosen here" and listed in README.md.
"""

from __future__ import annotations

from bisect import insort

from ..base import (
    IllegalMove,
    InvalidOptions,
    SeededRandom,
    _,
    player,
    ranks_from_scores,
    redeal,
    rng_new,
    rng_redrawn,
)
from .cards import (
    COLOUR_OF,
    COLOURS_5,
    COLOURS_6,
    FLOOR,
    HAND_SIZE,
    ORDER,
    PARSED,
    RANK,
    SYMBOLS,
    card_info,
    colour_name,
    make_deck,
    parse,
    sorted_hand,
)
from .scoring import round_score

OPTION_DEFAULTS = {"expeditions": 5, "rounds": 1}


class LostCities:
    slug = "lost-cities"
    name = "Lost Cities"
    min_players = 2
    max_players = 2

    # --- options and set-up ------------------------------------------------------

    def default_options(self, num_players: int) -> dict:
        return dict(OPTION_DEFAULTS)

    def validate_options(self, num_players: int, options: dict) -> dict:
        if num_players != 2:
            raise InvalidOptions(_("Lost Cities is a game for exactly 2 players."))
        if not isinstance(options, dict):
            raise InvalidOptions(_("Options must be a JSON object."))
        unknown = set(options) - set(OPTION_DEFAULTS)
        if unknown:
            raise InvalidOptions(_("Unknown option: %s") % ", ".join(sorted(unknown)))
        full = {**OPTION_DEFAULTS, **options}
        if full["expeditions"] not in (5, 6):
            raise InvalidOptions(
                _("Play with 5 expeditions or the 6-expedition variant.")
            )
        # A match is three rounds whose scores add up (the published rules).
        if full["rounds"] not in (1, 3):
            raise InvalidOptions(_("Play one round or a match of three rounds."))
        return full

    def setup(self, num_players: int, options: dict, seed: int) -> dict:
        options = self.validate_options(num_players, options)
        colours = COLOURS_6 if options["expeditions"] == 6 else COLOURS_5
        state = {
            "colours": colours,
            "rounds": options["rounds"],
            "round": 0,
            "results": [],
            "over": False,
            "rng": rng_new(seed),
        }
        # Who starts is drawn from the seed.
        with SeededRandom(state) as rng:
            starter = rng.randrange(2)
        _deal_round(state, starter)
        return state

    # --- whose turn, what is legal --------------------------------------------------

    def to_move(self, state: dict) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        """Play phase: for each card in hand order, playing it (when it fits its
        expedition) then discarding it. Draw phase: the deck, then each discard pile
        that may be drawn from, in colour order. The moves are shared (see PLAY)."""
        if state["over"] or seat != state["current"]:
            return []
        if state["phase"] == "draw":
            discards = state["discards"]
            discarded = state["discarded"]
            moves = [DRAW_DECK]
            for colour in state["colours"]:
                if discards[colour] and colour != discarded:
                    moves.append(DRAW_PILE[colour])
            return moves
        expeditions = state["expeditions"][seat]
        moves = []
        # The hand is kept in hand order (see _draw): no sorting here.
        for card in state["hands"][seat]:
            pile = expeditions[COLOUR_OF[card]]
            moves += CHOICES[card][FLOOR[pile[-1]] if pile else 0]
        return moves

    # --- applying a move ---------------------------------------------------------------

    def apply(self, state: dict, seat: int, move: dict) -> dict:
        # The fast path: a well-formed legal move, recognised with a few look-ups.
        # `len(move) == 2` and the two reads below pin the move's keys exactly: a key
        # that is missing reads None, which is neither a card in hand, "deck" nor a
        # pile with cards.
        if (
            not state["over"]
            and seat == state["current"]
            and type(move) is dict
            and len(move) == 2
        ):
            kind = move.get("type")
            if state["phase"] == "play":
                card = move.get("card")
                if kind == "discard" and card in state["hands"][seat]:
                    return _discard(state, seat, card)
                if kind == "play" and card in state["hands"][seat]:
                    # The top of an expedition is its last card: cards only ever
                    # go on in ascending order.
                    pile = state["expeditions"][seat][COLOUR_OF[card]]
                    if not pile or RANK[card] > FLOOR[pile[-1]]:
                        return _play(state, seat, card)
            elif kind == "draw":
                source = move.get("source")
                if source == "deck":
                    return _draw(state, seat, source)
                if (
                    type(source) is str
                    and source != state["discarded"]
                    and state["discards"].get(source)
                ):
                    return _draw(state, seat, source)
        # Anything else is checked in full, in the order (and so with the reason)
        # players have always been given; _refusal raises IllegalMove.
        _refusal(state, seat, move)
        # Legal after all, though not in the shape the fast path expects (a dict
        # subclass, say):
        kind = move["type"]
        if kind == "play":
            return _play(state, seat, move["card"])
        if kind == "discard":
            return _discard(state, seat, move["card"])
        return _draw(state, seat, move["source"])

    # --- what each seat may see ------------------------------------------------------

    def view(self, state: dict, seat: int | None) -> dict:
        colours = state["colours"]
        over = state["over"]

        def cards(ids):
            return [card_info(c) for c in ids]

        expeditions = []
        for s in range(2):
            rows = round_score(state["expeditions"][s], colours)["expeditions"]
            expeditions.append(
                {
                    c: {"cards": cards(state["expeditions"][s][c]), "score": rows[c]}
                    for c in colours
                }
            )
        hand = None
        if seat is not None:
            hand = cards(sorted_hand(state["hands"][seat], colours))
        return {
            "seat": seat,
            "colours": colours,
            "symbols": {c: SYMBOLS[c] for c in colours},
            "round": state["round"],
            "rounds": state["rounds"],
            "current": None if over else state["current"],
            "phase": None if over else state["phase"],
            "discarded": state["discarded"],
            "deck_count": len(state["deck"]),
            "hand": hand,
            "hand_counts": [len(h) for h in state["hands"]],
            "hands": [cards(sorted_hand(h, colours)) for h in state["hands"]]
            if over
            else None,
            "expeditions": expeditions,
            "running": [
                sum(e[c]["score"]["score"] for c in colours) for e in expeditions
            ],
            "discards": {
                c: {
                    "top": card_info(state["discards"][c][-1])
                    if state["discards"][c]
                    else None,
                    "count": len(state["discards"][c]),
                }
                for c in colours
            },
            "results": state["results"],
            "totals": _totals(state),
            "over": over,
        }

    def secrets(self, state: dict, seat: int | None) -> list[str]:
        if seat is None:
            return list(state["deck"])
        return list(state["hands"][seat])

    def describe(self, state: dict, seat: int, move: dict, viewer: int | None) -> str:
        who = player(seat)
        kind = move.get("type")
        if kind in ("play", "discard"):
            colour, value = parse(move["card"])
            if kind == "play" and value is None:
                text = _("{player} played a {colour} wager")
            elif kind == "play":
                text = _("{player} played the {colour} {value}")
            elif value is None:
                text = _("{player} discarded a {colour} wager")
            else:
                text = _("{player} discarded the {colour} {value}")
            return text.format(player=who, colour=colour_name(colour), value=value)
        if move.get("source") == "deck":
            if len(state["deck"]) == 1:
                return _(
                    "{player} drew the last card of the deck: the round ends"
                ).format(player=who)
            return _("{player} drew from the deck").format(player=who)
        pile = state["discards"][move["source"]]
        colour, value = parse(pile[-1])
        text = (
            _("{player} took a {colour} wager from the discards")
            if value is None
            else _("{player} took the {colour} {value} from the discards")
        )
        return text.format(player=who, colour=colour_name(colour), value=value)

    def determinize(self, state: dict, seat: int | None, rng) -> dict:
        """A state `seat` cannot tell from `state`: the deck and the hands it cannot
        see (the opponent's; both for a spectator) dealt again from `rng`, each keeping
        its size, and the RNG of the rounds to come redrawn. Never mutates `state`.
        (The cards a seat saw the opponent take from a discard pile are not kept
        apart: the view does not hold that history.)"""
        new = _copy(state)
        if state["over"]:
            return new
        hidden = [s for s in range(2) if s != seat]
        dealt = redeal([new["deck"], *(new["hands"][s] for s in hidden)], rng)
        new["deck"] = dealt[0]
        for s, hand in zip(hidden, dealt[1:], strict=True):
            new["hands"][s] = sorted(hand, key=ORDER.__getitem__)
        new["rng"] = rng_redrawn(rng)
        return new

    # --- the end -------------------------------------------------------------------------

    def is_over(self, state: dict) -> bool:
        return state["over"]

    def outcome(self, state: dict) -> list[dict]:
        totals = _totals(state)
        ranks = ranks_from_scores(totals)
        return [
            {
                "seat": s,
                "score": totals[s],
                "rank": ranks[s],
                "detail": {"rounds": [r["scores"][s] for r in state["results"]]},
            }
            for s in range(2)
        ]

    def check_invariants(self, state: dict) -> None:
        """Every card of the deck is in exactly one place."""
        places = list(state["deck"])
        for s in range(2):
            places += state["hands"][s]
            for colour in state["colours"]:
                places += state["expeditions"][s][colour]
        for colour in state["colours"]:
            places += state["discards"][colour]
        assert sorted(places) == sorted(make_deck(state["colours"])), "cards lost"


# --- helpers ------------------------------------------------------------------------


# Every move a legal_moves list can hold, built once and shared by every list: a
# list is then a few look-ups. Nothing in the site changes a move it is given (the
# bots, the templates and the playout read them, the services store them as JSON);
# code that wants to change one must copy it first.
PLAY = {card: {"type": "play", "card": card} for card in PARSED}
DISCARD = {card: {"type": "discard", "card": card} for card in PARSED}
DRAW_DECK = {"type": "draw", "source": "deck"}
DRAW_PILE = {colour: {"type": "draw", "source": colour} for colour in COLOURS_6}
# CHOICES[card][floor]: that card's moves in the play phase when the FLOOR of its
# expedition is `floor` (0 for an empty one): play it if it fits, then discard it.
CHOICES = {
    card: tuple(
        (PLAY[card], DISCARD[card]) if RANK[card] > floor else (DISCARD[card],)
        for floor in range(max(FLOOR.values()) + 1)
    )
    for card in PARSED
}


def _refusal(state: dict, seat: int, move: dict) -> None:
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
            problem = _play_problem(state, seat, card)
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


def _from_hand(state: dict, seat: int, card: str) -> dict:
    """A copy of `state` whose `seat` no longer holds `card`, now to draw."""
    new = state.copy()
    hands = state["hands"]
    hand = hands[seat].copy()
    hand.remove(card)
    new["hands"] = [hand, hands[1]] if seat == 0 else [hands[0], hand]
    new["phase"] = "draw"
    return new


def _play(state: dict, seat: int, card: str) -> dict:
    """`card` from the hand onto its expedition; now draw."""
    new = _from_hand(state, seat, card)
    expeditions = state["expeditions"]
    mine = expeditions[seat].copy()
    colour = COLOUR_OF[card]
    mine[colour] = [*mine[colour], card]
    new["expeditions"] = [mine, expeditions[1]] if seat == 0 else [expeditions[0], mine]
    return new


def _discard(state: dict, seat: int, card: str) -> dict:
    """`card` from the hand onto its colour's pile; now draw (not from that pile)."""
    new = _from_hand(state, seat, card)
    discards = new["discards"] = state["discards"].copy()
    colour = new["discarded"] = COLOUR_OF[card]
    discards[colour] = [*discards[colour], card]
    return new


def _draw(state: dict, seat: int, source: str) -> dict:
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
        new = _copy(new)
        _end_round(new)
    else:
        new["current"] = 1 - seat
        new["phase"] = "play"
        new["discarded"] = None
    return new


def _play_problem(state: dict, seat: int, card: str) -> str | None:
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


def _copy(state: dict) -> dict:
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


def _deal_round(state: dict, starter: int) -> None:
    colours = state["colours"]
    deck = make_deck(colours)
    with SeededRandom(state) as rng:
        rng.shuffle(deck)
    hands: list[list[str]] = [[], []]
    for i in range(2 * HAND_SIZE):
        hands[(starter + i) % 2].append(deck.pop())
    for hand in hands:
        hand.sort(key=ORDER.__getitem__)  # kept in hand order from now on (see _with)
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


def _end_round(state: dict) -> None:
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
    _deal_round(state, starter)


def _totals(state: dict) -> list[int]:
    return [sum(r["scores"][s]["total"] for r in state["results"]) for s in range(2)]
