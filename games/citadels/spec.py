"""Citadels on the site: the one object the platform knows the game by.

Everything that is Citadels's lives in this package (`games/citadels/`): the engine
(`engine/`, pure Python), the computer players (`bots/`), the board's layout
and templates, its form, options in words, step texts, rules page and figures.
"""

from django.utils.translation import gettext_noop

from games.citadels import figures, rules_page, steps, words
from games.citadels.board_words import ct_agree
from games.citadels.bots import PLAYERS
from games.citadels.engine import ENGINE
from games.citadels.forms import CitadelsForm
from games.citadels.layout import layout
from games.registry import GameSpec

SPEC = GameSpec(
    engine=ENGINE,
    name=gettext_noop("Citadels"),
    summary=gettext_noop(
        "Secretly pick a character each round, collect gold and cards, and "
        "build the finest city before the others; bluff, assassinate and "
        "steal. 2 to 8 players."
    ),
    order=2,
    form=CitadelsForm,
    players=PLAYERS,
    figures=figures.figures,
    describe_options=words.describe_options,
    rules_context=rules_page.rules_context,
    step_name=steps.step_name,
    step_help=steps.step_help,
    step_texts=steps.TEXTS,
    layout=layout,
    template_globals={"ct_agree": ct_agree},
)
