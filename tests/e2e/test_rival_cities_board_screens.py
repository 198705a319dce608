"""The Rival Cities board mid-game on a desktop and on a phone (Playwright driving
Debian's chromium): the whole state fits about one and a half desktop screens, and
on a phone the prompt and every control of the current decision are on the first
screen, without scrolling. Screenshots are kept in the test's tmp dir."""

import pytest
from browser_helpers import logged_in

from games import engines, services
from games.bots import choose_move
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ENGINE = engines.get("rival-cities")
DESKTOP = (1280, 800)
PHONE = (390, 844)
# The game's state (the site's header, the top bar of players, the prompt and the
# whole board) within one and a half desktop screens: 1,200 px from the top of the
# page. The page itself may be 160 px taller: below the board come the site's own
# parts, not the game's state, measured at 156-162 px: the "Step back through the
# moves so far" link (a line and its margins, ~40 px), main's bottom padding
# (16 px) and the site's footer (a line in 2 rem of padding each side, ~100 px).
BOARD_MAX_BOTTOM = 1.5 * DESKTOP[1]
DESKTOP_MAX_HEIGHT = BOARD_MAX_BOTTOM + 160


def mid_game(ana, ben, decisions=40, moves=5):
    """A first-game table (a fixed seed) played by the computer player's choices
    through the site's own service until at least `decisions` decisions have been
    taken and Ana (Hamburg) must move the inkwell with at least `moves` spaces
    within reach: the decision with the most controls."""
    game = services.game_create(
        creator=ana,
        engine_slug="rival-cities",
        num_players=2,
        options={"first_game": True, "first_player": 0},
    )
    Game.objects.filter(pk=game.pk).update(seed=7)
    services.seat_join(game_id=game.pk, user=ben)
    users = {0: ana, 1: ben}
    for i in range(600):
        game = Game.objects.get(pk=game.pk)
        state = game.state
        seat = ENGINE.to_move(state)[0]
        decision = state["queue"][-1]["t"]
        if state["decisions"] >= decisions and seat == 0 and decision == "inkwell":
            if len(ENGINE.legal_moves(state, 0)) >= moves:
                return game
        move = choose_move(ENGINE, state, seat, seed=i)
        services.move_submit(
            game_id=game.pk, user=users[seat], move=move, expected_version=game.version
        )
    raise AssertionError("no inkwell decision for Ana after 600 moves")


def decision_controls_in_first_screen(page) -> list:
    """The prompt and every move button, with their boxes relative to the first
    screen (the page is not scrolled)."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll(
                 '#board .prompt, #board button[data-move]'), e => {
             const r = e.getBoundingClientRect();
             return {text: e.innerText.slice(0, 60), top: r.top, bottom: r.bottom,
                     visible: r.width > 0 && r.height > 0};
           })"""
    )


def test_board_fits_one_and_a_half_desktop_screens_and_a_phone_screen(
    browser, live_server, ana, ben, tmp_path
):
    game = mid_game(ana, ben)
    url = f"{live_server.url}{game.get_absolute_url()}"
    legal = ENGINE.legal_moves(game.state, 0)
    assert len([m for m in legal if m["type"] == "move"]) >= 5

    desk = logged_in(browser, live_server, ana, *DESKTOP, touch=False)
    desk.goto(url)
    desk.wait_for_selector("#board[data-status=active] .rc-ring svg")
    desk.screenshot(path=str(tmp_path / "rival-cities-desktop.png"), full_page=True)
    desk.locator(".rc-board").screenshot(path=str(tmp_path / "rival-cities-ring.png"))
    height = desk.evaluate("document.documentElement.scrollHeight")
    bottom = desk.evaluate(
        "document.querySelector('#board .rc').getBoundingClientRect().bottom"
    )
    print(f"desktop page height: {height}px, board bottom: {bottom:.0f}px")
    assert bottom <= BOARD_MAX_BOTTOM
    assert height <= DESKTOP_MAX_HEIGHT
    assert desk.evaluate("document.documentElement.scrollWidth") <= DESKTOP[0]

    phone = logged_in(browser, live_server, ana, *PHONE)
    phone.goto(url)
    phone.wait_for_selector("#board[data-status=active] .rc-ring svg")
    phone.screenshot(path=str(tmp_path / "rival-cities-phone.png"), full_page=True)
    phone.screenshot(path=str(tmp_path / "rival-cities-phone-first-screen.png"))
    phone_height = phone.evaluate("document.documentElement.scrollHeight")
    print(f"phone page height: {phone_height}px")
    assert phone.evaluate("window.scrollY") == 0
    controls = decision_controls_in_first_screen(phone)
    buttons = [c for c in controls if c["text"] and c is not controls[0]]
    assert len(buttons) == len(legal)
    for control in controls:
        assert control["visible"], control
        assert 0 <= control["top"] and control["bottom"] <= PHONE[1], control
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE[0]


def tip_shown(page, trigger) -> bool:
    tip = trigger.get_attribute("aria-controls")
    return page.locator(f"#{tip}").is_visible()


def test_spaces_and_cards_explain_themselves_on_hover_focus_and_tap(
    browser, live_server, ana, ben
):
    """A ring space shows its card's text when hovered with a mouse or reached
    with the Tab key; Escape closes it. On a phone a tap opens it and keeps it
    open, a tap elsewhere closes it; a ship's name does the same."""
    game = mid_game(ana, ben, decisions=10, moves=1)
    url = f"{live_server.url}{game.get_absolute_url()}"
    desk = logged_in(browser, live_server, ana, *DESKTOP, touch=False)
    desk.goto(url)
    desk.wait_for_selector("#board[data-status=active] .rc-ring svg")
    space = desk.locator(".rc-space[data-space='5']")
    assert not tip_shown(desk, space)
    space.hover()
    assert tip_shown(desk, space)
    text = desk.locator("#rc-tip-space-5").inner_text()
    card = ENGINE.view(Game.objects.get(pk=game.pk).state, 0)["ring"][5]["card"]
    assert card["text"] in text
    desk.mouse.move(0, 0)
    assert not tip_shown(desk, space)
    # The keyboard: Tab reaches the spaces, focus shows the text, Escape closes.
    space.focus()
    assert tip_shown(desk, space)
    desk.keyboard.press("Enter")
    assert space.get_attribute("aria-expanded") == "true"
    desk.keyboard.press("Escape")
    assert space.get_attribute("aria-expanded") == "false"

    phone = logged_in(browser, live_server, ana, *PHONE)
    phone.goto(url)
    phone.wait_for_selector("#board[data-status=active] .rc-ring svg")
    ship = phone.locator(".rc-ships .tip-btn").first
    ship.scroll_into_view_if_needed()
    ship.tap()
    assert ship.get_attribute("aria-expanded") == "true" and tip_shown(phone, ship)
    box = phone.locator(f"#{ship.get_attribute('aria-controls')}").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0]
    phone.locator(".rc-court h2").tap()
    assert ship.get_attribute("aria-expanded") == "false"
    assert not tip_shown(phone, ship)
