"""System checks of the games registry (`games/registry.py`), run by every
manage.py command and by the test run: each engine found has one spec, each
game's spec is complete (its engine, name, summary, form, computer players,
words, steps, rules page, board layout and templates; a campaign's too, when it
declares one)."""

from __future__ import annotations

import inspect

from django.core import checks
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from games import engines, registry
from games.bots.levels import players_for
from games.forms import TableForm


def _takes(function, count: int, **keywords) -> bool:
    """`function` can be called with `count` positional arguments (and
    `keywords`)."""
    if not callable(function):
        return False
    try:
        inspect.signature(function).bind(*range(count), **keywords)
    except (TypeError, ValueError):
        return False
    return True


def _spec_errors(spec, found: dict) -> list[checks.CheckMessage]:
    errors = []

    def error(id_, message):
        errors.append(checks.Error(message, obj=f"GameSpec {spec.slug!r}", id=id_))

    if found.get(spec.slug) is not spec.engine:
        error("games.E002", "its engine is not the one found in its package")
    if spec.name != spec.engine.name:
        error(
            "games.E003", f"name {spec.name!r} is not the engine's {spec.engine.name!r}"
        )
    if not spec.summary.strip():
        error("games.E004", "no summary for the lobby")
    if not (isinstance(spec.form, type) and issubclass(spec.form, TableForm)):
        error("games.E005", "its form is not a games.forms.TableForm")
    players = spec.players
    if players is None:
        error("games.E006", "no computer players (bots/PLAYERS)")
    elif not (_takes(players.easy, 3) and _takes(players.normal, 3)):
        error("games.E006", "its computer players do not score_move(view, seat, move)")
    elif players is not players_for(spec.engine):
        error("games.E006", "its players are not the PLAYERS beside its engine")
    for name, count in (
        ("describe_options", 1),
        ("rules_context", 1),
        ("step_name", 2),
        ("step_help", 2),
    ):
        if not _takes(getattr(spec, name), count):
            error("games.E009", f"its {name} does not take {count} argument(s)")
    if not (_takes(spec.layout, 3) and _takes(spec.layout, 3, table=None)):
        error(
            "games.E010",
            "its layout is not layout(view, seat, legal, table=...) (layout.py)",
        )
    if spec.figures is not None and not _takes(spec.figures, 1):
        error("games.E007", "its figures are not a function of the result rows")
    try:
        get_template(spec.board_template, using="jinja2")
    except TemplateDoesNotExist:
        error("games.E008", f"no board template {spec.board_template}")
    for name in (f"games/{spec.slug}/head.html", f"games/rules/{spec.slug}.html"):
        try:
            get_template(name, using="django")
        except TemplateDoesNotExist:
            error("games.E008", f"no template {name}")
    _campaign_errors(spec, error)
    return errors


CAMPAIGN_TEXTS = (
    "title",
    "intro",
    "new_title",
    "new_intro",
    "chapters_help",
    "chapters_link",
)
CAMPAIGN_EMAILS = ("invitation", "episode_opened")


def _campaign_errors(spec, error) -> None:
    """A game played as a campaign: a whole `CampaignSpec`, its texts, its page
    and its emails."""
    rules = spec.campaign
    if rules is None:
        return
    if not isinstance(rules, registry.CampaignSpec):
        error("games.E011", "its campaign is not a games.registry.CampaignSpec")
        return
    if not isinstance(rules.episodes, int) or rules.episodes < 1:
        error("games.E011", "its campaign has no episodes")
    if not rules.stop_move:
        error("games.E011", "its campaign has no stop_move")
    missing = [key for key in CAMPAIGN_TEXTS if key not in rules.texts]
    if missing:
        error("games.E011", f"its campaign has no text {', '.join(missing)}")
    names = [rules.page_template] + [
        f"{rules.email_templates}/{name}{end}"
        for name in CAMPAIGN_EMAILS
        for end in ("_subject.txt", ".txt", ".html")
    ]
    for name in names:
        try:
            get_template(name, using="django")
        except TemplateDoesNotExist:
            error("games.E011", f"no campaign template {name}")


@checks.register()
def games_registry(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    found = {engine.slug: engine for engine in engines.all()}
    slugs = [spec.slug for spec in registry.GAMES]
    errors = [
        checks.Error(f"game {slug!r} is registered twice", id="games.E001")
        for slug in sorted({s for s in slugs if slugs.count(s) > 1})
    ]
    errors += [
        checks.Error(
            f"engine {slug!r} is found but has no GameSpec",
            hint="Give its package a spec.py with SPEC (docs/adding-a-game.md).",
            id="games.E001",
        )
        for slug in sorted(set(found) - set(slugs))
    ]
    for spec in registry.GAMES:
        errors += _spec_errors(spec, found)
    return errors
