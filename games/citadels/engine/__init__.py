"""Citadels (Bruno Faidutti): the classic and 2016 editions, 2 to 8 players.

See README.md for the moves, the options, the state and which module implements
which rule.
"""

from games.citadels.engine.engine import CitadelsEngine

ENGINE = CitadelsEngine()

__all__ = ["ENGINE", "CitadelsEngine"]
