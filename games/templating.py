"""The Jinja2 environment of the board partials (settings.TEMPLATES, "jinja2").

Everything htmx swaps into a game page after a move or a poll (the `#board`
section: the top bar, the game's own board, the log) is a Jinja2 template
under `templates/` ending in `.jinja`; the pages around it are Django
templates. Jinja2 compiles a template to Python once; with the card game's
pieces kept (`kept`, below), a board section costs close to what the markup
once built in Python did (docs/benchmarks.md).

Autoescaping is on. Texts are translated by the i18n extension with Django's
own gettext functions, so `{% trans %}` blocks read the project's catalogue
(`locale/`) in the active language and share their msgids with Django's
`{% blocktranslate %}` (`%(name)s` placeholders).
"""

from __future__ import annotations

import json

from django.conf import settings
from django.core.signals import setting_changed
from django.templatetags.static import static
from django.utils import translation
from django.utils.formats import date_format
from django.utils.timesince import timeuntil
from django.utils.timezone import template_localtime
from jinja2 import ChainableUndefined, Environment, pass_context
from markupsafe import Markup, escape

from games import links, registry, steps

COLOUR_NAMES = {
    "yellow": translation.gettext_lazy("yellow"),
    "blue": translation.gettext_lazy("blue"),
    "white": translation.gettext_lazy("white"),
    "green": translation.gettext_lazy("green"),
    "red": translation.gettext_lazy("red"),
    "purple": translation.gettext_lazy("purple"),
}


def move_json(move) -> str:
    """A move as compact JSON, for `value` and `data-move` attributes."""
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def colour_name(colour: str) -> str:
    name = COLOUR_NAMES.get(colour)
    return colour if name is None else str(name)


def seat_name(seats, position) -> str:
    for seat in seats:
        if seat.position == position:
            return seat.name
    return ""


def engine_name(slug: str) -> str:
    """The game's name in the reader's language (`games/registry.py`)."""
    spec = registry.find(slug)
    return translation.gettext(spec.name) if spec else slug


def options_words(game) -> list[str]:
    """The table's options in words (the game's `describe_options`)."""
    spec = registry.find(game.engine)
    return spec.describe_options(game.options or {}) if spec else []


def local_date(value, fmt: str) -> str:
    """Django's `date` filter as Django's templates apply it: in the active time
    zone, in the active language (`fmt` a format or a format's name)."""
    return date_format(template_localtime(value), fmt)


def line_breaks(text: str) -> Markup:
    """The text escaped, each newline a `<br>` (a log line's events)."""
    if "\n" not in text:
        return escape(text)
    return Markup("<br>").join(escape(text).split("\n"))


@pass_context
def step_help(context) -> str:
    """The line under a board's prompt that says what the viewer's current step
    allows (games/steps.py); "" when the viewer has no move to make."""
    slug = getattr(context.get("game"), "engine", None)
    if slug is None:
        return ""
    return steps.step_help(slug, context.get("view") or {}, context.get("legal") or [])


@pass_context
def csrf_field(context) -> str:
    """The CSRF field of a move form, for a page loaded as a whole (a form posted
    without JavaScript needs it). A board sent to htmx (a move's answer, a poll's)
    leaves it out: htmx sends the token in a header, from the page's
    `<body hx-headers>`, and a freshly masked token is 32 draws from the system's
    random source."""
    request = context.get("request")
    if request is None or getattr(request, "htmx", False):
        return ""
    return context.get("csrf_input", "")


class KeptMarkup:
    """Markup of board pieces that depend only on what they show (a card, a pile
    and the moves it offers), drawn once per key and language and kept: most of
    a board is the same from one move to the next. Bounded: past `limit`
    entries the oldest make way. Not kept while DEBUG (templates may change).

    In a template, `{{ piece|kept(macro, *args) }}` is `macro(piece, *args)`,
    kept under the macro's name, the piece's `key` (or its `id`), `args` and
    the language: a piece's key holds all the piece shows, and the macros
    whose markup is kept have names of their own."""

    def __init__(self, limit: int = 20_000):
        self.limit = limit
        self.kept: dict = {}

    def __call__(self, macro, piece, *args, language=None):
        key = piece["key"] if "key" in piece else piece["id"]
        full = (macro.name, key, args, language or translation.get_language())
        html = self.kept.get(full)
        if html is None:
            html = macro(piece, *args)
            if not settings.DEBUG:
                if len(self.kept) >= self.limit:
                    del self.kept[next(iter(self.kept))]  # the oldest first
                self.kept[full] = html
        return html

    def clear(self, **kwargs):
        self.kept.clear()


kept_markup = KeptMarkup()
setting_changed.connect(kept_markup.clear)


def _translated_clear(**kwargs):
    _translated.clear()


setting_changed.connect(_translated_clear)


@pass_context
def kept(context, piece, macro, *args):
    """The `kept` filter (see KeptMarkup); the board's context may carry its
    `language`, read once per board instead of once per piece."""
    return kept_markup(macro, piece, *args, language=context.get("language"))


class BoardEnvironment(Environment):
    """Jinja2's environment, reading `a.b` of a dict as `a["b"]` first (as
    Django's templates do): the boards are drawn from the engines' views, plain
    dicts, and Jinja2 tries an attribute first, an exception per look-up
    (docs/benchmarks.md). `getattr` is the documented hook for it."""

    def getattr(self, obj, attribute):
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


# The translation functions of the templates, as Jinja2's "newstyle" gettext
# calls them (`{% trans %}` blocks pass their values as keywords): Django's
# gettext, its text safe (autoescaping is always on here) and the values
# escaped into it. Jinja2's own wrappers go through two template calls per text,
# the largest part of drawing a board's texts.
#
# A text is translated once per language and kept (`_translated`): the texts
# of the templates are a fixed set, and Django's gettext looks the active
# language up at each call. The board's context carries its `language`.
_translated: dict[tuple[str, str], Markup] = {}


@pass_context
def _gettext(context, message, **values):
    language = context.get("language") or translation.get_language()
    text = _translated.get((language, message))
    if text is None:
        with translation.override(language):
            text = Markup(translation.gettext(message))
        _translated[(language, message)] = text
    # As Jinja2's own newstyle gettext, "%%" stands for "%" even without values.
    return text % values if values or "%" in text else text


def _ngettext(singular, plural, number, **values):
    values.setdefault("num", number)
    return Markup(translation.ngettext(singular, plural, number)) % values


def _pgettext(context, message, **values):
    values.setdefault("context", context)
    return Markup(translation.pgettext(context, message)) % values


def _npgettext(context, singular, plural, number, **values):
    values.setdefault("context", context)
    values.setdefault("num", number)
    return Markup(translation.npgettext(context, singular, plural, number)) % values


def environment(**options) -> Environment:
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    # As Django's templates: a missing value (or an attribute of one) is empty.
    options["undefined"] = ChainableUndefined
    env = BoardEnvironment(**options)
    env.newstyle_gettext = True
    env.globals.update(
        _=_gettext,
        gettext=_gettext,
        ngettext=_ngettext,
        pgettext=_pgettext,
        npgettext=_npgettext,
    )
    env.globals.update(
        static=static,
        url=links.url,
        csrf_field=csrf_field,
        step_help=step_help,
    )
    # Each game's layout and helpers, as its spec names them (its board
    # template calls them).
    for spec in registry.GAMES:
        env.globals.update(spec.template_globals)
        env.filters.update(spec.template_filters)
    env.filters.update(
        kept=kept,
        move_json=move_json,
        colour_name=colour_name,
        seat_name=seat_name,
        engine_name=engine_name,
        options_words=options_words,
        date=local_date,
        timeuntil=timeuntil,
        line_breaks=line_breaks,
    )
    return env
