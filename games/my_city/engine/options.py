"""Table options and the campaign carry (docs/engines.md: "Campaign state").

Options (every key is always present once validated):

    mode      "single"   (default) one standalone episode: a fresh board with the
                         permanent changes of the chapters up to `episode`, and
                         that chapter's rules; episode 1 is the base game.
              "campaign" episode `episode` of a campaign; `carry` holds each
                         player's board as the previous episode left it.
              "eternal"  the Eternal game (DATA.md): the board's other side, 27
                         buildings and the blocking card; repeatable, nothing
                         carried; `episode`, `carry` and `chapters` must be null.
    episode   1..24 (default 1); null in the Eternal game.
    carry     null, or a list with one entry per seat: null (a fresh board) or the
              `carry` that seat got from outcome() of the previous episode.
              Only in "campaign".
    chapters  null (the original campaign of chapters.py) or 8 custom chapters in
              the same vocabulary (a group playing the chapters they own).
    campaign  null or a text naming the campaign (the site gives its id); every
              carry must name the same campaign.

A carry entry: {"campaign": the campaign's name or null, "episode": the episode
just played, "terrain": [10 row strings], "circles": progress circles so far,
"applied": [ids of the board changes already made], "stickers": [personal scoring
rules], "history": [{"episode", "score", "rank", "circles", "races", "sticker"?},
...], "digest": campaign.carry_digest of the rest}. Episode N accepts only carries
of episode N - 1 of the same campaign, unaltered.
"""

from __future__ import annotations

from games.engines.base import InvalidOptions
from games.my_city.engine.board import (
    ALL_CODES,
    CAMPAIGN_TERRAIN,
    COLS,
    FIXED_CODES,
    ROWS,
)
from games.my_city.engine.campaign import carry_digest
from games.my_city.engine.chapter_rules import check_sticker, validate_chapters
from games.my_city.engine.chapters import EPISODES

MODES = ("single", "campaign", "eternal")
OPTION_KEYS = ("mode", "episode", "carry", "chapters", "campaign")
CARRY_KEYS = {
    "campaign",
    "episode",
    "terrain",
    "circles",
    "applied",
    "stickers",
    "history",
    "digest",
}


def default_options(num_players: int) -> dict:
    return {
        "mode": "single",
        "episode": 1,
        "carry": None,
        "chapters": None,
        "campaign": None,
    }


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate_carry_entry(
    entry, seat: int, episode: int, campaign: str | None = None
) -> dict | None:
    """One seat's carry, checked; a readable InvalidOptions otherwise."""
    if entry is None:
        return None
    where = f"carry of seat {seat + 1}"
    if not isinstance(entry, dict) or set(entry) != CARRY_KEYS:
        raise InvalidOptions(f"{where}: expected the keys {sorted(CARRY_KEYS)}.")
    if entry["episode"] != episode - 1 or not _is_int(entry["episode"]):
        raise InvalidOptions(
            f"{where}: it comes from episode {entry['episode']!r}; "
            f"episode {episode} takes only the carry of episode {episode - 1}."
        )
    if entry["campaign"] != campaign:
        raise InvalidOptions(
            f"{where}: it belongs to campaign {entry['campaign']!r}, not to "
            f"{campaign!r}."
        )
    if entry["digest"] != carry_digest(entry):
        raise InvalidOptions(
            f"{where}: its digest does not match its content (changed since the "
            "episode that gave it)."
        )
    terrain = entry["terrain"]
    if (
        not isinstance(terrain, list)
        or len(terrain) != ROWS
        or not all(isinstance(row, str) and len(row) == COLS for row in terrain)
    ):
        raise InvalidOptions(
            f"{where}: the board must be {ROWS} rows of {COLS} spaces."
        )
    for r, row in enumerate(terrain):
        for c, code in enumerate(row):
            if code not in ALL_CODES:
                raise InvalidOptions(f"{where}: unknown space code {code!r}.")
            original = CAMPAIGN_TERRAIN[r][c]
            if (code in FIXED_CODES or original in FIXED_CODES) and code != original:
                raise InvalidOptions(f"{where}: mountains and forest never change.")
    if not _is_int(entry["circles"]) or entry["circles"] < 0:
        raise InvalidOptions(f"{where}: 'circles' must be a whole number >= 0.")
    if not isinstance(entry["applied"], list) or not all(
        isinstance(i, str) for i in entry["applied"]
    ):
        raise InvalidOptions(f"{where}: 'applied' must be a list of texts.")
    if not isinstance(entry["history"], list) or not all(
        isinstance(h, dict) for h in entry["history"]
    ):
        raise InvalidOptions(f"{where}: 'history' must be a list of objects.")
    if not isinstance(entry["stickers"], list):
        raise InvalidOptions(f"{where}: 'stickers' must be a list.")
    for i, sticker in enumerate(entry["stickers"]):
        check_sticker(sticker, f"{where}, sticker {i + 1}")
    return entry


def validate_options(num_players: int, options) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidOptions("Options must be a JSON object.")
    unknown = set(options) - set(OPTION_KEYS)
    if unknown:
        raise InvalidOptions(f"Unknown options: {sorted(unknown)}.")
    out = {**default_options(num_players), **options}
    if out["mode"] not in MODES:
        raise InvalidOptions(f"'mode' must be one of {list(MODES)}.")
    if out["mode"] == "eternal":
        if "episode" in options and options["episode"] is not None:
            raise InvalidOptions("The Eternal game has no episode number.")
        if any(out[k] is not None for k in ("carry", "chapters", "campaign")):
            raise InvalidOptions(
                "The Eternal game takes no carry, no chapters and no campaign."
            )
        return {**default_options(num_players), "mode": "eternal", "episode": None}
    episode = out["episode"]
    if not _is_int(episode) or not 1 <= episode <= EPISODES:
        raise InvalidOptions(f"'episode' must be a whole number from 1 to {EPISODES}.")
    if out["chapters"] is not None:
        out["chapters"] = validate_chapters(out["chapters"])
    campaign = out["campaign"]
    if campaign is not None and (
        not isinstance(campaign, str) or not 0 < len(campaign) <= 64
    ):
        raise InvalidOptions("'campaign' must be null or a text of 1 to 64 characters.")
    carry = out["carry"]
    if carry is not None:
        if out["mode"] != "campaign":
            raise InvalidOptions("A carry is only given in the campaign mode.")
        if not isinstance(carry, list) or len(carry) != num_players:
            raise InvalidOptions(
                f"'carry' must list one entry per seat ({num_players})."
            )
        out["carry"] = [
            validate_carry_entry(entry, seat, episode, campaign)
            for seat, entry in enumerate(carry)
        ]
    return out
