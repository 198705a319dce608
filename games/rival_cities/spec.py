"""Rival Cities on the site: the one object the platform knows the game by.

Everything that is Rival Cities's lives in this package (`games/rival_cities/`): the engine
(`engine/`, pure Python), the computer players (`bots/`), the board's layout
and templates, its form, options in words, step texts, rules page and figures.
"""

from django.utils.translation import gettext_noop

from games.registry import GameSpec
from games.rival_cities import figures, result_words, rules_page, steps, words
from games.rival_cities.board_words import bundle_words, seat_names_in
from games.rival_cities.bots import PLAYERS
from games.rival_cities.engine import ENGINE
from games.rival_cities.forms import RivalCitiesForm
from games.rival_cities.layout import layout

SPEC = GameSpec(
    engine=ENGINE,
    name=gettext_noop("Rival Cities"),
    summary=gettext_noop(
        "Hamburg against Altona: move the inkwell around the ring of actions, "
        "produce, trade, sail and sue, and win by stars or by one of four "
        "sudden victories."
    ),
    order=3,
    form=RivalCitiesForm,
    players=PLAYERS,
    figures=figures.figures,
    result_words=result_words.how_won,
    describe_options=words.describe_options,
    rules_context=rules_page.rules_context,
    step_name=steps.step_name,
    step_help=steps.step_help,
    step_texts=steps.TEXTS,
    layout=layout,
    template_filters={
        "rival_cities_names": seat_names_in,
        "rival_cities_bundle": bundle_words,
    },
)
