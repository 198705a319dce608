"""Lost Cities on the site: the one object the platform knows the game by.

Everything that is Lost Cities's lives in this package (`games/lost_cities/`): the engine
(`engine/`, pure Python), the computer players (`bots/`), the board's layout
and templates, its form, options in words, step texts, rules page and figures.
"""

from django.utils.translation import gettext_noop

from games.lost_cities import figures, rules_page, steps, words
from games.lost_cities.bots import PLAYERS
from games.lost_cities.engine import ENGINE
from games.lost_cities.forms import LostCitiesForm
from games.lost_cities.layout import layout
from games.registry import GameSpec

SPEC = GameSpec(
    engine=ENGINE,
    name=gettext_noop("Lost Cities"),
    summary=gettext_noop(
        "A duel of explorers. Lay cards in rising order on up to five "
        "expeditions, bet on the ones you trust, and mind the cost of starting "
        "one you cannot finish. About 20 minutes of real play."
    ),
    order=1,
    form=LostCitiesForm,
    players=PLAYERS,
    figures=figures.figures,
    describe_options=words.describe_options,
    rules_context=rules_page.rules_context,
    step_name=steps.step_name,
    step_help=steps.step_help,
    step_texts=steps.TEXTS,
    layout=layout,
)
