"""Example Game on the site: the one object the platform knows the game by.

Everything that is the game's lives in this package: the engine (`engine/`,
pure Python), the computer players (`bots/`), the board's layout and
templates, its form, options in words, step texts, rules page and figures
(docs/adding-a-game.md).
"""

from django.utils.translation import gettext_noop

from games.registry import GameSpec
from tests.example_game import figures, rules_page, steps, words
from tests.example_game.bots import PLAYERS
from tests.example_game.engine import ENGINE
from tests.example_game.forms import ExampleGameForm
from tests.example_game.layout import layout

SPEC = GameSpec(
    engine=ENGINE,
    name=gettext_noop("Example Game"),
    summary=gettext_noop(
        "Nim with a hidden card: take one to three stones from the pile in "
        "turn; your stones and your face-down card make your score. Five minutes."
    ),
    order=100,
    form=ExampleGameForm,
    players=PLAYERS,
    figures=figures.figures,
    describe_options=words.describe_options,
    rules_context=rules_page.rules_context,
    step_name=steps.step_name,
    step_help=steps.step_help,
    step_texts=steps.TEXTS,
    layout=layout,
)
