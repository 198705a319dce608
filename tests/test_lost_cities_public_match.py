"""games/lost_cities/bots/public_match.py: the translation between our Lost Cities
engine and the public bot's worker, checked with fake bots (functions that answer
as the worker does), so that neither Node nor the public bot is needed here."""

import argparse
import importlib.util
from pathlib import Path

import pytest

from games import engines

SCRIPT = (
    Path(__file__).resolve().parent.parent
    / "games"
    / "lost_cities"
    / "bots"
    / "public_match.py"
)
spec = importlib.util.spec_from_file_location("lost_cities_public_match", SCRIPT)
match = importlib.util.module_from_spec(spec)
spec.loader.exec_module(match)

ENGINE = engines.get("lost-cities")


def args(**changes):
    base = {"seed": 3, "level": "easy", "iterations": 5, "seconds": 1.0}
    return argparse.Namespace(**{**base, **changes})


def discard_first_and_draw(draw_from_pile: bool):
    """A fake worker: discards its hand's first card, then draws from the first
    other pile with cards (when asked to) or from the deck. It records each
    snapshot it is shown."""
    shown, taken = [], []

    def bot(state, seed):
        shown.append(state)
        card = state["hands"]["player2"][0]
        pile = None
        if draw_from_pile:
            pile = next(
                (c for c, p in state["discards"].items() if p and c != card["color"]),
                None,
            )
        taken.append(state["discards"][pile][-1]["id"] if pile else None)
        return {
            "phase1": {"type": "discard", "id": card["id"]},
            "phase2": {"type": "discard", "color": pile} if pile else {"type": "deck"},
        }

    bot.taken = taken
    return bot, shown


def test_every_card_goes_to_the_bot_and_back_unchanged():
    state = ENGINE.setup(2, dict(match.OPTIONS), 1)
    cards = list(state["deck"]) + state["hands"][0] + state["hands"][1]
    assert len(cards) == 60
    ids = {match.bot_card(c)["id"] for c in cards}
    assert len(ids) == 60
    assert all(match.our_card(match.bot_card(c)["id"]) == c for c in cards)


def test_wagers_are_the_bots_value_zero_numbered_from_zero():
    assert match.bot_card("lc-red-w1") == {"color": "red", "value": 0, "id": "red_w0"}
    assert match.bot_card("lc-blue-w3")["id"] == "blue_w2"
    assert match.bot_card("lc-green-10") == {
        "color": "green",
        "value": 10,
        "id": "green_10",
    }


@pytest.mark.parametrize("bot_seat", [0, 1])
def test_the_bot_is_its_player2_and_never_sees_our_hand(bot_seat):
    state = ENGINE.setup(2, dict(match.OPTIONS), 5)
    state["expeditions"][bot_seat]["red"] = ["lc-red-w1", "lc-red-4"]
    state["expeditions"][1 - bot_seat]["blue"] = ["lc-blue-9"]
    state["discards"]["white"] = ["lc-white-3", "lc-white-8"]
    snap = match.snapshot(state, bot_seat, match.Seen())
    assert snap["hands"]["player1"] == []
    assert [c["id"] for c in snap["hands"]["player2"]] == [
        match.bot_card(c)["id"] for c in state["hands"][bot_seat]
    ]
    assert [c["id"] for c in snap["expeditions"]["player2"]["red"]] == [
        "red_w0",
        "red_4",
    ]
    assert [c["id"] for c in snap["expeditions"]["player1"]["blue"]] == ["blue_9"]
    # Whole piles, the top last, as the worker pops them.
    assert [c["id"] for c in snap["discards"]["white"]] == ["white_3", "white_8"]
    assert snap["deckSize"] == len(state["deck"])


def test_what_our_player_did_is_told_as_the_bots_page_records_it():
    seen = match.Seen()
    seen.note({"type": "play", "card": "lc-red-5"})
    seen.note({"type": "draw", "source": "deck"})
    seen.note({"type": "discard", "card": "lc-blue-w2"})
    seen.note({"type": "draw", "source": "green"})
    assert seen.played == ["red"]
    assert seen.drew == ["green"]
    assert seen.discarded == [{"color": "blue", "value": 0}]


def test_the_bots_turn_becomes_our_play_then_our_draw():
    first, draw = match.turn_moves(
        {"phase1": {"type": "play", "id": "red_w1"}, "phase2": {"type": "deck"}}
    )
    assert first == {"type": "play", "card": "lc-red-w2"}
    assert draw == {"type": "draw", "source": "deck"}
    _, draw = match.turn_moves(
        {
            "phase1": {"type": "discard", "id": "red_7"},
            "phase2": {"type": "discard", "color": "green"},
        }
    )
    assert draw == {"type": "draw", "source": "green"}


@pytest.mark.parametrize("draw_from_pile", [False, True])
def test_a_round_against_a_fake_bot_is_played_to_its_end_with_legal_moves(
    draw_from_pile,
):
    bot, shown = discard_first_and_draw(draw_from_pile)
    row = match.play_round(ENGINE, 0, args(), bot)
    assert row["fallbacks"] == 0
    assert shown and all(s["hands"]["player1"] == [] for s in shown)
    assert row["times"]["bot"][1] == len(shown)
    # The bot only discards: its expeditions stay unstarted.
    assert row["bot"] == 0
    # The draw chosen with the play is the one made at our draw step: the top
    # card taken from a pile is in the bot's hand at its next turn.
    for card, later in zip(bot.taken[:-1], shown[1:], strict=True):
        if card:
            assert card in [c["id"] for c in later["hands"]["player2"]]
    assert any(bot.taken) == draw_from_pile


def test_our_player_starts_the_rounds_of_odd_seed_and_not_the_others():
    bot, _ = discard_first_and_draw(False)
    assert match.play_round(ENGINE, 0, args(), bot)["ours_started"]  # seed 3
    assert not match.play_round(ENGINE, 1, args(), bot)["ours_started"]  # seed 4
    # A match split by --seed keeps each round's starter: seed 676 is round 676.
    assert not match.play_round(ENGINE, 0, args(seed=676), bot)["ours_started"]


def test_an_answer_that_is_not_a_legal_move_is_replaced_and_counted():
    def bot(state, seed):  # a card the bot does not hold
        return {
            "phase1": {"type": "play", "id": "purple_5"},
            "phase2": {"type": "deck"},
        }

    row = match.play_round(ENGINE, 0, args(), bot)
    assert row["fallbacks"] >= row["times"]["bot"][1] > 0


def test_a_draw_no_longer_legal_at_our_draw_step_falls_back_to_the_deck():
    def bot(state, seed):  # discards then draws from the same pile: refused
        card = state["hands"]["player2"][0]
        return {
            "phase1": {"type": "discard", "id": card["id"]},
            "phase2": {"type": "discard", "color": card["color"]},
        }

    row = match.play_round(ENGINE, 0, args(), bot)
    assert row["fallbacks"] == row["times"]["bot"][1] > 0


def test_the_tally_counts_a_draw_as_half_a_win():
    rows = [
        {
            "ours": 10,
            "bot": 5,
            "fallbacks": 0,
            "times": {"ours": [1.0, 10], "bot": [0.5, 5]},
        },
        {
            "ours": 5,
            "bot": 5,
            "fallbacks": 1,
            "times": {"ours": [1.0, 10], "bot": [0.5, 5]},
        },
    ]
    t = match.tally(rows)
    assert (t["wins"], t["draws"], t["losses"]) == (1, 1, 0)
    assert t["rate"] == 0.75
    assert t["ms_ours"] == pytest.approx(100.0)
    assert t["ms_bot"] == pytest.approx(100.0)
    assert t["fallbacks"] == 1


def test_a_missing_bot_says_where_to_get_it(tmp_path):
    with pytest.raises(SystemExit) as refused:
        match.PublicBot(str(tmp_path / "nowhere"))
    assert match.REPO in str(refused.value)
    assert match.COMMIT in str(refused.value)


FAKE_WORKER = """
importScripts('src/config.js', 'src/rules.js');
self.onmessage = function (e) {
  const hand = e.data.gameState.hands.player2;
  const card = hand[Math.floor(Math.random() * hand.length)];
  self.postMessage({elapsed: CONFIG.elapsed, result: {
    phase1: {type: 'discard', idx: 0, card: card, color: card.color},
    phase2: {type: 'deck'}}});
};
"""


@pytest.fixture
def fake_bot_dir(tmp_path):
    """A worker with the public bot's shape: scripts loaded by importScripts, a
    `const CONFIG` that another script re-declares with `var`, Math.random."""
    if match.shutil.which("node") is None:
        pytest.skip("Node is not installed")
    (tmp_path / "public" / "src").mkdir(parents=True)
    (tmp_path / "public" / "ai-worker.js").write_text(FAKE_WORKER)
    (tmp_path / "public" / "src" / "config.js").write_text(
        "const CONFIG = {elapsed: 7};\n"
    )
    (tmp_path / "public" / "src" / "rules.js").write_text(
        "if (typeof CONFIG === 'undefined') { var CONFIG = {}; }\n"
    )
    return tmp_path


def test_the_adapter_runs_the_worker_in_node_and_is_repeatable_for_a_seed(fake_bot_dir):
    bot = match.PublicBot(str(fake_bot_dir))
    try:
        state = ENGINE.setup(2, dict(match.OPTIONS), 2)
        snap = match.snapshot(state, 1, match.Seen())
        hand = [c["id"] for c in snap["hands"]["player2"]]
        answers = [bot(snap, seed) for seed in (11, 11, 12, 13, 14, 15)]
        assert answers[0] == answers[1]
        assert len({a["phase1"]["id"] for a in answers}) > 1
        assert all(a["phase1"]["id"] in hand and a["elapsed"] == 7 for a in answers)
        row = match.play_round(ENGINE, 1, args(), bot)
        assert row["fallbacks"] == 0
    finally:
        bot.close()
