"""My City played as a campaign (the spec's `campaign`): 24 episodes in 8
chapters of 3, each player's board carried from one episode to the next, the
progress circles adding up (campaigns/ runs the players and the episodes).

What is My City's: the episodes' options (the carries, the chapters), what a
closed episode keeps of each seat (circles won, races, the sticker, the board
as it ended), the chapters a reader may read (nothing of a chapter not reached:
like the box's sealed envelopes), and the game's part of the campaign page
(templates/games/my-city/campaign.html) and of its emails.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.my_city.engine.board import CAMPAIGN_TERRAIN
from games.my_city.engine.chapter_rules import (
    chapter_of,
    episode_rules,
    rule_text,
    sticker_text,
    validate_chapters,
)
from games.my_city.engine.chapters import CHAPTERS, EPISODES, EPISODES_PER_CHAPTER
from games.registry import CampaignSpec

# A chapter not reached yet, in chapters given out (a game record's options):
# still one of the 8, in the vocabulary, with nothing of its own.
SEALED_CHAPTER = {"name": "sealed", "rules": []}


def chapters_known(chapters: list, episode: int) -> list:
    """The 8 chapters as a player who has reached `episode` may read them, the
    rule of every page (like the box's sealed envelopes): the chapters up to
    the one `episode` belongs to, with the own rules of its episodes up to
    `episode`; every later chapter sealed (SEALED_CHAPTER), every later
    episode's own rules empty. What the engine reads to play `episode` is all
    there (the chapters' rules in force and board changes so far), so a record
    with these chapters replays the same."""
    reached = chapter_of(episode)
    out = []
    for number, entry in enumerate(chapters, start=1):
        if number > reached:
            out.append(dict(SEALED_CHAPTER, rules=[]))
            continue
        entry = dict(entry)
        if entry.get("episodes"):
            first = (number - 1) * EPISODES_PER_CHAPTER + 1
            entry["episodes"] = [
                list(rules) if first + i <= episode else []
                for i, rules in enumerate(entry["episodes"])
            ]
        out.append(entry)
    return out


def ended_board(result: dict) -> dict:
    """A board as an episode ended (`episode_result` kept it): the terrain and
    the buildings, in the shape of a view's player entry."""
    grid = [[None] * len(result["terrain"][0]) for _row in result["terrain"]]
    for entry in result["placed"]:
        for r, c in entry["cells"]:
            grid[r][c] = entry["building"]
    return {"terrain": result["terrain"], "cells": grid, "placed": result["placed"]}


class MyCityCampaign(CampaignSpec):
    episodes = EPISODES
    texts = {
        "title": gettext_noop("My City campaigns"),
        "intro": gettext_noop(
            "A campaign is 24 episodes of My City for the same 2 to 4 players: "
            "each board keeps what the earlier episodes left on it, and the "
            "progress circles add up."
        ),
        "new_title": gettext_noop("Start a My City campaign"),
        "new_intro": gettext_noop(
            "24 episodes in 8 chapters of 3. You take the first place; invite "
            "friends who have an account, share the join link, or fill places "
            "with computer players."
        ),
        "chapters_help": gettext_noop(
            "Leave empty to play our original campaign. A group who owns the box "
            "can enter its own 8 chapters: the format is on the My City rules "
            "page (linked under this form)."
        ),
        "chapters_link": gettext_noop(
            "The format of your own chapters, on the My City rules page"
        ),
    }
    page_template = "games/my-city/campaign.html"
    email_templates = "games/my-city/campaign_email"
    # The rules' "arrêter votre épisode": no penalty, nothing more built.
    stop_move = {"type": "stop"}

    def validate_chapters(self, chapters: list) -> list:
        return validate_chapters(chapters)

    def episode_options(self, number: int, carry: list, chapters) -> dict:
        return {
            "episode": number,
            "carry": carry if any(carry) else None,
            "chapters": chapters,
        }

    def points(self, carry: dict) -> int:
        return carry["circles"]

    def episode_result(self, row: dict, state: dict) -> dict:
        seat = state["players"][row["seat"]]
        return {
            "circles_won": row["detail"].get("circles_won", 0),
            "races": sum(row["detail"].get("races", {}).values()),
            "sticker": row["detail"].get("sticker_earned"),
            # The board as the episode ended (for the board history): the
            # terrain it was played on and the buildings that stood on it.
            "terrain": seat["terrain"],
            "placed": [
                {"building": e["building"], "cells": e["cells"]} for e in seat["placed"]
            ],
        }

    def episode_rules(self, number: int, chapters) -> dict:
        return episode_rules(number, chapters)

    def page_context(
        self, *, campaign, players, episodes, current, next_number, live_view
    ) -> dict:
        """Chapter progress, standings with the stickers, each board as it
        stands, the next episode's rules, the story so far and each board as
        every closed episode ended. Boards of a running episode come from the
        engine's view for this reader, so no pending choice of another player
        is shown."""
        chapters = campaign.chapters or CHAPTERS
        closed = [e for e in episodes if e.closed_at is not None]
        last_closed = closed[-1].number if closed else 0
        # Like the box's sealed envelopes, a chapter's name shows once reached.
        reached = (min(next_number, EPISODES) - 1) // EPISODES_PER_CHAPTER + 1
        progress = []
        for index, chapter in enumerate(chapters):
            numbers = range(
                index * EPISODES_PER_CHAPTER + 1,
                (index + 1) * EPISODES_PER_CHAPTER + 1,
            )
            progress.append(
                {
                    "number": index + 1,
                    "name": chapter["name"] if index < reached else "",
                    "episodes": [
                        {
                            "number": n,
                            "done": n <= last_closed,
                            "now": current is not None and n == current.number,
                        }
                        for n in numbers
                    ],
                }
            )
        boards = []
        for player in players:
            if live_view is not None:
                entry = live_view["players"][player.position]
            else:
                terrain = (player.carry or {}).get("terrain") or list(CAMPAIGN_TERRAIN)
                entry = {"terrain": terrain, "cells": None, "placed": []}
            boards.append({"player": player, "terrain": entry})
        standings = [
            {
                "player": p,
                "stickers": [
                    sticker_text(s) for s in (p.carry or {}).get("stickers", [])
                ],
            }
            for p in sorted(players, key=lambda p: (-p.circles, p.position))
        ]
        # Each chapter reached: its story and rules (the sealed ones stay sealed).
        chapter_texts = [
            episode_rules(index * EPISODES_PER_CHAPTER + 1, campaign.chapters)
            for index in range(min(reached, len(chapters)))
        ]
        for index, info in enumerate(chapter_texts):
            info["episodes"] = [
                {
                    "number": n,
                    "texts": episode_rules(n, campaign.chapters)["episode"],
                }
                for n in range(
                    index * EPISODES_PER_CHAPTER + 1,
                    (index + 1) * EPISODES_PER_CHAPTER + 1,
                )
                if n <= next_number
            ]
        # Each player's board as every closed episode ended, oldest first.
        board_history = [
            {
                "player": p,
                "episodes": [
                    {"number": e.number, "result": r, "board": ended_board(r)}
                    for e in closed
                    for r in (e.results or [])
                    if r["seat"] == p.position and "terrain" in r
                ],
            }
            for p in players
        ]
        return {
            "progress": progress,
            "boards": boards,
            "standings": standings,
            "chapter_texts": list(reversed(chapter_texts)),
            "board_history": board_history,
            "next_rules": episode_rules(next_number, campaign.chapters)
            if next_number <= EPISODES
            else None,
        }

    def record_options(self, options: dict) -> dict:
        """A game with chapters of the players' own holds them only as far as
        its episode has reached (`chapters_known`), the rest sealed."""
        if not options.get("chapters"):
            return options
        episode = options.get("episode") or 1
        return {**options, "chapters": chapters_known(options["chapters"], episode)}

    def rules_reached(self, reached: list) -> list:
        """The campaign chapters the reader may read on the rules page: for each
        campaign they play, the chapters up to the one its latest opened
        episode belongs to, and each reached episode's own rules; nothing later
        (no spoilers). The campaigns of the original chapters are read as one
        (the furthest of them); each campaign with chapters of its own comes
        apart, under its name. [{"campaign": name or "", "episode": the
        furthest episode, "chapters": [{"number", "name", "story", "rules",
        "episodes": [{"number", "rules"}]}]}]"""
        original = 0
        out = []
        for name, chapters, episode in reached:
            if chapters is None:
                original = max(original, episode)
            else:
                out.append((name, chapters, episode))
        if original:
            out.insert(0, ("", CHAPTERS, original))
        result = []
        for name, chapters, episode in out:
            shown = []
            known = chapters_known(chapters, episode)
            for number, entry in enumerate(known[: chapter_of(episode)], start=1):
                first = (number - 1) * EPISODES_PER_CHAPTER + 1
                own = entry.get("episodes") or []
                episodes = [
                    {"number": first + i, "rules": [rule_text(r) for r in rules]}
                    for i, rules in enumerate(own)
                    if rules
                ]
                story = entry.get("story") or ""
                shown.append(
                    {
                        "number": number,
                        "name": _(entry["name"]),
                        "story": _(story) if story else "",
                        "rules": [rule_text(r) for r in entry["rules"]],
                        "episodes": episodes,
                    }
                )
            result.append({"campaign": name, "episode": episode, "chapters": shown})
        return result


CAMPAIGN = MyCityCampaign()
