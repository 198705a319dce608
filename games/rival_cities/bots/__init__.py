"""The Rival Cities computer players (games/bots/levels.py plays them).

`PLAYERS` names what each level plays: easy's simple heuristic (`easy.py`),
normal's better one, hard's paired playouts (`playout.py`) within the budget the
ladder measured it at (docs/bots.md), the view the search reads, the players'
names (translated when shown) and how many seats the ladder plays.
"""

from __future__ import annotations

from games.bots.levels import Budget, ComputerPlayers, Paired
from games.engines.base import gettext_noop
from games.rival_cities.bots import easy, playout, routes, view

PLAYERS = ComputerPlayers(
    easy=easy.score_move,
    normal=routes.mixed_score_move,
    paired=Paired(
        playout=playout.playout_move,
        value=playout.result,
        searched=playout.searched,
    ),
    budget=Budget(iterations=6, seconds=1.5),
    lean_view=view.lean_view,
    names={
        "easy": (
            gettext_noop("Dock Clerk"),
            gettext_noop("Young Brewer"),
            gettext_noop("First Mate"),
        ),
        "normal": (
            gettext_noop("Harbour Master"),
            gettext_noop("Cloth Merchant"),
            gettext_noop("City Councillor"),
        ),
        "hard": (
            gettext_noop("Hanseatic Magnate"),
            gettext_noop("Senate Lawyer"),
            gettext_noop("Mayor of the Port"),
        ),
    },
    ladder_players=2,
)
