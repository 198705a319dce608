"""The round (rules text, "Construire en simultané", "Passer, arrêter et décompter").

A construction card is revealed; every player still in the episode decides at the
same time: place that building, pass (-1 point; not allowed at 0) or stop for the
rest of the episode (free). Each decision is stored as pending, hidden from the
others, and the round resolves when the last pending player has decided. The episode
ends when every player has stopped or the cards have run out.

Races (chapters.py, kind "race"): when a round resolves, the first player(s)
whose board reaches a race's count score its points at once, once per episode.

Eternal game (DATA.md, the board's back side): churches must be built or the player
drops out (no pass on a church); the blocking card turns up the next card at once,
and that building is blocked: turned over, it is not built at all, not even face
down, and the card after it is revealed for the round.
"""

from __future__ import annotations

import json

from games.engines.base import IllegalMove, SeededRandom, _, rng_new
from games.my_city.engine.board import ETERNAL_GOLD, ETERNAL_TERRAIN
from games.my_city.engine.buildings import (
    BLOCKING_CARD,
    BUILDINGS,
    CAMPAIGN_BUILDINGS,
    CHURCH,
    CHURCHES,
    building_of,
    card_of,
    cells_of,
)
from games.my_city.engine.campaign import terrain_for_episode
from games.my_city.engine.chapter_rules import chapter_of, rules_in_force
from games.my_city.engine.chapters import CHAPTERS
from games.my_city.engine.options import validate_options
from games.my_city.engine.placement import placement_error, placement_ok, placements
from games.my_city.engine.scoring import (
    ETERNAL_GOLD_POINTS,
    START,
    base_counts,
    criterion_count,
)

PLACE_KEYS = {"type", "building", "orientation", "row", "col"}


def setup(num_players: int, options: dict, seed: int) -> dict:
    opts = validate_options(num_players, options)
    chapters = opts["chapters"] or CHAPTERS
    mode, episode = opts["mode"], opts["episode"]
    if mode == "eternal":
        chapter, rules, force = None, [], None
        cards = [card_of(b) for b in (*CAMPAIGN_BUILDINGS, *CHURCHES)]
        cards.append(BLOCKING_CARD)
    else:
        chapter = chapter_of(episode)
        force = rules_in_force(chapters, episode)
        rules = force.pop("all")
        removed = {
            b for r in rules if r["kind"] == "remove_buildings" for b in r["buildings"]
        }
        cards = [card_of(b) for b in CAMPAIGN_BUILDINGS if b not in removed]
    players = []
    for seat in range(num_players):
        carry = opts["carry"][seat] if opts["carry"] else None
        if mode == "eternal":
            terrain, applied = list(ETERNAL_TERRAIN), []
        else:
            terrain, applied = terrain_for_episode(chapters, episode, carry)
        players.append(
            {
                "terrain": terrain,
                "placed": [],
                "passes": 0,
                "stopped": False,
                "catch_up": 0,
                "gold": 0,
                "circles": carry["circles"] if carry else 0,
                "applied": applied,
                "history": carry["history"] if carry else [],
                "stickers": carry["stickers"] if carry else [],
                "races": {},
            }
        )
    # Catch-up help (chapters.py): behind the leader in circles -> a higher start.
    help_points = sum(r["points"] for r in rules if r["kind"] == "catch_up")
    leader = max(p["circles"] for p in players)
    for player in players:
        if help_points and player["circles"] < leader:
            player["catch_up"] = help_points
    state = {
        "mode": mode,
        "episode": episode,
        "chapter": chapter,
        "chapter_name": chapters[chapter - 1]["name"] if chapter else None,
        "campaign": opts["campaign"],
        "story": chapters[chapter - 1].get("story", "") if chapter else "",
        "rules": rules,
        # The rules in force, grouped: "new" (this chapter's), "carried" (earlier
        # chapters' still in force), "replaced", "episode" (this episode's own).
        "rule_groups": force,
        "races": [],
        "blocked": [],
        "rng": rng_new(seed),
        "deck": cards,
        "played": [],
        "revealed": None,
        "round": 1,
        "over": False,
        "pending": [None] * num_players,
        "last_round": None,
        "gold_claimed": False,
        "players": players,
    }
    with SeededRandom(state) as rng:
        rng.shuffle(state["deck"])
    _reveal(state)
    # Shares nothing with the options or the chapter data (a JSON round trip is a
    # deep copy, and faster than copy.deepcopy).
    return json.loads(json.dumps(state))


def _reveal(state: dict) -> None:
    """Turns up the next construction card (and, after a blocking card, the one
    after it, blocked: never built); ends the episode when none is left."""
    state["revealed"] = None
    while state["deck"]:
        card = state["deck"].pop(0)
        state["played"].append(card)
        if card == BLOCKING_CARD:
            if state["deck"]:  # the next building is blocked: never built
                blocked = state["deck"].pop(0)
                state["played"].append(blocked)
                state["blocked"] = [*state["blocked"], building_of(blocked)]
            continue
        state["revealed"] = card
        return
    state["over"] = True


def track(player: dict) -> int:
    """The score marker during the episode: 10, plus catch-up help, -1 per pass."""
    return START + player["catch_up"] - player["passes"]


def revealed_building(state: dict) -> str | None:
    return building_of(state["revealed"]) if state["revealed"] else None


def church_to_build(state: dict) -> bool:
    """A face-up church is on the table: pass is not allowed (DATA.md)."""
    building = revealed_building(state)
    return bool(building and BUILDINGS[building]["colour"] == CHURCH)


def to_move(state: dict) -> list[int]:
    if state["over"]:
        return []
    return [
        seat
        for seat, player in enumerate(state["players"])
        if not player["stopped"] and state["pending"][seat] is None
    ]


def may_pass(state: dict, seat: int) -> bool:
    return track(state["players"][seat]) > 0 and not church_to_build(state)


def legal_moves(state: dict, seat: int) -> list[dict]:
    if seat not in to_move(state):
        return []
    player = state["players"][seat]
    building = revealed_building(state)
    moves = [
        {"type": "place", "building": building, "orientation": o, "row": r, "col": c}
        for o, r, c in placements(player["terrain"], player["placed"], building)
    ]
    if may_pass(state, seat):
        moves.append({"type": "pass"})
    moves.append({"type": "stop"})
    return moves


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check(state: dict, seat: int, move) -> dict:
    """The move if that seat may make it now; IllegalMove naming the rule otherwise."""
    if state["over"]:
        raise IllegalMove(_("The episode is over."))
    if not _is_int(seat) or not 0 <= seat < len(state["players"]):
        raise IllegalMove(_("There is no such seat."))
    if state["players"][seat]["stopped"]:
        raise IllegalMove(_("You stopped: you build nothing more in this episode."))
    if state["pending"][seat] is not None:
        raise IllegalMove(
            _("You have already decided this round; wait for the other players.")
        )
    if not isinstance(move, dict):
        raise IllegalMove(_("A move must be a JSON object."))
    kind = move.get("type")
    if kind in ("pass", "stop"):
        if set(move) != {"type"}:
            raise IllegalMove(_("A pass or stop move has no other field."))
        if kind == "pass" and church_to_build(state):
            raise IllegalMove(
                _("Rule 'churches': a church must be built; place it or stop.")
            )
        if kind == "pass" and not may_pass(state, seat):
            raise IllegalMove(
                _("Rule 'no pass at 0': your score is 0; place the building or stop.")
            )
        return {"type": kind}
    if kind != "place":
        raise IllegalMove(_("Unknown move: choose place, pass or stop."))
    if set(move) != PLACE_KEYS:
        raise IllegalMove(
            _("A place move is {type, building, orientation, row, col}, nothing else.")
        )
    building = revealed_building(state)
    if move["building"] != building:
        raise IllegalMove(
            _("Rule 'the revealed building': this round everyone builds {b}.").format(
                b=building
            )
        )
    if not all(_is_int(move[k]) for k in ("orientation", "row", "col")):
        raise IllegalMove(_("Orientation, row and column are whole numbers."))
    player = state["players"][seat]
    where = (building, move["orientation"], move["row"], move["col"])
    if not placement_ok(player["terrain"], player["placed"], *where):
        reason = placement_error(player["terrain"], player["placed"], *where)
        raise IllegalMove(reason or _("That placement is not allowed."))
    return {k: move[k] for k in ("type", "building", "orientation", "row", "col")}


def apply(state: dict, seat: int, move) -> dict:
    move = check(state, seat, move)
    # Only what changes is copied; the rest is shared with `state`, which nothing
    # changes in place.
    new = dict(state)
    new["pending"] = list(state["pending"])
    new["pending"][seat] = move
    if not to_move(new):
        new["players"] = [
            {**player, "placed": list(player["placed"])} for player in state["players"]
        ]
        new["deck"] = list(state["deck"])
        new["played"] = list(state["played"])
        _resolve(new)
    return new


def race_rules(state: dict) -> list:
    """(index, rule) of the races in force, in order."""
    return [(i, r) for i, r in enumerate(state["rules"]) if r["kind"] == "race"]


def race_key(index: int, rule: dict) -> str:
    extra = f"-{rule['colour']}" if rule["criterion"] == "colour_buildings" else ""
    return f"race-{index}-{rule['criterion']}{extra}-{rule['count']}"


def race_reached(rule: dict, player: dict) -> bool:
    terrain, placed = player["terrain"], player["placed"]
    counts = base_counts(terrain, placed)
    return criterion_count(rule, terrain, placed, counts) >= rule["count"]


def _award_races(state: dict) -> list:
    """The races won this round: [{"race", "rule", "seats", "points"}]; the
    players who reach a race's count in the same round all score it."""
    won_before = {award["race"] for award in state["races"]}
    awards = []
    for index, rule in race_rules(state):
        key = race_key(index, rule)
        if key in won_before:
            continue
        seats = [
            seat
            for seat, player in enumerate(state["players"])
            if race_reached(rule, player)
        ]
        if not seats:
            continue
        for seat in seats:
            player = state["players"][seat]
            player["races"] = {**player["races"], key: rule["points"]}
        awards.append(
            {
                "race": key,
                "rule": rule,
                "round": state["round"],
                "seats": seats,
                "points": rule["points"],
            }
        )
    if awards:
        state["races"] = [*state["races"], *awards]
    return awards


def _resolve(state: dict) -> None:
    """Every decision of the round takes effect at once, then the next card."""
    decisions = []
    for seat, move in enumerate(state["pending"]):
        if move is None:
            continue
        player = state["players"][seat]
        if move["type"] == "place":
            cells = cells_of(
                move["building"], move["orientation"], move["row"], move["col"]
            )
            player["placed"].append(
                {
                    "building": move["building"],
                    "orientation": move["orientation"],
                    "row": move["row"],
                    "col": move["col"],
                    "cells": cells,
                }
            )
        elif move["type"] == "pass":
            player["passes"] += 1
        else:
            player["stopped"] = True
        decisions.append({"seat": seat, "move": move})
    if state["mode"] == "eternal" and not state["gold_claimed"]:
        # DATA.md: the first to build on both gold veins scores 3 at once; players
        # who get there in the same round all score it (chosen here).
        veins = {tuple(cell) for cell in ETERNAL_GOLD}
        for player in state["players"]:
            covered = {tuple(c) for e in player["placed"] for c in e["cells"]}
            if veins <= covered:
                player["gold"] = ETERNAL_GOLD_POINTS
                state["gold_claimed"] = True
    races = _award_races(state)
    state["last_round"] = {
        "round": state["round"],
        "races": races,
        "card": state["revealed"],
        "decisions": decisions,
    }
    state["pending"] = [None] * len(state["players"])
    if all(p["stopped"] for p in state["players"]) or not state["deck"]:
        state["over"] = True
        state["revealed"] = None
        return
    state["round"] += 1
    _reveal(state)
