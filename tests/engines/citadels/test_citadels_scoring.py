"""Final scoring and the tie-break."""

from games.citadels.engine.scoring import breakdown


def _2016(table, *keys):
    from games.citadels.engine.districts import FIRST_GAME_2016

    chosen = list(keys) + [k for k in FIRST_GAME_2016 if k not in keys]
    return table(4, edition="2016", unique_districts=chosen[:14])


def test_districts_score_their_cost(table):
    """Each district scores its cost."""
    t = table(4)
    t.city(0, "palace", "temple")
    assert breakdown(t.state, 0)["districts"] == 6


def test_five_types_bonus(table):
    """+3 for a district of each of the five types."""
    t = table(4)
    t.city(0, "manor", "temple", "tavern", "prison", "keep")
    assert breakdown(t.state, 0)["all_types"] == 3
    t.city(0, "manor", "temple", "tavern", "prison")
    assert breakdown(t.state, 0)["all_types"] == 0


def test_first_complete_city_four_others_two(table):
    """+4 for the first complete city, +2 for the other complete cities."""
    t = table(4)
    full = ["manor", "castle", "palace", "temple", "church", "tavern", "market"]
    t.city(0, *full, "prison")
    t.city(1, *full, "watchtower")
    t.state["first_complete"] = 1
    assert breakdown(t.state, 1)["first_complete"] == 4
    assert breakdown(t.state, 1)["complete"] == 0
    assert breakdown(t.state, 0)["complete"] == 2


def test_dragon_gate_and_university_score_two_more(table):
    """Dragon Gate and University: 8 points each."""
    t = table(4)
    t.city(0, "dragon_gate", "university")
    d = breakdown(t.state, 0)
    assert d["districts"] + sum(d["uniques"].values()) == 16


def test_imperial_treasury_scores_gold(table):
    """Imperial Treasury: +1 per gold at the end."""
    t = _2016(table, "imperial_treasury")
    t.city(0, "imperial_treasury")
    t.gold(0, 7)
    assert breakdown(t.state, 0)["uniques"]["imperial_treasury"] == 7


def test_map_room_scores_cards_in_hand(table):
    """Map Room: +1 per card in hand."""
    t = _2016(table, "map_room")
    t.city(0, "map_room")
    t.hand(0, "temple", "manor", "tavern")
    assert breakdown(t.state, 0)["uniques"]["map_room"] == 3


def test_wishing_well_scores_unique_districts(table):
    """Wishing Well: +1 per unique district, itself included."""
    t = _2016(table, "wishing_well")
    t.city(0, "wishing_well", "keep", "manor")
    assert breakdown(t.state, 0)["uniques"]["wishing_well"] == 2


def test_ivory_tower_scores_five_when_alone(table):
    """Ivory Tower: +5 if it is the only unique district."""
    t = _2016(table, "ivory_tower")
    t.city(0, "ivory_tower", "manor")
    assert breakdown(t.state, 0)["uniques"]["ivory_tower"] == 5
    t.city(0, "ivory_tower", "keep")
    assert "ivory_tower" not in breakdown(t.state, 0)["uniques"]


def test_basilica_scores_odd_costs(table):
    """Basilica: +1 per district of odd cost."""
    t = _2016(table, "basilica")
    t.city(0, "basilica", "temple", "manor", "church")
    assert breakdown(t.state, 0)["uniques"]["basilica"] == 2


def test_capitol_scores_three_of_a_type(table):
    """Capitol: +3 with at least 3 districts of one type."""
    t = _2016(table, "capitol")
    t.city(0, "capitol", "temple", "church", "monastery")
    assert breakdown(t.state, 0)["uniques"]["capitol"] == 3


def test_secret_vault_in_hand_scores_three(table):
    """Secret Vault: +3 when revealed from the hand at the end."""
    t = _2016(table, "secret_vault")
    t.hand(0, "secret_vault")
    assert breakdown(t.state, 0)["uniques"]["secret_vault"] == 3


def test_tie_goes_to_the_highest_rank_revealed_last_round(table):
    """Equal scores: the highest rank revealed in the last round wins; a killed
    character was not revealed."""
    t = table(4)
    t.city(0, "palace")
    t.city(1, "palace")
    t.player(0)["revealed"] = ["char-merchant"]
    t.player(1)["revealed"] = ["char-thief"]
    t.player(1)["characters"] = ["char-thief", "char-warlord"]  # warlord killed
    t.state["phase"] = "over"
    rows = {r["seat"]: r for r in t.engine.outcome(t.state)}
    assert rows[0]["score"] == rows[1]["score"]
    assert rows[0]["rank"] == 1 and rows[1]["rank"] == 2
    assert rows[0]["detail"]["tiebreak_rank"] == 6
