"""System checks of the games registry (`games/registry.py`), run by every
manage.py command and by the test run: each engine found is registered once,
each registered game is complete."""

from __future__ import annotations

import inspect

from django.core import checks
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from games import engines, registry
from games.forms import TableForm


def _takes(function, count: int) -> bool:
    """`function` can be called with `count` positional arguments."""
    try:
        inspect.signature(function).bind(*range(count))
    except (TypeError, ValueError):
        return False
    return True


def _spec_errors(spec, found: dict) -> list[checks.CheckMessage]:
    errors = []

    def error(id_, message):
        errors.append(checks.Error(message, obj=f"GameSpec {spec.slug!r}", id=id_))

    if found.get(spec.slug) is not spec.engine:
        error("games.E002", "its engine is not the one found in games/engines/")
    if spec.name != spec.engine.name:
        error(
            "games.E003", f"name {spec.name!r} is not the engine's {spec.engine.name!r}"
        )
    if not spec.summary.strip():
        error("games.E004", "no summary for the lobby")
    if not (isinstance(spec.form, type) and issubclass(spec.form, TableForm)):
        error("games.E005", "its form is not a games.forms.TableForm")
    if spec.bot is not None and not _takes(spec.bot, 3):
        error("games.E006", "its bot is not a score_move(view, seat, move)")
    if spec.figures is not None and not _takes(spec.figures, 1):
        error("games.E007", "its figures are not a function of the result rows")
    try:
        get_template(spec.board_template, using="jinja2")
    except TemplateDoesNotExist:
        error("games.E008", f"no board template {spec.board_template}")
    return errors


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
            f"engine {slug!r} is in games/engines/ but has no GameSpec",
            hint="Register it once in games/registry.py.",
            id="games.E001",
        )
        for slug in sorted(set(found) - set(slugs))
    ]
    for spec in registry.GAMES:
        errors += _spec_errors(spec, found)
    return errors
