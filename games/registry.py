"""The games of the site, each known by its one `GameSpec`.

A game is a package of its own, `games/<game>/` (a Django app, found by
config/settings.py), whose `spec.py` holds `SPEC`: its engine, name and lobby
summary (English, collected for translation), the form that sets up a table,
its computer players, its options in words, its step texts, its rules page,
the figures of its statistics page, the `layout` of its board and, for a game
played as a campaign, its `CampaignSpec`. The platform reaches a game only
through its spec; its board is the template `games/<slug>/board.jinja` of its
package, which renders the dict `layout` returned (the platform calls it once
per board drawn and writes the move form around the board:
templates/games/board.jinja).
An installed app elsewhere with a `spec.py` is a game too (the tests' example
game, `tests/example_game/`, installed by tests/settings.py): its engine is then
known through its spec.
A system check (`games/checks.py`) checks every spec at start-up. How to add a
game: docs/adding-a-game.md.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from django.apps import apps

from games import engines
from games.bots.levels import ComputerPlayers
from games.engines import Engine
from games.forms.table import TableForm


class CampaignSpec:
    """What a game played as a campaign declares (GameSpec.campaign): the
    campaigns app (campaigns/) runs the players, the invitations and the
    episodes, each a game of its own in the "campaign" mode, and keeps each
    player's carry (what the engine's `outcome` gives a seat under "carry")
    from one episode to the next; everything about what an episode is, is
    the game's, here.

    A game's campaign subclasses this and fills in every method; its texts
    are English, marked for translation in the game's package, and
    translated where they are shown."""

    episodes: int = 0  # how many a campaign has
    # The pages' and the form's texts: "title" (the list page), "intro" (its
    # paragraph), "new_title" and "new_intro" (the "new campaign" page),
    # "chapters_help" (the form's field for chapters of the players' own),
    # "chapters_link" (the link to their format under the form).
    texts: Mapping[str, str] = MappingProxyType({})
    # The game's own part of the campaign page, a Django template that extends
    # "campaigns/campaign.html" and fills its blocks; the directory of the
    # campaign's emails (<name>_subject.txt, <name>.txt, <name>.html).
    page_template: str = ""
    email_templates: str = ""
    # The move that stops a seat where an abandoned episode stands.
    stop_move: Mapping = MappingProxyType({})

    def validate_chapters(self, chapters: list) -> list:
        """Chapters of the players' own, checked (InvalidOptions if not)."""
        raise NotImplementedError

    def episode_options(self, number: int, carry: list, chapters) -> dict:
        """The options of episode `number` besides its mode and campaign name:
        `carry` holds each seat's carry from the episode before (None in the
        first), `chapters` the campaign's own chapters or None."""
        raise NotImplementedError

    def points(self, carry: dict) -> int:
        """What a carry counts towards the campaign's standings."""
        raise NotImplementedError

    def episode_result(self, row: dict, state: dict) -> dict:
        """What a closed episode keeps of one seat beside its score and rank:
        `row` is the seat's row of the engine's outcome, `state` the state the
        episode ended in."""
        raise NotImplementedError

    def episode_rules(self, number: int, chapters) -> dict:
        """The rules in force in episode `number`, in words (the email)."""
        raise NotImplementedError

    def page_context(
        self, *, campaign, players, episodes, current, next_number, live_view
    ) -> dict:
        """What the game's part of the campaign page shows: `episodes` are the
        campaign's, `current` the one open (or None), `live_view` the engine's
        view of its game for the reader (or None)."""
        raise NotImplementedError

    def record_options(self, options: dict) -> dict:
        """A campaign episode's options as its game record gives them out."""
        return options

    def rules_reached(self, reached: list) -> list:
        """What the game's rules page shows of the campaigns a reader plays:
        `reached` holds, per campaign, (its name, its own chapters or None,
        the furthest episode opened)."""
        return []


@dataclass(frozen=True)
class GameSpec:
    engine: Engine
    name: str  # the engine's English name, marked for translation here
    summary: str  # one paragraph for the lobby, marked for translation here
    form: type[TableForm]
    # describe_options(options) -> the table's options in words, translated,
    # for the waiting table, the lobby and the game page.
    describe_options: Callable[[dict], list[str]]
    # rules_context(user) -> what the rules page shows besides its prose.
    rules_context: Callable[[object], dict]
    # step_name(view, legal) -> the step a seat is in (None: none known);
    # step_help(view, legal) -> its line under the prompt, translated;
    # step_texts: every step's text (games/steps.py).
    step_name: Callable[[dict, list], str | None]
    step_help: Callable[[dict, list], str]
    step_texts: dict[str, str] = field(default_factory=dict)
    order: int = 100  # the lobby lists the games by it
    # The computer players of each level (games/bots/levels.py).
    players: ComputerPlayers | None = None
    # result_words(details, names) -> how the game was won, in words,
    # translated (the game-over email says it): `details` the seats' outcome
    # details and `names` the players' names, both by position; "" if none.
    result_words: Callable[[dict, dict], str] | None = None
    # figures(rows) -> [(label, value)] or None, for the statistics page.
    figures: Callable[[list[dict]], list | None] | None = None
    # layout(view, seat, legal, table=NO_TABLE) -> the dict its board template
    # renders (`layout` in the template's context): the engine's view and the
    # viewer's legal moves arranged for its board, `seat` the viewer's position
    # (None: a spectator), `table` a games.boards.BoardTable (the players'
    # names, the log, the page's query). The platform calls it once per board
    # drawn (games/boards.py). Its key `move_query`, if any, is the
    # platform's: a query string the move form posts to ("?o=2");
    # every other key is the game's own.
    layout: Callable[..., dict] | None = None
    # What the game's board templates call beyond the site's own helpers
    # (games/templating.py): words and formatting; Jinja2 globals and filters.
    template_globals: dict[str, Callable] = field(default_factory=dict)
    template_filters: dict[str, Callable] = field(default_factory=dict)
    # Played as a campaign too (campaigns/): what the campaign needs of the
    # game; None for a game that is not.
    campaign: CampaignSpec | None = None

    @property
    def slug(self) -> str:
        return self.engine.slug

    @property
    def bot(self) -> Callable[[dict, int, dict], float] | None:
        """The normal computer player's move scoring, or None."""
        return self.players.normal if self.players else None

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


def _discovered() -> tuple[GameSpec, ...]:
    """`SPEC` of every installed app that has a `spec` module, in the lobby's
    order."""
    specs = []
    for config in apps.get_app_configs():
        if importlib.util.find_spec(f"{config.name}.spec") is None:
            continue
        spec = importlib.import_module(f"{config.name}.spec").SPEC
        if spec.slug not in engines.slugs():
            # A game app outside games/ (the tests' example game): its engine
            # is known through its spec.
            engines.add(spec.engine)
        specs.append(spec)
    return tuple(sorted(specs, key=lambda spec: (spec.order, spec.slug)))


# In the order the lobby lists them.
GAMES: tuple[GameSpec, ...] = _discovered()

_BY_SLUG = {spec.slug: spec for spec in GAMES}


def get(slug: str) -> GameSpec:
    """The game of that slug; KeyError if none is registered."""
    return _BY_SLUG[slug]


def find(slug: str) -> GameSpec | None:
    """The game of that slug, or None."""
    return _BY_SLUG.get(slug)
