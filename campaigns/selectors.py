"""Reads of the campaigns: the list of one's campaigns, the campaign page."""

from __future__ import annotations

from allauth.account.models import EmailAddress
from django.db.models import Max, Prefetch
from django.utils.translation import gettext as _

from games import engines
from games.models import Game
from games.my_city.engine.board import CAMPAIGN_TERRAIN
from games.my_city.engine.chapter_rules import (
    chapter_of,
    episode_rules,
    rule_text,
    sticker_text,
)
from games.my_city.engine.chapters import CHAPTERS, EPISODES, EPISODES_PER_CHAPTER

from .models import Campaign, CampaignInvitation, CampaignPlayer, Episode


def campaigns_of(*, user):
    return (
        Campaign.objects.filter(players__user=user)
        .prefetch_related(
            Prefetch("players", queryset=CampaignPlayer.objects.select_related("user"))
        )
        .order_by("-created_at")
    )


def campaign_for_page(*, campaign_id: int) -> Campaign | None:
    return (
        Campaign.objects.filter(pk=campaign_id)
        .prefetch_related(
            Prefetch("players", queryset=CampaignPlayer.objects.select_related("user")),
            Prefetch("episodes", queryset=Episode.objects.select_related("game")),
        )
        .first()
    )


def campaign_by_token(*, token: str) -> Campaign | None:
    return Campaign.objects.filter(invite_token=token).first()


def player_of(campaign: Campaign, user) -> CampaignPlayer | None:
    if not user.is_authenticated:
        return None
    return next((p for p in campaign.players.all() if p.user_id == user.pk), None)


def confirmed_addresses(user) -> list[str]:
    """The user's confirmed email addresses, lower-cased: an invitation is theirs
    when it is sent to one of them."""
    if not user.is_authenticated:
        return []
    return [
        address.lower()
        for address in EmailAddress.objects.filter(
            user=user, verified=True
        ).values_list("email", flat=True)
    ]


def can_see(
    campaign: Campaign, user, *, token: str | None = None, invited: bool = False
) -> bool:
    """Its players, staff, anyone with the join link, and whoever is invited."""
    if token and token == campaign.invite_token:
        return True
    if user.is_authenticated and user.is_staff:
        return True
    return invited or player_of(campaign, user) is not None


def invitations_for(*, user) -> list[CampaignInvitation]:
    """The campaign invitations waiting for the user's answer (sent to one of their
    confirmed addresses), oldest first, with their campaigns and players."""
    addresses = confirmed_addresses(user)
    if not addresses:
        return []
    return list(
        CampaignInvitation.objects.filter(
            email__in=addresses, campaign__status=Campaign.Status.OPEN
        )
        .select_related("campaign", "invited_by")
        .prefetch_related(
            Prefetch(
                "campaign__players",
                queryset=CampaignPlayer.objects.select_related("user"),
            )
        )
    )


def invitation_to(campaign: Campaign, user) -> CampaignInvitation | None:
    """The user's invitation to this campaign, if one waits for their answer:
    looked up only for a person who is not a player of an open campaign."""
    if campaign.status != Campaign.Status.OPEN or not user.is_authenticated:
        return None
    if player_of(campaign, user) is not None:
        return None
    return (
        campaign.invitations.filter(email__in=confirmed_addresses(user))
        .select_related("invited_by")
        .first()
    )


def invitations_sent(campaign: Campaign, user) -> list[str]:
    """The addresses still invited, for the person who invited them: the same
    list whether or not each address has an account."""
    if campaign.status != Campaign.Status.OPEN or not user.is_authenticated:
        return []
    if campaign.created_by_id != user.pk:
        return []
    return list(campaign.invitations.values_list("email", flat=True))


def campaign_context(*, campaign: Campaign, user) -> dict:
    """Chapter progress, standings, each board as it stands, the next episode's
    rules and the history. Boards of a running episode come from the engine's view
    for this viewer, so no pending choice of another player is shown."""
    players = list(campaign.players.all())
    episodes = list(campaign.episodes.all())
    me = player_of(campaign, user)
    chapters = campaign.chapters or CHAPTERS
    current = next((e for e in episodes if e.closed_at is None), None)
    closed = [e for e in episodes if e.closed_at is not None]
    last_closed = closed[-1].number if closed else 0
    next_number = current.number if current else last_closed + 1
    # Like the box's sealed envelopes, a chapter's name shows once it is reached.
    reached = (min(next_number, EPISODES) - 1) // EPISODES_PER_CHAPTER + 1
    progress = []
    for index, chapter in enumerate(chapters):
        numbers = range(
            index * EPISODES_PER_CHAPTER + 1, (index + 1) * EPISODES_PER_CHAPTER + 1
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
    live_view = None
    if current is not None and current.game.state is not None:
        engine = engines.get(current.game.engine)
        position = me.position if me else None
        live_view = engine.view(current.game.state, position)
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
            "stickers": [sticker_text(s) for s in (p.carry or {}).get("stickers", [])],
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
                {"number": e.number, "result": r, "board": _ended_board(r)}
                for e in closed
                for r in (e.results or [])
                if r["seat"] == p.position and "terrain" in r
            ],
        }
        for p in players
    ]
    history = []
    for episode in episodes:
        results = {r["seat"]: r for r in episode.results or []}
        history.append(
            {
                "episode": episode,
                # Counted as played (episodes.episode_close); results mark forfeits.
                "abandoned": episode.game.status == Game.Status.ABANDONED,
                "rows": [
                    {"player": p, "result": results.get(p.position)} for p in players
                ],
            }
        )
    return {
        "campaign": campaign,
        "players": players,
        "me": me,
        "progress": progress,
        "current": current,
        "live_view": live_view,
        "boards": boards,
        "standings": standings,
        "chapter_texts": list(reversed(chapter_texts)),
        "board_history": board_history,
        "history": list(reversed(history)),
        "any_abandoned": any(h["abandoned"] for h in history),
        "current_abandoned": current is not None
        and current.game.status == Game.Status.ABANDONED,
        "next_number": next_number if next_number <= EPISODES else None,
        "next_rules": episode_rules(next_number, campaign.chapters)
        if next_number <= EPISODES
        else None,
        "winners": _winners([row["player"] for row in standings])
        if campaign.status == "finished"
        else [],
    }


def _ended_board(result: dict) -> dict:
    """A board as an episode ended (episodes.episode_close stored it): the
    terrain and the buildings, in the shape of a view's player entry."""
    grid = [[None] * len(result["terrain"][0]) for _row in result["terrain"]]
    for entry in result["placed"]:
        for r, c in entry["cells"]:
            grid[r][c] = entry["building"]
    return {"terrain": result["terrain"], "cells": grid, "placed": result["placed"]}


def _winners(standings: list) -> list:
    if not standings:
        return []
    best = standings[0].circles
    return [p for p in standings if p.circles == best]


# A chapter not reached yet, in chapters given out (a game record's options):
# still one of the 8, in the vocabulary, with nothing of its own.
SEALED_CHAPTER = {"name": "sealed", "rules": []}


def chapters_known(chapters: list, episode: int) -> list:
    """The 8 chapters as a player who has reached `episode` may read them, the
    rule of every page (like the box's sealed envelopes): the chapters up to
    the one `episode` belongs to, with the own rules of its episodes up to
    `episode`; every later chapter sealed (SEALED_CHAPTER), every later
    episode's own rules empty. What the engine reads to play `episode` is all
    there (chapter_rules.rules_in_force, board_changes_up_to), so a record
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


def record_options(game: Game) -> dict:
    """A game's options as its record gives them out (history.records): a My
    City game with chapters of the players' own holds them only as far as its
    episode has reached (`chapters_known`), the rest sealed."""
    options = game.options
    if game.engine != "my-city" or not options.get("chapters"):
        return options
    episode = options.get("episode") or 1
    return {**options, "chapters": chapters_known(options["chapters"], episode)}


def chapters_reached(*, user) -> list[dict]:
    """The campaign chapters the user may read on the My City rules page: for
    each campaign they play, the chapters up to the one its latest opened
    episode belongs to, and each reached episode's own rules; nothing later
    (no spoilers). The user's campaigns of the original chapters are read as
    one (the furthest of them); each campaign with chapters of its own comes
    apart, under its name. [{"campaign": name or "", "episode": the furthest
    episode, "chapters": [{"number", "name", "story", "rules", "episodes":
    [{"number", "rules"}]}]}]"""
    rows = (
        Campaign.objects.filter(players__user=user)
        .annotate(reached=Max("episodes__number"))
        .filter(reached__isnull=False)
        .order_by("pk")
    )
    original = 0
    out = []
    for campaign in rows:
        if campaign.chapters is None:
            original = max(original, campaign.reached)
        else:
            out.append((str(campaign), campaign.chapters, campaign.reached))
    if original:
        out.insert(0, ("", CHAPTERS, original))
    result = []
    for name, chapters, reached in out:
        shown = []
        known = chapters_known(chapters, reached)
        for number, entry in enumerate(known[: chapter_of(reached)], start=1):
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
        result.append({"campaign": name, "episode": reached, "chapters": shown})
    return result
