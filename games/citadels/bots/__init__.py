"""The Citadels computer players (games/bots/levels.py plays them).

`PLAYERS` names what each level plays: easy's simple heuristic (`easy.py`),
normal's better one, hard's paired playouts (`playout.py`) within the budget the
ladder measured it at (docs/bots.md), the view the search reads, the players'
names (translated when shown) and how many seats the ladder plays.
"""

from __future__ import annotations

from games.bots.levels import Budget, ComputerPlayers, Paired
from games.citadels.bots import easy, normal, playout
from games.engines.base import gettext_noop

PLAYERS = ComputerPlayers(
    easy=easy.score_move,
    normal=normal.score_move,
    paired=Paired(
        playout=playout.playout_move,
        value=playout.round_value,
        width=5,
        searched=playout.searched,
    ),
    budget=Budget(iterations=40, seconds=1.5),
    lean_view=easy.lean_view,
    names={
        "easy": (
            gettext_noop("Apprentice Mason"),
            gettext_noop("Village Herald"),
            gettext_noop("Young Squire"),
        ),
        "normal": (
            gettext_noop("Guild Master"),
            gettext_noop("Court Steward"),
            gettext_noop("Royal Builder"),
        ),
        "hard": (
            gettext_noop("Grand Architect"),
            gettext_noop("Spymaster"),
            gettext_noop("Old Chancellor"),
        ),
    },
    ladder_players=4,
)
