"""The Citadels game page: table creation, the draft, the turn's steps, powers
as controls, refusals that name the rule, and hidden information that never
leaves the server."""

import json
import random
import re

import pytest
from citadels_helpers import assert_each_priced_control, people, start
from django.test import Client
from django.urls import reverse
from game_helpers import once
from page_helpers import data_moves, login, post_move

from games import engines, services
from games.bots import choose_move
from games.models import Game

pytestmark = pytest.mark.django_db
ENGINE = engines.get("citadels")
SECRET_ID = re.compile(r"(?:district-\d+|char-[a-z_]+|warrant-signed|threat-flowered)")


@pytest.fixture
def four(db):
    return people("Ana", "Ben", "Cy", "Dee")


@pytest.fixture
def game(four):
    return start(four)


def canon(move: dict) -> str:
    return json.dumps(move, sort_keys=True)


def ids_in(body: str) -> set[str]:
    return set(SECRET_ID.findall(body))


def forbidden_for(state: dict, seat: int | None, num_players: int) -> set[str]:
    """The ids that seat may not see: every other seat's secrets and the table's."""
    out = set(ENGINE.secrets(state, None))
    for other in range(num_players):
        if other != seat:
            out |= set(ENGINE.secrets(state, other))
    if seat is not None:
        out -= set(ENGINE.secrets(state, seat))
    return out


def set_state(game: Game, state: dict) -> None:
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()


def advance(state: dict, until, *, seed: int = 0, limit: int = 3000) -> dict:
    """Plays the computer player's moves until `until(state)` holds."""
    for k in range(limit):
        if until(state):
            return state
        if ENGINE.is_over(state):
            break
        seat = ENGINE.to_move(state)[0]
        if state["phase"] == "draft":  # any character, so that every one is played
            legal = ENGINE.legal_moves(state, seat)
            move = random.Random(f"{seed}:{k}").choice(legal)
        else:
            move = choose_move(ENGINE, state, seat, seed=k)
        state = ENGINE.apply(state, seat, move)
    raise AssertionError("state not reached")


def find_state(num_players: int, until, options=None) -> dict:
    """A reachable state where `until` holds, trying seeds in turn."""
    opts = ENGINE.validate_options(num_players, options or {})
    for seed in range(60):
        state = ENGINE.setup(num_players, opts, seed)
        try:
            return advance(state, until, seed=seed)
        except AssertionError:
            continue
    raise AssertionError("no seed reaches that state")


def acting(state, char, step="main"):
    turn = state.get("turn")
    return (
        state["phase"] == "call"
        and turn is not None
        and turn["char"] == char
        and turn["step"] == step
        and not turn["sub"]
        and not state["pending"]
    )


# --- Table creation ---------------------------------------------------------------


def test_the_table_form_creates_a_2016_game_with_chosen_options(ana):
    """The Citadels form offers the player count, edition, characters, unique
    districts and short game, and the table gets them."""
    c = login(ana)
    page = c.get(reverse("games:new", args=["citadels"])).content.decode()
    for field in ("players", "edition", "character_set", "rank_9", "short_game"):
        assert f'name="{field}"' in page
    response = c.post(
        reverse("games:new", args=["citadels"]),
        {
            **once(c),
            "visibility": "public",
            "time_per_move": "3",
            "timeout_policy": "bot",
            "players": "5",
            "edition": "2016",
            "character_set": "random",
            "unique_districts": "random",
            "short_game": "7",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get(engine="citadels")
    assert game.num_players == 5
    assert game.options["edition"] == "2016"
    assert game.options["character_set"] == "random"
    assert game.options["unique_districts"] == "random"
    assert game.options["short_game"] == 7


def test_characters_chosen_rank_by_rank_are_used(ana):
    """A chosen line-up (classic alternates) becomes the game's characters."""
    keys = ["witch", "tax_collector", "wizard", "emperor", "abbot"]
    keys += ["alchemist", "navigator", "diplomat"]
    data = {
        "visibility": "public",
        "timeout_policy": "bot",
        "players": "4",
        "edition": "classic",
        "character_set": "chosen",
        "unique_districts": "base",
    }
    data.update({f"rank_{i + 1}": k for i, k in enumerate(keys)})
    response = login(ana).post(
        reverse("games:new", args=["citadels"]), {**data, **once(ana)}
    )
    assert response.status_code == 302
    assert Game.objects.get(engine="citadels").options["characters"] == keys


def test_a_line_up_the_edition_forbids_is_refused_with_the_rule(ana):
    """The Spy is a 2016 character: a classic table with it is not created."""
    data = {
        "visibility": "public",
        "timeout_policy": "bot",
        "players": "4",
        "edition": "classic",
        "character_set": "chosen",
        "unique_districts": "base",
    }
    keys = ["assassin", "spy", "magician", "king", "bishop", "merchant"]
    keys += ["architect", "warlord"]
    data.update({f"rank_{i + 1}": k for i, k in enumerate(keys)})
    response = login(ana).post(
        reverse("games:new", args=["citadels"]), {**data, **once(ana)}
    )
    assert response.status_code == 400  # the form sent back with the rule
    assert "Rank 2 cannot be" in response.content.decode()
    assert not Game.objects.filter(engine="citadels").exists()


# --- The draft -------------------------------------------------------------------


def test_the_picker_sees_the_cards_passed_and_the_face_up_discards(game, four):
    """The crown holder chooses from the pile (each card a control carrying its
    move); the face-up discards are shown to everyone."""
    state = game.state
    picker = ENGINE.to_move(state)[0]
    body = login(four[picker]).get(game.get_absolute_url()).content.decode()
    offered = data_moves(body)
    assert offered and offered == ENGINE.legal_moves(state, picker)
    assert "Choose a character from the cards passed to you." in body
    for c in ENGINE.view(state, None)["face_up"]:
        assert c["name"] in body
    assert "discarded face up" in body


def test_the_others_see_who_is_choosing_and_no_pile(game, four):
    """A player who is not choosing sees whom the table waits for, no controls and
    none of the pile's cards."""
    state = game.state
    picker = ENGINE.to_move(state)[0]
    other = (picker + 1) % 4
    body = login(four[other]).get(game.get_absolute_url()).content.decode()
    assert data_moves(body) == []
    assert f"Waiting for {four[picker].display_name} to choose a character" in body
    assert not ids_in(body) & forbidden_for(state, other, 4)


# --- The turn --------------------------------------------------------------------


def test_the_turn_offers_gold_or_cards_then_keep_then_build(game, four):
    """Each step of the turn is a set of controls: gold or cards, then the drawn
    cards to keep, then the power, builds and the end of the turn."""
    state = advance(game.state, lambda s: s["phase"] == "call" and s["turn"])
    set_state(game, state)
    seat = ENGINE.to_move(state)[0]
    c = login(four[seat])
    body = c.get(game.get_absolute_url()).content.decode()
    assert {"type": "take_gold"} in data_moves(body)
    assert "take gold or draw cards" in body
    response = post_move(c, game, {"type": "draw_cards"})
    assert response.status_code == 200
    body = response.content.decode()
    game.refresh_from_db()
    keeps = [m for m in data_moves(body) if m["type"] == "keep"]
    assert keeps and all(m in ENGINE.legal_moves(game.state, seat) for m in keeps)
    assert "Keep one of the cards you drew." in body
    response = post_move(c, game, keeps[0])
    body = response.content.decode()
    game.refresh_from_db()
    assert {"type": "end_turn"} in data_moves(body) or game.state["turn"]["sub"]


def test_powers_aim_at_characters_as_controls(four):
    """The Assassin's page offers one control per character he may kill, on the
    line-up, and no kill of himself."""
    state = find_state(4, lambda s: acting(s, "assassin"))
    game = start(four)
    set_state(game, state)
    seat = ENGINE.to_move(state)[0]
    body = login(four[seat]).get(game.get_absolute_url()).content.decode()
    kills = [m for m in data_moves(body) if m["type"] == "kill"]
    assert kills and {"type": "kill", "character": "assassin"} not in kills
    assert sorted(map(canon, kills)) == sorted(
        canon(m) for m in ENGINE.legal_moves(state, seat) if m["type"] == "kill"
    )
    assert "Kill the King" in body or "Kill the" in body


def test_a_player_with_two_characters_sees_both(db):
    """With 3 players (classic) each holds two characters and sees both."""
    users = people("Ana", "Ben", "Cy")
    game = start(users)
    state = advance(game.state, lambda s: s["phase"] == "call")
    set_state(game, state)
    mine = ENGINE.view(state, 0)["my_characters"]
    assert len(mine) == 2
    body = login(users[0]).get(game.get_absolute_url()).content.decode()
    for c in mine:
        assert c["name"] in body
    other = login(users[1]).get(game.get_absolute_url()).content.decode()
    assert not ids_in(other) & forbidden_for(state, 1, 3)


def test_two_players_discard_face_down_in_the_draft(db):
    """With 2 players the draft asks for face-down discards: those steps are
    controls too, and the other player never sees which card went."""
    users = people("Ana", "Ben")
    game = start(users)
    state = advance(
        game.state,
        lambda s: (
            s["phase"] == "draft" and s["draft"]["steps"][0]["action"] == "discard"
        ),
    )
    set_state(game, state)
    seat = ENGINE.to_move(state)[0]
    body = login(users[seat]).get(game.get_absolute_url()).content.decode()
    offered = data_moves(body)
    assert offered and all(m["type"] == "discard_character" for m in offered)
    assert "Discard one of these characters face down." in body
    post_move(login(users[seat]), game, offered[0])
    game.refresh_from_db()
    other = login(users[1 - seat]).get(game.get_absolute_url()).content.decode()
    assert not ids_in(other) & forbidden_for(game.state, 1 - seat, 2)
    assert "discarded a character face down" in other


def test_the_magician_swaps_hands_from_the_players_panel(four):
    """A power aimed at a player is a control on that player's panel."""
    state = find_state(4, lambda s: acting(s, "magician") and not s["turn"]["power"])
    game = start(four)
    set_state(game, state)
    seat = state["turn"]["seat"]
    body = login(four[seat]).get(game.get_absolute_url()).content.decode()
    swaps = [m for m in data_moves(body) if m["type"] == "swap_hands"]
    assert swaps
    for move in swaps:
        panel = re.search(
            rf'data-seat="{move["seat"]}">(.*?)</article>', body, re.S
        ).group(1)
        assert move in data_moves(panel)


def test_warrants_are_public_but_only_the_magistrate_knows_the_signed_one(four):
    """2016 Magistrate: everyone sees which characters carry a warrant; only the
    Magistrate's page says which one is signed."""
    keys = ["magistrate", "thief", "magician", "king", "bishop", "merchant"]
    keys += ["architect", "warlord"]
    options = {"edition": "2016", "character_set": "chosen", "characters": keys}

    def marked(s):
        w = s.get("warrants")
        return bool(w) and s["phase"] == "call" and w["revealed"] in (None, False, [])

    state = find_state(4, marked, options)
    game = start(four, options)
    set_state(game, state)
    owner = next(
        i
        for i, p in enumerate(state["players"])
        if "char-magistrate" in p["characters"]
    )
    other = (owner + 1) % 4
    mine = login(four[owner]).get(game.get_absolute_url()).content.decode()
    theirs = login(four[other]).get(game.get_absolute_url()).content.decode()
    assert '<strong class="tag">signed warrant</strong>' in mine
    assert '<strong class="tag">warrant</strong>' in theirs
    assert ">signed warrant<" not in theirs
    assert not ids_in(theirs) & forbidden_for(state, other, 4)


def test_the_warlords_controls_show_what_each_destruction_costs(four):
    """Each district the Warlord may destroy carries a control naming it, its
    owner and the engine's price."""

    def warlord(s):
        if not (acting(s, "warlord") and not s["turn"]["power"]):
            return False
        return any(
            m["type"] == "destroy" for m in ENGINE.legal_moves(s, s["turn"]["seat"])
        )

    state = find_state(4, warlord)
    game = start(four)
    set_state(game, state)
    seat = state["turn"]["seat"]
    body = login(four[seat]).get(game.get_absolute_url()).content.decode()
    assert assert_each_priced_control(body, state, seat, four, "destroy")


def test_the_warlord_destroys_his_own_district_only_from_a_folded_panel(four):
    """No "Destroy" button sits on the Warlord's own districts: his own city's
    targets wait in the power's folded panel (opening it is the confirmation),
    the other cities' targets stay on their districts."""

    def warlord(s):
        if not acting(s, "warlord", step="resources"):
            return False
        seat = s["turn"]["seat"]
        moves = [m for m in ENGINE.legal_moves(s, seat) if m["type"] == "destroy"]
        return {m["seat"] == seat for m in moves} == {True, False}

    state = find_state(4, warlord, {"edition": "2016"})
    game = start(four)
    set_state(game, state)
    seat = state["turn"]["seat"]
    body = login(four[seat]).get(game.get_absolute_url()).content.decode()
    mine = body.index(f'data-seat="{seat}"')
    own_city = body[mine : body.index("</article>", mine)]
    assert "&#34;destroy&#34;" not in own_city and '"destroy"' not in own_city
    panel = re.search(r'<details class="ct-own-targets">(.*?)</details>', body, re.S)
    assert panel and "Destroy your own" in panel.group(1)
    own = [m for m in data_moves(panel.group(1)) if m["type"] == "destroy"]
    assert own and {m["seat"] for m in own} == {seat}
    others = [m for m in data_moves(body) if m["type"] == "destroy"]
    assert {m["seat"] for m in others} - {seat}


def test_the_cardinals_choice_says_what_to_do():
    """Building with another player's gold, the Cardinal's prompt says which
    district, whose gold and how many cards to give, not "finish your choice
    below"."""
    from citadels_table import Table

    from games.citadels.layout import layout

    t = Table(4, edition="2016", character_set="chosen", characters=CARDINAL_SET)
    t.characters(cardinal=0)
    t.turn(0, "cardinal")
    palace, _a, _b, _c = t.hand(0, "palace", "temple", "manor", "tavern")
    t.gold(0, 2)
    t.gold(1, 9)
    t.play(0, {"type": "build", "card": palace, "from": 1})
    board = layout(ENGINE.view(t.state, 0), 0, ENGINE.legal_moves(t.state, 0))
    assert "finish your choice" not in board["prompt"]
    assert "Palace" in board["prompt"] and "3 cards" in board["prompt"]


CARDINAL_SET = ["assassin", "thief", "magician", "king", "cardinal", "merchant"]
CARDINAL_SET += ["architect", "warlord"]


# --- The computer player -------------------------------------------------------


def test_the_computer_player_builds_the_dearest_district_it_can_afford():
    """Among builds, the most expensive affordable district scores highest, and
    building beats ending the turn."""
    from games.citadels.bots.easy import score_move

    view = {
        "players": [
            {"seat": 0, "gold": 4, "city_size": 0, "hand_count": 2, "city": []},
            {"seat": 1, "gold": 1, "city_size": 3, "hand_count": 1, "city": []},
        ],
        "hand": [
            {"id": "district-1", "cost": 1, "type": "religious"},
            {"id": "district-2", "cost": 4, "type": "noble"},
        ],
    }
    cheap = score_move(view, 0, {"type": "build", "card": "district-1"})
    dear = score_move(view, 0, {"type": "build", "card": "district-2"})
    end = score_move(view, 0, {"type": "end_turn"})
    assert dear > cheap > end


def test_the_computer_player_takes_gold_when_poor_and_cards_when_empty_handed():
    """Poor with cards in hand: gold. Rich with an empty hand: cards."""
    from games.citadels.bots.easy import score_move

    def view(gold, hand):
        return {
            "players": [
                {
                    "seat": 0,
                    "gold": gold,
                    "city_size": 0,
                    "hand_count": len(hand),
                    "city": [],
                },
                {"seat": 1, "gold": 0, "city_size": 0, "hand_count": 0, "city": []},
            ],
            "hand": hand,
        }

    poor = view(1, [{"id": "district-3", "cost": 3, "type": "trade"}])
    assert score_move(poor, 0, {"type": "take_gold"}) > score_move(
        poor, 0, {"type": "draw_cards"}
    )
    empty = view(8, [])
    assert score_move(empty, 0, {"type": "draw_cards"}) > score_move(
        empty, 0, {"type": "take_gold"}
    )


def test_the_computer_warlord_aims_at_the_leader():
    """The Warlord prefers destroying in the city of the player furthest ahead."""
    from games.citadels.bots.easy import score_move

    d = {"cost": 2, "type": "trade", "name": "Market"}
    view = {
        "players": [
            {"seat": 0, "gold": 5, "city_size": 2, "hand_count": 1, "city": []},
            {
                "seat": 1,
                "gold": 1,
                "city_size": 2,
                "hand_count": 1,
                "city": [{**d, "id": "district-5"}],
            },
            {
                "seat": 2,
                "gold": 1,
                "city_size": 6,
                "hand_count": 1,
                "city": [{**d, "id": "district-6"}],
            },
        ],
        "hand": [],
    }
    leader = {"type": "destroy", "seat": 2, "district": "district-6"}
    other = {"type": "destroy", "seat": 1, "district": "district-5"}
    assert score_move(view, 0, leader) > score_move(view, 0, other)


# --- Async play ------------------------------------------------------------------


def test_each_draft_step_waits_for_one_player_with_a_deadline_and_an_email(
    four, django_capture_on_commit_callbacks
):
    """After a pick the next chooser is waited for: their seat gets a deadline and a
    "your turn" notification; the others' pages say whom the table waits for."""
    from datetime import timedelta

    from games.models import Notification

    game = services.game_create(
        creator=four[0],
        engine_slug="citadels",
        num_players=4,
        options={},
        time_per_move=timedelta(days=2),
    )
    for user in four[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    picker = ENGINE.to_move(game.state)[0]
    move = ENGINE.legal_moves(game.state, picker)[0]
    with django_capture_on_commit_callbacks(execute=False):
        assert post_move(login(four[picker]), game, move).status_code == 200
    game.refresh_from_db()
    nxt = ENGINE.to_move(game.state)[0]
    assert nxt != picker
    seats = {s.position: s for s in game.seats.all()}
    assert seats[nxt].to_move and seats[nxt].deadline is not None
    assert not seats[picker].to_move and seats[picker].deadline is None
    assert Notification.objects.filter(
        user=four[nxt], kind=Notification.Kind.YOUR_TURN, game=game
    ).exists()
    body = login(four[picker]).get(game.get_absolute_url()).content.decode()
    name = four[nxt].display_name
    assert f"Waiting for {name} to choose a character." in body
    assert "left" in body and data_moves(body) == []


def test_a_targeted_choice_waits_for_the_player_it_asks(
    four, django_capture_on_commit_callbacks
):
    """The classic Emperor gives the crown: the receiver is now the one waited
    for (deadline, "your turn" notice) and pays the tribute from their page."""
    from datetime import timedelta

    from games.models import Notification

    keys = ["assassin", "thief", "magician", "emperor", "bishop", "merchant"]
    keys += ["architect", "warlord"]
    options = {"character_set": "chosen", "characters": keys}

    def emperor(s):
        if not (acting(s, "emperor") and not s["turn"]["power"]):
            return False
        return any(
            s["players"][m["seat"]]["gold"]
            for m in ENGINE.legal_moves(s, s["turn"]["seat"])
            if m["type"] == "give_crown"
        )

    state = find_state(4, emperor, options)
    game = services.game_create(
        creator=four[0],
        engine_slug="citadels",
        num_players=4,
        options=options,
        time_per_move=timedelta(days=3),
    )
    for user in four[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    set_state(game, state)
    seat = state["turn"]["seat"]
    move = next(
        m
        for m in ENGINE.legal_moves(state, seat)
        if m["type"] == "give_crown" and state["players"][m["seat"]]["gold"]
    )
    body = login(four[seat]).get(game.get_absolute_url()).content.decode()
    assert move in data_moves(body)
    with django_capture_on_commit_callbacks(execute=False):
        assert post_move(login(four[seat]), game, move).status_code == 200
    game.refresh_from_db()
    target = move["seat"]
    assert ENGINE.to_move(game.state) == [target]
    receiver = game.seats.get(position=target)
    assert receiver.to_move and receiver.deadline is not None
    assert Notification.objects.filter(
        user=four[target], kind=Notification.Kind.YOUR_TURN, game=game
    ).exists()
    page = login(four[target]).get(game.get_absolute_url()).content.decode()
    assert "The Emperor gave you the crown: pay him a tribute." in page
    assert {"type": "tribute", "gold": 1} in data_moves(page)
    other = login(four[seat]).get(game.get_absolute_url()).content.decode()
    name = four[target].display_name
    assert f"Waiting for {name} to answer." in other
    assert not ids_in(other) & forbidden_for(game.state, seat, 4)


# --- Bad input -------------------------------------------------------------------


def refused(game, user, move, message):
    version = game.version
    before = json.dumps(game.state, sort_keys=True)
    response = post_move(login(user), game, move)
    assert response.status_code == 400, response.status_code
    body = response.content.decode()
    assert message in body, re.findall(r'class="msg error"[^<]*<', body)
    game.refresh_from_db()
    assert game.version == version
    assert json.dumps(game.state, sort_keys=True) == before
    return body


def test_robbing_the_assassin_is_refused_naming_the_rule(four):
    """The Thief cannot rob rank 1: a 400 with the rule, nothing changes."""
    state = find_state(4, lambda s: acting(s, "thief") and not s["turn"]["power"])
    game = start(four)
    set_state(game, state)
    seat = ENGINE.to_move(state)[0]
    refused(
        game,
        four[seat],
        {"type": "rob", "character": "assassin"},
        "The Thief cannot rob the Assassin.",
    )


def test_building_a_duplicate_is_refused(four):
    """No two districts of the same name in a city."""
    state = find_state(
        4,
        lambda s: (
            acting(s, "king")
            and s["turn"]["built"] == 0
            and s["players"][s["turn"]["seat"]]["city"]
        ),
    )
    seat = state["turn"]["seat"]
    p = state["players"][seat]
    built = p["city"][0]["id"]
    # A second copy of the same district in hand, taken from the deck.
    from games.citadels.engine.common import card_map

    cards = card_map(state)
    twin = next(
        (c for c in state["deck"] if cards[c] == cards[built] and c != built), None
    )
    if twin is None:
        pytest.skip("no second copy in the deck")
    state["deck"].remove(twin)
    p["hand"].append(twin)
    p["gold"] = 20
    game = start(four)
    set_state(game, state)
    refused(
        game,
        four[seat],
        {"type": "build", "card": twin},
        "no two districts of the same name",
    )


def test_building_beyond_the_limit_is_refused(four):
    """The King builds one district a turn."""
    state = find_state(4, lambda s: acting(s, "king") and s["turn"]["built"] == 1)
    seat = state["turn"]["seat"]
    p = state["players"][seat]
    p["gold"] = 30
    names = {d["id"] for d in p["city"]}
    from games.citadels.engine.common import card_map

    cards = card_map(state)
    keys = {cards[i] for i in names}
    card = next(c for c in state["deck"] if cards[c] not in keys)
    state["deck"].remove(card)
    p["hand"].append(card)
    game = start(four)
    set_state(game, state)
    refused(game, four[seat], {"type": "build", "card": card}, "at most 1 district")


def test_building_without_the_gold_is_refused(four):
    """A district costing more than one's gold is refused with its price."""
    state = find_state(4, lambda s: acting(s, "king") and s["turn"]["built"] == 0)
    seat = state["turn"]["seat"]
    p = state["players"][seat]
    p["gold"] = 0
    from games.citadels.engine.common import card_map

    cards = card_map(state)
    keys = {cards[d["id"]] for d in p["city"]}
    card = next(c for c in state["deck"] if cards[c] not in keys)
    state["deck"].remove(card)
    p["hand"].append(card)
    game = start(four)
    set_state(game, state)
    refused(game, four[seat], {"type": "build", "card": card}, "you do not have enough")


def test_destroying_in_a_completed_city_is_refused(four):
    """The Warlord cannot touch a completed city."""
    state = find_state(
        4,
        lambda s: (
            acting(s, "warlord")
            and not s["turn"]["power"]
            and any(
                p["city"] for i, p in enumerate(s["players"]) if i != s["turn"]["seat"]
            )
        ),
    )
    seat = state["turn"]["seat"]
    target = next(i for i, p in enumerate(state["players"]) if i != seat and p["city"])
    # Complete the target's city with districts from the deck.
    from games.citadels.engine.common import card_map

    cards = card_map(state)
    city = state["players"][target]["city"]
    keys = {cards[d["id"]] for d in city}
    for cid in list(state["deck"]):
        if len(city) >= state["complete_size"]:
            break
        if cards[cid] not in keys and cards[cid] != "keep":
            state["deck"].remove(cid)
            city.append({"id": cid, "beautified": False, "round": 1})
            keys.add(cards[cid])
    state["players"][seat]["gold"] = 20
    game = start(four)
    set_state(game, state)
    refused(
        game,
        four[seat],
        {"type": "destroy", "seat": target, "district": city[0]["id"]},
        "completed city",
    )


def _bishop_city(s) -> bool:
    if not (acting(s, "warlord") and not s["turn"]["power"]):
        return False
    if s["killed"] == "bishop":
        return False
    return any(
        "char-bishop" in p["characters"] and p["city"]
        for i, p in enumerate(s["players"])
        if i != s["turn"]["seat"]
    )


def test_destroying_in_the_bishops_city_is_refused(four):
    """The Warlord cannot touch the city of a living Bishop; the page offers no
    such control and a forged move is refused with the rule."""
    state = find_state(4, _bishop_city)
    seat = state["turn"]["seat"]
    target = next(
        i for i, p in enumerate(state["players"]) if "char-bishop" in p["characters"]
    )
    state["players"][seat]["gold"] = 20
    game = start(four)
    set_state(game, state)
    district = state["players"][target]["city"][0]["id"]
    body = refused(
        game,
        four[seat],
        {"type": "destroy", "seat": target, "district": district},
        "the Bishop",
    )
    assert not any(
        m.get("seat") == target and m["type"] == "destroy" for m in data_moves(body)
    )


@pytest.mark.parametrize(
    "raw, status, message",
    [
        ("not json", 400, "not valid JSON"),
        (json.dumps({"type": "fly"}), 400, "Choose a character first"),
    ],
)
def test_malformed_moves_are_refused_and_change_nothing(
    game, four, raw, status, message
):
    """Nonsense is a 4xx with a readable message."""
    picker = ENGINE.to_move(game.state)[0]
    response = login(four[picker]).post(
        reverse("games:move", args=[game.pk]),
        {"move": raw, "version": game.version},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == status
    assert message in response.content.decode()
    game.refresh_from_db()
    assert game.version == 0


def test_a_player_who_is_not_asked_cannot_move(game, four):
    """Only the seat the engine waits for may act; the others get a 409."""
    picker = ENGINE.to_move(game.state)[0]
    other = (picker + 1) % 4
    move = ENGINE.legal_moves(game.state, picker)[0]
    response = post_move(login(four[other]), game, move)
    assert response.status_code == 409
    game.refresh_from_db()
    assert game.version == 0


# --- Whole games -----------------------------------------------------------------


def play_over_http(game, users, *, every_page: bool, max_queries=None) -> int:
    """Plays the whole game through the HTTP client, each move chosen by the
    computer player for the seat to move, among the page's own controls. Checks
    that no response to a player holds an id it may not see."""
    clients = [login(u) for u in users]
    spectator = Client()
    n = len(users)
    moves = 0
    while True:
        game.refresh_from_db()
        state = game.state
        if ENGINE.is_over(state):
            break
        seat = ENGINE.to_move(state)[0]
        if every_page or moves % 4 == 0:
            body = clients[seat].get(game.get_absolute_url()).content.decode()
            offered = data_moves(body)
            legal = ENGINE.legal_moves(state, seat)
            assert sorted(map(canon, offered)) == sorted(map(canon, legal))
            assert not ids_in(body) & forbidden_for(state, seat, n)
        move = choose_move(ENGINE, state, seat, seed=moves)
        response = post_move(clients[seat], game, move)
        assert response.status_code == 200, response.content[:300]
        moves += 1
        game.refresh_from_db()
        after = game.state
        assert not ids_in(response.content.decode()) & forbidden_for(after, seat, n)
        if every_page:
            for other in range(n):
                if other == seat:
                    continue
                page = clients[other].get(game.get_absolute_url()).content.decode()
                assert not ids_in(page) & forbidden_for(after, other, n)
            page = spectator.get(game.get_absolute_url()).content.decode()
            assert not ids_in(page) & forbidden_for(after, None, n)
        assert moves < 3000
    return moves


def test_a_whole_four_player_classic_game_over_http_leaks_nothing(four):
    """Four players play a classic game to the end over HTTP; no page shown to a
    player ever holds another seat's hand, hidden characters, the face-down
    discards or the deck; the final page shows every score. (A short game, so
    that every player's page can be read after every move.)"""
    game = start(four, {"short_game": 6})
    play_over_http(game, four, every_page=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    body = login(four[0]).get(game.get_absolute_url()).content.decode()
    assert "Final score" in body and "wins with" in body
    for row in ENGINE.outcome(game.state):
        assert f'data-score="{row["seat"]}"><strong>{row["score"]}<' in body


@pytest.mark.parametrize("num_players", [3, 5, 8])
def test_a_whole_2016_game_over_http_leaks_nothing(db, num_players):
    """A short 2016 game with random characters and unique districts, played to
    the end over HTTP: the controls are exactly the legal moves (checked every
    few moves) and no response to the mover leaks anything."""
    users = people(*[f"P{i}" for i in range(num_players)])
    game = start(
        users,
        {
            "edition": "2016",
            "character_set": "random",
            "unique_districts": "random",
            "short_game": 6,
        },
    )
    play_over_http(game, users, every_page=False)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def test_computer_players_finish_a_game_with_two_people(
    db, django_capture_on_commit_callbacks
):
    """Two people and two computer players: the bots play their draft picks and
    turns after each commit, so only the people are ever waited for."""
    ana, ben = people("Ana", "Ben")
    game = services.game_create(
        creator=ana, engine_slug="citadels", num_players=4, options={}
    )
    services.seat_add_bot(game_id=game.pk, user=ana)
    services.seat_add_bot(game_id=game.pk, user=ana)
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_join(game_id=game.pk, user=ben)
    game.refresh_from_db()
    humans = {s.position: s.user for s in game.seats.all() if s.user_id}
    play = {pos: login(u) for pos, u in humans.items()}
    for k in range(3000):
        game.refresh_from_db()
        if ENGINE.is_over(game.state):
            break
        seat = ENGINE.to_move(game.state)[0]
        assert seat in humans
        move = choose_move(ENGINE, game.state, seat, seed=k)
        with django_capture_on_commit_callbacks(execute=True):
            assert post_move(play[seat], game, move).status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.seats.exclude(bot_level="").count() == 2


def test_the_page_takes_a_constant_number_of_queries(
    game, four, django_assert_max_num_queries
):
    """The page and its poll stay within a dozen queries, in the draft and late in
    the game."""
    c = login(four[0])
    with django_assert_max_num_queries(12):
        c.get(game.get_absolute_url())
    state = advance(game.state, lambda s: s["round"] >= 4 and s["phase"] == "call")
    set_state(game, state)
    with django_assert_max_num_queries(12):
        c.get(game.get_absolute_url())
    with django_assert_max_num_queries(12):
        c.get(reverse("games:poll", args=[game.pk]) + "?version=-1")


def _french():
    """The French catalogue (django.po): plain, plural and contextual entries."""
    from pathlib import Path
    from types import SimpleNamespace

    import polib

    path = Path(__file__).resolve().parents[2] / "locale/fr/LC_MESSAGES/django.po"
    po = [e for e in polib.pofile(str(path)) if not e.obsolete]
    return SimpleNamespace(
        FR={
            e.msgid: e.msgstr
            for e in po
            if not e.msgctxt and not e.msgid_plural and e.msgstr
        },
        FR_PLURAL={e.msgid: e.msgstr_plural for e in po if e.msgid_plural},
        FR_CONTEXT={(e.msgctxt, e.msgid): e.msgstr for e in po if e.msgctxt},
    )


def _msgids(path, start=None, end=None) -> list[str]:
    text = path.read_text()
    if start:
        text = text[text.index(start) : text.index(end) if end else None]
    found = []
    for call in re.finditer(r'_\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)', text):
        parts = re.findall(r'"(?:[^"\\]|\\.)*"', call.group(1))
        found.append("".join(json.loads(p) for p in parts))
    return found


def test_every_engine_and_page_string_has_a_french_translation():
    """The card names, log lines and refusals of the engine, the page's controls
    and the table form all have a French text in the catalogue (django.po) with
    the same placeholders."""
    from pathlib import Path

    from games.citadels.engine import characters as ch
    from games.citadels.engine import districts as ds

    root = Path(__file__).resolve().parents[2]
    fr = _french()
    wanted = [name for name, *_rest in ch.CHARACTERS.values()]
    wanted += [v[0] for v in ds.BASIC.values()]
    wanted += list(ds.NAMES.values()) + list(ds.CLASSIC_NAMES.values())
    for path in (root / "games/citadels/engine").glob("*.py"):
        wanted += _msgids(path)
    wanted += _msgids(root / "games/citadels/board_words.py")
    wanted += _msgids(root / "games/citadels/layout.py")
    wanted += _msgids(root / "games/citadels/move_labels.py")
    wanted += _msgids(root / "games/citadels/forms.py", "class CitadelsForm")
    from django.template import engines

    contextual, plural = [], []
    for name in ("board.jinja", "pieces.jinja"):
        board = (root / "games/citadels/templates/games/citadels" / name).read_text()
        env = engines["jinja2"].env
        for _line, function, message in env.extract_translations(board):
            strings = message if isinstance(message, tuple) else (message,)
            if function == "pgettext":
                contextual.append(strings[:2])
            elif function == "ngettext":
                plural.append(strings[0])
            else:
                wanted.append(strings[0])
    missing = sorted({w for w in wanted if w not in fr.FR})
    missing += sorted({w for w in plural if w not in fr.FR_PLURAL})
    missing += sorted({c for c in contextual if c not in fr.FR_CONTEXT})
    assert missing == []
    marks = re.compile(r"\{\w+\}|%\(\w+\)[sd]")
    for english in set(wanted):
        french = fr.FR[english]
        assert sorted(marks.findall(english)) == sorted(marks.findall(french)), english


def _threatened_merchant(users, flowered: str, other: str) -> Game:
    """A 2016 table where the Blackmailer (seat 0) threatened the Merchant (seat 1)
    and the king; the Merchant has taken gold and is asked for the bribe."""
    from citadels_table import Table

    chars = ["assassin", "blackmailer", "magician", "king", "bishop", "merchant"]
    chars += ["architect", "warlord"]
    options = {"edition": "2016", "character_set": "chosen", "characters": chars}
    game = start(users, options)
    t = Table(4, seed=1, **options)
    t.characters(blackmailer=0, merchant=1, warlord=2)
    t.turn(0, "blackmailer")
    t.play(0, {"type": "threats", "flowered": flowered, "other": other})
    t.play(0, {"type": "end_turn"})
    t.gold(1, 5)
    t.play(1, {"type": "take_gold"})
    game.state = t.state
    game.save(update_fields=["state"])
    return game


def _as_seen(client, game) -> list[str]:
    """The page and the poll of a game, without what differs between two games
    (their ids and the CSRF token)."""
    bodies = [
        client.get(game.get_absolute_url()).content.decode(),
        client.get(
            reverse("games:poll", args=[game.pk]) + "?version=-1"
        ).content.decode(),
    ]
    out = []
    for body in bodies:
        body = re.sub(
            r'(csrfmiddlewaretoken" value=|csrf[-_]token[^"]*")"[^"]*"', "T", body
        )
        body = re.sub(r'"X-CSRFToken": *"[^"]*"', "T", body)
        body = re.sub(r'nonce="[^"]*"', "N", body)
        body = body.replace(f"#{game.pk}<", "#ID<").replace(f"#{game.pk} ", "#ID ")
        body = body.replace(f"/games/{game.pk}/", "/games/ID/")
        body = body.replace(f'data-game="{game.pk}"', 'data-game="ID"')
        out.append(body)
    return out


def test_a_paid_bribe_tells_a_third_seat_nothing_of_the_threats_truth(four):
    """2016 Blackmailer: a bribe removes the threat without revealing it. A third
    seat's page and poll are the same whether the paid-off threat was the flowered
    one or the blank one."""
    seen = []
    for flowered, other in (("merchant", "king"), ("king", "merchant")):
        game = _threatened_merchant(four, flowered, other)
        assert (
            post_move(login(four[1]), game, {"type": "bribe", "pay": True}).status_code
            == 200
        )
        game.refresh_from_db()
        page = _as_seen(login(four[2]), game)
        assert "flowered threat" not in page[0]
        assert "bribe paid" in page[0]
        seen.append(page)
    assert seen[0] == seen[1]
