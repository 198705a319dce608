"""What each card does and how an expedition scores, in our own words: the
texts shown when a player asks about a card (hover, focus or tap) and on the
rules page.

Every number comes from the constants and the scoring the rules use (cards.py,
scoring.py): the wager's multipliers are read from `expedition_score` itself,
so that a text cannot say one thing while the rule does another. Numbers are
written so that no sentence needs a plural form.

Source: lost_cities.fr.txt (paraphrased, never copied), DATA.md section 1.
"""

from __future__ import annotations

from games.engines.base import _, gettext_noop
from games.lost_cities.engine.cards import (
    BONUS_CARDS,
    BONUS_POINTS,
    EXPEDITION_COST,
    VALUES,
    WAGERS_PER_COLOUR,
    card_id,
    colour_name,
    parse,
)
from games.lost_cities.engine.scoring import expedition_score

NUMBER_CARD = gettext_noop(
    "Play it on your {colour} expedition if the expedition is empty or its "
    "last card is a wager or a lower number; it adds {value} to the "
    "expedition's sum. Or discard it on the "
    "{colour} pile, where your rival may take it."
)
WAGER_CARD = gettext_noop(
    "A wager: play it on your {colour} expedition before any number card. The "
    "expedition's score (its sum minus {cost}) is multiplied by {times} with "
    "{counts} wagers. The bonus for {cards} cards is not multiplied."
)
OR = gettext_noop("{some} or {last}")
SCORE = gettext_noop("Sum {sum}, minus {cost}: {result}")
SCORE_WAGERS = gettext_noop("(sum {sum} minus {cost}) × {times}: {result}")
SCORE_BONUS = gettext_noop("{score}, plus {bonus} for {cards} cards or more: {total}")
NOT_STARTED = gettext_noop(
    "Not started: 0 points. Starting it costs {cost} points before its cards count."
)


def multipliers() -> list[tuple[int, int]]:
    """(wagers, multiplier) for 1 to 3 wagers, as the scoring counts them."""
    out = []
    for n in range(1, WAGERS_PER_COLOUR + 1):
        cards = [card_id("red", None, copy) for copy in range(1, n + 1)]
        out.append((n, expedition_score(cards)["multiplier"]))
    return out


def card_text(card: str) -> str:
    """What a card does, translated."""
    colour, value = parse(card)
    if value is not None:
        return _(NUMBER_CARD).format(colour=colour_name(colour), value=value)
    pairs = multipliers()
    return _(WAGER_CARD).format(
        colour=colour_name(colour),
        cost=EXPEDITION_COST,
        times=either([str(times) for _n, times in pairs]),
        counts=either([str(n) for n, _times in pairs]),
        cards=BONUS_CARDS,
    )


def either(items: list[str]) -> str:
    """ "1, 2 or 3", translated."""
    if len(items) == 1:
        return items[0]
    return _(OR).format(some=", ".join(items[:-1]), last=items[-1])


def score_text(score: dict) -> str:
    """How an expedition's score (scoring.expedition_score) adds up, translated."""
    if not score["cards"]:
        return _(NOT_STARTED).format(cost=EXPEDITION_COST)
    base = score["score"] - score["bonus"]
    if score["multiplier"] > 1:
        text = _(SCORE_WAGERS).format(
            sum=score["sum"],
            cost=EXPEDITION_COST,
            times=score["multiplier"],
            result=base,
        )
    else:
        text = _(SCORE).format(sum=score["sum"], cost=EXPEDITION_COST, result=base)
    if score["bonus"]:
        text = _(SCORE_BONUS).format(
            score=text, bonus=BONUS_POINTS, cards=BONUS_CARDS, total=score["score"]
        )
    return text


def numbers() -> dict:
    """The numbers of the rules page."""
    return {
        "low": VALUES[0],
        "high": VALUES[-1],
        "wagers": WAGERS_PER_COLOUR,
        "cost": EXPEDITION_COST,
        "bonus_cards": BONUS_CARDS,
        "bonus_points": BONUS_POINTS,
    }


def every_text() -> list[str]:
    """The English texts this module keeps (for the catalogue's test)."""
    return [NUMBER_CARD, WAGER_CARD, OR, SCORE, SCORE_WAGERS, SCORE_BONUS, NOT_STARTED]
