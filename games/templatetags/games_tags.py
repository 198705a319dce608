from django import template
from django.template.loader import select_template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, pgettext

from games import templating

register = template.Library()

# The filters the board partials have too (games/templating.py).
move_json = register.filter(templating.move_json)
colour_name = register.filter(templating.colour_name)
seat_name = register.filter(templating.seat_name)
engine_name = register.filter(templating.engine_name)
options_words = register.filter(templating.options_words)


@register.simple_tag
def result_label(seat, game) -> str:
    """How a finished game went for this seat, in a list of games: won, a draw (or
    a shared first place), lost, or the rank among more than two players."""
    seats = game.seat_list()
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
def jinja_partial(context, template_name, **values) -> str:
    """A board partial (a Jinja2 template, games/templating.py) drawn inside a
    Django page, with the page's context and `values`; `template_name` may be a
    list, the first that exists is used."""
    names = [template_name] if isinstance(template_name, str) else template_name
    template = select_template(names, using="jinja2")
    html = template.render({**context.flatten(), **values}, context.get("request"))
    return mark_safe(html)  # noqa: S308 - autoescaped by Jinja2
