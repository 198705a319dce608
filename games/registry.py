"""The games of the site, each registered once.

A `GameSpec` names everything the site needs of one game: its engine (found in
`games/engines/`), its name and lobby summary (English, collected for
translation), the form that sets up a table, the computer player's move
scoring, and the figures of its statistics page. Its board is the template
`games/<slug>/board.jinja`. A system check (`games/checks.py`) checks every spec
against the engines found and the templates at start-up.

To add a game: its engine package in `games/engines/`, a form in
`games/forms/<game>.py`, its options in words in `games/option_words.py`, a scoring function in `games/bots/`, optionally figures in
`history/figures.py`, a board template, and one `GameSpec` below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext_noop

from games import option_words
from games.bots.levels import heuristic
from games.engines import Engine
from games.engines.citadels import ENGINE as CITADELS
from games.engines.lost_cities import ENGINE as LOST_CITIES
from games.engines.my_city import ENGINE as MY_CITY
from games.engines.rival_cities import ENGINE as RIVAL_CITIES
from games.forms import (
    CitadelsForm,
    LostCitiesForm,
    MyCityForm,
    RivalCitiesForm,
    TableForm,
)
from history import figures


@dataclass(frozen=True)
class GameSpec:
    engine: Engine
    name: str  # the engine's English name, marked for translation here
    summary: str  # one paragraph for the lobby, marked for translation here
    form: type[TableForm]
    # score_move(view, seat, move) -> a number: the normal computer player's
    # heuristic (games/bots/levels.py holds every level's).
    bot: Callable[[dict, int, dict], float] | None = None
    # figures(rows) -> [(label, value)] or None, for the statistics page.
    figures: Callable[[list[dict]], list | None] | None = None
    # describe_options(options) -> the table's options in words, translated
    # (games/option_words.py), for the waiting table, the lobby and the game page.
    describe_options: Callable[[dict], list[str]] = lambda options: []

    @property
    def slug(self) -> str:
        return self.engine.slug

    @property
    def board_template(self) -> str:
        return f"games/{self.slug}/board.jinja"

    def form_defaults(self, players: int = 2) -> dict:
        """What the "new table" form posts with its default choices, for
        `players` (scripts and tests that open tables as a person does)."""
        form = self.form()
        data = {}
        for name in form.fields:
            value = form[name].value()
            if value is None or value is False:
                continue
            data[name] = "on" if value is True else str(value)
        if "players" in data:
            data["players"] = str(players)
        return data


# In the order the lobby lists them.
GAMES: tuple[GameSpec, ...] = (
    GameSpec(
        engine=LOST_CITIES,
        name=gettext_noop("Lost Cities"),
        summary=gettext_noop(
            "A duel of explorers. Lay cards in rising order on up to five "
            "expeditions, bet on the ones you trust, and mind the cost of starting "
            "one you cannot finish. About 20 minutes of real play."
        ),
        form=LostCitiesForm,
        bot=heuristic("lost-cities"),
        figures=figures.lost_cities,
        describe_options=option_words.lost_cities,
    ),
    GameSpec(
        engine=CITADELS,
        name=gettext_noop("Citadels"),
        summary=gettext_noop(
            "Secretly pick a character each round, collect gold and cards, and "
            "build the finest city before the others; bluff, assassinate and "
            "steal. 2 to 8 players."
        ),
        form=CitadelsForm,
        bot=heuristic("citadels"),
        figures=figures.citadels,
        describe_options=option_words.citadels,
    ),
    GameSpec(
        engine=RIVAL_CITIES,
        name=gettext_noop("Rival Cities"),
        summary=gettext_noop(
            "Hamburg against Altona: move the inkwell around the ring of actions, "
            "produce, trade, sail and sue, and win by stars or by one of four "
            "sudden victories."
        ),
        form=RivalCitiesForm,
        bot=heuristic("rival-cities"),
        figures=figures.rival_cities,
        describe_options=option_words.rival_cities,
    ),
    GameSpec(
        engine=MY_CITY,
        name=gettext_noop("My City"),
        summary=gettext_noop(
            "Everyone places the same building at the same time on their own "
            "board; the boards live on from one episode to the next over a "
            "24-episode campaign."
        ),
        form=MyCityForm,
        bot=heuristic("my-city"),
        figures=figures.my_city,
        describe_options=option_words.my_city,
    ),
)

_BY_SLUG = {spec.slug: spec for spec in GAMES}


def get(slug: str) -> GameSpec:
    """The game of that slug; KeyError if none is registered."""
    return _BY_SLUG[slug]


def find(slug: str) -> GameSpec | None:
    """The game of that slug, or None."""
    return _BY_SLUG.get(slug)
