"""What a board keeps from one episode to the next (rules text: "Gardez votre
plateau pendant toute la campagne"; "vos plateaux gardent les traces").

Buildings go back to the box after each episode (the rules text starts every
episode by placing the tiles next to the board); what stays is the board itself, as
the chapters changed it (chapters.py), and the progress circles. The engine stays
pure: outcome() returns each seat's carry, the site stores it and hands it to the
next episode's setup through options["carry"].
"""

from __future__ import annotations

from .board import CAMPAIGN_TERRAIN, ROCKS, RUINS, TREES
from .chapters import apply_board_change, board_changes_up_to, chapter_of


def terrain_for_episode(chapters: list, episode: int, carry: dict | None) -> tuple:
    """(board rows, applied change ids) at the start of an episode: the carried
    board (or a fresh one) with every board change of the chapters so far that it
    has not had yet. A fresh board in episode N thus looks as a campaign board
    would if no after-episode effect had touched it."""
    rows = list(carry["terrain"]) if carry else list(CAMPAIGN_TERRAIN)
    applied = list(carry["applied"]) if carry else []
    for change_id, rule in board_changes_up_to(chapters, chapter_of(episode)):
        if change_id not in applied:
            rows = apply_board_change(rows, rule)
            applied.append(change_id)
    return rows, applied


def after_episode(rules: list, terrain: list, placed: list) -> list:
    """The board once the chapter's after-episode effects are made."""
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


def carry_after_episode(state: dict, seat: int, score: int, rank: int, won: int):
    """The carry of one seat once its episode is over; None in the Eternal game."""
    if state["mode"] == "eternal":
        return None
    player = state["players"][seat]
    return {
        "episode": state["episode"],
        "terrain": after_episode(state["rules"], player["terrain"], player["placed"]),
        "circles": player["circles"] + won,
        "applied": list(player["applied"]),
        "history": [
            *player["history"],
            {"episode": state["episode"], "score": score, "rank": rank, "circles": won},
        ],
    }
