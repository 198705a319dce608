"""The Lost Cities board, built in Python.

Through the template engine the board was the largest part of answering a move
(docs/benchmarks.md): some 300 template nodes for a markup that changes little.
`lc_board` writes the same markup directly; the pieces that depend only on a
card or an expedition come from the fragments kept in `games_tags`, and the
scores table of finished rounds (rare) stays a template. Texts are escaped as
the template engine escaped them: values (names, numbers, moves) are; the
translations of the template's own texts (`{% translate "..." %}` of a literal,
`{% blocktranslate %}`) are not.
"""

from __future__ import annotations

from django import template
from django.template.loader import get_template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext

from .games_tags import (
    escape,
    lc_expedition,
    lc_hand_card,
    lc_layout,
    lc_pile,
    move_button,
    move_form_csrf,
    seat_name,
)

register = template.Library()


def _num(value) -> str:
    """An integer as `{{ value }}` shows it (no thousands separator here)."""
    return escape(value)


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
            % {"r": _num(view["round"]), "n": _num(view["rounds"])}
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
            % {"n": _num(count)}
        )
    parts.append(
        f'<div class="lc-side lc-opponent" aria-label="'
        f'{expeditions_of % {"name": name(top["seat"])}}">\n'
        f'<h2 class="side-title">{name(top["seat"])} '
        f'<span class="total">{_num(top["total"])}</span>\n{in_hand}</h2>\n'
        f'<div class="lc-rows">'
        f"{''.join(lc_expedition(row, 'top') for row in top['rows'])}</div>\n</div>\n"
    )

    # The discard piles and the deck.
    deck_count = view["deck_count"]
    draw = ""
    if layout["deck_draw"]:
        draw = move_button(layout["deck_draw"], gettext("Draw"), "act primary")
    left = ngettext("%(n)s card left", "%(n)s cards left", deck_count) % {
        "n": _num(deck_count)
    }
    parts.append(
        f'<div class="lc-middle" aria-label="'
        f'{gettext("Discard piles and deck")}">\n'
        f"{''.join(lc_pile(pile) for pile in layout['piles'])}\n"
        f'<div class="pile deck">\n'
        f'<span class="lc-card back" role="img" aria-label="{gettext("Deck")}">'
        f"<b>{_num(deck_count)}</b></span>\n"
        f'<span class="count">{left}</span>\n{draw}\n</div>\n</div>\n'
    )

    # The viewer's side, below, and their hand.
    parts.append(
        f'<div class="lc-side lc-mine" aria-label="'
        f'{expeditions_of % {"name": name(bottom["seat"])}}">\n'
        f'<div class="lc-rows">'
        f"{''.join(lc_expedition(row, 'bottom') for row in bottom['rows'])}</div>\n"
        f'<h2 class="side-title">{name(bottom["seat"])} '
        f'<span class="total">{_num(bottom["total"])}</span></h2>\n</div>\n'
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
