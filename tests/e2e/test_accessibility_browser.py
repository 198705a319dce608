"""axe-core on every page of the site, for every game, on a desktop and a phone
screen, in the light and the dark colour schemes: no serious or critical
violation of WCAG 2.2 A/AA."""

import pytest
from axe_check import COLOUR_RULES, describe, violations, with_axe
from browser_helpers import logged_in
from game_states import DECISIONS, SLUGS, finished, mid_game

from campaigns.services import campaign_create
from games import services
from games.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SCREENS = [(1280, 800), (390, 844)]
# Every rule in the light scheme; the dark one changes only colours, so its pass
# runs the rules about colours.
SCHEMES = ["light", "dark"]
# Findings waived, per game: (rule, where). The spaces of the Rival Cities ring
# (SVG shapes acting as buttons) are named in words ("Space 26: …") while they
# show numbers and symbols; to be named from what they show.
WAIVED = {"rival-cities": [("label-content-name-mismatch", ".rc-board")]}


def audit(page, base, paths) -> dict:
    """Each path's serious or critical violations, per screen and scheme;
    `paths` are (path, waived findings) pairs."""
    found = {}
    with_axe(page)
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        for path, waived in paths:
            page.goto(base + path)
            page.wait_for_selector("main")
            for scheme in SCHEMES:
                page.emulate_media(color_scheme=scheme)
                rules = COLOUR_RULES if scheme == "dark" else None
                grave = violations(page, rules=rules, waived=waived)
                nodes = sum(len(v["nodes"]) for v in grave)
                print(f"AXE {width}x{height} {scheme} {path}: {nodes}", describe(grave))
                if grave:
                    found[f"{path} {width}x{height} {scheme}"] = describe(grave)
    return found


def test_site_pages_and_table_forms_have_no_grave_violation(
    browser, live_server, ana, ben
):
    """The lobby, each game's table form and rules, a waiting table, a private one's
    invitation, My games, a profile, the account and campaign pages, the
    history pages; and the pages of someone not logged in."""
    open_table = services.game_create(
        creator=ana, engine_slug="lost-cities", num_players=2, options={}
    )
    private = services.game_create(
        creator=ben,
        engine_slug="citadels",
        num_players=3,
        options={},
        visibility=Game.Visibility.PRIVATE,
    )
    campaign = campaign_create(creator=ana, num_players=2, bots=1, name="Ana's town")
    page = logged_in(browser, live_server, ana, 1280, 800, touch=False)
    paths = [
        "/",
        *[f"/new/{slug}/" for slug in SLUGS],
        *[f"/games/{slug}/rules/" for slug in SLUGS],
        f"/games/{open_table.pk}/",
        f"/invite/{private.invite_token}/",
        "/my/",
        f"/players/{ana.pk}/",
        "/me/preferences/",
        "/me/vacation/",
        "/campaigns/",
        "/campaigns/new/",
        f"/campaigns/{campaign.pk}/",
        "/history/search/",
        "/history/import/",
        *[f"/leaderboard/{slug}/" for slug in SLUGS],
        *[f"/statistics/{slug}/" for slug in SLUGS],
        "/accounts/email/",
        "/accounts/password/change/",
    ]
    found = audit(page, live_server.url, [(p, ()) for p in paths])
    stranger = browser.new_context().new_page()
    paths = [
        "/",
        "/games/citadels/rules/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password/reset/",
    ]
    found |= audit(stranger, live_server.url, [(p, ()) for p in paths])
    assert found == {}


def test_game_pages_and_replays_have_no_grave_violation(browser, live_server, ana, ben):
    """Each game at decisions of the viewer's; each game finished, with its
    score table, and its replay (at a step as the viewer saw it, and at the end
    seen by all)."""
    paths = []
    for slug, moves, when in DECISIONS:
        game = mid_game(slug, ana, ben, moves, when)
        print(
            f"PAGE /games/{game.pk}/ = {slug} at a decision ({game.state.get('phase', '')})"
        )
        paths += [(f"/games/{game.pk}/", WAIVED.get(slug, ()))]
    for slug in SLUGS:
        done = finished(slug, ana, ben)
        print(f"PAGE /games/{done.pk}/ = {slug} finished")
        waived = WAIVED.get(slug, ())
        paths += [
            (f"/games/{done.pk}/", waived),
            (f"/games/{done.pk}/replay/?step=20", waived),
            (f"/games/{done.pk}/replay/?step={done.version}&seat=all", waived),
        ]
    page = logged_in(browser, live_server, ana, 1280, 800, touch=False)
    assert audit(page, live_server.url, paths) == {}


NAMES = """() => Array.from(document.querySelectorAll('#board button[data-move]'), b =>
  [(b.getAttribute('aria-label') || b.textContent).replace(/\\s+/g, ' ').trim(), b.dataset.move])"""


def test_every_move_button_has_a_name_of_its_own(browser, live_server, ana, ben):
    """Two different moves on one page never share a name ("Take", "Take")."""
    page = logged_in(browser, live_server, ana, 1280, 800, touch=False)
    shared = {}
    for slug, moves, when in DECISIONS:
        game = mid_game(slug, ana, ben, moves, when)
        print(
            f"PAGE /games/{game.pk}/ = {slug} at a decision ({game.state.get('phase', '')})"
        )
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector("#board button[data-move]")
        by_name = {}
        for name, move in page.evaluate(NAMES):
            by_name.setdefault(name, set()).add(move)
        shared.update(
            {f"{slug}: {name}": len(m) for name, m in by_name.items() if len(m) > 1}
        )
    assert shared == {}
