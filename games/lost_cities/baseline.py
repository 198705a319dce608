"""Lost Cities, minimal and mutable: the baseline the contract engine is timed against.

The same rules as games/lost_cities/engine (5 expeditions, one round, a hand of 8,
play or discard then draw; wagers before numbers; numbers ascending; the round ends
when the last deck card is drawn; (sum - 20) x (1 + wagers) + 20 for 8 cards or
more), but in-place updates on small lists of ints and no legal-move list: a random
move is drawn by rejection sampling, which is uniform over the legal moves exactly
as the playout's `chooser.choice(legal_moves)` is.

A card is an int: colour * 16 + value, value 0 for a wager (three per colour).
"""

from __future__ import annotations

import random

COLOURS = 5
VALUES = range(2, 11)
HAND = 8


def new_deck(colours: int = COLOURS) -> list[int]:
    deck = []
    for c in range(colours):
        deck += [c * 16] * 3
        deck += [c * 16 + v for v in VALUES]
    return deck


def play_game(rng: random.Random, colours: int = COLOURS) -> tuple[int, list[int]]:
    """One random game; returns (decisions, [score of seat 0, score of seat 1])."""
    deck = new_deck(colours)
    rng.shuffle(deck)
    starter = rng.randrange(2)
    hands: list[list[int]] = [[], []]
    for i in range(2 * HAND):
        hands[(starter + i) % 2].append(deck.pop())
    # Per seat and colour: highest number played (0: none, -1: expedition unstarted).
    top = [[-1] * colours, [-1] * colours]
    total = [[0] * colours, [0] * colours]
    wagers = [[0] * colours, [0] * colours]
    count = [[0] * colours, [0] * colours]
    discards: list[list[int]] = [[] for _ in range(colours)]
    seat = starter
    decisions = 0
    randrange = rng.randrange
    while True:
        hand = hands[seat]
        t = top[seat]
        # Play phase: a (card, play-or-discard) pair, drawn until legal.
        while True:
            i = randrange(len(hand))
            play = randrange(2)
            card = hand[i]
            colour, value = card >> 4, card & 15
            if not play:
                break
            if value == 0:
                if t[colour] <= 0:
                    break
            elif value > t[colour]:
                break
        hand[i] = hand[-1]
        hand.pop()
        discarded = -1
        if play:
            if value == 0:
                wagers[seat][colour] += 1
                if t[colour] < 0:
                    t[colour] = 0
            else:
                t[colour] = value
                total[seat][colour] += value
            count[seat][colour] += 1
        else:
            discards[colour].append(card)
            discarded = colour
        decisions += 1
        # Draw phase: the deck or a non-empty pile other than the one just fed.
        while True:
            source = randrange(colours + 1) - 1
            if source < 0 or (source != discarded and discards[source]):
                break
        hand.append(deck.pop() if source < 0 else discards[source].pop())
        decisions += 1
        if not deck:
            break
        seat = 1 - seat
    scores = []
    for s in range(2):
        score = 0
        for c in range(colours):
            if count[s][c]:
                score += (total[s][c] - 20) * (1 + wagers[s][c])
                score += 20 if count[s][c] >= 8 else 0
        scores.append(score)
    return decisions, scores
