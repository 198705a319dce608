"""Citadels in French names the characters as the edition being played does
(GLOSSARY.md 1): the 2016 cards feminised the Magician, the Merchant and the
Navigator (Magicienne, Marchande, Navigatrice), the classic ones did not. The
words said of a character agree with its name; English is the same for both."""

import re
from pathlib import Path

import pytest
from citadels_helpers import find_state
from django.utils import translation
from page_helpers import login, post_move

from games import engines, services
from games.engines.base import IllegalMove
from games.models import Game

pytestmark = pytest.mark.django_db
ENGINE = engines.get("citadels")
ROOT = Path(__file__).resolve().parents[2]
# The base line-up with the Navigator at rank 7: the three renamed cards in play.
LINEUP = ["assassin", "thief", "magician", "king", "bishop", "merchant"]
LINEUP += ["navigator", "warlord"]


def options(edition: str) -> dict:
    return {"edition": edition, "character_set": "chosen", "characters": LINEUP}


def people(*specs):
    """Users (name, language) without a password: tests log in directly."""
    from accounts.models import User

    return [
        User.objects.create_user(
            email=f"{name.lower()}@example.com",
            password=None,
            display_name=name,
            language=language,
        )
        for name, language in specs
    ]


@pytest.fixture
def table(db):
    """Ana and Ben read French, Cy and Dee English."""
    return people(("Ana", "fr"), ("Ben", "fr"), ("Cy", "en"), ("Dee", "en"))


def start(users, opts) -> Game:
    game = services.game_create(
        creator=users[0], engine_slug="citadels", num_players=len(users), options=opts
    )
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game


def acting(char, move=None):
    """The character's player at the main step, power unused (and `move` legal)."""

    def until(state):
        turn = state.get("turn")
        return (
            state["phase"] == "call"
            and turn is not None
            and turn["char"] == char
            and turn["step"] == "main"
            and not turn["sub"]
            and not turn["power"]
            and not state["pending"]
            and (move is None or move in ENGINE.legal_moves(state, turn["seat"]))
        )

    return until


def page(game, user) -> str:
    return login(user).get(game.get_absolute_url()).content.decode()


def line_up(body: str) -> str:
    return body[body.index('class="ct-lineup"') : body.index("</section>")]


# --- Names -------------------------------------------------------------------------


def test_every_card_name_reaches_the_french_catalogue(french_catalogue):
    """The character and district names are in the compiled catalogue with their
    French (the classic names without context, the 2016 ones in the context
    "citadels 2016")."""
    import polib

    from games.citadels.engine import characters as ch
    from games.citadels.engine import districts as ds

    po = polib.pofile(str(ROOT / "locale/fr/LC_MESSAGES/django.po"))
    plain = {e.msgid: e.msgstr for e in po if not e.msgctxt and not e.msgid_plural}
    contextual = {(e.msgctxt, e.msgid): e.msgstr for e in po if e.msgctxt}
    names = [name for name, *_rest in ch.CHARACTERS.values()]
    names += [v[0] for v in ds.BASIC.values()]
    names += list(ds.NAMES.values()) + list(ds.CLASSIC_NAMES.values())
    edition = {k: v for k, v in contextual.items() if k[0] == "citadels 2016"}
    assert edition  # the 2016 names have their context
    with translation.override("fr"):
        translated = {n: translation.gettext(n) for n in names}
        assert translated == {n: plain[n] for n in names}
        assert all(translated[n] for n in names)
        assert {(c, n): translation.pgettext(c, n) for c, n in edition} == edition


def test_a_2016_game_in_french_shows_the_magicienne_marchande_and_navigatrice(
    table,
):
    game = start(table, options("2016"))
    lineup = line_up(page(game, table[0]))
    for name in ("Magicienne", "Marchande", "Navigatrice", "Roi", "Condottiere"):
        assert f'class="ct-cname">{name}<' in lineup
    for name in ("Magicien", "Marchand", "Navigateur"):
        assert f'class="ct-cname">{name}<' not in lineup


def test_a_classic_game_in_french_shows_the_magicien_marchand_and_navigateur(table):
    game = start(table, options("classic"))
    lineup = line_up(page(game, table[0]))
    for name in ("Magicien", "Marchand", "Navigateur", "Roi", "Condottiere"):
        assert f'class="ct-cname">{name}<' in lineup
    for name in ("Magicienne", "Marchande", "Navigatrice"):
        assert f'class="ct-cname">{name}<' not in lineup


@pytest.mark.parametrize("edition", ["classic", "2016"])
def test_english_names_are_the_same_in_both_editions(table, edition):
    game = start(table, options(edition))
    lineup = line_up(page(game, table[2]))
    for name in ("Magician", "Merchant", "Navigator", "King", "Warlord"):
        assert f'class="ct-cname">{name}<' in lineup


# --- Log lines ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edition", "language", "expected"),
    [
        ("2016", "fr", ["{p0} a assassiné : Magicienne", "{p0} va voler : Marchande"]),
        ("classic", "fr", ["{p0} a assassiné : Magicien", "{p0} va voler : Marchand"]),
        ("2016", "en", ["{p0} killed the Magician", "{p0} will rob the Merchant"]),
        ("classic", "en", ["{p0} killed the Magician", "{p0} will rob the Merchant"]),
    ],
)
def test_log_lines_name_the_character_as_the_edition_does(edition, language, expected):
    state = ENGINE.setup(4, ENGINE.validate_options(4, options(edition)), 1)
    moves = [
        {"type": "kill", "character": "magician"},
        {"type": "rob", "character": "merchant"},
    ]
    with translation.override(language):
        assert [ENGINE.describe(state, 0, m, 0) for m in moves] == expected


@pytest.mark.parametrize(
    ("edition", "language", "expected"),
    [
        ("2016", "fr", "{p2} a pris 4 pièces d'or (Navigatrice)"),
        ("classic", "fr", "{p2} a pris 4 pièces d'or (Navigateur)"),
        ("2016", "en", "{p2} took 4 gold (Navigator)"),
    ],
)
def test_the_navigators_log_line_names_her_as_the_edition_does(
    edition, language, expected
):
    state = ENGINE.setup(4, ENGINE.validate_options(4, options(edition)), 1)
    with translation.override(language):
        assert ENGINE.describe(state, 2, {"type": "navigate", "take": "gold"}, 0) == (
            expected
        )


@pytest.mark.parametrize(
    ("edition", "language", "expected"),
    [
        ("2016", "fr", "Ce personnage (Navigatrice) ne peut pas bâtir."),
        ("classic", "fr", "Ce personnage (Navigateur) ne peut pas bâtir."),
        ("2016", "en", "The Navigator cannot build."),
    ],
)
def test_the_navigator_cannot_build_in_a_sentence_of_the_edition(
    edition, language, expected
):
    state = find_state(4, options=options(edition), until=acting("navigator"))
    seat = ENGINE.to_move(state)[0]
    card = state["players"][seat]["hand"][0]
    with translation.override(language), pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, seat, {"type": "build", "card": card})
    assert err.value.reason == expected


def test_a_killed_magicienne_is_assassinee_in_the_french_log_and_line_up(table):
    """Over HTTP: the Assassin kills the Magician of a 2016 game. French readers
    see "a assassiné : Magicienne" in the log and "assassinée" on the line-up;
    English readers see the English line and tag."""
    kill = {"type": "kill", "character": "magician"}
    state = find_state(4, options=options("2016"), until=acting("assassin", kill))
    game = start(table, options("2016"))
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()
    seat = ENGINE.to_move(state)[0]
    killer = table[seat].display_name
    response = post_move(login(table[seat]), game, kill)
    assert response.status_code == 200
    french = page(game, table[0])
    assert f"{killer} a assassiné : Magicienne" in french
    assert '<strong class="tag killed">assassinée</strong>' in line_up(french)
    english = page(game, table[2])
    assert f"{killer} killed the Magician" in english
    assert '<strong class="tag killed">killed</strong>' in line_up(english)


@pytest.mark.parametrize(
    ("edition", "victim", "tag"),
    [
        ("classic", "magician", "assassiné"),
        ("2016", "king", "assassiné"),
        ("2016", "merchant", "assassinée"),
    ],
)
def test_the_killed_tag_agrees_with_the_name_in_french(table, edition, victim, tag):
    kill = {"type": "kill", "character": victim}
    state = find_state(4, options=options(edition), until=acting("assassin", kill))
    state = ENGINE.apply(state, ENGINE.to_move(state)[0], kill)
    game = start(table, options(edition))
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()
    lineup = line_up(page(game, table[0]))
    item = lineup[lineup.index(f'data-char="{victim}"') :]
    item = item[: item.index("</li>")]
    assert f'<strong class="tag killed">{tag}</strong>' in item


def test_the_players_cities_are_cites_in_french_not_my_citys_villes(table):
    """ "The cities" is a Citadels label with its own context: My City's French
    "villes" must not replace Citadels' "cités"."""
    game = start(table, options("classic"))
    body = page(game, table[0])
    assert 'class="ct-cities" aria-label="Les cités"' in body


# --- Every name and its gender -----------------------------------------------------

# The French cards' names by edition (GLOSSARY.md 1): the 2016 edition renamed
# the Magician, the Merchant and the Navigator; its new characters have French
# names of their own.
FRENCH = {
    "assassin": "Assassin",
    "witch": "Sorcière",
    "magistrate": "Échevin",
    "thief": "Voleur",
    "tax_collector": "Bailli",
    "spy": "Espion",
    "blackmailer": "Maître-chanteuse",
    "magician": ("Magicien", "Magicienne"),
    "wizard": "Sorcier",
    "seer": "Voyante",
    "king": "Roi",
    "emperor": "Empereur",
    "patrician": "Patricien",
    "bishop": "Évêque",
    "abbot": "Abbé",
    "cardinal": "Cardinal",
    "merchant": ("Marchand", "Marchande"),
    "alchemist": "Alchimiste",
    "trader": "Négociant",
    "architect": "Architecte",
    "navigator": ("Navigateur", "Navigatrice"),
    "scholar": "Archiviste",
    "warlord": "Condottiere",
    "diplomat": "Diplomate",
    "marshal": "Capitaine",
    "queen": "Reine",
    "artist": "Artiste",
}
FEMININE_NAMES = {
    "Sorcière",
    "Maître-chanteuse",
    "Magicienne",
    "Voyante",
    "Marchande",
    "Navigatrice",
    "Reine",
}


def every_character():
    from games.citadels.engine import characters as ch

    return [
        (key, edition)
        for key, (_name, classic, modern) in ch.CHARACTERS.items()
        for edition, rank in (("classic", classic), ("2016", modern))
        if rank is not None
    ]


@pytest.mark.parametrize(("key", "edition"), every_character())
def test_every_character_has_the_french_name_of_its_edition(key, edition):
    from games.citadels.engine.common import character_name

    names = FRENCH[key]
    expected = names if isinstance(names, str) else names[edition == "2016"]
    with translation.override("fr"):
        assert character_name(key, edition) == expected


@pytest.mark.parametrize(("key", "edition"), every_character())
def test_the_words_said_of_a_character_agree_with_its_french_name(key, edition):
    """The page's tags (killed, robbed, yours...) take the feminine form exactly
    for the characters whose French name is feminine: la Reine, la Sorcière,
    la Maître-chanteuse, but l'Abbé."""
    from games.citadels.board_words import ct_agree
    from games.citadels.engine.common import character_name
    from games.citadels.move_labels import feminine

    with translation.override("fr"):
        name = character_name(key, edition)
        tag = ct_agree("killed", {"feminine": feminine(key, edition)})
    assert feminine(key, edition) == (name in FEMININE_NAMES)
    assert tag == ("assassinée" if name in FEMININE_NAMES else "assassiné")


def test_no_french_line_puts_an_article_before_a_character_name():
    """A line naming a character through a placeholder cannot know its gender
    (le Roi, la Reine, l'Abbé): the French lines name it after a colon or in
    brackets, never after an article."""
    import polib

    po = polib.pofile(str(ROOT / "locale/fr/LC_MESSAGES/django.po"))
    names = re.compile(r"\{(character|a|b|c)\}|%\((c|d)\)s")
    article = re.compile(
        r"(?:\b(?:le|la|les|du|des|au|aux)\s+|\bl'|\bde la\s+)(?:\{\w+\}|%\(\w+\)s)",
        re.I,
    )
    checked = 0
    for entry in po:
        if not any("citadels" in path for path, _line in entry.occurrences):
            continue
        if not names.search(entry.msgid):
            continue
        checked += 1
        assert not article.search(entry.msgstr), entry.msgstr
    assert checked >= 10


def test_the_bribe_lines_name_the_maitre_chanteuse_as_a_woman():
    options_2016 = {"edition": "2016"}
    state = ENGINE.setup(4, ENGINE.validate_options(4, options_2016), 1)
    with translation.override("fr"):
        paid = ENGINE.describe(state, 1, {"type": "bribe", "pay": True}, 0)
        refused = ENGINE.describe(state, 1, {"type": "bribe", "pay": False}, 0)
    assert paid == "{p1} a payé à la Maître-chanteuse la moitié de son or"
    assert refused == "{p1} a refusé de payer la Maître-chanteuse"
