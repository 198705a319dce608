"""Table options: defaults and validation.

options = {
    "edition": "classic" | "2016",
    "character_set": "base" | "random" | "chosen",
    "characters": [key per rank, 1..8 or 1..9] (required when "chosen"; filled
                  for "base"; None for "random", drawn at set-up),
    "nine_characters": bool (use a rank-9 character),
    "unique_districts": classic: "base" | "random" | [11 keys, base or Dark
                        City]; 2016: "first-game" | "random" | [14 keys],
    "short_game": None | 6 | 7 (districts that complete a city),
}
"""

from __future__ import annotations

from games.citadels.engine import characters as ch
from games.citadels.engine import districts as ds
from games.engines.base import InvalidOptions

KEYS = {
    "edition",
    "character_set",
    "characters",
    "nine_characters",
    "unique_districts",
    "short_game",
}


def nine_required(edition: str, num_players: int) -> bool:
    """DATA.md 2f: a rank-9 character is needed with 8 players (both editions:
    9 cards for 8 players and a face-down discard) and with 3 players in 2016."""
    return num_players == 8 or (edition == "2016" and num_players == 3)


def default_options(num_players: int) -> dict:
    return validate_options(num_players, {})


def validate_options(num_players: int, options: dict) -> dict:
    if not isinstance(options, dict):
        raise InvalidOptions("Options must be a JSON object.")
    unknown = set(options) - KEYS
    if unknown:
        raise InvalidOptions(f"Unknown option: {sorted(unknown)[0]}.")
    if not 2 <= num_players <= 8:
        raise InvalidOptions("Citadels is played by 2 to 8 players.")
    edition = options.get("edition", "classic")
    if edition not in ("classic", "2016"):
        raise InvalidOptions('The edition is "classic" or "2016".')
    out = {"edition": edition}
    out.update(_characters(num_players, edition, options))
    out["unique_districts"] = _uniques(edition, options.get("unique_districts"))
    short = options.get("short_game")
    if short not in (None, 6, 7):
        raise InvalidOptions("A short game ends at 6 or 7 districts.")
    out["short_game"] = short
    return out


def _characters(num_players: int, edition: str, options: dict) -> dict:
    mode = options.get("character_set", "base")
    if mode not in ("base", "random", "chosen"):
        raise InvalidOptions('The character set is "base", "random" or "chosen".')
    table = ch.available(edition, num_players)
    required = nine_required(edition, num_players)
    if mode == "chosen":
        keys = options.get("characters")
        if not isinstance(keys, list) or len(keys) not in (8, 9):
            raise InvalidOptions("Choose one character for each rank, 1 to 8 or 9.")
        for index, key in enumerate(keys, start=1):
            if key not in table.get(index, []):
                raise InvalidOptions(
                    f"Rank {index} cannot be {key!r} here; choose one of "
                    f"{', '.join(table.get(index, []))}."
                )
        nine = len(keys) == 9
    else:
        nine = options.get("nine_characters", required)
        if not isinstance(nine, bool):
            raise InvalidOptions("nine_characters is true or false.")
        keys = None
        if mode == "base":
            keys = list(ch.BASE)
            if nine:
                # Chosen here: the Queen when she is allowed, else the Artist.
                keys.append("queen" if "queen" in table.get(9, []) else "artist")
    if required and not nine:
        raise InvalidOptions(
            "With this many players a rank-9 character is needed (9 characters)."
        )
    if nine and num_players == 2:
        raise InvalidOptions("Two players play with the 8 characters of ranks 1 to 8.")
    if nine and not table.get(9):
        raise InvalidOptions("No rank-9 character can be used with this table.")
    return {"character_set": mode, "characters": keys, "nine_characters": nine}


def _uniques(edition: str, choice):
    if edition == "classic":
        if choice in (None, "base", "random"):
            return choice or "base"
        pool = set(ds.CLASSIC_UNIQUES) | set(ds.CLASSIC_DARK_CITY)
        if (
            not isinstance(choice, list)
            or len(choice) != ds.CLASSIC_KINDS_PER_GAME
            or len(set(choice)) != len(choice)
            or not set(choice) <= pool
        ):
            raise InvalidOptions(
                'Classic purple districts: "base", "random" or a list of 11 '
                "different base or Dark City purple districts."
            )
        return list(choice)
    if choice is None:
        return "first-game"
    if choice in ("first-game", "random"):
        return choice
    if (
        not isinstance(choice, list)
        or len(choice) != ds.UNIQUES_PER_GAME_2016
        or len(set(choice)) != len(choice)
    ):
        raise InvalidOptions("Choose 14 different unique districts.")
    for key in choice:
        if key not in ds.UNIQUES_2016:
            raise InvalidOptions(f"{key!r} is not a unique district of the 2016 game.")
    return list(choice)


def complete_size(options: dict, num_players: int) -> int:
    """Districts that complete a city: classic 8; 2016 7 (4-8 players) or 8
    (2-3 players) per DATA.md 2f; the short game sets 6 or 7."""
    if options["short_game"]:
        return options["short_game"]
    if options["edition"] == "classic" or num_players <= 3:
        return 8
    return 7
