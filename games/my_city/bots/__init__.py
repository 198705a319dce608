"""The My City computer players (games/bots/levels.py plays them).

`PLAYERS` names what each level plays: easy's simple heuristic (`easy.py`),
normal's better one, hard's paired playouts (`playout.py`) within the budget the
ladder measured it at (docs/bots.md), the view the search reads, the players'
names (translated when shown) and how many seats the ladder plays.
`candidates` keeps every level, the easy player's random move included, from
stopping while a placement still gains points.
"""

from __future__ import annotations

from games.bots.levels import Budget, ComputerPlayers, Paired
from games.engines.base import gettext_noop
from games.my_city.bots import easy, normal, playout


def candidates(state: dict, seat: int, legal: list) -> list:
    """The legal moves a computer player considers: all of them, except the
    stop while a legal placement adds points (stopping adds none and gives up
    every card still to come)."""
    stop = [m for m in legal if m["type"] == "stop"]
    places = [m for m in legal if m["type"] == "place"]
    if not stop or not places:
        return legal
    view = easy.lean_view(state, seat)
    if any(normal.placement_gain(view, seat, m) > 0 for m in places):
        return [m for m in legal if m["type"] != "stop"]
    return legal


PLAYERS = ComputerPlayers(
    easy=easy.score_move,
    normal=normal.score_move,
    paired=Paired(
        playout=playout.playout_move,
        value=playout.solo_value,
        width=playout.WIDTH,
        searched=playout.searched,
    ),
    budget=Budget(iterations=30, seconds=1.5),
    lean_view=easy.lean_view,
    names={
        "easy": (
            gettext_noop("Weekend Gardener"),
            gettext_noop("First Settler"),
            gettext_noop("Village Carpenter"),
        ),
        "normal": (
            gettext_noop("Town Planner"),
            gettext_noop("Master Builder"),
            gettext_noop("Land Surveyor"),
        ),
        "hard": (
            gettext_noop("City Founder"),
            gettext_noop("Chief Engineer"),
            gettext_noop("Mayor of the Valley"),
        ),
    },
    ladder_players=4,
    candidates=candidates,
)
