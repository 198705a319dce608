"""The Lost Cities board, built in Python.

Through the template engine the board was the largest part of answering a move
(docs/benchmarks.md): some 300 template nodes for a markup that changes little.
`lc_board` writes the same markup directly; the pieces that depend only on a
card, an expedition, a pile or a hand card are built once per language and
kept (below), and the scores table of finished rounds (rare) stays a template.
Texts are escaped as the template engine escaped them: values (names, numbers,
moves) are; the translations of the markup's own texts (`{% translate "..." %}`
of a literal, `{% blocktranslate %}`) are not.
"""

from __future__ import annotations

from django import template
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.loader import get_template
from django.templatetags.static import static
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, ngettext

from .games_tags import (
    colour_name,
    escape,
    move_button,
    move_form_csrf,
    move_json,
    seat_name,
)

register = template.Library()


# Lost Cities markup that depends only on a card (and the moves it allows) is
# built once per card, moves and language, then reused: the cards and the hand
# were the largest part of rendering the board (docs/benchmarks.md). It is
# built in Python (as template fragments, a fragment not yet kept cost about
# 0.1 ms, and an expedition's cards or a pile's top and count change at most
# moves). An expedition's cards can come in thousands of sequences: the oldest
# entries make way past LC_HTML_LIMIT (about 1 kB each), so a process's
# memory stays bounded however long it serves. Texts are escaped as the
# templates escaped them: values are; translations of the markup's own texts
# are not.
_LC_HTML: dict = {}
LC_HTML_LIMIT = 20_000


def _lc_cached(build, key: tuple, *args) -> str:
    key = (build.__name__, *key, get_language())
    html = _LC_HTML.get(key)
    if html is None:
        html = build(*args)
        if not settings.DEBUG:  # the code may change while developing
            if len(_LC_HTML) >= LC_HTML_LIMIT:
                del _LC_HTML[next(iter(_LC_HTML))]  # the oldest first
            _LC_HTML[key] = html
    return html


_SPRITE: list = []  # the symbols' url, looked up once (a manifest look-up each)


def _symbol(name: str, css: str = "sym") -> str:
    if not _SPRITE:
        _SPRITE.append(escape(static("img/symbols.svg")))
    return (
        f'<svg class="{css}" aria-hidden="true"><use href="'
        f'{_SPRITE[0]}#{escape(name)}"></use></svg>'
    )


def _lc_card_html(card, size) -> str:
    colour = escape(colour_name(card["colour"]))
    if card.get("wager"):
        label = gettext("%(c)s expedition, wager") % {"c": colour}
        face = _symbol("handshake", "wager")
    else:
        value = escape(card["value"])
        label = gettext("%(c)s expedition, %(v)s") % {"c": colour, "v": value}
        face = value
    size = f" {escape(size)}" if size else ""
    return mark_safe(  # noqa: S308 - values escaped above
        f'<span class="lc-card c-{escape(card["colour"])}{size}" role="img" '
        f'aria-label="{label}" data-card="{escape(card["id"])}">'
        f"{_symbol(card['symbol'])}<b>{face}</b></span>"
    )


def lc_card(card, size=""):
    return _lc_cached(_lc_card_html, (card["id"], size), card, size)


def lc_stack(cards, size="small"):
    """An expedition's cards, in order, as one list."""
    items = "".join(f"<li>{lc_card(card, size)}</li>" for card in cards)
    return mark_safe(f'<ol class="stack">{items}</ol>')  # noqa: S308 - cached markup


def _lc_expedition_html(row, side) -> str:
    score = (
        f'<span class="exp-score" title="{gettext("Expedition score")}">'
        f"{escape(row['score']['score'])}</span>"
    )
    stack = lc_stack(row["cards"])
    inside = f"{score}\n{stack}" if side == "top" else f"{stack}\n{score}"
    return mark_safe(  # noqa: S308 - values escaped above
        f'<div class="lc-exp c-{escape(row["colour"])}">{inside}\n</div>'
    )


def lc_expedition(row, side):
    """One expedition of a player: its cards in order and its score, the score
    towards the middle of the table (`side` "top" for the opponent)."""
    ids = tuple(card["id"] for card in row["cards"])
    return _lc_cached(
        _lc_expedition_html,
        (side, row["colour"], row["score"]["score"], ids),
        row,
        side,
    )


def _lc_pile_html(pile) -> str:
    if pile["top"]:
        top = lc_card(pile["top"])
    else:
        label = gettext("%(c)s discard pile, empty") % {
            "c": escape(colour_name(pile["colour"]))
        }
        top = (
            f'<span class="lc-card empty c-{escape(pile["colour"])}" role="img" '
            f'aria-label="{label}">{_symbol(pile["symbol"])}</span>'
        )
    count = pile["count"]
    cards = ngettext("%(n)s card", "%(n)s cards", count) % {"n": escape(count)}
    take = move_button(pile["draw"], gettext("Take"), "act") if pile["draw"] else ""
    return mark_safe(  # noqa: S308 - values escaped above
        f'<div class="pile c-{escape(pile["colour"])}">\n{top}\n'
        f'<span class="count">{cards}</span>\n{take}\n</div>\n'
    )


def lc_pile(pile):
    """A discard pile: its top card (or its empty place), its count, and its Take
    button when drawing from it is a legal move."""
    top = pile["top"]["id"] if pile["top"] else ""
    draw = move_json(pile["draw"]) if pile["draw"] else ""
    return _lc_cached(_lc_pile_html, (pile["colour"], top, pile["count"], draw), pile)


def _lc_hand_card_html(h) -> str:
    card = h["card"]
    what = gettext("wager") if card.get("wager") else escape(card["value"])
    name = f"{escape(colour_name(card['colour']))} {what}"
    buttons = [
        move_button(h[kind], label, css, f"{label} {name}") if h[kind] else ""
        for kind, label, css in (
            ("play", gettext("Play"), "act primary"),
            ("discard", gettext("Discard"), "act"),
        )
    ]
    return mark_safe(  # noqa: S308 - values escaped above
        f'<li class="hand-card">\n{lc_card(card)}\n<span class="acts">\n'
        f"{buttons[0]}\n{buttons[1]}\n</span>\n</li>\n"
    )


def lc_hand_card(h):
    """A card of the viewer's hand with its Play and Discard buttons (each a legal
    move of that card, or absent)."""
    play = move_json(h["play"]) if h["play"] else ""
    discard = move_json(h["discard"]) if h["discard"] else ""
    return _lc_cached(_lc_hand_card_html, (h["card"]["id"], play, discard), h)


@receiver(setting_changed)
def _forget_lc_cards(**kwargs):
    _LC_HTML.clear()
    _SPRITE.clear()


def lc_layout(view, position, legal):
    """Lost Cities board, arranged for the viewer: the opponent on top, you below."""
    me = position if position is not None else 0
    other = 1 - me
    # The first legal move of each kind (a move's type, source and card), indexed once.
    first = {}
    for move in legal or []:
        first.setdefault((move.get("type"), move.get("source"), move.get("card")), move)

    def rows(seat):
        return [
            {
                "colour": c,
                "symbol": view["symbols"][c],
                "cards": view["expeditions"][seat][c]["cards"],
                "score": view["expeditions"][seat][c]["score"],
            }
            for c in view["colours"]
        ]

    piles = [
        {
            "colour": c,
            "symbol": view["symbols"][c],
            "top": view["discards"][c]["top"],
            "count": view["discards"][c]["count"],
            "draw": first.get(("draw", c, None)),
        }
        for c in view["colours"]
    ]
    hand = [
        {
            "card": card,
            "play": first.get(("play", None, card["id"])),
            "discard": first.get(("discard", None, card["id"])),
        }
        for card in view["hand"] or []
    ]
    return {
        "top": {"seat": other, "rows": rows(other), "total": view["running"][other]},
        "bottom": {"seat": me, "rows": rows(me), "total": view["running"][me]},
        "piles": piles,
        "deck_draw": first.get(("draw", "deck", None)),
        "hand": hand,
    }


@register.simple_tag(takes_context=True)
def lc_board(context) -> str:
    """The board of `view` for the seat at `position` (None: a spectator), with a
    button for each move in `legal`; the form posts to `urls.move` at
    `game.version`. The same context as the board template had (the game page,
    its board partial and the replay)."""
    view = context["view"]
    position = context.get("position")
    legal = context.get("legal")
    seats = context.get("seats") or []
    game = context.get("game")
    urls = context.get("urls")
    layout = lc_layout(view, position, legal)
    top, bottom = layout["top"], layout["bottom"]
    over = view["over"]

    def name(seat) -> str:
        return escape(seat_name(seats, seat))

    # The prompt.
    if over:
        prompt = gettext("The game is over.")
    elif legal and view["phase"] == "play":
        prompt = gettext(
            "Your turn: play a card on one of your expeditions, or discard it."
        )
    elif legal:
        prompt = gettext(
            "Now draw a card: from the deck, or the top of a discard pile."
        )
    else:
        prompt = gettext("Waiting for %(name)s.") % {"name": name(view["current"])}
    rounds = ""
    if view["rounds"] > 1:
        rounds = '<span class="meta">%s</span>' % (
            gettext("Round %(r)s of %(n)s")
            % {"r": escape(view["round"]), "n": escape(view["rounds"])}
        )
    move_url = escape(urls["move"]) if urls else ""
    version = escape(game.version) if game is not None else ""
    parts = [
        f'<p class="prompt" aria-live="polite">\n{prompt}\n{rounds}\n</p>\n'
        f'<form id="move-form" method="post" action="{move_url}" '
        f'hx-post="{move_url}" hx-target="#board" hx-swap="outerHTML" '
        f'hx-disabled-elt="find button">\n{move_form_csrf(context)}'
        f'<input type="hidden" name="version" value="{version}">\n'
    ]

    # The opponent's side, on top.
    expeditions_of = gettext("Expeditions of %(name)s")
    in_hand = ""
    if not over:
        count = view["hand_counts"][top["seat"]]
        in_hand = '<span class="meta">%s</span>' % (
            ngettext("%(n)s card in hand", "%(n)s cards in hand", count)
            % {"n": escape(count)}
        )
    parts.append(
        f'<div class="lc-side lc-opponent" aria-label="'
        f'{expeditions_of % {"name": name(top["seat"])}}">\n'
        f'<h2 class="side-title">{name(top["seat"])} '
        f'<span class="total">{escape(top["total"])}</span>\n{in_hand}</h2>\n'
        f'<div class="lc-rows">'
        f"{''.join(lc_expedition(row, 'top') for row in top['rows'])}</div>\n</div>\n"
    )

    # The discard piles and the deck.
    deck_count = view["deck_count"]
    draw = ""
    if layout["deck_draw"]:
        draw = move_button(layout["deck_draw"], gettext("Draw"), "act primary")
    left = ngettext("%(n)s card left", "%(n)s cards left", deck_count) % {
        "n": escape(deck_count)
    }
    parts.append(
        f'<div class="lc-middle" aria-label="'
        f'{gettext("Discard piles and deck")}">\n'
        f"{''.join(lc_pile(pile) for pile in layout['piles'])}\n"
        f'<div class="pile deck">\n'
        f'<span class="lc-card back" role="img" aria-label="{gettext("Deck")}">'
        f"<b>{escape(deck_count)}</b></span>\n"
        f'<span class="count">{left}</span>\n{draw}\n</div>\n</div>\n'
    )

    # The viewer's side, below, and their hand.
    parts.append(
        f'<div class="lc-side lc-mine" aria-label="'
        f'{expeditions_of % {"name": name(bottom["seat"])}}">\n'
        f'<div class="lc-rows">'
        f"{''.join(lc_expedition(row, 'bottom') for row in bottom['rows'])}</div>\n"
        f'<h2 class="side-title">{name(bottom["seat"])} '
        f'<span class="total">{escape(bottom["total"])}</span></h2>\n</div>\n'
    )
    if layout["hand"]:
        your_hand = gettext("Your hand")
        parts.append(
            f'<div class="hand" aria-label="{your_hand}">\n'
            f'<h2 class="visually-hidden">{your_hand}</h2>\n'
            f"<ul>{''.join(lc_hand_card(h) for h in layout['hand'])}\n</ul>\n</div>\n"
        )
    parts.append("</form>\n")

    if view["results"]:
        parts.append(
            get_template("games/lost-cities/results.html").render(
                {"view": view, "outcome": context.get("outcome"), "seats": seats}
            )
        )
    return mark_safe("".join(parts))  # noqa: S308 - every text above is escaped
