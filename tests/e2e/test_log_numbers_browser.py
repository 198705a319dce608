"""The game log's move numbers are whole at every length: the list's numbers
stand in its left padding, which the scrolling log clips ("98." for 298)."""

import pytest
from browser_helpers import logged_in

from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The width of a number's marker ("1298. ") against the list's left padding.
MARKER_FITS = """(value) => {
  const ol = document.querySelector('#board .log ol');
  const li = ol.querySelector('li');
  li.value = value;
  const ctx = document.createElement('canvas').getContext('2d');
  const style = getComputedStyle(li, '::marker');
  ctx.font = style.font && style.font !== '' ? style.font : getComputedStyle(li).font;
  const text = value + '. ';
  return [ctx.measureText(text).width, parseFloat(getComputedStyle(ol).paddingLeft)];
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_log_numbers_of_four_digits_are_not_clipped(
    browser, live_server, lost_cities_game, width
):
    from games import engines
    from games.services import move_submit

    game = lost_cities_game
    engine = engines.get("lost-cities")
    seat = engine.to_move(game.state)[0]
    users = {s.position: s.user for s in game.seats.all()}
    move_submit(
        game_id=game.pk,
        user=users[seat],
        move=engine.legal_moves(game.state, seat)[0],
        expected_version=game.version,
    )
    page = logged_in(browser, live_server, users[0], width=width, height=800)
    page.goto(f"{live_server.url}{Game.objects.get().get_absolute_url()}")
    for value in (298, 1298):
        text, padding = page.evaluate(MARKER_FITS, value)
        assert text <= padding, (value, text, padding)
