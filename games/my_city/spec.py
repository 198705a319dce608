"""My City on the site: the one object the platform knows the game by.

Everything that is My City's lives in this package (`games/my_city/`): the engine
(`engine/`, pure Python), the computer players (`bots/`), the board's layout
and templates, its form, options in words, step texts, rules page and figures.
"""

from django.utils.translation import gettext_noop
from jinja2 import pass_context

from games.my_city import figures, rules_page, steps, words
from games.my_city.bots import PLAYERS
from games.my_city.campaign import CAMPAIGN
from games.my_city.engine import ENGINE
from games.my_city.forms import MyCityForm
from games.my_city.layout import mc_layout
from games.my_city.templatetags.my_city_tags import campaign_link
from games.registry import GameSpec

SPEC = GameSpec(
    engine=ENGINE,
    name=gettext_noop("My City"),
    summary=gettext_noop(
        "Everyone places the same building at the same time on their own "
        "board; the boards live on from one episode to the next over a "
        "24-episode campaign."
    ),
    order=4,
    form=MyCityForm,
    players=PLAYERS,
    figures=figures.figures,
    describe_options=words.describe_options,
    rules_context=rules_page.rules_context,
    step_name=steps.step_name,
    step_help=steps.step_help,
    step_texts=steps.TEXTS,
    campaign=CAMPAIGN,
    template_globals={
        "mc_layout": pass_context(mc_layout),
        "my_city_campaign_link": campaign_link,
    },
)
