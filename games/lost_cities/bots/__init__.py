"""The Lost Cities computer players (games/bots/levels.py plays them).

`PLAYERS` names what each level plays: easy's simple heuristic (`easy.py`),
normal's better one, hard's paired playouts (`playout.py`) within the budget the
ladder measured it at (docs/bots.md), the view the search reads, the players'
names (translated when shown) and how many seats the ladder plays.
"""

from __future__ import annotations

from games.bots.levels import Budget, ComputerPlayers, Paired
from games.engines.base import gettext_noop
from games.lost_cities.bots import easy, normal, playout

PLAYERS = ComputerPlayers(
    easy=easy.score_move,
    normal=normal.score_move,
    paired=Paired(
        playout=playout.playout_move,
        value=playout.round_margin,
        searched=playout.searched,
    ),
    budget=Budget(iterations=30, seconds=1.5),
    lean_view=None,
    names={
        "easy": (
            gettext_noop("Novice Explorer"),
            gettext_noop("Eager Cartographer"),
            gettext_noop("Lost Tourist"),
        ),
        "normal": (
            gettext_noop("Seasoned Explorer"),
            gettext_noop("Desert Guide"),
            gettext_noop("Field Archaeologist"),
        ),
        "hard": (
            gettext_noop("Legendary Explorer"),
            gettext_noop("Expedition Leader"),
            gettext_noop("Professor of Ruins"),
        ),
    },
    ladder_players=2,
)
