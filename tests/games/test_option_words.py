"""A table's options in words (each game's `describe_options`, games/<game>/words.py): every option a table form
can set has words, and the pages show words, never raw keys or Python values."""

import itertools
import json
import re

import pytest
from django.urls import reverse

from games import registry, services
from games.engines.base import InvalidOptions
from games.forms import TableForm

COMMON = set(TableForm.base_fields)
# What a page must never show of the options: a key, or a Python value.
RAW = re.compile(
    r"\b(None|True|False|nine_characters|short_game|character_set|"
    r"unique_districts|first_game|first_player|expeditions':|rounds':)\b|\['|\{'"
)


def form_inputs(spec):
    """Every combination of the choices of the game's own fields (the common
    ones fixed), plus, for the choices made one by one, two sets of them."""
    form = spec.form()
    fields = {
        name: field
        for name, field in form.fields.items()
        if name not in COMMON and not name.startswith("rank_")
    }
    values = {}
    for name, field in fields.items():
        if name == "chosen_districts":
            continue
        choices = getattr(field, "choices", None)
        values[name] = [str(v) for v, _ in choices] if choices else ["", "on"]
    common = {"visibility": "public", "time_per_move": "", "timeout_policy": "bot"}
    for combo in itertools.product(*values.values()):
        data = dict(common, **dict(zip(values, combo, strict=True)))
        if "chosen_districts" in fields:
            yield from citadels_choices(form, data)
        else:
            yield data


def citadels_choices(form, data):
    """A Citadels input, with the ranks and districts to choose from when the
    form says "chosen": the first offered, or the second at rank 1."""
    ranks = {}
    for rank in range(1, 10):
        keys = [k for k, _ in form.fields[f"rank_{rank}"].choices if k]
        ranks[rank] = keys
    districts = [k for k, _ in form.fields["chosen_districts"].choices]
    for second in (False, True):
        picked = {f"rank_{r}": keys[0] for r, keys in ranks.items() if r < 9}
        if second:
            picked["rank_1"] = ranks[1][1]
        for size in (11, 14):
            yield {**data, **picked, "chosen_districts": districts[:size]}


def samples(spec):
    """The options each valid input of the form gives, as the engine keeps them."""
    out = {}
    for data in form_inputs(spec):
        form = spec.form(data)
        if not form.is_valid():
            continue
        try:
            options = spec.engine.validate_options(form.num_players(), form.options())
        except InvalidOptions:
            continue
        out[json.dumps(options, sort_keys=True)] = options
    return list(out.values())


@pytest.fixture(scope="module", params=[s.slug for s in registry.GAMES])
def game_samples(request):
    spec = registry.get(request.param)
    return spec, samples(spec)


def test_every_option_a_form_sets_changes_the_words(game_samples):
    """For each option key, some table's words change when that option alone
    takes another value a form can give it: an option without words fails."""
    spec, options = game_samples
    assert len(options) > 1
    describe = spec.describe_options
    for key in options[0]:
        seen = {json.dumps(o[key], sort_keys=True) for o in options}
        if len(seen) < 2:
            continue  # no form sets it (the campaigns' carry, for instance)
        others = [json.loads(v) for v in seen]
        assert any(
            describe({**o, key: v}) != describe(o) for o in options for v in others
        ), f"{spec.slug}: the option {key!r} has no words"


def test_the_words_show_no_key_and_no_python_value(game_samples):
    spec, options = game_samples
    for o in options:
        words = spec.describe_options(o)
        assert words and all(isinstance(w, str) and w for w in words)
        assert not RAW.search(", ".join(words)), (o, words)


def test_the_citadels_words_read_as_a_sentence():
    words = registry.get("citadels").describe_options(
        {
            "edition": "2016",
            "character_set": "random",
            "characters": None,
            "nine_characters": True,
            "unique_districts": "first-game",
            "short_game": None,
        }
    )
    assert ", ".join(words) == (
        "2016 edition, 9 characters drawn at random, recommended districts, full game"
    )


def test_the_words_are_translated(french_catalogue):
    from django.utils import translation

    with translation.override("fr"):
        words = registry.get("lost-cities").describe_options(
            {"expeditions": 6, "rounds": 3}
        )
    assert words == ["6 expéditions (la variante violette)", "un match en 3 manches"]


TABLES = {
    "lost-cities": (2, {"expeditions": 6, "rounds": 3}, "a match of 3 rounds"),
    "citadels": (
        4,
        {"edition": "2016", "short_game": 7, "character_set": "random"},
        "short game",
    ),
    "rival-cities": (2, {"first_game": True}, "action cards in order"),
    "my-city": (2, {"mode": "single", "episode": 3}, "episode 3"),
}


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("slug", sorted(TABLES))
def test_the_pages_show_the_options_in_words(client, ana, ben, slug):
    """The waiting table, the lobby row and the game page under way."""
    players, options, expected = TABLES[slug]
    game = services.game_create(
        creator=ana, engine_slug=slug, num_players=players, options=options
    )
    client.force_login(ben)
    pages = {
        "table": client.get(game.get_absolute_url()),
        "lobby": client.get(reverse("games:lobby")),
    }
    client.force_login(ana)
    for _ in range(players - 1):
        services.seat_add_bot(game_id=game.pk, user=ana)
    pages["game"] = client.get(game.get_absolute_url())
    for where, response in pages.items():
        text = visible_text(response.content.decode())
        assert expected in text, where
        assert not RAW.search(text), (where, RAW.search(text).group(0))
