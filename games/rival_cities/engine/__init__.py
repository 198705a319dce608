"""Rival Cities (Les Cités rivales): the 2-player duel of Hamburg and Altona.

See README.md for the move vocabulary, the options and the state.
"""

from games.rival_cities.engine.engine import RivalCitiesEngine

ENGINE = RivalCitiesEngine()

__all__ = ["ENGINE", "RivalCitiesEngine"]
