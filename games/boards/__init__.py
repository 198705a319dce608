"""Each game's board layout: the engine's view and the viewer's legal moves
arranged for the board template (plain functions; the template tags register
them)."""
