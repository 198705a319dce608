import json
from html import escape as _html_escape

from django import template
from django.template.base import render_value_in_context
from django.template.defaultfilters import date as date_filter
from django.template.defaultfilters import timeuntil
from django.template.defaulttags import CsrfTokenNode
from django.utils.safestring import mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from games import registry

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


def move_button(move, label: str, css: str, aria: str = "") -> str:
    """A submit button sending `move` (its JSON in `value`, and in `data-move`
    for the page's scripts and tests); `label` and `aria` are markup."""
    value = escape(move_json(move))
    aria = f' aria-label="{aria}"' if aria else ""
    return (
        f'<button type="submit" name="move" value="{value}" data-move="{value}" '
        f'class="{css}"{aria}>{label}</button>'
    )


@register.filter
def engine_name(slug: str) -> str:
    """The game's name in the reader's language (`games/registry.py`)."""
    spec = registry.find(slug)
    return gettext(spec.name) if spec else slug


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
