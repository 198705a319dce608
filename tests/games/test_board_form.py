"""One way to draw a board: each game's `layout` (games/boards.py), called once
per board drawn, and the move form written once, by the platform's
templates/games/board.jinja, around the game's own board template."""

import re
from dataclasses import replace
from pathlib import Path

import pytest
from page_helpers import login

from games import engines, registry, services

ROOT = Path(__file__).resolve().parents[2]
# What only the platform's move form writes.
FORM_MARKS = ("<form", "hx-post", "csrf", 'name="version"')


def _game(slug, make_user):
    engine = engines.get(slug)
    users = [make_user() for _ in range(engine.min_players)]
    game = services.game_create(
        creator=users[0], engine_slug=slug, num_players=len(users), options={}
    )
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game, users


def test_no_game_template_writes_the_move_form():
    templates = sorted(ROOT.glob("games/*/templates/games/*/*.jinja"))
    assert len(templates) >= len(registry.GAMES)
    for path in templates:
        text = path.read_text()
        assert not [mark for mark in FORM_MARKS if mark in text], path


@pytest.mark.django_db
@pytest.mark.parametrize("slug", [spec.slug for spec in registry.GAMES])
def test_each_board_has_the_one_move_form_and_its_layout_called_once(
    slug, make_user, monkeypatch
):
    """The page of a game under way has one move form, with the game's version
    and the CSRF field, holding the legal moves of the player to move; the
    game's layout was called once to draw it."""
    spec = registry.get(slug)
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return spec.layout(*args, **kwargs)

    counting = replace(spec, layout=counted)
    monkeypatch.setattr(
        registry, "find", lambda s: counting if s == slug else registry.get(s)
    )
    game, users = _game(slug, make_user)
    mover = engines.get(slug).to_move(game.state)[0]
    user = {s.position: s.user for s in game.seats.all()}[mover]
    page = login(user).get(game.get_absolute_url()).content.decode()
    assert len(calls) == 1
    view, seat, legal = calls[0]
    assert seat == mover and legal
    assert page.count('<form id="move-form"') == 1
    form = page.split('<form id="move-form"', 1)[1].split("</form>", 1)[0]
    assert f'hx-post="/games/{game.pk}/move' in page
    assert re.search(rf'name="version" value="{game.version}"', form)
    assert "csrfmiddlewaretoken" in form
    assert 'name="move"' in form
