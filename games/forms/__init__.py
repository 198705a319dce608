"""Table creation: the choices of every table (`table.TableForm`), plus each
game's own options, one module per game."""

from .citadels import CitadelsForm
from .lost_cities import LostCitiesForm
from .my_city import MyCityForm
from .rival_cities import RivalCitiesForm
from .table import TIME_CHOICES, TableForm

__all__ = [
    "TIME_CHOICES",
    "CitadelsForm",
    "LostCitiesForm",
    "MyCityForm",
    "RivalCitiesForm",
    "TableForm",
]
