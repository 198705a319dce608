import json
from html import escape as _html_escape

from django import template
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.base import render_value_in_context
from django.template.defaultfilters import date as date_filter
from django.template.defaultfilters import timeuntil
from django.template.defaulttags import CsrfTokenNode
from django.templatetags.static import static
from django.utils.safestring import mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import get_language, gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

register = template.Library()


def escape(text) -> str:
    """Django's `escape` (`html.escape` of the text), without the lazy-string
    wrapper that cost more than the escaping: the tags below escape every log
    line and name of every board sent, and mark the whole safe once."""
    return _html_escape(str(text))


COLOUR_NAMES = {
    "yellow": _("yellow"),
    "blue": _("blue"),
    "white": _("white"),
    "green": _("green"),
    "red": _("red"),
    "purple": _("purple"),
}


@register.filter
def move_json(move) -> str:
    """A move as compact JSON, for `value` and `data-move` attributes."""
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


@register.simple_tag
def log_items(lines) -> str:
    """The game log's `<li>` items, built in one pass (a template loop with a
    filter per line cost more than the rest of the header). Each line's text is
    escaped, its line breaks kept as `<br>`; a line the viewer has not seen yet
    (`new`) carries the class `new` and a label for screen readers."""
    new = escape(gettext("New:"))
    label = f'<span class="visually-hidden">{new} </span>'
    return mark_safe(  # noqa: S308 - every text below is escaped
        "".join(
            f'<li value="{int(line["seq"])}" class="seat-{int(line["seat"])}'
            f'{" new" if line.get("new") else ""}">'
            f"{label if line.get('new') else ''}"
            f"{escape(line['text']).replace(chr(10), '<br>')}</li>"
            for line in lines
        )
    )


_CSRF_INPUT = CsrfTokenNode()


@register.simple_tag(takes_context=True)
def move_form_csrf(context) -> str:
    """The CSRF field of a board's move form, for a page loaded as a whole (a
    form posted without JavaScript needs it). A board sent to htmx (a move's
    answer, a poll's) leaves it out: htmx sends the token in a header, from the
    page's <body hx-headers>, and a fresh masked token cost about a tenth of
    building a board (32 draws from the system's random source)."""
    request = context.get("request")
    if request is not None and getattr(request, "htmx", False):
        return ""
    return _CSRF_INPUT.render(context)


@register.simple_tag
def find_move(legal, **fields):
    """The legal move with exactly these fields, or None."""
    for move in legal or []:
        if all(move.get(k) == v for k, v in fields.items()):
            return move
    return None


@register.filter
def colour_name(colour: str) -> str:
    return COLOUR_NAMES.get(colour, colour)


@register.filter
def get_item(mapping, key):
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.filter
def seat_name(seats, position):
    for seat in seats:
        if seat.position == position:
            return seat.name
    return ""


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


def move_button(move, label: str, css: str, aria: str = "") -> str:
    """A submit button sending `move` (its JSON in `value`, and in `data-move`
    for the page's scripts and tests); `label` and `aria` are markup."""
    value = escape(move_json(move))
    aria = f' aria-label="{aria}"' if aria else ""
    return (
        f'<button type="submit" name="move" value="{value}" data-move="{value}" '
        f'class="{css}"{aria}>{label}</button>'
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


@register.simple_tag
def lc_card(card, size=""):
    return _lc_cached(_lc_card_html, (card["id"], size), card, size)


@register.simple_tag
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


@register.simple_tag
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


@register.simple_tag
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


@register.simple_tag
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


@register.filter
def engine_name(slug: str) -> str:
    from django.utils.translation import gettext

    from games import engines

    try:
        return gettext(engines.get(slug).name)
    except KeyError:
        return slug


@register.simple_tag
def lc_layout(view, position, legal):
    """Lost Cities board, arranged for the viewer: the opponent on top, you below."""
    me = position if position is not None else 0
    other = 1 - me
    # The first legal move of each kind, as find_move would find it, indexed once.
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


@register.simple_tag
def result_label(seat, game) -> str:
    """How a finished game went for this seat, in a list of games: won, a draw (or
    a shared first place), lost, or the rank among more than two players."""
    seats = list(game.seats.all())
    if seat.rank == 1:
        if sum(1 for s in seats if s.rank == 1) > 1:
            if len(seats) == 2:
                return pgettext("result", "Draw")  # a tie, not drawing a card
            return gettext("Shared win")
        return gettext("Won")
    if len(seats) == 2:
        return gettext("Lost")
    return gettext("Rank %(rank)s of %(n)s") % {"rank": seat.rank, "n": len(seats)}


@register.simple_tag(takes_context=True)
def players_bar(context) -> str:
    """The top bar's players, one `<li>` each: name, score so far, whose turn
    and until when, vacation, forfeit, and each player's latest move (`new` if
    the viewer has not seen it). Built in Python: as template nodes it was the
    largest part of rendering the board after a move (docs/benchmarks.md)."""
    seats = context["seats"]
    to_move = context["to_move"]
    me = context.get("seat")
    view = context.get("view")
    running = view.get("running") if view else None
    last_moves = context.get("last_moves") or {}
    score_title = escape(gettext("Score so far"))
    items = []
    for s in seats:
        position = s.position
        waiting = position in to_move
        classes = f"player seat-{position}"
        if waiting:
            classes += " to-move"
        if me and position == me.position:
            classes += " me"
        parts = [
            f'<li class="{classes}">',
            '<span class="dot" aria-hidden="true"></span>',
            f'<span class="name">{escape(s.name)}</span>',
        ]
        if running:
            score = get_item(running, position)
            parts.append(
                f'<span class="score" title="{score_title}">'
                f"{render_value_in_context(score, context)}</span>"
            )
        if waiting:
            turn = escape(gettext("to play"))
            if s.deadline:
                left = escape(gettext("%(t)s left") % {"t": timeuntil(s.deadline)})
                deadline = template_localtime(s.deadline)  # as the date filter gets it
                turn += (
                    f' · <time datetime="{escape(date_filter(deadline, "c"))}" '
                    f'title="{escape(date_filter(deadline, "DATETIME_FORMAT"))}">'
                    f"{left}</time>"
                )
            parts.append(f'<span class="turn">{turn}</span>')
        if s.user and s.user.on_vacation:
            away = gettext("on vacation (back %(d)s)") % {
                "d": date_filter(template_localtime(s.user.away_until), "j M")
            }
            parts.append(
                f'<span class="away" data-away="{position}">{escape(away)}</span>'
            )
        if s.forfeited:
            parts.append(f'<span class="away">{escape(gettext("forfeited"))}</span>')
        last = last_moves.get(position)
        if last:
            label = (
                gettext("New since your last visit:")
                if last["new"]
                else gettext("Last move:")
            )
            parts.append(
                f'<span class="last-move{" new" if last["new"] else ""}" '
                f'data-last-move="{position}"><span class="visually-hidden">'
                f"{escape(label)} </span>{escape(last['text'])}</span>"
            )
        items.append("\n".join(parts) + "\n</li>")
    return mark_safe("\n".join(items))  # noqa: S308 - every text above is escaped
