"""Lost Cities (Les Cités perdues): a two-player card duel. See README.md."""

from games.lost_cities.engine.rules import LostCities

ENGINE = LostCities()
