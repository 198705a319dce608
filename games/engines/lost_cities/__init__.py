"""Lost Cities (Les Cités perdues): a two-player card duel. See README.md."""

from .rules import LostCities

ENGINE = LostCities()
