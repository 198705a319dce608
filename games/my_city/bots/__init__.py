"""The My City computer players (games/bots/levels.py plays them).

`PLAYERS` names what each level plays: easy's simple heuristic (`easy.py`),
normal's better one, hard's paired playouts (`playout.py`) within the budget the
ladder measured it at (docs/bots.md), the view the search reads, the players'
names (translated when shown) and how many seats the ladder plays.
"""

from __future__ import annotations

from games.bots.levels import Budget, ComputerPlayers, Paired
from games.engines.base import gettext_noop
from games.my_city.bots import easy, normal, playout

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
)
