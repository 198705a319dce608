"""Table creation: the choices of every table (`table.TableForm`); each game's
own options are its form, `games/<game>/forms.py`, named on its spec."""

from games.forms.table import TIME_CHOICES, TableForm

__all__ = ["TIME_CHOICES", "TableForm"]
