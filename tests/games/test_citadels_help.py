"""The Citadels page explains itself: what each character and district does (the
engine's texts, in English and French), which unique districts are in the game,
what a bribe, a seizure or a destruction costs before it is chosen, and, at the
end, each unique district's bonus and the tie-break that decided."""

import re
from pathlib import Path

import polib
import pytest
from citadels_helpers import assert_each_priced_control, find_state, people, start
from django.utils import translation
from markupsafe import escape  # as the Jinja2 board partials escape
from page_helpers import data_moves, login

from games import engines
from games.citadels.engine import characters as ch
from games.citadels.engine import districts as ds
from games.citadels.engine import texts
from games.citadels.engine.common import card_map
from games.models import Game

pytestmark = pytest.mark.django_db
ENGINE = engines.get("citadels")
ROOT = Path(__file__).resolve().parents[2]
SECRET_ID = re.compile(r"(?:district-\d+|char-[a-z_]+|warrant-signed|threat-flowered)")
PLACEHOLDER = re.compile(r"\{\w+\}")


@pytest.fixture
def four(db):
    return people("Ana", "Ben", "Cy", "Dee")


def set_state(game: Game, state: dict) -> None:
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()


def page(game, user) -> str:
    return login(user).get(game.get_absolute_url()).content.decode()


def forbidden_for(state: dict, seat: int, num_players: int) -> set[str]:
    out = set(ENGINE.secrets(state, None))
    for other in range(num_players):
        if other != seat:
            out |= set(ENGINE.secrets(state, other))
    return out - set(ENGINE.secrets(state, seat))


def item(body: str, marker: str, end: str = "</li>") -> str:
    """The markup from `marker` to the end of its element."""
    start_at = body.index(marker)
    return body[start_at : body.index(end, start_at)]


# --- Every text, in both languages ---------------------------------------------


def every_card() -> list[tuple[str, str, str]]:
    """(kind, key, edition) for every character and unique district of each
    edition, and every basic district."""
    cards = []
    for key, (_name, classic, modern) in ch.CHARACTERS.items():
        if classic is not None:
            cards.append(("character", key, "classic"))
        if modern is not None:
            cards.append(("character", key, "2016"))
    for key in set(ds.CLASSIC_UNIQUES) | set(ds.CLASSIC_DARK_CITY):
        cards.append(("district", key, "classic"))
    for key in ds.UNIQUES_2016:
        cards.append(("district", key, "2016"))
    for key in ds.BASIC:
        cards += [("district", key, "classic"), ("district", key, "2016")]
    return sorted(cards)


def card_text(kind: str, key: str, edition: str) -> str:
    lineup = ["assassin", "thief", "magician", "king", "bishop", "merchant"]
    lineup += ["architect", "warlord"]
    if kind == "character":
        return texts.character_text(key, edition)
    return texts.district_text(key, edition, lineup)


@pytest.mark.parametrize(("kind", "key", "edition"), every_card())
def test_every_card_of_both_editions_says_what_it_does_in_english_and_french(
    kind, key, edition
):
    """Each character and each district of each edition has a text; the French
    one is a translation (not the English again) with every number filled in."""
    with translation.override("en"):
        english = card_text(kind, key, edition)
    with translation.override("fr"):
        french = card_text(kind, key, edition)
    assert len(english) > 20 and not PLACEHOLDER.search(english)
    assert french != english and not PLACEHOLDER.search(french)


def test_every_text_is_in_the_french_catalogue_with_its_placeholders():
    """Every text the engine keeps (texts.py) has a French entry in django.po
    that keeps the same placeholders."""
    po = polib.pofile(str(ROOT / "locale/fr/LC_MESSAGES/django.po"))
    catalogue = {e.msgid: e.msgstr for e in po if not e.msgctxt and not e.obsolete}
    wanted = []
    for table in (texts.CHARACTERS, texts.DISTRICTS):
        for value in table.values():
            wanted += list(value.values()) if isinstance(value, dict) else [value]
    wanted += list(texts.INCOME.values())
    wanted += [t for pair in texts.TYPES.values() for t in pair]
    missing = [w for w in wanted if not catalogue.get(w)]
    assert missing == []
    for english in wanted:
        french = catalogue[english]
        assert sorted(PLACEHOLDER.findall(english)) == sorted(
            PLACEHOLDER.findall(french)
        ), english


def test_a_text_uses_the_numbers_of_the_rules():
    """The numbers in the texts are the engine's: the classic and 2016
    Laboratories, the Navigator, the Architect."""
    from games.citadels.engine.alternates import NAVIGATOR_TAKE
    from games.citadels.engine.powers import ARCHITECT_CARDS
    from games.citadels.engine.wonders import LABORATORY_GOLD

    with translation.override("en"):
        for edition in ("classic", "2016"):
            gold = LABORATORY_GOLD[edition]
            assert f"to gain {gold} gold" in texts.district_text("laboratory", edition)
        assert f"Take {NAVIGATOR_TAKE} gold" in texts.character_text(
            "navigator", "2016"
        )
        assert f"draw {ARCHITECT_CARDS} extra cards" in texts.character_text(
            "architect", "classic"
        )


def test_the_editions_explain_their_own_version_of_a_card():
    """Where the editions differ, each explains its own rule: the classic
    Emperor is paid by the new crown holder, the 2016 one takes from them."""
    with translation.override("en"):
        classic = texts.character_text("emperor", "classic")
        modern = texts.character_text("emperor", "2016")
        assert "who pays you" in classic and "take 1 gold or 1 random card" in modern
        assert texts.character_text("abbot", "2016").startswith(
            "Income: 1 gold or 1 card, as you choose"
        )


def test_a_basic_district_names_the_characters_with_income_for_it():
    """A Manor says which characters of this game collect for noble districts,
    by their names in the edition played."""
    lineup = ["assassin", "thief", "magician", "patrician", "bishop", "merchant"]
    lineup += ["architect", "warlord"]
    with translation.override("fr"):
        manor = texts.district_text("manor", "2016", lineup)
        market = texts.district_text("market", "2016", lineup)
    assert (
        manor == "Quartier noble. Revenus pour ce type dans cette partie : Patricien."
    )
    assert market.endswith(": Marchande.")


# --- On the page ----------------------------------------------------------------


def test_each_character_of_the_line_up_explains_itself(four):
    """Every character of the line-up is a button described by its text (shown
    on hover, focus and tap), for the seat and for a spectator."""
    game = start(four, {"edition": "2016", "character_set": "random"})
    body = page(game, four[0])
    lineup = item(body, 'class="ct-lineup"', "</section>")
    view = ENGINE.view(game.state, 0)
    for c in view["lineup"]:
        li = item(lineup, f'data-char="{c["key"]}"')
        tip = f"tip-c-{c['key']}"
        assert f'aria-describedby="{tip}"' in li and 'aria-expanded="false"' in li
        assert f'id="{tip}" role="tooltip" hidden>{escape(c["text"])}<' in li
    assert escape(texts.character_text(view["lineup"][0]["key"], "2016")) in lineup


def test_each_district_in_the_cities_and_the_hand_explains_itself(four):
    """Every district shown to a seat (its hand, every city) carries its text;
    the page still holds nothing the seat may not see."""

    def built(s):
        return s["phase"] == "call" and sum(len(p["city"]) for p in s["players"]) >= 6

    state = find_state(4, built, {"unique_districts": "random"})
    game = start(four, {"unique_districts": "random"})
    set_state(game, state)
    seat = 1
    body = page(game, four[seat])
    view = ENGINE.view(state, seat)
    shown = [d for p in view["players"] for d in p["city"]] + view["hand"]
    assert shown
    for d in shown:
        li = item(body, f'data-card="{d["id"]}"')
        assert f'aria-describedby="tip-{d["id"]}"' in li
        assert escape(view["district_texts"][d["key"]]) in li
    assert not set(SECRET_ID.findall(body)) & forbidden_for(state, seat, 4)


def test_the_unique_districts_of_the_game_are_listed_with_their_texts(four):
    """A panel lists the unique districts chosen at set-up (here at random),
    each with its cost and what it does, and no other."""
    game = start(four, {"edition": "2016", "unique_districts": "random"})
    body = page(game, four[2])
    panel = item(body, 'class="ct-uniques"', "</details>")
    assert "The 14 unique districts in this game" in panel
    listed = re.findall(r'data-unique="(\w+)"', panel)
    assert listed == game.state["uniques"]
    for key in listed:
        entry = item(panel, f'data-unique="{key}"', "</div>")
        assert escape(_en(lambda k=key: texts.district_text(k, "2016"))) in entry
        assert escape(_en(lambda k=key: ds.name(k, "2016"))) in entry


def _en(read):
    with translation.override("en"):
        return read()


def test_the_unique_districts_panel_is_in_french_for_a_french_reader(db):
    users = people("Ana", "Ben", "Cy", "Dee", language="fr")
    game = start(users, {"edition": "2016"})
    panel = item(page(game, users[0]), 'class="ct-uniques"', "</details>")
    assert "Les 14 merveilles de cette partie" in panel
    assert "Une fois par tour, payez 2 or pour piocher 3 cartes." in panel


def test_the_bribe_control_shows_what_it_costs(db):
    """A threatened player sees the price of the bribe on its button: half
    their gold, rounded down, as the engine takes it."""
    lineup = ["assassin", "blackmailer", "magician", "king", "bishop", "merchant"]
    lineup += ["architect", "warlord"]
    options = {"edition": "2016", "character_set": "chosen", "characters": lineup}

    def bribe(s):
        turn = s.get("turn")
        return bool(
            s["phase"] == "call"
            and turn
            and turn["sub"]
            and turn["sub"]["kind"] == "bribe"
            and s["players"][turn["seat"]]["gold"] >= 3
        )

    state = find_state(4, bribe, options)
    users = people("Ana", "Ben", "Cy", "Dee")
    game = start(users, options)
    set_state(game, state)
    seat = state["turn"]["seat"]
    half = state["players"][seat]["gold"] // 2
    body = page(game, users[seat])
    assert {"type": "bribe", "pay": True} in data_moves(body)
    assert f"Pay the bribe: {half} gold" in body
    after = ENGINE.apply(state, seat, {"type": "bribe", "pay": True})
    assert after["players"][seat]["gold"] == state["players"][seat]["gold"] - half


def test_the_marshals_controls_show_what_each_seizure_costs(db):
    """Each district the Marshal may seize carries its price, the engine's."""
    lineup = ["assassin", "thief", "magician", "king", "bishop", "merchant"]
    lineup += ["architect", "marshal"]
    options = {"edition": "2016", "character_set": "chosen", "characters": lineup}

    def marshal(s):
        turn = s.get("turn")
        if not (s["phase"] == "call" and turn and turn["char"] == "marshal"):
            return False
        if turn["step"] != "main" or turn["sub"] or s["pending"]:
            return False
        return any(m["type"] == "seize" for m in ENGINE.legal_moves(s, turn["seat"]))

    state = find_state(4, marshal, options)
    users = people("Ana", "Ben", "Cy", "Dee")
    game = start(users, options)
    set_state(game, state)
    seat = state["turn"]["seat"]
    body = page(game, users[seat])
    assert assert_each_priced_control(body, state, seat, users, "seize")


def test_the_confiscation_control_says_it_is_free_and_what_the_builder_gets_back(
    db,
):
    """The Magistrate, asked about a warranted build, sees that confiscating
    costs nothing and how much gold goes back to the builder."""
    lineup = ["magistrate", "thief", "magician", "king", "bishop", "merchant"]
    lineup += ["architect", "warlord"]
    options = {"edition": "2016", "character_set": "chosen", "characters": lineup}

    def confiscate(s):
        pending = s.get("pending")
        return bool(
            pending
            and pending["kind"] == "magistrate"
            and {"type": "confiscate", "take": True}
            in ENGINE.legal_moves(s, pending["seat"])
        )

    state = find_state(4, confiscate, options)
    users = people("Ana", "Ben", "Cy", "Dee")
    game = start(users, options)
    set_state(game, state)
    pending = state["pending"]
    body = page(game, users[pending["seat"]])
    name = ENGINE.view(state, pending["seat"])["pending"]["card"]["name"]
    builder = users[pending["builder"]].display_name
    expected = (
        f"Confiscate the {name}: free for you, {builder} gets "
        f"{pending['paid']} gold back"
    )
    assert expected in body


# --- The end --------------------------------------------------------------------


def over(options: dict, cities: dict, revealed: dict, crown: int = 3) -> dict:
    """A finished game whose cities (seat -> district keys) and revealed
    characters (seat -> keys) are given."""
    opts = ENGINE.validate_options(4, options)
    state = ENGINE.setup(4, opts, 5)
    ids = card_map(state)
    for p in state["players"]:
        state["deck"] += [d["id"] for d in p["city"]]
        p["city"], p["revealed"], p["characters"] = [], [], []
    for seat, keys in cities.items():
        for key in keys:
            cid = next(c for c in state["deck"] if ids[c] == key)
            state["deck"].remove(cid)
            state["players"][seat]["city"].append(
                {"id": cid, "beautified": False, "round": 1}
            )
    for seat, keys in revealed.items():
        chars = [ch.char_id(k) for k in keys]
        state["players"][seat]["characters"] = list(chars)
        state["players"][seat]["revealed"] = list(chars)
    state.update(phase="over", pending=None, turn=None, crown=crown)
    return state


def test_the_final_table_shows_each_unique_bonus_and_the_tie_break(four):
    """Ana and Ben tie on 11 points: the table names Ana's Dragon Gate bonus,
    and says the tie was decided by the ranks revealed in the last round (Ben's
    Warlord, 8, over Ana's King, 4)."""
    options = {"edition": "2016"}
    state = over(
        options,
        {0: ["dragon_gate", "manor"], 1: ["palace", "castle", "church"]},
        {0: ["king"], 1: ["warlord"], 2: ["thief"], 3: ["bishop"]},
    )
    outcome = {r["seat"]: r for r in ENGINE.outcome(state)}
    assert outcome[0]["score"] == outcome[1]["score"] == 11
    assert outcome[1]["rank"] == 1 and outcome[0]["rank"] == 2
    game = start(four, options)
    set_state(game, state)
    body = page(game, four[2])
    row = item(body, 'class="seat-0"', "</tr>")
    assert '<li data-bonus="dragon_gate">Dragon Gate: 2</li>' in row
    assert (
        "Tie on 11 points between Ben, Ana, decided by the highest rank each "
        "revealed in the last round: Ben: rank 8, Ana: rank 4."
    ) in body


def test_a_tie_the_ranks_cannot_break_is_a_shared_place(four):
    """Equal points and equal highest ranks: the table says the place is
    shared."""
    options = {"edition": "2016"}
    state = over(
        options,
        {0: ["manor"], 1: ["monastery"]},
        {0: ["king"], 1: ["king"], 2: ["thief"], 3: ["bishop"]},
    )
    game = start(four, options)
    set_state(game, state)
    body = page(game, four[0])
    assert (
        "Tie on 3 points between Ana, Ben; the highest ranks revealed in the last "
        "round are equal too (Ana: rank 4, Ben: rank 4): they share the place."
    ) in body


def test_the_final_table_says_the_tie_break_in_french(db):
    users = people("Ana", "Ben", "Cy", "Dee", language="fr")
    options = {"edition": "2016"}
    state = over(
        options,
        {0: ["dragon_gate", "manor"], 1: ["palace", "castle", "church"]},
        {0: ["king"], 1: ["warlord"], 2: ["thief"], 3: ["bishop"]},
    )
    game = start(users, options)
    set_state(game, state)
    body = page(game, users[0])
    assert '<li data-bonus="dragon_gate">Dracoport : 2</li>' in body
    assert (
        "Égalité à 11 points entre Ben, Ana, départagée par le rang le plus élevé "
        "que chacun a révélé au dernier tour : Ben : rang 8, Ana : rang 4."
    ) in body
