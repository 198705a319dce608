"""What a board keeps from one episode to the next (rules text: "Gardez votre
plateau pendant toute la campagne"; "vos plateaux gardent les traces").

Buildings go back to the box after each episode (the rules text starts every
episode by placing the tiles next to the board); what stays, per player, is:
- the board itself, as the chapters changed it (chapters.py) and as that player's
  own play marked it (rocks cleared, trees felled, ruins: the after-episode
  effects act on each player's own buildings);
- the stickers earned (personal scoring rules, chosen in finishing order: the
  winner of an episode chooses first);
- the progress circles and the history of every episode.

Continuity: a carry names its campaign and its episode and holds a digest of its
content; the next episode accepts only the carry of the episode just before it in
the same campaign, unaltered (options.validate_carry_entry).

The engine stays pure: outcome() returns each seat's carry, the site stores it and
hands it to the next episode's setup through options["carry"].
"""

from __future__ import annotations

import hashlib
import json

from games.my_city.engine.board import CAMPAIGN_TERRAIN, ROCKS, RUINS, TREES
from games.my_city.engine.chapter_rules import apply_board_change, board_changes_up_to
from games.my_city.engine.scoring import base_counts, criterion_count


def carry_digest(carry: dict) -> str:
    """A digest of everything in a carry but the digest itself."""
    body = {k: v for k, v in carry.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def terrain_for_episode(chapters: list, episode: int, carry: dict | None) -> tuple:
    """(board rows, applied change ids) at the start of an episode: the carried
    board (or a fresh one) with every board change of the chapters and episodes so
    far that it has not had yet. A fresh board in episode N thus looks as a
    campaign board would if no after-episode effect had touched it."""
    rows = list(carry["terrain"]) if carry else list(CAMPAIGN_TERRAIN)
    applied = list(carry["applied"]) if carry else []
    for change_id, rule in board_changes_up_to(chapters, episode):
        if change_id not in applied:
            rows = apply_board_change(rows, rule)
            applied.append(change_id)
    return rows, applied


def after_episode(rules: list, terrain: list, placed: list) -> list:
    """The board once the after-episode effects in force are made."""
    grid = [list(row) for row in terrain]
    effects = [rule["effect"] for rule in rules if rule["kind"] == "after_episode"]
    for effect in effects:
        if effect == "keep_first_building":
            if placed:
                for r, c in placed[0]["cells"]:
                    grid[r][c] = RUINS
            continue
        gone = TREES if effect == "fell_covered_trees" else ROCKS
        for entry in placed:
            for r, c in entry["cells"]:
                if grid[r][c] in gone:
                    grid[r][c] = "."
    return ["".join(row) for row in grid]


def sticker_value(sticker: dict, player: dict) -> int:
    """What a sticker would have scored on the player's board this episode."""
    terrain, placed = player["terrain"], player["placed"]
    counts = base_counts(terrain, placed)
    return sticker["points"] * criterion_count(sticker, terrain, placed, counts)


def sticker_picks(state: dict, ranks: list) -> dict:
    """seat -> (sticker, choice number): in finishing order (ties by seat), each
    player takes the sticker of the offers in force that would have scored most on
    their own board this episode, among those still on offer and not already
    theirs; each sticker of an offer goes to one player per episode."""
    offer = [s for r in state["rules"] if r["kind"] == "stickers" for s in r["offer"]]
    if not offer or state["mode"] == "eternal":
        return {}
    left = list(offer)
    picks = {}
    order = sorted(range(len(ranks)), key=lambda seat: (ranks[seat], seat))
    for choice, seat in enumerate(order, start=1):
        player = state["players"][seat]
        owned = player.get("stickers", [])
        candidates = [s for s in left if s not in owned]
        if not candidates:
            continue
        best = max(candidates, key=lambda s: sticker_value(s, player))
        left.remove(best)
        picks[seat] = {"sticker": best, "choice": choice}
    return picks


def carry_after_episode(
    state: dict, seat: int, score: int, rank: int, won: int, pick: dict | None
):
    """The carry of one seat once its episode is over; None in the Eternal game."""
    if state["mode"] == "eternal":
        return None
    player = state["players"][seat]
    stickers = list(player.get("stickers", []))
    if pick:
        stickers.append(pick["sticker"])
    entry = {
        "episode": state["episode"],
        "score": score,
        "rank": rank,
        "circles": won,
        "races": sum(player.get("races", {}).values()),
    }
    if pick:
        entry["sticker"] = pick
    carry = {
        "campaign": state.get("campaign"),
        "episode": state["episode"],
        "terrain": after_episode(state["rules"], player["terrain"], player["placed"]),
        "circles": player["circles"] + won,
        "applied": list(player["applied"]),
        "stickers": stickers,
        "history": [*player["history"], entry],
    }
    carry["digest"] = carry_digest(carry)
    return carry
