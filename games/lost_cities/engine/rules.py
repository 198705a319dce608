"""Lost Cities: the turn (play or discard, then draw), the end of a round, a match.

Rules text (lost_cities.fr.txt) and DATA.md section 1. Choices where the text is
silent are marked "Chosen here" and listed in README.md.
"""

from __future__ import annotations

from games.engines.base import (
    InvalidOptions,
    SeededRandom,
    _,
    player,
    ranks_from_scores,
    redeal,
    rng_new,
    rng_redrawn,
)
from games.lost_cities.engine.cards import (
    COLOUR_OF,
    COLOURS_5,
    COLOURS_6,
    FLOOR,
    ORDER,
    RANK,
    SYMBOLS,
    card_info,
    colour_name,
    make_deck,
    parse,
    sorted_hand,
)
from games.lost_cities.engine.moves import (
    after_discard,
    after_draw,
    after_play,
    copy_state,
    deal_round,
    match_totals,
    refuse,
)
from games.lost_cities.engine.scoring import round_score

OPTION_DEFAULTS = {"expeditions": 5, "rounds": 1}


class LostCities:
    slug = "lost-cities"
    name = "Lost Cities"
    min_players = 2
    max_players = 2
    version = 1  # the rules' version (game records)

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
        deal_round(state, starter)
        return state

    # --- whose turn, what is legal --------------------------------------------------

    def to_move(self, state: dict) -> list[int]:
        return [] if state["over"] else [state["current"]]

    def legal_moves(self, state: dict, seat: int) -> list[dict]:
        """Play phase: for each card in hand order, playing it (when it fits its
        expedition) then discarding it. Draw phase: the deck, then each discard pile
        that may be drawn from, in colour order. Every call returns new dicts: a
        caller may change the moves it is given."""
        if state["over"] or seat != state["current"]:
            return []
        if state["phase"] == "draw":
            discards = state["discards"]
            discarded = state["discarded"]
            moves = [{"type": "draw", "source": "deck"}]
            for colour in state["colours"]:
                if discards[colour] and colour != discarded:
                    moves.append({"type": "draw", "source": colour})
            return moves
        expeditions = state["expeditions"][seat]
        moves = []
        # The hand is kept in hand order (see after_draw): no sorting here.
        for card in state["hands"][seat]:
            pile = expeditions[COLOUR_OF[card]]
            # The top of an expedition is its last card (cards only ever go on
            # in ascending order): a card fits above its FLOOR.
            if not pile or RANK[card] > FLOOR[pile[-1]]:
                moves.append({"type": "play", "card": card})
            moves.append({"type": "discard", "card": card})
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
                    return after_discard(state, seat, card)
                if kind == "play" and card in state["hands"][seat]:
                    # The top of an expedition is its last card: cards only ever
                    # go on in ascending order.
                    pile = state["expeditions"][seat][COLOUR_OF[card]]
                    if not pile or RANK[card] > FLOOR[pile[-1]]:
                        return after_play(state, seat, card)
            elif kind == "draw":
                source = move.get("source")
                if source == "deck":
                    return after_draw(state, seat, source)
                if (
                    type(source) is str
                    and source != state["discarded"]
                    and state["discards"].get(source)
                ):
                    return after_draw(state, seat, source)
        # Anything else is checked in full, in the order (and so with the reason)
        # players have always been given; refuse raises IllegalMove.
        refuse(state, seat, move)
        # Legal after all, though not in the shape the fast path expects (a dict
        # subclass, say):
        kind = move["type"]
        if kind == "play":
            return after_play(state, seat, move["card"])
        if kind == "discard":
            return after_discard(state, seat, move["card"])
        return after_draw(state, seat, move["source"])

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
            "totals": match_totals(state),
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
        new = copy_state(state)
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
        totals = match_totals(state)
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
        if sorted(places) != sorted(make_deck(state["colours"])):
            raise AssertionError("cards lost")
